// Advanced and qualified signatures (docs/evidence.md): a qes document signed by two signers at the
// local fake CSC provider (test/fake-csc.mjs); the sealed PDF checked by real tools: pdfsig shows
// each signer's signature and the seal valid, openssl cms verifies each against its chain, qpdf
// --check is clean, and a byte changed after a signature is caught. Run: npm run test:validators
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { run, startService, workdir, write } from "./harness.mjs";
import { FAKE_CSC, startFakeCsc } from "../fake-csc.mjs";

const SIGNERS = [
  { email: "ines@example.pt", full_name: "Inês Gonçalves" },
  { email: "jonas@example.de", full_name: "Jonas Müller" },
];

// Each signer answers a required text field of their own, drawn in its box; each signature field's box is that signer's visible signature.
const box = (x, y, h) => ({ page: 1, x, y, w: 0.38, h });
const FIELDS = [
  { key: "role_ines", label: "Role", kind: "text", required: true, signer: 1, place: box(0.08, 0.55, 0.035) },
  { key: "role_jonas", label: "Role", kind: "text", required: true, signer: 2, place: box(0.54, 0.55, 0.035) },
  { key: "sig_ines", label: "Signature", kind: "signature", required: true, signer: 1, place: box(0.08, 0.6, 0.08) },
  { key: "sig_jonas", label: "Signature", kind: "signature", required: true, signer: 2, place: box(0.54, 0.6, 0.08) },
];
const ROLES = ["Gerente de oficina", "Geschäftsführer"];

let svc;
let fake;
let refusedFirst;
let dir;
let pdf;
let seal;
let caPem;

/** Every signature of a file: its byte range, signed bytes and DER CMS. */
function signatures(bytes) {
  const text = Buffer.from(bytes).toString("latin1");
  return [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((m) => {
    const [a, b, c, d] = m.slice(1).map(Number);
    const raw = Buffer.from(text.slice(b + 1, c - 1), "hex");
    const n = raw[1] & 0x7f;
    const len = raw[1] & 0x80 ? raw.readUIntBE(2, n) + 2 + n : raw[1] + 2;
    return { range: [a, b, c, d], signed: Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]), cms: raw.subarray(0, len) };
  });
}

before(async () => {
  dir = workdir();
  fake = await startFakeCsc();
  caPem = await (await fetch(`${fake.origin}/ca.pem`)).text();
  svc = await startService({
    CSC_BASE_URL: `${fake.origin}/v`,
    CSC_CLIENT_ID: FAKE_CSC.clientId,
    CSC_CLIENT_SECRET: FAKE_CSC.clientSecret,
    CSC_LEVELS: "aes,qes",
  });
  const { key } = await svc.account();
  const code = `q-${Date.now().toString(36)}`;
  await svc.must("POST", "/v1/templates", {
    key,
    body: { code, name: "Lease", kind: "contract", body: "Lease of the workshop at {{company}}.", variables: ["company"], fields: FIELDS },
  });
  await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
  const id = (await svc.must("POST", "/v1/documents", { key, body: { template_code: code, values: { company: "Oficina Lda" }, level: "qes" } })).json
    .document_id;
  const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key, body: { signers: SIGNERS, notify: false } })).json.links;
  for (const [i, l] of links.entries()) {
    await svc.must("POST", `/v1/sign/${l.token}/consent`, { body: {} });
    // Without the signer's required answer: refused before the provider.
    refusedFirst ??= await svc.call("POST", `/v1/sign/${l.token}/provider`, { body: {} });
    const fields = { [FIELDS[i].key]: ROLES[i] };
    const url = new URL((await svc.must("POST", `/v1/sign/${l.token}/provider`, { body: { fields } })).json.url);
    const form = new URLSearchParams(url.searchParams);
    form.set("action", "approve");
    form.set("full_name", SIGNERS[i].full_name);
    const approved = await fetch(`${url.origin}${url.pathname}`, { method: "POST", body: form, redirect: "manual" });
    const back = new URL(approved.headers.get("location"));
    const cb = await svc.call("GET", `${back.pathname}${back.search}`);
    // The harness follows the callback's 303 to the signer's page.
    assert.equal(cb.status, 200);
    assert.match(new TextDecoder().decode(cb.bytes), /You signed this document|Everyone has signed/);
  }
  const json = await svc.must("GET", `/v1/documents/${id}/pdf`, { key });
  seal = json.json.seal;
  pdf = Buffer.from(json.json.bytes_base64, "base64");
});

after(async () => {
  await svc?.close();
  fake?.server.close();
});

describe("qes document: every signer's signature, the seal, B-LTA", () => {
  it("the sealed file reaches B-LTA (revocation data for every signer's chain)", () => {
    assert.equal(seal.level, "B-LTA", seal.levelReason);
  });

  it("pdfsig: both signers' signatures and the seal are valid, in signing order", () => {
    const r = run("pdfsig", [write(dir, "qes.pdf", pdf)]);
    assert.equal(r.status, 0, r.stderr);
    const parts = r.stdout.split(/Signature #\d+:/).slice(1);
    assert.equal(parts.length, 4, r.stdout);
    assert.match(parts[0], /Signer Certificate Common Name: Inês Gonçalves/);
    assert.match(parts[1], /Signer Certificate Common Name: Jonas Müller/);
    assert.match(parts[2], /Signer Certificate Common Name: Edge Sign Test Seal/);
    for (const p of parts.slice(0, 3)) {
      assert.match(p, /Signature Type: ETSI\.CAdES\.detached/);
      assert.match(p, /Signature Validation: Signature is Valid\./);
    }
  });

  it("openssl cms verifies each signer's signature against the provider's CA, and the seal's", () => {
    const ca = write(dir, "csc-ca.pem", Buffer.from(caPem));
    const sigs = signatures(pdf);
    for (const [i, s] of sigs.slice(0, 3).entries()) {
      const cms = write(dir, `sig${i}.der`, s.cms);
      const content = write(dir, `sig${i}.bin`, s.signed);
      const args = ["cms", "-verify", "-binary", "-inform", "DER", "-in", cms, "-content", content, "-purpose", "any", "-out", "/dev/null"];
      const r = run("openssl", i < 2 ? [...args, "-CAfile", ca] : [...args, "-noverify"]);
      assert.equal(r.status, 0, `signature ${i}: ${r.stderr}`);
      assert.match(r.stderr, /Verification successful/);
    }
  });

  it("the certificate pages list each signer's signature: level, certificate subject and issuer", () => {
    const r = run("pdftotext", ["-layout", write(dir, "qes-text.pdf", pdf), "-"]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Signatures at the trust service provider \(2\)/);
    for (const s of SIGNERS) {
      assert.match(r.stdout, new RegExp(`Subject CN=${s.full_name}`));
    }
    // The certificate pages' section (page 1 carries the signatures' appearances, "Level QES" too).
    const section = r.stdout.slice(r.stdout.indexOf("Signatures at the trust service provider"));
    assert.equal(section.match(/Issuer CN=Fake CSC Qualified CA/g)?.length, 2);
    assert.equal(section.match(/Level QES/g)?.length, 2);
  });

  it("a missing required answer was refused (422) before the provider", () => {
    assert.equal(refusedFirst.status, 422);
    assert.match(new TextDecoder().decode(refusedFirst.bytes), /role_ines/);
  });

  it("each signer's signature field is a widget on page 1 at their placed box, whose appearance says who signed, the level and when; each answer is drawn in its box", () => {
    const flat = write(dir, "qes-flat.pdf", Buffer.alloc(0));
    const r = run("qpdf", ["--flatten-annotations=all", write(dir, "qes-unflat.pdf", pdf), flat]);
    assert.ok(r.status === 0 || r.status === 3, r.stderr);
    const text = run("pdftotext", ["-f", "1", "-l", "1", flat, "-"]).stdout.replace(/\s+/g, " ");
    for (const s of SIGNERS) assert.match(text, new RegExp(`Digitally signed by ${s.full_name}`));
    assert.equal(text.match(/Level QES/g)?.length, 2, text);
    for (const role of ROLES) assert.match(text, new RegExp(role));
    // Without flattening: the answers are in the page's content (drawn before each signature), and pdftotext reads the widgets' appearances.
    const plain = run("pdftotext", ["-f", "1", "-l", "1", write(dir, "qes-p1.pdf", pdf), "-"]).stdout.replace(/\s+/g, " ");
    for (const role of ROLES) assert.match(plain, new RegExp(role));
    for (const s of SIGNERS) assert.match(plain, new RegExp(`Digitally signed by ${s.full_name}`));
  });

  it("each listed signing time is its signature's own timestamp, within seconds of the service's record", async () => {
    const { verifyPdf } = await import("../../verify/verify-core.mjs");
    const report = await verifyPdf(new Uint8Array(pdf));
    for (const [i, l] of report.certificate.signatures.entries()) {
      const stamped = report.signatures[i].timestamps[0].time;
      assert.equal(l.signed_at, stamped);
      const recorded = report.certificate.signers.find((s) => s.full_name === l.name).signed_at;
      assert.ok(Math.abs(Date.parse(recorded) - Date.parse(l.signed_at)) < 60_000, `${recorded} vs ${l.signed_at}`);
    }
  });

  it("qpdf --check finds nothing wrong", () => {
    const r = run("qpdf", ["--check", write(dir, "qes-check.pdf", pdf)]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /No syntax or stream encoding errors found/);
  });

  it("a byte changed inside the first signer's signed range is caught", () => {
    const changed = Buffer.from(pdf);
    const [a] = signatures(pdf)[0].range;
    const at = a + 200;
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    const r = run("pdfsig", [write(dir, "qes-changed.pdf", changed)]);
    const first = r.stdout.split(/Signature #\d+:/)[1] ?? "";
    assert.doesNotMatch(first, /Signature Validation: Signature is Valid\./);
  });
});

describe("offline verifier: each listed signature checked against the file", () => {
  it("verifyPdf lists both signers' signatures from certificate.json, each matched to its signature in the file and valid", async () => {
    const { verifyPdf } = await import("../../verify/verify-core.mjs");
    const report = await verifyPdf(new Uint8Array(pdf));
    assert.deepEqual(report.problems, []);
    assert.deepEqual(
      report.certificate.signatures.map((l) => [l.name, l.level, l.subject, l.issuer, l.ok, l.signature]),
      SIGNERS.map((s, i) => [s.full_name, "qes", `CN=${s.full_name}`, "CN=Fake CSC Qualified CA", true, i + 1]),
    );
  });

  it("a byte changed in the second signer's update fails their listed signature, by name; the first signer's still verifies", async () => {
    const { verifyPdf } = await import("../../verify/verify-core.mjs");
    const [first] = signatures(pdf);
    const firstEnd = first.range[2] + first.range[3];
    // A letter of the field name in the second signer's incremental update (after the first's signed bytes).
    const at = Buffer.from(pdf).toString("latin1").indexOf("/T (Signature ", firstEnd) + 6;
    assert.ok(at > firstEnd);
    const changed = Buffer.from(pdf);
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    const bad = await verifyPdf(new Uint8Array(changed));
    assert.equal(bad.ok, false);
    const byName = Object.fromEntries(bad.certificate.signatures.map((l) => [l.name, l.ok]));
    assert.deepEqual(byName, { [SIGNERS[0].full_name]: true, [SIGNERS[1].full_name]: false });
    assert.ok(
      bad.problems.some((p) => p.includes(`qes signature of ${SIGNERS[1].full_name}`)),
      bad.problems.join("\n"),
    );
  });

  it("verify-pdf.mjs prints each listed signature", () => {
    const out = run("node", ["verify/verify-pdf.mjs", write(dir, "qes-offline.pdf", pdf)]).stdout;
    for (const s of SIGNERS) assert.match(out, new RegExp(`\\[ok \\] ${s.full_name}, qes, CN=${s.full_name} issued by CN=Fake CSC Qualified CA`));
    assert.match(out, /VERIFIED/);
  });
});
