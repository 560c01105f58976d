// PAdES B-LTA: the DSS (certificates and CRLs of the seal and timestamp chains, VRI) and the
// document timestamp, checked by real tools; the service's own CRL; the offline verifier (the
// command line, on intact and altered files). Run: npm run test:validators
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { FIXTURES, ROOT, run, signatureParts, startService, tokenParts, workdir, write } from "./harness.mjs";
import { OUTPUTS, buildVerifyCore } from "../../scripts/build-browser.mjs";

const SIGNERS = [
  { email: "ines@example.pt", full_name: "Inês Gonçalves" },
  { email: "jonas@example.de", full_name: "Jonas Müller" },
];
const VERIFY = path.join(ROOT, "verify/verify-pdf.mjs");

let svc;
let dir;
let pdf;
let bundle;
let seal;

/** The last signature dictionary of a file (the document timestamp of a B-LTA file). */
function lastSignature(bytes) {
  const text = Buffer.from(bytes).toString("latin1");
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const [a, b, c, d] = all.at(-1).slice(1).map(Number);
  const signed = Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]);
  const raw = Buffer.from(text.slice(b + 1, c - 1), "hex");
  const n = raw[1] & 0x7f;
  const len = raw[1] & 0x80 ? raw.readUIntBE(2, n) + 2 + n : raw[1] + 2;
  return { range: [a, b, c, d], signed, token: raw.subarray(0, len), count: all.length };
}

/** The objects of a file as qpdf sees them (JSON v2, stream data inline). */
function qpdfObjects(file) {
  const r = run("qpdf", ["--json=2", "--json-stream-data=inline", "--decode-level=generalized", file], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  return { trailer: j.qpdf[1].trailer, objects: j.qpdf[1] };
}

before(async () => {
  dir = workdir();
  svc = await startService();
  const { key, id } = await svc.completedDocument(SIGNERS, "Lease of the workshop at {{company}}.");
  const json = await svc.must("GET", `/v1/documents/${id}/pdf`, { key });
  seal = json.json.seal;
  pdf = Buffer.from(json.json.bytes_base64, "base64");
  bundle = Buffer.from((await svc.must("GET", `/v1/documents/${id}/bundle`, { key, accept: "application/pdf" })).bytes);
});

after(async () => {
  await svc?.close();
});

describe("B-LTA sealed certificate PDF", () => {
  it("the seal object says B-LTA, with no reason to give", () => {
    assert.equal(seal.level, "B-LTA");
    assert.equal(seal.levelReason, null);
  });

  it("pdfsig: the seal is valid and a document timestamp closes the file", () => {
    const file = write(dir, "lta.pdf", pdf);
    const r = run("pdfsig", [file]);
    assert.equal(r.status, 0, r.stderr);
    const [first, second] = r.stdout.split(/Signature #\d+:/).slice(1);
    assert.match(first, /Signature Type: ETSI\.CAdES\.detached/);
    assert.match(first, /Signature Validation: Signature is Valid\./);
    assert.match(first, /Not total document signed/); // the DSS and the timestamp came after it
    // Poppler 22.12 (Debian 12) lists ETSI.RFC3161 document timestamps but cannot validate them
    // ("Unable to validate this type of signature"); openssl ts -verify does it below.
    assert.match(second, /Signer Certificate Common Name: Edge Sign Test Timestamp Authority \(TEST ONLY\)/);
    assert.match(second, /Total document signed/);
  });

  it("qpdf --check finds nothing wrong", () => {
    const r = run("qpdf", ["--check", write(dir, "lta.pdf", pdf)]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /No syntax or stream encoding errors found/);
  });

  it("openssl ts -verify: the signature timestamp and the document timestamp", async () => {
    const { cms } = signatureParts(pdf);
    const { signatureValue, token } = await tokenParts(cms);
    const ca = path.join(FIXTURES, "tsa-cert.pem");
    let r = run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      write(dir, "sig-ts.der", token),
      "-data",
      write(dir, "sigval.bin", signatureValue),
      "-CAfile",
      ca,
    ]);
    assert.equal(r.status, 0, r.stderr);
    const last = lastSignature(pdf);
    assert.equal(last.count, 2);
    assert.equal(last.range[2] + last.range[3], pdf.length, "the document timestamp covers the whole file");
    r = run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      write(dir, "doc-ts.der", last.token),
      "-data",
      write(dir, "doc-signed.bin", last.signed),
      "-CAfile",
      ca,
    ]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Verification: OK/);
    // One changed byte in the covered range: the document timestamp no longer verifies.
    const altered = Buffer.from(last.signed);
    altered[100] ^= 1;
    r = run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      write(dir, "doc-ts.der", last.token),
      "-data",
      write(dir, "doc-altered.bin", altered),
      "-CAfile",
      ca,
    ]);
    assert.notEqual(r.status, 0);
  });

  it("the DSS holds the seal and timestamp certificates and CRLs openssl parses, and a VRI entry per signature", () => {
    const { trailer, objects } = qpdfObjects(write(dir, "lta.pdf", pdf));
    const deref = (v) => (typeof v === "string" && / R$/.test(v) ? objects[`obj:${v}`] : v);
    const root = deref(trailer.value["/Root"]).value;
    const dss = deref(root["/DSS"]).value;
    const streamBytes = (ref) => Buffer.from(deref(ref).stream.data, "base64");
    const subjects = dss["/Certs"].map((ref) => {
      const r = run("openssl", ["x509", "-inform", "DER", "-noout", "-subject", "-in", write(dir, "c.der", streamBytes(ref))]);
      assert.equal(r.status, 0, r.stderr);
      return r.stdout;
    });
    assert.ok(
      subjects.some((s) => /Edge Sign Test Seal/.test(s)),
      subjects.join(),
    );
    assert.ok(
      subjects.some((s) => /Edge Sign Test Timestamp Authority/.test(s)),
      subjects.join(),
    );
    assert.ok(dss["/CRLs"].length >= 2);
    for (const ref of dss["/CRLs"]) {
      const r = run("openssl", ["crl", "-inform", "DER", "-noout", "-issuer", "-nextupdate", "-in", write(dir, "crl.der", streamBytes(ref))]);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /issuer=.*Edge Sign Test (Seal|Timestamp Authority)/);
    }
    const { cms } = signatureParts(pdf);
    // VRI key: upper-case hex SHA-1 of the signature's /Contents bytes (ETSI EN 319 142-1, 5.4.2.2).
    const text = pdf.toString("latin1");
    const [, b, c] = signatureParts(pdf).range;
    const contents = Buffer.from(text.slice(b + 1, c - 1), "hex");
    const key = run("sha1sum", [], { input: contents }).stdout.split(" ")[0].toUpperCase();
    const vri = deref(dss["/VRI"]).value ?? dss["/VRI"];
    assert.ok(vri[`/${key}`], `VRI has ${Object.keys(vri)} not ${key}`);
    assert.ok(cms.length > 0);
  });

  it("GET /pki/tsa.crl and /pki/seal.crl: DER CRLs of the service's own identities", async () => {
    for (const [p, who] of [
      ["/pki/tsa.crl", "Timestamp Authority"],
      ["/pki/seal.crl", "Test Seal"],
    ]) {
      const r = await svc.call("GET", p);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("content-type"), "application/pkix-crl");
      const o = run("openssl", ["crl", "-inform", "DER", "-noout", "-text", "-in", write(dir, "own.crl", r.bytes)]);
      assert.equal(o.status, 0, o.stderr);
      assert.match(o.stdout, new RegExp(`Issuer: .*${who}`));
      assert.match(o.stdout, /No Revoked Certificates/);
      const v = run("openssl", [
        "crl",
        "-inform",
        "DER",
        "-noout",
        "-in",
        write(dir, "own.crl", r.bytes),
        "-CAfile",
        path.join(FIXTURES, who === "Test Seal" ? "seal-cert.pem" : "tsa-cert.pem"),
      ]);
      assert.match(v.stderr + v.stdout, /verify OK/);
    }
  });
});

describe("offline verifier (verify/verify-pdf.mjs)", () => {
  it("the bundled core is what scripts/build-browser.mjs makes from src/lib/verify/core.ts", async () => {
    const { js } = await buildVerifyCore();
    assert.equal(readFileSync(OUTPUTS.js, "utf8"), js, "run npm run build:browser");
  });

  for (const [name, bytes, attachment] of [
    ["certificate PDF", () => pdf, "certificate.json"],
    ["evidence bundle", () => bundle, "evidence.json"],
  ]) {
    it(`${name}: verified, signers and trail reported, attachment hash equals the printed one`, () => {
      const file = write(dir, "ok.pdf", bytes());
      const r = run("node", [VERIFY, file, "--json"]);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      const report = JSON.parse(r.stdout);
      assert.equal(report.ok, true, report.problems.join("\n"));
      assert.equal(report.level, "B-LTA");
      assert.equal(report.attachment.name, attachment);
      assert.equal(report.attachment.printedSha256, report.attachment.sha256);
      const pdfdetach = run("pdfdetach", ["-save", "1", "-o", path.join(dir, "att.json"), file]);
      assert.equal(pdfdetach.status, 0);
      assert.equal(run("sha256sum", [path.join(dir, "att.json")]).stdout.split(" ")[0], report.attachment.sha256);
      assert.deepEqual(
        report.certificate.signers.map((s) => s.full_name),
        SIGNERS.map((s) => s.full_name),
      );
      assert.ok(report.certificate.events.some((e) => e.kind === "completed"));
      const human = run("node", [VERIFY, file]);
      assert.match(human.stdout, /VERIFIED/);
      assert.match(human.stdout, /Inês Gonçalves/);
    });

    if (attachment === "certificate.json") {
      it(`${name}: transparency.json proves the certificate is in the log, its head signed by the log's key and by no other`, async () => {
        const file = write(dir, "log.pdf", bytes());
        const pdfdetach = run("pdfdetach", ["-list", file]);
        assert.match(pdfdetach.stdout, /transparency\.json/);
        const key = (await svc.must("GET", "/log/v1/live/key")).json.public_key;
        const r = run("node", [VERIFY, file, "--json", "--log-key", key]);
        assert.equal(r.status, 0, r.stdout + r.stderr);
        const t = JSON.parse(r.stdout).transparency;
        assert.equal(t.log, "live");
        assert.equal(t.included, true);
        assert.equal(t.headSigned, true);
        assert.equal(JSON.parse(run("node", [VERIFY, file, "--json"]).stdout).transparency.headSigned, null);
        const other = Buffer.alloc(32, 7).toString("base64");
        const bad = run("node", [VERIFY, file, "--log-key", other]);
        assert.equal(bad.status, 1);
        assert.match(bad.stdout, /head NOT signed by the log key/);
      });
    }

    it(`${name}: a byte flipped anywhere is caught`, () => {
      const original = bytes();
      const text = original.toString("latin1");
      const sigs = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((m) => m.slice(1).map(Number));
      const dssAt = text.lastIndexOf("/Type /DSS");
      const positions = [
        10, // header
        Math.floor(original.length / 3), // page content
        sigs[0][1] + 3, // inside the seal's CMS
        sigs[0][2] + 5, // just after the seal's /Contents
        dssAt + 2, // the DSS
        sigs.at(-1)[1] + 10, // inside the document timestamp
        original.length - 3, // the last startxref
      ];
      for (const at of positions) {
        const altered = Buffer.from(original);
        altered[at] = altered[at] === 0x30 ? 0x31 : 0x30;
        const r = run("node", [VERIFY, write(dir, "bad.pdf", altered)]);
        assert.equal(r.status, 1, `byte ${at} of ${original.length} changed, yet: ${r.stdout}`);
      }
    });
  }
});
