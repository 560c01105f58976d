// The certificate pages of the sealed PDF and of the evidence bundle say each part in words, as
// text `pdftotext` extracts: "Approved (note: …)", "Acknowledged", "Witness for <name>", "Signed for
// group <name>", "Delegated to <name>: <reason>", "Delegate of <name>". The group's member and the
// witness sign through the API; the approval, the acknowledgement and the delegation are set on the
// signer rows through D1 before the last signature (as those actions leave them).
// Run: npm run test:validators   (needs poppler-utils)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { readFileSync } from "node:fs";
import { ROOT, run, startService, workdir, write } from "./harness.mjs";

let svc;
let dir;
const AT = "2026-11-27T10:00:00.000Z";
const SIGNERS = [
  { email: "alice@example.com", full_name: "Alice Approver", role: "approver", sign_order: 1 },
  {
    group_name: "Board",
    group: [
      { email: "bea@example.com", full_name: "Bea Board" },
      { email: "carl@example.com", full_name: "Carl Board" },
    ],
    sign_order: 2,
  },
  { email: "dan@example.com", full_name: "Dan Signer", party_id: "dan", sign_order: 2 },
  { email: "wes@example.com", full_name: "Wes Witness", role: "witness", witness_for: "dan", sign_order: 3 },
  { email: "vera@example.com", full_name: "Vera Viewer", role: "viewer", sign_order: 3 },
  { email: "del@example.com", full_name: "Del Delegator", sign_order: 2 },
  { email: "dee@example.com", full_name: "Dee Delegate", sign_order: 2 },
];

before(async () => {
  dir = workdir();
  svc = await startService();
  const env = await svc.server.getWorker().getEnv();
  const { key } = await svc.account("Certificate Roles Ltd");
  const code = `roles-${Date.now().toString(36)}`;
  await svc.must("POST", "/v1/templates", { key, body: { code, name: "Budget", kind: "contract", body: "Budget for {{company}}.", variables: ["company"] } });
  await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
  const id = (await svc.must("POST", "/v1/documents", { key, body: { template_code: code, values: { company: "Acme" } } })).json.document_id;
  const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key, body: { signers: SIGNERS, notify: false } })).json.links;
  const rows = (await env.DB.prepare("SELECT id, email FROM signers WHERE document_id = ?").bind(id).all()).results;
  const idOf = (email) => rows.find((r) => r.email === email).id;
  const set = (email, sql, ...args) =>
    env.DB.prepare(`UPDATE signers SET ${sql} WHERE id = ?`)
      .bind(...args, idOf(email))
      .run();
  await set("alice@example.com", "status = 'signed', signed_at = ?, consented_at = ?, approval_note = ?", AT, AT, "Budget checked");
  await set("vera@example.com", "status = 'signed', signed_at = ?, consented_at = ?", AT, AT);
  await set("del@example.com", "delegated_to = ?, delegated_at = ?, delegation_reason = ?", idOf("dee@example.com"), AT, "Travelling");
  await set("dee@example.com", "delegated_from = ?", idOf("del@example.com"));
  await env.DOCUMENT_SEQUENCER.getByName(id).forget();
  for (const [email, name] of [
    ["bea@example.com", "Bea Board"],
    ["dan@example.com", "Dan Signer"],
    ["dee@example.com", "Dee Delegate"],
    ["wes@example.com", "Wes Witness"],
  ]) {
    const token = links.find((l) => l.email === email).token;
    await svc.must("POST", `/v1/sign/${token}/consent`, { body: {} });
    await svc.must("POST", `/v1/sign/${token}`, { body: { method: "typed", value: name } });
  }
  write(dir, "sealed.pdf", Buffer.from((await svc.must("GET", `/v1/documents/${id}/pdf`, { key, accept: "application/pdf" })).bytes));
  write(dir, "bundle.pdf", Buffer.from((await svc.must("GET", `/v1/documents/${id}/bundle`, { key, accept: "application/pdf" })).bytes));
});

after(async () => {
  if (process.env.KEEP_PDF) run("cp", [path.join(dir, "sealed.pdf"), process.env.KEEP_PDF]);
  await svc?.close();
});

const textOf = (file) => run("pdftotext", ["-enc", "UTF-8", path.join(dir, file), "-"]).stdout.replace(/\s+/g, " ");

describe("certificate pages: roles, groups and delegation in words", () => {
  for (const file of ["sealed.pdf", "bundle.pdf"]) {
    it(`${file}: pdftotext finds each part in words`, () => {
      const text = textOf(file);
      for (const words of [
        "Approver: approves or declines, does not sign",
        "Approved (note: Budget checked)",
        "Viewer: reads and acknowledges, does not sign",
        "Acknowledged",
        "Witness for Dan Signer",
        "Signed for group Board",
        "Member of group Board; Bea Board signed for the group",
        "Delegated to Dee Delegate: Travelling",
        "Delegate of Del Delegator",
      ]) {
        assert.ok(text.includes(words), `${file} lacks "${words}"`);
      }
      // The time of an approval or an acknowledgement is labelled as what it was, not as a signature.
      const layout = run("pdftotext", ["-layout", "-enc", "UTF-8", path.join(dir, file), "-"]).stdout;
      const block = (name) => layout.slice(layout.indexOf(`. ${name}`)).split(/\n\s*\d+\. /)[0];
      assert.match(block("Alice Approver"), /\n\s*Approved\s+November 27, 2026/);
      assert.match(block("Vera Viewer"), /\n\s*Acknowledged\s+November 27, 2026/);
      assert.doesNotMatch(block("Vera Viewer"), /\n\s*Signed\s+November/);
    });
  }

  it("sealed.pdf: the signatures before the certificate list those who signed, not the approver or the viewer", () => {
    const pages = textOf("sealed.pdf").split("Certificate of completion")[0];
    assert.ok(pages.includes("Signatures"));
    for (const name of ["Bea Board", "Dan Signer", "Dee Delegate", "Wes Witness"]) assert.ok(pages.includes(name), name);
    for (const name of ["Alice Approver", "Vera Viewer"]) assert.ok(!pages.includes(name), name);
    assert.ok(!pages.includes("mark recorded"));
  });
});

describe("offline verifier: roles, groups and delegation", () => {
  it("verifyPdf reports each signer's part from certificate.json, people named by name", async () => {
    const { verifyPdf } = await import("../../verify/verify-core.mjs");
    const report = await verifyPdf(new Uint8Array(readFileSync(path.join(dir, "sealed.pdf"))));
    const by = (name) => report.certificate.signers.find((s) => s.full_name === name);
    assert.deepEqual(by("Alice Approver"), { ...by("Alice Approver"), action: "approved", approval_note: "Budget checked" });
    assert.equal(by("Wes Witness").witness_for, "Dan Signer");
    assert.equal(by("Bea Board").signed_for_group, true);
    assert.equal(by("Carl Board").group_name, "Board");
    assert.equal(by("Del Delegator").delegated_to, "Dee Delegate");
    assert.equal(by("Dee Delegate").delegated_from, "Del Delegator");
    assert.deepEqual(Object.keys(by("Dan Signer")).sort(), ["full_name", "method", "role", "signed_at", "status"]);
  });

  it("verify-pdf.mjs prints each part in words", () => {
    const out = run("node", [path.join(ROOT, "verify/verify-pdf.mjs"), path.join(dir, "sealed.pdf")]).stdout;
    for (const words of ["Approved (note: Budget checked)", "Acknowledged", "Witness for Dan Signer", "Signed for group Board", "Delegate of Del Delegator"]) {
      assert.ok(out.includes(words), `lacks "${words}":\n${out}`);
    }
  });
});
