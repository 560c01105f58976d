/**
 * Local development secrets, written once to `.dev.vars` (which wrangler reads and git ignores).
 *
 * - OPERATOR_TOKEN: enables the operator API (`/ops/v1`) for `npm start`'s seeding and `npm run ops`;
 * - WEBHOOK_SECRET_KEY: 32 random bytes, hex, encrypting webhook secrets at rest;
 * - PUBLIC_BASE_URL: http://localhost:<port>, used in signing and verification links;
 * - ALLOW_INSECURE_WEBHOOKS=true: webhooks may call http://localhost (development only);
 * - TWILIO_AUTH_TOKEN: 32 random hex characters, so `/hooks/sms/twilio` accepts requests signed
 *   with it (a local stand-in for the Twilio account's token; texts still go to the outbox);
 * - SEAL_KEY_PEM / SEAL_CERT_PEM: a fresh RSA 2048 key and a self-signed certificate for the seal
 *   (keyUsage digitalSignature + nonRepudiation);
 * - TSA_KEY_PEM / TSA_CERT_PEM: a fresh ECDSA P-256 key and a self-signed certificate for the
 *   service's own timestamp authority (critical extendedKeyUsage timeStamping, as RFC 3161 and
 *   `openssl ts -verify` require);
 * - LOG_KEY_PEM: a fresh Ed25519 key signing the transparency log's tree heads.
 *
 * The certificates are made with pkijs over Node's WebCrypto, so nothing outside node_modules is
 * needed. An existing `.dev.vars` is never overwritten: delete it to start over.
 */
import { generateKeyPairSync, randomBytes, webcrypto } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

pkijs.setEngine("node", new pkijs.CryptoEngine({ name: "node", crypto: webcrypto }));

const OID = {
  commonName: "2.5.4.3",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  extKeyUsage: "2.5.29.37",
  subjectKeyIdentifier: "2.5.29.14",
  timeStamping: "1.3.6.1.5.5.7.3.8",
  crlDistributionPoints: "2.5.29.31",
};

const ALGORITHMS = {
  rsa: { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
  ec: { name: "ECDSA", namedCurve: "P-256" },
};

function pem(label, der) {
  const b64 = Buffer.from(der)
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .trimEnd();
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

function name(cn) {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [new pkijs.AttributeTypeAndValue({ type: OID.commonName, value: new asn1js.Utf8String({ value: cn }) })],
  });
}

/**
 * A self-signed end-entity certificate and its PKCS#8 key, both PEM.
 * `crlUrl`: the address the Worker publishes this identity's CRL at (`/pki/seal.crl`, `/pki/tsa.crl`),
 * written into the certificate's CRL distribution points so validators find it.
 * @param {{ commonName: string, key: "rsa" | "ec", timeStamping?: boolean, days?: number, crlUrl?: string }} opts
 */
export async function selfSignedIdentity({ commonName, key, timeStamping = false, days = 3650, crlUrl }) {
  const keys = await webcrypto.subtle.generateKey(ALGORITHMS[key], true, ["sign", "verify"]);
  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // a positive INTEGER
  cert.serialNumber = new asn1js.Integer({ valueHex: serial });
  cert.subject = name(commonName);
  cert.issuer = name(commonName);
  const now = Date.now();
  cert.notBefore.value = new Date(now - 60_000);
  cert.notAfter.value = new Date(now + days * 86_400_000);
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey);

  const spki = cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView;
  const keyId = new Uint8Array(await webcrypto.subtle.digest("SHA-1", spki));
  // digitalSignature (bit 0) + nonRepudiation (bit 1): 0b11000000 with 6 unused bits.
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 });
  cert.extensions = [
    new pkijs.Extension({ extnID: OID.basicConstraints, critical: true, extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false) }),
    new pkijs.Extension({ extnID: OID.keyUsage, critical: true, extnValue: keyUsage.toBER(false) }),
    new pkijs.Extension({ extnID: OID.subjectKeyIdentifier, critical: false, extnValue: new asn1js.OctetString({ valueHex: keyId }).toBER(false) }),
  ];
  if (timeStamping) {
    const eku = new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] });
    cert.extensions.push(new pkijs.Extension({ extnID: OID.extKeyUsage, critical: true, extnValue: eku.toSchema().toBER(false) }));
  }
  if (crlUrl) {
    const dp = new pkijs.DistributionPoint({ distributionPoint: [new pkijs.GeneralName({ type: 6, value: crlUrl })] });
    const dps = new pkijs.CRLDistributionPoints({ distributionPoints: [dp] });
    cert.extensions.push(new pkijs.Extension({ extnID: OID.crlDistributionPoints, critical: false, extnValue: dps.toSchema().toBER(false) }));
  }
  await cert.sign(keys.privateKey, "SHA-256");
  return {
    keyPem: pem("PRIVATE KEY", await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)),
    certPem: pem("CERTIFICATE", cert.toSchema().toBER(false)),
  };
}

/** `.dev.vars` syntax (dotenv): values in double quotes, newlines escaped. */
export function formatDevVars(vars) {
  return (
    Object.entries(vars)
      .map(([k, v]) => `${k}="${String(v).replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"')}"`)
      .join("\n") + "\n"
  );
}

/** Reads `.dev.vars` back (the subset of dotenv that formatDevVars writes, plus bare values). */
export function parseDevVars(text) {
  const out = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith("#")) continue;
    let v = m[2].trim();
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) {
      v = v.slice(1, -1).replace(/\\(n|\\|")/g, (_, c) => (c === "n" ? "\n" : c));
    }
    out[m[1]] = v;
  }
  return out;
}

/** A fresh Ed25519 key (PKCS#8 PEM) for the transparency log's heads. */
export const logKeyPem = () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();

/** Every secret `npm start` needs, freshly made. */
export async function makeDevVars({ port = 8787 } = {}) {
  const base = `http://localhost:${port}`;
  const seal = await selfSignedIdentity({ commonName: "Edge Sign local seal (self-issued)", key: "rsa", crlUrl: `${base}/pki/seal.crl` });
  const tsa = await selfSignedIdentity({ commonName: "Edge Sign local timestamp authority", key: "ec", timeStamping: true, crlUrl: `${base}/pki/tsa.crl` });
  return {
    OPERATOR_TOKEN: `op_${randomBytes(24).toString("hex")}`,
    WEBHOOK_SECRET_KEY: randomBytes(32).toString("hex"),
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    ALLOW_INSECURE_WEBHOOKS: "true",
    TWILIO_AUTH_TOKEN: randomBytes(16).toString("hex"),
    SEAL_KEY_PEM: seal.keyPem,
    SEAL_CERT_PEM: seal.certPem,
    TSA_KEY_PEM: tsa.keyPem,
    TSA_CERT_PEM: tsa.certPem,
    LOG_KEY_PEM: logKeyPem(),
  };
}

/**
 * Writes `.dev.vars` at `file` unless it exists; returns its variables and whether it was made now.
 * @returns {Promise<{ vars: Record<string, string>, created: boolean }>}
 */
export async function ensureDevVars(file, { port = 8787 } = {}) {
  if (existsSync(file)) return { vars: parseDevVars(readFileSync(file, "utf8")), created: false };
  const vars = await makeDevVars({ port });
  writeFileSync(file, `# Local development secrets made by npm start. Never use them on a deployment.\n${formatDevVars(vars)}`, { mode: 0o600 });
  return { vars, created: true };
}
