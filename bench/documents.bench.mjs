/**
 * Documents benchmark: complete agreements per second, each one prepare → send to 2 signers →
 * (read → consent → sign) × 2 → completed, at concurrency 1 and 16; and p50/p99 of
 * `POST /v1/sign/{token}` (the signature, through the document's Durable Object; the second one
 * also completes the document and issues its certificate).
 *
 * The Worker runs under wrangler's test harness (Miniflare with local D1, R2 and Durable Objects,
 * no dev proxy). Test-mode keys, so no plan quota applies; keys go round-robin so none reaches its
 * 300 a minute. Every answer is checked and every document must end `completed`.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/documents.bench.mjs` runs it alone.
 * BENCH_QUICK=1 (or ctx.quick) makes it smaller.
 */
import { pathToFileURL } from "node:url";
import { OPERATOR_TOKEN, startService } from "../test/validators/harness.mjs";
import { closedLoop, ms, percentile } from "./stats.mjs";

const BODY = "This agreement is between {{company}} and {{name}}.\n\n1. Each party keeps the other's information confidential.";

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = ctx.quick ?? process.env.BENCH_QUICK === "1";
  const plan = quick ? { 1: 5, 16: 32 } : { 1: 20, 16: 96 };
  const svc = await startService();
  try {
    const tenant = (await svc.must("POST", "/ops/v1/tenants", { key: OPERATOR_TOKEN, body: { name: "Bench Agreements Ltd" } })).json;
    const keys = [];
    for (let i = 0; i < 8; i++) {
      const body = { label: `bench ${i}`, scopes: ["signing:read", "signing:write", "signing:templates"], mode: "test" };
      keys.push((await svc.must("POST", `/ops/v1/tenants/${tenant.tenant_id}/keys`, { key: OPERATOR_TOKEN, body })).json.key);
    }
    await svc.must("POST", "/v1/templates", { key: keys[0], body: { code: "bench-nda", name: "Mutual NDA", kind: "nda", body: BODY, variables: ["company", "name"] } });
    await svc.must("POST", "/v1/templates/publish", { key: keys[0], body: { code: "bench-nda" } });

    let signLatencies = [];
    async function agreement(i) {
      const key = keys[i % keys.length];
      const id = (await svc.must("POST", "/v1/documents", { key, body: { template_code: "bench-nda", values: { company: "Acme", name: `Signer ${i}` } } })).json.document_id;
      const signers = [
        { email: `a${i}@example.com`, full_name: "Ada Lovelace" },
        { email: `b${i}@example.com`, full_name: "Grace Hopper" },
      ];
      const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key, body: { signers } })).json.links;
      for (const [n, link] of links.entries()) {
        const ip = `198.51.100.${(i % 200) + 1}`;
        await svc.must("GET", `/v1/sign/${link.token}`, { ip });
        await svc.must("POST", `/v1/sign/${link.token}/consent`, { body: {}, ip });
        const t0 = performance.now();
        await svc.must("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: signers[n].full_name }, ip });
        signLatencies.push(performance.now() - t0);
      }
      const doc = (await svc.must("GET", `/v1/documents/${id}`, { key })).json;
      if (doc.status !== "completed") throw new Error(`document ${id} ended ${doc.status}`);
    }

    await closedLoop({ concurrency: 4, total: 4, fn: (i) => agreement(1_000_000 + i) }); // warm-up
    const results = [];
    let offset = 0;
    for (const concurrency of [1, 16]) {
      signLatencies = [];
      const total = plan[concurrency];
      const r = await closedLoop({ concurrency, total, fn: (i) => agreement(offset + i) });
      offset += total;
      if (r.errors.length) throw new Error(`concurrency ${concurrency}: ${r.errors.length} agreements failed, first: ${r.errors[0].message}`);
      signLatencies.sort((a, b) => a - b);
      const sign = { p50: percentile(signLatencies, 50), p99: percentile(signLatencies, 99), n: signLatencies.length };
      results.push({ concurrency, agreements: r.count, seconds: r.seconds, perSecond: r.perSecond, agreementP50: r.p50, agreementP99: r.p99, sign });
      log(
        `  agreements c${String(concurrency).padEnd(3)} ${r.perSecond.toFixed(1).padStart(6)}/s   one agreement p50 ${ms(r.p50).padStart(9)}  p99 ${ms(r.p99).padStart(9)}   ` +
          `POST /v1/sign/{token} p50 ${ms(sign.p50).padStart(9)}  p99 ${ms(sign.p99).padStart(9)}   (${r.count} agreements, all completed)`,
      );
    }
    return { results };
  } finally {
    await svc.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
