/**
 * What every example needs: the service's address, an API key, the typed client, a local webhook
 * receiver, and a signer who signs through the API (so an example can finish unattended).
 *
 * - EDGE_SIGN_URL: the service (default http://localhost:$PORT, PORT 8787 unless set: what `npm start` serves);
 *   when nothing answers there, the example ends with one line saying so (exit 1).
 * - EDGE_SIGN_API_KEY: a key with the scopes the example needs (the demo key `npm start` prints).
 *   Without it, and with `npm start`'s .dev.vars beside the project (its OPERATOR_TOKEN), a fresh
 *   test-mode key for the demo account is issued through the operator API, as `npm start` does.
 * - OPERATOR_TOKEN: only the iframe example needs the operator (to allow its page to frame the
 *   signing page); default: .dev.vars.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { createEdgeSignClient, ok } from "../../clients/typescript/index.mjs";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BASE_URL = (process.env.EDGE_SIGN_URL ?? `http://localhost:${process.env.PORT || 8787}`).replace(/\/+$/, "");

/**
 * Ends the example with one readable line when nothing answers at BASE_URL (the service is not
 * started, or on another port), instead of a stack trace from the first call.
 */
export async function requireService() {
  try {
    await fetch(`${BASE_URL}/openapi.json`, { signal: AbortSignal.timeout(10_000) });
  } catch {
    console.error(
      `Edge Sign is not running at ${BASE_URL} — start it with ${process.env.PORT ? `PORT=${process.env.PORT} ` : ""}npm start (or set EDGE_SIGN_URL).`,
    );
    process.exit(1);
  }
}

const DEMO_SCOPES = ["signing:read", "signing:write", "signing:templates", "signing:webhooks", "signing:workflows"];

/** OPERATOR_TOKEN from the environment, else from npm start's .dev.vars; null when neither has one. */
export function operatorToken() {
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  try {
    const line = readFileSync(path.join(ROOT, ".dev.vars"), "utf8")
      .split("\n")
      .find((l) => l.startsWith("OPERATOR_TOKEN="));
    return line ? line.slice("OPERATOR_TOKEN=".length).replace(/^"|"$/g, "").trim() : null;
  } catch {
    return null;
  }
}

/** A call to the operator API (/ops/v1), which only the service's operator may make. */
export async function ops(method, p, body) {
  const token = operatorToken();
  if (!token) throw new Error("No OPERATOR_TOKEN (set it, or run next to npm start's .dev.vars).");
  const res = await fetch(`${BASE_URL}/ops/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} /ops/v1${p} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** EDGE_SIGN_API_KEY, or a fresh demo key issued through the operator API. */
export async function apiKey() {
  if (process.env.EDGE_SIGN_API_KEY) return process.env.EDGE_SIGN_API_KEY;
  if (!operatorToken()) {
    throw new Error("Set EDGE_SIGN_API_KEY to the demo key npm start printed (or run the example from the project, next to .dev.vars).");
  }
  const { tenants } = await ops("GET", "/tenants?slug=demo");
  if (!tenants[0]) throw new Error("No demo account: start the service with npm start first.");
  const { key } = await ops("POST", `/tenants/${tenants[0].tenant_id}/keys`, { label: "examples", scopes: DEMO_SCOPES, mode: "test" });
  console.log("(no EDGE_SIGN_API_KEY: issued a test key for the demo account through the operator API)");
  return key;
}

/** The typed client for this service, with the key. */
export async function connect() {
  await requireService();
  const key = await apiKey();
  return { client: createEdgeSignClient({ baseUrl: BASE_URL, apiKey: key }), key };
}

/** A client without a key: the signer's side (`/v1/sign/{token}`) and public verification. */
export const anonymous = () => createEdgeSignClient({ baseUrl: BASE_URL });

/** The demo template's values (npm start publishes `demo-nda`). */
export const NDA_VALUES = { company: "Demo Company", counterparty: "Ada Lovelace", years: "2" };

/** Prepares a document from demo-nda and sends it to one signer: {documentId, token}. */
export async function sendNda(client, { title = "NDA with Ada", signer = { email: "ada@example.com", full_name: "Ada Lovelace" }, metadata } = {}) {
  const { document_id } = await ok(
    client.POST("/v1/documents", { body: { template_code: "demo-nda", title, values: NDA_VALUES, ...(metadata ? { metadata } : {}) } }),
  );
  const { links } = await ok(client.POST("/v1/documents/{id}/send", { params: { path: { id: document_id } }, body: { signers: [signer] } }));
  return { documentId: document_id, token: links[0].token };
}

/** The signer's side through the API, as the signing page does it: read, consent, sign (typed). */
export async function signAs(token, fullName) {
  const signer = anonymous();
  const page = await ok(signer.GET("/v1/sign/{token}", { params: { path: { token } } }));
  if (!page.ok) throw new Error(`the signing link does not work: ${page.reason}`);
  await ok(signer.POST("/v1/sign/{token}/consent", { params: { path: { token } }, body: {} }));
  return ok(signer.POST("/v1/sign/{token}", { params: { path: { token } }, body: { method: "typed", value: fullName } }));
}

/**
 * An HTTP server on 127.0.0.1 (a free port unless `port` is given) keeping every POST it receives
 * with its raw body and headers; `next(predicate, ms)` waits for a matching one.
 */
export async function startReceiver({ port = 0 } = {}) {
  const received = [];
  const waiting = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const delivery = { headers: req.headers, raw, at: Date.now() };
      received.push(delivery);
      for (const w of waiting) w(delivery);
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/hooks`;
  function next(predicate, ms = 30_000) {
    const found = received.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = (d) => {
        if (!predicate(d)) return;
        waiting.delete(check);
        clearTimeout(timer);
        resolve(d);
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`no matching webhook delivery within ${ms / 1000} s (${received.length} received)`));
      }, ms);
      waiting.add(check);
    });
  }
  return { url, received, next, close: () => new Promise((r) => server.close(r)) };
}

/** A webhook endpoint of this account pointing at `url`; `remove()` deletes it again. */
export async function addWebhook(client, url, events, label) {
  const { id, secret } = await ok(client.POST("/v1/webhooks", { body: { url, events, label } }));
  const remove = () => ok(client.DELETE("/v1/webhooks/{id}", { params: { path: { id }, query: { reason: `${label}: example finished` } } }));
  return { id, secret, remove };
}
