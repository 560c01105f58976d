// Real validators against sealed files made by the running service (see harness.mjs).
// Run: npm run test:validators   (needs poppler-utils, qpdf, zbar-tools, openssl)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { BASE_URL, FIXTURES, run, sha256, signatureParts, startService, tokenParts, workdir, write } from "./harness.mjs";

const SIGNERS = [
  { email: "athina@example.gr", full_name: "Αθηνά Παπαδοπούλου" },
  { email: "ekaterina@example.ru", full_name: "Екатерина Смирнова" },
  { email: "zoe@example.se", full_name: "Zoë Ångström-Łukasiewicz" },
  { email: "li@example.cn", full_name: "李雷" },
];
const BODY = "Mutual non-disclosure agreement with {{company}}.\n\nΟι συμβαλλόμενοι συμφωνούν. Стороны договорились.\n\nCJK text the font lacks: 秘密保持契約.";

let svc;
let dir;
let pdf; // sealed certificate PDF bytes
let bundle;
let code;

before(async () => {
  dir = workdir();
  svc = await startService();
  const { key, id } = await svc.completedDocument(SIGNERS, BODY);
  const cert = await svc.must("GET", `/v1/documents/${id}/certificate`, { key });
  code = cert.json.verification_code;
  pdf = Buffer.from((await svc.must("GET", `/v1/documents/${id}/pdf`, { key, accept: "application/pdf" })).bytes);
  bundle = Buffer.from((await svc.must("GET", `/v1/documents/${id}/bundle`, { key, accept: "application/pdf" })).bytes);
  write(dir, "certificate.pdf", pdf);
  write(dir, "bundle.pdf", bundle);
});

after(async () => {
  await svc?.close();
});

for (const [name, bytes] of [
  ["certificate PDF", () => pdf],
  ["evidence bundle", () => bundle],
]) {
  describe(`sealed ${name}`, () => {
    it("pdfsig: the signature is valid, ETSI.CAdES.detached, and covers the total document", () => {
      const file = write(dir, "check.pdf", bytes());
      const r = run("pdfsig", [file]);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /Signature Type: ETSI\.CAdES\.detached/);
      assert.match(r.stdout, /Signing Hash Algorithm: SHA-256/);
      assert.match(r.stdout, /Total document signed/);
      assert.match(r.stdout, /Signature Validation: Signature is Valid\./);
      assert.match(r.stdout, /Signer Certificate Common Name: Edge Sign Test Seal \(TEST ONLY\)/);
    });

    it("openssl cms -verify accepts the detached signature over the byte ranges", () => {
      const { signed, cms } = signatureParts(bytes());
      const sig = write(dir, "sig.der", cms);
      const content = write(dir, "signed.bin", signed);
      const r = run("openssl", [
        "cms",
        "-verify",
        "-binary",
        "-inform",
        "DER",
        "-in",
        sig,
        "-content",
        content,
        "-CAfile",
        path.join(FIXTURES, "seal-cert.pem"),
        "-purpose",
        "any",
        "-out",
        "/dev/null",
      ]);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stderr, /CMS Verification successful/);
      const print = run("openssl", ["cms", "-cmsout", "-print", "-inform", "DER", "-in", sig]).stdout;
      assert.match(print, /signingCertificateV2/);
      assert.match(print, /timeStampToken/);
    });

    it("openssl ts -verify accepts the timestamp token over the signature value", async () => {
      const { cms } = signatureParts(bytes());
      const { signatureValue, token } = await tokenParts(cms);
      const tok = write(dir, "token.der", token);
      const data = write(dir, "sigvalue.bin", signatureValue);
      const r = run("openssl", ["ts", "-verify", "-token_in", "-in", tok, "-data", data, "-CAfile", path.join(FIXTURES, "tsa-cert.pem")]);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /Verification: OK/);
    });

    it("qpdf --check finds the file sound", () => {
      const file = write(dir, "check.pdf", bytes());
      const r = run("qpdf", ["--check", file]);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /No syntax or stream encoding errors found/);
    });

    it("one changed byte makes pdfsig report the signature invalid", () => {
      const tampered = Buffer.from(bytes());
      const { range } = signatureParts(tampered);
      // A byte of the binary comment on line 2: the file still parses, but the digest changes.
      const at = tampered.indexOf("\n") + 2;
      assert.ok(at < range[1]);
      tampered[at] ^= 0x01;
      const r = run("pdfsig", [write(dir, "tampered.pdf", tampered)]);
      assert.doesNotMatch(r.stdout, /Signature is Valid/);
      assert.match(r.stdout, /Signature Validation: (Digest Mismatch|Signature is Invalid)/);
    });
  });
}

describe("what the certificate shows", () => {
  it("zbarimg decodes the QR code to the verification address", () => {
    const prefix = path.join(dir, "page");
    const r = run("pdftoppm", ["-r", "150", "-png", path.join(dir, "certificate.pdf"), prefix]);
    assert.equal(r.status, 0, r.stderr);
    const pages = readdirSync(dir)
      .filter((f) => f.startsWith("page") && f.endsWith(".png"))
      .map((f) => path.join(dir, f));
    const decoded = pages.flatMap((p) => run("zbarimg", ["--raw", "-q", p]).stdout.split("\n").filter(Boolean));
    assert.deepEqual(decoded, [`${BASE_URL}/verify/${code}`]);
  });

  it("names in Greek, Cyrillic, accented Latin and CJK (font from R2) render as text", () => {
    const text = run("pdftotext", ["-enc", "UTF-8", path.join(dir, "certificate.pdf"), "-"]).stdout;
    for (const s of SIGNERS.slice(0, 3)) assert.ok(text.includes(s.full_name), `missing ${s.full_name}`);
    assert.ok(text.includes("Ελληνική Εταιρεία ΑΕ"));
    assert.ok(text.includes("李雷"), "李雷 drawn from the CJK font in R2");
    assert.ok(text.includes(code.match(/.{4}/g).join("-")), "grouped verification code");
    assert.ok(text.includes("Certificate of completion"));
  });

  it("the verification API accepts the SHA-256 of both sealed files", async () => {
    for (const bytes of [pdf, bundle]) {
      const r = await svc.call("GET", `/v1/verify/${code}?sha256=${sha256(bytes)}`);
      assert.equal(r.status, 200);
      assert.equal(r.json.document_matches, true);
      assert.equal(r.json.signers.length, 4);
    }
  });
});

describe("the bundle's package SHA-256", () => {
  it("equals the SHA-256 of the attached evidence.json, recomputed as docs/evidence.md says", () => {
    const json = path.join(dir, "evidence.json");
    const r = run("pdfdetach", ["-save", "1", "-o", json, path.join(dir, "bundle.pdf")]);
    assert.equal(r.status, 0, r.stderr);
    const pkg = sha256(readFileSync(json));
    const text = run("pdftotext", ["-enc", "UTF-8", path.join(dir, "bundle.pdf"), "-"]).stdout;
    const lastPage = text
      .split("\f")
      .filter((p) => p.trim())
      .at(-1);
    assert.match(lastPage, /6\. Package SHA-256/);
    assert.ok(lastPage.includes(pkg), "package SHA-256 printed on the last page");
    assert.equal(run("pdfdetach", ["-list", path.join(dir, "bundle.pdf")]).stdout, "1 embedded files\n1: evidence.json\n");
    const manifest = JSON.parse(readFileSync(json, "utf8"));
    assert.equal(manifest.format, "edge-sign/evidence-bundle/1");
    if (manifest.messages.length === 0) assert.match(text, /No messages were sent about this document\./);
    assert.match(text, /No webhook deliveries were made about this document\./);
  });
});
