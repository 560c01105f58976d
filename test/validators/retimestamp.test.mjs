// Re-timestamping: a file sealed while the timestamp authority's certificate has only 30 days
// left (a certificate made here) gets a fresh archive timestamp from the cron once the authority
// has a new certificate. The file becomes a new version; the earlier bytes stay downloadable by
// their hash, and verification accepts both hashes. The authority is OpenSSL's (`openssl ts
// -reply`) behind a loopback server, switched from the short-lived to the long-lived certificate.
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { FIXTURES, ROOT, run, sha256, startService, workdir, write } from "./harness.mjs";

let dir;
let tsa;
let svc;
let configs;
let current = "short";
let key;
let id;
let code;

function tsaConfig(name, cert, keyPem) {
  writeFileSync(path.join(dir, `serial-${name}`), "01\n");
  return write(
    dir,
    `tsa-${name}.cnf`,
    `[ tsa ]\ndefault_tsa = c\n[ c ]\nserial = ${path.join(dir, `serial-${name}`)}\ncrypto_device = builtin\nsigner_cert = ${cert}\nsigner_key = ${keyPem}\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.5.6.7\ndigests = sha256\naccuracy = secs:1\nordering = no\ntsa_name = yes\ness_cert_id_chain = no\ness_cert_id_alg = sha256\n`,
  );
}

/** A timestamp authority certificate valid 30 days: inside the 90-day re-timestamp window from the start. */
function shortLivedTsa() {
  const cnf = write(
    dir,
    "short.cnf",
    "[req]\ndistinguished_name = dn\nprompt = no\nx509_extensions = ext\n[dn]\nCN = Short-lived Test TSA\n[ext]\nbasicConstraints = critical, CA:FALSE\nkeyUsage = critical, digitalSignature\nextendedKeyUsage = critical, timeStamping\n",
  );
  const k = path.join(dir, "short-key.pem");
  const c = path.join(dir, "short-cert.pem");
  const r = run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:P-256",
    "-nodes",
    "-keyout",
    k,
    "-out",
    c,
    "-days",
    "30",
    "-config",
    cnf,
  ]);
  assert.equal(r.status, 0, r.stderr);
  return { cert: c, key: k };
}

const lastToken = (bytes) => {
  const text = Buffer.from(bytes).toString("latin1");
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const [a, b, c, d] = all.at(-1).slice(1).map(Number);
  const raw = Buffer.from(text.slice(b + 1, c - 1), "hex");
  const n = raw[1] & 0x7f;
  const len = raw[1] & 0x80 ? raw.readUIntBE(2, n) + 2 + n : raw[1] + 2;
  return { count: all.length, token: raw.subarray(0, len), signed: Buffer.concat([bytes.subarray(a, a + b), bytes.subarray(c, c + d)]) };
};

before(async () => {
  dir = workdir();
  const short = shortLivedTsa();
  configs = {
    short: { cnf: tsaConfig("short", short.cert, short.key), cert: short.cert },
    long: { cnf: tsaConfig("long", path.join(FIXTURES, "tsa-cert.pem"), path.join(FIXTURES, "tsa-key.pem")), cert: path.join(FIXTURES, "tsa-cert.pem") },
  };
  let n = 0;
  tsa = createServer((req, res) => {
    const chunks = [];
    req.on("data", (ch) => chunks.push(ch));
    req.on("end", () => {
      n++;
      const q = write(dir, `q${n}.tsq`, Buffer.concat(chunks));
      const out = path.join(dir, `r${n}.tsr`);
      const r = run("openssl", ["ts", "-reply", "-config", configs[current].cnf, "-queryfile", q, "-out", out]);
      if (r.status !== 0) return res.writeHead(500).end(r.stderr);
      res.writeHead(200, { "content-type": "application/timestamp-reply" }).end(readFileSync(out));
    });
  });
  await new Promise((resolve) => tsa.listen(0, "127.0.0.1", resolve));
  svc = await startService({ TSA_URL: `http://127.0.0.1:${tsa.address().port}/tsa` });
  ({ key, id } = await svc.completedDocument([{ email: "ana@example.es", full_name: "Ana Ruiz" }], "Archive me for {{company}}."));
  code = (await svc.must("GET", `/v1/documents/${id}/certificate`, { key })).json.verification_code;
});

after(async () => {
  await svc?.close();
  tsa?.close();
});

describe("re-timestamping before the authority's certificate expires", () => {
  let first;
  let second;

  it("seals B-LTA with the short-lived authority", async () => {
    const r = await svc.must("GET", `/v1/documents/${id}/pdf`, { key });
    assert.equal(r.json.seal.level, "B-LTA");
    first = Buffer.from(r.json.bytes_base64, "base64");
    assert.equal(lastToken(first).count, 2);
  });

  it("the cron adds an archive timestamp once the authority has a longer-lived certificate", async () => {
    current = "long";
    // The short certificate was already inside the window: the service looks again a day later.
    const later = Date.now() + 2 * 86_400_000;
    await svc.server.getWorker().scheduled({ scheduledTime: new Date(later), cron: "* * * * *" });
    for (let i = 0; i < 60; i++) {
      const r = await svc.must("GET", `/v1/documents/${id}/pdf`, { key, accept: "application/pdf" });
      if (sha256(r.bytes) !== sha256(first)) {
        second = Buffer.from(r.bytes);
        break;
      }
      await new Promise((s) => setTimeout(s, 500));
    }
    assert.ok(second, "the stored file was not re-timestamped");
    assert.deepEqual(second.subarray(0, first.length), first, "the earlier bytes are kept, only appended to");
    const last = lastToken(second);
    assert.equal(last.count, 3);
    const ok = run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      write(dir, "t.der", last.token),
      "-data",
      write(dir, "d.bin", last.signed),
      "-CAfile",
      configs.long.cert,
    ]);
    assert.equal(ok.status, 0, ok.stderr);
    // The previous archive timestamp still verifies against the short-lived certificate.
    const prev = lastToken(first);
    const okPrev = run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      write(dir, "tp.der", prev.token),
      "-data",
      write(dir, "dp.bin", prev.signed),
      "-CAfile",
      configs.short.cert,
    ]);
    assert.equal(okPrev.status, 0, okPrev.stderr);
    assert.equal(run("qpdf", ["--check", write(dir, "second.pdf", second)]).status, 0);
    const v = run("node", [path.join(ROOT, "verify/verify-pdf.mjs"), write(dir, "second.pdf", second), "--json"]);
    assert.equal(v.status, 0, v.stdout);
    const report = JSON.parse(v.stdout);
    assert.equal(report.signatures.length, 3);
    // The DSS holds the seal and the short-lived authority's certificates, and now describes the
    // previous document timestamp too (a VRI entry for it beside the seal's).
    assert.equal(report.dss.certs, 2);
    assert.equal(report.dss.vri, 2);
  });

  it("the earlier bytes stay downloadable by their hash; an unknown hash is 404", async () => {
    const old = await svc.must("GET", `/v1/documents/${id}/pdf?sha256=${sha256(first)}`, { key, accept: "application/pdf" });
    assert.deepEqual(Buffer.from(old.bytes), first);
    const cur = await svc.must("GET", `/v1/documents/${id}/pdf`, { key });
    assert.equal(cur.json.seal.level, "B-LTA");
    const none = await svc.call("GET", `/v1/documents/${id}/pdf?sha256=${"0".repeat(64)}`, { key });
    assert.equal(none.status, 404);
    const bad = await svc.call("GET", `/v1/documents/${id}/pdf?sha256=xyz`, { key });
    assert.equal(bad.status, 422);
  });

  it("verification accepts both versions' hashes", async () => {
    for (const bytes of [first, second]) {
      const r = await svc.must("GET", `/v1/verify/${code}?sha256=${sha256(bytes)}`);
      assert.equal(r.json.document_matches, true);
    }
  });
});
