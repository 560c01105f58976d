/**
 * A webhook receiver for the tests, running in Node (not in workerd): the Worker's outbound
 * `fetch` to `https://hooks.receiver.test/...` is routed here through Miniflare's
 * `outboundService`. Each test uses its own box (the first path segment) and tells the box how to
 * answer: `ok` (200, or another status), `fail` (500), `hang` (answers nothing for 15 s, past the
 * 10 s timeout) or `refuse` (the connection is torn down without an answer) or `pattern` (the soak's seeded mix of
 * all of these, see `pattern` below). Every request a box
 * receives is logged with its raw body and headers, readable by the test through
 * `GET /__log/<box>`; `POST /__mode/<box>` sets the behaviour.
 *
 * `https://dns.receiver.test/dns-query` is the Worker's DNS-over-HTTPS resolver in the tests
 * (DNS_RESOLVER_URL): it answers every name with a public address unless a test has set the
 * name's records with `POST /__records/<name>` (`{A?: [...], AAAA?: [...], ttl?, nxdomain?}`);
 * `/down` answers 503, a resolver that is out of service.
 * `https://providers.fake.test/...` speaks the message providers' APIs (test/fake-providers.mjs),
 * `https://turnstile.fake.test/...` Cloudflare Turnstile's siteverify (test/fake-turnstile.mjs),
 * `https://csc.fake.test/...` a trust service provider's CSC API v2 (test/fake-csc.mjs).
 * Any other host passes through.
 */
import { CSC_HOST, fakeCsc } from "./fake-csc.mjs";
import { PROVIDERS_HOST, fakeProviders } from "./fake-providers.mjs";
import { STRIPE_HOST, fakeStripe } from "./fake-stripe.mjs";
import { TURNSTILE_HOST, fakeTurnstile } from "./fake-turnstile.mjs";

export const RECEIVER_HOST = "hooks.receiver.test";
export const RESOLVER_HOST = "dns.receiver.test";
const PUBLIC_ANSWER = { A: ["93.184.215.14"], AAAA: [], ttl: 60 };

/** @typedef {{ A?: string[], AAAA?: string[], ttl?: number, nxdomain?: boolean }} Records */
/** @type {Map<string, Records>} */
const records = new Map();

/** @typedef {{ mode: "ok" | "fail" | "hang" | "refuse" | "pattern", status?: number, seed?: number, poison?: number, fail?: number, reset?: number, slow?: number, hang?: number }} Mode */
/** @typedef {{ at: number, method: string, path: string, headers: Record<string, string>, body: string, answer?: number | string }} Logged */

/** @type {Map<string, Mode>} */
const modes = new Map();
/** @type {Map<string, Logged[]>} */
const logs = new Map();

/** @param {import("node:http").IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** @param {import("node:http").ServerResponse} res @param {number} status @param {unknown} body */
function json(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {string} body */
async function passThrough(req, res, body) {
  const url = `https://${req.headers.host}${req.url}`;
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([, v]) => typeof v === "string"));
  try {
    const r = await fetch(url, { method: req.method, headers, body: req.method === "GET" || req.method === "HEAD" ? undefined : body });
    res.writeHead(r.status, Object.fromEntries(r.headers));
    res.end(Buffer.from(await r.arrayBuffer()));
  } catch {
    req.socket.destroy();
  }
}

/** Miniflare `outboundService: { node: receiver }`. @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
export async function receiver(req, res) {
  const body = await readBody(req);
  if (req.headers.host === RESOLVER_HOST) return resolver(req, res, body);
  if (req.headers.host === PROVIDERS_HOST) return fakeProviders(req, res, body);
  if (req.headers.host === STRIPE_HOST) return fakeStripe(req, res, body);
  if (req.headers.host === TURNSTILE_HOST) return fakeTurnstile(req, res, body);
  if (req.headers.host === CSC_HOST) return fakeCsc(req, res, body);
  if (req.headers.host !== RECEIVER_HOST) return passThrough(req, res, body);
  const path = (req.url ?? "/").split("?")[0];
  const [, first, second] = path.split("/");
  if (first === "__mode" && second) {
    modes.set(second, JSON.parse(body));
    return json(res, 200, { ok: true });
  }
  if (first === "__log" && second) return json(res, 200, logs.get(second) ?? []);
  const box = first ?? "";
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
  const list = logs.get(box) ?? [];
  /** @type {Logged} */
  const entry = { at: Date.now(), method: req.method ?? "", path, headers, body };
  list.push(entry);
  logs.set(box, list);
  const mode = modes.get(box) ?? { mode: "ok" };
  switch (mode.mode) {
    case "ok":
      return json(res, mode.status ?? 200, { received: true });
    case "fail":
      return json(res, mode.status ?? 500, { error: "receiver is failing on purpose" });
    case "hang":
      // Answers after 15 s unless the caller gives up first; the timer never keeps Node alive.
      await new Promise((r) => {
        setTimeout(r, 15_000).unref();
        res.on("close", r);
      });
      if (!res.destroyed && !res.writableEnded) json(res, 200, { late: true });
      return;
    case "refuse":
      req.socket.destroy();
      return;
    case "pattern":
      return pattern(req, res, mode, list, entry);
  }
}

/**
 * The soak's seeded fault pattern (docs/reliability.md, part 2): each attempt's fate is a hash of
 * the seed, the `Service-Event-Id` and how many times that id came before, so a run is repeatable:
 * `poison` of the ids always fail (they end dead), the rest fail (500), lose the connection, answer
 * slowly (0.2-1.5 s) or hang past the 10 s timeout at the given rates, else 200.
 * @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res
 * What the box answered goes into the logged request (`answer`: the status, `reset` or `hang`).
 * @param {{ seed?: number, poison?: number, fail?: number, reset?: number, slow?: number, hang?: number }} m @param {Logged[]} list @param {Logged} entry
 */
async function pattern(req, res, m, list, entry) {
  const id = String(req.headers["service-event-id"] ?? "");
  const attempt = list.filter((x) => x.headers["service-event-id"] === id).length;
  const u = (salt) => (hash32(`${m.seed ?? 1}:${id}:${salt}`) % 1_000_000) / 1_000_000;
  entry.answer = 500;
  if (u("poison") < (m.poison ?? 0)) return json(res, 500, { error: "poisoned" });
  const x = u(`attempt${attempt}`);
  const failAt = m.fail ?? 0;
  const resetAt = failAt + (m.reset ?? 0);
  const hangAt = resetAt + (m.hang ?? 0);
  const slowAt = hangAt + (m.slow ?? 0);
  if (x < failAt) return json(res, 500, { error: "seeded failure" });
  entry.answer = "reset";
  if (x < resetAt) return req.socket.destroy();
  entry.answer = "hang";
  if (x < hangAt) {
    await new Promise((r) => {
      setTimeout(r, 12_000).unref();
      res.on("close", r);
    });
    if (!res.destroyed && !res.writableEnded) json(res, 200, { late: true });
    return;
  }
  if (x < slowAt) await new Promise((r) => setTimeout(r, 200 + (hash32(`${id}:${attempt}`) % 1300)));
  entry.answer = 200;
  return json(res, 200, { received: true });
}

/** FNV-1a, 32 bits. @param {string} s */
function hash32(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The DNS-over-HTTPS JSON API, as Cloudflare's resolver answers it. @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res @param {string} body */
function resolver(req, res, body) {
  const url = new URL(req.url ?? "/", `https://${RESOLVER_HOST}`);
  const [, first, name] = url.pathname.split("/");
  if (first === "__records" && name) {
    records.set(name.toLowerCase(), JSON.parse(body));
    return json(res, 200, { ok: true });
  }
  if (first === "down") return json(res, 503, { error: "resolver is down on purpose" });
  const qname = (url.searchParams.get("name") ?? "").toLowerCase();
  const type = url.searchParams.get("type") === "AAAA" ? "AAAA" : "A";
  const set = records.get(qname) ?? PUBLIC_ANSWER;
  if (set.nxdomain) return json(res, 200, { Status: 3, Question: [{ name: qname, type: type === "A" ? 1 : 28 }] });
  const answer = (set[type] ?? []).map((data) => ({ name: qname, type: type === "A" ? 1 : 28, TTL: set.ttl ?? 60, data }));
  return json(res, 200, { Status: 0, Question: [{ name: qname, type: type === "A" ? 1 : 28 }], Answer: answer });
}
