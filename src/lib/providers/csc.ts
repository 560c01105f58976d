/**
 * A client of the Cloud Signature Consortium API v2 (a trust service provider's remote signing
 * service), the subset `aes`/`qes` documents use (docs/evidence.md "Advanced and qualified
 * signatures"):
 *
 * - OAuth 2.0 authorization code with PKCE (S256): `{base}/oauth2/authorize` (the signer's browser
 *   goes there, scope `credential`, or `service`), `POST {base}/oauth2/token` (client id and
 *   secret in the form body);
 * - `POST {base}/csc/v2/credentials/list`, `credentials/info` (the certificate chain and key
 *   algorithms), `credentials/authorize` (a SAD for the one hash to sign) and
 *   `signatures/signHash`.
 *
 * Every failure is a `CscError` whose message a signer or a sender can read ("The trust service
 * provider refused … (invalid_grant: PKCE verification failed)"); nothing here retries.
 * `cscSigner` makes the signer's credential a `SealSigner`, so the same CMS code
 * (src/lib/seal/cms.ts) builds a signer's signature as the seal's.
 */
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { nameLine } from "../x509-name";
import { fromBase64, toBase64 } from "../bytes";
import { buf, sha256 } from "../seal/der";
import { OID, type SealSigner } from "../seal/keys";
import { commonNameOf } from "../x509-name";
import { type HttpOptions, parseJson, post } from "./types";

export type CscScope = "service" | "credential";
export type CscOptions = HttpOptions & { clientId: string; clientSecret: string };

export class CscError extends Error {}

const b64url = (bytes: Uint8Array) => toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The PKCE S256 challenge of a verifier (the verifier stays with the service until the token exchange). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return b64url(await sha256(new TextEncoder().encode(verifier)));
}

/** Where the signer's browser goes to approve: the provider's OAuth authorize page. */
export function authorizeUrl(
  opts: Pick<CscOptions, "base" | "clientId">,
  a: { redirectUri: string; state: string; challenge: string; scope: CscScope; loginHint?: string; lang?: string },
): string {
  const q = new URLSearchParams({
    response_type: "code",
    client_id: opts.clientId,
    redirect_uri: a.redirectUri,
    scope: a.scope,
    code_challenge: a.challenge,
    code_challenge_method: "S256",
    state: a.state,
  });
  if (a.loginHint) q.set("login_hint", a.loginHint);
  if (a.lang) q.set("lang", a.lang);
  return `${opts.base.replace(/\/+$/, "")}/oauth2/authorize?${q}`;
}

/** The provider's words for a refusal: CSC and OAuth answer `{error, error_description}`. */
function providerWords(status: number, text: string): string {
  const json = parseJson(text);
  const code = typeof json?.error === "string" ? json.error : null;
  const words = typeof json?.error_description === "string" ? json.error_description : null;
  const said = [code, words].filter(Boolean).join(": ") || text.replace(/\s+/g, " ").trim().slice(0, 200) || `HTTP ${status}`;
  return said.slice(0, 300);
}

async function call(opts: HttpOptions, what: string, path: string, init: { headers: Record<string, string>; body: string }): Promise<Record<string, unknown>> {
  const r = await post(opts, path, init);
  if (!r.ok) throw new CscError(`The trust service provider could not be reached for ${what} (${r.error}).`);
  const json = parseJson(r.text);
  if (r.status < 200 || r.status >= 300 || !json) throw new CscError(`The trust service provider refused ${what} (${providerWords(r.status, r.text)}).`);
  return json;
}

const api = (opts: HttpOptions, token: string, what: string, method: string, body: Record<string, unknown>) =>
  call(opts, what, `/csc/v2/${method}`, {
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });

/** Exchanges the authorization code (with the PKCE verifier) for an access token. */
export async function exchangeCode(opts: CscOptions, c: { code: string; verifier: string; redirectUri: string }): Promise<string> {
  const json = await call(opts, "the sign-in", "/oauth2/token", {
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: c.code,
      code_verifier: c.verifier,
      redirect_uri: c.redirectUri,
      client_id: opts.clientId,
      client_secret: opts.clientSecret,
    }).toString(),
  });
  if (typeof json.access_token !== "string" || !json.access_token)
    throw new CscError("The trust service provider answered the sign-in without an access token.");
  return json.access_token;
}

/** The signer's credential ids. */
export async function listCredentials(opts: HttpOptions, token: string): Promise<string[]> {
  const json = await api(opts, token, "the list of certificates", "credentials/list", {});
  const ids = Array.isArray(json.credentialIDs) ? json.credentialIDs.filter((x): x is string => typeof x === "string" && x.length > 0) : [];
  if (!ids.length) throw new CscError("The trust service provider holds no signing certificate for this signer.");
  return ids;
}

export type CredentialInfo = { certificates: pkijs.Certificate[]; ders: Uint8Array[]; algorithms: string[] };

/** The signer's certificate's subject and issuer, as the certificate payload lists them (src/lib/x509-name.ts). */
export function certificateNames(info: CredentialInfo): { subject: string; issuer: string } {
  const leaf = info.certificates[0]!;
  return { subject: nameLine(leaf.subject), issuer: nameLine(leaf.issuer) };
}

/** The credential's certificate chain (leaf first) and key algorithms; a credential not enabled or valid is refused. */
export async function credentialInfo(opts: HttpOptions, token: string, credentialID: string): Promise<CredentialInfo> {
  const json = await api(opts, token, "the certificate", "credentials/info", { credentialID, certificates: "chain", certInfo: true });
  const key = json.key as { status?: unknown; algo?: unknown } | undefined;
  const cert = json.cert as { status?: unknown; certificates?: unknown } | undefined;
  if (key?.status !== undefined && key.status !== "enabled") throw new CscError("The signer's signing key at the trust service provider is not enabled.");
  if (cert?.status !== undefined && cert.status !== "valid")
    throw new CscError(`The signer's certificate at the trust service provider is ${String(cert.status)}.`);
  const list = Array.isArray(cert?.certificates) ? cert.certificates.filter((x): x is string => typeof x === "string") : [];
  if (!list.length) throw new CscError("The trust service provider answered without the signer's certificate.");
  try {
    const ders = list.map((b) => fromBase64(b));
    const certificates = ders.map((d) => pkijs.Certificate.fromBER(buf(d)));
    const algorithms = Array.isArray(key?.algo) ? key.algo.filter((x): x is string => typeof x === "string") : [];
    return { certificates, ders, algorithms };
  } catch {
    throw new CscError("The trust service provider's certificate could not be read.");
  }
}

/** A SAD (signature activation data) for exactly these hashes. */
export async function authorizeCredential(opts: HttpOptions, token: string, credentialID: string, hashes: Uint8Array[]): Promise<string> {
  const json = await api(opts, token, "the signature's authorization", "credentials/authorize", {
    credentialID,
    numSignatures: hashes.length,
    hashes: hashes.map(toBase64),
    hashAlgorithmOID: OID.sha256,
  });
  if (typeof json.SAD !== "string" || !json.SAD) throw new CscError("The trust service provider authorized the signature without a SAD.");
  return json.SAD;
}

/** One signature value over a SHA-256 hash. */
export async function signHash(
  opts: HttpOptions,
  token: string,
  s: { credentialID: string; sad: string; hash: Uint8Array; signAlgo: string },
): Promise<Uint8Array> {
  const json = await api(opts, token, "the signature", "signatures/signHash", {
    credentialID: s.credentialID,
    SAD: s.sad,
    hashes: [toBase64(s.hash)],
    hashAlgorithmOID: OID.sha256,
    signAlgo: s.signAlgo,
  });
  const sig = Array.isArray(json.signatures) && typeof json.signatures[0] === "string" ? json.signatures[0] : null;
  if (!sig) throw new CscError("The trust service provider answered without a signature.");
  return fromBase64(sig);
}

/**
 * The signer's credential as a `SealSigner`: `sign(data)` hashes `data` with SHA-256, asks for a
 * SAD for that hash and has the provider sign it. RSA keys sign sha256WithRSAEncryption, EC keys
 * ecdsa-with-SHA256 (CSC answers ECDSA values DER-encoded, as CMS wants them).
 */
export function cscSigner(opts: HttpOptions, token: string, credentialID: string, info: CredentialInfo): SealSigner {
  const leaf = info.certificates[0]!;
  const keyAlg = leaf.subjectPublicKeyInfo.algorithm.algorithmId;
  const signAlgo = keyAlg === OID.ecPublicKey ? OID.ecdsaWithSHA256 : keyAlg === OID.rsaEncryption ? OID.sha256WithRSA : null;
  if (!signAlgo) throw new CscError("The signer's key at the trust service provider is neither RSA nor ECDSA.");
  return {
    async sign(data) {
      const hash = await sha256(data);
      const sad = await authorizeCredential(opts, token, credentialID, [hash]);
      return signHash(opts, token, { credentialID, sad, hash, signAlgo });
    },
    signatureAlgorithm: new pkijs.AlgorithmIdentifier(
      signAlgo === OID.sha256WithRSA ? { algorithmId: signAlgo, algorithmParams: new asn1js.Null() } : { algorithmId: signAlgo },
    ),
    certificates: info.certificates,
    leafDer: info.ders[0]!,
    commonName: commonNameOf(leaf) ?? "",
    selfIssued: leaf.subject.isEqual(leaf.issuer),
  };
}
