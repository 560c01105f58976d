/**
 * PDF stamping benchmark: drawing a completed document's answers onto a PDF template's pages
 * (src/lib/pdf/stamp.ts `stampPlacements`), without the seal (bench/pdf-templates.bench.mjs
 * measures upload and stamp + seal end to end through the service).
 *
 * The PDF: 50 pages of text (about 45 lines each, Helvetica), pages 10-14 turned 90°, 20-24 turned
 * 270°, 30-34 with a crop box away from the origin, every page's content ending with a changed
 * matrix. 20 placed fields spread over the pages: 9 text answers, 3 dates, 4 checkboxes (3
 * checked), 1 paragraph (textarea), 2 drawn signatures (600 × 160 PNG) and 1 drawn initials.
 *
 * - stamp + save: the loaded PDF stamped and written out (what completion adds before sealing);
 * - load + stamp + save: the same from the stored bytes.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/pdf-stamp.bench.mjs` runs it alone.
 * The service's TypeScript is bundled with esbuild (scripts/bundle-src.mjs) so Node runs exactly
 * the code the Worker runs.
 */
import { pathToFileURL } from "node:url";
import { ms, percentile } from "./stats.mjs";
import { pdfFontsEnv } from "../scripts/assets.mjs";
import { importSrc } from "../scripts/bundle-src.mjs";

async function loadLibrary() {
  const lib = await importSrc(
    `
        export { loadPdfFonts } from "./src/lib/pdf/fonts.ts";
        export { loadStandardFonts } from "./src/lib/pdf/standard-fonts.ts";
        export { stampPlacements } from "./src/lib/pdf/stamp.ts";
        export { PDFDocument, PDFName, StandardFonts, concatTransformationMatrix, degrees } from "pdf-lib";
        export { encode as encodePng } from "fast-png";`,
    { name: "stamp.mjs" },
  );
  await lib.loadPdfFonts(pdfFontsEnv(), []);
  await lib.loadStandardFonts(pdfFontsEnv().ASSETS);
  return lib;
}

const LINE = "The tenant shall keep the premises in good repair and shall not sublet any part of them without consent.";

async function template(lib) {
  const doc = await lib.PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(lib.StandardFonts.Helvetica);
  for (let n = 1; n <= 50; n++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let i = 0; i < 45; i++) page.drawText(`${n}.${i + 1} ${LINE}`, { x: 50, y: 790 - i * 16, size: 9, font });
    page.pushOperators(lib.concatTransformationMatrix(1, 0, 0, 1, 5, 5));
    if (n >= 10 && n <= 14) page.setRotation(lib.degrees(90));
    if (n >= 20 && n <= 24) page.setRotation(lib.degrees(270));
    if (n >= 30 && n <= 34) page.node.set(lib.PDFName.of("CropBox"), doc.context.obj([40, 60, 560, 800]));
  }
  return doc.save();
}

function signaturePng(lib, w, h, seed) {
  const data = new Uint8Array(w * h * 4);
  for (let x = 0; x < w; x++) {
    const y0 = Math.round(h / 2 + (h / 3) * Math.sin((x + seed * 17) / (w / 9)));
    for (let y = Math.max(0, y0 - 3); y < Math.min(h, y0 + 3); y++) data.set([10, 20, 90, 255], (y * w + x) * 4);
  }
  return lib.encodePng({ width: w, height: h, data, channels: 4, depth: 8 });
}

function placements(lib) {
  const out = [];
  const names = [
    "Ada Lovelace",
    "12 St James's Square",
    "London SW1Y 4JH",
    "ada@example.com",
    "+44 20 7946 0000",
    "Analytical Engines Ltd",
    "Director",
    "GB123456789",
    "42",
  ];
  names.forEach((text, i) => {
    out.push({ page: 1 + i * 5, x: 0.12, y: 0.2, w: 0.4, h: 0.03, kind: i === 3 ? "email" : i === 4 ? "phone" : i === 8 ? "number" : "text", text });
  });
  for (const [i, page] of [3, 22, 50].entries()) out.push({ page, x: 0.6, y: 0.85, w: 0.25, h: 0.03, kind: "date", text: `${15 + i} January 2026` });
  for (const [i, page] of [4, 11, 31, 40].entries()) out.push({ page, x: 0.1, y: 0.5, w: 0.03, h: 0.02, kind: "checkbox", text: null, checked: i !== 2 });
  out.push({ page: 25, x: 0.1, y: 0.55, w: 0.8, h: 0.2, kind: "textarea", text: LINE.repeat(6) });
  out.push({ page: 50, x: 0.1, y: 0.85, w: 0.35, h: 0.08, kind: "signature", text: null, picture: signaturePng(lib, 600, 160, 1) });
  out.push({ page: 13, x: 0.1, y: 0.85, w: 0.35, h: 0.08, kind: "signature", text: null, picture: signaturePng(lib, 600, 160, 2) });
  out.push({ page: 33, x: 0.8, y: 0.9, w: 0.1, h: 0.05, kind: "initials", text: null, picture: signaturePng(lib, 200, 120, 3) });
  return out;
}

async function measure(iterations, fn) {
  await fn(); // warm-up: font parse, JIT
  const times = [];
  for (let i = 0; i < iterations; i++) times.push(await fn());
  times.sort((a, b) => a - b);
  return { n: iterations, p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = ctx.quick ?? process.env.BENCH_QUICK === "1";
  const iters = (n) => (quick ? Math.max(5, Math.round(n / 5)) : n);
  const lib = await loadLibrary();
  const bytes = await template(lib);
  const fields = placements(lib);
  if (fields.length !== 20) throw new Error(`expected 20 fields, have ${fields.length}`);

  let outBytes = 0;
  const stampSave = await measure(iters(40), async () => {
    const doc = await lib.PDFDocument.load(bytes, { updateMetadata: false });
    const t0 = performance.now();
    await lib.stampPlacements(doc, fields);
    outBytes = (await doc.save()).length;
    return performance.now() - t0;
  });
  const loadStampSave = await measure(iters(40), async () => {
    const t0 = performance.now();
    const doc = await lib.PDFDocument.load(bytes, { updateMetadata: false });
    await lib.stampPlacements(doc, fields);
    await doc.save();
    return performance.now() - t0;
  });
  const textOnly = fields.filter((f) => !f.picture);
  const stampSaveText = await measure(iters(40), async () => {
    const doc = await lib.PDFDocument.load(bytes, { updateMetadata: false });
    const t0 = performance.now();
    await lib.stampPlacements(doc, textOnly);
    await doc.save();
    return performance.now() - t0;
  });
  const saveOnly = await measure(iters(40), async () => {
    const doc = await lib.PDFDocument.load(bytes, { updateMetadata: false });
    const t0 = performance.now();
    await doc.save();
    return performance.now() - t0;
  });

  const row = (name, r, extra = "") => log(`  ${name.padEnd(44)} p50 ${ms(r.p50).padStart(10)}  p99 ${ms(r.p99).padStart(10)}  (n=${r.n})${extra}`);
  log(`pdf-stamp: 50-page PDF (${Math.round(bytes.length / 1024)} KB), 20 placed fields (Node, one core)`);
  row("stamp + save", stampSave, `  → ${Math.round(outBytes / 1024)} KB`);
  row("load + stamp + save", loadStampSave);
  row(`stamp + save, the ${textOnly.length} fields without a picture`, stampSaveText);
  row("save alone, nothing stamped (baseline)", saveOnly);
  return { stampSave, loadStampSave, stampSaveText, saveOnly, inKb: Math.round(bytes.length / 1024), outKb: Math.round(outBytes / 1024) };
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  const f = (x) => `p50 ${x.p50.toFixed(1)} ms, p99 ${x.p99.toFixed(1)} ms`;
  return [
    ["50 pages, 20 fields: stamp + save", f(r.stampSave)],
    ["50 pages, 20 fields: load + stamp + save", f(r.loadStampSave)],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
