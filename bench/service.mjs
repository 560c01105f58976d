/**
 * Shared by the HTTP benches that run the Worker in-process: starts it with wrangler's
 * `createTestHarness` (Miniflare: local D1, R2 and Durable Objects), makes accounts and keys
 * through the operator API, and measures a case at a fixed concurrency.
 *
 * Requests go straight to the workerd process that runs the Worker (`server.getWorker().fetch`),
 * not through the harness's proxy Worker (`server.fetch`, a second workerd process that `wrangler
 * dev` puts in front to hold requests during reloads), and wrangler's local dev dashboards are off:
 * the local observability collector (which writes a trace of every invocation to a SQLite-backed
 * Durable Object of its own) and the local explorer. Neither exists on Cloudflare; both ran on the
 * same thread as the Worker and were counted in its CPU.
 *
 * Not a bench itself (bench/run.mjs only runs `*.bench.mjs`).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { BASE_URL, startWorker } from "../test/validators/harness.mjs";
import { percentile } from "./stats.mjs";

export { percentile };
export const isQuick = (ctx = {}) => ctx.quick ?? process.env.BENCH_QUICK === "1";

// wrangler's local dev dashboards (read when the harness starts): not part of the service.
process.env.X_LOCAL_OBSERVABILITY ??= "false";
process.env.X_LOCAL_EXPLORER ??= "false";

/**
 * Starts the Worker (as the validator suite does, with its own operator token); `call` returns
 * {status, json, text, bytes, headers, ms}: redirects are not followed, a string or byte `body` is
 * sent as it is (its content-type in `headers`), any other body as JSON. `vars` are laid over the
 * Worker's variables (e.g. D1_TRACE, D1_DELAY_MS for the edge bench).
 */
export async function startService(vars = {}) {
  const operatorToken = `bench-operator-${randomBytes(8).toString("hex")}`;
  const server = await startWorker({ OPERATOR_TOKEN: operatorToken, WEBHOOK_SECRET_KEY: randomBytes(32).toString("hex"), ...vars });
  // Straight to the Worker's runtime, past the harness's proxy Worker.
  const worker = server.getWorker();

  async function call(method, p, { key, body, headers = {}, ip = "203.0.113.9" } = {}) {
    const h = { "cf-connecting-ip": ip, ...headers };
    if (key) h.authorization = `Bearer ${key}`;
    const raw = typeof body === "string" || body instanceof Uint8Array;
    if (body !== undefined && !raw) h["content-type"] = "application/json";
    const t0 = performance.now();
    const res = await worker.fetch(`${BASE_URL}${p}`, {
      method,
      headers: h,
      body: body === undefined || raw ? body : JSON.stringify(body),
      redirect: "manual",
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t0;
    const text = bytes.toString("utf8");
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, json, text, bytes, ms };
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

  /**
   * A dashboard session as a browser holds one: a member made through the operator API signs in
   * with the sign-in form's CSRF cookie and token, then looks at `mode` data. `get`/`post` carry
   * the session's cookies; `csrfOf(html)` reads a page's form token.
   */
  async function dashboardSession(tenantId, { email, password, role = "owner", mode = "live" }) {
    await must("POST", `/ops/v1/tenants/${tenantId}/members`, { key: operatorToken, body: { email, full_name: "Bench Member", role, password } });
    const jar = new Map();
    const keep = (r) => {
      for (const c of r.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const i = pair.indexOf("=");
        jar.set(pair.slice(0, i), pair.slice(i + 1));
      }
      return r;
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const csrfOf = (html) => /name="csrf" value="([^"]+)"/.exec(html)[1];
    const get = async (p) => keep(await call("GET", p, { headers: { cookie: cookie() } }));
    const post = async (p, fields) =>
      keep(
        await call("POST", p, {
          body: new URLSearchParams(fields).toString(),
          headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded" },
        }),
      );
    const signIn = await get("/app/sign-in");
    const signedIn = await post("/app/sign-in", { csrf: csrfOf(signIn.text), email, password });
    if (signedIn.status !== 303) throw new Error(`sign-in → ${signedIn.status}`);
    await post("/app/mode", { csrf: csrfOf((await get("/app/documents")).text), mode, back: "/app/documents" });
    return { get, post, cookie, csrfOf };
  }

  /** The Worker's bindings (D1 for rows no route makes yet). */
  const bindings = () => worker.getEnv();

  // `worker.scheduled({scheduledTime})` runs the cron (bench/retention.bench.mjs).
  return { operatorToken, call, must, accountWithKeys, dashboardSession, bindings, worker, close: () => server.close() };
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

/** The workerd processes this process started (the Worker, its objects, local D1/R2), each with its CPU ticks; null without /proc. */
function workerdProcesses() {
  let entries;
  try {
    entries = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const procs = new Map();
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      procs.set(Number(pid), { comm, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      /* gone meanwhile */
    }
  }
  const mine = (pid) => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p && hops < 20; p = procs.get(p)?.ppid, hops++) if (p === process.pid) return true;
    return false;
  };
  return [...procs].filter(([pid, p]) => p.comm.startsWith("workerd") && mine(pid)).map(([pid, p]) => ({ pid, ticks: p.ticks }));
}

/**
 * CPU time (ms, user + system) used so far by the workerd processes under this Node process (the
 * Worker, its Durable Objects, local D1 and R2, Miniflare's own services), read from /proc; and
 * this process's own (client and harness). Linux only: null elsewhere.
 */
export function cpuMs() {
  const own = process.cpuUsage();
  const node = (own.user + own.system) / 1000;
  const procs = workerdProcesses();
  if (!procs) return { workerd: null, node, processes: 0 };
  const ticks = procs.reduce((sum, p) => sum + p.ticks, 0);
  return { workerd: procs.length ? (ticks * 1000) / CLOCK_TICKS : null, node, processes: procs.length };
}

/** Resident memory (MB) of the workerd processes this process started; null without /proc. */
export function workerdRssMb() {
  let total = 0;
  let found = false;
  for (const { pid } of workerdProcesses() ?? []) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      if (kb) {
        total += Number(kb) / 1024;
        found = true;
      }
    } catch {
      /* gone meanwhile */
    }
  }
  return found ? total : null;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

export const fmtMs = (x) => (x === undefined ? "—" : `${x.toFixed(1)} ms`);
