// Hostile PDF templates against the upload analysis as the Worker runs it (src/lib/pdf/analyse.ts
// bundled by esbuild), each in its own Node process so its peak memory (resident set, sampled) can be read:
// zlib bombs (an object stream, which pdf-lib would inflate while parsing, and a page stream, each
// 400 MB of zeros in about 400 KB) are refused "too large once decompressed" with the peak held
// under the 64 MB limit instead of the bomb's size; a file whose streams inflate to 60 MB in all is
// accepted; `qpdf --encrypt '' owner 256` with object streams is refused as encrypted.
// The figures printed here are the ones docs/pdf-templates.md quotes.
// Run: node --test test/validators/pdf-inflate.test.mjs   (needs qpdf)
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createDeflate } from "node:zlib";
import { run, workdir } from "./harness.mjs";
import { assetsFromDisk } from "../../scripts/assets.mjs";
import { bundleSrc } from "../../scripts/bundle-src.mjs";

const MB = 1024 * 1024;
let dir;
let lib;
let pdfLib;

async function bundle() {
  return bundleSrc(
    `export { analysePdf } from "./src/lib/pdf/analyse.ts"; export { loadStandardFonts } from "./src/lib/pdf/standard-fonts.ts"; export { PDFDocument, PDFName, StandardFonts } from "pdf-lib";`,
    {
      file: path.join(dir, "analyse.mjs"),
    },
  );
}

/** `mb` MB of zeros deflated, a megabyte at a time (the zeros are never all in memory). */
async function deflatedZeros(mb) {
  const z = createDeflate({ level: 9 });
  const out = [];
  z.on("data", (c) => out.push(c));
  const done = new Promise((resolve, reject) => {
    z.on("end", resolve);
    z.on("error", reject);
  });
  const chunk = Buffer.alloc(MB);
  for (let i = 0; i < mb; i++) if (!z.write(chunk)) await new Promise((resolve) => z.once("drain", resolve));
  z.end();
  await done;
  return Buffer.concat(out);
}

/** A one-page PDF with `mb` MB of zeros deflated into an object stream or a stream hung on the page. */
async function bombPdf(mb, where) {
  const { PDFDocument, PDFName, StandardFonts } = pdfLib;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage();
  page.drawText("A template", { x: 50, y: 700, size: 12, font });
  const z = await deflatedZeros(mb);
  if (where === "objstm") doc.context.register(doc.context.stream(z, { Type: "ObjStm", N: 1, First: 4, Filter: "FlateDecode" }));
  else page.node.set(PDFName.of("PieceInfo"), doc.context.register(doc.context.stream(z, { Filter: "FlateDecode" })));
  return doc.save({ useObjectStreams: false });
}

const CHILD = `
const [lib, file] = process.argv.slice(1);
const { analysePdf } = await import(lib);
const { readFileSync } = await import("node:fs");
const bytes = new Uint8Array(readFileSync(file));
globalThis.gc();
globalThis.gc();
const before = process.memoryUsage().rss;
let peak = before;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const timer = setInterval(sample, 1);
const t0 = performance.now();
let answer;
try {
  const a = await analysePdf(bytes, 200);
  answer = { ok: true, pages: a.pageCount };
} catch (err) {
  answer = { ok: false, problem: err.problem, message: err.message };
}
const ms = performance.now() - t0;
sample();
clearInterval(timer);
console.log(JSON.stringify({ ...answer, ms: Math.round(ms), peakGrowthMb: Math.round((peak - before) / 1048576) }));
`;

/** analysePdf on the file in a fresh process: its answer, time and peak memory growth (resident set, sampled every millisecond). */
function analyseInChild(name, bytes) {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const r = run(process.execPath, ["--expose-gc", "--input-type=module", "-e", CHILD, lib, file]);
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout.trim().split("\n").pop());
  console.log(`${name} (${bytes.length} bytes): ${JSON.stringify(out)}`);
  return out;
}

before(async () => {
  dir = workdir();
  lib = await bundle();
  pdfLib = await import(lib);
  await pdfLib.loadStandardFonts(assetsFromDisk());
});

describe("PDF uploads: inflation bounded", () => {
  for (const where of ["objstm", "content"]) {
    it(`a 400 MB bomb in ${where === "objstm" ? "an object stream" : "a page stream"} is refused "too large once decompressed", the peak memory under 100 MB`, async () => {
      const bytes = await bombPdf(400, where);
      assert.ok(bytes.length < 500 * 1024);
      const out = analyseInChild(`bomb-${where}.pdf`, bytes);
      assert.equal(out.ok, false);
      assert.equal(out.problem, "too_large_decompressed");
      assert.match(out.message, /too large once decompressed/);
      // The bomb would take 400 MB (pdf-lib's inflate about 1 GB): the walk reads at most 64 MB
      // and keeps none of it.
      assert.ok(out.peakGrowthMb < 100, `peak grew ${out.peakGrowthMb} MB`);
      assert.ok(out.ms < 20_000, `${out.ms} ms`);
    });
  }

  it("streams inflating to 60 MB in all are accepted", async () => {
    const out = analyseInChild("sixty.pdf", await bombPdf(60, "content"));
    assert.equal(out.ok, true, out.message);
    assert.ok(out.peakGrowthMb < 100, `peak grew ${out.peakGrowthMb} MB`);
  });

  it("qpdf --encrypt '' owner 256 with object streams is refused as encrypted, not damaged", async () => {
    const { PDFDocument } = pdfLib;
    const doc = await PDFDocument.create();
    doc.addPage();
    const plain = path.join(dir, "plain.pdf");
    writeFileSync(plain, await doc.save());
    const enc = path.join(dir, "aes256.pdf");
    const q = run("qpdf", ["--object-streams=generate", "--encrypt", "", "owner", "256", "--", plain, enc]);
    assert.equal(q.status, 0, q.stderr);
    const { readFileSync } = await import("node:fs");
    const out = analyseInChild("aes256.pdf", readFileSync(enc));
    assert.equal(out.problem, "encrypted");
    assert.match(out.message, /encrypted/);
  });
});
