/**
 * Documents benchmark: whole agreements, as an integration drives them.
 *
 * One agreement = `POST /v1/documents` (prepare from a published template) → `POST
 * /v1/documents/{id}/send` to 2 signers → for each signer `GET /v1/sign/{token}` (read),
 * `POST /v1/sign/{token}/consent`, `POST /v1/sign/{token}` (typed signature) → `GET
 * /v1/documents/{id}` must say `completed` with both signers signed. Every step's answer is
 * checked; an agreement with any wrong answer counts as an error, not as done.
 *
 * - complete agreements per second at concurrency 1 and 16;
 * - p50/p99 of `POST /v1/sign/{token}`, split into the first signature and the completing one
 *   (which also closes the document and issues its certificate of completion);
 * - CPU ms per complete agreement: the CPU time (user + system, from /proc) of the workerd
 *   process that runs the Worker, its Durable Objects and local D1/R2, over the case, divided by
 *   the agreements completed; the Node process's (client and harness) beside it.
 *
 * Test-mode keys (test documents never count against the plan's agreements); the keyed calls go
 * round-robin over a pool of keys so the 300/min per-key limit is never reached, each signing
 * token is used 3 times (limit 120/min); the bench fails on any 429.
 *
 * The Worker runs under wrangler's createTestHarness (local D1, R2, Durable Objects); requests go
 * straight to its workerd process (bench/service.mjs). Each case prints the machine's load average
 * at its start and end: throughput and latency move with it, CPU per agreement much less. `run(ctx)` is imported by bench/run.mjs; `node bench/documents.bench.mjs`
 * runs it alone. BENCH_QUICK=1 (or ctx.quick) makes each case shorter.
 */
import { cpus, loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import { cpuMs, fmtMs, isQuick, measure, startService } from "./service.mjs";

const KEYS = 40;
const BODY = "This mutual non-disclosure agreement is between {{company}} and {{name}}. Each party keeps the other's information confidential.";

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  // A fixed number of agreements per case (a few seconds each here): c=1 then c=16.
  const counts = quick ? [5, 32] : [30, 96];
  const svc = await startService();
  try {
    const { keys } = await svc.accountWithKeys("Bench documents", KEYS, { mode: "test" });
    const code = "bench-nda";
    await svc.must("POST", "/v1/templates", { key: keys[0], body: { code, name: "Bench NDA", kind: "nda", body: BODY, variables: ["company", "name"] } });
    await svc.must("POST", "/v1/templates/publish", { key: keys[0], body: { code } });

    let next = 0;
    let throttled = 0;
    const keyUses = new Array(keys.length).fill(0);
    const key = () => {
      const i = next++ % keys.length;
      keyUses[i]++;
      return keys[i];
    };
    const step = async (label, method, p, init, check) => {
      const r = await svc.call(method, p, init);
      if (r.status === 429) throttled++;
      if (r.status !== 200 || !check(r.json))
        throw new Error(`${label}: ${method} ${p.replace(/sign\/[^/]+/, "sign/…")} → ${r.status} ${r.text.slice(0, 200)}`);
      return r;
    };

    const agreement = async (n) => {
      const t0 = performance.now();
      const prepared = await step(
        "prepare",
        "POST",
        "/v1/documents",
        { key: key(), body: { template_code: code, values: { company: "Acme Ltd", name: `Party ${n}` }, title: `Bench NDA ${n}` } },
        (j) => typeof j?.document_id === "string",
      );
      const id = prepared.json.document_id;
      const signers = [
        { email: `first${n}@example.com`, full_name: "Ada Lovelace" },
        { email: `second${n}@example.com`, full_name: "Charles Babbage" },
      ];
      const sent = await step(
        "send",
        "POST",
        `/v1/documents/${id}/send`,
        { key: key(), body: { signers } },
        (j) => Array.isArray(j?.links) && j.links.length === 2 && j.links.every((l) => typeof l.token === "string"),
      );
      const signs = [];
      for (const [i, link] of sent.json.links.entries()) {
        const t = encodeURIComponent(link.token);
        const ip = `198.51.100.${(n % 200) + 1}`;
        await step(
          "read",
          "GET",
          `/v1/sign/${t}`,
          { ip },
          (j) => j?.ok === true && j.document_id === id && j.email === link.email && j.signer_status !== "signed",
        );
        await step("consent", "POST", `/v1/sign/${t}/consent`, { ip, body: {} }, (j) => j?.consented === true);
        const s = await step(
          "sign",
          "POST",
          `/v1/sign/${t}`,
          { ip, body: { method: "typed", value: signers.find((x) => x.email === link.email).full_name } },
          (j) => typeof j?.event_id === "string",
        );
        signs.push({ name: i === 0 ? "sign (first signer)" : "sign (completing)", ms: s.ms }, { name: "sign", ms: s.ms });
      }
      await step(
        "read back",
        "GET",
        `/v1/documents/${id}`,
        { key: key() },
        (j) => j?.status === "completed" && j.completed_at && j.signers?.length === 2 && j.signers.every((s) => s.status === "signed"),
      );
      return [...signs, { name: "agreement", ms: performance.now() - t0 }];
    };

    // Warm-up: every key's RateLimiter object started, the statements hot.
    for (let i = 0; i < 3; i++) await agreement(-1 - i);
    const warm = await measure({ concurrency: 8, count: 16, op: (i) => agreement(100000 + i) });
    if (warm.errors > 0) throw new Error(`warm-up failed: ${warm.firstErrors.join("; ")}`);

    const cases = [];
    for (const [k, concurrency] of [1, 16].entries()) {
      const loadBefore = loadavg()[0];
      const before = cpuMs();
      const c = await measure({ concurrency, count: counts[k], op: (i) => agreement((k + 1) * 1_000_000 + i) });
      const after = cpuMs();
      c.load = [loadBefore, loadavg()[0]];
      // CPU per complete agreement: the workerd process's CPU time over the case (the Worker, its
      // Durable Objects, local D1/R2 and Miniflare's services) divided by the agreements done.
      c.cpu = {
        workerdMs: after.workerd === null || before.workerd === null ? null : (after.workerd - before.workerd) / Math.max(1, c.done),
        nodeMs: (after.node - before.node) / Math.max(1, c.done),
        processes: after.processes,
      };
      cases.push(c);
    }

    log("documents: complete agreements (prepare → send to 2 → read, consent, sign × 2 → completed); createTestHarness, test mode");
    for (const c of cases) {
      log(
        `  agreements/s, c=${String(c.concurrency).padEnd(3)} ${c.perSecond.toFixed(1).padStart(7)}/s  (${c.done} completed in ${c.seconds.toFixed(1)} s, ${c.errors} errors; one agreement p50 ${fmtMs(c.named.agreement?.p50)}, p99 ${fmtMs(c.named.agreement?.p99)}; load average ${c.load[0].toFixed(1)} → ${c.load[1].toFixed(1)})`,
      );
      log(
        `    CPU per complete agreement: workerd ${c.cpu.workerdMs === null ? "n/a (no /proc)" : `${c.cpu.workerdMs.toFixed(1)} ms`} (${c.cpu.processes} process${c.cpu.processes === 1 ? "" : "es"}), Node client + harness ${c.cpu.nodeMs.toFixed(1)} ms`,
      );
      for (const [name, label] of [
        ["sign", "all"],
        ["sign (first signer)", "first signer"],
        ["sign (completing)", "completing"],
      ]) {
        const s = c.named[name];
        if (s) log(`    POST /v1/sign/{token}, ${label.padEnd(14)} p50 ${fmtMs(s.p50).padStart(9)}  p99 ${fmtMs(s.p99).padStart(9)}  (n=${s.n})`);
      }
    }
    log(`  429s: ${throttled} (${keys.length} test-mode keys round-robin, at most ${Math.max(...keyUses)} calls on one key; each token used 3 times)`);
    const errors = cases.reduce((s, c) => s + c.errors, 0);
    if (throttled > 0) throw new Error(`${throttled} calls were throttled (429)`);
    if (errors > 0) throw new Error(`${errors} agreements failed: ${cases.flatMap((c) => c.firstErrors).join("; ")}`);
    return { cases, throttled, errors };
  } finally {
    await svc.close();
  }
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  return r.cases.flatMap((c) => [
    [`complete agreements, c=${c.concurrency}`, `${c.perSecond.toFixed(1)}/s (${c.done} done, ${c.errors} errors)`],
    [`POST /v1/sign/{token}, c=${c.concurrency}`, `p50 ${fmtMs(c.named.sign?.p50)}, p99 ${fmtMs(c.named.sign?.p99)}`],
    [
      `CPU per agreement (workerd), c=${c.concurrency}`,
      c.cpu.workerdMs === null ? "n/a" : `${c.cpu.workerdMs.toFixed(1)} ms (Node ${c.cpu.nodeMs.toFixed(1)} ms)`,
    ],
    [`load average during c=${c.concurrency}`, `${c.load[0].toFixed(1)} → ${c.load[1].toFixed(1)} (${cpus().length} cores)`],
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
