/**
 * Uploads on the signer's page (src/pages/signing-steps.tsx): each image, stamp or file field's
 * Upload button posts the sign form to `{base}/files/{key}` (multipart), which works without a
 * script. With the script the same form (with this field's file only) goes up in place
 * (`Accept: application/json`), so the page stays as it is: the field's note says the file is held, or its error
 * says why it was refused.
 */
export function startFieldUploads(form: HTMLFormElement): void {
  if (typeof fetch !== "function" || typeof FormData !== "function") return;
  form.querySelectorAll<HTMLButtonElement>("button[data-upload]").forEach((button) => {
    const key = button.dataset.upload!;
    button.addEventListener("click", async (e) => {
      const input = document.getElementById(`f-${key}`) as HTMLInputElement | null;
      const file = input?.files?.[0];
      if (!input || !file) return; // nothing chosen: the form's own post says so
      e.preventDefault();
      // The form as it stands (its answers are saved first, so a condition on them holds), with this one file.
      const body = new FormData(form);
      for (const name of [...body.keys()]) if ((name.startsWith("file.") && name !== `file.${key}`) || name === "drawn_value") body.delete(name);
      button.disabled = true;
      try {
        const r = await fetch(button.formAction, { method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" } });
        const json = (await r.json()) as { held?: string; error?: { message?: string } };
        say(input, key, r.ok ? null : (json.error?.message ?? String(r.status)), json.held ?? null);
      } catch {
        // Offline or cut off: the form's own post, which says what happened on the page it returns.
        form.requestSubmit(button);
      } finally {
        button.disabled = false;
      }
    });
  });
}

/** Writes the outcome beside the field: the held note, or the error (tied to the input by aria-describedby). */
function say(input: HTMLInputElement, key: string, error: string | null, held: string | null): void {
  const note = (id: string, cls: string, text: string | null) => {
    let el = document.getElementById(id);
    if (!text) {
      el?.remove();
      return;
    }
    if (!el) {
      el = document.createElement("span");
      el.id = id;
      el.className = cls;
      input.closest(".upload")?.before(el);
    }
    el.textContent = text;
    el.setAttribute("role", cls === "error" ? "alert" : "status");
  };
  if (held) note(`f-${key}-held`, "hint", held);
  note(`f-${key}-error`, "error", error);
  const ids = ["hint", "kinds", "held", "onfile", "error"].map((n) => `f-${key}-${n}`).filter((id) => document.getElementById(id));
  input.setAttribute("aria-describedby", ids.join(" "));
  if (error) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}
