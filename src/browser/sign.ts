/**
 * The signer's page (src/pages/signing.tsx): drawing with pointer events (mouse, pen, touch), the
 * drawing into the form as a PNG data URL, one submission per click. When the account lists
 * framing origins, frame-messages.ts follows it on the page (the height and the outcome posted to
 * those origins only). Fields shown, hidden and computed live: field-live.ts.
 */
import { byId } from "./dom";
import { startFieldLive } from "./field-live";
import { startFieldUploads } from "./field-uploads";

function start(): void {
  const d = document;
  const problem = byId("problem");
  if (problem) problem.focus();
  d.querySelectorAll("form").forEach((f) => {
    f.addEventListener("submit", (e) => {
      // The button that sent it (a form may have more than one: Sign, an upload's Upload).
      const s = ((e as SubmitEvent).submitter as HTMLButtonElement | null) ?? f.querySelector<HTMLButtonElement>("button[type=submit]");
      if (s)
        setTimeout(() => {
          if (!e.defaultPrevented) s.disabled = true;
        }, 0);
    });
  });
  window.addEventListener("pageshow", () => {
    d.querySelectorAll<HTMLButtonElement>("button[disabled]").forEach((x) => {
      x.disabled = false;
    });
  });

  // The provider form of a level aes/qes signer carries the same answers (src/pages/provider-signing.tsx).
  for (const f of [byId<HTMLFormElement>("sign-form"), byId<HTMLFormElement>("provider-form")]) {
    if (f) startFieldLive(f);
    if (f) startFieldUploads(f);
  }
  const form = byId<HTMLFormElement>("sign-form");
  const pad = byId<HTMLCanvasElement>("pad");
  if (!form || !pad || typeof pad.getContext !== "function") return;
  const ctx = pad.getContext("2d")!;
  const out = byId<HTMLInputElement>("drawn-value")!;
  const say = byId("pad-status")!;
  let ink = false;
  // Whether the pad holds a drawing, told to the page's other scripts (pdf-view.ts mirrors it in a box).
  const inked = (v: boolean) => {
    ink = v;
    pad.dataset.ink = v ? "1" : "";
  };
  let last: { x: number; y: number } | null = null;
  byId("opt-drawn")!.hidden = false;
  byId("p-drawn")!.hidden = false;

  function fitPad(): void {
    const r = pad!.getBoundingClientRect();
    const k = Math.min(window.devicePixelRatio || 1, 2);
    const w = Math.round(r.width * k);
    const h = Math.round(r.height * k);
    if (!w || (w === pad!.width && h === pad!.height)) return;
    pad!.width = w;
    pad!.height = h;
    ctx.setTransform(k, 0, 0, k, 0, 0);
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.strokeStyle = ctx.fillStyle = "#111";
    inked(false);
  }
  const at = (e: PointerEvent) => {
    const r = pad.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  pad.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    fitPad();
    pad.setPointerCapture(e.pointerId);
    last = at(e);
    ctx.beginPath();
    ctx.arc(last.x, last.y, 1.25, 0, 7);
    ctx.fill();
    inked(true);
    say.textContent = "";
  });
  pad.addEventListener("pointermove", (e) => {
    if (!last) return;
    const p = at(e);
    ctx.beginPath();
    ctx.moveTo(last.x, last.y);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    last = p;
  });
  const up = () => {
    last = null;
    pad.dispatchEvent(new Event("input", { bubbles: true }));
  };
  pad.addEventListener("pointerup", up);
  pad.addEventListener("pointercancel", up);
  byId("m-drawn")!.addEventListener("change", fitPad);
  window.addEventListener("resize", () => {
    if (!ink) fitPad();
  });
  byId("clear")!.addEventListener("click", () => {
    ctx.clearRect(0, 0, pad.width, pad.height);
    inked(false);
    pad.dispatchEvent(new Event("input", { bubbles: true }));
    out.value = "";
  });
  form.addEventListener("submit", (e) => {
    const m = form.querySelector<HTMLInputElement>("input[name=method]:checked");
    if (m?.value !== "drawn") return;
    if (!ink) {
      e.preventDefault();
      say.textContent = say.getAttribute("data-empty");
      return;
    }
    out.value = pad.toDataURL("image/png");
  });
}

start();
