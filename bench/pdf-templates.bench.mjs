/**
 * PDF templates benchmark.
 *
 * 1. Upload + analysis of a 200-page, ~20 MB PDF:
 *    - analysis alone in Node (`analysePdf`, the exact code the Worker runs, bundled with esbuild):
 *      time, and memory in a child `node --expose-gc --max-old-space-size=128` process: heap and
 *      ArrayBuffer growth over the file's own bytes, at the end of the analysis before any
 *      collection (an upper bound of what it held), and that it completes inside a 128 MB heap;
 *    - `POST /v1/templates/pdf` through the running Worker (local D1/R2): request to answer.
 * 2. Completion of a 50-page template with 20 placed fields: load the original, stamp the
 *    answers, append the certificate pages and seal (PAdES B-T, own timestamp authority): p50/p99.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/pdf-templates.bench.mjs` runs it alone.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ms, percentile } from "./stats.mjs";
import { isQuick, startService } from "./service.mjs";
import { pdfFontsEnv } from "../scripts/assets.mjs";
import { bundleSrc } from "../scripts/bundle-src.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const fixture = (n) => readFileSync(path.join(ROOT, "test/fixtures/seal", n), "utf8");
const MB = 1024 * 1024;

async function bundle(dir) {
  return bundleSrc(
    `
        export { analysePdf } from "./src/lib/pdf/analyse.ts";
        export { loadPdfFonts } from "./src/lib/pdf/fonts.ts";
        export { loadStandardFonts } from "./src/lib/pdf/standard-fonts.ts";
        export { stampPlacements } from "./src/lib/pdf/stamp.ts";
        export { sealingFromEnv, sealPdf } from "./src/lib/seal/index.ts";
        export { drawSealedDocument } from "./src/domain/evidence-pdf/certificate.ts";
        export { canonicalJson } from "./src/lib/canonical-json.ts";
        export { PDFDocument, PDFName, StandardFonts } from "pdf-lib";`,
    { file: path.join(dir, "pdf-templates.mjs") },
  );
}

/** `pages` A4 pages, each with its text and an incompressible ~`perPage`-byte stream (as a scanned image would be). */
async function bigPdf(svc, pages, perPage) {
  const doc = await svc.PDFDocument.create();
  const font = await doc.embedFont(svc.StandardFonts.Helvetica);
  const noise = new Uint8Array(perPage);
  for (let i = 0; i < pages; i++) {
    for (let j = 0; j < noise.length; j += 4) noise[j] = (i * 31 + j * 7) & 0xff;
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`Clause ${i + 1}. The parties agree to what this page says.`, { x: 60, y: 780, size: 12, font });
    page.node.set(svc.PDFName.of("PieceInfo"), doc.context.register(doc.context.stream(noise.slice(), {})));
  }
  return doc.save({ useObjectStreams: false });
}

const CHILD = `
import { readFileSync } from "node:fs";
const [lib, file] = process.argv.slice(2);
const { analysePdf } = await import(lib);
const bytes = new Uint8Array(readFileSync(file));
globalThis.gc(); globalThis.gc();
const m0 = process.memoryUsage();
const t0 = performance.now();
const a = await analysePdf(bytes, 200);
const t = performance.now() - t0;
const m1 = process.memoryUsage();
console.log(JSON.stringify({ pages: a.pageCount, ms: t, heapMb: (m1.heapUsed - m0.heapUsed) / 1048576, externalMb: (m1.arrayBuffers - m0.arrayBuffers) / 1048576, rssMb: m1.rss / 1048576 }));
`;

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const dir = mkdtempSync(path.join(tmpdir(), "edge-sign-bench-pdf-"));
  const libFile = await bundle(dir);
  const svc = await import(pathToFileURL(libFile).href);
  await svc.loadPdfFonts(pdfFontsEnv(), []);
  await svc.loadStandardFonts(pdfFontsEnv().ASSETS);

  // 1. A 200-page, ~20 MB file.
  const big = await bigPdf(svc, 200, 100 * 1024);
  const bigFile = path.join(dir, "big.pdf");
  writeFileSync(bigFile, big);
  const childFile = path.join(dir, "child.mjs");
  writeFileSync(childFile, CHILD);
  const runs = [];
  for (let i = 0; i < (quick ? 2 : 5); i++) {
    const out = execFileSync(process.execPath, ["--expose-gc", "--max-old-space-size=128", childFile, pathToFileURL(libFile).href, bigFile], {
      encoding: "utf8",
    });
    runs.push(JSON.parse(out.trim().split("\n").pop()));
  }
  const analysis = {
    bytes: big.length,
    pages: runs[0].pages,
    ms: percentile(
      runs.map((r) => r.ms).sort((a, b) => a - b),
      50,
    ),
    heapMb: Math.max(...runs.map((r) => r.heapMb)),
    externalMb: Math.max(...runs.map((r) => r.externalMb)),
    rssMb: Math.max(...runs.map((r) => r.rssMb)),
  };
  log(
    `analysis of ${analysis.pages} pages, ${(analysis.bytes / MB).toFixed(1)} MB (Node, inside a 128 MB heap): p50 ${ms(analysis.ms)}; ` +
      `heap +${analysis.heapMb.toFixed(1)} MB, ArrayBuffers +${analysis.externalMb.toFixed(1)} MB over the file's own ${(analysis.bytes / MB).toFixed(1)} MB; whole process RSS ${analysis.rssMb.toFixed(0)} MB`,
  );

  // The same file through the Worker: POST /v1/templates/pdf (read body, SHA-256, analysis, R2, D1).
  const service = await startService();
  let upload;
  try {
    const { keys } = await service.accountWithKeys("PDF bench", 1, { scopes: ["signing:templates", "signing:read"] });
    const times = [];
    for (let i = 0; i < (quick ? 2 : 5); i++) {
      const r = await service.call("POST", `/v1/templates/pdf?code=big-${i}&name=Big&kind=contract`, {
        key: keys[0],
        body: big,
        headers: { "content-type": "application/pdf" },
      });
      if (r.status !== 200) throw new Error(`upload → ${r.status} ${r.text}`);
      times.push(r.ms);
    }
    times.sort((a, b) => a - b);
    upload = { n: times.length, p50: percentile(times, 50), max: times[times.length - 1] };
  } finally {
    await service.close();
  }
  log(`POST /v1/templates/pdf, 20 MB / 200 pages, through the Worker: p50 ${ms(upload.p50)}, max ${ms(upload.max)} (n=${upload.n})`);

  // 2. Completion of a 50-page template with 20 placed fields.
  const sealing = await svc.sealingFromEnv({
    SEAL_KEY_PEM: fixture("seal-key.pem"),
    SEAL_CERT_PEM: fixture("seal-cert.pem"),
    TSA_KEY_PEM: fixture("tsa-key.pem"),
    TSA_CERT_PEM: fixture("tsa-cert.pem"),
  });
  const original = await bigPdf(svc, 50, 2 * 1024);
  const { encode } = await import("fast-png");
  const sigPng = encode({ width: 400, height: 120, data: new Uint8Array(400 * 120 * 4).fill(90), channels: 4, depth: 8 });
  const placements = Array.from({ length: 20 }, (_, i) => {
    const base = { page: 1 + ((i * 5) % 50), x: 0.1, y: 0.1 + (i % 8) * 0.1, w: 0.4, h: 0.05 };
    if (i % 5 === 0) return { ...base, kind: "signature", text: null, picture: sigPng };
    if (i % 5 === 1) return { ...base, kind: "checkbox", text: null, checked: true };
    if (i % 5 === 2) return { ...base, kind: "date", text: "2026-12-01" };
    return { ...base, kind: "text", text: `Answer number ${i + 1}` };
  });
  const payload = {
    issuer: { tenant: "Bench Ltd", tenant_id: "ten_bench" },
    test: false,
    document: {
      id: "doc_bench",
      title: "Bench lease",
      sha256: "a".repeat(64),
      completed_at: "2026-01-15T09:30:00.000Z",
      template: { code: "lease", version: 1 },
      original_pdf_sha256: "c".repeat(64),
    },
    signers: [
      {
        full_name: "Ada Lovelace",
        email: "ada@example.com",
        role: "signer",
        sign_order: 1,
        status: "signed",
        consented_at: "2026-01-15T09:10:00.000Z",
        signed_at: "2026-01-15T09:11:00.000Z",
        signature: { method: "typed", value_sha256: "b".repeat(64), signed_against_sha256: "a".repeat(64), ip: "203.0.113.10" },
      },
    ],
    events: ["created", "sent", "viewed", "consented", "signed", "completed"].map((kind) => ({
      kind,
      occurred_at: "2026-01-15T09:11:00.000Z",
      signer: null,
      ip: null,
      against_sha256: "a".repeat(64),
    })),
  };
  const payloadJson = svc.canonicalJson(payload);
  let pageCount = 0;
  const complete = async () => {
    const doc = await svc.PDFDocument.load(original, { updateMetadata: false });
    await svc.stampPlacements(doc, placements);
    const drawn = await svc.drawSealedDocument({
      certificateId: "cert_bench",
      verificationCode: "7K2M9QXDA4B8C1EF",
      issuedAt: "2026-01-15T09:31:00.000Z",
      certificateSha256: "0".repeat(64),
      documentSha256: "a".repeat(64),
      payloadJson,
      payload,
      verificationUrl: "https://sign.example.com/verify/7K2M9QXDA4B8C1EF",
      body: 'This document is the PDF file "lease.pdf" (SHA-256 …), signed in place.',
      answers: placements.map((p, i) => ({ signer: "Ada Lovelace", label: `Field ${i + 1}`, value: p.text ?? "(picture)" })),
      marks: [{ signer: "Ada Lovelace", method: "typed", signedAt: "2026-01-15T09:11:00.000Z", value: "Ada Lovelace" }],
      sealName: sealing.description.commonName,
      original: doc,
    });
    pageCount = drawn.getPageCount();
    return svc.sealPdf(drawn, { signer: sealing.signer, tsa: sealing.tsa, reason: "Certificate of completion", location: "bench", contactInfo: "bench" });
  };
  await complete();
  const times = [];
  for (let i = 0; i < (quick ? 5 : 30); i++) {
    const t0 = performance.now();
    await complete();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const completion = { n: times.length, p50: percentile(times, 50), p99: percentile(times, 99), pages: pageCount };
  log(`completion, 50-page template, 20 placed fields → ${pageCount} pages sealed: p50 ${ms(completion.p50)}, p99 ${ms(completion.p99)} (n=${completion.n})`);
  return { analysis, upload, completion };
}

export function summary(r) {
  return [
    ["analysis 200 pages / 20 MB (Node)", `${ms(r.analysis.ms)}, heap +${r.analysis.heapMb.toFixed(1)} MB`],
    ["POST /v1/templates/pdf 20 MB (Worker) p50", ms(r.upload.p50)],
    ["completion 50 pages + 20 fields p50 / p99", `${ms(r.completion.p50)} / ${ms(r.completion.p99)}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
