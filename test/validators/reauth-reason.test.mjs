// Re-authentication with a reason (docs/identity.md): the sealed PDF prints the reason beside the
// signature ("Approved — signed by Ana Ruiz, 2026-11-27 10:42 UTC") and the certificate pages carry
// it, as text `pdftotext` extracts. The first signer's reason and re-authentication are set on its
// row through D1 (as a re-authenticated signature leaves them); the second signature completes it.
// Run: npm run test:validators   (needs poppler-utils)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { run, startService, workdir, write } from "./harness.mjs";

let svc;
let dir;
const SIGNED = "2026-11-27T10:42:13.000Z";
const REAUTH = "2026-11-27T10:40:02.000Z";

before(async () => {
  dir = workdir();
  svc = await startService();
  const env = await svc.server.getWorker().getEnv();
  const { key } = await svc.account("Reasons Pharma");
  const code = `sop-${Date.now().toString(36)}`;
  await svc.must("POST", "/v1/templates", {
    key,
    body: { code, name: "SOP-12", kind: "contract", body: "Cleaning procedure, revision 4.", reasons: ["Approved", "Reviewed"] },
  });
  await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
  const id = (await svc.must("POST", "/v1/documents", { key, body: { template_code: code } })).json.document_id;
  const signers = [
    { email: "ana@example.com", full_name: "Ana Ruiz", sign_order: 1 },
    { email: "ben@example.com", full_name: "Ben Okafor", sign_order: 2 },
  ];
  const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key, body: { signers, notify: false } })).json.links;
  await svc.must("POST", `/v1/sign/${links[0].token}/consent`, { body: {} });
  await svc.must("POST", `/v1/sign/${links[0].token}`, { body: { method: "typed", value: "Ana Ruiz" } });
  await env.DB.prepare("UPDATE signers SET sign_reason = 'Approved', reauthenticated_at = ?, signed_at = ? WHERE id = ?")
    .bind(REAUTH, SIGNED, links[0].signer_id)
    .run();
  await env.DOCUMENT_SEQUENCER.getByName(id).forget();
  await svc.must("POST", `/v1/sign/${links[1].token}/consent`, { body: {} });
  await svc.must("POST", `/v1/sign/${links[1].token}`, { body: { method: "typed", value: "Ben Okafor" } });
  write(dir, "sealed.pdf", Buffer.from((await svc.must("GET", `/v1/documents/${id}/pdf`, { key, accept: "application/pdf" })).bytes));
});

after(async () => {
  if (process.env.KEEP_PDF) run("cp", [path.join(dir, "sealed.pdf"), process.env.KEEP_PDF]);
  await svc?.close();
});

const textOf = (file) => run("pdftotext", ["-enc", "UTF-8", path.join(dir, file), "-"]).stdout.replace(/\s+/g, " ");
const LINE = "Approved — signed by Ana Ruiz, 2026-11-27 10:42 UTC";

describe("the sealed PDF prints the reason", () => {
  it("beside Ana Ruiz's signature, before the certificate pages", () => {
    const before = textOf("sealed.pdf").split("Certificate of completion")[0];
    const sigs = before.slice(before.indexOf("Signatures"));
    assert.ok(sigs.includes(LINE), `the signatures lack "${LINE}":\n${sigs}`);
    // Only the re-authenticated signer has a reason line.
    assert.ok(!sigs.includes("signed by Ben Okafor"));
  });

  it("in the certificate pages, with the re-authentication's time", () => {
    const layout = run("pdftotext", ["-layout", "-enc", "UTF-8", path.join(dir, "sealed.pdf"), "-"]).stdout;
    const cert = layout.split("Certificate of completion").slice(1).join("\n");
    assert.match(cert, new RegExp(`\\n\\s*Reason\\s+${LINE}`), "the certificate lacks the reason row");
    assert.match(cert, /\n\s*Re-authenticated\s+November 27, 2026 at 10:40:02/, "the certificate lacks the re-authentication row");
  });
});
