/**
 * Shared by the HTTP benches that run the Worker in-process: starts it with wrangler's
 * `createTestHarness` (Miniflare: local D1, R2 and Durable Objects, requests dispatched straight to
 * workerd, no `wrangler dev` proxy), makes accounts and keys through the operator API, and measures
 * a case at a fixed concurrency.
 *
 * Not a bench itself (bench/run.mjs only runs `*.bench.mjs`).
 */
import { randomBytes } from "node:crypto";
import { BASE_URL, startWorker } from "../test/validators/harness.mjs";
import { percentile } from "./stats.mjs";

export { percentile };
export const isQuick = (ctx = {}) => ctx.quick ?? process.env.BENCH_QUICK === "1";

/** Starts the Worker (as the validator suite does, with its own operator token); `call` returns {status, json, headers, ms}. */
export async function startService() {
  const operatorToken = `bench-operator-${randomBytes(8).toString("hex")}`;
  const server = await startWorker({ OPERATOR_TOKEN: operatorToken, WEBHOOK_SECRET_KEY: randomBytes(32).toString("hex") });

  async function call(method, p, { key, body, ip = "203.0.113.9" } = {}) {
    const headers = { "cf-connecting-ip": ip };
    if (key) headers.authorization = `Bearer ${key}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const t0 = performance.now();
    const res = await server.fetch(`${BASE_URL}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const ms = performance.now() - t0;
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, json, text, ms };
  }

  async function must(method, p, init) {
    const r = await call(method, p, init);
    if (r.status !== 200) throw new Error(`${method} ${p} → ${r.status} ${r.text}`);
    return r.json;
  }

  /** A new account and `n` keys of one mode, issued in parallel through the operator API. */
  async function accountWithKeys(name, n, { mode = "test", scopes = ["signing:read", "signing:write", "signing:templates"] } = {}) {
    const { tenant_id } = await must("POST", "/ops/v1/tenants", { key: operatorToken, body: { name } });
    const keys = [];
    await inParallel(n, 8, async (i) => {
      keys[i] = (await must("POST", `/ops/v1/tenants/${tenant_id}/keys`, { key: operatorToken, body: { label: `bench ${i}`, scopes, mode } })).key;
    });
    return { tenantId: tenant_id, keys };
  }

  return { call, must, accountWithKeys, close: () => server.close() };
}

/** Runs fn(i) for i in [0, n) with `width` workers. */
export async function inParallel(n, width, fn) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (i < n) await fn(i++);
    }),
  );
}

/**
 * Runs `op` at `concurrency`, either `count` times in all or until `seconds` have passed (each
 * worker finishes the one in flight). `op(i)` returns a latency in ms (or an array of {name, ms})
 * and throws on a wrong answer (counted as an error, not as done).
 */
export async function measure({ concurrency, seconds, count, op }) {
  const latencies = [];
  const named = new Map();
  let done = 0;
  let errors = 0;
  const firstErrors = [];
  const t0 = performance.now();
  const stopAt = t0 + (seconds ?? Infinity) * 1000;
  let started = 0;
  const more = () => (count === undefined ? performance.now() < stopAt : started < count);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (more()) {
        const i = started++;
        try {
          const r = await op(i);
          if (typeof r === "number") latencies.push(r);
          else for (const { name, ms } of r) (named.get(name) ?? named.set(name, []).get(name)).push(ms);
          done++;
        } catch (e) {
          errors++;
          if (firstErrors.length < 3) firstErrors.push(String(e?.message ?? e));
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const summary = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99) };
  };
  return {
    concurrency,
    done,
    errors,
    firstErrors,
    seconds: elapsed,
    perSecond: done / elapsed,
    ...(latencies.length ? summary(latencies) : {}),
    named: Object.fromEntries([...named].map(([k, v]) => [k, summary(v)])),
  };
}

export const fmtMs = (x) => (x === undefined ? "—" : `${x.toFixed(1)} ms`);
