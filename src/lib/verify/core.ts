/**
 * The offline verifier: everything a holder of a sealed PDF (certificate or evidence bundle) can
 * check without asking the service. One core, used by the command line (`verify/verify-pdf.mjs`)
 * and by the `/verify` page's "check this file" (in the browser, WebCrypto): both load the same
 * bundle built from this file (`npm run build:browser`).
 *
 * Checks, each reported:
 * - every signature of the file: the CMS message digest over the /ByteRange bytes, the signature
 *   over the signed attributes with the signer's certificate, its signature timestamp (imprint =
 *   SHA-256 of the signature value, the authority's signature over TSTInfo);
 * - every document timestamp: the imprint is the SHA-256 of its byte range, the token's signature;
 * - the last signature or timestamp covers the whole file (nothing appended after it);
 * - the attached `certificate.json` (or `evidence.json` of a bundle): its SHA-256 against the
 *   hash printed on the pages; for a bundle, the certificate payload inside, canonicalised, against
 *   the certificate SHA-256 it records;
 * - the attached `transparency.json`, when there is one: its audit path leads from the
 *   certificate's leaf to the signed tree head's root, and the head's signature checks with the
 *   log's key when the caller gives it (src/lib/verify/transparency.ts).
 * Trust in the certificates (a chain to a trusted root, revocation) is not judged here: EU DSS or
 * Adobe do that (docs/evidence.md). This proves integrity and what the seal and the trail say.
 */
import type * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { canonicalJson } from "../canonical-json";
import { toHex } from "../bytes";
import { attachments, findSignatures, pageTexts, readObjects } from "./pdf";
import { checkTransparency, type LogCheck } from "./transparency";
import { commonNameOf, nameLine } from "../x509-name";

const OID_SIG_TST = "1.2.840.113549.1.9.16.2.14";
const OID_TSTINFO = "1.2.840.113549.1.9.16.1.4";

const ab = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const sha256 = async (b: Uint8Array) => toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", ab(b))));

export type TimestampCheck = { time: string | null; authority: string | null; imprintOk: boolean; signatureOk: boolean };
export type SignatureCheck = {
  kind: "signature" | "document-timestamp";
  subFilter: string;
  signer: string | null;
  /** The signer's certificate's subject and issuer (src/lib/x509-name.ts); null for a document timestamp. */
  subject?: string | null;
  issuer?: string | null;
  claimedTime: string | null;
  digestOk: boolean;
  signatureOk: boolean;
  coversWholeFile: boolean;
  timestamps: TimestampCheck[];
};
/**
 * A signer as the certificate lists them. Roles that act differently, signing groups and delegation
 * add, only where they apply, what the verify answer adds (people named by name, never by email).
 */
export type Person = { full_name: string; role: string | null; status: string | null; signed_at: string | null; method: string | null } & RoleFacts;
export type RoleFacts = {
  action?: string;
  witness_for?: string;
  approval_note?: string;
  group_name?: string;
  signed_for_group?: true;
  delegated_to?: string;
  delegation_reason?: string;
  delegated_from?: string;
};
export type ListedSignature = { name: string; level: string; subject: string; issuer: string; signed_at: string; ok: boolean; signature: number | null };
export type TrailEvent = { kind: string; occurred_at: string; signer: string | null };
export type VerifyReport = {
  ok: boolean;
  level: "none" | "B-B" | "B-T" | "B-LT" | "B-LTA";
  fileSha256: string;
  signatures: SignatureCheck[];
  dss: { certs: number; crls: number; ocsps: number; vri: number } | null;
  attachment: { name: string; sha256: string; printedSha256: string | null; matches: boolean } | null;
  certificate: {
    sha256: string;
    verificationCode: string | null;
    title: string | null;
    completedAt: string | null;
    test: boolean | null;
    signers: Person[];
    events: TrailEvent[];
    /** `aes`/`qes` certificates only: each listed signature and whether the file holds it, valid (`signature` is its 1-based place among the file's signatures). */
    signatures?: ListedSignature[];
  } | null;
  /** The check of `transparency.json` (certificate PDFs); null when the file carries none. */
  transparency: LogCheck | null;
  problems: string[];
};

function signedData(cms: Uint8Array): pkijs.SignedData {
  return new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(ab(cms)).content });
}

function signerCert(sd: pkijs.SignedData): pkijs.Certificate | undefined {
  const sid = sd.signerInfos[0]?.sid;
  const certs = (sd.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  if (sid instanceof pkijs.IssuerAndSerialNumber)
    return certs.find((c) => c.serialNumber.isEqual(sid.serialNumber) && c.issuer.isEqual(sid.issuer)) ?? certs[0];
  return certs[0];
}

function attrValue(sd: pkijs.SignedData, oid: string): asn1js.AsnType | undefined {
  return sd.signerInfos[0]?.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0];
}

/** Checks a timestamp token over `data` (the imprint) and its signature. */
async function checkToken(token: Uint8Array, data: Uint8Array): Promise<TimestampCheck> {
  try {
    const sd = signedData(token);
    if (sd.encapContentInfo.eContentType !== OID_TSTINFO) throw new Error("not a timestamp");
    const e = sd.encapContentInfo.eContent!;
    const bytes = e.idBlock.isConstructed
      ? new Uint8Array((e.valueBlock.value as asn1js.OctetString[]).flatMap((p) => Array.from(p.valueBlock.valueHexView)))
      : e.valueBlock.valueHexView;
    const tst = pkijs.TSTInfo.fromBER(ab(new Uint8Array(bytes)));
    const imprintOk = toHex(new Uint8Array(tst.messageImprint.hashedMessage.valueBlock.valueHexView)) === (await sha256(data));
    const signatureOk = await sd.verify({ signer: 0, checkChain: false, data: ab(data) }).catch(() => false);
    return { time: tst.genTime.toISOString(), authority: commonNameOf(signerCert(sd)), imprintOk, signatureOk: Boolean(signatureOk) };
  } catch {
    return { time: null, authority: null, imprintOk: false, signatureOk: false };
  }
}

async function checkSignature(sig: ReturnType<typeof findSignatures>[number]): Promise<SignatureCheck> {
  const isDocTs = sig.subFilter === "ETSI.RFC3161";
  const base = { subFilter: sig.subFilter, coversWholeFile: sig.coversWholeFile };
  if (isDocTs) {
    const t = await checkToken(sig.cms, sig.signed);
    return {
      kind: "document-timestamp",
      ...base,
      signer: t.authority,
      claimedTime: t.time,
      digestOk: t.imprintOk,
      signatureOk: t.signatureOk,
      timestamps: [t],
    };
  }
  try {
    const sd = signedData(sig.cms);
    const md = attrValue(sd, "1.2.840.113549.1.9.4") as asn1js.OctetString | undefined;
    const digestOk = !!md && toHex(new Uint8Array(md.valueBlock.valueHexView)) === (await sha256(sig.signed));
    const signatureOk = Boolean(await sd.verify({ signer: 0, checkChain: false, data: ab(sig.signed) }).catch(() => false));
    const si = sd.signerInfos[0]!;
    const timestamps: TimestampCheck[] = [];
    for (const a of si.unsignedAttrs?.attributes ?? []) {
      if (a.type !== OID_SIG_TST) continue;
      for (const v of a.values) timestamps.push(await checkToken(new Uint8Array(v.toBER()), new Uint8Array(si.signature.valueBlock.valueHexView)));
    }
    const cert = signerCert(sd);
    const names = cert ? { subject: nameLine(cert.subject), issuer: nameLine(cert.issuer) } : { subject: null, issuer: null };
    return { kind: "signature", ...base, signer: commonNameOf(cert), ...names, claimedTime: null, digestOk, signatureOk, timestamps };
  } catch {
    return { kind: "signature", ...base, signer: null, claimedTime: null, digestOk: false, signatureOk: false, timestamps: [] };
  }
}

type Payload = {
  document?: { title?: string; completed_at?: string; original_pdf_sha256?: string };
  /** An envelope's certificate (docs/documents.md, "Envelopes") names the envelope instead of one document. */
  envelope?: { title?: string; completed_at?: string; test?: boolean };
  test?: boolean;
  signers?: ({
    full_name: string;
    email?: string;
    role?: string;
    status?: string;
    signed_at?: string | null;
    signature?: { method?: string } | null;
  } & RoleFacts)[];
  events?: { kind: string; occurred_at: string; signer?: string | null }[];
  signatures?: { name: string; level: string; subject: string; issuer: string; signed_at: string }[];
};

/** The role facts of a payload entry, each only when present; the people they name by email are named by name. */
function roleFacts(s: RoleFacts, names: Map<string, string>): RoleFacts {
  const out: RoleFacts = {};
  for (const k of ["action", "approval_note", "group_name", "delegation_reason"] as const) if (typeof s[k] === "string") out[k] = s[k];
  for (const k of ["witness_for", "delegated_to", "delegated_from"] as const) if (typeof s[k] === "string") out[k] = names.get(s[k]) ?? s[k];
  if (s.signed_for_group === true) out.signed_for_group = true;
  return out;
}

/** How far a listed signing time may be from its signature's timestamp. */
const SIGNING_TIME_SKEW_MS = 5 * 60_000;

/**
 * Each signature the certificate lists, matched to a signature of the file by its certificate's
 * subject and issuer (in order: the n-th listed takes the first unused match); one with no valid
 * match in the file, or whose listed `signed_at` is more than 5 minutes from its timestamp in the
 * file or from the signer's `signed_at` the service recorded, is a problem named by its signer.
 */
export function listedSignatures(
  listed: NonNullable<Payload["signatures"]>,
  inFile: SignatureCheck[],
  problems: string[],
  recorded: NonNullable<Payload["signers"]> = [],
): ListedSignature[] {
  const used = new Set<number>();
  const usedSigners = new Set<number>();
  const apart = (a: string, b: string) => !(Math.abs(Date.parse(a) - Date.parse(b)) <= SIGNING_TIME_SKEW_MS);
  return listed.map((l) => {
    const i = inFile.findIndex((s, n) => !used.has(n) && s.kind === "signature" && s.subject === l.subject && s.issuer === l.issuer);
    const s = inFile[i];
    if (i >= 0) used.add(i);
    const valid = !!s && s.digestOk && s.signatureOk && s.timestamps.every((t) => t.imprintOk && t.signatureOk);
    // The listed signing time is the signature's own timestamp: one further off is flagged.
    const stamped = s?.timestamps[0]?.time ?? null;
    const timeOff = !!stamped && apart(stamped, l.signed_at);
    // …and against when the service recorded the signer signed (the payload's signers, in order).
    const at = recorded.findIndex((r, n) => !usedSigners.has(n) && r.full_name === l.name && !!r.signed_at);
    if (at >= 0) usedSigners.add(at);
    const mark = at >= 0 ? recorded[at]!.signed_at! : null;
    const recordOff = !!mark && apart(mark, l.signed_at);
    const ok = valid && !timeOff && !recordOff;
    if (!s) problems.push(`The ${l.level} signature of ${l.name} (${l.subject}, issued by ${l.issuer}) that the certificate lists is not in the file.`);
    else if (!valid) problems.push(`The ${l.level} signature of ${l.name} (signature ${i + 1}) does not verify.`);
    else if (timeOff) {
      problems.push(
        `The ${l.level} signature of ${l.name} (signature ${i + 1}) was timestamped at ${stamped}, more than 5 minutes from the signing time the certificate lists (${l.signed_at}).`,
      );
    }
    if (recordOff) {
      problems.push(
        `The ${l.level} signature of ${l.name}: its signing time (${l.signed_at}) is more than 5 minutes from when the service recorded them signed (${mark}).`,
      );
    }
    return { name: l.name, level: l.level, subject: l.subject, issuer: l.issuer, signed_at: l.signed_at, ok, signature: s ? i + 1 : null };
  });
}

/** A hash printed beside its label: the certificate page draws the value above its label, the bundle below. */
function printedHash(text: string, label: string): string | null {
  const before = new RegExp(`\\b([0-9a-f]{64})\\s*\\n\\s*${label}\\s*\\n`).exec(text);
  const after = new RegExp(`${label}\\s*\\n\\s*([0-9a-f]{64})\\b`).exec(text);
  return (before?.[1] ?? after?.[1] ?? null)?.toLowerCase() ?? null;
}

/** `logKey`: the transparency log's public key (base64, `GET /log/v1/{log}/key`), to check the head's signature. */
export async function verifyPdf(pdf: Uint8Array, opts: { logKey?: string } = {}): Promise<VerifyReport> {
  const problems: string[] = [];
  const sigs = findSignatures(pdf);
  const signatures = await Promise.all(sigs.map(checkSignature));
  if (!signatures.length) problems.push("The file carries no signature.");
  signatures.forEach((s, i) => {
    const what = s.kind === "signature" ? `Signature ${i + 1}` : `Document timestamp ${i + 1}`;
    if (!s.digestOk) problems.push(`${what}: the signed bytes do not match its digest (the file was changed).`);
    if (!s.signatureOk) problems.push(`${what}: the signature does not verify.`);
    for (const t of s.kind === "signature" ? s.timestamps : []) {
      if (!t.imprintOk || !t.signatureOk) problems.push(`${what}: its timestamp does not verify.`);
    }
  });
  const last = sigs[sigs.length - 1];
  if (last && !last.coversWholeFile) problems.push("Bytes were added after the last signature or timestamp.");

  const objs = readObjects(pdf);
  let dss: VerifyReport["dss"] = null;
  for (const o of objs.values()) {
    if (!/\/Type\s*\/DSS\b/.test(o.dict) && !/\/Certs\s*\[/.test(o.dict)) continue;
    const count = (name: string) => (new RegExp(`/${name}\\s*\\[([^\\]]*)\\]`).exec(o.dict)?.[1]?.match(/\d+\s+\d+\s+R/g) ?? []).length;
    dss = { certs: count("Certs"), crls: count("CRLs"), ocsps: count("OCSPs"), vri: (o.dict.match(/\/[0-9A-F]{40}\s*<</g) ?? []).length };
  }

  const files = await attachments(pdf, objs);
  const text = (await pageTexts(pdf, objs)).join("\n");
  let attachment: VerifyReport["attachment"] = null;
  let certificate: VerifyReport["certificate"] = null;
  const certJson = files.get("certificate.json");
  const evidenceJson = files.get("evidence.json");
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  let payload: Payload | null = null;
  let certSha: string | null = null;
  let code: string | null = null;
  if (certJson) {
    const sha = await sha256(certJson);
    const printed = printedHash(text, "Certificate SHA-256");
    attachment = { name: "certificate.json", sha256: sha, printedSha256: printed, matches: printed === sha };
    payload = JSON.parse(decode(certJson)) as Payload;
    certSha = sha;
  } else if (evidenceJson) {
    const sha = await sha256(evidenceJson);
    const printed = printedHash(text, "Package SHA-256");
    attachment = { name: "evidence.json", sha256: sha, printedSha256: printed, matches: printed === sha };
    const manifest = JSON.parse(decode(evidenceJson)) as { certificate?: { payload?: Payload; certificate_sha256_hex?: string; verification_code?: string } };
    payload = manifest.certificate?.payload ?? null;
    code = manifest.certificate?.verification_code ?? null;
    certSha = payload ? await sha256(new TextEncoder().encode(canonicalJson(payload))) : null;
    if (certSha && certSha !== manifest.certificate?.certificate_sha256_hex)
      problems.push("The certificate inside evidence.json does not hash to the certificate SHA-256 it records.");
    // A PDF template's document: the file as uploaded rides along as original.pdf, hashed in the package and on the certificate.
    const named = (manifest as { original_pdf?: { sha256_hex?: string } }).original_pdf?.sha256_hex;
    const original = files.get("original.pdf");
    if (named || original) {
      const got = original ? await sha256(original) : null;
      if (!got) problems.push("evidence.json names an original PDF, but no original.pdf is attached.");
      else if (got !== named || got !== payload?.document?.original_pdf_sha256)
        problems.push("The attached original.pdf does not hash to the SHA-256 that evidence.json and the certificate record.");
    }
  } else {
    problems.push("No certificate.json or evidence.json is attached.");
  }
  if (attachment && !attachment.printedSha256) problems.push(`The SHA-256 of ${attachment.name} is not printed in the file.`);
  else if (attachment && !attachment.matches) problems.push(`The attached ${attachment.name} does not hash to the SHA-256 printed in the file.`);
  // An envelope's file also holds its documents' pages, whose footers give each document's own code: the envelope's comes first.
  const CODE = "([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})";
  if (!code)
    code = new RegExp(`envelope verification code\\s+${CODE}`, "i").exec(text)?.[1] ?? new RegExp(`verification code\\s+${CODE}`, "i").exec(text)?.[1] ?? null;
  if (payload && certSha) {
    const names = new Map((payload.signers ?? []).map((s) => [s.email ?? "", s.full_name] as const));
    certificate = {
      sha256: certSha,
      verificationCode: code,
      title: payload.document?.title ?? payload.envelope?.title ?? null,
      completedAt: payload.document?.completed_at ?? payload.envelope?.completed_at ?? null,
      test: payload.test ?? payload.envelope?.test ?? null,
      signers: (payload.signers ?? []).map((s) => ({
        full_name: s.full_name,
        role: s.role ?? null,
        status: s.status ?? null,
        signed_at: s.signed_at ?? null,
        method: s.signature?.method ?? null,
        ...roleFacts(s, names),
      })),
      // The trail as frozen, each signer named as on the certificate (the payload records the email).
      events: (payload.events ?? []).map((e) => ({ kind: e.kind, occurred_at: e.occurred_at, signer: e.signer ? (names.get(e.signer) ?? e.signer) : null })),
      ...(payload.signatures ? { signatures: listedSignatures(payload.signatures, signatures, problems, payload.signers) } : {}),
    };
  }

  let transparency: LogCheck | null = null;
  const logJson = files.get("transparency.json");
  if (logJson && certSha) {
    // The leaf's time is the certificate's issue, printed on the certificate page in ISO 8601 among
    // the other times (the page text does not keep a label beside its value): each is tried.
    const times = [...new Set(text.match(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g) ?? [])];
    transparency = await checkTransparency(decode(logJson), certSha, times, opts.logKey);
    if (!transparency) problems.push("The attached transparency.json is not a transparency-log proof.");
    else if (!transparency.included) problems.push("transparency.json does not prove this certificate is in the transparency log.");
    else if (transparency.headSigned === false) problems.push("The transparency log's tree head in transparency.json is not signed by the log key given.");
  }

  const cades = signatures.filter((s) => s.kind === "signature");
  const docTs = signatures.filter((s) => s.kind === "document-timestamp");
  const level: VerifyReport["level"] = !cades.length ? "none" : !cades[0]!.timestamps.length ? "B-B" : !dss ? "B-T" : docTs.length ? "B-LTA" : "B-LT";
  return { ok: problems.length === 0, level, fileSha256: await sha256(pdf), signatures, dss, attachment, certificate, transparency, problems };
}
