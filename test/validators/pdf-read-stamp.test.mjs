// Fields read from a PDF and then stamped, as a completed document of a PDF template is drawn
// (src/domain/pdf-completion.ts: the tags' own words painted over, then each answer in its box,
// and the form fields read taken out). Checked by poppler and qpdf on pages upright and turned
// 90/180/270 by qpdf: pdftotext -bbox -cropbox finds every word the stamping added inside the box
// read from its tag or widget (± 2 % of the page as shown) and, where the text reads upright as
// shown, each answer whole in its box, a rendering (pdftoppm) shows nothing dark left where an unanswered
// tag was and changes no pixel outside the tags' and fields' boxes, the form field read is gone
// while another stays, and qpdf --check is clean.
// Run: node --test test/validators/pdf-read-stamp.test.mjs   (needs poppler-utils, qpdf)
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { run, workdir, write } from "./harness.mjs";
import { pdfFontsEnv } from "../../scripts/assets.mjs";
import { importSrc } from "../../scripts/bundle-src.mjs";

const TOL = 0.02;

let lib;
let dir;

before(async () => {
  dir = workdir();
  lib = await importSrc(
    `
        export { analysePdf } from "./src/lib/pdf/analyse.ts";
        export { loadPdf } from "./src/lib/pdf/load.ts";
        export { dropFormFields } from "./src/lib/pdf/form-fields.ts";
        export { stampPlacements } from "./src/lib/pdf/stamp.ts";
        export { loadPdfFonts } from "./src/lib/pdf/fonts.ts";
        export { loadStandardFonts } from "./src/lib/pdf/standard-fonts.ts";
        export { PDFDocument, StandardFonts } from "pdf-lib";`,
    { name: "read-stamp.mjs" },
  );
  await lib.loadPdfFonts(pdfFontsEnv(), []);
  await lib.loadStandardFonts(pdfFontsEnv().ASSETS);
});

/** A one-page contract: three tags (one left unanswered) in two fonts and sizes, and two form fields. */
async function contract() {
  const doc = await lib.PDFDocument.create({ updateMetadata: false });
  const helv = await doc.embedFont(lib.StandardFonts.Helvetica);
  const times = await doc.embedFont(lib.StandardFonts.TimesRoman);
  const page = doc.addPage([612, 792]);
  page.drawText("Services agreement", { x: 72, y: 720, size: 20, font: helv });
  page.drawText("Client company: {{text:1:company}}", { x: 72, y: 640, size: 11, font: times });
  page.drawText("Purchase order (optional): {{text:1:po_number:optional}}", { x: 72, y: 560, size: 9, font: helv });
  page.drawText("Signed: {{signature:1}}", { x: 72, y: 300, size: 12, font: helv });
  const form = doc.getForm();
  form.createTextField("client.city").addToPage(page, { x: 320, y: 200, width: 180, height: 22 });
  const kept = form.createTextField("office.use");
  kept.addToPage(page, { x: 320, y: 120, width: 180, height: 22 });
  kept.enableReadOnly();
  return doc.save();
}

/** The page rendered as shown in 8-bit grey at 36 dpi. */
function render(file) {
  const prefix = path.join(dir, `render-${path.basename(file)}`);
  const r = run("pdftoppm", ["-r", "36", "-gray", "-cropbox", "-singlefile", file, prefix]);
  assert.equal(r.status, 0, r.stderr);
  const pgm = readFileSync(`${prefix}.pgm`);
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.toString("latin1", 0, 40));
  const [, width, height] = header.map(Number);
  return { width, height, pixels: pgm.subarray(header[0].length) };
}

function words(file) {
  const r = run("pdftotext", ["-bbox", "-cropbox", file, "-"]);
  assert.equal(r.status, 0, r.stderr);
  const page = /<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/.exec(r.stdout);
  return {
    width: Number(page[1]),
    height: Number(page[2]),
    words: [...page[3].matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map((w) => ({
      xMin: Number(w[1]),
      yMin: Number(w[2]),
      xMax: Number(w[3]),
      yMax: Number(w[4]),
      text: w[5],
    })),
  };
}

const inBox = (px, py, box, w, h, pad = 0) =>
  px >= (box.x - pad) * w && px <= (box.x + box.w + pad) * w && py >= (box.y - pad) * h && py <= (box.y + box.h + pad) * h;

/** Reads the fields as the upload does, then stamps as the completion does; returns the file and what was read. */
async function readAndStamp(bytes, name) {
  const analysis = await lib.analysePdf(bytes, 200, "both");
  const found = analysis.found.fields;
  const doc = await lib.loadPdf(bytes);
  lib.dropFormFields(
    doc,
    found.filter((f) => f.source === "acroform").map((f) => f.name),
  );
  const answers = { company: "Analytical Engines", signature: "Ada Lovelace", "client.city": "London" };
  const placements = [
    ...found.filter((f) => f.cover).map((f) => ({ ...f.cover, kind: "text", text: null, cover: true })),
    ...found.flatMap((f) => {
      const text = answers[f.key ?? f.name ?? f.kind] ?? answers[f.kind];
      return text ? [{ ...f.place, kind: f.kind, text }] : [];
    }),
  ];
  await lib.stampPlacements(doc, placements);
  return { file: write(dir, name, await doc.save()), found };
}

describe("tags read, then painted over and answered when stamped", () => {
  for (const rotate of [0, 90, 180, 270]) {
    it(`on a page turned ${rotate}°`, async () => {
      let bytes = await contract();
      if (rotate) {
        const src = write(dir, `contract-${rotate}-src.pdf`, bytes);
        const out = path.join(dir, `contract-${rotate}.pdf`);
        const r = run("qpdf", [`--rotate=+${rotate}`, src, out]);
        assert.equal(r.status, 0, r.stderr);
        bytes = readFileSync(out);
      }
      const original = write(dir, `original-${rotate}.pdf`, bytes);
      const { file, found } = await readAndStamp(bytes, `stamped-${rotate}.pdf`);
      assert.equal(run("qpdf", ["--check", file]).status, 0, "qpdf --check is clean");
      assert.deepEqual(found.map((f) => f.key ?? f.name).sort(), ["client.city", "company", "po_number", null].sort());

      // Every word the stamping added lies inside the box read from its tag or widget; on a page
      // whose text reads upright as shown (0°, 180°), each answer is there whole.
      // pdftotext gives the words as shown but the page's size unturned.
      const { width: w0, height: h0, words: ws } = words(file);
      const [width, height] = rotate % 180 ? [h0, w0] : [w0, h0];
      const had = new Set(words(original).words.map((w) => `${w.text}@${w.xMin.toFixed(1)},${w.yMin.toFixed(1)}`));
      const added = ws.filter((w) => !had.has(`${w.text}@${w.xMin.toFixed(1)},${w.yMin.toFixed(1)}`));
      assert.ok(added.length >= 3, "the answers are on the page");
      for (const w of added) {
        assert.ok(
          found.some((f) => inBox(w.xMin, w.yMin, f.place, width, height, TOL) && inBox(w.xMax, w.yMax, f.place, width, height, TOL)),
          `"${w.text}" lies inside a field's box`,
        );
      }
      if (rotate % 180 === 0) {
        for (const [key, first] of [
          ["company", "Analytical"],
          ["signature", "Ada"],
          ["client.city", "London"],
        ]) {
          const field = found.find((f) => (f.key ?? f.name ?? f.kind) === key || f.kind === key);
          const word = ws.find((w) => w.text === first);
          assert.ok(word, `${first} is on the page`);
          assert.ok(
            inBox(word.xMin, word.yMin, field.place, width, height, TOL) && inBox(word.xMax, word.yMax, field.place, width, height, TOL),
            `${first} lies inside ${key}'s box`,
          );
        }
      }

      // The rendering: the unanswered tag left nothing dark; nothing changed outside the boxes.
      const before = render(original);
      const after = render(file);
      assert.deepEqual([after.width, after.height], [before.width, before.height]);
      const po = found.find((f) => f.key === "po_number").cover;
      const boxes = found.flatMap((f) => [f.place, ...(f.cover ? [f.cover] : [])]);
      let darkInPo = 0;
      let changedOutside = 0;
      for (let y = 0; y < after.height; y++) {
        for (let x = 0; x < after.width; x++) {
          const i = y * after.width + x;
          const cx = x + 0.5;
          const cy = y + 0.5;
          if (inBox(cx, cy, po, after.width, after.height, -0.002) && after.pixels[i] < 200) darkInPo++;
          if (after.pixels[i] !== before.pixels[i] && !boxes.some((b) => inBox(cx, cy, b, after.width, after.height, 0.01))) changedOutside++;
        }
      }
      assert.equal(darkInPo, 0, "the unanswered tag is painted over");
      assert.equal(changedOutside, 0, "no pixel changed outside the tags' and fields' boxes");

      // The form field read is gone; the read-only one (not read) stays.
      const json = JSON.parse(run("qpdf", ["--json", "--json-key=acroform", file]).stdout);
      const names = json.acroform.fields.map((f) => f.fullname);
      assert.deepEqual(names, ["office.use"]);
    });
  }
});
