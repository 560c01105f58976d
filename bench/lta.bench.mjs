/**
 * Long-term evidence benchmark: what B-LTA costs over B-T, and what the offline verifier costs.
 *
 * - B-T: draw a certificate PDF (1 or 20 pages of text, 3 signers) and seal it;
 * - B-LTA: the same, then the DSS (seal and timestamp certificates, the own CRLs, VRI) and the
 *   document timestamp, as the first download does (src/domain/archive.ts with the built-in TSA);
 * - upgrade alone (DSS + document timestamp) on an existing 20-page B-T file: the cron's work
 *   per file;
 * - the offline verifier (verify/verify-core.mjs, the bundle the CLI and the page run) on the
 *   20-page B-LTA file.
 * `run(ctx)` is imported by bench/run.mjs; `node bench/lta.bench.mjs` runs it alone.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ms, percentile } from "./stats.mjs";
import { pdfFontsEnv } from "../scripts/assets.mjs";
import { importSrc } from "../scripts/bundle-src.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const fixture = (n) => readFileSync(path.join(ROOT, "test/fixtures/seal", n), "utf8");

async function loadServiceCode() {
  const svc = await importSrc(
    `
        export { loadPdfFonts } from "./src/lib/pdf/fonts.ts";
        export { sealingFromEnv, sealPdf, archive, ownCrl } from "./src/lib/seal/index.ts";
        export { drawSealedDocument } from "./src/domain/evidence-pdf/certificate.ts";
        export { canonicalJson } from "./src/lib/canonical-json.ts";`,
    { name: "lta.mjs" },
  );
  await svc.loadPdfFonts(pdfFontsEnv(), []);
  return svc;
}

const LOREM = "The parties agree that any information disclosed under this agreement is confidential and shall be used only for evaluation. ";
const bodyOf = (pages) => Array.from({ length: pages * 9 }, (_, i) => `${i + 1}. ${LOREM.repeat(3)}`).join("\n\n");

async function measure(iterations, fn) {
  await fn();
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { n: iterations, p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = ctx.quick ?? process.env.BENCH_QUICK === "1";
  const iters = (n) => (quick ? Math.max(3, Math.round(n / 5)) : n);
  const svc = await loadServiceCode();
  const { verifyPdf } = await import(pathToFileURL(path.join(ROOT, "verify/verify-core.mjs")).href);
  const sealing = await svc.sealingFromEnv({
    SEAL_KEY_PEM: fixture("seal-key.pem"),
    SEAL_CERT_PEM: fixture("seal-cert.pem"),
    TSA_KEY_PEM: fixture("tsa-key.pem"),
    TSA_CERT_PEM: fixture("tsa-cert.pem"),
  });
  const sealOpts = {
    signer: sealing.signer,
    tsa: sealing.tsa,
    reason: "Certificate of completion",
    location: "sign.example.com",
    contactInfo: "https://sign.example.com/verify/X",
  };
  const now = new Date();
  const revocation = async (_cert, der) => {
    for (const own of [sealing.signer, sealing.tsaSigner])
      if (Buffer.compare(Buffer.from(der), Buffer.from(own.leafDer)) === 0) return { crls: [await svc.ownCrl(own, now)], ocsps: [] };
    return { crls: [], ocsps: [] };
  };
  const signers = ["Ada Lovelace", "Αθηνά Παπαδοπούλου", "Екатерина Смирнова"];
  const payload = {
    issuer: { tenant: "Bench Ltd", tenant_id: "ten_bench" },
    document: { id: "doc_bench", title: "Bench NDA", sha256: "a".repeat(64), completed_at: "2026-01-15T09:30:00.000Z", template: { code: "nda", version: 1 } },
    signers: signers.map((s, i) => ({
      full_name: s,
      email: `s${i}@example.com`,
      role: "signer",
      sign_order: i + 1,
      status: "signed",
      consented_at: null,
      signed_at: "2026-01-15T09:11:00.000Z",
      signature: null,
    })),
    events: [{ kind: "completed", occurred_at: "2026-01-15T09:30:00.000Z", signer: null, ip: null, against_sha256: "a".repeat(64) }],
  };
  const payloadJson = svc.canonicalJson(payload);
  const bt = (pages) => async () => {
    const doc = await svc.drawSealedDocument({
      certificateId: "cert_bench",
      verificationCode: "7K2M9QXDA4B8C1EF",
      issuedAt: "2026-01-15T09:31:00.000Z",
      certificateSha256: "0".repeat(64),
      documentSha256: "a".repeat(64),
      payloadJson,
      payload,
      verificationUrl: "https://sign.example.com/verify/7K2M9QXDA4B8C1EF",
      body: bodyOf(pages),
      answers: [],
      marks: signers.map((s) => ({ signer: s, method: "typed", signedAt: "2026-01-15T09:11:00.000Z", value: s })),
      sealName: sealing.description.commonName,
    });
    return svc.sealPdf(doc, sealOpts);
  };
  const upgrade = async (bytes) => (await svc.archive(bytes, { tsa: sealing.tsa, chain: sealing.signer.certificates, revocation })).lta();
  const lta = (pages) => async () => upgrade(await bt(pages)());

  const bt1 = await measure(iters(30), bt(1));
  const lta1 = await measure(iters(30), lta(1));
  const bt20 = await measure(iters(10), bt(20));
  const lta20 = await measure(iters(10), lta(20));
  const bt20Bytes = await bt(20)();
  const up20 = await measure(iters(20), () => upgrade(bt20Bytes));
  const lta20Bytes = await upgrade(bt20Bytes);
  const ver20 = await measure(iters(20), async () => {
    const r = await verifyPdf(lta20Bytes);
    if (r.signatures.length !== 2) throw new Error("the verifier did not see both signatures");
    return r;
  });

  const rows = [
    ["B-T seal, 1 page", bt1],
    ["B-LTA seal, 1 page", lta1],
    ["B-T seal, 20 pages", bt20],
    ["B-LTA seal, 20 pages", lta20],
    ["upgrade B-T → B-LTA alone, 20 pages", up20],
    ["offline verifier, 20-page B-LTA file (Node)", ver20],
  ];
  log(`lta: 20-page file ${bt20Bytes.length} bytes at B-T, ${lta20Bytes.length} at B-LTA`);
  for (const [name, m] of rows) log(`lta: ${name.padEnd(46)} p50 ${ms(m.p50)}  p99 ${ms(m.p99)}  (n=${m.n})`);
  return rows.map(([name, m]) => ({ name: `lta: ${name}`, p50: m.p50, p99: m.p99 }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();

/** Rows for bench/run.mjs's closing table. */
export function summary(rows) {
  return rows.map((r) => [r.name.replace(/^lta: /, ""), `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`]);
}
