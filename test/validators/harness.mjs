/**
 * Runs the Worker under wrangler's test harness (Miniflare: local D1, R2, Durable Objects) from
 * plain Node, drives a real signing ceremony through the API, and hands the sealed files to the
 * real validators (pdfsig, openssl, qpdf, zbarimg), which cannot run inside workerd.
 */
import { readFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { execFileSync, spawnSync } from "node:child_process";
import { CJK_FONT_KEY, cjkFontBytes } from "../../scripts/cjk-font.mjs";

// Everything stays on this machine: no Request.cf download, no telemetry.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const FIXTURES = path.join(ROOT, "test/fixtures/seal");
export const BASE_URL = "https://sign.example.test";
export const OPERATOR_TOKEN = "validators-operator-token-0123456789";

export const fixture = (name) => readFileSync(path.join(FIXTURES, name), "utf8");

export function workdir() {
  return mkdtempSync(path.join(tmpdir(), "edge-sign-validators-"));
}

/** Runs a command; returns {status, stdout, stderr} (never throws on a non-zero exit). */
export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: opts.encoding ?? "utf8", maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The Worker under wrangler's test harness, with the test-only seal identities, migrations
 * applied; requests go straight to workerd (`server.fetch`), not through `wrangler dev`'s proxy.
 * Also used by the benchmarks (bench/service.mjs).
 */
export async function startWorker(secrets = {}) {
  const { prepareAssets } = await import("../../scripts/assets.mjs");
  prepareAssets();
  const { createTestHarness } = await import("wrangler");
  // `SHARDS: "3"` among the variables: three databases, as `SHARDS=3 npm start` serves (scripts/shards.mjs).
  const { shardBinding, shardCountOf, writeShardedConfig } = await import("../../scripts/shards.mjs");
  const shards = shardCountOf(secrets.SHARDS);
  if (shards instanceof Error) throw shards;
  const server = createTestHarness({
    root: ROOT,
    workers: [
      {
        configPath: shards > 1 ? `./${path.basename(writeShardedConfig(ROOT, shards))}` : "./wrangler.toml",
        secrets: {
          OPERATOR_TOKEN,
          PUBLIC_BASE_URL: BASE_URL,
          WEBHOOK_SECRET_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
          SEAL_KEY_PEM: fixture("seal-key.pem"),
          SEAL_CERT_PEM: fixture("seal-cert.pem"),
          TSA_KEY_PEM: fixture("tsa-key.pem"),
          TSA_CERT_PEM: fixture("tsa-cert.pem"),
          LOG_KEY_PEM: fixture("log-key.pem"),
          ...secrets,
        },
      },
    ],
  });
  await server.listen();
  for (let i = 0; i < shards; i++) await server.getWorker().applyD1Migrations(shardBinding(i));
  // The CJK font for names on sealed PDFs lives in R2, as `npm start` and production keep it.
  const font = cjkFontBytes();
  if (font) await (await server.getWorker().getEnv()).FILES.put(CJK_FONT_KEY, font);
  return server;
}

/**
 * Serves a started harness at its own address: `listen()` opens a real port on 127.0.0.1, and the
 * Worker's `PUBLIC_BASE_URL` becomes that address (as `npm start` serves http://localhost:8787 with
 * that base), so a client outside this process talks to the service as to a deployed one. Returns
 * the address's origin.
 */
export async function serveAtOwnAddress(server) {
  const { url } = await server.listen();
  await server.update((o) => ({ ...o, workers: [{ ...o.workers[0], secrets: { ...o.workers[0].secrets, PUBLIC_BASE_URL: url.origin } }] }));
  return url.origin;
}

export async function startService(extraSecrets = {}) {
  const server = await startWorker(extraSecrets);

  async function call(method, p, { key, body, accept, ip = "203.0.113.9" } = {}) {
    const headers = { "cf-connecting-ip": ip };
    if (key) headers.authorization = `Bearer ${key}`;
    if (accept) headers.accept = accept;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await server.fetch(`${BASE_URL}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const bytes = new Uint8Array(await res.arrayBuffer());
    let json = null;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {}
    return { status: res.status, headers: res.headers, bytes, json };
  }

  async function must(method, p, init) {
    const r = await call(method, p, init);
    if (r.status !== 200) throw new Error(`${method} ${p} → ${r.status} ${new TextDecoder().decode(r.bytes)}`);
    return r;
  }

  /** A new account and a live key that can write templates and documents. */
  async function account(name = "Validators Ltd") {
    const ops = { key: OPERATOR_TOKEN };
    const tenant = (await must("POST", "/ops/v1/tenants", { body: { name }, ...ops })).json;
    const key = (
      await must("POST", `/ops/v1/tenants/${tenant.tenant_id}/keys`, {
        ...ops,
        body: { label: "validators", scopes: ["signing:read", "signing:write", "signing:templates"], mode: "live" },
      })
    ).json.key;
    return { tenantId: tenant.tenant_id, key };
  }

  /** A tenant (in `opts.locale`, when given) and key, a published template, a document (in `opts.documentLocale`, when given) sent to `signers`, and every signer signing. */
  async function completedDocument(signers, body, opts = {}) {
    const { key, tenantId } = await account();
    if (opts.locale) await must("PATCH", `/ops/v1/tenants/${tenantId}`, { key: OPERATOR_TOKEN, body: { locale: opts.locale } });
    const code = `nda-${Date.now().toString(36)}`;
    await must("POST", "/v1/templates", { key, body: { code, name: "Mutual NDA", kind: "nda", body, variables: ["company"] } });
    await must("POST", "/v1/templates/publish", { key, body: { code } });
    const id = (
      await must("POST", "/v1/documents", {
        key,
        body: {
          template_code: code,
          values: { company: "Ελληνική Εταιρεία ΑΕ" },
          title: "NDA — Συμφωνία — Соглашение",
          ...(opts.documentLocale ? { locale: opts.documentLocale } : {}),
        },
      })
    ).json.document_id;
    const links = (await must("POST", `/v1/documents/${id}/send`, { key, body: { signers } })).json.links;
    for (const [i, l] of links.entries()) {
      await must("POST", `/v1/sign/${l.token}/consent`, { body: {}, ip: `198.51.100.${i + 10}` });
      await must("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: signers[i].full_name }, ip: `198.51.100.${i + 10}` });
    }
    return { key, id, tenantId };
  }

  /** A request with raw bytes (an upload): status, JSON and text. `key` may be null (a signing link). */
  async function raw(key, method, p, bytes, contentType) {
    const headers = { "content-type": contentType, "cf-connecting-ip": "203.0.113.9" };
    if (key) headers.authorization = `Bearer ${key}`;
    const res = await server.fetch(`${BASE_URL}${p}`, { method, headers, body: bytes });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json, text };
  }

  /**
   * A PDF template `code` from `pdf` (its pages drawn as plain pictures), with `fields`, published,
   * prepared (titled `title`) and sent to `signers` (one by default): the document's id, the
   * first signer's token and every link.
   */
  async function sentPdfDocument(key, code, pdf, fields, { title = "Lease", signers = [{ email: "ada@example.com", full_name: "Ada Lovelace" }] } = {}) {
    const up = await raw(key, "POST", `/v1/templates/pdf?code=${code}&name=Lease&kind=contract&filename=${code}.pdf`, pdf, "application/pdf");
    if (up.status !== 200) throw new Error(`PDF upload → ${up.status} ${up.text}`);
    const id = up.json.template_id;
    const { encode } = await import("fast-png");
    for (const p of (await must("GET", `/v1/templates/${id}/pdf`, { key })).json.pages) {
      const [w, h] = [Math.round(p.width * 1.5), Math.round(p.height * 1.5)];
      const png = encode({ width: w, height: h, data: new Uint8Array(w * h * 3).fill(240), channels: 3, depth: 8 });
      const r = await raw(key, "PUT", `/v1/templates/${id}/pages/${p.n}`, png, "image/png");
      if (r.status !== 200) throw new Error(`page picture → ${r.status} ${r.text}`);
    }
    await must("PATCH", `/v1/templates/${id}`, { key, body: { fields } });
    await must("POST", "/v1/templates/publish", { key, body: { code } });
    const docId = (await must("POST", "/v1/documents", { key, body: { template_code: code, title } })).json.document_id;
    const links = (await must("POST", `/v1/documents/${docId}/send`, { key, body: { signers, notify: false } })).json.links;
    return { docId, token: links[0].token, links };
  }

  return { server, call, must, raw, account, completedDocument, sentPdfDocument, close: () => server.close() };
}

/** The /ByteRange, the signed bytes and the DER CMS (padding cut) of a sealed PDF. */
export function signatureParts(pdf) {
  const text = Buffer.from(pdf).toString("latin1");
  const m = /\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text);
  const [a, b, c, d] = m.slice(1).map(Number);
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const all = Buffer.from(text.slice(b + 1, c - 1), "hex");
  const lenByte = all[1];
  const n = lenByte & 0x7f;
  const len = lenByte & 0x80 ? all.readUIntBE(2, n) : lenByte;
  const cms = all.subarray(0, (lenByte & 0x80 ? 2 + n : 2) + len);
  return { range: [a, b, c, d], signed, cms };
}

/** The signature value and the timestamp token inside the CMS. */
export async function tokenParts(cms) {
  const pkijs = await import("pkijs");
  const ab = cms.buffer.slice(cms.byteOffset, cms.byteOffset + cms.byteLength);
  const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(ab).content });
  const si = sd.signerInfos[0];
  const attr = si.unsignedAttrs.attributes.find((x) => x.type === "1.2.840.113549.1.9.16.2.14");
  return { signatureValue: Buffer.from(si.signature.valueBlock.valueHexView), token: Buffer.from(attr.values[0].toBER()) };
}

export function write(dir, name, bytes) {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

export const sha256 = (bytes) => execFileSync("sha256sum", { input: bytes }).toString().split(" ")[0];
