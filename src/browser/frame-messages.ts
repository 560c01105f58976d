/**
 * The signer's page inside a partner's frame (docs/embedding.md): tells the parent, and only an
 * origin the account allows to frame it (`data-origins`, its `frame_ancestors`: postMessage drops
 * a message whose target origin is not the parent's), that the page `loaded`, its `height` as it
 * changes (so the frame fits its content), and what happened: `signed` or `declined`, and
 * `completed` when that signature completed the document. Every message carries
 * `source: "edge-sign"`, `document_id` (or `envelope_id`), `signer_id` and `document_status`.
 * Its own script (FRAME_JS), added after SIGN_JS only to the pages of an account that lists
 * framing origins: the other signing pages stay as small as they were.
 */
type Message = { type: string; [k: string]: unknown };

function tellParent(): void {
  const b = document.body;
  const origins = (b.getAttribute("data-origins") || "").split(" ").filter(Boolean);
  if (window.parent === window || !origins.length) return;
  const envelope = b.getAttribute("data-envelope");
  const about = {
    source: "edge-sign",
    ...(envelope ? { envelope_id: envelope } : { document_id: b.getAttribute("data-document") }),
    signer_id: b.getAttribute("data-signer"),
    document_status: b.getAttribute("data-status"),
  };
  const post = (m: Message) => {
    for (const o of origins) window.parent.postMessage({ ...m, ...about }, o);
  };
  post({ type: "loaded" });
  let last = 0;
  const measure = () => {
    const h = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (h && h !== last) {
      last = h;
      post({ type: "height", height: h });
    }
  };
  measure();
  if (typeof ResizeObserver === "function") new ResizeObserver(measure).observe(b);
  else window.addEventListener("resize", measure);
  const done = b.getAttribute("data-done");
  if (done) {
    post({ type: done });
    if (done === "signed" && about.document_status === "completed") post({ type: "completed" });
  }
}

tellParent();
