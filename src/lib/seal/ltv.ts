/**
 * Long-term validation of a sealed PDF (PAdES baseline B-LT and B-LTA, ETSI EN 319 142-1):
 * - `addDss`: an incremental update adding (or extending) the Document Security Store: the
 *   certificates and CRLs/OCSP responses of the seal chain and of every timestamp chain, plus one
 *   VRI entry per signature, keyed by the upper-case hex SHA-1 of the signature's /Contents bytes;
 * - `addDocTimestamp`: an incremental update adding a document timestamp (`/Type /DocTimeStamp`,
 *   `/SubFilter /ETSI.RFC3161`): an RFC 3161 token over the whole file as it then is.
 * The bytes already there are never rewritten: each step appends objects, an xref section and a
 * trailer pointing back (`/Prev`) at the previous one, so every earlier signature stays valid.
 */
import { toHex } from "../bytes";
import { commonNameOf } from "../x509-name";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { PDFArray, PDFDict, PDFName, PDFRef, PDFString } from "pdf-lib";
import { appendSignatureField, appendUpdate, loadForUpdate } from "./incremental";
import { buf } from "./der";
import { OID, type SealSigner } from "./keys";
import type { TimestampAuthority } from "./tsa";
import { findSignatures } from "../verify/pdf";

export class RevocationError extends Error {}

/** How far a CRL's or an OCSP answer's issuer clock may run ahead of ours. */
export const REVOCATION_CLOCK_SKEW_MS = 5 * 60_000;

/** CRLReason names (RFC 5280 §5.3.1), by their number. */
export const CRL_REASONS = [
  "unspecified",
  "keyCompromise",
  "cACompromise",
  "affiliationChanged",
  "superseded",
  "cessationOfOperation",
  "certificateHold",
  "(unused)",
  "removeFromCRL",
  "privilegeWithdrawn",
  "aACompromise",
];

/** A certificate as messages name it: its common name in quotes. */
export function cnOf(cert: pkijs.Certificate): string {
  const cn = commonNameOf(cert);
  return cn === null ? "a certificate" : `"${cn}"`;
}

export type ValidationData = { certs: Uint8Array[]; crls: Uint8Array[]; ocsps: Uint8Array[] };

const _ascii = (s: string) => new TextEncoder().encode(s);

/** A certificate a CRL lists: its serial, when it was revoked, and the CRLReason number (see CRL_REASONS). */
export type RevokedEntry = { serial: asn1js.Integer; at: Date; reason?: number };

/** A CRL (v2; `revoked` lists what it revokes, nothing by default) issued with `signer`'s key for the certificates its subject issued. */
export async function ownCrl(signer: SealSigner, now: Date, validDays = 7, revoked: RevokedEntry[] = []): Promise<Uint8Array> {
  const leaf = signer.certificates[0]!;
  // Whole days: the same CRL content all day long (the signature may differ; the content does not).
  const day = Math.floor(now.getTime() / 86_400_000) * 86_400_000;
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    signature: signer.signatureAlgorithm,
    issuer: leaf.subject,
    thisUpdate: new pkijs.Time({ type: 0, value: new Date(day) }),
    nextUpdate: new pkijs.Time({ type: 0, value: new Date(day + validDays * 86_400_000) }),
    ...(revoked.length
      ? {
          revokedCertificates: revoked.map(
            (r) =>
              new pkijs.RevokedCertificate({
                userCertificate: r.serial,
                revocationDate: new pkijs.Time({ type: 0, value: r.at }),
                ...(r.reason === undefined
                  ? {}
                  : {
                      crlEntryExtensions: new pkijs.Extensions({
                        extensions: [
                          new pkijs.Extension({ extnID: "2.5.29.21", critical: false, extnValue: new asn1js.Enumerated({ value: r.reason }).toBER() }),
                        ],
                      }),
                    }),
              }),
          ),
        }
      : {}),
    crlExtensions: new pkijs.Extensions({
      extensions: [new pkijs.Extension({ extnID: "2.5.29.20", critical: false, extnValue: new asn1js.Integer({ value: day / 86_400_000 }).toBER() })],
    }),
  });
  // encodeTBS is protected in pkijs's typings but is the documented way to get the TBS structure.
  const tbs = new Uint8Array((crl as unknown as { encodeTBS(): asn1js.Sequence }).encodeTBS().toBER());
  const signature = await signer.sign(tbs);
  const der = new asn1js.Sequence({
    value: [asn1js.fromBER(buf(tbs)).result, signer.signatureAlgorithm.toSchema(), new asn1js.BitString({ valueHex: buf(signature) })],
  });
  return new Uint8Array(der.toBER());
}

/**
 * Accepts a DER CRL about `cert` before it goes into the DSS, or throws saying why not: issued by
 * `cert`'s issuer (the same name, and a signature `issuer`'s key verifies), thisUpdate not ahead
 * (5 minutes of clock skew allowed), nextUpdate not past. A CRL that lists `cert` is the answer,
 * not a failure: a RevocationError naming when and why. Returns nextUpdate (null: none given).
 */
export async function checkCrl(der: Uint8Array, cert: pkijs.Certificate, issuer: pkijs.Certificate, now: Date): Promise<Date | null> {
  let crl: pkijs.CertificateRevocationList;
  try {
    crl = pkijs.CertificateRevocationList.fromBER(buf(der));
  } catch {
    throw new Error("not a CRL");
  }
  if (!crl.issuer.isEqual(cert.issuer)) throw new Error(`the CRL is issued by someone other than the issuer of ${cnOf(cert)}`);
  if (!(await crl.verify({ issuerCertificate: issuer }).catch(() => false)))
    throw new Error(`the CRL's signature does not verify with the key of ${cnOf(issuer)}`);
  if (crl.thisUpdate.value.getTime() > now.getTime() + REVOCATION_CLOCK_SKEW_MS) throw new Error("the CRL's thisUpdate is in the future");
  const next = crl.nextUpdate?.value ?? null;
  if (next && next.getTime() <= now.getTime()) throw new Error("the CRL is out of date (nextUpdate has passed)");
  const listed = crl.revokedCertificates?.find((r) => r.userCertificate.isEqual(cert.serialNumber));
  if (listed) {
    const reason = listed.crlEntryExtensions?.extensions.find((e) => e.extnID === "2.5.29.21")?.parsedValue as asn1js.Enumerated | undefined;
    const code = reason?.valueBlock.valueDec;
    const why = code === undefined ? "no reason given" : `reason ${CRL_REASONS[code] ?? code}`;
    throw new RevocationError(`${cnOf(cert)} is revoked: its CA's CRL lists it as revoked on ${listed.revocationDate.value.toISOString()} (${why}).`);
  }
  return next;
}

/** HTTP(S) addresses in a certificate's CRL distribution points. */
export function crlUrls(cert: pkijs.Certificate): string[] {
  const ext = cert.extensions?.find((e) => e.extnID === "2.5.29.31");
  if (!ext) return [];
  const dps = ext.parsedValue as pkijs.CRLDistributionPoints | undefined;
  const out: string[] = [];
  for (const dp of dps?.distributionPoints ?? []) {
    const names = Array.isArray(dp.distributionPoint) ? dp.distributionPoint : [];
    for (const n of names) if (n.type === 6 && /^https?:\/\//.test(String(n.value))) out.push(String(n.value));
  }
  return out;
}

async function sha1Upper(bytes: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-1", buf(bytes)))).toUpperCase();
}

/**
 * Adds the validation data to the DSS (keeping what is there) and one VRI entry per signature not
 * yet described, naming the certificates and revocation data that validate it.
 */
export async function addDss(pdf: Uint8Array, data: ValidationData, vriData: ValidationData = data): Promise<Uint8Array> {
  const doc = await loadForUpdate(pdf);
  const ctx = doc.context;
  const catalogRef = ctx.trailerInfo.Root as PDFRef;
  const changed: PDFRef[] = [catalogRef];

  const existing = doc.catalog.lookupMaybe(PDFName.of("DSS"), PDFDict);
  const dss = existing ? (existing.clone(ctx) as PDFDict) : ctx.obj({ Type: "DSS" });
  const dssRef = ctx.register(dss);
  doc.catalog.set(PDFName.of("DSS"), dssRef);
  changed.push(dssRef);

  // Streams already in the DSS are reused by content (a re-timestamp adds only what is new).
  const known = new Map<string, PDFRef>();
  const keyOf = (b: Uint8Array) => `${b.length}:${toHex(b.subarray(0, 64))}:${toHex(b.subarray(-64))}`;
  for (const name of ["Certs", "CRLs", "OCSPs"]) {
    const arr = dss.lookupMaybe(PDFName.of(name), PDFArray);
    for (let i = 0; arr && i < arr.size(); i++) {
      const ref = arr.get(i);
      const s = ref instanceof PDFRef ? ctx.lookup(ref) : undefined;
      const contents = s && "contents" in s ? (s as { contents: Uint8Array }).contents : undefined;
      if (ref instanceof PDFRef && contents) known.set(`${name}/${keyOf(contents)}`, ref);
    }
  }
  const refsFor = (name: "Certs" | "CRLs" | "OCSPs", items: Uint8Array[]): PDFRef[] => {
    let arr = dss.lookupMaybe(PDFName.of(name), PDFArray);
    if (!arr) {
      arr = ctx.obj([]) as PDFArray;
      dss.set(PDFName.of(name), arr);
    }
    return items.map((bytes) => {
      const k = `${name}/${keyOf(bytes)}`;
      let ref = known.get(k);
      if (!ref) {
        ref = ctx.register(ctx.stream(bytes)); // DER barely compresses; kept raw so a later update recognises it
        changed.push(ref);
        known.set(k, ref);
        arr!.push(ref);
      }
      return ref;
    });
  };
  const certRefs = refsFor("Certs", data.certs);
  const crlRefs = refsFor("CRLs", data.crls);
  const ocspRefs = refsFor("OCSPs", data.ocsps);
  for (const name of ["CRLs", "OCSPs"]) if (dss.lookupMaybe(PDFName.of(name), PDFArray)?.size() === 0) dss.delete(PDFName.of(name));

  let vri = dss.lookupMaybe(PDFName.of("VRI"), PDFDict);
  if (!vri) {
    vri = ctx.obj({}) as PDFDict;
    dss.set(PDFName.of("VRI"), vri);
  }
  const pick = (refs: PDFRef[], all: Uint8Array[], wanted: Uint8Array[]) => refs.filter((_, i) => wanted.includes(all[i]!));
  const tu = PDFString.fromDate(new Date());
  for (const sig of findSignatures(pdf)) {
    const key = await sha1Upper(sig.contents);
    if (vri.has(PDFName.of(key))) continue;
    const entry = ctx.obj({ TU: tu }) as PDFDict;
    const c = pick(certRefs, data.certs, vriData.certs);
    const r = pick(crlRefs, data.crls, vriData.crls);
    const o = pick(ocspRefs, data.ocsps, vriData.ocsps);
    if (c.length) entry.set(PDFName.of("Cert"), ctx.obj(c));
    if (r.length) entry.set(PDFName.of("CRL"), ctx.obj(r));
    if (o.length) entry.set(PDFName.of("OCSP"), ctx.obj(o));
    vri.set(PDFName.of(key), entry);
  }
  return appendUpdate(pdf, doc, changed, []);
}

/** Adds a document timestamp over the whole file (an invisible signature field on page 1). */
export function addDocTimestamp(pdf: Uint8Array, tsa: TimestampAuthority): Promise<Uint8Array> {
  return appendSignatureField(pdf, {
    fieldName: `DocTimeStamp${Date.now().toString(36)}`,
    dict: "/Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161",
    reserve: tsa.reserveBytes + 1024,
    contents: (signed: Uint8Array) => tsa.timestamp(signed),
  });
}

/** Certificates carried by a CMS SignedData (DER ContentInfo). */
export function cmsCertificates(cms: Uint8Array): pkijs.Certificate[] {
  const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(buf(cms)).content });
  return (sd.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
}

/** The timestamp tokens inside a signature: its signature timestamp (unsigned attribute). */
export function signatureTimestampTokens(cms: Uint8Array): Uint8Array[] {
  const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(buf(cms)).content });
  const out: Uint8Array[] = [];
  for (const si of sd.signerInfos) {
    for (const a of si.unsignedAttrs?.attributes ?? []) {
      if (a.type === OID.signatureTimeStampToken) for (const v of a.values) out.push(new Uint8Array(v.toBER()));
    }
  }
  return out;
}

/**
 * Revocation data for one certificate (a CRL and/or OCSP responses, plus `certs` the DSS needs to
 * check them, such as a delegated OCSP responder's certificate); throws RevocationError when none
 * can be had. `known`: every certificate of the file and the seal chain (where its issuer is found).
 */
export type RevocationSource = (
  cert: pkijs.Certificate,
  der: Uint8Array,
  known: pkijs.Certificate[],
) => Promise<{ crls: Uint8Array[]; ocsps: Uint8Array[]; certs?: Uint8Array[] }>;

function derOf(cert: pkijs.Certificate): Uint8Array {
  return new Uint8Array(cert.toSchema().toBER());
}

/** Every certificate the file's signatures and timestamps carry, plus `extra` (the seal chain), without repeats. */
export function certificatesOf(pdf: Uint8Array, extra: pkijs.Certificate[] = []): pkijs.Certificate[] {
  const all: pkijs.Certificate[] = [...extra];
  for (const sig of findSignatures(pdf)) {
    all.push(...cmsCertificates(sig.cms));
    if (sig.subFilter !== "ETSI.RFC3161") for (const t of signatureTimestampTokens(sig.cms)) all.push(...cmsCertificates(t));
  }
  const seen = new Set<string>();
  return all.filter((c) => {
    const k = toHex(derOf(c));
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * B-LT then B-LTA (and, later, each re-timestamp): the DSS gets every certificate of the file's
 * signatures and timestamps with their revocation data (CRLs, OCSP responses and the certificates
 * those need, such as a delegated OCSP responder's), then a document timestamp closes the file.
 * Throws RevocationError (nothing added) when revocation data is missing, TimestampError when the
 * authority fails after the DSS step; `dssOnly` stops after the DSS (level B-LT).
 */
export async function archive(
  pdf: Uint8Array,
  opts: { tsa: TimestampAuthority; chain: pkijs.Certificate[]; revocation: RevocationSource },
): Promise<{ dss: Uint8Array; lta: () => Promise<Uint8Array> }> {
  const certs = certificatesOf(pdf, opts.chain);
  const data: ValidationData = { certs: [], crls: [], ocsps: [] };
  const extra: Uint8Array[] = [];
  for (const cert of certs) {
    const der = derOf(cert);
    data.certs.push(der);
    const r = await opts.revocation(cert, der, certs);
    data.crls.push(...r.crls);
    data.ocsps.push(...r.ocsps);
    extra.push(...(r.certs ?? []));
  }
  const seen = new Set(data.certs.map((c) => toHex(c)));
  for (const c of extra) {
    if (seen.has(toHex(c))) continue;
    seen.add(toHex(c));
    data.certs.push(c);
  }
  const dss = await addDss(pdf, data);
  return { dss, lta: () => addDocTimestamp(dss, opts.tsa) };
}

/** When the certificate of the authority that made the file's last timestamp expires (null: no timestamp). */
export function lastTimestampExpiry(pdf: Uint8Array): Date | null {
  const sigs = findSignatures(pdf);
  for (let i = sigs.length - 1; i >= 0; i--) {
    const sig = sigs[i]!;
    const tokens = sig.subFilter === "ETSI.RFC3161" ? [sig.cms] : signatureTimestampTokens(sig.cms);
    const token = tokens[tokens.length - 1];
    if (!token) continue;
    const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(buf(token)).content });
    const sid = sd.signerInfos[0]?.sid;
    const certs = cmsCertificates(token);
    const leaf = sid instanceof pkijs.IssuerAndSerialNumber ? (certs.find((c) => c.serialNumber.isEqual(sid.serialNumber)) ?? certs[0]) : certs[0];
    if (leaf) return leaf.notAfter.value;
  }
  return null;
}
