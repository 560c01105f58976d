/**
 * Edge-latency benchmark: the documents flow with every D1 round trip delayed by 0, 25 and 75 ms,
 * as if the Worker ran far from D1's primary.
 *
 * The Worker runs under wrangler's createTestHarness (as the other benches) with the development
 * variables `D1_TRACE=1` and `D1_DELAY_MS=<n>` (src/db/trace.ts): each D1 call waits n ms and
 * each response says in `x-d1-calls` how many round trips it made (all calls; sequential steps),
 * its Durable Objects' included. Agreements run one at a time, so each figure is exact (the bench
 * fails if a response says other requests overlapped it).
 *
 * One agreement: prepare from a published template with one text field → send to 2 signers → for
 * each signer read, consent, field, sign → read back with the API key (must say completed); then
 * a key without signing:write tries to prepare (403 after authentication: a key's own cost).
 * Each response also says in `x-object-calls` how many Durable Object calls it made
 * (src/db/object-trace.ts). Printed per operation and delay: sequential D1 round trips, object calls
 * and p50 latency, and the totals of one agreement; the goal of the
 * data-layer work is shown beside the signer's actions: p50 ≤ 200 ms at 75 ms.
 *
 * A fourth run puts a D1 read replica 5 ms from the Worker and the primary 75 ms away
 * (`D1_REPLICA_DELAY_MS=5`: reads made through a D1 session wait 5 ms, everything else 75 ms):
 * each signer also reads the link and the signing page once more after answering the field (a
 * later read: the first view is recorded), and the goal for those is p50 ≤ 40 ms.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/edge.bench.mjs` runs it alone.
 * BENCH_QUICK=1 (or ctx.quick) runs fewer agreements.
 */
import { pathToFileURL } from "node:url";
import { percentile } from "./stats.mjs";
import { isQuick, startService } from "./service.mjs";

export const DELAYS = [0, 25, 75];
const GOAL_MS = 200;
const GOAL_DELAY = 75;
/** The replica case: the primary at GOAL_DELAY, a replica this near. */
const REPLICA_MS = 5;
const REPLICA_GOAL_MS = 40;
const BODY = "This mutual non-disclosure agreement is between {{company}} and {{name}}.";

/** The operations, in flow order; `signer` marks the signer's actions the goal is about. */
export const OPERATIONS = [
  { op: "prepare", label: "POST /v1/documents (prepare)" },
  { op: "send", label: "POST /v1/documents/{id}/send (2 signers)" },
  { op: "read", label: "GET /v1/sign/{token} (signer read)", signer: true },
  { op: "consent", label: "POST /v1/sign/{token}/consent", signer: true },
  { op: "field", label: "POST /v1/sign/{token}/fields", signer: true },
  { op: "reread", label: "GET /v1/sign/{token} (a later read)", signer: true, replica: true },
  { op: "page", label: "GET /s/{token} (the page, a later read)", signer: true, replica: true },
  { op: "sign", label: "POST /v1/sign/{token} (first signer)", signer: true },
  { op: "complete", label: "POST /v1/sign/{token} (completing)", signer: true },
  { op: "readback", label: "GET /v1/documents/{id} (API key)" },
  { op: "keyonly", label: "API key alone (403, scope missing)" },
];

async function runDelay(delayMs, agreements, log, replicaMs = null) {
  // D1_REPLICA_DELAY_MS models reads through a session served by a replica near the Worker; unset,
  // they wait as long as any other round trip.
  const svc = await startService({ D1_TRACE: "1", D1_DELAY_MS: String(delayMs), ...(replicaMs === null ? {} : { D1_REPLICA_DELAY_MS: String(replicaMs) }) });
  try {
    const { keys } = await svc.accountWithKeys(`Bench edge ${delayMs}`, 2, { mode: "test" });
    const key = keys[0];
    // A key without signing:write: its POST /v1/documents is refused after authentication and
    // the rate limit, before any work of the route (what an API key costs by itself).
    const readOnly = (await svc.accountWithKeys(`Bench edge ${delayMs} read-only`, 1, { mode: "test", scopes: ["signing:read"] })).keys[0];
    const code = "bench-edge";
    await svc.must("POST", "/v1/templates", {
      key,
      body: { code, name: "Bench NDA", kind: "nda", body: BODY, variables: ["company", "name"], fields: [{ key: "city", label: "City", kind: "text" }] },
    });
    await svc.must("POST", "/v1/templates/publish", { key, body: { code } });

    const samples = new Map(OPERATIONS.map((o) => [o.op, []]));
    // A completion leaves background work: a second later the document's sequencer puts the
    // certificate into the transparency log (its alarm, with D1 calls of its own;
    // docs/transparency-log.md). Counted apart: after the completing signature, wait for that alarm
    // and until three probes in a row meet no D1 call in flight, so every later figure is the
    // request's own.
    const quiet = async () => {
      await new Promise((res) => setTimeout(res, 1_100));
      for (let calm = 0, waited = 0; calm < 3; waited += 25) {
        if (waited > 30_000) throw new Error("the background work never finished");
        const r = await svc.call("GET", "/v1/templates", { key });
        calm = r.headers.get("x-d1-calls-overlap") ? 0 : calm + 1;
        await new Promise((res) => setTimeout(res, 25));
      }
    };

    const step = async (op, method, p, init, check, record, status = 200) => {
      const r = await svc.call(method, p, init);
      if (r.status !== status || !check(r.json, r))
        throw new Error(`${op}: ${method} ${p.replace(/sign\/[^/]+/, "sign/…")} → ${r.status} ${r.text.slice(0, 200)}`);
      const header = r.headers.get("x-d1-calls");
      if (!header) throw new Error(`${op}: no x-d1-calls header (is D1 tracing installed?)`);
      if (r.headers.get("x-d1-calls-overlap")) throw new Error(`${op}: another request overlapped it; the figure would not be exact`);
      const [calls, sequential] = header.split(";").map(Number);
      const objects = Number(r.headers.get("x-object-calls") ?? NaN);
      if (record) samples.get(op).push({ ms: r.ms, calls, sequential, objects });
      return r;
    };

    const agreement = async (n, record) => {
      const prepared = await step(
        "prepare",
        "POST",
        "/v1/documents",
        { key, body: { template_code: code, values: { company: "Acme Ltd", name: `Party ${n}` } } },
        (j) => typeof j?.document_id === "string",
        record,
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
        // notify: false: the message queue's background work (its Durable Object's D1 calls, each
        // delayed too) would still be running when the first signer reads, overlapping that figure.
        { key, body: { signers, notify: false } },
        (j) => Array.isArray(j?.links) && j.links.length === 2,
        record,
      );
      for (const [i, link] of sent.json.links.entries()) {
        const t = encodeURIComponent(link.token);
        const ip = `198.51.100.${(n % 100) * 2 + i + 1}`;
        await step("read", "GET", `/v1/sign/${t}`, { ip }, (j) => j?.ok === true && j.document_id === id, record);
        await step("consent", "POST", `/v1/sign/${t}/consent`, { ip, body: {} }, (j) => j?.consented === true, record);
        await step("field", "POST", `/v1/sign/${t}/fields`, { ip, body: { key: "city", value: "Lisboa" } }, (j) => j?.supplied === true, record);
        await step("reread", "GET", `/v1/sign/${t}`, { ip }, (j) => j?.ok === true && j.document_id === id, record);
        await step("page", "GET", `/s/${t}`, { ip }, (_, r) => r.text.includes("Lisboa") || r.text.includes("<form"), record);
        await step(
          i === 0 ? "sign" : "complete",
          "POST",
          `/v1/sign/${t}`,
          { ip, body: { method: "typed", value: signers.find((s) => s.email === link.email).full_name } },
          (j) => typeof j?.event_id === "string",
          record,
        );
      }
      await quiet();
      await step("readback", "GET", `/v1/documents/${id}`, { key }, (j) => j?.status === "completed", record);
      await step(
        "keyonly",
        "POST",
        "/v1/documents",
        { key: readOnly, body: { template_code: code, values: { company: "Acme Ltd", name: "x" } } },
        (j) => j?.error?.code === "forbidden",
        record,
        403,
      );
    };

    // Warm-up (not recorded): code paths and statements hot, the rate-limit objects started.
    await agreement(99, false);
    const t0 = performance.now();
    for (let n = 0; n < agreements; n++) await agreement(n, true);
    const seconds = (performance.now() - t0) / 1000;

    const ops = {};
    for (const { op } of OPERATIONS) {
      const s = samples.get(op);
      const ms = s.map((x) => x.ms).sort((a, b) => a - b);
      const seq = s.map((x) => x.sequential);
      const calls = s.map((x) => x.calls);
      const objects = s.map((x) => x.objects);
      ops[op] = {
        n: s.length,
        p50: percentile(ms, 50),
        seqMin: Math.min(...seq),
        seqMax: Math.max(...seq),
        callsMin: Math.min(...calls),
        callsMax: Math.max(...calls),
        objectsMin: Math.min(...objects),
        objectsMax: Math.max(...objects),
      };
    }
    log(
      `  D1_DELAY_MS=${delayMs}${replicaMs === null ? "" : `, D1_REPLICA_DELAY_MS=${replicaMs}`}: ${agreements} agreements one at a time in ${seconds.toFixed(1)} s`,
    );
    return { delayMs, replicaMs, agreements, seconds, ops };
  } finally {
    await svc.close();
  }
}

/** How often one agreement runs each operation of its flow (the read-back and the refused key are not part of it). */
const PER_AGREEMENT = { prepare: 1, send: 1, read: 2, consent: 2, field: 2, sign: 1, complete: 1 };

/** Sequential D1 round trips and Durable Object calls of one agreement (the worst sample of each operation). */
export function perAgreement(run) {
  let sequential = 0;
  let objects = 0;
  for (const [op, times] of Object.entries(PER_AGREEMENT)) {
    sequential += run.ops[op].seqMax * times;
    objects += run.ops[op].objectsMax * times;
  }
  return { sequential, objects };
}

const range = (a, b) => (a === b ? String(a) : `${a}-${b}`);

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const counts = quick ? { 0: 3, 25: 2, 75: 2 } : { 0: 10, 25: 6, 75: 6 };
  const runs = [];
  for (const delayMs of DELAYS) runs.push(await runDelay(delayMs, counts[delayMs], log));
  const replica = await runDelay(GOAL_DELAY, counts[GOAL_DELAY], log, REPLICA_MS);

  log(`edge: the documents flow with each D1 round trip delayed (createTestHarness, D1_TRACE=1, one request at a time)`);
  // "D1 wait @75": sequential round trips × 75 ms, the part of the latency that the distance to
  // D1 alone costs (whatever the machine's load); the rest of p50 @75 is this machine's work.
  const head = [
    "operation",
    "D1 seq (calls)",
    "objects",
    ...DELAYS.map((d) => `p50 @${d} ms`),
    `p50 @${GOAL_DELAY}/${REPLICA_MS} ms`,
    `D1 wait @${GOAL_DELAY}`,
    `goal @${GOAL_DELAY} ms`,
  ];
  const rows = OPERATIONS.map(({ op, label, signer, replica: nearest }) => {
    const o0 = runs[0].ops[op];
    const at = runs.find((r) => r.delayMs === GOAL_DELAY).ops[op];
    const near = replica.ops[op];
    const goal = nearest
      ? `≤ ${REPLICA_GOAL_MS} ms @${GOAL_DELAY}/${REPLICA_MS} ${near.p50 <= REPLICA_GOAL_MS ? "met" : "not met"}`
      : signer
        ? `≤ ${GOAL_MS} ms ${at.p50 <= GOAL_MS ? "met" : "not met"}`
        : "";
    return [
      label,
      `${range(o0.seqMin, o0.seqMax)} (${range(o0.callsMin, o0.callsMax)})`,
      range(o0.objectsMin, o0.objectsMax),
      ...runs.map((r) => `${r.ops[op].p50.toFixed(0)} ms`),
      `${near.p50.toFixed(0)} ms`,
      `${o0.seqMax * GOAL_DELAY} ms`,
      goal,
    ];
  });
  const widths = head.map((_, i) => Math.max(head[i].length, ...rows.map((r) => r[i].length)));
  const line = (r) => `  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")}`.trimEnd();
  log(line(head));
  for (const r of rows) log(line(r));
  const per = perAgreement(runs[0]);
  log(
    `  one agreement (prepare, send, each of 2 signers reads, consents, answers a field, signs): ${per.sequential} sequential D1 round trips, ${per.objects} object calls`,
  );
  // The sequential count should not depend on the delay; say so if it did.
  for (const { op } of OPERATIONS) {
    const seen = new Set(runs.map((r) => range(r.ops[op].seqMin, r.ops[op].seqMax)));
    if (seen.size > 1)
      log(
        `  note: ${op}: sequential round trips differ between delays (${runs.map((r) => `${r.delayMs} ms: ${range(r.ops[op].seqMin, r.ops[op].seqMax)}`).join(", ")})`,
      );
  }
  return { runs, replica };
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  const at = (d) => r.runs.find((x) => x.delayMs === d);
  return OPERATIONS.map(({ op, label, signer }) => {
    const o = at(0).ops[op];
    const p50s = r.runs.map((x) => `${x.ops[op].p50.toFixed(0)}`).join(" / ");
    const near = r.replica.ops[op].p50;
    const goal = signer ? ` (goal ≤ ${GOAL_MS} @${GOAL_DELAY}: ${at(GOAL_DELAY).ops[op].p50 <= GOAL_MS ? "met" : "not met"})` : "";
    const replicaGoal = OPERATIONS.find((o) => o.op === op)?.replica
      ? `; ${near.toFixed(0)} ms @${GOAL_DELAY}/${REPLICA_MS} (goal ≤ ${REPLICA_GOAL_MS}: ${near <= REPLICA_GOAL_MS ? "met" : "not met"})`
      : "";
    return [`${label}`, `${range(o.seqMin, o.seqMax)} seq D1, p50 ${p50s} ms @${DELAYS.join("/")} ms${goal}${replicaGoal}`];
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run();
  process.exit(0);
}
