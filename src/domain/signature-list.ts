/**
 * The per-signature list of an `aes`/`qes` document (contract "Advanced and qualified signatures",
 * docs/evidence.md): each signer's own PAdES signature, as the certificate payload, `/v1/verify`,
 * the certificate pages and the offline verifier list it. The signer's certificate names (subject,
 * issuer) are recorded on the `signed` event when the provider's signature is made, after the
 * intent wording, as `; certificate {"subject":…,"issuer":…}`: the payload is derived from rows, so
 * it re-derives like every other field.
 */
import type { RecordRows } from "../db/evidence";

/**
 * The signer's certificate at the trust service provider (src/lib/x509-name.ts lines) and the
 * signature's own time: the genTime of its RFC 3161 signature timestamp (recorded since signing
 * times were listed; an older record lists the time the service marked the signer signed).
 */
export type ProviderCertificate = { subject: string; issuer: string; signed_at?: string };

/** One listed signature; `signer_id` is the id the send answered for that signer. */
export type PayloadSignature = { signer_id: string; name: string; level: "aes" | "qes"; subject: string; issuer: string; signed_at: string };

const MARK = "; certificate ";

/** The `signed` event's detail suffix that records the signer's certificate. */
export const certificateDetail = (c: ProviderCertificate) =>
  `${MARK}${JSON.stringify({ subject: c.subject, issuer: c.issuer, ...(c.signed_at ? { signed_at: c.signed_at } : {}) })}`;

/** The certificate a `signed` event's detail records, or null. */
export function certificateOfDetail(detail: string | null): ProviderCertificate | null {
  const at = detail?.lastIndexOf(MARK) ?? -1;
  if (!detail || at < 0) return null;
  try {
    const c = JSON.parse(detail.slice(at + MARK.length)) as Partial<ProviderCertificate>;
    if (typeof c.subject !== "string" || typeof c.issuer !== "string") return null;
    return { subject: c.subject, issuer: c.issuer, ...(typeof c.signed_at === "string" ? { signed_at: c.signed_at } : {}) };
  } catch {
    return null;
  }
}

/** The signatures of an `aes`/`qes` document in signing order (each signer's last `signed` event); null for `ses`. */
export function payloadSignatures(r: Pick<RecordRows, "doc" | "signers" | "events">, events: RecordRows["events"]): PayloadSignature[] | null {
  const level = r.doc.level;
  if (level !== "aes" && level !== "qes") return null;
  const out: PayloadSignature[] = [];
  for (const s of r.signers) {
    const e = events.findLast((x) => x.kind === "signed" && x.signerId === s.id);
    const c = e ? certificateOfDetail(e.detail) : null;
    if (!e || !c || !s.signedAt) continue;
    out.push({ signer_id: s.id, name: s.fullName, level, subject: c.subject, issuer: c.issuer, signed_at: c.signed_at ?? s.signedAt });
  }
  return out;
}
