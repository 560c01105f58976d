/**
 * Evidence benchmark: how long sealing takes, against the way OpenSign signs PDFs.
 *
 * - ours, 1 page:  an existing 1-page PDF → PAdES B-T seal (placeholder, CMS with
 *   signing-certificate-v2, RFC 3161 token from the built-in authority);
 * - OpenSign, 1 page: the same PDF → @signpdf/placeholder-pdf-lib + @signpdf/signpdf with
 *   @signpdf/signer-p12 (PKCS#7, no timestamp), same RSA key;
 * - certificate PDF for a 1-page and a 20-page document: draw (text, marks, certificate page, QR)
 *   and seal, which is what the first download of /v1/documents/{id}/pdf costs;
 * - evidence bundle: draw and seal.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/evidence.bench.mjs` runs it alone.
 * The service's TypeScript is bundled with esbuild (scripts/bundle-src.mjs) so Node runs exactly
 * the code the Worker runs.
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
        export { sealingFromEnv, sealPdf } from "./src/lib/seal/index.ts";
        export { drawSealedDocument } from "./src/domain/evidence-pdf/certificate.ts";
        export { drawBundle, BUNDLE_FORMAT } from "./src/domain/evidence-pdf/bundle.ts";
        export { canonicalJson } from "./src/lib/canonical-json.ts";
        export { sha256Hex } from "./src/lib/crypto.ts";
        export { PDFDocument } from "pdf-lib";`,
    { name: "evidence.mjs" },
  );
  await svc.loadPdfFonts(pdfFontsEnv(), []);
  return svc;
}

const LOREM =
  "The parties agree that any information disclosed under this agreement is confidential and shall be used only " +
  "for the purpose of evaluating a possible business relationship between them. ";

/** Roughly `pages` A4 pages of body text at 10 pt. */
const bodyOf = (pages) => Array.from({ length: pages * 9 }, (_, i) => `${i + 1}. ${LOREM.repeat(3)}`).join("\n\n");

async function measure(iterations, fn) {
  await fn(); // warm-up: font parse, key import, JIT
  const times = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { n: iterations, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** A PKCS#12 of the same RSA key and certificate the seal uses. */
async function p12Der() {
  const forge = (await import("node-forge")).default;
  const key = forge.pki.privateKeyFromPem(fixture("seal-key.pem"));
  const cert = forge.pki.certificateFromPem(fixture("seal-cert.pem"));
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], "", { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

function sheet(svc, payload, code) {
  const payloadJson = svc.canonicalJson(payload);
  return {
    certificateId: "cert_bench",
    verificationCode: code,
    issuedAt: "2026-01-15T09:31:00.000Z",
    certificateSha256: "0".repeat(64),
    documentSha256: payload.document.sha256,
    payloadJson,
    payload,
    verificationUrl: `https://sign.example.com/verify/${code}`,
  };
}

function payloadFor(_body, signers) {
  return {
    issuer: { tenant: "Bench Ltd", tenant_id: "ten_bench" },
    document: { id: "doc_bench", title: "Bench NDA", sha256: "a".repeat(64), completed_at: "2026-01-15T09:30:00.000Z", template: { code: "nda", version: 1 } },
    signers: signers.map((s, i) => ({
      full_name: s,
      email: `s${i}@example.com`,
      role: "signer",
      sign_order: i + 1,
      status: "signed",
      consented_at: "2026-01-15T09:10:00.000Z",
      signed_at: "2026-01-15T09:11:00.000Z",
      signature: { method: "typed", value_sha256: "b".repeat(64), signed_against_sha256: "a".repeat(64), ip: "203.0.113.10" },
    })),
    events: Array.from({ length: 2 + signers.length * 3 + 1 }, (_, i) => ({
      kind: ["created", "sent", "viewed", "consented", "signed", "completed"][Math.min(i, 5)],
      occurred_at: "2026-01-15T09:11:00.000Z",
      signer: null,
      ip: null,
      against_sha256: "a".repeat(64),
    })),
  };
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = ctx.quick ?? process.env.BENCH_QUICK === "1";
  const iters = (n) => (quick ? Math.max(3, Math.round(n / 5)) : n);
  const svc = await loadServiceCode();
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const { SignPdf } = await import("@signpdf/signpdf");
  const { pdflibAddPlaceholder } = await import("@signpdf/placeholder-pdf-lib");

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

  // The same 1-page PDF for both signers.
  const base = await PDFDocument.create();
  const font = await base.embedFont(StandardFonts.Helvetica);
  const page = base.addPage();
  page.drawText("Mutual non-disclosure agreement. The parties agree to keep each other's secrets.", { x: 50, y: 760, size: 11, font });
  const onePage = await base.save();

  // Each side loads the PDF with its own copy of pdf-lib (ours is bundled with the service code).
  const ours1 = await measure(iters(50), async () => svc.sealPdf(await svc.PDFDocument.load(onePage), sealOpts));
  const der = await p12Der();
  const { P12Signer } = await import("@signpdf/signer-p12");
  const signpdf = new SignPdf();
  const theirs1 = await measure(iters(50), async () => {
    const doc = await PDFDocument.load(onePage);
    pdflibAddPlaceholder({ pdfDoc: doc, reason: "Signed", contactInfo: "x", name: "x", location: "x" });
    // A P12Signer reads its PKCS#12 once, so each signature gets a new one (as OpenSign does).
    return signpdf.sign(Buffer.from(await doc.save({ useObjectStreams: false })), new P12Signer(der, { passphrase: "" }));
  });

  const signers = ["Ada Lovelace", "Αθηνά Παπαδοπούλου", "Екатерина Смирнова"];
  const sealedDoc = (pages) => async () => {
    const body = bodyOf(pages);
    const payload = payloadFor(body, signers);
    const doc = await svc.drawSealedDocument({
      ...sheet(svc, payload, "7K2M9QXDA4B8C1EF"),
      body,
      answers: [{ signer: "Ada Lovelace", label: "Company", value: "Analytical Engines Ltd" }],
      marks: signers.map((s) => ({ signer: s, method: "typed", signedAt: "2026-01-15T09:11:00.000Z", value: s })),
      sealName: sealing.description.commonName,
    });
    return svc.sealPdf(doc, sealOpts);
  };
  const doc1Bytes = (await sealedDoc(1)()).length;
  const doc20Bytes = (await sealedDoc(20)()).length;
  const cert1 = await measure(iters(30), sealedDoc(1));
  const cert20 = await measure(iters(10), sealedDoc(20));

  const payload = payloadFor("", signers);
  const manifest = {
    format: svc.BUNDLE_FORMAT,
    made_at: "2026-01-15T10:00:00.000Z",
    certificate: {
      certificate_id: "cert_bench",
      verification_code: "7K2M9QXDA4B8C1EF",
      issued_at: "2026-01-15T09:31:00.000Z",
      document_sha256_hex: "a".repeat(64),
      certificate_sha256_hex: "0".repeat(64),
      payload,
    },
    trail: payload.events.map((e, i) => ({
      seq: i + 1,
      kind: e.kind,
      occurred_at: e.occurred_at,
      signer_email: "s0@example.com",
      ip: "203.0.113.10",
      user_agent: "Mozilla/5.0",
      signature_method: null,
      against_sha256: "a".repeat(64),
      detail: null,
    })),
    messages: signers.map((s, i) => ({
      id: `msg_${i}`,
      channel: "email",
      purpose: "signing.link",
      recipient: `s${i}@example.com`,
      subject: "Please sign",
      status: "sent",
      created_at: "2026-01-15T09:02:00.000Z",
      body: `Dear ${s}, please sign: [token withheld]`,
    })),
    webhook_deliveries: [
      {
        id: "dlv_1",
        endpoint_id: "whe_1",
        endpoint_host: "hooks.example.net",
        event: "signing.completed",
        status: "delivered",
        attempts: 1,
        response_status: 200,
        last_error: null,
        created_at: "2026-01-15T09:30:01.000Z",
        delivered_at: "2026-01-15T09:30:02.000Z",
        replay_of: null,
        payload_sha256: "c".repeat(64),
      },
    ],
    record_state: {
      status: "completed",
      title: "Bench NDA",
      created_at: null,
      sent_at: null,
      completed_at: "2026-01-15T09:30:00.000Z",
      voided_at: null,
      declined_at: null,
      expired_at: null,
      expires_at: null,
      body_sha256_stored: "a".repeat(64),
      body_sha256_computed: "a".repeat(64),
      integrity_ok: true,
      still_matches_record: true,
      divergence: null,
      signers: [],
    },
  };
  const bundle = await measure(iters(30), async () => {
    const manifestJson = svc.canonicalJson(manifest);
    const doc = await svc.drawBundle({
      manifest,
      manifestJson,
      packageSha256: await svc.sha256Hex(manifestJson),
      certificate: sheet(svc, payload, "7K2M9QXDA4B8C1EF"),
      sealName: sealing.description.commonName,
    });
    return svc.sealPdf(doc, sealOpts);
  });

  const row = (name, r, extra = "") => log(`  ${name.padEnd(48)} p50 ${ms(r.p50).padStart(10)}  p99 ${ms(r.p99).padStart(10)}  (n=${r.n})${extra}`);
  log("evidence: sealing (Node, one core; built-in timestamp authority)");
  row("seal 1-page PDF — ours (PAdES B-T, RFC 3161)", ours1);
  row("seal 1-page PDF — OpenSign way (signpdf+p12)", theirs1);
  log(`  ${"ratio ours / OpenSign".padEnd(48)} p50 ${(ours1.p50 / theirs1.p50).toFixed(2)}×      p99 ${(ours1.p99 / theirs1.p99).toFixed(2)}×`);
  row("certificate PDF, 1-page document (draw+seal)", cert1, `  ${Math.round(doc1Bytes / 1024)} KB`);
  row("certificate PDF, 20-page document (draw+seal)", cert20, `  ${Math.round(doc20Bytes / 1024)} KB`);
  row("evidence bundle (draw+seal)", bundle);
  return { ours1, theirs1, ratio: ours1.p50 / theirs1.p50, cert1, cert20, bundle };
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  const f = (x) => `p50 ${x.p50.toFixed(1)} ms, p99 ${x.p99.toFixed(1)} ms`;
  return [
    ["seal 1-page PDF, ours (PAdES B-T)", f(r.ours1)],
    ["seal 1-page PDF, OpenSign way", f(r.theirs1)],
    ["certificate PDF, 1 / 20 pages", `p50 ${r.cert1.p50.toFixed(1)} / ${r.cert20.p50.toFixed(1)} ms`],
    ["evidence bundle", f(r.bundle)],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
