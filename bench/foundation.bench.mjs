/**
 * Foundation benchmark: what authentication and the per-key rate limit cost on every keyed call.
 *
 * - `GET /v1/account` (find the key by its SHA-256 in D1, one hit on the key's RateLimiter
 *   Durable Object, scope check, read the account) at concurrency 1 and 32;
 * - an unauthenticated `GET` of a path that does not exist (the 404 JSON error: routing and the
 *   error body only) at concurrency 1 and 32;
 * - requests per second and p50/p99 latency of each; the difference is the cost of auth + limit.
 *
 * The key limit is 300 requests a minute, so the calls go round-robin over a pool of keys issued
 * through the operator API, sized so that no key nears its limit; every answer is checked and the
 * bench fails on any 429 (or any other wrong answer).
 *
 * The Worker runs under wrangler's createTestHarness (local D1, R2, Durable Objects; requests go
 * straight to workerd, no `wrangler dev` proxy). Client and server share the machine.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/foundation.bench.mjs` runs it alone.
 * BENCH_QUICK=1 (or ctx.quick) makes each case shorter.
 */
import { pathToFileURL } from "node:url";
import { fmtMs, inParallel, isQuick, measure, startService } from "./service.mjs";

const KEY_LIMIT = 300;
const KEYS = 150;

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const seconds = quick ? 1.5 : 4;
  const svc = await startService();
  try {
    const { tenantId, keys } = await svc.accountWithKeys("Bench foundation", KEYS, { scopes: ["signing:read"] });
    const uses = new Array(keys.length).fill(0);
    let next = 0;
    let throttled = 0;
    const statuses = new Map();

    const account = async () => {
      const i = next++ % keys.length;
      uses[i]++;
      const r = await svc.call("GET", "/v1/account", { key: keys[i] });
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (r.status === 429) throttled++;
      if (r.status !== 200 || r.json?.tenant_id !== tenantId) throw new Error(`GET /v1/account → ${r.status} ${r.text.slice(0, 200)}`);
      return r.ms;
    };
    const missing = async () => {
      const r = await svc.call("GET", "/v1/nothing-lives-here");
      if (r.status !== 404 || r.json?.error?.code !== "not_found") throw new Error(`GET /v1/nothing-lives-here → ${r.status} ${r.text.slice(0, 200)}`);
      return r.ms;
    };

    // Warm-up: every key's RateLimiter object started, the D1 statements and both paths hot.
    await inParallel(keys.length * 2, 16, account);
    await inParallel(500, 16, missing);

    const cases = [];
    for (const [name, op] of [
      ["GET /v1/account (key + rate limit)", account],
      ["GET unknown path, no key (404)", missing],
    ]) {
      for (const concurrency of [1, 32]) cases.push({ name, ...(await measure({ concurrency, seconds, op })) });
    }

    const busiest = Math.max(...uses);
    const accountCalls = uses.reduce((a, b) => a + b, 0);
    log("foundation: auth + rate limit (createTestHarness, in-process workerd; client on the same cores)");
    for (const c of cases)
      log(
        `  ${c.name.padEnd(38)} c=${String(c.concurrency).padEnd(3)} ${c.perSecond.toFixed(0).padStart(6)} req/s  p50 ${fmtMs(c.p50).padStart(9)}  p99 ${fmtMs(c.p99).padStart(9)}  (n=${c.done}, ${c.errors} errors)`,
      );
    for (const concurrency of [1, 32]) {
      const [a, m] = [
        cases.find((c) => c.concurrency === concurrency && c.name.startsWith("GET /v1/account")),
        cases.find((c) => c.concurrency === concurrency && c.name.includes("404")),
      ];
      // At c=1 the latency difference is the cost; at c=32 latency is mostly queueing, so the cost
      // shows as the time each request holds the machine: 1 / throughput.
      const held = 1000 / a.perSecond - 1000 / m.perSecond;
      const signed = (x) => `${x >= 0 ? "+" : ""}${x.toFixed(1)}`;
      log(
        `  ${"cost of auth + rate limit".padEnd(38)} c=${String(concurrency).padEnd(3)} p50 ${signed(a.p50 - m.p50)} ms, p99 ${signed(a.p99 - m.p99)} ms; 1/throughput ${(1000 / a.perSecond).toFixed(1)} vs ${(1000 / m.perSecond).toFixed(1)} ms (${signed(held)} ms)`,
      );
    }
    log(
      `  429s: ${throttled} of ${accountCalls} keyed calls (${keys.length} keys round-robin, at most ${busiest} calls on one key; limit ${KEY_LIMIT}/min); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    const errors = cases.reduce((s, c) => s + c.errors, 0);
    if (throttled > 0) throw new Error(`${throttled} keyed calls were throttled (429): the key pool is too small`);
    if (errors > 0) throw new Error(`${errors} wrong answers: ${cases.flatMap((c) => c.firstErrors).join("; ")}`);
    return { cases, throttled, keys: keys.length, busiestKey: busiest, errors };
  } finally {
    await svc.close();
  }
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  return [
    ...r.cases.map((c) => [
      `${c.name.replace(/ \(.*\)$/, "")}${c.name.includes("404") ? " 404" : ""}, c=${c.concurrency}`,
      `${c.perSecond.toFixed(0)} req/s, p50 ${fmtMs(c.p50)}, p99 ${fmtMs(c.p99)}`,
    ]),
    ["429s on keyed calls", `${r.throttled} (${r.keys} keys, ≤ ${r.busiestKey} calls per key)`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
