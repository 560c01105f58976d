/**
 * Foundation benchmark: requests per second and p50/p99 latency of `GET /v1/account` (key lookup,
 * rate limit in its Durable Object, scope check, one D1 read) and of an unauthenticated 404 (the
 * bare router), each at concurrency 1 and 32. The difference is what authentication and the rate
 * limit cost.
 *
 * The Worker runs under wrangler's test harness (Miniflare with local D1, R2 and Durable Objects,
 * no dev proxy); requests are dispatched to it from this process. The limit is 300 requests a
 * minute per key, so the account requests go round-robin over enough keys of one account that none
 * is ever throttled; any answer other than the expected one fails the run.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/foundation.bench.mjs` runs it alone.
 * BENCH_QUICK=1 (or ctx.quick) makes it shorter.
 */
import { pathToFileURL } from "node:url";
import { OPERATOR_TOKEN, startService } from "../test/validators/harness.mjs";
import { closedLoop, ms } from "./stats.mjs";

const PER_KEY_PER_MINUTE = 300;

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = ctx.quick ?? process.env.BENCH_QUICK === "1";
  const durationMs = quick ? 1500 : 5000;
  const svc = await startService();
  try {
    const tenant = (await svc.must("POST", "/ops/v1/tenants", { key: OPERATOR_TOKEN, body: { name: "Bench Ltd" } })).json;
    // Enough keys for the busiest case at 1000 requests a second, with room to spare.
    const keyCount = Math.ceil(((2 * durationMs) / 1000) * 1000 / PER_KEY_PER_MINUTE) + 4;
    const keys = [];
    for (let i = 0; i < keyCount; i++) {
      const body = { label: `bench ${i}`, scopes: ["signing:read"], mode: "live" };
      keys.push((await svc.must("POST", `/ops/v1/tenants/${tenant.tenant_id}/keys`, { key: OPERATOR_TOKEN, body })).json.key);
    }

    let next = 0;
    const expect = (status) => (r) => {
      if (r.status !== status) throw new Error(`answered ${r.status}, expected ${status}`);
    };
    const cases = {
      "GET /v1/account": async () => expect(200)(await svc.call("GET", "/v1/account", { key: keys[next++ % keys.length] })),
      "GET /nowhere (404, no key)": async () => expect(404)(await svc.call("GET", "/nowhere")),
    };

    const results = [];
    for (const [name, fn] of Object.entries(cases)) {
      await closedLoop({ concurrency: 8, total: 50, fn }); // warm-up
      for (const concurrency of [1, 32]) {
        const r = await closedLoop({ concurrency, durationMs, fn });
        if (r.errors.length) throw new Error(`${name} at concurrency ${concurrency}: ${r.errors.length} failed, first: ${r.errors[0].message}`);
        results.push({ name, concurrency, ...r });
        log(`  ${name.padEnd(28)} c${String(concurrency).padEnd(3)} ${r.perSecond.toFixed(0).padStart(5)} req/s   p50 ${ms(r.p50).padStart(9)}   p99 ${ms(r.p99).padStart(9)}   (${r.count} requests)`);
      }
    }
    log(`  ${keys.length} keys round-robin, at most ${PER_KEY_PER_MINUTE} a minute each: no request was throttled (every answer checked).`);
    return { results: results.map(({ errors, ...r }) => r) };
  } finally {
    await svc.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
