/**
 * Names in any script on the certificate PDF: what Arabic shaping, bidi ordering and the CJK font
 * from R2 cost.
 *
 * - Latin only: the certificate PDF (document text, marks, certificate page) drawn and saved with
 *   five Latin names;
 * - five scripts: the same with 'محمد عبد الله', 'דוד לוי', '王小明', '佐藤 花子', '김민준':
 *   cold = a fresh module instance (nothing cached), the CJK face read from a stand-in R2 bucket
 *   (in-memory bytes: R2's own latency is not in the figure), parsed, then the PDF drawn, subset
 *   and saved; warm = the font already loaded in the isolate, as every later seal in it;
 * - peak memory of the CJK case: the largest JS heap + ArrayBuffer total seen while one fresh
 *   instance loads the font and draws, over what was in use before it (Node needs --expose-gc for
 *   a clean baseline; the Worker's limit is 128 MB per isolate).
 * Sealing (PAdES signature and timestamp) is the same for both and left out (evidence.bench.mjs).
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/i18n.bench.mjs` runs it alone.
 */
import { pathToFileURL } from "node:url";
import { cjkFontBytes } from "../scripts/cjk-font.mjs";
import { ms, percentile } from "./stats.mjs";
import { pdfFontsEnv } from "../scripts/assets.mjs";
import { bundleSrc } from "../scripts/bundle-src.mjs";

const LATIN = ["Ana Pereira", "Zoë Ångström", "Jean Dupont", "Max Müller", "Lucía Fernández"];
const SCRIPTS = ["محمد عبد الله", "דוד לוי", "王小明", "佐藤 花子", "김민준"];

let bundleFile = null;
async function loadServiceCode(fresh = 0) {
  if (!bundleFile) {
    bundleFile = await bundleSrc(
      `
          export { drawSealedDocument } from "./src/domain/evidence-pdf/certificate.ts";
          export { loadPdfFonts } from "./src/lib/pdf/fonts.ts";
          export { canonicalJson } from "./src/lib/canonical-json.ts";
          export { loadLang } from "./src/i18n/index.ts";`,
      { name: "svc.mjs", logLevel: "silent" },
    );
  }
  // A new query string is a new module instance: nothing cached, like a fresh isolate.
  return import(`${pathToFileURL(bundleFile).href}?i=${fresh}`);
}

function input(svc, names) {
  const payload = {
    issuer: { tenant: "Bench Ltd", tenant_id: "ten_bench" },
    document: { id: "doc_bench", title: "Bench NDA", sha256: "a".repeat(64), completed_at: "2026-11-23T13:05:00.000Z", template: { code: "nda", version: 1 } },
    signers: names.map((n, i) => ({
      full_name: n,
      email: `s${i}@example.com`,
      role: "signer",
      sign_order: i + 1,
      status: "signed",
      consented_at: "2026-11-23T13:01:00.000Z",
      signed_at: "2026-11-23T13:02:00.000Z",
      signature: { method: "typed", value_sha256: "b".repeat(64), signed_against_sha256: "a".repeat(64), ip: "203.0.113.10" },
    })),
    events: [],
  };
  const payloadJson = svc.canonicalJson(payload);
  return {
    certificateId: "cert_bench",
    verificationCode: "7K2M9QXDA4B8C1EF",
    issuedAt: "2026-11-23T13:05:00.000Z",
    certificateSha256: "0".repeat(64),
    documentSha256: "a".repeat(64),
    payloadJson,
    payload,
    verificationUrl: "https://sign.example.com/verify/7K2M9QXDA4B8C1EF",
    body: `Mutual non-disclosure agreement between the parties: ${names.join(", ")}.`,
    answers: [],
    marks: names.map((n) => ({ signer: n, method: "typed", signedAt: "2026-11-23T13:02:00.000Z", value: n })),
    sealName: "Bench Seal",
  };
}

const mem = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = ctx.quick ?? process.env.BENCH_QUICK === "1";
  const n = quick ? 5 : 25;
  const font = cjkFontBytes();
  if (!font) {
    log("no CJK font installed (apt-get install fonts-wqy-zenhei): skipped");
    return { skipped: true };
  }
  // The static assets (the embedded font, the catalogues) from disk, and the CJK font as R2 would give it; made once, outside the timings.
  const fontsEnv = pdfFontsEnv({ get: async () => ({ arrayBuffer: async () => font.slice().buffer }) });
  const draw = async (svc, names) => {
    const i = input(svc, names);
    await svc.loadPdfFonts(fontsEnv, [i.payloadJson, JSON.stringify(i.marks)]);
    const doc = await svc.drawSealedDocument(i);
    return doc.save();
  };
  const timed = async (fn) => {
    const t0 = performance.now();
    const r = await fn();
    return [performance.now() - t0, r];
  };

  let instance = 0;
  const warmSvc = await loadServiceCode(instance++);
  await draw(warmSvc, LATIN); // JIT warm-up
  const latin = [];
  for (let i = 0; i < n; i++) latin.push((await timed(() => draw(warmSvc, LATIN)))[0]);
  // The same file in the document's language: labels beside the English, Arabic right to left.
  const inLang = {};
  for (const lang of ["en", "de", "ar"]) {
    await warmSvc.loadLang(fontsEnv.ASSETS, lang);
    const once = async () => (await warmSvc.drawSealedDocument({ ...input(warmSvc, LATIN), lang })).save();
    await once();
    const t = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const [took, file] = await timed(once);
      t.push(took);
      bytes = file.length;
    }
    inLang[lang] = { t, bytes };
  }
  // Cold, both ways: a fresh module instance (code not yet optimised, nothing cached).
  const coldLatin = [];
  const cold = [];
  let size = 0;
  for (let i = 0; i < Math.min(n, 8); i++) {
    coldLatin.push((await timed(async () => draw(await loadServiceCode(instance++), LATIN)))[0]);
    const fresh = await loadServiceCode(instance++);
    const [t, bytes] = await timed(() => draw(fresh, SCRIPTS));
    cold.push(t);
    size = bytes.length;
  }
  // Memory: one fresh instance loading the font and drawing, over what was in use before it.
  global.gc?.();
  const base = mem();
  let peak = 0;
  const warm = [];
  const svc = await loadServiceCode(instance++);
  await draw(svc, SCRIPTS);
  peak = Math.max(peak, mem() - base);
  for (let i = 0; i < n; i++) {
    warm.push((await timed(() => draw(svc, SCRIPTS)))[0]);
    peak = Math.max(peak, mem() - base);
  }
  const p50 = (a) =>
    percentile(
      [...a].sort((x, y) => x - y),
      50,
    );
  const r = {
    latin_p50_ms: p50(latin),
    latin_cold_p50_ms: p50(coldLatin),
    scripts_cold_p50_ms: p50(cold),
    scripts_warm_p50_ms: p50(warm),
    cjk_font_bytes: font.length,
    scripts_pdf_bytes: size,
    peak_extra_mb: peak / 1048576,
    ...Object.fromEntries(
      Object.entries(inLang).flatMap(([l, x]) => [
        [`labels_${l}_p50_ms`, p50(x.t)],
        [`labels_${l}_pdf_bytes`, x.bytes],
      ]),
    ),
  };
  log(`certificate PDF, 5 Latin names:             p50 ${ms(r.latin_p50_ms)} (n=${latin.length})`);
  log(`certificate PDF, 5 Latin names, cold:       p50 ${ms(r.latin_cold_p50_ms)} (n=${coldLatin.length})`);
  log(`certificate PDF, 5 scripts, cold (font load): p50 ${ms(r.scripts_cold_p50_ms)} (n=${cold.length})`);
  log(`certificate PDF, 5 scripts, warm:             p50 ${ms(r.scripts_warm_p50_ms)} (n=${warm.length})`);
  log(`CJK face ${(font.length / 1048576).toFixed(1)} MB in R2; PDF with the five scripts ${(size / 1024).toFixed(0)} KB`);
  for (const [l, x] of Object.entries(inLang)) log(`certificate PDF, 5 Latin names, document in ${l}: p50 ${ms(p50(x.t))}, ${(x.bytes / 1024).toFixed(1)} KB`);
  log(`peak memory over the Latin baseline (JS heap + ArrayBuffers): ${r.peak_extra_mb.toFixed(1)} MB`);
  return r;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
