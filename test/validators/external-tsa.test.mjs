// TSA_URL: the service asks an external RFC 3161 authority. Here the authority is OpenSSL's own
// implementation (`openssl ts -reply`) behind a loopback HTTP server, so the client is checked
// against an independent server; while it fails, the service refuses to seal and stores nothing.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FIXTURES, run, signatureParts, startService, tokenParts, workdir, write } from "./harness.mjs";

const POLICY = "1.2.3.4.5.6.7"; // an unnamed OID, printed as digits
let dir;
let tsa;
let svc;
let mode = "fail";
let requests = 0;

function opensslTsaConfig() {
  const cnf = `
[ tsa ]
default_tsa = tsa_config1
[ tsa_config1 ]
serial = ${path.join(dir, "serial")}
crypto_device = builtin
signer_cert = ${path.join(FIXTURES, "tsa-cert.pem")}
signer_key = ${path.join(FIXTURES, "tsa-key.pem")}
signer_digest = sha256
default_policy = ${POLICY}
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;
  writeFileSync(path.join(dir, "serial"), "01\n");
  return write(dir, "tsa.cnf", cnf);
}

before(async () => {
  dir = workdir();
  const cnf = opensslTsaConfig();
  tsa = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      requests++;
      if (mode === "fail") {
        res.writeHead(500).end("down for maintenance");
        return;
      }
      const q = write(dir, `q${requests}.tsq`, Buffer.concat(chunks));
      const out = path.join(dir, `r${requests}.tsr`);
      const r = run("openssl", ["ts", "-reply", "-config", cnf, "-queryfile", q, "-out", out]);
      if (r.status !== 0) {
        res.writeHead(500).end(r.stderr);
        return;
      }
      res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(readFileSync(out));
    });
  });
  await new Promise((resolve) => tsa.listen(0, "127.0.0.1", resolve));
  svc = await startService({ TSA_URL: `http://127.0.0.1:${tsa.address().port}/tsa` });
});

after(async () => {
  await svc?.close();
  tsa?.close();
});

describe("sealing with an external timestamp authority (TSA_URL)", () => {
  let key;
  let id;

  it("refuses while the authority fails: 500 internal with Retry-After, after retrying, nothing stored", async () => {
    ({ key, id } = await svc.completedDocument([{ email: "ada@example.com", full_name: "Ada Lovelace" }], "External TSA test for {{company}}."));
    const r = await svc.call("GET", `/v1/documents/${id}/pdf`, { key });
    assert.equal(r.status, 500);
    assert.equal(r.headers.get("retry-after"), "60");
    assert.deepEqual(r.json.error, {
      code: "internal",
      message: "The timestamp authority could not be reached, so the file was not sealed and nothing was stored.",
      hint: "A seal is never made without its timestamp. Try again in a minute.",
    });
    assert.equal(requests, 3, "three attempts before refusing");
  });

  it("seals once the authority answers; pdfsig and openssl accept the external token", async () => {
    mode = "ok";
    const r = await svc.call("GET", `/v1/documents/${id}/pdf`, { key, accept: "application/pdf" });
    assert.equal(r.status, 200);
    const file = write(dir, "external.pdf", r.bytes);
    const sig = run("pdfsig", [file]).stdout;
    assert.match(sig, /Total document signed/);
    assert.match(sig, /Signature is Valid\./);

    const { cms } = signatureParts(Buffer.from(r.bytes));
    const { signatureValue, token } = await tokenParts(cms);
    const tok = write(dir, "external-token.der", token);
    const v = run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      tok,
      "-data",
      write(dir, "external-sig.bin", signatureValue),
      "-CAfile",
      path.join(FIXTURES, "tsa-cert.pem"),
    ]);
    assert.equal(v.status, 0, v.stdout + v.stderr);
    assert.match(v.stdout, /Verification: OK/);
    const text = run("openssl", ["ts", "-reply", "-token_in", "-in", tok, "-token_out", "-text"]).stdout;
    assert.match(text, new RegExp(`Policy OID: ${POLICY.replace(/\./g, "\\.")}`), "the token is OpenSSL's, not the built-in authority's");
    assert.match(text, /Nonce: 0x[0-9A-F]+/);
    assert.match(text, /TSA: DirName:\/CN=Edge Sign Test Timestamp Authority/);
  });
});
