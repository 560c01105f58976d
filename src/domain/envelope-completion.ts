/**
 * An envelope's completion (docs/documents.md, "Envelopes"): once every document of it completed
 * (each with its own certificate, sealed PDF and `signing.completed`), the envelope is marked
 * completed, its own certificate is issued (its own 16-character code; a canonical payload listing
 * each document's hash and code) and `envelope.completed` is queued: all three in one batch, so
 * exactly once however many callers settle it at the same time.
 */
import type { Env, Mode } from "../env";
import { dbOf } from "../db/client";
import { sendEnvelopeCopies } from "./envelope-copies";
import { tenantById } from "../db/accounts";
import {
  type EnvelopeCertificate,
  certificateInserted,
  envelopeCertificateOf,
  envelopeDocumentCertificates,
  envelopePeopleSignedAt,
  insertEnvelopeCertificate,
  markEnvelopeCompleted,
} from "../db/envelope-certificates";
import { envelopeWithParts } from "../db/envelopes";
import { canonicalJson } from "../lib/canonical-json";
import { invalid } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { newVerificationCode } from "../lib/verification-code";
import { certificateForCompleted } from "./evidence";
import { recordInLogQuietly } from "./transparency-log";
import { deliveryQueries, kickDeliveryQueues } from "./webhooks";

export type { EnvelopeCertificate } from "../db/envelope-certificates";

/** The envelope certificate's payload, frozen as RFC 8785 canonical JSON at issue. */
export type EnvelopePayload = {
  issuer: { tenant: string; tenant_id: string };
  envelope: { id: string; title: string; completed_at: string; test: boolean };
  /** In the envelope's order; each with the body hash and the code its own certificate carries. */
  documents: { document_id: string; title: string; position: number; document_sha256: string; verification_code: string }[];
  /** Every person of the envelope; `signed_at` is the latest of their signings (null for who signs nothing, e.g. cc). */
  signers: { full_name: string; email: string; role: string; sign_order: number; signed_at: string | null }[];
};

/** The event an envelope's completion delivers (once per envelope). */
export const ENVELOPE_COMPLETED = "envelope.completed";

/**
 * When every document of the envelope is completed and the envelope is not yet: marks it completed
 * (once, even when called concurrently: a conditional UPDATE ... WHERE status='sent'), issues its
 * certificate and queues `envelope.completed`. Safe to call any time, any number of times.
 */
export async function settleEnvelope(env: Env, envelopeId: string): Promise<void> {
  const db = dbOf(env);
  const found = await envelopeWithParts(db, envelopeId);
  if (!found) return;
  const { envelope, documents } = found;
  if (envelope.status !== "sent" && envelope.status !== "completed") return;
  if (documents.length === 0 || !documents.every((d) => d.status === "completed")) return;
  if (envelope.status === "completed" && (await envelopeCertificateOf(db, envelopeId))) return;

  const payload = await envelopePayload(env, envelope, envelope.completedAt ?? nowIso());
  const canonical = canonicalJson(payload);
  const certificateSha256 = await sha256Hex(canonical);
  for (let attempt = 0; attempt < 4; attempt++) {
    const id = newId("ecert");
    const verificationCode = newVerificationCode();
    const delivery = deliveryQueries(db, {
      tenantId: envelope.tenantId,
      mode: envelope.mode as Mode,
      event: ENVELOPE_COMPLETED,
      payload: completedEvent(payload, verificationCode),
      documentId: null,
      documentTitle: null,
      when: certificateInserted(id),
    });
    await db.batch([
      markEnvelopeCompleted(db, envelopeId, payload.envelope.completed_at),
      insertEnvelopeCertificate(db, {
        id,
        envelopeId,
        tenantId: envelope.tenantId,
        verificationCode,
        issuedAt: nowIso(),
        payload: canonical,
        certificateSha256,
      }),
      ...delivery.queries,
    ]);
    const cert = await envelopeCertificateOf(db, envelopeId);
    if (cert) {
      if (cert.id === id) {
        await kickDeliveryQueues(env, [delivery.target]);
        await sendEnvelopeCopies(env, envelope);
        await recordInLogQuietly(env);
      }
      return;
    }
    // No certificate after the batch: the code was taken (80 random bits: absurd, but never lost).
  }
  throw new Error(`Envelope ${envelopeId} completed but no certificate could be issued.`);
}

/** The payload, from the documents' certificates and the people's signings. */
async function envelopePayload(
  env: Env,
  envelope: { id: string; tenantId: string; mode: string; title: string },
  completedAt: string,
): Promise<EnvelopePayload> {
  const db = dbOf(env);
  let [tenant, docs, people] = await Promise.all([
    tenantById(db, envelope.tenantId),
    envelopeDocumentCertificates(db, envelope.id),
    envelopePeopleSignedAt(db, envelope.id),
  ]);
  // A document whose own certificate is not there yet (its sequencer's issue did not land) gets it now.
  const missing = docs.filter((d) => !d.verificationCode);
  if (missing.length) {
    for (const d of missing) await certificateForCompleted(env, d.id, d.status, "A document's certificate");
    docs = await envelopeDocumentCertificates(db, envelope.id);
  }
  return {
    issuer: { tenant: tenant?.name ?? "", tenant_id: envelope.tenantId },
    envelope: { id: envelope.id, title: envelope.title, completed_at: completedAt, test: envelope.mode === "test" },
    documents: docs.map((d, i) => {
      if (!d.verificationCode || !d.documentSha256) throw new Error(`Document ${d.id} of envelope ${envelope.id} has no certificate.`);
      return { document_id: d.id, title: d.title, position: d.position ?? i, document_sha256: d.documentSha256, verification_code: d.verificationCode };
    }),
    signers: people.map((s) => ({ full_name: s.fullName, email: s.email, role: s.role, sign_order: s.signOrder, signed_at: s.signedAt ?? null })),
  };
}

/** The body of `envelope.completed` (docs/webhooks.md). */
function completedEvent(p: EnvelopePayload, verificationCode: string) {
  return {
    event: ENVELOPE_COMPLETED,
    occurred_at: p.envelope.completed_at,
    envelope_id: p.envelope.id,
    title: p.envelope.title,
    status: "completed" as const,
    verification_code: verificationCode,
    documents: p.documents.map((d) => ({ document_id: d.document_id })),
    completed_at: p.envelope.completed_at,
  };
}

/** The certificate of a completed envelope, or 422 before it completes (settling it first when a settle was lost). */
export async function certificateForCompletedEnvelope(env: Env, envelopeId: string, status: string, what: string): Promise<EnvelopeCertificate> {
  if (status !== "completed") {
    throw invalid(`${what} exists only once the envelope is completed; this envelope is ${status}.`, "Wait for envelope.completed.");
  }
  let cert = await envelopeCertificateOf(dbOf(env), envelopeId);
  if (!cert) {
    await settleEnvelope(env, envelopeId);
    cert = await envelopeCertificateOf(dbOf(env), envelopeId);
  }
  if (!cert) throw new Error(`Completed envelope ${envelopeId} has no certificate and none could be issued.`);
  return cert;
}

/** Whether the frozen payload still hashes to the certificate's hash and each document's certificate still carries the hash and code listed. */
export async function checkEnvelopeCertificate(env: Env, cert: EnvelopeCertificate): Promise<{ still_matches_record: boolean; divergence: string | null }> {
  const problems: string[] = [];
  if ((await sha256Hex(cert.payload)) !== cert.certificateSha256) problems.push("the stored certificate no longer hashes to certificate_sha256_hex");
  const frozen = JSON.parse(cert.payload) as EnvelopePayload;
  const live = await envelopeDocumentCertificates(dbOf(env), cert.envelopeId);
  frozen.documents.forEach((d, i) => {
    const now = live.find((x) => x.id === d.document_id);
    if (!now) problems.push(`documents[${i}] (missing from the record)`);
    else {
      if (now.status !== "completed") problems.push(`documents[${i}].status (now ${now.status})`);
      if (now.documentSha256 !== d.document_sha256) problems.push(`documents[${i}].document_sha256`);
      if (now.verificationCode !== d.verification_code) problems.push(`documents[${i}].verification_code`);
    }
  });
  if (!problems.length) return { still_matches_record: true, divergence: null };
  return { still_matches_record: false, divergence: `The record differs from the certificate at: ${problems.join("; ")}.` };
}

/** GET /v1/envelopes/{id}/certificate: the same fields as a document's certificate where they apply. */
export async function envelopeCertificateView(env: Env, cert: EnvelopeCertificate) {
  const check = await checkEnvelopeCertificate(env, cert);
  return {
    certificate_id: cert.id,
    verification_code: cert.verificationCode,
    issued_at: cert.issuedAt,
    certificate_sha256_hex: cert.certificateSha256,
    still_matches_record: check.still_matches_record,
    divergence: check.divergence,
    payload: JSON.parse(cert.payload) as EnvelopePayload,
  };
}
