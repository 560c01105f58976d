/**
 * Sealed files: the certificate PDF and the evidence bundle. Each is drawn and sealed once, on
 * first request after completion, stored in R2 and recorded in `sealed_files`; every later download
 * returns the same bytes. Two first requests racing both draw, one row wins (primary key
 * document_id + kind) and the loser serves the winner's file, so the bytes are still unique.
 */
import type { Env } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { canonicalJson } from "../lib/canonical-json";
import { randomHex, sha256Hex } from "../lib/crypto";
import { nowIso } from "../lib/ids";
import { drawSealedDocument, type Answer, type CertificateSheet, type SignerMark } from "../lib/pdf/certificate";
import { BUNDLE_FORMAT, drawBundle, type BundleManifest } from "../lib/pdf/bundle";
import { sealingFromEnv, sealPdf, TimestampError, type SealDescription } from "../lib/seal";
import { certificateRow, checkAgainstRecord, issueCertificate, type CertificatePayload, type CertificateRow } from "./certificates";
import { logError } from "../lib/log";

export type SealedKind = "pdf" | "bundle";

export type SealedFile = { filename: string; content_type: "application/pdf"; seal: SealDescription; sha256: string; bytes: Uint8Array };

type SealedRow = { document_id: string; kind: SealedKind; r2_key: string; filename: string; sha256: string; bytes: number; seal: string };

const FILENAME: Record<SealedKind, (code: string) => string> = {
  pdf: (code) => `certificate-${code}.pdf`,
  bundle: (code) => `evidence-bundle-${code}.pdf`,
};

export const verificationUrl = (baseUrl: string, code: string) => `${baseUrl.replace(/\/+$/, "")}/verify/${code}`;

/** The certificate of a completed document, issuing it if the sequencer's issue did not land. */
export async function certificateForCompleted(env: Env, documentId: string, status: string, what: string): Promise<CertificateRow> {
  if (status !== "completed") {
    throw invalid(`${what} exists only once the document is completed; this document is ${status}.`, "Wait for signing.completed.");
  }
  let cert = await certificateRow(env, documentId);
  if (!cert) {
    await issueCertificate(env, documentId);
    cert = await certificateRow(env, documentId);
  }
  if (!cert) throw new Error(`Completed document ${documentId} has no certificate and none could be issued.`);
  return cert;
}

function sheet(cert: CertificateRow, baseUrl: string): CertificateSheet {
  return {
    certificateId: cert.id,
    verificationCode: cert.verification_code,
    issuedAt: cert.issued_at,
    certificateSha256: cert.certificate_sha256,
    documentSha256: cert.document_sha256,
    payloadJson: cert.payload,
    payload: JSON.parse(cert.payload) as CertificatePayload,
    verificationUrl: verificationUrl(baseUrl, cert.verification_code),
  };
}

/** Marks and answers for the document pages. Sensitive answers are not masked on the sealed PDF. */
async function marksAndAnswers(env: Env, documentId: string): Promise<{ body: string; marks: SignerMark[]; answers: Answer[] }> {
  const [d, s, v] = await env.DB.batch([
    env.DB.prepare("SELECT body, fields FROM documents WHERE id = ?").bind(documentId),
    env.DB.prepare("SELECT id, full_name, signature_method, signature_value, signed_at FROM signers WHERE document_id = ? ORDER BY sign_order, created_at, id").bind(documentId),
    env.DB.prepare("SELECT signer_id, key, value FROM field_values WHERE document_id = ? ORDER BY supplied_at, key").bind(documentId),
  ]);
  const doc = d!.results[0] as { body: string; fields: string };
  const signers = s!.results as { id: string; full_name: string; signature_method: string | null; signature_value: string | null; signed_at: string | null }[];
  const labels = new Map((JSON.parse(doc.fields || "[]") as { key: string; label: string }[]).map((f) => [f.key, f.label] as const));
  const names = new Map(signers.map((x) => [x.id, x.full_name] as const));
  return {
    body: doc.body,
    marks: signers.map((x) => ({ signer: x.full_name, method: x.signature_method, signedAt: x.signed_at, value: x.signature_value })),
    answers: (v!.results as { signer_id: string; key: string; value: string }[]).map((a) => ({
      signer: names.get(a.signer_id) ?? "signer",
      label: labels.get(a.key) ?? a.key,
      value: a.value,
    })),
  };
}

const TOKEN = /\b[0-9a-f]{64}\b/gi;

/** The bundle's content: what section 1-5 show, and what the package hash covers. */
export async function bundleManifest(env: Env, cert: CertificateRow, madeAt: string): Promise<BundleManifest> {
  const id = cert.document_id;
  const [d, s, e, m, w] = await env.DB.batch([
    env.DB.prepare("SELECT * FROM documents WHERE id = ?").bind(id),
    env.DB.prepare(
      "SELECT full_name, email, role, sign_order, status, consented_at, signed_at, declined_at FROM signers WHERE document_id = ? ORDER BY sign_order, created_at, id",
    ).bind(id),
    env.DB.prepare(
      "SELECT seq, kind, occurred_at, signer_email, ip, user_agent, signature_method, against_sha256, detail FROM events WHERE document_id = ? ORDER BY seq",
    ).bind(id),
    env.DB.prepare("SELECT id, channel, purpose, recipient, subject, status, created_at, body FROM messages WHERE document_id = ? ORDER BY created_at, id").bind(id),
    env.DB.prepare(
      "SELECT d.id, d.endpoint_id, e.url AS endpoint_url, d.event, d.status, d.attempts, d.response_status, d.last_error, d.created_at, d.delivered_at, d.replay_of, d.payload FROM webhook_deliveries d LEFT JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.document_id = ? ORDER BY d.created_at, d.id",
    ).bind(id),
  ]);
  const doc = d!.results[0] as Record<string, string | null>;
  const computed = await sha256Hex(doc.body ?? "");
  const check = await checkAgainstRecord(env, cert);
  const deliveries = w!.results as (BundleManifest["webhook_deliveries"][number] & { endpoint_url: string | null; payload: string })[];
  return {
    format: BUNDLE_FORMAT,
    made_at: madeAt,
    certificate: {
      certificate_id: cert.id,
      verification_code: cert.verification_code,
      issued_at: cert.issued_at,
      document_sha256_hex: cert.document_sha256,
      certificate_sha256_hex: cert.certificate_sha256,
      payload: JSON.parse(cert.payload) as CertificatePayload,
    },
    trail: e!.results as BundleManifest["trail"],
    // A signing link's token is a credential: the bundle records that a link was sent, not the link.
    messages: (m!.results as BundleManifest["messages"]).map((x) => ({ ...x, body: x.body.replace(TOKEN, "[token withheld]") })),
    webhook_deliveries: await Promise.all(
      deliveries.map(async ({ endpoint_url, payload, ...x }) => ({
        ...x,
        // Only the host: a URL's path or query may carry the receiver's own secret.
        endpoint_host: endpoint_url ? safeHost(endpoint_url) : null,
        payload_sha256: await sha256Hex(payload),
      })),
    ),
    record_state: {
      status: doc.status!,
      title: doc.title!,
      created_at: doc.created_at ?? null,
      sent_at: doc.sent_at ?? null,
      completed_at: doc.completed_at ?? null,
      voided_at: doc.voided_at ?? null,
      declined_at: doc.declined_at ?? null,
      expired_at: doc.expired_at ?? null,
      expires_at: doc.expires_at ?? null,
      body_sha256_stored: doc.body_sha256!,
      body_sha256_computed: computed,
      integrity_ok: computed === doc.body_sha256,
      still_matches_record: check.still_matches_record,
      divergence: check.divergence,
      signers: s!.results as BundleManifest["record_state"]["signers"],
    },
  };
}

function safeHost(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

async function draw(env: Env, kind: SealedKind, cert: CertificateRow, baseUrl: string, sealName: string) {
  const c = sheet(cert, baseUrl);
  if (kind === "pdf") return drawSealedDocument({ ...c, ...(await marksAndAnswers(env, cert.document_id)), sealName });
  const manifest = await bundleManifest(env, cert, nowIso());
  const manifestJson = canonicalJson(manifest);
  return drawBundle({ manifest, manifestJson, packageSha256: await sha256Hex(manifestJson), certificate: c, sealName });
}

/** Draws and seals a file (no storage). Throws ApiError `internal` with Retry-After when no timestamp can be had. */
export async function makeSealedFile(env: Env, kind: SealedKind, cert: CertificateRow, baseUrl: string): Promise<{ bytes: Uint8Array; seal: SealDescription }> {
  const sealing = await sealingFromEnv(env);
  const pdfDoc = await draw(env, kind, cert, baseUrl, sealing.description.commonName);
  const title = (JSON.parse(cert.payload) as CertificatePayload).document.title;
  const url = verificationUrl(baseUrl, cert.verification_code);
  try {
    const bytes = await sealPdf(pdfDoc, {
      signer: sealing.signer,
      tsa: sealing.tsa,
      reason: kind === "pdf" ? `Certificate of completion: ${title}` : `Evidence bundle: ${title}`,
      location: safeHost(baseUrl) ?? baseUrl,
      contactInfo: url,
    });
    return { bytes, seal: sealing.description };
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
}

/** The sealed file of a completed document: made once, then the same bytes from R2 every time. */
export async function sealedFile(env: Env, doc: { id: string; status: string }, kind: SealedKind, baseUrl: string): Promise<SealedFile> {
  const cert = await certificateForCompleted(env, doc.id, doc.status, kind === "pdf" ? "The sealed PDF" : "The evidence bundle");
  const existing = await storedFile(env, doc.id, kind);
  if (existing) return existing;

  const { bytes, seal } = await makeSealedFile(env, kind, cert, baseUrl);
  const sha256 = await sha256Hex(bytes);
  const filename = FILENAME[kind](cert.verification_code);
  const r2Key = `sealed/${doc.id}/${kind}-${randomHex(8)}.pdf`;
  await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { sha256 } });
  const inserted = await env.DB.prepare(
    "INSERT INTO sealed_files (document_id, kind, r2_key, filename, sha256, bytes, seal, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(document_id, kind) DO NOTHING",
  )
    .bind(doc.id, kind, r2Key, filename, sha256, bytes.length, JSON.stringify(seal), nowIso())
    .run()
    .catch(async (err) => {
      await env.FILES.delete(r2Key); // no row, no file: the next request starts clean
      throw err;
    });
  if (inserted.meta.changes === 1) return { filename, content_type: "application/pdf", seal, sha256, bytes };
  // Another request sealed first: keep its file, drop ours.
  await env.FILES.delete(r2Key);
  const winner = await storedFile(env, doc.id, kind);
  if (!winner) throw new Error(`sealed_files row for ${doc.id}/${kind} vanished`);
  return winner;
}

async function storedFile(env: Env, documentId: string, kind: SealedKind): Promise<SealedFile | null> {
  const row = await env.DB.prepare("SELECT * FROM sealed_files WHERE document_id = ? AND kind = ?").bind(documentId, kind).first<SealedRow>();
  if (!row) return null;
  const obj = await env.FILES.get(row.r2_key);
  // Evidence never changes silently: a lost object is a fault to investigate, not a reason to redraw.
  if (!obj) throw new Error(`Sealed file ${row.r2_key} is recorded but missing from R2.`);
  const bytes = new Uint8Array(await obj.arrayBuffer());
  return { filename: row.filename, content_type: "application/pdf", seal: JSON.parse(row.seal) as SealDescription, sha256: row.sha256, bytes };
}
