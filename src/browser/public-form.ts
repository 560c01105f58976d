/** The public form (src/pages/public-form.tsx): disables the button once the form is on its way, one start per click. */
import { byId } from "./dom";

const f = byId<HTMLFormElement>("start");
if (f)
  f.addEventListener("submit", () => {
    const b = f.querySelector<HTMLButtonElement>("button[type=submit]");
    if (b) {
      b.disabled = true;
      b.textContent = document.body.dataset.starting || b.textContent;
    }
  });
