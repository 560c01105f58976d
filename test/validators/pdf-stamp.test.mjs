// The PDF stamping library (src/lib/pdf/stamp.ts) checked by real tools on PDFs made here:
// pages rotated 0/90/180/270 by qpdf, crop boxes away from the origin, /Rotate and /CropBox
// inherited from the page tree, MediaBox-only pages, and page content that leaves a changed
// matrix behind. After stamping: qpdf --check is clean; pdfinfo agrees with pageView; pdftotext
// -bbox -cropbox (coordinates of the page as shown) finds every answer's words inside its box
// (± 2 % of the page), upright and in reading order; pdfimages -list has each picture on its page;
// and a rendering (pdftoppm) changes no pixel outside the boxes.
// Run: node --test test/validators/pdf-stamp.test.mjs   (needs poppler-utils, qpdf)
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { run, workdir, write } from "./harness.mjs";
import { pdfFontsEnv } from "../../scripts/assets.mjs";
import { importSrc } from "../../scripts/bundle-src.mjs";

/** The library as the Worker runs it: bundled by esbuild (a wrangler dependency), with its own pdf-lib. */
async function loadLibrary() {
  const lib = await importSrc(
    `
        export { loadPdfFonts } from "./src/lib/pdf/fonts.ts";
        export { loadStandardFonts } from "./src/lib/pdf/standard-fonts.ts";
        export { stampPlacements, pageView } from "./src/lib/pdf/stamp.ts";
        export { PDFDocument, PDFName, PDFNumber, StandardFonts, concatTransformationMatrix, rgb } from "pdf-lib";
        export { encode as encodePng } from "fast-png";`,
    { name: "stamp.mjs" },
  );
  await lib.loadPdfFonts(pdfFontsEnv(), []);
  await lib.loadStandardFonts(pdfFontsEnv().ASSETS);
  return lib;
}

const TOL = 0.02; // ± 2 % of the page as shown

let lib;
let dir;

/** A signature-like PNG: dark strokes on transparency, `w` × `h` pixels. */
function signaturePng(w, h, seed) {
  const data = new Uint8Array(w * h * 4);
  for (let x = 0; x < w; x++) {
    const y0 = Math.round(h / 2 + (h / 3) * Math.sin((x + seed * 17) / (w / 9)));
    for (let y = Math.max(0, y0 - 3); y < Math.min(h, y0 + 3); y++) data.set([10, 20, 90, 255], (y * w + x) * 4);
  }
  return lib.encodePng({ width: w, height: h, data, channels: 4, depth: 8 });
}

/**
 * Original pages with something on them, each ending with a matrix change and no q … Q around
 * it (a producer may leave the graphics state like that; drawing after it must not be moved).
 */
async function basePages(doc, count, crops = {}) {
  const font = await doc.embedFont(lib.StandardFonts.Helvetica);
  for (let n = 1; n <= count; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Original page ${n}`, { x: 60, y: 720, size: 9, font, color: lib.rgb(0.4, 0.4, 0.4) });
    page.drawRectangle({ x: 20, y: 20, width: 572, height: 752, borderColor: lib.rgb(0.7, 0.7, 0.7), borderWidth: 0.5 });
    page.pushOperators(lib.concatTransformationMatrix(2, 0, 0, 2, 37, 53));
    if (crops[n]) page.node.set(lib.PDFName.of("CropBox"), doc.context.obj(crops[n]));
  }
}

/**
 * The fixtures. "rotated": pages 1-4 MediaBox only, turned 0/90/180/270 by qpdf; 5 a crop box
 * [50 80 500 700]; 6 the same crop box turned 90. "inherited": /Rotate 270 and /CropBox on the
 * page tree's root, page 1 also inheriting its /MediaBox, page 2 with its own /Rotate 180.
 */
async function fixtures() {
  const a = await lib.PDFDocument.create({ updateMetadata: false });
  await basePages(a, 6, { 5: [50, 80, 500, 700], 6: [50, 80, 500, 700] });
  const plain = write(dir, "rotated-plain.pdf", await a.save());
  const rotated = path.join(dir, "rotated.pdf");
  const q = run("qpdf", [plain, "--rotate=+90:2", "--rotate=+180:3", "--rotate=+270:4", "--rotate=+90:6", "--", rotated]);
  assert.equal(q.status, 0, q.stderr);

  const b = await lib.PDFDocument.create({ updateMetadata: false });
  await basePages(b, 2);
  const root = b.catalog.Pages();
  root.set(lib.PDFName.of("Rotate"), lib.PDFNumber.of(270));
  root.set(lib.PDFName.of("CropBox"), b.context.obj([30, 40, 560, 760]));
  root.set(lib.PDFName.of("MediaBox"), b.context.obj([0, 0, 612, 792]));
  b.getPage(0).node.delete(lib.PDFName.of("MediaBox"));
  b.getPage(1).node.set(lib.PDFName.of("Rotate"), lib.PDFNumber.of(180));
  const inherited = write(dir, "inherited.pdf", await b.save({ useObjectStreams: false }));
  return { rotated, inherited };
}

const WORDS = ["Alpha Bravo", "Charlie Delta", "Echo Foxtrot", "Golf Hotel", "India Juliett", "Kilo Lima"];
const LONG =
  "The tenant keeps the premises clean and returns every key on the last day of the lease, " +
  "including the garage remote and the mailbox key, or pays for new locks.";

/** What goes on each page of a fixture: an answer, a date, a checkbox, and on some pages a picture or a paragraph. */
function placementsFor(pages, { pictures = [], paragraphs = [], typed = [] }) {
  const out = [];
  for (let n = 1; n <= pages; n++) {
    out.push({ page: n, x: 0.1, y: 0.1, w: 0.45, h: 0.05, kind: "text", text: WORDS[n - 1] });
    out.push({ page: n, x: 0.6, y: 0.1, w: 0.3, h: 0.05, kind: "date", text: "23 November 2026" });
    out.push({ page: n, x: 0.1, y: 0.3, w: 0.05, h: 0.05, kind: "checkbox", text: null, checked: true });
    out.push({ page: n, x: 0.2, y: 0.3, w: 0.05, h: 0.05, kind: "checkbox", text: null, checked: false });
    if (pictures.includes(n)) out.push({ page: n, x: 0.5, y: 0.75, w: 0.35, h: 0.1, kind: "signature", text: null, picture: signaturePng(600, 160, n) });
    if (paragraphs.includes(n)) out.push({ page: n, x: 0.1, y: 0.45, w: 0.8, h: 0.2, kind: "textarea", text: LONG });
    if (typed.includes(n)) out.push({ page: n, x: 0.1, y: 0.75, w: 0.35, h: 0.1, kind: "signature", text: "Zoë Ångström-Łukasiewicz" });
  }
  return out;
}

async function stampFile(input, output, placements) {
  const doc = await lib.PDFDocument.load(readFileSync(input), { updateMetadata: false });
  await lib.stampPlacements(doc, placements);
  return write(dir, output, await doc.save());
}

/** Each page's rotation and crop box as pdfinfo reads them, and its size as shown. */
function pdfinfoPages(file) {
  const r = run("pdfinfo", ["-f", "1", "-l", "999", "-box", file]);
  assert.equal(r.status, 0, r.stderr);
  const pages = {};
  const page = (n) => {
    pages[n] ??= {};
    return pages[n];
  };
  for (const m of r.stdout.matchAll(/^Page\s+(\d+) rot:\s+(\d+)$/gm)) page(m[1]).rotation = Number(m[2]);
  for (const m of r.stdout.matchAll(/^Page\s+(\d+) CropBox:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$/gm)) page(m[1]).crop = m.slice(2).map(Number);
  for (const p of Object.values(pages)) {
    const [l, b, rr, t] = p.crop;
    const sideways = p.rotation % 180 !== 0;
    p.width = sideways ? t - b : rr - l;
    p.height = sideways ? rr - l : t - b;
  }
  return pages;
}

/** Words per page from pdftotext -bbox -cropbox: coordinates of the page as shown, y down. */
function words(file) {
  const r = run("pdftotext", ["-bbox", "-cropbox", file, "-"]);
  assert.equal(r.status, 0, r.stderr);
  return [...r.stdout.matchAll(/<page [^>]*>([\s\S]*?)<\/page>/g)].map((m) =>
    [...m[1].matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((w) => ({
      xMin: Number(w[1]),
      yMin: Number(w[2]),
      xMax: Number(w[3]),
      yMax: Number(w[4]),
      text: w[5],
    })),
  );
}

const inside = (w, box, page) =>
  w.xMin >= (box.x - TOL) * page.width &&
  w.xMax <= (box.x + box.w + TOL) * page.width &&
  w.yMin >= (box.y - TOL) * page.height &&
  w.yMax <= (box.y + box.h + TOL) * page.height;

/**
 * Problems with the text of `placements` in `file` (empty when all is well): each word of each
 * answer found on its page, inside its box, upright (words of four letters or more wider than tall, on one baseline with its
 * neighbours, left to right), and the words read back as the answer.
 */
function textProblems(file, placements) {
  const info = pdfinfoPages(file);
  const all = words(file);
  const problems = [];
  for (const p of placements) {
    const expected = p.kind === "checkbox" ? (p.checked ? ["✔"] : []) : p.picture ? [] : p.text.split(/\s+/);
    if (!expected.length) continue;
    const page = info[p.page];
    const found = [];
    const pool = [...all[p.page - 1]].filter((w) => inside(w, p, page));
    for (const word of expected) {
      const i = pool.findIndex((w) => w.text === word);
      if (i < 0) {
        const elsewhere = all[p.page - 1].find((w) => w.text === word);
        problems.push(`page ${p.page}: "${word}" ${elsewhere ? `outside its box (${JSON.stringify(elsewhere)})` : "not found"}`);
        continue;
      }
      found.push(pool.splice(i, 1)[0]);
    }
    for (const w of found) {
      if (w.text.length >= 4 && !(w.xMax - w.xMin > w.yMax - w.yMin)) problems.push(`page ${p.page}: "${w.text}" is not upright (${JSON.stringify(w)})`);
    }
    // Reading order: each next word right of the previous on the same line, or on a lower line.
    for (let i = 1; i < found.length; i++) {
      const a = found[i - 1];
      const b = found[i];
      const sameLine = Math.abs(a.yMin - b.yMin) < 0.5;
      if (!(sameLine ? b.xMin > a.xMax : b.yMin > a.yMin))
        problems.push(`page ${p.page}: "${a.text}" then "${b.text}" do not read left to right, top to bottom`);
    }
  }
  return problems;
}

/** The page rendered as shown (crop box, rotation) in 8-bit grey: {width, height, pixels}. */
function render(file, page, dpi = 36) {
  const prefix = path.join(dir, `render-${path.basename(file)}-${page}`);
  const r = run("pdftoppm", ["-r", String(dpi), "-gray", "-cropbox", "-f", String(page), "-l", String(page), "-singlefile", file, prefix]);
  assert.equal(r.status, 0, r.stderr);
  const pgm = readFileSync(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString("latin1", 0, 40));
  const [, width, height] = header.map(Number);
  return { width, height, pixels: pgm.subarray(header[0].length) };
}

before(async () => {
  dir = workdir();
  lib = await loadLibrary();
});

describe("stamped answers on rotated, cropped and inherited pages, checked by poppler and qpdf", () => {
  let files;
  let sets;
  before(async () => {
    files = await fixtures();
    sets = {
      rotated: placementsFor(6, { pictures: [2, 3, 6], paragraphs: [1, 4] }),
      inherited: placementsFor(2, { pictures: [1], typed: [2], paragraphs: [2] }),
    };
    files.rotatedOut = await stampFile(files.rotated, "rotated-stamped.pdf", sets.rotated);
    files.inheritedOut = await stampFile(files.inherited, "inherited-stamped.pdf", sets.inherited);
  });

  it("the fixtures are what they claim: pdfinfo sees the rotations and crop boxes, and pageView agrees", async () => {
    const rot = pdfinfoPages(files.rotated);
    assert.deepEqual(
      Object.values(rot).map((p) => p.rotation),
      [0, 90, 180, 270, 0, 90],
    );
    assert.deepEqual(rot[5].crop, [50, 80, 500, 700]);
    assert.deepEqual(rot[6].crop, [50, 80, 500, 700]);
    const inh = pdfinfoPages(files.inherited);
    assert.deepEqual([inh[1].rotation, inh[2].rotation], [270, 180]);
    assert.deepEqual(inh[1].crop, [30, 40, 560, 760]);
    // The inherited entries are on the page tree, not the pages.
    const raw = readFileSync(files.inherited, "latin1");
    assert.equal((raw.match(/\/Rotate 270/g) ?? []).length, 1);
    for (const [file, info] of [
      [files.rotated, rot],
      [files.inherited, inh],
    ]) {
      const doc = await lib.PDFDocument.load(readFileSync(file), { updateMetadata: false });
      doc.getPages().forEach((page, i) => {
        const v = lib.pageView(page);
        const p = info[i + 1];
        assert.deepEqual([v.width, v.height, v.rotation], [p.width, p.height, p.rotation], `page ${i + 1}`);
        assert.deepEqual([v.box.left, v.box.bottom, v.box.right, v.box.top], p.crop, `page ${i + 1}`);
      });
    }
  });

  it("qpdf --check: the stamped files are clean", () => {
    for (const f of [files.rotatedOut, files.inheritedOut]) {
      const r = run("qpdf", ["--check", f]);
      assert.equal(r.status, 0, `${f}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, /No syntax or stream encoding errors found/);
      assert.doesNotMatch(r.stdout + r.stderr, /WARNING/);
    }
  });

  it("pdftotext -bbox finds every answer, date and check mark inside its box, upright, on every rotation and crop box", () => {
    assert.deepEqual(textProblems(files.rotatedOut, sets.rotated), []);
    assert.deepEqual(textProblems(files.inheritedOut, sets.inherited), []);
  });

  it("pdftotext reads the answers as written (not reversed or turned), the wrapped paragraph whole", () => {
    for (const [file, n] of [
      [files.rotatedOut, 6],
      [files.inheritedOut, 2],
    ]) {
      for (let page = 1; page <= n; page++) {
        const r = run("pdftotext", ["-raw", "-f", String(page), "-l", String(page), file, "-"]);
        assert.equal(r.status, 0, r.stderr);
        assert.ok(r.stdout.includes(WORDS[page - 1]), `page ${page} of ${path.basename(file)}: ${JSON.stringify(r.stdout)}`);
        assert.ok(r.stdout.includes("23 November 2026"), `page ${page}: the date`);
        assert.ok(r.stdout.includes("✔"), `page ${page}: the check mark`);
        assert.equal((r.stdout.match(/✔/g) ?? []).length, 1, `page ${page}: one checked box of two`);
      }
    }
    const para = run("pdftotext", ["-raw", "-f", "4", "-l", "4", files.rotatedOut, "-"]).stdout;
    assert.ok(para.replace(/\s+/g, " ").includes(LONG), `the paragraph on the 270° page reads whole: ${para}`);
    const typed = run("pdftotext", ["-raw", "-f", "2", "-l", "2", files.inheritedOut, "-"]).stdout;
    assert.ok(typed.includes("Zoë Ångström-Łukasiewicz"), typed);
  });

  it("pdfimages -list: each drawn signature is on the page it was placed on", () => {
    for (const [file, pages] of [
      [files.rotatedOut, [2, 3, 6]],
      [files.inheritedOut, [1]],
    ]) {
      const r = run("pdfimages", ["-list", file]);
      assert.equal(r.status, 0, r.stderr);
      const rows = r.stdout
        .split("\n")
        .slice(2)
        .map((l) => l.trim().split(/\s+/))
        .filter((c) => c.length > 3 && c[2] === "image");
      assert.deepEqual(
        rows.map((c) => Number(c[0])),
        pages,
      );
    }
  });

  it("rendered as shown: nothing changes outside the boxes, and every drawn box has ink in it", () => {
    for (const [before, after, set, n] of [
      [files.rotated, files.rotatedOut, sets.rotated, 6],
      [files.inherited, files.inheritedOut, sets.inherited, 2],
    ]) {
      for (let page = 1; page <= n; page++) {
        const a = render(before, page);
        const b = render(after, page);
        assert.deepEqual([a.width, a.height], [b.width, b.height]);
        const boxes = set.filter((p) => p.page === page);
        const inked = new Set();
        let outside = 0;
        for (let y = 0; y < a.height; y++) {
          for (let x = 0; x < a.width; x++) {
            const i = y * a.width + x;
            if (Math.abs(a.pixels[i] - b.pixels[i]) < 24) continue;
            const fx = (x + 0.5) / a.width;
            const fy = (y + 0.5) / a.height;
            const hit = boxes.findIndex((p) => fx >= p.x - TOL && fx <= p.x + p.w + TOL && fy >= p.y - TOL && fy <= p.y + p.h + TOL);
            if (hit < 0) outside++;
            else inked.add(hit);
          }
        }
        assert.equal(outside, 0, `${path.basename(after)} page ${page}: ${outside} pixels changed outside the boxes`);
        boxes.forEach((p, i) => {
          const drawn = p.kind !== "checkbox" || p.checked;
          assert.equal(inked.has(i), drawn, `${path.basename(after)} page ${page}: ${p.kind} box ${drawn ? "has no ink" : "was drawn on"}`);
        });
      }
    }
  });
});

describe("the checks can fail", () => {
  it("text drawn without turning it with the page, or at the wrong place, is reported", async () => {
    const a = await lib.PDFDocument.create({ updateMetadata: false });
    await basePages(a, 2);
    const plain = write(dir, "naive-plain.pdf", await a.save());
    const rotated = path.join(dir, "naive.pdf");
    assert.equal(run("qpdf", [plain, "--rotate=+90:1", "--", rotated]).status, 0);
    const doc = await lib.PDFDocument.load(readFileSync(rotated), { updateMetadata: false });
    const font = await doc.embedFont(lib.StandardFonts.Helvetica);
    // Page 1 (turned 90°): the box measured on the unturned page, text not turned.
    // Page 2: drawn after the page's own content without pdf-lib's q … Q, so its left-over matrix applies.
    doc.getPage(0).drawText(WORDS[0], { x: 0.1 * 612 + 2, y: 792 - 0.15 * 792 + 8, size: 12, font });
    const stream = doc.context.flateStream(`BT /Naive 12 Tf ${0.1 * 612 + 2} ${792 - 0.15 * 792 + 8} Td (${WORDS[1]}) Tj ET`);
    const page2 = doc.getPage(1).node;
    const contents = page2.get(lib.PDFName.of("Contents"));
    const added = doc.context.register(stream);
    if (typeof contents.push === "function") contents.push(added);
    else page2.set(lib.PDFName.of("Contents"), doc.context.obj([contents, added]));
    page2.Resources().lookup(lib.PDFName.of("Font")).set(lib.PDFName.of("Naive"), font.ref);
    const file = write(dir, "naive-stamped.pdf", await doc.save());
    const problems = textProblems(
      file,
      [1, 2].map((page) => ({ page, x: 0.1, y: 0.1, w: 0.45, h: 0.05, kind: "text", text: WORDS[page - 1] })),
    );
    assert.ok(
      problems.some((p) => p.startsWith("page 1:")),
      problems.join("\n"),
    );
    assert.ok(
      problems.some((p) => p.startsWith("page 2:")),
      problems.join("\n"),
    );
  });
});
