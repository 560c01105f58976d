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
import { ROOT, run, workdir, write } from "./harness.mjs";
import { assetsFromDisk } from "../../scripts/assets.mjs";
import { importSrc } from "../../scripts/bundle-src.mjs";

const TOL = 0.015; // ± 1.5 % of the page as shown

let lib;
let dir;

async function loadLibrary() {
  const lib = await importSrc(
    `
        export { analysePdf } from "./src/lib/pdf/analyse.ts";
        export { loadStandardFonts } from "./src/lib/pdf/standard-fonts.ts";
        export { dropFormFields } from "./src/lib/pdf/form-fields.ts";
        export { parseTag } from "./src/lib/pdf/text-tags.ts";
        export { glyphToUnicode, parseCMap } from "./src/lib/pdf/content-fonts.ts";
        export { lexContent, readPageText, TextBudget } from "./src/lib/pdf/content-text.ts";
        export { PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts, rgb } from "pdf-lib";
        export { default as fontkit } from "@pdf-lib/fontkit";`,
    { name: "read-fields.mjs" },
  );
  await lib.loadStandardFonts(assetsFromDisk());
  return lib;
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
  const dejavu = await doc.embedFont(readFileSync(path.join(ROOT, "assets/fonts/DejaVuSans-subset.ttf")), { subset: false });
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

  // 7: a simple font whose /Differences give the braces other codes,
  // widths from the standard 14 metrics by glyph name; and Times-Roman with /MacRomanEncoding.
  const p7 = doc.addPage([612, 792]);
  const custom = doc.context.register(
    doc.context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica", Encoding: { Type: "Encoding", Differences: [1, "braceleft", "braceright"] } }),
  );
  const mac = doc.context.register(doc.context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Times-Roman", Encoding: "MacRomanEncoding" }));
  const fd = p7.node.newFontDictionary("FD", custom).asString();
  const fm = p7.node.newFontDictionary("FM", mac).asString();
  addContent(doc, p7, `BT ${fd} 13 Tf 1 0 0 1 72 500 Tm (Total \\001\\001number:1:total\\002\\002 due) Tj ET`);
  addContent(doc, p7, `BT ${fm} 12 Tf 1 0 0 1 72 400 Tm (Fecha \\207 {{date:2}} ok) Tj 0 -20 Td ({{text:\\207\\204}}) Tj ET`);
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
  "{{number:1:total}}",
  "{{date:2}}",
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

  it("ToUnicode CMaps (codespace ranges, bfchar, bfrange incrementing and array forms) and glyph names", () => {
    const cmap = lib.parseCMap(`/CIDInit /ProcSet findresource begin
      2 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange
      2 beginbfchar <41> <0042> <8001> <00E9> endbfchar
      2 beginbfrange <61> <63> <0078> <8100> <8102> [<007B> <007D> <00660069>] endbfrange
      endcmap`);
    assert.deepEqual(cmap.space, [
      { bytes: 1, lo: 0, hi: 0x7f },
      { bytes: 2, lo: 0x8000, hi: 0xffff },
    ]);
    assert.deepEqual(
      [0x41, 0x8001, 0x61, 0x62, 0x63, 0x8100, 0x8101, 0x8102].map((c) => cmap.map.get(c)),
      ["B", "é", "x", "y", "z", "{", "}", "fi"],
    );
    assert.deepEqual(["braceleft", "uni007B", "u1F600", "Adieresis", "a.sc", "nosuchglyph"].map(lib.glyphToUnicode), ["{", "{", "😀", "Ä", "a", null]);
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
    // MacRoman codes 0x87 and 0x84 decoded: á and Ñ.
    assert.deepEqual(
      problems.filter((p) => p.page === 7).map((p) => p.text),
      ["{{text:\u00e1\u00d1}}"],
    );
  });
});

/** The AcroForm file: page 1 as is, page 2 (turned 90 by qpdf later) with a text field and a signature field. */
async function formPdf() {
  const doc = await lib.PDFDocument.create({ updateMetadata: false });
  const p1 = doc.addPage([612, 792]);
  const p2 = doc.addPage([612, 792]);
  const form = doc.getForm();
  const name = form.createTextField("applicant.name");
  name.setMaxLength(40);
  name.enableRequired();
  name.addToPage(p1, { x: 50, y: 700, width: 200, height: 20 });
  name.acroField.dict.set(lib.PDFName.of("TU"), lib.PDFString.of("Full name"));
  const notes = form.createTextField("notes");
  notes.enableMultiline();
  notes.addToPage(p1, { x: 50, y: 600, width: 300, height: 60 });
  form.createCheckBox("agree").addToPage(p1, { x: 50, y: 550, width: 15, height: 15 });
  const plan = form.createRadioGroup("plan");
  for (const [i, v] of ["basic", "plus", "pro"].entries()) plan.addOptionToPage(v, p1, { x: 50 + i * 50, y: 500, width: 15, height: 15 });
  const country = form.createDropdown("country");
  country.addOptions(["ES", "FR", "PT"]);
  country.addToPage(p1, { x: 50, y: 450, width: 100, height: 20 });
  const colours = form.createOptionList("colours");
  colours.addOptions(["red", "green"]);
  colours.addToPage(p1, { x: 200, y: 400, width: 100, height: 40 });
  const ref = form.createTextField("ref");
  ref.addToPage(p1, { x: 400, y: 700, width: 100, height: 20 });
  ref.enableReadOnly();
  form.createButton("reset").addToPage("Reset", p1, { x: 400, y: 650, width: 60, height: 20 });
  form.createTextField("city").addToPage(p2, { x: 100, y: 300, width: 150, height: 20 });
  const sig = doc.context.register(
    doc.context.obj({ FT: "Sig", T: lib.PDFString.of("sign_here"), Type: "Annot", Subtype: "Widget", Rect: [300, 100, 100, 150], F: 4, P: p2.ref }),
  );
  form.acroForm.addField(sig);
  p2.node.addAnnot(sig);
  return doc.save();
}

/** What the form should read as (each box is checked against qpdf's view of the widgets). */
const FORM = [
  { name: "applicant.name", kind: "text", label: "Full name", required: true, max_length: 40, page: 1 },
  { name: "notes", kind: "textarea", page: 1 },
  { name: "agree", kind: "checkbox", page: 1 },
  { name: "plan", kind: "radio", options: ["basic", "plus", "pro"], page: 1 },
  { name: "country", kind: "select", options: ["ES", "FR", "PT"], page: 1 },
  { name: "colours", kind: "select", options: ["red", "green"], page: 1 },
  { name: "city", kind: "text", page: 2 },
  { name: "sign_here", kind: "signature", page: 2 },
];

/** qpdf's own reading of a file: its form fields (one entry per widget), pages, and objects by reference. */
function qpdfJson(file) {
  const r = run("qpdf", ["--json", "--json-key=acroform", "--json-key=pages", "--json-key=qpdf", file]);
  assert.equal(r.status, 0, r.stderr);
  const d = JSON.parse(r.stdout);
  const obj = (ref) => d.qpdf[1][`obj:${ref}`]?.value;
  const annots = (page) => {
    const a = obj(page.object)["/Annots"];
    return (typeof a === "string" ? obj(a) : a) ?? [];
  };
  return { acroform: d.acroform, pages: d.pages, obj, annots };
}

/** A field's widgets' rectangle (normalised; the union of its widgets on its first page) and that page's /Rotate, per qpdf. */
function widgetRect(q, name) {
  const widgets = q.acroform.fields.filter((f) => f.fullname === name);
  const page = widgets[0].pageposfrom1;
  const rects = widgets
    .filter((w) => w.pageposfrom1 === page)
    .map((w) => q.obj(w.annotation.object)["/Rect"])
    .map(([a, b, c, d]) => [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)]);
  const rect = [0, 1].map((i) => Math.min(...rects.map((r) => r[i]))).concat([2, 3].map((i) => Math.max(...rects.map((r) => r[i]))));
  return { rect, page, rotate: q.obj(q.pages[page - 1].object)["/Rotate"] ?? 0 };
}

/** A user-space rectangle of a 612 × 792 page as fractions of the page as shown (turned `rot` clockwise). */
function expectedBox([x0, y0, x1, y1], rot) {
  if (rot === 90) return { x: y0 / 792, y: x0 / 612, w: (y1 - y0) / 792, h: (x1 - x0) / 612 };
  return { x: x0 / 612, y: (792 - y1) / 792, w: (x1 - x0) / 612, h: (y1 - y0) / 792 };
}

describe("AcroForm fields read from a PDF", () => {
  const files = {};
  before(async () => {
    lib ??= await loadLibrary();
    dir ??= workdir();
    const made = write(dir, "form.pdf", await formPdf());
    files.pdflib = path.join(dir, "form-rotated.pdf");
    assert.equal(run("qpdf", [made, "--rotate=+90:2", "--", files.pdflib]).status, 0);
    files.objstm = path.join(dir, "form-objstm.pdf");
    assert.equal(run("qpdf", ["--object-streams=generate", files.pdflib, files.objstm]).status, 0);
    files.qdf = path.join(dir, "form-qdf.pdf");
    assert.equal(run("qpdf", ["--qdf", files.pdflib, files.qdf]).status, 0);
  });

  for (const variant of ["pdflib", "objstm", "qdf"]) {
    it(`reads kinds, options and widget boxes (${variant === "pdflib" ? "pdf-lib" : variant === "objstm" ? "qpdf --object-streams=generate" : "qpdf --qdf"})`, async () => {
      const { fields, problems } = (await lib.analysePdf(readFileSync(files[variant]), 200, "acroform")).found;
      const q = qpdfJson(files[variant]);
      assert.deepEqual(fields.map((f) => f.name).sort(), FORM.map((f) => f.name).sort());
      for (const want of FORM) {
        const f = fields.find((x) => x.name === want.name);
        assert.equal(f.source, "acroform");
        assert.equal(f.kind, want.kind, want.name);
        assert.equal(f.label, want.label ?? want.name.split(".").pop());
        assert.equal(f.required, want.required ?? false, want.name);
        assert.equal(f.signer, null);
        assert.deepEqual(f.options, want.options, want.name);
        assert.equal(f.max_length, want.max_length, want.name);
        const w = widgetRect(q, want.name);
        assert.equal(f.place.page, want.page, want.name);
        assert.equal(w.page, want.page, want.name);
        const box = expectedBox(w.rect, w.rotate);
        for (const k of ["x", "y", "w", "h"]) assert.ok(Math.abs(f.place[k] - box[k]) < 0.0002, `${want.name}.${k}: ${f.place[k]} vs ${box[k]}`);
      }
      assert.deepEqual(problems.map((p) => [p.page, p.text]).sort(), [
        [1, "ref"],
        [1, "reset"],
      ]);
      assert.match(problems.find((p) => p.text === "ref").reason, /read-only/);
      assert.match(problems.find((p) => p.text === "reset").reason, /push button/);
    });
  }

  it("dropFormFields takes off only the named fields' widgets and fields; qpdf --check stays clean", async () => {
    const doc = await lib.PDFDocument.load(readFileSync(files.objstm));
    lib.dropFormFields(doc, ["applicant.name", "plan", "sign_here"]);
    const out = write(dir, "form-dropped.pdf", await doc.save());
    const check = run("qpdf", ["--check", out]);
    assert.equal(check.status, 0, check.stdout + check.stderr);
    const json = qpdfJson(out);
    const names = [...new Set(json.acroform.fields.map((f) => f.fullname))].sort();
    assert.deepEqual(names, ["agree", "city", "colours", "country", "notes", "ref", "reset"]);
    // The pages' widgets are exactly the widgets of the fields left.
    const onPages = json.pages.flatMap((p) => json.annots(p)).sort();
    assert.deepEqual(onPages, json.acroform.fields.map((f) => f.annotation.object).sort());
    const all = (await lib.analysePdf(new Uint8Array(readFileSync(out)), 200, "acroform")).found.fields.map((f) => f.name).sort();
    assert.deepEqual(all, ["agree", "city", "colours", "country", "notes"]);

    const doc2 = await lib.PDFDocument.load(readFileSync(out));
    lib.dropFormFields(doc2, ["agree", "city", "colours", "country", "notes", "ref", "reset"]);
    const none = write(dir, "form-none.pdf", await doc2.save());
    assert.equal(run("qpdf", ["--check", none]).status, 0);
    const left = qpdfJson(none);
    assert.equal(left.acroform.hasacroform, false);
    assert.equal(left.pages.flatMap((p) => left.annots(p)).length, 0);
  });
});

describe("bounds of field reading", () => {
  before(async () => {
    lib ??= await loadLibrary();
    dir ??= workdir();
  });

  it("a content stream inflating past the limit is refused quickly, too large once decompressed", async () => {
    const doc = await lib.PDFDocument.create({ updateMetadata: false });
    const page = doc.addPage([612, 792]);
    const bomb = deflateSync(Buffer.alloc(70 * 1024 * 1024, 0x20), { level: 9 });
    const raw = doc.context.stream(new Uint8Array(bomb), { Filter: "FlateDecode" });
    page.node.addContentStream(doc.context.register(raw));
    const bytes = await doc.save({ useObjectStreams: false });
    const t = performance.now();
    await assert.rejects(lib.analysePdf(bytes, 200, "tags"), (err) => err.problem === "too_large_decompressed");
    assert.ok(performance.now() - t < 10_000, "refused within 10 s");
  });

  it("the reader's streams share one running budget: past it the file is refused, not read", async () => {
    const doc = await lib.PDFDocument.create({ updateMetadata: false });
    const font = await doc.embedFont(lib.StandardFonts.Helvetica);
    const pages = [1, 2, 3].map(() => doc.addPage([612, 792]));
    for (const page of pages) page.drawText(`{{text:1}} ${"x".repeat(500)}`, { x: 20, y: 700, size: 4, font });
    const loaded = await lib.PDFDocument.load(await doc.save());
    const size = (
      await new lib.TextBudget().bytesOf(
        loaded
          .getPage(0)
          .node.Contents()
          .asArray()
          .map((r) => loaded.context.lookup(r))[0],
      )
    ).length;
    // Enough for two pages' content, not three.
    const budget = new lib.TextBudget(size * 2 + 10);
    assert.equal((await lib.readPageText(loaded.getPage(0), budget))[0].text.slice(0, 10), "{{text:1}}");
    await lib.readPageText(loaded.getPage(1), budget);
    await assert.rejects(lib.readPageText(loaded.getPage(2), budget), (err) => err.problem === "too_large_decompressed");
  });

  it("broken and random content streams never throw: a page reads as what was read", async () => {
    const pieces = [
      "BT",
      "/F1 12 Tf",
      "(a\\) b",
      "<41 4",
      "[(x) -20 (y)] TJ",
      "<< /A [1 2",
      "]",
      ">>",
      "BI /W 2 ID \x00\xff EI",
      "1 0 0 1 5 5 cm",
      "q",
      "Q",
      "ET",
      "%",
      "(((",
      ")",
      "Do",
      "/X",
      "Tj",
      "'",
    ];
    let seed = 7;
    const rnd = (n) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const parts = Array.from({ length: 1 + rnd(40) }, () => (rnd(5) === 0 ? String.fromCharCode(rnd(256)) : pieces[rnd(pieces.length)]));
      const bytes = Uint8Array.from(parts.join(rnd(2) ? " " : "\n"), (c) => c.charCodeAt(0) & 0xff);
      for (const op of lib.lexContent(bytes)) assert.equal(typeof op[0], "string");
    }
    const doc = await lib.PDFDocument.create({ updateMetadata: false });
    const font = await doc.embedFont(lib.StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText("{{text:1}}", { x: 50, y: 700, size: 12, font });
    addContent(doc, page, "BT /F1 12 Tf (never closed [ << /a 1 2 3 Tj\n\x00\xff");
    const { found } = await lib.analysePdf(await doc.save(), 200, "tags");
    assert.deepEqual(
      found.fields.map((f) => f.text),
      ["{{text:1}}"],
    );
  });

  it("a 200-page file with a tag on every page reads every tag within budget", async () => {
    const doc = await lib.PDFDocument.create({ updateMetadata: false });
    const font = await doc.embedFont(lib.StandardFonts.Helvetica);
    for (let i = 1; i <= 200; i++) {
      const page = doc.addPage([595.28, 841.89]);
      for (let l = 0; l < 40; l++)
        page.drawText(`Clause ${i}.${l}: the parties agree to what this line says, word for word.`, { x: 50, y: 800 - l * 18, size: 10, font });
      page.drawText(`Signed {{signature:${(i % 20) + 1}}}`, { x: 300, y: 60, size: 11, font });
    }
    const bytes = await doc.save();
    const t = performance.now();
    const { found } = await lib.analysePdf(bytes, 200, "both");
    const took = performance.now() - t;
    assert.equal(found.fields.length, 200);
    assert.deepEqual(
      found.fields.map((f) => f.place.page),
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    assert.ok(took < 20_000, `read in ${Math.round(took)} ms`);
  });
});
