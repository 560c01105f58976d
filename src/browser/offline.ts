/**
 * The in-browser half of the verification page's one drop zone (src/pages/verify.tsx), served as
 * an ES module at /verify/offline.js and loaded by src/browser/verify.ts: the verifier core
 * (src/lib/verify/core.ts, bundled and served at /verify/check.js) checks the dropped file's seal,
 * timestamps and attached certificate here, on the bytes in this browser; `show` writes a report
 * (kept across the fingerprint look-up) with textContent only.
 */
import { type VerifyReport, verifyPdf } from "served:/verify/check.js";

export type { VerifyReport };

/**
 * The report on a file's bytes, made in this browser: nothing is sent anywhere. `logKey` is the
 * transparency log's public key as the service's page carries it (never taken from the file).
 */
export const check = (pdf: Uint8Array, logKey?: string): Promise<VerifyReport> => verifyPdf(pdf, logKey ? { logKey } : {});

function el(tag: string, text: string | null, cls?: string): HTMLElement {
  const e = document.createElement(tag);
  if (text != null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

/** Writes the report into `out`, whose data-ok and data-bad carry the page's words. */
export function show(out: HTMLElement, r: VerifyReport): void {
  out.textContent = "";
  const box = el("div", null, "box " + (r.ok ? "ok" : "bad"));
  box.append(el("p", (r.ok ? out.dataset.ok : out.dataset.bad) ?? null));
  for (const p of r.problems) box.append(el("p", p));
  out.append(box);
  const facts = el("ul", null, "mono");
  facts.append(el("li", "PAdES " + r.level + " · SHA-256 " + r.fileSha256));
  for (const s of r.signatures) {
    const time = s.timestamps[0]?.time ? " · " + s.timestamps[0].time : "";
    facts.append(
      el("li", (s.kind === "signature" ? "Seal: " : "Document timestamp: ") + (s.signer || "?") + (s.digestOk && s.signatureOk ? " ✓" : " ✗") + time),
    );
  }
  if (r.attachment) facts.append(el("li", r.attachment.name + " SHA-256 " + r.attachment.sha256 + (r.attachment.matches ? " ✓" : " ✗")));
  const t = r.transparency;
  if (t) {
    const ok = t.included && t.headSigned === true;
    const li = el("li", "Transparency log " + t.log + ": leaf " + t.leafIndex + " of " + t.treeSize + (ok ? " ✓" : " ✗"));
    li.id = "offline-log";
    facts.append(li);
  }
  out.append(facts);
  if (r.certificate) {
    out.append(el("h3", r.certificate.title));
    const signers = el("ol", null, "cards");
    signers.id = "offline-signers";
    for (const s of r.certificate.signers) signers.append(el("li", s.full_name + " — " + (s.status || "") + (s.signed_at ? " · " + s.signed_at : ""), "card"));
    out.append(signers);
    const trail = el("ol", null, "cards");
    for (const e of r.certificate.events) trail.append(el("li", e.occurred_at + " · " + e.kind + (e.signer ? " — " + e.signer : ""), "card"));
    out.append(trail);
  }
}
