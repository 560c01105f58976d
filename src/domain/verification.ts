/**
 * Public verification by code (`GET /v1/verify/{code}` and the `/verify/{code}` page). Anonymous:
 * without a hash it says what the document is and when it completed; with a `sha256` equal to the
 * document's hash or to a sealed file issued for it (certificate PDF or bundle), it adds the signers
 * and the trail from the frozen certificate, and the document's hash itself (withheld before a match,
 * since sending it back is what unlocks the rest). Email addresses are never shown to a verifier.
 */
import { logProofOf } from "./transparency-log";
import type { Env } from "../env";
import { normaliseVerificationCode } from "../lib/verification-code";
import type { PayloadSignature } from "./signature-list";
import { checkAgainstRecord, isTestCertificate, type Certificate, type CertificatePayload, type PayloadSigner } from "./certificates";
import { certificateByCode, codeOfSealedFile, isSealedFileOf } from "../db/evidence";
import { dbOf } from "../db/client";
import { findOnShards } from "../db/shards";
import { envelopeCertificateByCode, envelopeCodeOfSealedFile, envelopeSealedFileOf } from "../db/envelope-certificates";
import { type EnvelopeCertificate, type EnvelopePayload, checkEnvelopeCertificate } from "./envelope-completion";

/** A signer as a verifier sees it: no email address; the people a role entry names by email are named by name. */
export type VerifiedSigner = Omit<PayloadSigner, "email">;
export type VerifiedEvent = { kind: string; occurred_at: string; signer: string | null; ip: string | null; against_sha256: string };

export type VerificationResult = {
  found: boolean;
  /** True for a document made and completed with a test key: no legal effect. Null when not found. */
  test: boolean | null;
  verification_code: string | null;
  issued_at: string | null;
  issuer: { tenant: string; tenant_id: string } | null;
  title: string | null;
  /** Only when `sha256` matched: withheld like signers and events otherwise. */
  document_sha256: string | null;
  /** null when no `sha256` was given. */
  document_matches: boolean | null;
  still_matches_record: boolean | null;
  divergence: string | null;
  completed_at: string | null;
  /** When the document's personal data was erased (docs/retention.md); signers then read "redacted". */
  redacted_at: string | null;
  signer_count: number | null;
  signers: VerifiedSigner[] | null;
  events: VerifiedEvent[] | null;
  /** Only when `sha256` matched and a signed tree head covers the certificate: its place in the transparency log. */
  log?: LogProof;
  /**
   * An envelope's certificate only (absent for a document's): its documents in order, each with the
   * hash and code of its own certificate, once `sha256` matched the envelope's sealed PDF; null before.
   */
  documents?: EnvelopeVerifiedDocument[] | null;
  /**
   * `aes`/`qes` documents only (absent otherwise): each signer's own signature at the trust service
   * provider (signer, level, certificate subject and issuer, signing time), once `sha256` matched; null before.
   */
  signatures?: PayloadSignature[] | null;
};

export type EnvelopeVerifiedDocument = { title: string; position: number; document_sha256: string; verification_code: string };

type LogProof = NonNullable<Awaited<ReturnType<typeof logProofOf>>>;

export const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

function notFound(code: string | null): VerificationResult {
  return {
    found: false,
    test: null,
    verification_code: code,
    issued_at: null,
    issuer: null,
    title: null,
    document_sha256: null,
    document_matches: null,
    still_matches_record: null,
    divergence: null,
    completed_at: null,
    redacted_at: null,
    signer_count: null,
    signers: null,
    events: null,
  };
}

/** Whether `sha256` is the document's hash or the hash of a sealed file made for it. */
async function hashMatches(env: Env, cert: Certificate, sha256: string): Promise<boolean> {
  const h = sha256.toLowerCase();
  if (!SHA256_HEX.test(h)) return false;
  if (h === cert.documentSha256) return true;
  return isSealedFileOf(env, cert.documentId, h);
}

/** The verification result for a code typed in any case, with or without dashes. */
export async function verifyCode(env: Env, code: string, sha256?: string): Promise<VerificationResult> {
  const normalised = normaliseVerificationCode(code);
  if (!normalised) return notFound(null);
  const cert = await certificateByCode(env, normalised);
  if (!cert) {
    const envelopeCert = await envelopeCertificateByCode(dbOf(env), normalised);
    return envelopeCert ? verifyEnvelope(env, envelopeCert, sha256) : notFound(normalised);
  }

  const payload = JSON.parse(cert.payload) as CertificatePayload;
  const check = await checkAgainstRecord(env, cert);
  const matches = sha256 === undefined || sha256 === "" ? null : await hashMatches(env, cert, sha256);
  const names = new Map(payload.signers.map((s) => [s.email, s.full_name] as const));
  const test = await isTestCertificate(env, cert, payload);
  const log = matches ? await logProofOf(env, cert.id) : null;
  return {
    found: true,
    test,
    verification_code: cert.verificationCode,
    issued_at: cert.issuedAt,
    issuer: payload.issuer,
    title: payload.document.title,
    // Withheld like signers and events: sending it back would unlock the holder's view.
    document_sha256: matches ? cert.documentSha256 : null,
    document_matches: matches,
    still_matches_record: check.still_matches_record,
    divergence: check.divergence,
    completed_at: payload.document.completed_at,
    redacted_at: cert.redactedAt ?? null,
    signer_count: payload.signers.length,
    signers: matches ? payload.signers.map(({ email: _email, ...rest }) => namedRoleFields(rest, names)) : null,
    events: matches
      ? payload.events.map((e) => ({
          kind: e.kind,
          occurred_at: e.occurred_at,
          // The trail names signers by email; a verifier sees the name instead.
          signer: e.signer === null ? null : (names.get(e.signer) ?? "a signer"),
          ip: e.ip,
          against_sha256: e.against_sha256,
        }))
      : null,
    ...(payload.signatures ? { signatures: matches ? payload.signatures : null } : {}),
    ...(log ? { log } : {}),
  };
}

/** The role fields that name someone by email (witness_for, delegated_to, delegated_from) name them by name instead. */
function namedRoleFields(s: VerifiedSigner, names: Map<string, string>): VerifiedSigner {
  const out = { ...s };
  for (const k of ["witness_for", "delegated_to", "delegated_from"] as const) {
    const email = out[k];
    if (email !== undefined) out[k] = names.get(email) ?? "a signer";
  }
  return out;
}

/**
 * The code of the certificate whose sealed file (certificate PDF or bundle) has this SHA-256, so
 * a person holding only the file can find its certificate. Only sealed files: they are unique to
 * one document, whereas two documents may share the same text.
 */
export async function codeForSealedFile(env: Env, sha256: string): Promise<string | null> {
  const h = sha256.toLowerCase();
  if (!SHA256_HEX.test(h)) return null;
  // A file names no account: every shard is asked at once.
  const hit = await findOnShards(env, async (e) => (await codeOfSealedFile(e, h)) ?? (await envelopeCodeOfSealedFile(dbOf(e), h)) ?? undefined);
  return hit?.found ?? null;
}

/**
 * An envelope's certificate: `sha256` matches the envelope's sealed PDF; the signers are its
 * people (no email addresses), the trail is each document's own (found by its own code).
 */
async function verifyEnvelope(env: Env, cert: EnvelopeCertificate, sha256?: string): Promise<VerificationResult> {
  const payload = JSON.parse(cert.payload) as EnvelopePayload;
  const check = await checkEnvelopeCertificate(env, cert);
  const h = sha256?.toLowerCase() ?? "";
  const file = h ? await envelopeSealedFileOf(dbOf(env), cert.envelopeId) : null;
  const matches = sha256 === undefined || sha256 === "" ? null : SHA256_HEX.test(h) && file?.sha256 === h;
  const log = matches ? await logProofOf(env, cert.id) : null;
  return {
    found: true,
    test: payload.envelope.test,
    verification_code: cert.verificationCode,
    issued_at: cert.issuedAt,
    issuer: payload.issuer,
    title: payload.envelope.title,
    // The envelope has no one text: its sealed PDF's hash stands for it once given.
    document_sha256: matches ? h : null,
    document_matches: matches,
    still_matches_record: check.still_matches_record,
    divergence: check.divergence,
    completed_at: payload.envelope.completed_at,
    redacted_at: null,
    signer_count: payload.signers.length,
    signers: matches
      ? payload.signers.map((s) => ({
          full_name: s.full_name,
          role: s.role,
          sign_order: s.sign_order,
          status: s.signed_at ? "signed" : "pending",
          consented_at: null,
          signed_at: s.signed_at,
          signature: null,
        }))
      : null,
    events: matches ? [] : null,
    documents: matches
      ? payload.documents.map((d) => ({ title: d.title, position: d.position, document_sha256: d.document_sha256, verification_code: d.verification_code }))
      : null,
    ...(log ? { log } : {}),
  };
}
