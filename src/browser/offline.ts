/**
 * "Check the seal without the service" (src/pages/verify.tsx), served as an ES module at
 * /verify/offline.js: the verifier core (src/lib/verify/core.ts, bundled and served at
 * /verify/check.js) runs on the chosen file in this browser. Drops on this zone stop here, so the
 * page's fingerprint form (which asks the service) does not see them: nothing leaves the page.
 * Results are written with textContent only.
 */
import { verifyPdf } from "served:/verify/check.js";
import { byId, firstFile } from "./dom";

const zone = byId("offline-drop")!;
const input = byId<HTMLInputElement>("offline-file")!;
const out = byId("offline-result")!;
zone.hidden = false;

function el(tag: string, text: string | null, cls?: string): HTMLElement {
  const e = document.createElement(tag);
  if (text != null) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

async function run(file: File | undefined): Promise<void> {
  if (!file) return;
  out.textContent = out.dataset.working ?? null;
  const r = await verifyPdf(new Uint8Array(await file.arrayBuffer()));
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

input.addEventListener("change", () => run(firstFile(input.files)));
zone.addEventListener("dragover", (e) => {
  e.preventDefault();
  e.stopPropagation();
});
zone.addEventListener("drop", (e) => {
  e.preventDefault();
  e.stopPropagation();
  if (e.dataTransfer?.files.length) run(e.dataTransfer.files[0]);
});
