/**
 * A signing identity loaded from PEM: a PKCS#8 private key (RSA or ECDSA P-256/P-384/P-521) and
 * its certificate chain, leaf first. Loading checks that the key belongs to the leaf certificate,
 * so a misconfigured pair fails loudly at the first seal instead of producing invalid signatures.
 */
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { SealConfigError, buf, bytesEqual, pemBlocks } from "./der";
import { commonNameOf } from "../x509-name";

export const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  sha256WithRSA: "1.2.840.113549.1.1.11",
  ecPublicKey: "1.2.840.10045.2.1",
  ecdsaWithSHA256: "1.2.840.10045.4.3.2",
  commonName: "2.5.4.3",
} as const;

const CURVES: Record<string, string> = {
  "1.2.840.10045.3.1.7": "P-256",
  "1.3.132.0.34": "P-384",
  "1.3.132.0.35": "P-521",
};

export type SealSigner = {
  /** Signs with SHA-256; ECDSA signatures come back DER-encoded, as CMS wants them. */
  sign(data: Uint8Array): Promise<Uint8Array>;
  signatureAlgorithm: pkijs.AlgorithmIdentifier;
  /** Leaf first. */
  certificates: pkijs.Certificate[];
  leafDer: Uint8Array;
  commonName: string;
  /** Subject and issuer are the same name: nobody but the service vouches for it. */
  selfIssued: boolean;
};

/** ECDSA in WebCrypto gives r||s; CMS and X.509 carry SEQUENCE { INTEGER r, INTEGER s }. */
function ecdsaRawToDer(raw: Uint8Array): Uint8Array {
  const half = raw.length / 2;
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.subarray(i);
    const padded = v[0]! & 0x80 ? new Uint8Array([0, ...v]) : v;
    return new asn1js.Integer({ valueHex: buf(padded) });
  };
  return new Uint8Array(new asn1js.Sequence({ value: [int(raw.subarray(0, half)), int(raw.subarray(half))] }).toBER());
}

async function importIdentity(keyPem: string, certPem: string): Promise<SealSigner> {
  const keyDer = pemBlocks(keyPem, "PRIVATE KEY")[0];
  if (!keyDer) {
    const hint = /BEGIN (RSA|EC) PRIVATE KEY/.test(keyPem) ? " (convert it with `openssl pkcs8 -topk8 -nocrypt`)" : "";
    throw new SealConfigError(`The private key must be PEM PKCS#8 ("-----BEGIN PRIVATE KEY-----")${hint}.`);
  }
  const certDers = pemBlocks(certPem, "CERTIFICATE");
  if (!certDers.length) throw new SealConfigError('The certificate must be PEM ("-----BEGIN CERTIFICATE-----"), leaf first.');
  const certificates = certDers.map((d) => pkijs.Certificate.fromBER(buf(d)));
  const leaf = certificates[0]!;

  const info = pkijs.PrivateKeyInfo.fromBER(buf(keyDer));
  const algOid = info.privateKeyAlgorithm.algorithmId;
  let importAlg: Parameters<typeof crypto.subtle.importKey>[2];
  let signAlg: Parameters<typeof crypto.subtle.sign>[0];
  let signatureAlgorithm: pkijs.AlgorithmIdentifier;
  if (algOid === OID.rsaEncryption) {
    importAlg = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
    signAlg = { name: "RSASSA-PKCS1-v1_5" };
    signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRSA, algorithmParams: new asn1js.Null() });
  } else if (algOid === OID.ecPublicKey) {
    const params = info.privateKeyAlgorithm.algorithmParams as asn1js.ObjectIdentifier | undefined;
    const curve = params ? CURVES[params.valueBlock.toString()] : undefined;
    if (!curve) throw new SealConfigError("Only the ECDSA curves P-256, P-384 and P-521 are supported.");
    importAlg = { name: "ECDSA", namedCurve: curve };
    signAlg = { name: "ECDSA", hash: "SHA-256" };
    signatureAlgorithm = new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSHA256 });
  } else {
    throw new SealConfigError(`Unsupported private key algorithm ${algOid}: use RSA or ECDSA.`);
  }
  const key = await crypto.subtle.importKey("pkcs8", buf(keyDer), importAlg, false, ["sign"]);
  const isEc = algOid === OID.ecPublicKey;

  // The key must belong to the leaf certificate: sign a probe and verify it with the certificate's key.
  const spki = new Uint8Array(leaf.subjectPublicKeyInfo.toSchema().toBER());
  const publicKey = await crypto.subtle.importKey("spki", buf(spki), importAlg, false, ["verify"]).catch(() => {
    throw new SealConfigError("The certificate's public key is not of the private key's type.");
  });
  const probe = new TextEncoder().encode("seal key check");
  const probeSig = await crypto.subtle.sign(signAlg, key, probe);
  if (!(await crypto.subtle.verify(signAlg, publicKey, probeSig, probe))) {
    throw new SealConfigError("The private key does not belong to the first certificate of the chain.");
  }

  const commonName = commonNameOf(leaf) ?? "";
  const subjectDer = new Uint8Array(leaf.subject.toSchema().toBER());
  const issuerDer = new Uint8Array(leaf.issuer.toSchema().toBER());
  return {
    async sign(data) {
      const sig = new Uint8Array(await crypto.subtle.sign(signAlg, key, buf(data)));
      return isEc ? ecdsaRawToDer(sig) : sig;
    },
    signatureAlgorithm,
    certificates,
    leafDer: certDers[0]!,
    commonName,
    selfIssued: bytesEqual(subjectDer, issuerDer),
  };
}

const cache = new Map<string, Promise<SealSigner>>();

/** Loads (once per isolate) the identity for a key and certificate PEM pair. */
export function loadSigner(keyPem: string | undefined, certPem: string | undefined, what: string): Promise<SealSigner> {
  if (!keyPem || !certPem) return Promise.reject(new SealConfigError(`${what}: key and certificate are not configured.`));
  const id = `${keyPem}\u0000${certPem}`;
  let p = cache.get(id);
  if (!p) {
    p = importIdentity(keyPem, certPem).catch((err) => {
      cache.delete(id);
      throw err instanceof SealConfigError ? new SealConfigError(`${what}: ${err.message}`) : err;
    });
    cache.set(id, p);
  }
  return p;
}
