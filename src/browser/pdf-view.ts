/**
 * The signer's page of a document from a PDF template (src/pages/pdf-view.tsx), run after
 * src/browser/sign.ts: places each box (`data-*` fractions) on its page picture, in reading order
 * with the next one to fill highlighted, and lets the signer fill it there: an editor over the box
 * (a copy of the form's control, every keystroke written into the form's own field), a checkbox
 * ticked by a click, the signature in a dialog that holds the form's own signature part (typed,
 * drawn with sign.ts's pad, or clicked). The form stays the source of truth and the one thing
 * posted; each box mirrors its field. The guide ("Start", "Next") opens the next required empty box
 * and, when every box is filled, takes the focus to the Sign button. Zoom buttons.
 */
import { byId } from "./dom";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function start(): void {
  const d = document;
  const view = byId("pdf-view");
  if (!view) return;
  const boxes = Array.from(view.querySelectorAll<HTMLElement>(".pbox"));
  let zoom = 1;
  const live = byId("pv-live")!;
  const inner = byId("pv-pages")!;
  const wrap = view.querySelector<HTMLElement>(".pv-wrap")!;
  const scroller = view.querySelector<HTMLElement>(".pv-scroll")!;
  const ed = byId("pv-ed")!;
  const edLabel = byId("pv-ed-l")!;
  const edOk = byId("pv-ed-ok")!;
  const guide = byId<HTMLButtonElement>("pv-next");
  const count = byId("pv-count");
  const form = byId<HTMLFormElement>("sign-form");
  const pad = byId<HTMLCanvasElement>("pad");
  const dialog = byId<HTMLDialogElement>("pv-sig");
  const ds = view.dataset;
  for (const b of boxes) {
    const s = b.style;
    const at = b.dataset;
    s.left = Number(at.x) * 100 + "%";
    s.top = Number(at.y) * 100 + "%";
    s.width = Number(at.w) * 100 + "%";
    s.height = Number(at.h) * 100 + "%";
  }
  view.querySelectorAll<HTMLElement>(".pv-page").forEach((p) => {
    p.style.aspectRatio = p.dataset.w + " / " + p.dataset.h;
  });
  const control = (b: HTMLElement) => d.getElementById("f-" + b.dataset.key) as Control | null;
  const method = () => form?.querySelector<HTMLInputElement>("input[name=method]:checked")?.value;
  const typed = () => (byId<HTMLInputElement>("typed-name")?.value ?? "").trim();
  let picture = "";
  function sigFilled(): boolean {
    const m = method();
    return m === "typed" ? typed() !== "" : m === "drawn" ? pad?.dataset.ink === "1" : m === "clicked";
  }
  /** A box whose field is hidden now (its condition does not hold): not shown, not asked. */
  const off = (b: HTMLElement) => control(b)?.matches(":disabled") === true;
  /** An upload's box: filled by a file held or chosen; its control is the page's own file input. */
  const isUpload = (b: HTMLElement) => b.dataset.kind === "image" || b.dataset.kind === "stamp" || b.dataset.kind === "file";
  function filled(b: HTMLElement): boolean {
    if (b.dataset.kind === "signature") return form ? sigFilled() : b.dataset.supplied === "1";
    const c = control(b);
    if (!c) return b.dataset.supplied === "1";
    if (isUpload(b)) return b.dataset.supplied === "1" || ((c as HTMLInputElement).files?.length ?? 0) > 0;
    return c.type === "checkbox" ? (c as HTMLInputElement).checked : c.value.trim() !== "";
  }
  /** What a box shows: its field's value, a tick, the typed name or the drawing. */
  function mirror(b: HTMLElement): void {
    let text = "";
    let img = "";
    if (b.dataset.kind === "signature") {
      const m = method();
      if (m === "typed") text = typed();
      else if (m === "clicked") text = "✓";
      else if (m === "drawn" && pad?.dataset.ink === "1") img = picture;
    } else if (isUpload(b)) {
      text = filled(b) ? "✓" : "";
    } else {
      const c = control(b);
      if (c) text = c.type === "checkbox" ? ((c as HTMLInputElement).checked ? "✓" : "") : c.value;
    }
    if (b.dataset.shown === text + img) return;
    b.dataset.shown = text + img;
    b.textContent = text;
    if (img) {
      const i = d.createElement("img");
      i.alt = "";
      i.src = img;
      b.append(i);
    }
  }
  let cur = -1;
  function mark(): void {
    let next = -1;
    let done = 0;
    let asked = 0;
    boxes.forEach((b, i) => {
      b.hidden = off(b);
      if (b.hidden) return;
      asked++;
      const f = filled(b);
      b.classList.toggle("done", f);
      if (f) done++;
      if (next < 0 && !f && b.dataset.required === "1") next = i;
      if (form) mirror(b);
    });
    if (next < 0) next = boxes.findIndex((b) => !b.hidden && !filled(b));
    boxes.forEach((b, i) => {
      b.classList.toggle("next", i === next);
    });
    cur = next;
    if (count) count.textContent = ds.progress!.replace("{n}", String(done)).replace("{count}", String(asked));
  }

  // The editor over a box: a copy of the form's control whose every change is written into it.
  let open: { b: HTMLElement; c: Control; copy: Control; was: string | boolean } | null = null;
  function place(): void {
    if (!open) return;
    const rb = open.b.getBoundingClientRect();
    const rw = wrap.getBoundingClientRect();
    const w = Math.min(rw.width, Math.max(rb.width, 220));
    const s = ed.style;
    s.width = w + "px";
    s.left = Math.max(0, Math.min(rb.left - rw.left, rw.width - w)) + "px";
    // A narrow box gets the editor just below it, like a popover; a wide one has it over itself.
    s.top = (rb.width < 220 ? rb.bottom - rw.top + 4 : rb.top - rw.top) + "px";
  }
  function write(): void {
    if (!open) return;
    const { c, copy } = open;
    if (c.type === "checkbox") (c as HTMLInputElement).checked = (copy as HTMLInputElement).checked;
    else c.value = copy.value;
    c.dispatchEvent(new Event("input", { bubbles: true }));
    c.dispatchEvent(new Event("change", { bubbles: true }));
  }
  function close(focusGuide: boolean): void {
    if (!open) return;
    const { copy } = open;
    open = null; // first: removing the focused copy fires focusout, which closes too
    copy.remove();
    ed.hidden = true;
    mark();
    if (focusGuide && guide) guide.focus();
  }
  function edit(b: HTMLElement): void {
    const c = control(b);
    if (!c) return;
    close(false);
    const copy = c.cloneNode(true) as Control;
    for (const a of ["id", "name", "required", "aria-describedby", "aria-invalid"]) copy.removeAttribute(a);
    copy.id = "pv-ed-in";
    copy.setAttribute("aria-labelledby", "pv-ed-l");
    if (copy.tagName === "TEXTAREA") (copy as HTMLTextAreaElement).rows = 2;
    const box = c.type === "checkbox";
    if (box) (copy as HTMLInputElement).checked = (c as HTMLInputElement).checked;
    else copy.value = c.value;
    open = { b, c, copy, was: box ? (c as HTMLInputElement).checked : c.value };
    edLabel.textContent = b.dataset.label ?? "";
    if (box) edLabel.before(copy);
    else edLabel.after(copy);
    copy.addEventListener("input", write);
    copy.addEventListener("change", write);
    ed.hidden = false;
    place();
    copy.focus();
  }
  ed.addEventListener("keydown", (e) => {
    if (!open) return;
    if (e.key === "Escape") {
      e.preventDefault();
      const { copy, was } = open;
      if (typeof was === "boolean") (copy as HTMLInputElement).checked = was;
      else copy.value = was;
      write();
      close(true);
    } else if (e.key === "Enter" && e.target === open.copy && open.copy.tagName !== "TEXTAREA") {
      e.preventDefault();
      close(true);
    }
  });
  edOk.addEventListener("click", () => close(true));
  ed.addEventListener("focusout", (e) => {
    const to = (e as FocusEvent).relatedTarget as Node | null;
    if (!to || !ed.contains(to)) close(false);
  });
  scroller.addEventListener("scroll", place, { passive: true });
  window.addEventListener("resize", place);

  // The signature: the form's own signature part, lent to a dialog and put back when it closes.
  let lent: { part: HTMLElement; spot: HTMLElement } | null = null;
  function sign(): void {
    const part = form?.querySelector<HTMLElement>("fieldset.sig");
    if (!dialog || !part || lent) return;
    close(false);
    const spot = d.createElement("span");
    part.replaceWith(spot);
    byId("pv-sig-slot")!.append(part);
    lent = { part, spot };
    dialog.showModal();
  }
  if (dialog) {
    byId("pv-sig-ok")!.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => {
      if (!lent) return;
      lent.spot.replaceWith(lent.part);
      lent = null;
      mark();
      if (guide) guide.focus();
    });
  }
  if (pad)
    pad.addEventListener("input", () => {
      picture = pad.dataset.ink === "1" ? pad.toDataURL("image/png") : "";
    });

  function fill(b: HTMLElement, fromGuide: boolean): void {
    if (!form) return;
    if (b.dataset.kind === "signature") {
      sign();
      return;
    }
    const c = control(b);
    if (!c || off(b)) return;
    if (isUpload(b)) {
      // A file is chosen with the page's own input (a copy of a file input holds no file).
      c.scrollIntoView({ block: "center" });
      c.focus({ preventScroll: true });
      return;
    }
    if (c.type === "checkbox" && !fromGuide) {
      c.click();
      return;
    }
    edit(b);
  }
  for (const b of boxes)
    b.addEventListener("click", (e) => {
      e.preventDefault();
      fill(b, false);
    });
  if (guide)
    guide.addEventListener("click", () => {
      mark();
      guide.textContent = ds.next ?? guide.textContent;
      const b = boxes[cur];
      if (!b) {
        live.textContent = ds.allDone ?? null;
        const submit = form?.querySelector<HTMLButtonElement>("button[type=submit]");
        if (submit) {
          submit.scrollIntoView({ block: "center" });
          submit.focus({ preventScroll: true });
        }
        return;
      }
      b.scrollIntoView({ block: "center", inline: "center" });
      const v: Record<string, string | undefined> = {
        n: String(boxes.slice(0, cur + 1).filter((x) => !x.hidden).length),
        count: String(boxes.filter((x) => !x.hidden).length),
        label: b.dataset.label,
        page: b.dataset.page,
      };
      live.textContent = ds.boxOf!.replace(/[{](n|count|label|page)[}]/g, (_m, k: string) => String(v[k]));
      fill(b, true);
    });
  function setZoom(z: number): void {
    zoom = Math.min(3, Math.max(1, z));
    inner.style.width = zoom * 100 + "%";
    byId("pv-zoom")!.textContent = Math.round(zoom * 100) + "%";
    place();
  }
  byId("pv-in")!.addEventListener("click", () => setZoom(zoom + 0.5));
  byId("pv-out")!.addEventListener("click", () => setZoom(zoom - 0.5));
  d.addEventListener("input", mark);
  d.addEventListener("change", mark);
  d.addEventListener("fieldstates", mark);
  byId("pv-bar")!.hidden = false;
  mark();
}

start();
