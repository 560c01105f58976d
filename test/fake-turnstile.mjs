/**
 * A local stand-in for Cloudflare Turnstile's siteverify, in Node: `POST
 * /turnstile/v0/siteverify` with a form (or JSON) body of `secret`, `response` and `remoteip`,
 * answering `{success, "error-codes", challenge_ts?, hostname?}` as Cloudflare documents
 * (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/). The workerd
 * tests reach it through Miniflare's `outboundService` (test/webhook-receiver.mjs routes
 * `https://turnstile.fake.test/...` here; vitest.config.ts points TURNSTILE_API_BASE at it).
 *
 * Tokens say how to answer: `pass-…` succeeds once (a second use is `timeout-or-duplicate`, as a
 * real token is single use), `down-…` answers 500 with no JSON, anything else is
 * `invalid-input-response`; an empty one is `missing-input-response`; a wrong secret is
 * `invalid-input-secret`. `GET /__log/<token>` returns what was received with that token.
 */
export const TURNSTILE_HOST = "turnstile.fake.test";
export const FAKE_TURNSTILE_SECRET = "0x4AAAAAAAtestsecret0123456789";

/** @type {Map<string, {secret: string, response: string, remoteip: string | null}[]>} */
const logs = new Map();
/** @type {Set<string>} */
const spent = new Set();

/** @param {import("node:http").ServerResponse} res @param {number} status @param {unknown} body */
function json(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {string} body */
export async function fakeTurnstile(req, res, body) {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  if (req.method === "GET" && path.startsWith("/__log/")) return json(res, 200, logs.get(decodeURIComponent(path.slice(7))) ?? []);
  if (req.method !== "POST" || path !== "/turnstile/v0/siteverify") return json(res, 404, { success: false, "error-codes": ["not-found"] });
  const isJson = (req.headers["content-type"] ?? "").includes("application/json");
  /** @type {Record<string, string>} */
  const f = isJson ? JSON.parse(body || "{}") : Object.fromEntries(new URLSearchParams(body));
  const secret = f.secret ?? "";
  const response = f.response ?? "";
  const entry = { secret, response, remoteip: f.remoteip ?? null };
  logs.set(response, [...(logs.get(response) ?? []), entry]);
  if (!secret) return json(res, 200, { success: false, "error-codes": ["missing-input-secret"] });
  if (secret !== FAKE_TURNSTILE_SECRET) return json(res, 200, { success: false, "error-codes": ["invalid-input-secret"] });
  if (!response) return json(res, 200, { success: false, "error-codes": ["missing-input-response"] });
  if (response.startsWith("down-")) {
    res.writeHead(500, { "content-type": "text/plain" });
    return res.end("upstream error");
  }
  if (!response.startsWith("pass-")) return json(res, 200, { success: false, "error-codes": ["invalid-input-response"] });
  if (spent.has(response)) return json(res, 200, { success: false, "error-codes": ["timeout-or-duplicate"] });
  spent.add(response);
  return json(res, 200, { success: true, "error-codes": [], challenge_ts: new Date().toISOString(), hostname: "sign.example.test" });
}
