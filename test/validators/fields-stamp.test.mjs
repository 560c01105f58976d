// Fields that think on a PDF template, end to end against the running Worker: a formula's value
// (frozen at signing), the auto-filled signer name, email and signing date, and one initials
// answer drawn at each of its `places` are found by `pdftotext -bbox` inside their boxes on the
// sealed file (± 2 % of the page), which `pdfsig` still finds valid.
// Run: npm run test:validators   (needs poppler-utils)
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { run, startService, workdir, write } from "./harness.mjs";

const { PDFDocument, StandardFonts } = await import("pdf-lib");

let svc;
let dir;
let signedOn;
const box = (page, y) => ({ page, x: 0.1, y, w: 0.6, h: 0.05 });
const FIELDS = [
  { key: "rent", label: "Rent", kind: "number", place: box(1, 0.1) },
  { key: "months", label: "Months", kind: "number", place: box(1, 0.2) },
  { key: "total", label: "Total", kind: "formula", formula: "rent * months + 0.1 + 0.2", decimals: 2, place: box(1, 0.3) },
  { key: "who", label: "Name", kind: "signer_name", place: box(1, 0.4) },
  { key: "mail", label: "Email", kind: "signer_email", place: box(1, 0.5) },
  { key: "on", label: "Signed on", kind: "date_signed", place: box(1, 0.6) },
  { key: "ini", label: "Initials", kind: "initials", places: [box(1, 0.9), box(2, 0.9)] },
];

before(async () => {
  dir = workdir();
  svc = await startService();
  const { key } = await svc.account("Fields Stamp Ltd");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 2; i++) doc.addPage([595.28, 841.89]).drawText(`Lease page ${i + 1}`, { x: 60, y: 780, size: 14, font });
  const { docId, token } = await svc.sentPdfDocument(key, "lease", await doc.save(), FIELDS);
  const link = { token };
  for (const [k, value] of [
    ["rent", "1000.10"],
    ["months", "3"],
    ["ini", "AL"],
  ]) {
    await svc.must("POST", `/v1/sign/${link.token}/fields`, { body: { key: k, value } });
  }
  await svc.must("POST", `/v1/sign/${link.token}/consent`, { body: {} });
  await svc.must("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: "Ada Lovelace" } });
  signedOn = new Date().toISOString().slice(0, 10);
  write(dir, "sealed.pdf", Buffer.from((await svc.must("GET", `/v1/documents/${docId}/pdf`, { key, accept: "application/pdf" })).bytes));
});

after(async () => {
  await svc?.close();
});

/** Words of one page with their boxes, from pdftotext -bbox (top-left origin, points). */
function words(page) {
  const out = run("pdftotext", ["-bbox", "-f", String(page), "-l", String(page), path.join(dir, "sealed.pdf"), "-"]).stdout;
  const size = /<page width="([\d.]+)" height="([\d.]+)"/.exec(out);
  const list = [...out.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    x: Number(m[1]) / Number(size[1]),
    y: Number(m[2]) / Number(size[2]),
    x2: Number(m[3]) / Number(size[1]),
    y2: Number(m[4]) / Number(size[2]),
    text: m[5],
  }));
  return list;
}

const inside = (w, b) => w.x >= b.x - 0.02 && w.x2 <= b.x + b.w + 0.02 && w.y >= b.y - 0.02 && w.y2 <= b.y + b.h + 0.02;

describe("formula and auto-filled values on the stamped PDF", () => {
  it("pdfsig: the sealed file is valid", () => {
    const r = run("pdfsig", [path.join(dir, "sealed.pdf")]);
    assert.match(r.stdout, /Signature Validation: Signature is Valid\./);
  });

  it("pdftotext -bbox finds each value inside its box", () => {
    const expected = [
      ["1000.10", box(1, 0.1)],
      ["3000.60", box(1, 0.3)],
      ["Ada", box(1, 0.4)],
      ["ada@example.com", box(1, 0.5)],
      [signedOn, box(1, 0.6)],
      ["AL", box(1, 0.9)],
      ["AL", box(2, 0.9)],
    ];
    // The formula 1000.10 * 3 + 0.1 + 0.2 is exactly 3000.60 (decimal, not floating point).
    for (const [text, b] of expected) {
      const found = words(b.page).filter((w) => w.text === text);
      assert.ok(
        found.some((w) => inside(w, b)),
        `${text} on page ${b.page}: ${JSON.stringify(found)}`,
      );
    }
  });
});
