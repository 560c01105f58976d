/**
 * Sealed files: the certificate PDF and the evidence bundle. Each is drawn and sealed once, on
 * first request after completion, stored in R2 and recorded in `sealed_files`; every later download
 * returns the same bytes. Two first requests racing both draw, one row wins (primary key
 * document_id + kind) and the loser serves the winner's file, so the bytes are still unique.
 */
import { reasonLine } from "./reauthentication";
import { logKey, logProofOf, recordInLogQuietly } from "./transparency-log";
import type { Env } from "../env";
import { pdfBrandOf } from "./branding";
import { ApiError, invalid, notFound } from "../lib/errors";
import { canonicalJson } from "../lib/canonical-json";
import { randomHex, sha256Hex } from "../lib/crypto";
import { nowIso } from "../lib/ids";
// The PDF drawing (pdf-lib, fontkit, the embedded font, QR) and the seal (pkijs, asn1js) are
// loaded only when a file is actually drawn: a signer's request and a download of an existing
// file never evaluate them.
import type { Answer, CertificateSheet, SignerMark } from "./evidence-pdf/certificate";
import type { BundleManifest } from "./evidence-pdf/bundle";
import { BUNDLE_FORMAT } from "../lib/pdf/bundle-format";
import type { SealDescription } from "../lib/seal";
import type { PDFDocument } from "pdf-lib";
import type { SealLevel } from "./vocabulary";
import { certificateRow, checkAgainstRecord, issueCertificate, type Certificate, type CertificatePayload } from "./certificates";
import { bundleRows, documentPagesRows, insertSealedFile, sealedFileRow, sealedFileVersion, type SealedKind } from "../db/evidence";
import { logError } from "../lib/log";
import { stampedOriginal } from "./pdf-completion";
import { frozenOriginalPdf } from "./pdf-templates";
import { certifiedFiles } from "./signer-files";
import { documentLangOf } from "../db/documents";
import { loadLang } from "../i18n/catalogues";
import { certificateLabelText } from "../i18n/format";
import { actsWithoutSignature } from "./document-state";

export type { SealedKind };

export type SealedFile = { filename: string; content_type: "application/pdf"; seal: SealDescription; sha256: string; bytes: Uint8Array };

const FILENAME: Record<SealedKind, (code: string) => string> = {
  pdf: (code) => `certificate-${code}.pdf`,
  bundle: (code) => `evidence-bundle-${code}.pdf`,
};

export const verificationUrl = (baseUrl: string, code: string) => `${baseUrl.replace(/\/+$/, "")}/verify/${code}`;

/** The certificate of a completed document, issuing it if the sequencer's issue did not land. */
export async function certificateForCompleted(env: Env, documentId: string, status: string, what: string): Promise<Certificate> {
  if (status !== "completed") {
    throw invalid(`${what} exists only once the document is completed; this document is ${status}.`, "Wait for signing.completed.");
  }
  let cert = await certificateRow(env, documentId);
  if (!cert) {
    await issueCertificate(env, documentId);
    cert = await certificateRow(env, documentId);
    await recordInLogQuietly(env);
  }
  if (!cert) throw new Error(`Completed document ${documentId} has no certificate and none could be issued.`);
  return cert;
}

function sheet(cert: Certificate, baseUrl: string): CertificateSheet {
  return {
    certificateId: cert.id,
    verificationCode: cert.verificationCode,
    issuedAt: cert.issuedAt,
    certificateSha256: cert.certificateSha256,
    documentSha256: cert.documentSha256,
    payloadJson: cert.payload,
    payload: JSON.parse(cert.payload) as CertificatePayload,
    verificationUrl: verificationUrl(baseUrl, cert.verificationCode),
  };
}

/** A typed signature is drawn at most this many characters long (then "…"); the record keeps it whole. */
export const TYPED_MARK_SHOWN = 200;

/** The mark as the pages draw it: a typed name of up to 400,000 characters is cut (pictures are drawn from the whole value). */
function shownMark(method: string | null, value: string | null): string | null {
  if (method !== "typed" || value === null || value.length <= TYPED_MARK_SHOWN) return value;
  const chars = Array.from(value.slice(0, TYPED_MARK_SHOWN * 2));
  return chars.length > TYPED_MARK_SHOWN ? `${chars.slice(0, TYPED_MARK_SHOWN).join("").trimEnd()}\u2026` : value;
}

/** Marks and answers for the document pages. Sensitive answers are not masked on the sealed PDF. */
async function marksAndAnswers(env: Env, documentId: string, files: { name: string; sha256: string }[]) {
  const rows = await documentPagesRows(env, documentId);
  const { doc, signers, values } = rows;
  const labels = new Map((doc.fields ?? []).map((f) => [f.key, f.label] as const));
  const names = new Map(signers.map((x) => [x.id, x.fullName] as const));
  return {
    rows,
    body: doc.body,
    // An approver's approval and a viewer's acknowledgement leave no mark (the certificate pages say what they did).
    marks: signers
      .filter((x) => !(actsWithoutSignature(x) && x.signatureMethod === null))
      .map(
        (x): SignerMark => ({
          signer: x.fullName,
          method: x.signatureMethod,
          signedAt: x.signedAt,
          value: shownMark(x.signatureMethod, x.signatureValue),
          // Re-authentication: the reason is printed beside the signature.
          reason: x.signReason && x.signedAt ? reasonLine(x.signReason, x.fullName, x.signedAt) : null,
        }),
      ),
    // A drawn or uploaded picture given as an answer is drawn in its box (PDF templates), never printed as base64.
    answers: values.map(
      (a): Answer => ({
        signer: names.get(a.signerId) ?? "signer",
        label: labels.get(a.key) ?? a.key,
        value: PICTURE_ANSWER.test(a.value) ? "(picture)" : uploaded(a.value, files),
      }),
    ),
  };
}

const PICTURE_ANSWER = /^data:image\/(png|jpeg);base64,/;

/** An upload's answer (`sha256:<hex>`) as the answers page prints it: the attachment that carries it. */
function uploaded(value: string, files: { name: string; sha256: string }[]): string {
  const f = value.startsWith("sha256:") ? files.find((x) => `sha256:${x.sha256}` === value) : undefined;
  return f ? `${f.name} (attached; SHA-256 ${f.sha256})` : value;
}

const TOKEN = /\b[0-9a-f]{64}\b/gi;

/**
 * The bundle's content: what section 1-5 show, and what the package hash covers; with the PDF
 * template's original when the document was signed in place (attached as it was uploaded,
 * checked against the hash frozen at prepare).
 */
export async function bundleManifest(env: Env, cert: Certificate, madeAt: string): Promise<{ manifest: BundleManifest; originalPdf?: Uint8Array }> {
  const { doc, signers, trail, messages, deliveries } = await bundleRows(env, cert.documentId);
  const computed = await sha256Hex(doc.body ?? "");
  const check = await checkAgainstRecord(env, cert);
  const frozen = doc.pdfSha256 ? await frozenOriginalPdf(env, doc.templateId, doc.pdfSha256) : null;
  const original = frozen ? { name: frozen.row.originalName, sha256_hex: frozen.row.sha256, bytes: frozen.row.bytes } : null;
  const manifest: BundleManifest = {
    format: BUNDLE_FORMAT,
    made_at: madeAt,
    certificate: {
      certificate_id: cert.id,
      verification_code: cert.verificationCode,
      issued_at: cert.issuedAt,
      document_sha256_hex: cert.documentSha256,
      certificate_sha256_hex: cert.certificateSha256,
      payload: JSON.parse(cert.payload) as CertificatePayload,
    },
    trail,
    // A signing link's token is a credential: the bundle records that a link was sent, not the link.
    messages: messages.map((x) => ({ ...x, body: x.body.replace(TOKEN, "[token withheld]") })),
    ...(original ? { original_pdf: original } : {}),
    webhook_deliveries: await Promise.all(
      deliveries.map(async ({ endpoint_url, payload, ...x }) => ({
        ...x,
        // Only the host: a URL's path or query may carry the receiver's own secret.
        endpoint_host: endpoint_url ? safeHost(endpoint_url) : null,
        payload_sha256: await sha256Hex(payload),
      })),
    ),
    record_state: {
      status: doc.status,
      title: doc.title,
      created_at: doc.createdAt ?? null,
      sent_at: doc.sentAt ?? null,
      completed_at: doc.completedAt ?? null,
      voided_at: doc.voidedAt ?? null,
      declined_at: doc.declinedAt ?? null,
      expired_at: doc.expiredAt ?? null,
      expires_at: doc.expiresAt ?? null,
      body_sha256_stored: doc.bodySha256,
      body_sha256_computed: computed,
      integrity_ok: computed === doc.bodySha256,
      still_matches_record: check.still_matches_record,
      divergence: check.divergence,
      signers,
    },
  };
  return { manifest, originalPdf: frozen?.bytes };
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * A completed document's pages as its sealed PDF draws them (unsealed): a text template's rendered
 * text or a PDF template's stamped original, with answers and marks; without its certificate pages
 * when an envelope's sealed PDF takes them (src/domain/envelope-pdf.ts).
 */
export const drawDocumentPages = (env: Env, cert: Certificate, baseUrl: string, sealName: string, certificatePages: boolean) =>
  draw(env, "pdf", cert, baseUrl, sealName, certificatePages);

/** `onto`: an aes/qes document's signed working PDF, loaded (src/domain/qualified-signing.ts): the pages drawn here follow its pages. */
export async function draw(env: Env, kind: SealedKind, cert: Certificate, baseUrl: string, sealName: string, certificatePages = true, onto?: PDFDocument) {
  const c = sheet(cert, baseUrl);
  c.brand = await pdfBrandOf(env, c.payload.issuer.tenant_id);
  c.lang = await loadLang(env.ASSETS, await documentLangOf(env, cert.documentId));
  const { loadPdfFonts } = await import("../lib/pdf/fonts");
  if (kind === "pdf") {
    const { drawSealedDocument, TEST_MARK } = await import("./evidence-pdf/certificate");
    const files = await certifiedFiles(env, cert.documentId, c.payload.files ?? []);
    const { rows, ...drawn } = await marksAndAnswers(env, cert.documentId, files);
    // Names, answers and labels (the document's language) in CJK scripts need the R2 font (loaded once per isolate, only then).
    await loadPdfFonts(env, [c.payloadJson, c.brand?.name ?? "", JSON.stringify(drawn), certificateLabelText(c.lang)]);
    // A PDF template's document: its original pages, answers drawn in place, then the pages drawn here.
    const original = onto
      ? onto
      : rows.doc.pdfSha256
        ? await stampedOriginal(
            env,
            {
              templateId: rows.doc.templateId,
              pdfSha256: rows.doc.pdfSha256,
              fields: rows.doc.fields ?? [],
              signers: rows.signers.map((x) => ({ id: x.id, reason: x.signReason && x.signedAt ? reasonLine(x.signReason, x.fullName, x.signedAt) : null })),
              values: rows.values,
              test: c.payload.test ?? rows.doc.mode === "test",
              uploads: files,
            },
            TEST_MARK,
          )
        : undefined;
    // A file made before the completion's own append ran appends first (docs/transparency-log.md).
    let log = await logProofOf(env, cert.id);
    if (!log && logKey(env)) {
      await recordInLogQuietly(env);
      log = await logProofOf(env, cert.id);
    }
    return drawSealedDocument({ ...c, ...drawn, sealName, original, files, certificatePages, ...(log ? { transparencyJson: canonicalJson(log) } : {}) });
  }
  await loadPdfFonts(env, [c.payloadJson, c.brand?.name ?? "", certificateLabelText(c.lang)]);
  const { manifest, originalPdf } = await bundleManifest(env, cert, nowIso());
  const manifestJson = canonicalJson(manifest);
  const { drawBundle } = await import("./evidence-pdf/bundle");
  return drawBundle({ manifest, manifestJson, packageSha256: await sha256Hex(manifestJson), certificate: c, sealName, originalPdf });
}

/**
 * Draws and seals a file (no storage): the B-T seal, then (src/domain/archive.ts) the DSS and the
 * document timestamp that make it B-LTA. Throws ApiError `internal` with Retry-After when no
 * timestamp can be had for the seal itself; missing revocation data keeps B-T, said in `seal`.
 */
export async function makeSealedFile(
  env: Env,
  kind: SealedKind,
  cert: Certificate,
  baseUrl: string,
): Promise<{ bytes: Uint8Array; seal: SealDescription; level: SealLevel; nextArchiveAt: string | null }> {
  const { sealingFromEnv } = await import("../lib/seal");
  const sealing = await sealingFromEnv(env);
  const payload = JSON.parse(cert.payload) as CertificatePayload;
  const title = payload.document.title;
  const reason = kind === "pdf" ? `Certificate of completion: ${title}` : `Evidence bundle: ${title}`;
  if (kind === "pdf" && (payload.document.level ?? "ses") !== "ses") {
    const { sealQualified } = await import("./qualified-signing");
    return sealQualified(env, cert, baseUrl, sealing, reason);
  }
  const pdfDoc = await draw(env, kind, cert, baseUrl, sealing.description.commonName);
  return sealDrawn(env, pdfDoc, sealing, { reason, baseUrl, code: cert.verificationCode, about: { documentId: cert.documentId, kind } });
}

/**
 * Seals a drawn file: the PAdES seal with its own timestamp (B-T), then the DSS and the archive
 * timestamp (src/domain/archive.ts) that make it B-LTA. Throws ApiError `internal` with
 * Retry-After when no timestamp can be had for the seal itself; missing revocation data keeps B-T,
 * said in `seal` and logged with `about`.
 */
export async function sealDrawn(
  env: Env,
  pdfDoc: Parameters<typeof import("../lib/seal").sealPdf>[0],
  sealing: Awaited<ReturnType<typeof import("../lib/seal").sealingFromEnv>>,
  opts: { reason: string; baseUrl: string; code: string; about: Record<string, string> },
): Promise<{ bytes: Uint8Array; seal: SealDescription; level: SealLevel; nextArchiveAt: string | null }> {
  const { sealPdf, TimestampError } = await import("../lib/seal");
  const url = verificationUrl(opts.baseUrl, opts.code);
  let sealed: Uint8Array;
  try {
    sealed = await sealPdf(pdfDoc, {
      signer: sealing.signer,
      tsa: sealing.tsa,
      reason: opts.reason,
      location: safeHost(opts.baseUrl) ?? opts.baseUrl,
      contactInfo: url,
    });
  } catch (err) {
    if (!(err instanceof TimestampError)) throw err;
    logError("timestamp authority failed", err);
    // Not the caller's fault and not worth a 5xx of its own kind: nothing was stored, a retry
    // starts afresh. The closed list of codes has no 503, so this is `internal` with Retry-After.
    throw new ApiError(
      "internal",
      "The timestamp authority could not be reached, so the file was not sealed and nothing was stored.",
      "A seal is never made without its timestamp. Try again in a minute.",
      { "Retry-After": "60" },
    );
  }
  // After the seal: long-term validation data and the archive timestamp (B-LT, B-LTA).
  const { upgrade, describe } = await import("./archive");
  const u = await upgrade(env, sealed, sealing, new Date());
  if (u.levelReason) logError("sealed file left below B-LTA", new Error(u.levelReason), opts.about);
  return { bytes: u.bytes, seal: describe(sealing.description, u), level: u.level, nextArchiveAt: u.nextArchiveAt };
}

/** The sealed file of a completed document: made once, then the same bytes from R2 every time. */
export async function sealedFile(env: Env, doc: { id: string; status: string }, kind: SealedKind, baseUrl: string, version?: string): Promise<SealedFile> {
  const cert = await certificateForCompleted(env, doc.id, doc.status, kind === "pdf" ? "The sealed PDF" : "The evidence bundle");
  if (cert.redactedAt) {
    // docs/retention.md: the files held personal data and were deleted; their hashes remain for verification.
    throw invalid(
      `This document was redacted at ${cert.redactedAt}: its sealed files were deleted with its personal data.`,
      `A copy held elsewhere still proves the signing: GET /v1/verify/${cert.verificationCode}?sha256=<its SHA-256>. The certificate (GET /v1/documents/{id}/certificate) shows what is left.`,
    );
  }
  if (version) return fileVersion(env, doc.id, kind, version);
  const existing = await storedFile(env, doc.id, kind);
  if (existing) return existing;

  const made = await makeSealedFile(env, kind, cert, baseUrl);
  return keepOnce(env, `sealed/${doc.id}/${kind}-${randomHex(8)}.pdf`, FILENAME[kind](cert.verificationCode), made, {
    record: (row) => insertSealedFile(env, { documentId: doc.id, kind, ...row, nextArchiveAt: made.nextArchiveAt }),
    stored: () => storedFile(env, doc.id, kind),
  });
}

/** What a sealed file's row records of it, for whichever table keeps it. */
export type SealedRow = { r2Key: string; filename: string; sha256: string; bytes: number; seal: Record<string, unknown>; createdAt: string; level: SealLevel };

/**
 * Keeps a freshly sealed file once: its bytes in R2 under `r2Key`, then its row by `record`
 * (false when another request recorded first). The loser drops its bytes and serves the winner's
 * (`stored`), so every download of a file is the same bytes; a failed insert leaves no object.
 */
export async function keepOnce(
  env: Env,
  r2Key: string,
  filename: string,
  made: { bytes: Uint8Array; seal: SealDescription; level: SealLevel },
  to: { record: (row: SealedRow) => Promise<boolean>; stored: () => Promise<SealedFile | null> },
): Promise<SealedFile> {
  const { bytes, seal, level } = made;
  const sha256 = await sha256Hex(bytes);
  await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { sha256 } });
  const row = { r2Key, filename, sha256, bytes: bytes.length, seal: seal as Record<string, unknown>, createdAt: nowIso(), level };
  const inserted = await to.record(row).catch(async (err) => {
    await env.FILES.delete(r2Key); // no row, no file: the next request starts clean
    throw err;
  });
  if (inserted) return { filename, content_type: "application/pdf", seal, sha256, bytes };
  // Another request sealed first: keep its file, drop ours.
  await env.FILES.delete(r2Key);
  const winner = await to.stored();
  if (!winner) throw new Error(`The sealed file recorded for ${r2Key} vanished.`);
  return winner;
}

/** A recorded sealed file's bytes from R2: evidence never changes silently, so a lost object is a fault to investigate, not a reason to redraw. */
export async function recordedFile(env: Env, row: SealedRow): Promise<SealedFile> {
  const obj = await env.FILES.get(row.r2Key);
  if (!obj) throw new Error(`Sealed file ${row.r2Key} is recorded but missing from R2.`);
  const bytes = new Uint8Array(await obj.arrayBuffer());
  return { filename: row.filename, content_type: "application/pdf", seal: sealOf(row), sha256: row.sha256, bytes };
}

async function storedFile(env: Env, documentId: string, kind: SealedKind): Promise<SealedFile | null> {
  const row = await sealedFileRow(env, documentId, kind);
  return row ? recordedFile(env, row) : null;
}

/** The seal object of a row: its level from the column (rows sealed before levels existed are B-T). */
function sealOf(row: { seal: Record<string, unknown>; level: SealLevel }): SealDescription {
  const seal = row.seal as SealDescription;
  return { ...seal, level: row.level, levelReason: seal.levelReason ?? null };
}

/**
 * An earlier (or the current) version of a sealed file by its SHA-256: every version stays in R2
 * after an upgrade or a re-timestamp. Its `seal.level` is that version's level.
 */
async function fileVersion(env: Env, documentId: string, kind: SealedKind, sha256: string): Promise<SealedFile> {
  const v = await sealedFileVersion(env, documentId, kind, sha256.toLowerCase());
  const row = await sealedFileRow(env, documentId, kind);
  if (!v || !row) throw notFound("sealed file version");
  const obj = await env.FILES.get(v.r2Key);
  if (!obj) throw new Error(`Sealed file version ${v.r2Key} is recorded but missing from R2.`);
  const bytes = new Uint8Array(await obj.arrayBuffer());
  const seal = sealOf({ seal: row.seal, level: v.level });
  if (v.sha256 !== row.sha256) seal.levelReason = `An earlier version of this file; the current one is ${row.level} (SHA-256 ${row.sha256}).`;
  return { filename: row.filename, content_type: "application/pdf", seal, sha256: v.sha256, bytes };
}
