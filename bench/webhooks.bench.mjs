/**
 * Webhook benchmark: how fast the DeliveryQueue objects deliver to a local receiver, and how long
 * an event takes to reach it.
 *
 * - deliveries per second, 1 endpoint and 10 endpoints: events are made while the endpoints are
 *   off (so they wait in the hold), then `PATCH active: true` releases them all at once; the clock
 *   runs from the release until the receiver has every delivery;
 * - delay from an event to its first delivery attempt: one document prepared at a time
 *   (`signing.created`), measured from the event's `occurred_at` to the receiver's arrival time;
 *   p50 and p99.
 *
 * The service runs under `wrangler dev` (local D1 and Durable Objects, as `npm start` runs it) with
 * ALLOW_INSECURE_WEBHOOKS=true so it may call the receiver at http://127.0.0.1. The receiver is a
 * plain Node HTTP server that checks every signature with the README's Node verifier.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/webhooks.bench.mjs` runs it alone.
 * BENCH_QUICK=1 (or ctx.quick) makes it smaller.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { percentile } from "./stats.mjs";
import { freePort } from "../scripts/free-port.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const OPERATOR_TOKEN = `bench-operator-${randomBytes(8).toString("hex")}`;
const SCOPES = ["signing:templates", "signing:write", "signing:read", "signing:webhooks"];

// ---- the README's Node verifier (docs/webhooks.md) ----
function verifyDelivery(rawBody, headers, secret, nowMs = Date.now()) {
  const ts = String(headers["service-timestamp"] ?? "");
  if (!/^\d+$/.test(ts) || Math.abs(nowMs / 1000 - Number(ts)) > 300) return false;
  const expected = Buffer.from(`v1=${createHmac("sha256", secret).update(`${ts}.`).update(rawBody).digest("hex")}`);
  return String(headers["service-signature"] ?? "")
    .split(",")
    .map((s) => Buffer.from(s.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}
// ---- end ----

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Wrangler needs Node ≥ 22.12: prefer the project's pinned Node over whatever runs this file. */
function nodeBinary() {
  const pinned = path.join(ROOT, "node_modules/.bin/node");
  return existsSync(pinned) ? pinned : process.execPath;
}

/** The receiver: records each delivery's arrival and checks its signature. */
function startReceiver() {
  const secrets = new Map(); // path -> secret
  const arrivals = []; // { path, at, body, eventId, valid }
  const waiters = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      const raw = Buffer.concat(chunks);
      const secret = secrets.get(req.url);
      arrivals.push({
        path: req.url,
        at,
        body: raw.toString("utf8"),
        eventId: req.headers["service-event-id"],
        valid: !!secret && verifyDelivery(raw, req.headers, secret, at),
      });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
      for (const w of waiters) w();
    });
  });
  const until = async (predicate, timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline) throw new Error("timed out waiting for deliveries");
      await new Promise((resolve) => {
        const done = () => {
          waiters.delete(done);
          resolve();
        };
        waiters.add(done);
        setTimeout(done, 200);
      });
    }
  };
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve({ server, secrets, arrivals, until, base: `http://127.0.0.1:${server.address().port}` }));
  });
}

/** Applies the D1 migrations and starts `wrangler dev` on a free port. */
async function startService(log) {
  const persist = mkdtempSync(path.join(tmpdir(), "edge-sign-webhooks-bench-"));
  const wrangler = path.join(ROOT, "node_modules/wrangler/bin/wrangler.js");
  const env = { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" };
  const migrate = spawnSync(nodeBinary(), [wrangler, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  const port = await freePort();
  const vars = {
    OPERATOR_TOKEN,
    WEBHOOK_SECRET_KEY: randomBytes(32).toString("hex"),
    ALLOW_INSECURE_WEBHOOKS: "true",
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  };
  const args = [
    wrangler,
    "dev",
    "--local",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persist,
    "--show-interactive-dev-session=false",
    "--log-level",
    "error",
  ];
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  const child = spawn(nodeBinary(), args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
    try {
      const r = await fetch(`${base}/openapi.json`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start:\n${output}`);
    await sleep(250);
  }
  log(`  (service under wrangler dev at ${base})`);
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    rmSync(persist, { recursive: true, force: true });
  };
  return { base, stop };
}

function client(base) {
  const call = async (method, p, { key, body, token } = {}) => {
    const headers = { "content-type": "application/json" };
    if (key) headers.authorization = `Bearer ${key}`;
    if (token) headers.authorization = `Bearer ${token}`;
    for (let attempt = 0; ; attempt++) {
      const r = await fetch(`${base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await r.text();
      if (r.status === 429 && attempt < 5) {
        await sleep(1000 * Number(r.headers.get("retry-after") ?? "1"));
        continue;
      }
      if (r.status !== 200) throw new Error(`${method} ${p} → ${r.status} ${text}`);
      return JSON.parse(text);
    }
  };
  return call;
}

/** An account with a published template and a pool of keys (each key has its own 300/min budget). */
async function account(call, name, keys = 6) {
  const { tenant_id } = await call("POST", "/ops/v1/tenants", { token: OPERATOR_TOKEN, body: { name } });
  const pool = [];
  for (let i = 0; i < keys; i++) {
    const { key } = await call("POST", `/ops/v1/tenants/${tenant_id}/keys`, {
      token: OPERATOR_TOKEN,
      body: { label: `bench ${i}`, scopes: SCOPES, mode: "live" },
    });
    pool.push(key);
  }
  const code = `bench-${randomBytes(4).toString("hex")}`;
  await call("POST", "/v1/templates", {
    key: pool[0],
    body: { code, name: "Bench NDA", kind: "nda", body: "Between {{company}} and {{name}}.", variables: ["company", "name"] },
  });
  await call("POST", "/v1/templates/publish", { key: pool[0], body: { code } });
  let next = 0;
  const key = () => pool[next++ % pool.length];
  const prepare = () => call("POST", "/v1/documents", { key: key(), body: { template_code: code, values: { company: "Acme", name: "Ada" } } });
  return { key, prepare };
}

async function inParallel(n, width, fn) {
  let i = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (i < n) await fn(i++);
    }),
  );
}

async function throughput(call, rx, endpoints, events, label) {
  const acct = await account(call, `Bench ${label}`);
  const hooks = [];
  for (let e = 0; e < endpoints; e++) {
    const p = `/${label}/ep${e}`;
    const { id, secret } = await call("POST", "/v1/webhooks", { key: acct.key(), body: { url: `${rx.base}${p}`, events: ["signing.created"] } });
    rx.secrets.set(p, secret);
    hooks.push({ id, path: p });
    await call("PATCH", `/v1/webhooks/${id}`, { key: acct.key(), body: { active: false } });
  }
  await inParallel(events, 8, () => acct.prepare());
  const total = events * endpoints;
  const paths = new Set(hooks.map((h) => h.path));
  const got = () => rx.arrivals.filter((a) => paths.has(a.path)).length;
  if (got() !== 0) throw new Error("deliveries left the hold early");
  const t0 = Date.now();
  const released = await Promise.all(hooks.map((h) => call("PATCH", `/v1/webhooks/${h.id}`, { key: acct.key(), body: { active: true } })));
  const releasedCount = released.reduce((s, r) => s + r.released, 0);
  if (releasedCount !== total) throw new Error(`released ${releasedCount}, expected ${total}`);
  await rx.until(() => got() >= total, 300_000);
  const seconds = (Date.now() - t0) / 1000;
  const mine = rx.arrivals.filter((a) => paths.has(a.path));
  return {
    endpoints,
    deliveries: total,
    seconds,
    perSecond: total / seconds,
    verified: mine.filter((a) => a.valid).length,
    unique: new Set(mine.map((a) => a.eventId)).size,
  };
}

async function latency(call, rx, n) {
  const acct = await account(call, "Bench latency", 2);
  const p = "/latency";
  const { secret } = await call("POST", "/v1/webhooks", { key: acct.key(), body: { url: `${rx.base}${p}`, events: ["signing.created"] } });
  rx.secrets.set(p, secret);
  const delays = [];
  for (let i = 0; i < n; i++) {
    const before = rx.arrivals.filter((a) => a.path === p).length;
    const { document_id } = await acct.prepare();
    await rx.until(() => rx.arrivals.filter((a) => a.path === p).length > before, 30_000);
    const arrival = rx.arrivals.filter((a) => a.path === p).at(-1);
    const body = JSON.parse(arrival.body);
    if (body.document.id !== document_id) throw new Error("deliveries out of step");
    delays.push(arrival.at - Date.parse(body.occurred_at));
  }
  delays.sort((a, b) => a - b);
  return { n, p50: percentile(delays, 50), p99: percentile(delays, 99), max: delays.at(-1) };
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = ctx.quick ?? process.env.BENCH_QUICK === "1";
  const rx = await startReceiver();
  const svc = await startService(log);
  try {
    const call = client(svc.base);
    const one = await throughput(call, rx, 1, quick ? 100 : 500, "one");
    const ten = await throughput(call, rx, 10, quick ? 30 : 150, "ten");
    const lat = await latency(call, rx, quick ? 30 : 200);
    const all = rx.arrivals.length;
    const verified = rx.arrivals.filter((a) => a.valid).length;
    log("webhooks: delivery to a local receiver (wrangler dev, local D1 and Durable Objects)");
    const row = (r) =>
      log(
        `  ${`deliveries/s, ${r.endpoints} endpoint${r.endpoints > 1 ? "s" : ""}`.padEnd(36)} ${r.perSecond.toFixed(0).padStart(6)}/s  (${r.deliveries} in ${r.seconds.toFixed(2)} s, released from the hold)`,
      );
    row(one);
    row(ten);
    log(`  ${"event → first attempt".padEnd(36)} p50 ${lat.p50} ms  p99 ${lat.p99} ms  max ${lat.max} ms  (n=${lat.n})`);
    log(`  ${"signatures verified (Node verifier)".padEnd(36)} ${verified}/${all}`);
    return { oneEndpoint: one, tenEndpoints: ten, latency: lat, verified, received: all };
  } finally {
    svc.stop();
    rx.server.close();
  }
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  return [
    ["deliveries/s, 1 endpoint", `${r.oneEndpoint.perSecond.toFixed(0)}/s`],
    ["deliveries/s, 10 endpoints", `${r.tenEndpoints.perSecond.toFixed(0)}/s`],
    ["event → first attempt", `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`],
    ["signatures verified", `${r.verified}/${r.received}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
