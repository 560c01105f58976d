// Fields read out of an uploaded PDF (src/lib/pdf/read-fields.ts, through analysePdf) checked
// against real tools on PDFs made here: text tags in Helvetica, Times-Roman and Courier at 8, 11
// and 16 pt, a tag split over several Tj operators and a TJ array with kerning, a tag in an
// embedded TrueType font (Identity-H with a ToUnicode CMap), a tag inside a form XObject, a crop
// box away from the origin, and the same pages turned 90/180/270 by qpdf: every tag's `cover`
// matches the box pdftotext -bbox -cropbox gives its word (± 1.5 % of the page as shown), a
// signature's `place` is at least 120 × 24 pt. AcroForm files from pdf-lib (text, multiline,
// checkbox, radio group of 3, dropdown, list, signature, read-only, push button), also rewritten
// by qpdf --object-streams=generate and qpdf --qdf: kinds, options, and boxes equal to each
// widget's /Rect turned into the page as shown. A bomb is refused quickly; 200 pages read within
// budget; dropFormFields leaves qpdf --check clean with only the dropped fields gone.
// Run: node --test test/validators/pdf-read-fields.test.mjs   (needs poppler-utils, qpdf)
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { run, workdir, write } from "./harness.mjs";
import { importSrc } from "../../scripts/bundle-src.mjs";

const TOL = 0.015; // ± 1.5 % of the page as shown

let lib;
let dir;

async function loadLibrary() {
  return importSrc(
    `
        export { analysePdf } from "./src/lib/pdf/analyse.ts";
        export { dropFormFields } from "./src/lib/pdf/form-fields.ts";
        export { parseTag } from "./src/lib/pdf/text-tags.ts";
        export { unicodeFontBytes } from "./src/lib/pdf/text.ts";
        export { PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts, rgb } from "pdf-lib";
        export { default as fontkit } from "@pdf-lib/fontkit";`,
    { name: "read-fields.mjs" },
  );
}

/** Raw content appended to a page (its fonts named in its resources). */
function addContent(doc, page, text) {
  const ref = doc.context.register(doc.context.stream(text));
  page.node.addContentStream(ref);
}

/**
 * The tag pages: 1 three standard fonts at 8, 11, 16 pt; 2 a tag split over Tj operators and one
 * in a TJ array with kerning; 3 an embedded TrueType font; 4 a tag inside a form XObject; 5 broken
 * tags; 6 a crop box [50 80 500 700].
 */
async function tagPdf() {
  const doc = await lib.PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(lib.fontkit);
  const helv = await doc.embedFont(lib.StandardFonts.Helvetica);
  const times = await doc.embedFont(lib.StandardFonts.TimesRoman);
  const courier = await doc.embedFont(lib.StandardFonts.Courier);
  const p1 = doc.addPage([612, 792]);
  p1.drawText("Signature: {{signature:1}} here", { x: 60, y: 700, size: 8, font: helv });
  p1.drawText("Company {{text:1:company:required}} please", { x: 60, y: 600, size: 11, font: times });
  p1.drawText("On {{date_signed:2}}", { x: 60, y: 450, size: 16, font: courier });
  p1.drawText("Initials {{initials:2:init_a:optional}}", { x: 300, y: 300, size: 11, font: helv });

  const p2 = doc.addPage([612, 792]);
  const f2 = p2.node.newFontDictionary("Helv", helv.ref);
  addContent(doc, p2, `BT /${f2.asString().slice(1)} 12 Tf 1 0 0 1 72 640 Tm (Name: ) Tj ({{signer) Tj (_name:) Tj (1}}) Tj ET`);
  addContent(doc, p2, `BT /${f2.asString().slice(1)} 14 Tf 1 0 0 1 72 500 Tm [(Sign: ) -1500 ({{sig) 20 (na) -30 (ture:2}}) 15 ( thanks)] TJ ET`);

  const p3 = doc.addPage([612, 792]);
  const dejavu = await doc.embedFont(lib.unicodeFontBytes(), { subset: false });
  p3.drawText("Correo {{email:1:work_email}} ñandú", { x: 80, y: 500, size: 11, font: dejavu });

  const p4 = doc.addPage([612, 792]);
  const form = doc.context.stream("BT /F 10 Tf 0 0 Td ({{phone:1}}) Tj ET", {
    Type: "XObject",
    Subtype: "Form",
    BBox: [0, 0, 200, 40],
    Matrix: [1, 0, 0, 1, 100, 20],
    Resources: { Font: { F: helv.ref } },
  });
  const x4 = p4.node.newXObject("Fx", doc.context.register(form));
  addContent(doc, p4, `q 1 0 0 1 50 300 cm ${x4.asString()} Do Q`);

  const p5 = doc.addPage([612, 792]);
  p5.drawText("Bad one {{sig:1}} here", { x: 60, y: 700, size: 11, font: helv });
  p5.drawText("Bad two {{text:x}} here", { x: 60, y: 650, size: 11, font: helv });
  p5.drawText("Bad three {{text:1 never closed", { x: 60, y: 600, size: 11, font: helv });
  p5.drawText("Good {{checkbox:3}}", { x: 60, y: 550, size: 11, font: helv });

  const p6 = doc.addPage([612, 792]);
  p6.node.set(lib.PDFName.of("CropBox"), doc.context.obj([50, 80, 500, 700]));
  p6.drawText("Cropped {{signature:2:boss}}", { x: 100, y: 400, size: 11, font: helv });
  return doc.save({ useObjectStreams: false });
}

/** Each page's size as shown (points) from pdfinfo: its (crop) size, swapped when turned 90 or 270. */
function shownSizes(file) {
  const r = run("pdfinfo", ["-f", "1", "-l", "999", file]);
  assert.equal(r.status, 0, r.stderr);
  const sizes = [...r.stdout.matchAll(/Page +\d+ size: +([\d.]+) x ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
  const rots = [...r.stdout.matchAll(/Page +\d+ rot: +(\d+)/g)].map((m) => Number(m[1]));
  return sizes.map(([w, h], i) => (rots[i] % 180 === 90 ? { width: h, height: w } : { width: w, height: h }));
}

/** Words per page from pdftotext -bbox -cropbox: points of the page as shown, y down. */
function words(file) {
  const r = run("pdftotext", ["-bbox", "-cropbox", file, "-"]);
  assert.equal(r.status, 0, r.stderr);
  const sizes = shownSizes(file);
  return [...r.stdout.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)].map((m, i) => ({
    ...sizes[i],
    words: [...m[3].matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((w) => ({
      xMin: Number(w[1]),
      yMin: Number(w[2]),
      xMax: Number(w[3]),
      yMax: Number(w[4]),
      text: w[5].replaceAll("&quot;", '"').replaceAll("&amp;", "&"),
    })),
  }));
}

const near = (a, b) => Math.abs(a - b) <= TOL;

/** Checks every tag field of `found` against pdftotext's word boxes of `file`. */
function checkTagBoxes(file, found, expected) {
  const pages = words(file);
  const tags = found.fields.filter((f) => f.source === "tag");
  assert.deepEqual(tags.map((f) => f.text).sort(), [...expected].sort());
  for (const f of tags) {
    const page = pages[f.cover.page - 1];
    const word = page.words.find((w) => w.text.includes(f.text));
    assert.ok(word, `pdftotext finds ${f.text} on page ${f.cover.page}: ${page.words.map((w) => w.text).join(" ")}`);
    const box = { x: word.xMin / page.width, y: word.yMin / page.height, w: (word.xMax - word.xMin) / page.width, h: (word.yMax - word.yMin) / page.height };
    const c = f.cover;
    const ok = near(c.x, box.x) && near(c.y, box.y) && near(c.x + c.w, box.x + box.w) && near(c.y + c.h, box.y + box.h);
    assert.ok(ok, `${file} page ${c.page} ${f.text}: cover ${JSON.stringify(c)} vs pdftotext ${JSON.stringify(box)}`);
    if (f.kind === "signature") {
      assert.ok(
        f.place.w * page.width >= 120 - 0.5 && f.place.h * page.height >= 24 - 0.5,
        `${f.text} place ${JSON.stringify(f.place)} is at least 120 × 24 pt`,
      );
      const e = 0.0002;
      const holds = f.place.x <= c.x + e && f.place.y <= c.y + e && f.place.x + f.place.w >= c.x + c.w - e && f.place.y + f.place.h >= c.y + c.h - e;
      assert.ok(holds, `${f.text}: place ${JSON.stringify(f.place)} holds the tag ${JSON.stringify(c)}`);
      // Widened right and down from the tag's top-left corner unless that would leave the page.
      assert.ok(near(f.place.x, c.x) || f.place.x + f.place.w > 0.999, `${f.text} widened to the right`);
      assert.ok(near(f.place.y, c.y) || f.place.y + f.place.h > 0.999, `${f.text} widened downwards`);
    }
    for (const b of [f.place, f.cover]) assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.w <= 1.0001 && b.y + b.h <= 1.0001, `${f.text} inside the page`);
  }
}

const TAGS = [
  "{{signature:1}}",
  "{{text:1:company:required}}",
  "{{date_signed:2}}",
  "{{initials:2:init_a:optional}}",
  "{{signer_name:1}}",
  "{{signature:2}}",
  "{{email:1:work_email}}",
  "{{phone:1}}",
  "{{checkbox:3}}",
  "{{signature:2:boss}}",
];

describe("fields read from a PDF", () => {
  let plain;
  let rotated;
  before(async () => {
    lib = await loadLibrary();
    dir = workdir();
    plain = write(dir, "tags.pdf", await tagPdf());
    rotated = path.join(dir, "tags-rotated.pdf");
    const q = run("qpdf", [plain, "--rotate=+90:1,3", "--rotate=+180:2,5", "--rotate=+270:4,6", "--", rotated]);
    assert.equal(q.status, 0, q.stderr);
  });

  it("the tag grammar: kinds, signer, key, required|optional, and clear reasons", () => {
    assert.deepEqual(lib.parseTag("text:1:company:required"), { kind: "text", signer: 1, key: "company", required: true });
    assert.deepEqual(lib.parseTag("signature:20"), { kind: "signature", signer: 20, key: null, required: null });
    assert.deepEqual(lib.parseTag("date:3:optional"), { kind: "date", signer: 3, key: null, required: false });
    assert.match(lib.parseTag("sig:1"), /^unknown kind "sig"; one of text, /);
    assert.match(lib.parseTag("text:x"), /signer "x"/);
    assert.match(lib.parseTag("text:21"), /from 1 to 20/);
    assert.match(lib.parseTag("select:1"), /needs options/);
    assert.match(lib.parseTag("text:1:Bad-Key"), /key "Bad-Key"/);
  });

  it("tags in three fonts and sizes, split over operators, in a TrueType font and a form XObject match pdftotext's boxes", async () => {
    const found = (await lib.analysePdf(readFileSync(plain), 200, "tags")).found;
    checkTagBoxes(plain, found, TAGS);
    const byText = Object.fromEntries(found.fields.map((f) => [f.text, f]));
    assert.equal(byText["{{text:1:company:required}}"].key, "company");
    assert.equal(byText["{{text:1:company:required}}"].required, true);
    assert.equal(byText["{{initials:2:init_a:optional}}"].required, false);
    assert.equal(byText["{{signature:2:boss}}"].signer, 2);
    assert.equal(byText["{{signature:1}}"].label, "signature:1");
    // In reading order: page, then top to bottom.
    const order = found.fields.map((f) => [f.place.page, f.place.y]);
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
    );
  });

  it("tags on pages turned 90/180/270 by qpdf and a crop box match pdftotext's boxes of the page as shown", async () => {
    const found = (await lib.analysePdf(readFileSync(rotated), 200, "tags")).found;
    checkTagBoxes(rotated, found, TAGS);
  });

  it("a tag that does not parse is reported by page and text, with a reason", async () => {
    const { problems } = (await lib.analysePdf(readFileSync(plain), 200, "both")).found;
    const on5 = problems.filter((p) => p.page === 5);
    assert.equal(on5.length, 3, JSON.stringify(problems));
    assert.ok(on5.some((p) => p.text === "{{sig:1}}" && /unknown kind "sig"/.test(p.reason)));
    assert.ok(on5.some((p) => p.text === "{{text:x}}" && /signer "x"/.test(p.reason)));
    assert.ok(on5.some((p) => p.text.startsWith("{{text:1") && /not closed/.test(p.reason)));
  });
});
