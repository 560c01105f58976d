/**
 * Field reading benchmark: `analysePdf(bytes, 200, "both")` (the exact code the Worker runs,
 * bundled with esbuild) on files of 1, 20 and 200 pages, each page with 40 lines of text, two
 * text tags and two AcroForm fields (a text field and a checkbox):
 * - time in Node: p50 and p99 (and the process's CPU time, p50: zlib runs on other threads, so
 *   it can pass the wall time), beside the analysis alone (`analysePdf(bytes, 200)`), so the
 *   reading's own cost shows;
 * - memory in a child `node --expose-gc --max-old-space-size=128` process (as the PDF templates
 *   bench does): heap and ArrayBuffer growth at the end of the reading before any collection (an
 *   upper bound of what it held), and that it completes inside a 128 MB heap.
 *
 * - through the Worker: `POST /v1/templates/pdf` of the same files without and with
 *   `fields=both` (body read, SHA-256, analysis, the read, R2, D1), wall time p50/p99 and the CPU
 *   the workerd processes spent per upload (read from /proc: the Worker with local D1 and R2),
 *   so the reading's own cost in the Worker shows.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/field-reading.bench.mjs` runs it alone.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { assetsFromDisk } from "../scripts/assets.mjs";
import { bundleSrc } from "../scripts/bundle-src.mjs";
import { cpuMs, isQuick, startService } from "./service.mjs";
import { ms, percentile } from "./stats.mjs";

const MB = 1024 * 1024;

/** `pages` A4 pages: 40 lines of text, a signature tag and a text tag, a text field and a checkbox. */
async function taggedPdf(lib, pages) {
  const doc = await lib.PDFDocument.create();
  const font = await doc.embedFont(lib.StandardFonts.Helvetica);
  const form = doc.getForm();
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let l = 0; l < 40; l++)
      page.drawText(`Clause ${i}.${l + 1}. The parties agree to what this line says, word for word.`, { x: 50, y: 800 - l * 16, size: 10, font });
    page.drawText(`Company: {{text:1:company_${i}:required}}`, { x: 50, y: 120, size: 11, font });
    page.drawText("Signed: {{signature:1}}", { x: 300, y: 80, size: 11, font });
    form.createTextField(`page${i}.name`).addToPage(page, { x: 50, y: 150, width: 200, height: 18 });
    form.createCheckBox(`page${i}.agree`).addToPage(page, { x: 300, y: 150, width: 14, height: 14 });
  }
  return doc.save();
}

const CHILD = `
import { readFileSync } from "node:fs";
const [lib, file, assets] = process.argv.slice(2);
const { analysePdf, loadStandardFonts } = await import(lib);
await loadStandardFonts((await import(assets)).assetsFromDisk());
const bytes = new Uint8Array(readFileSync(file));
globalThis.gc(); globalThis.gc();
const m0 = process.memoryUsage();
const t0 = performance.now();
const a = await analysePdf(bytes, 200, "both");
const t = performance.now() - t0;
const m1 = process.memoryUsage();
console.log(JSON.stringify({ fields: a.found.fields.length, ms: t, heapMb: (m1.heapUsed - m0.heapUsed) / 1048576, externalMb: (m1.arrayBuffers - m0.arrayBuffers) / 1048576, rssMb: m1.rss / 1048576 }));
`;

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const dir = mkdtempSync(path.join(tmpdir(), "edge-sign-bench-fields-"));
  const libFile = await bundleSrc(
    `
        export { analysePdf } from "./src/lib/pdf/analyse.ts";
        export { loadStandardFonts } from "./src/lib/pdf/standard-fonts.ts";
        export { PDFDocument, StandardFonts } from "pdf-lib";`,
    { file: path.join(dir, "field-reading.mjs") },
  );
  const lib = await import(pathToFileURL(libFile).href);
  await lib.loadStandardFonts(assetsFromDisk());
  const childFile = path.join(dir, "child.mjs");
  writeFileSync(childFile, CHILD);
  const results = [];
  for (const pages of [1, 20, 200]) {
    const bytes = await taggedPdf(lib, pages);
    const file = path.join(dir, `tagged-${pages}.pdf`);
    writeFileSync(file, bytes);
    const n = quick ? 3 : pages === 200 ? 10 : 30;
    const reading = [];
    const cpu = [];
    const alone = [];
    let fields = 0;
    await lib.analysePdf(bytes, 200, "both"); // warm: bundle compiled, metrics loaded
    for (let i = 0; i < n; i++) {
      let t0 = performance.now();
      await lib.analysePdf(bytes, 200);
      alone.push(performance.now() - t0);
      t0 = performance.now();
      const c0 = process.cpuUsage();
      const a = await lib.analysePdf(bytes, 200, "both");
      reading.push(performance.now() - t0);
      const c1 = process.cpuUsage(c0);
      cpu.push((c1.user + c1.system) / 1000);
      fields = a.found.fields.length;
    }
    reading.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    alone.sort((a, b) => a - b);
    const mem = [];
    for (let i = 0; i < (quick ? 1 : 3); i++) {
      const out = execFileSync(
        process.execPath,
        [
          "--expose-gc",
          "--max-old-space-size=128",
          childFile,
          pathToFileURL(libFile).href,
          file,
          pathToFileURL(path.join(import.meta.dirname, "../scripts/assets.mjs")).href,
        ],
        {
          encoding: "utf8",
        },
      );
      mem.push(JSON.parse(out.trim().split("\n").pop()));
    }
    const r = {
      pages,
      bytes: bytes.length,
      fields,
      n,
      p50: percentile(reading, 50),
      p99: percentile(reading, 99),
      cpuP50: percentile(cpu, 50),
      aloneP50: percentile(alone, 50),
      heapMb: Math.max(...mem.map((m) => m.heapMb)),
      externalMb: Math.max(...mem.map((m) => m.externalMb)),
      rssMb: Math.max(...mem.map((m) => m.rssMb)),
    };
    r.bytesOnDisk = file;
    results.push(r);
    log(
      `field reading, ${pages} page(s), ${(r.bytes / MB).toFixed(2)} MB, ${fields} fields found: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, CPU p50 ${ms(r.cpuP50)} (analysis alone p50 ${ms(r.aloneP50)}; n=${n}); ` +
        `inside a 128 MB heap: heap +${r.heapMb.toFixed(1)} MB, ArrayBuffers +${r.externalMb.toFixed(1)} MB, RSS ${r.rssMb.toFixed(0)} MB`,
    );
  }
  const worker = await throughWorker(results, quick, log);
  return { results, worker };
}

/** Uploads each file through the running Worker without and with `fields=both`: wall time and workerd CPU per upload. */
async function throughWorker(results, quick, log) {
  const service = await startService();
  const out = [];
  try {
    const { keys } = await service.accountWithKeys("Field reading bench", 1, { scopes: ["signing:templates", "signing:read"] });
    let code = 0;
    for (const r of results) {
      const body = readFileSync(r.bytesOnDisk);
      const n = quick ? 2 : r.pages === 200 ? 5 : 10;
      const row = { pages: r.pages };
      for (const fields of ["", "both"]) {
        const wall = [];
        const cpu = [];
        for (let i = 0; i < n; i++) {
          const c0 = cpuMs().workerd;
          const res = await service.call("POST", `/v1/templates/pdf?code=read-${code++}&name=Read&kind=contract${fields ? `&fields=${fields}` : ""}`, {
            key: keys[0],
            body,
            headers: { "content-type": "application/pdf" },
          });
          if (res.status !== 200) throw new Error(`upload → ${res.status} ${res.text}`);
          const c1 = cpuMs().workerd;
          wall.push(res.ms);
          if (c0 !== null && c1 !== null) cpu.push(c1 - c0);
        }
        wall.sort((a, b) => a - b);
        cpu.sort((a, b) => a - b);
        row[fields || "plain"] = { n, p50: percentile(wall, 50), p99: percentile(wall, 99), cpuP50: cpu.length ? percentile(cpu, 50) : null };
      }
      out.push(row);
      const cpuText = (x) => (x.cpuP50 === null ? "n/a" : ms(x.cpuP50));
      log(
        `POST /v1/templates/pdf through the Worker, ${r.pages} page(s): without fields p50 ${ms(row.plain.p50)} / p99 ${ms(row.plain.p99)}, workerd CPU p50 ${cpuText(row.plain)}; ` +
          `with fields=both p50 ${ms(row.both.p50)} / p99 ${ms(row.both.p99)}, workerd CPU p50 ${cpuText(row.both)} (n=${row.both.n})`,
      );
    }
  } finally {
    await service.close();
  }
  return out;
}

export function summary(r) {
  return [
    ...r.results.map((x) => [`field reading ${x.pages} page(s) p50 / p99, heap`, `${ms(x.p50)} / ${ms(x.p99)}, +${x.heapMb.toFixed(1)} MB`]),
    ...r.worker.map((x) => [
      `upload ${x.pages} page(s) with fields=both, Worker p50 / workerd CPU`,
      `${ms(x.both.p50)} / ${x.both.cpuP50 === null ? "n/a" : ms(x.both.cpuP50)}`,
    ]),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
