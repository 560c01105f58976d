// Files from signers, end to end against the running Worker: on a PDF template a signer uploads a
// PDF to a `file` field and a PNG to a placed `stamp` field, then signs. `pdfdetach -list` finds
// both files embedded in the sealed PDF as `<key>-<n>.<ext>`, `pdfdetach -save` gives back the
// very bytes whose SHA-256 the certificate lists, `pdfimages -list` finds the stamp drawn on the
// first page, and `pdfsig` still finds the seal valid.
// Run: npm run test:validators   (needs poppler-utils)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { run, startService, workdir, write } from "./harness.mjs";

const { PDFDocument, StandardFonts } = await import("pdf-lib");
const { encode } = await import("fast-png");

let svc;
let dir;
let files;
const sha = (b) => createHash("sha256").update(b).digest("hex");
const FIELDS = [
  { key: "insurance", label: "Proof of insurance", kind: "file" },
  { key: "seal", label: "Company stamp", kind: "stamp", place: { page: 1, x: 0.1, y: 0.5, w: 0.3, h: 0.15 } },
];

let attached;
let stamp;

before(async () => {
  dir = workdir();
  svc = await startService();
  const { key } = await svc.account("Fields Files Ltd");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText("Workshop lease", { x: 60, y: 780, size: 14, font });
  const { docId, token } = await svc.sentPdfDocument(key, "lease", await doc.save(), FIELDS);
  const link = { token };

  const insurance = await PDFDocument.create();
  insurance.addPage([300, 200]).drawText("Policy 42", { x: 20, y: 100, size: 12, font: await insurance.embedFont(StandardFonts.Helvetica) });
  attached = Buffer.from(await insurance.save());
  const data = new Uint8Array(200 * 120 * 4);
  for (let i = 0; i < 200 * 120; i++) data.set([180, 20, 40, i % 7 ? 255 : 0], i * 4);
  stamp = Buffer.from(encode({ width: 200, height: 120, data, channels: 4, depth: 8 }));
  // Content-Type says nothing: the service judges each file by its bytes.
  assert.equal((await svc.raw(null, "POST", `/v1/sign/${link.token}/files/insurance`, attached, "application/octet-stream")).status, 200);
  assert.equal((await svc.raw(null, "POST", `/v1/sign/${link.token}/files/seal`, stamp, "application/octet-stream")).status, 200);
  await svc.must("POST", `/v1/sign/${link.token}/consent`, { body: {} });
  await svc.must("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: "Ada Lovelace" } });
  files = (await svc.must("GET", `/v1/documents/${docId}/certificate`, { key })).json.payload.files;
  write(dir, "sealed.pdf", Buffer.from((await svc.must("GET", `/v1/documents/${docId}/pdf`, { key, accept: "application/pdf" })).bytes));
});

after(async () => {
  await svc?.close();
});

describe("uploaded files in the sealed PDF", () => {
  it("the certificate lists each file with its SHA-256, size and type", () => {
    assert.deepEqual(files, [
      { key: "insurance", signer: "ada@example.com", sha256: sha(attached), size: attached.length, content_type: "application/pdf" },
      { key: "seal", signer: "ada@example.com", sha256: sha(stamp), size: stamp.length, content_type: "image/png" },
    ]);
  });

  it("pdfdetach -list names both; -save gives back the certified bytes", () => {
    const list = run("pdfdetach", ["-list", path.join(dir, "sealed.pdf")]).stdout;
    assert.match(list, /insurance-1\.pdf/);
    assert.match(list, /seal-1\.png/);
    assert.match(list, /certificate\.json/);
    for (const [name, bytes] of [
      ["insurance-1.pdf", attached],
      ["seal-1.png", stamp],
    ]) {
      const out = path.join(dir, name);
      const n = new RegExp(`^(\\d+): ${name.replace(".", "\\.")}$`, "m").exec(list)[1];
      const r = run("pdfdetach", ["-save", n, "-o", out, path.join(dir, "sealed.pdf")]);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(sha(readFileSync(out)), sha(bytes), name);
    }
  });

  it("pdfimages -list finds the stamp drawn on the first page", () => {
    const list = run("pdfimages", ["-list", "-f", "1", "-l", "1", path.join(dir, "sealed.pdf")]).stdout;
    assert.match(list, /^\s+1\s+\d+\s+image\s+/m);
  });

  it("pdfsig: the sealed file is valid", () => {
    const r = run("pdfsig", [path.join(dir, "sealed.pdf")]);
    assert.match(r.stdout, /Signature Validation: Signature is Valid\./);
  });
});
