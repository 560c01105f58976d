/**
 * Certificate of completion: issued exactly once per document, inside the document's sequencer,
 * right after the document completes. Its payload (the spec's list, nothing more) is serialised as
 * RFC 8785 canonical JSON, hashed into `certificate_sha256_hex` and frozen. Later,
 * `still_matches_record` re-derives the payload from the live rows and names every path that
 * differs; it never corrects anything.
 */
import type { Env } from "../env";
import { canonicalJson } from "../lib/canonical-json";
import { sha256Hex } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { newVerificationCode } from "../lib/verification-code";
import { DEFAULT_CONSENT_TEXT, consentVersion, isCustomConsent } from "./wording";
import { certificateByDocument, documentMode, insertCertificate, recordRows, type Certificate, type RecordRows, type RecordSigner } from "../db/evidence";
import { SIGNER_FILE_EXTENSIONS, type SignerFileType } from "./vocabulary";
import { type PayloadSignature, payloadSignatures } from "./signature-list";
import { asIssuedRoleFields, type PayloadRoleFields, redactRoleFields, roleFields } from "./certificate-roles";

/** A signer's entry; roles that act differently, groups and delegation add the fields of `PayloadRoleFields` where they apply. */
export type PayloadSigner = PayloadRoleFields & {
  full_name: string;
  email: string;
  role: string;
  sign_order: number;
  status: string;
  consented_at: string | null;
  signed_at: string | null;
  signature: { method: string | null; value_sha256: string | null; signed_against_sha256: string | null; ip: string | null } | null;
  /** Only for a guardian signing a packet document about a minor: the minor they signed for. */
  on_behalf_of?: { full_name: string; minor: true };
  /** Only for a signer who re-authenticated at signing: the reason given and when the code it rested on was confirmed. */
  reason?: string;
  reauthenticated_at?: string | null;
  /** Only for a signer who accepted the account's consumer disclosure (with consent). */
  disclosure_accepted_at?: string;
  /** Only for a signer sent with `auth` `access_code`: the method and when the code was given (never the code). */
  authentication?:
    | { method: "access_code"; passed_at: string | null }
    /** `auth` `id_check`: what the identity provider verified (never images, birth date or document number). */
    | {
        method: "id_check";
        provider: "stripe";
        outcome: "verified";
        document_type: string | null;
        country: string | null;
        verified_name?: string;
        passed_at: string | null;
      };
};

export type PayloadEvent = { kind: string; occurred_at: string; signer: string | null; ip: string | null; against_sha256: string };

export type CertificatePayload = {
  issuer: { tenant: string; tenant_id: string };
  /**
   * True when the document was made and completed with a test key (no legal effect, unmetered).
   * Absent only from certificates issued before the field existed.
   */
  test?: boolean;
  document: {
    id: string;
    title: string;
    sha256: string;
    completed_at: string | null;
    template: { code: string; version: number };
    /**
     * The consent wording every signer was shown: its version label and the SHA-256 of the text.
     * Absent only from certificates issued before the field existed.
     */
    consent?: ConsentRecord;
    /**
     * Documents prepared from a PDF template only: the SHA-256 (hex) of the template's original
     * PDF, the file the sealed PDF's first pages are drawn on. Absent for text templates.
     */
    original_pdf_sha256?: string;
    /** `aes` or `qes`: each signer signed with their own certificate at a trust service provider. Absent for `ses`. */
    level?: "aes" | "qes";
  };
  signers: PayloadSigner[];
  events: PayloadEvent[];
  /**
   * Files signers uploaded to image, stamp and file fields (docs/documents.md): the field, who
   * (their email, as in `events`), and the bytes' SHA-256, size and type. Absent when there are none.
   */
  files?: PayloadFile[];
  /** `aes`/`qes` documents only: each signer's own signature at the trust service provider, in signing order (absent for `ses`). */
  signatures?: PayloadSignature[];
};

export type PayloadFile = { key: string; signer: string; sha256: string; size: number; content_type: string };

/** The name each file has as the sealed PDF's attachment: `<key>-<n>.<ext>`, n counting the field's files from 1. */
export function attachmentNames(files: readonly PayloadFile[]): string[] {
  const seen = new Map<string, number>();
  return files.map((f) => {
    const n = (seen.get(f.key) ?? 0) + 1;
    seen.set(f.key, n);
    return `${f.key}-${n}.${SIGNER_FILE_EXTENSIONS[f.content_type as SignerFileType] ?? "bin"}`;
  });
}

/** `version` is `consent/1` for the service's wording, `consent/custom-<first 12 hex of text_sha256>` for a template's own. */
export type ConsentRecord = { version: string; text_sha256: string };

/**
 * The consent wording a document shows and its record: the template's own text when it has one
 * (as written, in the business's language), otherwise the service's default wording, whose
 * English text is the one the `consent/1` label names (translations say the same).
 */
export async function consentRecord(consentText: string | null): Promise<ConsentRecord> {
  return { version: await consentVersion(consentText), text_sha256: await sha256Hex(isCustomConsent(consentText) ? consentText : DEFAULT_CONSENT_TEXT) };
}

export type { Certificate } from "../db/evidence";
export type { RecordRows } from "../db/evidence";

/** The trail the certificate covers: everything up to and including the completion. */
function certifiedEvents(events: RecordRows["events"]): RecordRows["events"] {
  const done = events.findIndex((e) => e.kind === "completed");
  return done < 0 ? events : events.slice(0, done + 1);
}

/** The method a confirmed code names: the verified event's own (`email_otp` | `sms_otp`), else the signer's `auth`. */
function codeMethod(detail: string | null, auth: string): string {
  const named = detail?.split(";")[0]?.trim();
  return named === "email_otp" || named === "sms_otp" ? named : auth !== "none" ? auth : "email_otp";
}

/** The spec's payload, derived from rows. The same function issues and re-derives. */
export async function derivePayload(r: RecordRows): Promise<CertificatePayload> {
  const events = certifiedEvents(r.events);
  // A `verified` event's detail names how the code came (`email_otp` | `sms_otp`).
  const signatures = payloadSignatures(r, events);
  const confirmedCode = new Map(events.filter((e) => e.kind === "verified" && e.signerId).map((e) => [e.signerId!, e.detail] as const));
  return {
    issuer: { tenant: r.tenant.name, tenant_id: r.tenant.id },
    test: r.doc.mode === "test",
    document: {
      id: r.doc.id,
      title: r.doc.title,
      // The hash of the text as it is, not as a column claims it is.
      sha256: await sha256Hex(r.doc.body),
      completed_at: r.doc.completedAt,
      template: { code: r.doc.templateCode, version: r.doc.templateVersion },
      consent: await consentRecord(r.doc.consentText),
      ...(r.doc.pdfSha256 ? { original_pdf_sha256: r.doc.pdfSha256 } : {}),
      ...(r.doc.level !== "ses" ? { level: r.doc.level } : {}),
    },
    signers: r.signers.map((s) => ({
      full_name: s.fullName,
      email: s.email,
      role: s.role,
      sign_order: s.signOrder,
      status: s.status,
      consented_at: s.consentedAt,
      signed_at: s.signedAt,
      signature: s.signedAt
        ? {
            // A confirmed one-time code is the stronger evidence of who signed, so it names the method.
            method: confirmedCode.has(s.id) ? codeMethod(confirmedCode.get(s.id) ?? null, s.auth) : s.signatureMethod,
            value_sha256: s.signatureValueSha256,
            signed_against_sha256: s.signedAgainstSha256,
            ip: s.signIp,
          }
        : null,
      ...(s.onBehalfOf ? { on_behalf_of: { full_name: s.onBehalfOf, minor: true as const } } : {}),
      ...(s.auth === "access_code" ? { authentication: { method: "access_code" as const, passed_at: s.accessCodePassedAt } } : {}),
      ...(s.auth === "id_check" && s.idCheckPassedAt ? { authentication: idCheckEntry(s) } : {}),
      // Re-authentication with a reason, and the consumer disclosure: only for such signers (other payloads stay byte for byte).
      ...(s.signReason ? { reason: s.signReason, reauthenticated_at: s.reauthenticatedAt } : {}),
      ...(s.disclosureAcceptedAt ? { disclosure_accepted_at: s.disclosureAcceptedAt } : {}),
      ...roleFields(s, r.signers),
    })),
    events: events.map((e) => ({ kind: e.kind, occurred_at: e.occurredAt, signer: e.signerEmail, ip: e.ip, against_sha256: e.againstSha256 })),
    ...(r.files.length ? { files: r.files.map((f) => payloadFile(f, r.signers)) } : {}),
    ...(signatures ? { signatures } : {}),
  };
}

function payloadFile(f: RecordRows["files"][number], signers: RecordRows["signers"]): PayloadFile {
  return { key: f.key, signer: signers.find((s) => s.id === f.signerId)?.email ?? "", sha256: f.sha256, size: f.size, content_type: f.contentType };
}

/**
 * Issues the certificate for a completed document; does nothing if it already exists (the unique
 * index on document_id makes a second insert a no-op) or if the document is not completed.
 * `known` is the record when the caller has just read it (the completing commit reads it in its
 * own batch); otherwise it is read here.
 */
export async function issueCertificate(env: Env, documentId: string, known?: RecordRows | null): Promise<void> {
  const record = known ?? (await recordRows(env, documentId));
  if (record?.doc.status !== "completed") return;
  const payload = await derivePayload(record);
  const canonical = canonicalJson(payload);
  const certificateSha256 = await sha256Hex(canonical);
  for (let attempt = 0; ; attempt++) {
    try {
      await insertCertificate(env, {
        id: newId("cert"),
        documentId,
        tenantId: record.doc.tenantId,
        // Never an envelope certificate's code either: a trigger refuses it like a clash (migration 0034).
        verificationCode: newVerificationCode(),
        issuedAt: nowIso(),
        payload: canonical,
        certificateSha256,
        documentSha256: payload.document.sha256,
      });
      return;
    } catch (err) {
      // 80 random bits make a clash absurd, but a clash must never lose a certificate.
      if (attempt < 3 && /UNIQUE constraint failed: certificates\.verification_code/.test(String((err as Error)?.cause ?? err) + String(err))) continue;
      throw err;
    }
  }
}

export async function certificateRow(env: Env, documentId: string): Promise<Certificate | null> {
  return certificateByDocument(env, documentId);
}

/** JSON paths where two JSON values differ (`signers[0].full_name`, `events: 5 → 6 entries`). */
export function differingPaths(a: unknown, b: unknown, path = ""): string[] {
  if (Array.isArray(a) && Array.isArray(b)) {
    // A count that differs is the headline; the entries that shifted follow.
    const out: string[] = a.length !== b.length ? [`${path} (${a.length} in the certificate, ${b.length} in the record)`] : [];
    for (let i = 0; i < Math.min(a.length, b.length); i++) out.push(...differingPaths(a[i], b[i], `${path}[${i}]`));
    return out;
  }
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => differingPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k));
  }
  return canonicalJson(a ?? null) === canonicalJson(b ?? null) ? [] : [path || "(whole payload)"];
}

/**
 * The live payload in the shape the frozen one was issued in: fields added to the payload after a
 * certificate was issued are left out of its comparison (they were not part of what was frozen).
 */
function asIssued(frozen: CertificatePayload, live: CertificatePayload): CertificatePayload {
  const out = { ...live, signers: live.signers.map((s, i) => asIssuedRoleFields(frozen.signers?.[i], s)) };
  if (!("test" in frozen)) delete out.test;
  if (!("signatures" in frozen)) delete out.signatures;
  if (frozen.document && !("consent" in frozen.document)) {
    const { consent: _consent, ...document } = out.document;
    out.document = document;
  }
  // `document.original_pdf_sha256` needs no rule here: it is present exactly when the document has
  // a PDF template's file (documents.pdf_sha256), which no document prepared before it had.
  return out;
}

/** Whether a certificate is a test-mode one; for certificates issued before `test` existed, from the document. */
export async function isTestCertificate(env: Env, cert: Certificate, payload: CertificatePayload): Promise<boolean> {
  if (typeof payload.test === "boolean") return payload.test;
  return (await documentMode(env, cert.documentId)) === "test";
}

export type RecordCheck = { still_matches_record: boolean; divergence: string | null };

/**
 * Re-derives the payload from the live rows and compares. The divergence names paths only, never
 * values, so it can be shown to anonymous verifiers without disclosing an email address.
 */
export async function checkAgainstRecord(env: Env, cert: Certificate): Promise<RecordCheck> {
  const problems: string[] = [];
  // A redacted certificate's payload is the redacted one; certificate_sha256 still names the one issued.
  if (!cert.redactedAt && (await sha256Hex(cert.payload)) !== cert.certificateSha256) {
    problems.push("the stored certificate no longer hashes to certificate_sha256_hex");
  }
  const frozen = JSON.parse(cert.payload) as CertificatePayload;
  const record = await recordRows(env, cert.documentId);
  if (!record) {
    problems.push("the document is missing from the record");
  } else {
    // The trail's signer addresses are erased: a redacted payload names each signer's event "redacted".
    const derived = await derivePayload(
      cert.redactedAt ? { ...record, events: record.events.map((e) => (e.signerId && e.signerEmail === null ? { ...e, signerEmail: REDACTED } : e)) } : record,
    );
    // After a redaction the text is erased: its stored hash stands for it, and both sides are compared redacted.
    const live = cert.redactedAt ? redactPayload({ ...derived, document: { ...derived.document, sha256: record.doc.bodySha256 } }) : asIssued(frozen, derived);
    problems.push(...differingPaths(frozen, live));
    if (record.doc.bodySha256 !== frozen.document.sha256) problems.push("document.body_sha256 (stored hash of the text)");
    if (record.doc.status !== "completed") problems.push(`document.status (now ${record.doc.status})`);
  }
  if (cert.documentSha256 !== frozen.document.sha256) problems.push("document_sha256_hex");
  if (!problems.length) return { still_matches_record: true, divergence: null };
  const shown = problems.slice(0, 12).join("; ");
  const more = problems.length > 12 ? `; and ${problems.length - 12} more` : "";
  return { still_matches_record: false, divergence: `The record differs from the certificate at: ${shown}${more}.` };
}

/** What stands for a name, an email address or an address once erased. */
export { REDACTED } from "../db/redaction";
import { REDACTED } from "../db/redaction";

/**
 * The payload with its personal data erased (docs/retention.md): signers' names and addresses,
 * signature values' hashes (a typed name's hash can be guessed) and IP addresses go, and so do the
 * emails and free text of roles and delegation (certificate-roles.ts); roles, order, statuses, times,
 * methods, group names, the hashes signed against and the trail's kinds and times stay.
 */
export function redactPayload(p: CertificatePayload): CertificatePayload {
  return {
    ...p,
    signers: p.signers.map((s) => ({
      ...redactRoleFields(s),
      full_name: REDACTED,
      email: REDACTED,
      signature: s.signature ? { ...s.signature, value_sha256: null, ip: null } : null,
      ...(s.on_behalf_of ? { on_behalf_of: { full_name: REDACTED, minor: true as const } } : {}),
    })),
    events: p.events.map((e) => ({ ...e, signer: e.signer === null ? null : REDACTED, ip: null })),
    ...(p.files ? { files: p.files.map((f) => ({ ...f, signer: REDACTED })) } : {}),
    ...(p.signatures ? { signatures: p.signatures.map((x) => ({ ...x, name: REDACTED, subject: REDACTED })) } : {}),
  };
}

/** GET /v1/documents/{id}/certificate. */
export async function certificateView(env: Env, cert: Certificate) {
  const check = await checkAgainstRecord(env, cert);
  return {
    certificate_id: cert.id,
    verification_code: cert.verificationCode,
    issued_at: cert.issuedAt,
    document_sha256_hex: cert.documentSha256,
    certificate_sha256_hex: cert.certificateSha256,
    still_matches_record: check.still_matches_record,
    divergence: check.divergence,
    payload: JSON.parse(cert.payload) as CertificatePayload,
  };
}

/** A signer's `id_check` entry: the provider's verified outcome (only a passed check reaches a certificate: consent waits for it). */
const idCheckEntry = (s: Pick<RecordSigner, "idCheckPassedAt" | "idCheckVerifiedName" | "idCheckDocumentType" | "idCheckCountry">) => ({
  method: "id_check" as const,
  provider: "stripe" as const,
  outcome: "verified" as const,
  document_type: s.idCheckDocumentType,
  country: s.idCheckCountry,
  ...(s.idCheckVerifiedName ? { verified_name: s.idCheckVerifiedName } : {}),
  passed_at: s.idCheckPassedAt,
});
