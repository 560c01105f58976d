/**
 * OCSP (RFC 6960) for the DSS of a sealed file, when a certificate issued by someone else names an
 * OCSP responder (Authority Information Access, id-ad-ocsp) and no CRL distribution point gives a
 * usable CRL:
 * - `ocspRequest`: an unsigned request for one certificate, CertID with SHA-1 hashes of the
 *   issuer's name and public key and the serial, no nonce (most public responders ignore it);
 * - `checkOcspResponse`: what the answer must be before it goes into the DSS — successful, a
 *   BasicOCSPResponse signed by the issuer itself or by a responder the issuer authorised (issued
 *   by it, extended key usage id-kp-OCSPSigning: RFC 6960 §4.2.2.2), about this CertID, status
 *   good, thisUpdate not in the future (5 minutes of clock skew allowed), nextUpdate not past.
 *   A revoked or unknown status is a RevocationError saying so; anything else wrong is an Error
 *   saying what;
 * - `caIssuersUrls` / `issuerIn`: the issuer's certificate from the CA Issuers address the
 *   certificate names, when the file does not carry it.
 * The fetching and the R2 cache are in src/domain/archive.ts, next to the CRL's.
 */
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { buf, bytesEqual } from "./der";
import { CRL_REASONS, cnOf, REVOCATION_CLOCK_SKEW_MS, RevocationError } from "./ltv";

const ID_AD_OCSP = "1.3.6.1.5.5.7.48.1";
const ID_AD_CA_ISSUERS = "1.3.6.1.5.5.7.48.2";
const ID_PKIX_OCSP_BASIC = "1.3.6.1.5.5.7.48.1.1";
const ID_KP_OCSP_SIGNING = "1.3.6.1.5.5.7.3.9";
const AIA = "1.3.6.1.5.5.7.1.1";
const EXT_KEY_USAGE = "2.5.29.37";
const SHA1 = "1.3.14.3.2.26";
const HASHES: Record<string, string> = {
  [SHA1]: "SHA-1",
  "2.16.840.1.101.3.4.2.1": "SHA-256",
  "2.16.840.1.101.3.4.2.2": "SHA-384",
  "2.16.840.1.101.3.4.2.3": "SHA-512",
};

const RESPONSE_STATUS: Record<number, string> = {
  1: "malformedRequest",
  2: "internalError",
  3: "tryLater",
  5: "sigRequired",
  6: "unauthorized",
};
/** HTTP(S) addresses of one access method in a certificate's Authority Information Access. */
function aiaUrls(cert: pkijs.Certificate, method: string): string[] {
  const ext = cert.extensions?.find((e) => e.extnID === AIA);
  const aia = ext?.parsedValue as pkijs.InfoAccess | undefined;
  const out: string[] = [];
  for (const ad of aia?.accessDescriptions ?? []) {
    const loc = ad.accessLocation;
    if (ad.accessMethod === method && loc.type === 6 && /^https?:\/\//i.test(String(loc.value))) out.push(String(loc.value));
  }
  return out;
}

/** HTTP(S) addresses of the OCSP responders in a certificate's Authority Information Access. */
export const ocspUrls = (cert: pkijs.Certificate) => aiaUrls(cert, ID_AD_OCSP);

/** HTTP(S) addresses where the certificate's issuer publishes its own certificate (AIA id-ad-caIssuers). */
export const caIssuersUrls = (cert: pkijs.Certificate) => aiaUrls(cert, ID_AD_CA_ISSUERS);

/**
 * The issuer of `cert` in what a CA Issuers address serves: one DER certificate, or a PKCS#7
 * certs-only bundle (`.p7c`, RFC 5280 §4.2.2.1). Only a certificate whose key verifies `cert`'s
 * signature counts; anything else is an Error saying what was there.
 */
export async function issuerIn(der: Uint8Array, cert: pkijs.Certificate): Promise<{ issuer: pkijs.Certificate; der: Uint8Array }> {
  let candidates: pkijs.Certificate[];
  try {
    candidates = [pkijs.Certificate.fromBER(buf(der))];
  } catch {
    try {
      const info = pkijs.ContentInfo.fromBER(buf(der));
      const signed = new pkijs.SignedData({ schema: info.content });
      candidates = (signed.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
    } catch {
      throw new Error("not a certificate (DER) nor a PKCS#7 bundle of certificates");
    }
  }
  const issuer = await findIssuer(cert, candidates);
  if (!issuer) throw new Error("no certificate there issued this one");
  return { issuer, der: new Uint8Array(issuer.toSchema().toBER()) };
}

/** The certificate among `candidates` that issued `cert` (its subject is cert's issuer and its key verifies cert's signature). */
export async function findIssuer(cert: pkijs.Certificate, candidates: pkijs.Certificate[]): Promise<pkijs.Certificate | null> {
  for (const c of candidates) {
    if (!c.subject.isEqual(cert.issuer) || c === cert) continue;
    if (await cert.verify(c).catch(() => false)) return c;
  }
  return null;
}

async function digest(name: string, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest(name, buf(data)));
}

/** CertID of `cert` (RFC 6960 §4.1.1): hashes of the issuer's name (as `cert` encodes it) and public key, and the serial. */
async function certIdFor(cert: pkijs.Certificate, issuer: pkijs.Certificate, hashOid = SHA1): Promise<pkijs.CertID> {
  const hash = HASHES[hashOid];
  if (!hash) throw new Error(`unsupported CertID hash algorithm ${hashOid}`);
  return new pkijs.CertID({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: hashOid, algorithmParams: new asn1js.Null() }),
    issuerNameHash: new asn1js.OctetString({ valueHex: buf(await digest(hash, new Uint8Array(cert.issuer.toSchema().toBER()))) }),
    issuerKeyHash: new asn1js.OctetString({ valueHex: buf(await digest(hash, issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)) }),
    serialNumber: cert.serialNumber,
  });
}

export type OcspQuery = {
  /** The DER OCSPRequest to POST (`application/ocsp-request`). */
  request: Uint8Array;
  /** The DER CertID asked about (the cache key is its SHA-256). */
  certIdDer: Uint8Array;
  cert: pkijs.Certificate;
  issuer: pkijs.Certificate;
};

/** An unsigned OCSP request for `cert`, without nonce. */
export async function ocspRequest(cert: pkijs.Certificate, issuer: pkijs.Certificate): Promise<OcspQuery> {
  const reqCert = await certIdFor(cert, issuer);
  const req = new pkijs.OCSPRequest({ tbsRequest: new pkijs.TBSRequest({ requestList: [new pkijs.Request({ reqCert })] }) });
  return { request: new Uint8Array(req.toSchema(true).toBER()), certIdDer: new Uint8Array(reqCert.toSchema().toBER()), cert, issuer };
}

const derOf = (c: pkijs.Certificate) => new Uint8Array(c.toSchema().toBER());
const sameCert = (a: pkijs.Certificate, b: pkijs.Certificate) => bytesEqual(derOf(a), derOf(b));
const spki = (c: pkijs.Certificate) => new Uint8Array(c.subjectPublicKeyInfo.toSchema().toBER());
/** The issuer itself (or a certificate of the same name and key, such as the copy a response carries). */
const isIssuerKey = (c: pkijs.Certificate, issuer: pkijs.Certificate) => c.subject.isEqual(issuer.subject) && bytesEqual(spki(c), spki(issuer));

function parseBasic(der: Uint8Array): pkijs.BasicOCSPResponse {
  let res: pkijs.OCSPResponse;
  try {
    res = pkijs.OCSPResponse.fromBER(buf(der));
  } catch {
    throw new Error("the answer is not an OCSP response");
  }
  const status = res.responseStatus.valueBlock.valueDec;
  if (status !== 0) throw new Error(`the responder answered ${RESPONSE_STATUS[status] ?? "an unknown status"} (responseStatus ${status})`);
  if (!res.responseBytes || res.responseBytes.responseType !== ID_PKIX_OCSP_BASIC) throw new Error("the response is not a BasicOCSPResponse");
  try {
    return pkijs.BasicOCSPResponse.fromBER(buf(new Uint8Array(res.responseBytes.response.valueBlock.valueHexView)));
  } catch {
    throw new Error("the BasicOCSPResponse cannot be parsed");
  }
}

/** Certificates (the issuer first, then those the response carries) that its responderID names. */
async function named(basic: pkijs.BasicOCSPResponse, issuer: pkijs.Certificate): Promise<pkijs.Certificate[]> {
  const rid = basic.tbsResponseData.responderID;
  const out: pkijs.Certificate[] = [];
  for (const c of [issuer, ...(basic.certs ?? [])]) {
    const match =
      rid instanceof pkijs.RelativeDistinguishedNames
        ? c.subject.isEqual(rid)
        : rid instanceof asn1js.OctetString &&
          bytesEqual(await digest("SHA-1", c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView), rid.valueBlock.valueHexView);
    if (match && !out.some((o) => sameCert(o, c))) out.push(c);
  }
  return out;
}

/**
 * Who signed the response: null for the issuer itself, the delegated responder's certificate
 * otherwise. Throws (an Error saying why) unless the signature verifies with the issuer's key or
 * with a responder certificate the issuer issued with id-kp-OCSPSigning, valid at `now`.
 */
async function signerOf(basic: pkijs.BasicOCSPResponse, issuer: pkijs.Certificate, now: Date): Promise<pkijs.Certificate | null> {
  const engine = pkijs.getCrypto(true);
  const verifies = (c: pkijs.Certificate) =>
    engine.verifyWithPublicKey(basic.tbsResponseData.tbsView, basic.signature, c.subjectPublicKeyInfo, basic.signatureAlgorithm).catch(() => false);
  const candidates = await named(basic, issuer);
  if (!candidates.length) throw new Error("no certificate matches the response's responder ID (neither the CA nor one the response carries)");
  const problems: string[] = [];
  for (const c of candidates) {
    if (isIssuerKey(c, issuer)) {
      if (await verifies(issuer)) return null;
      problems.push(`its signature does not verify with the key of the CA ${cnOf(issuer)}`);
      continue;
    }
    if (!c.issuer.isEqual(issuer.subject) || !(await c.verify(issuer).catch(() => false))) {
      problems.push(`it is signed by ${cnOf(c)}, a certificate the CA ${cnOf(issuer)} did not issue`);
      continue;
    }
    const eku = c.extensions?.find((e) => e.extnID === EXT_KEY_USAGE)?.parsedValue as pkijs.ExtKeyUsage | undefined;
    if (!eku?.keyPurposes.includes(ID_KP_OCSP_SIGNING)) {
      problems.push(`it is signed by ${cnOf(c)}, which the CA issued without the extended key usage id-kp-OCSPSigning`);
      continue;
    }
    if (c.notBefore.value.getTime() > now.getTime() || c.notAfter.value.getTime() < now.getTime()) {
      problems.push(`the responder certificate ${cnOf(c)} is not valid now`);
      continue;
    }
    if (await verifies(c)) return c;
    problems.push(`its signature does not verify with the key of the responder ${cnOf(c)}`);
  }
  throw new Error(`the response is refused: ${problems.join("; ")}`);
}

export type CheckedOcsp = {
  /** The response's nextUpdate (null: none given). */
  nextUpdate: Date | null;
  thisUpdate: Date;
  /** DER of the delegated responder's certificate (for the DSS); null when the CA signed. */
  responder: Uint8Array | null;
};

/** Accepts a DER OCSPResponse about `query.cert` or throws saying why not (RevocationError for revoked/unknown). */
export async function checkOcspResponse(der: Uint8Array, query: OcspQuery, now: Date): Promise<CheckedOcsp> {
  const basic = parseBasic(der);
  const signer = await signerOf(basic, query.issuer, now);
  let single: pkijs.SingleResponse | undefined;
  for (const r of basic.tbsResponseData.responses) {
    const ours = await certIdFor(query.cert, query.issuer, r.certID.hashAlgorithm.algorithmId).catch(() => null);
    if (ours?.isEqual(r.certID)) {
      single = r;
      break;
    }
  }
  if (!single) throw new Error("the response is not about this certificate (no single response has its CertID)");
  const status = single.certStatus as asn1js.BaseBlock;
  const tag = status.idBlock.tagNumber;
  if (status.idBlock.tagClass !== 3 || tag > 2) throw new Error("the response's certStatus cannot be read");
  if (tag === 1) {
    const [time, reason] = (status as asn1js.Constructed).valueBlock.value;
    const when = time instanceof asn1js.GeneralizedTime ? time.toDate().toISOString() : "an unreadable time";
    const code = reason instanceof asn1js.Constructed ? (reason.valueBlock.value[0] as asn1js.Enumerated | undefined)?.valueBlock.valueDec : undefined;
    const why = code === undefined ? "no reason given" : `reason ${CRL_REASONS[code] ?? code}`;
    throw new RevocationError(`${cnOf(query.cert)} is revoked: the OCSP responder says it was revoked on ${when} (${why}).`);
  }
  if (tag === 2) throw new RevocationError(`The OCSP responder does not know ${cnOf(query.cert)} (certStatus unknown).`);
  const thisUpdate = single.thisUpdate;
  if (thisUpdate.getTime() > now.getTime() + REVOCATION_CLOCK_SKEW_MS)
    throw new Error(`the response's thisUpdate (${thisUpdate.toISOString()}) is in the future`);
  const nextUpdate = single.nextUpdate ?? null;
  if (nextUpdate && nextUpdate.getTime() <= now.getTime()) throw new Error(`the response is out of date (nextUpdate ${nextUpdate.toISOString()} has passed)`);
  return { nextUpdate, thisUpdate, responder: signer ? derOf(signer) : null };
}

/** The delegated responder certificate of an OCSPResponse already accepted (null when the CA signed it). */
export async function ocspResponder(der: Uint8Array, issuer: pkijs.Certificate): Promise<Uint8Array | null> {
  const basic = parseBasic(der);
  for (const c of await named(basic, issuer)) {
    if (isIssuerKey(c, issuer)) return null;
    if (c.issuer.isEqual(issuer.subject)) return derOf(c);
  }
  return null;
}
