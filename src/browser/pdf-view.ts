/**
 * The signer's page of a document from a PDF template (src/pages/pdf-view.tsx), run after
 * src/browser/sign.ts: places each box (`data-*` fractions) on its page picture, keeps them in
 * reading order with the next one to fill highlighted, "Next" scrolls to it and focuses its field
 * in the form (the form stays the source of truth), zoom buttons.
 */
import { byId } from "./dom";

type Control = HTMLElement & { type?: string; checked?: boolean; value?: string };

function start(): void {
  const d = document;
  const view = byId("pdf-view");
  if (!view) return;
  const boxes = Array.from(view.querySelectorAll<HTMLElement>(".pbox"));
  let zoom = 1;
  const live = byId("pv-live")!;
  const inner = byId("pv-pages")!;
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
  const control = (b: HTMLElement): Control | null =>
    d.getElementById("f-" + b.dataset.key) || (b.dataset.kind === "signature" ? d.getElementById("typed-name") || d.getElementById("sign") : null);
  function filled(b: HTMLElement): boolean {
    const c = control(b);
    if (!c) return b.dataset.supplied === "1";
    if (c.type === "checkbox") return Boolean(c.checked);
    return "value" in c ? String(c.value).trim() !== "" : false;
  }
  let cur = -1;
  function mark(): void {
    let next = -1;
    boxes.forEach((b, i) => {
      const f = filled(b);
      b.classList.toggle("done", f);
      if (next < 0 && !f) next = i;
    });
    boxes.forEach((b, i) => {
      b.classList.toggle("next", i === next);
    });
    cur = next;
  }
  function go(): void {
    mark();
    const b = boxes[cur];
    if (!b) {
      live.textContent = view!.dataset.allDone ?? null;
      return;
    }
    b.scrollIntoView({ block: "center", inline: "center" });
    const v: Record<string, string | undefined> = { n: String(cur + 1), count: String(boxes.length), label: b.dataset.label, page: b.dataset.page };
    live.textContent = view!.dataset.boxOf!.replace(/[{](n|count|label|page)[}]/g, (_m, k: string) => String(v[k]));
  }
  for (const b of boxes)
    b.addEventListener("click", (e) => {
      e.preventDefault();
      const c = control(b);
      if (c) {
        c.focus();
        c.scrollIntoView({ block: "center" });
      }
    });
  const nb = byId("pv-next");
  if (nb)
    nb.addEventListener("click", () => {
      go();
      const b = boxes[cur];
      const c = b && control(b);
      if (c)
        setTimeout(() => {
          c.focus({ preventScroll: true });
        }, 0);
    });
  function setZoom(z: number): void {
    zoom = Math.min(3, Math.max(1, z));
    inner.style.width = zoom * 100 + "%";
    byId("pv-zoom")!.textContent = Math.round(zoom * 100) + "%";
  }
  byId("pv-in")!.addEventListener("click", () => setZoom(zoom + 0.5));
  byId("pv-out")!.addEventListener("click", () => setZoom(zoom - 0.5));
  d.addEventListener("input", mark);
  d.addEventListener("change", mark);
  byId("pv-bar")!.hidden = false;
  mark();
}

start();
