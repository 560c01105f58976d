/**
 * A local stand-in for a trust service provider speaking the Cloud Signature Consortium API v2, in
 * Node: the OAuth 2.0 authorization server (`GET /oauth2/authorize` shows an HTML form whose
 * "Approve" submit sends the browser back with a code; "Deny" with `error=access_denied`;
 * `POST /oauth2/token` exchanges the code, PKCE S256 checked, for a `service` or `credential`
 * token), and `POST /csc/v2/info`, `credentials/list`, `credentials/info`, `credentials/authorize`
 * (a SAD for the hashes named) and `signatures/signHash` (RSA PKCS#1 v1.5 over SHA-256 hashes).
 *
 * A test CA made at start (RSA 2048, pkijs over WebCrypto) issues each signer a certificate on the
 * first approval: subject CN = the name typed on the authorize page (it starts as `login_hint`),
 * with a CRL distribution point at `<origin>/crl/ca.crl`, which the fake serves (an empty CRL
 * signed by the CA), so B-LTA can add revocation data for the signer's chain.
 *
 * Used by the workerd tests (Miniflare's outboundService routes `https://csc.fake.test/...` here,
 * see test/webhook-receiver.mjs), by `CSC_PROVIDER=fake npm start` (`startFakeCsc`). Each caller
 * uses its own box, the first path segment (`<base>/<box>/csc/v2/...`, `<base>/<box>/oauth2/...`).
 * `POST /__config/<box>` `{fail: {"<step>": {status, error, error_description}}, delay_ms}` makes a
 * step (`token`, `credentials/list`, `credentials/info`, `credentials/authorize`,
 * `signatures/signHash`) fail or every answer wait; `GET /__log/<box>` lists the requests the box
 * received, each with `wait_ms`, the time the fake itself took (its own work and configured wait).
 */
import { createHash, randomBytes, webcrypto } from "node:crypto";
import { createServer } from "node:http";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

import { CSC_HOST, FAKE_CSC } from "./fake-csc-keys.mjs";

export { CSC_HOST, FAKE_CSC };

pkijs.setEngine("node", new pkijs.CryptoEngine({ name: "node", crypto: webcrypto }));

const RSA = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" };
const OID_RSA = "1.2.840.113549.1.1.1";
const OID_SHA256 = "2.16.840.1.101.3.4.2.1";
const OID_SHA256_RSA = "1.2.840.113549.1.1.11";
const DIGEST_INFO_SHA256 = Buffer.from("3031300d060960864801650304020105000420", "hex");
const b64url = (b) => Buffer.from(b).toString("base64url");
const der = (asn) => Buffer.from(asn.toSchema().toBER(false));

/** @type {Map<string, any>} box → config */
const configs = new Map();
/** @type {Map<string, any[]>} */
const logs = new Map();
/** @type {Map<string, any>} box:name → {name, credentialID, keys, cert} */
const users = new Map();
/** @type {Map<string, any>} */
const codes = new Map();
/** @type {Map<string, any>} */
const tokens = new Map();
/** @type {Map<string, any>} */
const sads = new Map();

const name = (cn) => {
  const n = new pkijs.RelativeDistinguishedNames();
  n.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: cn }) }));
  return n;
};
const ext = (extnID, critical, value) =>
  new pkijs.Extension({ extnID, critical, extnValue: value.toSchema ? value.toSchema().toBER(false) : value.toBER(false) });
const keyUsage = (byte, unused) => new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits: unused });
const serial = () => {
  const b = randomBytes(16);
  b[0] &= 0x7f;
  return new asn1js.Integer({ valueHex: b });
};

async function issue({ cn, issuerCert, issuerKey, publicKey, ca, crlUrl }) {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = serial();
  cert.subject = name(cn);
  cert.issuer = issuerCert ? issuerCert.subject : cert.subject;
  const now = Date.now();
  cert.notBefore.value = new Date(now - 3_600_000);
  cert.notAfter.value = new Date(now + (ca ? 3650 : 730) * 86_400_000);
  await cert.subjectPublicKeyInfo.importKey(publicKey);
  const ski = createHash("sha1").update(Buffer.from(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)).digest();
  cert.extensions = [
    ext("2.5.29.19", true, new pkijs.BasicConstraints({ cA: ca })),
    ext("2.5.29.15", true, ca ? keyUsage(0x06, 1) : keyUsage(0xc0, 6)),
    ext("2.5.29.14", false, new asn1js.OctetString({ valueHex: ski })),
  ];
  if (issuerCert) {
    const aki = issuerCert.extensions.find((e) => e.extnID === "2.5.29.14");
    const keyId = asn1js.fromBER(aki.extnValue.valueBlock.valueHexView).result;
    cert.extensions.push(ext("2.5.29.35", false, new pkijs.AuthorityKeyIdentifier({ keyIdentifier: keyId })));
  }
  if (crlUrl) {
    const dp = new pkijs.DistributionPoint({ distributionPoint: [new pkijs.GeneralName({ type: 6, value: crlUrl })] });
    cert.extensions.push(ext("2.5.29.31", false, new pkijs.CRLDistributionPoints({ distributionPoints: [dp] })));
  }
  await cert.sign(issuerKey, "SHA-256");
  return cert;
}

/** The test CA, made once per process. */
const ca = (async () => {
  const keys = await webcrypto.subtle.generateKey(RSA, true, ["sign", "verify"]);
  const cert = await issue({ cn: "Fake CSC Qualified CA", publicKey: keys.publicKey, issuerKey: keys.privateKey, ca: true });
  return { keys, cert };
})();

/** The CA's CRL (empty, valid a week), DER. */
export async function caCrl() {
  const { keys, cert } = await ca;
  const now = Date.now();
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: cert.subject,
    thisUpdate: new pkijs.Time({ type: 0, value: new Date(now - 60_000) }),
    nextUpdate: new pkijs.Time({ type: 0, value: new Date(now + 7 * 86_400_000) }),
  });
  await crl.sign(keys.privateKey, "SHA-256");
  return der(crl);
}

/** The CA certificate, PEM (for validators' trust stores). */
export async function caCertPem() {
  const b = der((await ca).cert).toString("base64");
  return `-----BEGIN CERTIFICATE-----\n${b.match(/.{1,64}/g).join("\n")}\n-----END CERTIFICATE-----\n`;
}

async function userFor(box, fullName, origin) {
  const key = `${box}:${fullName}`;
  let u = users.get(key);
  if (u) return u;
  const { keys: caKeys, cert: caCert } = await ca;
  const keys = await webcrypto.subtle.generateKey(RSA, true, ["sign", "verify"]);
  const cert = await issue({
    cn: fullName,
    issuerCert: caCert,
    issuerKey: caKeys.privateKey,
    publicKey: keys.publicKey,
    ca: false,
    crlUrl: `${origin}/crl/ca.crl`,
  });
  u = { name: fullName, credentialID: `cred-${randomBytes(6).toString("hex")}`, keys, cert };
  users.set(key, u);
  return u;
}

function json(res, status, body) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
const cscError = (res, status, error, error_description) => json(res, status, { error, error_description });
const esc = (v) => String(v ?? "").replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

function authorizePage(q) {
  const hidden = [...q.entries()].map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake trust service provider</title><meta name="viewport" content="width=device-width"></head>
<body><main><h1>Sign with your certificate (fake CSC provider)</h1><p>Scope: ${esc(q.get("scope"))}</p>
<form method="post">${hidden}<input type="hidden" name="action" value="approve">
<p><label for="full_name">Your full name</label> <input id="full_name" name="full_name" value="${esc(q.get("login_hint"))}"></p>
<button type="submit">Approve</button></form>
<form method="post">${hidden}<input type="hidden" name="action" value="deny"><button type="submit">Deny</button></form></main></body></html>`;
}

const redirect = (res, to) => {
  res.writeHead(303, { location: to });
  res.end();
};

function bearer(req, box) {
  const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "");
  const t = m && tokens.get(m[1]);
  return t && t.box === box && t.expires > Date.now() ? t : null;
}

/** Handles one request. @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {string} body */
export async function fakeCsc(req, res, body) {
  const started = performance.now();
  const url = new URL(req.url ?? "/", "http://x");
  const parts = url.pathname.split("/").slice(1);
  if (parts[0] === "__log" && parts[1]) return json(res, 200, logs.get(parts[1]) ?? []);
  if (parts[0] === "__config" && parts[1]) {
    configs.set(parts[1], JSON.parse(body || "{}"));
    return json(res, 200, { ok: true });
  }
  // Under Miniflare's outboundService the fake answers for https://csc.fake.test; as its own server, plain http.
  const origin = `${req.headers.host === CSC_HOST ? "https" : "http"}://${req.headers.host}`;
  if (parts[0] === "crl" && parts[1] === "ca.crl") {
    res.writeHead(200, { "content-type": "application/pkix-crl" });
    return res.end(await caCrl());
  }
  if (parts[0] === "ca.pem") {
    res.writeHead(200, { "content-type": "application/x-pem-file" });
    return res.end(await caCertPem());
  }
  const box = parts[0] ?? "";
  const rest = `/${parts.slice(1).join("/")}`;
  const config = configs.get(box) ?? {};
  const entry = { method: req.method, path: rest, query: url.search, body, wait_ms: 0 };
  (logs.get(box) ?? logs.set(box, []).get(box)).push(entry);
  if (config.delay_ms) await new Promise((r) => setTimeout(r, config.delay_ms));
  try {
    return await route(req, res, body, { box, rest, url, origin, config });
  } finally {
    entry.wait_ms = Math.round((performance.now() - started) * 100) / 100;
  }
}

async function route(req, res, body, { box, rest, url, origin, config }) {
  const step = rest.replace(/^\/(csc\/v2|oauth2)\//, "");
  const failing = config.fail?.[step];
  if (failing && req.method === "POST" && step !== "authorize")
    return cscError(res, failing.status ?? 400, failing.error ?? "invalid_request", failing.error_description ?? "Failing on purpose.");

  if (rest === "/oauth2/authorize") {
    const q = req.method === "GET" ? url.searchParams : new URLSearchParams(body);
    const back = q.get("redirect_uri");
    if (q.get("client_id") !== FAKE_CSC.clientId || !back) return cscError(res, 400, "invalid_client", "Unknown client or no redirect_uri.");
    if (q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) {
      return cscError(res, 400, "invalid_request", "response_type=code with a PKCE S256 code_challenge is required.");
    }
    if (!["service", "credential"].includes(q.get("scope") ?? "")) return cscError(res, 400, "invalid_scope", "scope must be service or credential.");
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return res.end(authorizePage(q));
    }
    const to = new URL(back);
    if (q.get("state")) to.searchParams.set("state", q.get("state"));
    if (q.get("action") !== "approve" || config.fail?.authorize) {
      to.searchParams.set("error", "access_denied");
      to.searchParams.set("error_description", config.fail?.authorize?.error_description ?? "The user denied the request.");
      return redirect(res, to.toString());
    }
    const fullName = (q.get("full_name") ?? "").trim();
    if (!fullName) return cscError(res, 400, "invalid_request", "A full name is required.");
    const user = await userFor(box, fullName, origin);
    const code = b64url(randomBytes(24));
    codes.set(code, { box, user, challenge: q.get("code_challenge"), redirect: back, scope: q.get("scope"), expires: Date.now() + 300_000 });
    to.searchParams.set("code", code);
    return redirect(res, to.toString());
  }

  if (req.method !== "POST") return cscError(res, 405, "invalid_request", "POST only.");
  if (rest === "/oauth2/token") {
    const f = new URLSearchParams(body);
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
    const [id, secret] = basic ? Buffer.from(basic[1], "base64").toString().split(":") : [f.get("client_id"), f.get("client_secret")];
    if (id !== FAKE_CSC.clientId || secret !== FAKE_CSC.clientSecret) return cscError(res, 401, "invalid_client", "Client authentication failed.");
    if (f.get("grant_type") !== "authorization_code") return cscError(res, 400, "unsupported_grant_type", "Only authorization_code.");
    const c = codes.get(f.get("code") ?? "");
    codes.delete(f.get("code") ?? "");
    if (!c || c.box !== box || c.expires < Date.now()) return cscError(res, 400, "invalid_grant", "The code is unknown, used or expired.");
    if (c.redirect !== f.get("redirect_uri")) return cscError(res, 400, "invalid_grant", "redirect_uri differs.");
    const challenge = createHash("sha256")
      .update(f.get("code_verifier") ?? "")
      .digest("base64url");
    if (challenge !== c.challenge) return cscError(res, 400, "invalid_grant", "PKCE verification failed.");
    const token = b64url(randomBytes(24));
    tokens.set(token, { box, user: c.user, scope: c.scope, expires: Date.now() + 3_600_000 });
    return json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: c.scope });
  }
  if (rest === "/csc/v2/info") {
    return json(res, 200, {
      specs: "2.0.0.2",
      name: "Fake Trust Services",
      logo: `${origin}/logo.png`,
      region: "EU",
      lang: "en-US",
      description: "A local fake CSC provider for tests.",
      authType: ["oauth2code"],
      oauth2: `${origin}/${box}`,
      methods: ["oauth2/authorize", "oauth2/token", "credentials/list", "credentials/info", "credentials/authorize", "signatures/signHash"],
    });
  }
  const auth = bearer(req, box);
  if (!auth) return cscError(res, 401, "invalid_token", "The access token is missing, unknown or expired.");
  const input = JSON.parse(body || "{}");
  const { user } = auth;
  if (rest === "/csc/v2/credentials/list") {
    return json(res, 200, { credentialIDs: [user.credentialID] });
  }
  if (input.credentialID !== user.credentialID) return cscError(res, 400, "invalid_request", "Invalid parameter credentialID");
  if (rest === "/csc/v2/credentials/info") {
    const { cert: caCert } = await ca;
    const chain = input.certificates === "single" ? [user.cert] : [user.cert, caCert];
    return json(res, 200, {
      description: `Qualified certificate of ${user.name}`,
      key: { status: "enabled", algo: [OID_SHA256_RSA, OID_RSA], len: 2048 },
      cert: {
        status: "valid",
        certificates: chain.map((c) => der(c).toString("base64")),
        issuerDN: `CN=${caCert.subject.typesAndValues.at(-1).value.valueBlock.value}`,
        serialNumber: Buffer.from(user.cert.serialNumber.valueBlock.valueHexView).toString("hex"),
        subjectDN: `CN=${user.name}`,
      },
      authMode: "oauth2code",
      SCAL: "2",
      multisign: 1,
    });
  }
  if (rest === "/csc/v2/credentials/authorize") {
    if (auth.scope !== "credential") return cscError(res, 403, "insufficient_scope", "The credential scope is required.");
    const hashes = input.hashes ?? [];
    if (!hashes.length || input.hashAlgorithmOID !== OID_SHA256) return cscError(res, 400, "invalid_request", "hashes with SHA-256 are required.");
    const sad = b64url(randomBytes(24));
    sads.set(sad, { credentialID: user.credentialID, hashes: new Set(hashes), left: Number(input.numSignatures ?? 1), expires: Date.now() + 300_000 });
    return json(res, 200, { SAD: sad, expiresIn: 300 });
  }
  if (rest === "/csc/v2/signatures/signHash") {
    const s = sads.get(input.SAD ?? "");
    if (!s || s.expires < Date.now() || s.credentialID !== user.credentialID) return cscError(res, 400, "invalid_request", "Invalid SAD");
    const hashes = input.hashes ?? [];
    if (input.signAlgo !== OID_SHA256_RSA && input.signAlgo !== OID_RSA) return cscError(res, 400, "invalid_request", "Unsupported signAlgo");
    if (!hashes.every((h) => s.hashes.has(h)) || hashes.length > s.left)
      return cscError(res, 400, "invalid_request", "The hashes were not authorized by this SAD.");
    s.left -= hashes.length;
    const signatures = [];
    for (const h of hashes) {
      const digest = Buffer.from(h, "base64");
      if (digest.length !== 32) return cscError(res, 400, "invalid_request", "Invalid hash length");
      signatures.push(await signDigest(user.keys.privateKey, digest));
    }
    return json(res, 200, { signatures });
  }
  return cscError(res, 404, "invalid_request", `Unknown method ${rest}`);
}

/** RSA PKCS#1 v1.5 over a SHA-256 digest (DigestInfo encrypted with the private key), base64. */
async function signDigest(privateKey, digest) {
  const { privateEncrypt, KeyObject, constants } = await import("node:crypto");
  const key = KeyObject.from(privateKey);
  return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([DIGEST_INFO_SHA256, digest])).toString("base64");
}

/** The fake as its own server (npm start, bench, validators): resolves to its origin. */
export function startFakeCsc(port = 0) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => void fakeCsc(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => res.destroy()));
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` })));
}
