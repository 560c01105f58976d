/**
 * The signer's page live (src/pages/signing.tsx): after a change to an answer that another field's
 * condition or formula reads (its box carries `data-live`), the form as it stands goes to
 * `{base}/state` (debounced, one request in flight, the latest wins) and the server's states are
 * applied: each field's box shown or hidden (a hidden box is disabled, so it is neither posted nor
 * checked by the browser), `required` set on its controls, formula values written into their
 * `<output>`. Conditions and formulas are evaluated only on the server (src/domain/field-logic.ts);
 * on any failure the page stays as it is and a submit re-renders it. Focus never moves.
 */

type State = { visible: boolean; required: boolean; value?: string };
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const WAIT_MS = 150;

export function startFieldLive(form: HTMLFormElement): void {
  const url = form.getAttribute("data-state");
  if (!url || typeof fetch !== "function") return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let busy = false;
  let stale = false;

  const changed = (e: Event) => {
    const box = e.target instanceof Element ? e.target.closest("[data-field]") : null;
    if (!box?.hasAttribute("data-live")) return;
    clearTimeout(timer);
    timer = setTimeout(ask, WAIT_MS);
  };
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);

  async function ask(): Promise<void> {
    if (busy) {
      stale = true; // the answer on its way is for an older form: asked again when it lands
      return;
    }
    busy = true;
    stale = false;
    try {
      const data = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === "string" && k !== "drawn_value") data.append(k, v);
      const r = await fetch(url!, { method: "POST", body: data, credentials: "same-origin", headers: { Accept: "application/json" } });
      const json = r.ok ? ((await r.json()) as { fields?: Record<string, State> }) : null;
      if (json?.fields && !stale) apply(json.fields);
    } catch {
      // Offline or refused: nothing changes; the page without its script still works on submit.
    } finally {
      busy = false;
      if (stale) void ask();
    }
  }

  function apply(states: Record<string, State>): void {
    const shown: string[] = [];
    const gone: string[] = [];
    form.querySelectorAll<HTMLFieldSetElement>("fieldset[data-field]").forEach((box) => {
      const s = states[box.dataset.field ?? ""];
      if (!s) return;
      if (box.hidden === s.visible) (s.visible ? shown : gone).push(box.dataset.label ?? "");
      box.hidden = !s.visible;
      box.disabled = !s.visible;
      const word = box.querySelector<HTMLElement>(".req-word");
      if (word) word.textContent = word.getAttribute(s.required ? "data-required" : "data-optional");
      // A checkboxes field is never `required` in the browser (how many is the server's rule).
      if (box.dataset.kind !== "checkboxes") {
        const required = s.required && !box.hasAttribute("data-onfile");
        // A file input never: a file already held on the server answers the field.
        box.querySelectorAll<Control>("input:not([type=file]), select, textarea").forEach((c) => {
          c.required = required;
        });
      }
      const out = box.dataset.kind === "formula" ? box.querySelector("output") : null;
      if (out && s.value !== undefined) out.textContent = s.value || "—";
    });
    // The page's other scripts (the boxes on a PDF's pictures) follow the new states.
    form.dispatchEvent(new Event("fieldstates", { bubbles: true }));
    const live = form.querySelector<HTMLElement>("#fields-live");
    if (!live || (!shown.length && !gone.length)) return;
    const say = (attr: string, labels: string[]) => (labels.length ? (live.getAttribute(attr) ?? "").replace("{labels}", labels.join(", ")) : "");
    live.textContent = [say("data-shown", shown), say("data-gone", gone)].filter(Boolean).join(" ");
  }
}
