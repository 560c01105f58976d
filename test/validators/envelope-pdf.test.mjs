// An envelope's sealed PDF, checked by poppler and qpdf: three documents (text templates) signed by
// two people, completed through each document's own sequencer (the envelope link's signing API is
// built separately), then settled by the envelope's read. The file is PAdES B-LTA like a
// document's, and pdftotext shows every document's text in order, then the envelope certificate
// listing every document's hash and code.
// Run: npm run test:validators   (needs poppler-utils and qpdf)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { ROOT, run, startService, workdir, write } from "./harness.mjs";

let svc;
let dir;
let file;
let seal;
let cert;
const PEOPLE = [
  { email: "ana@example.com", full_name: "Ana Ruiz", role: "employee" },
  { email: "ben@example.com", full_name: "Ben Okafor", role: "company" },
];
const BODIES = ["Employment contract between {{company}} and Ana.", "Data processing terms for {{company}}.", "Equipment loan agreement with {{company}}."];

before(async () => {
  dir = workdir();
  svc = await startService();
  const env = await svc.server.getWorker().getEnv();
  const { key } = await svc.account("Envelope Seal Ltd");
  const stamp = Date.now().toString(36);
  const documents = [];
  for (const [i, body] of BODIES.entries()) {
    const code = `env-${i}-${stamp}`;
    await svc.must("POST", "/v1/templates", { key, body: { code, name: `Part ${i + 1}`, kind: "contract", body, variables: ["company"] } });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
    documents.push({ template_code: code, values: { company: "Acme" } });
  }
  const made = (await svc.must("POST", "/v1/envelopes", { key, body: { title: "Onboarding: Ana Ruiz", documents, signers: PEOPLE, notify: false } })).json;
  const actor = { ip: "203.0.113.9", userAgent: "envelope validator" };
  for (const { document_id } of made.documents) {
    const rows = (
      await env.DB.prepare(
        "SELECT j.signer_id AS id, es.full_name AS name FROM envelope_signer_documents j JOIN envelope_signers es ON es.id = j.envelope_signer_id WHERE j.document_id = ? ORDER BY es.sign_order",
      )
        .bind(document_id)
        .all()
    ).results;
    const sequencer = env.DOCUMENT_SEQUENCER.getByName(document_id);
    for (const s of rows) {
      await sequencer.call("consent", document_id, s.id, {}, actor);
      await sequencer.call("sign", document_id, s.id, { method: "typed", value: s.name }, actor);
    }
  }
  const read = (await svc.must("GET", `/v1/envelopes/${made.envelope_id}`, { key })).json;
  assert.equal(read.status, "completed");
  cert = (await svc.must("GET", `/v1/envelopes/${made.envelope_id}/certificate`, { key })).json;
  const json = (await svc.must("GET", `/v1/envelopes/${made.envelope_id}/pdf`, { key })).json;
  seal = json.seal;
  file = write(dir, "envelope.pdf", Buffer.from(json.bytes_base64, "base64"));
});

after(async () => {
  if (process.env.KEEP_PDF) run("cp", [file, process.env.KEEP_PDF]);
  await svc?.close();
});

describe("an envelope's sealed PDF", () => {
  it("is B-LTA: pdfsig finds the seal valid and a document timestamp closing the file", () => {
    assert.equal(seal.level, "B-LTA");
    assert.equal(seal.levelReason, null);
    const r = run("pdfsig", [file]);
    assert.equal(r.status, 0, r.stderr);
    const [first, second] = r.stdout.split(/Signature #\d+:/).slice(1);
    assert.match(first, /Signature Type: ETSI\.CAdES\.detached/);
    assert.match(first, /Signature Validation: Signature is Valid\./);
    assert.match(first, /Not total document signed/);
    assert.match(second, /Signer Certificate Common Name: Edge Sign Test Timestamp Authority \(TEST ONLY\)/);
    assert.match(second, /Total document signed/);
  });

  it("qpdf --check finds nothing wrong", () => {
    const r = run("qpdf", ["--check", file]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /No syntax or stream encoding errors found/);
  });

  it("the offline verifier checks it: seal, timestamps, the attached certificate.json against the printed hash, and the envelope's code", () => {
    const r = run("node", [path.join(ROOT, "verify/verify-pdf.mjs"), file]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /\[ok \] certificate\.json SHA-256 [0-9a-f]{64} = printed/);
    assert.match(r.stdout, new RegExp(`certificate ${cert.verification_code.match(/.{4}/g).join("-")} "Onboarding: Ana Ruiz"`));
    assert.match(r.stdout, /VERIFIED: the file is intact/);
  });

  it("pdftotext: every document's text in order, then the certificate listing every document's hash and code", () => {
    const text = run("pdftotext", ["-enc", "UTF-8", file, "-"]).stdout.replace(/\s+/g, " ");
    const at = (s) => {
      const i = text.indexOf(s);
      assert.ok(i >= 0, `missing: ${s}`);
      return i;
    };
    const bodies = BODIES.map((b) => at(b.replace("{{company}}", "Acme")));
    assert.deepEqual(
      [...bodies].sort((a, b) => a - b),
      bodies,
      "the documents in the envelope's order",
    );
    const heading = at("Envelope certificate of completion");
    assert.ok(heading > bodies[2], "the certificate comes after every document");
    const code = cert.verification_code.match(/.{4}/g).join("-");
    assert.ok(at(code) > heading);
    assert.equal(cert.payload.documents.length, 3);
    for (const d of cert.payload.documents) {
      // Each document's pages name its hash too: the certificate's listing is the last mention.
      assert.ok(text.lastIndexOf(d.document_sha256) > heading, `the hash of ${d.title} on the certificate`);
      assert.ok(text.lastIndexOf(d.verification_code.match(/.{4}/g).join("-")) > heading);
    }
    for (const p of PEOPLE) assert.ok(at(p.full_name) >= 0);
    // Each document's own certificate pages are left out: the envelope's stands for them.
    assert.ok(!text.includes("Certificate of completion"));
  });
});
