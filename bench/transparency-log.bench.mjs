/**
 * Transparency log benchmark (docs/transparency-log.md).
 *
 * - Growth: N leaves (10,000; 2,000 with --quick) written straight into `log_leaves`, then the
 *   Worker's cron run until a signed head covers them all (2,000 leaves hashed per run): the time
 *   of each run and the workerd CPU of the whole.
 * - One more leaf on a tree of N: the run that hashes it and signs a head (what follows each
 *   certificate's issue), its time and D1 round trips.
 * - Reads on the tree of N+1, one at a time: `/sth`, an inclusion proof of a random leaf, a
 *   consistency proof between random sizes: p50/p99 and workerd CPU per request.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/transparency-log.bench.mjs` runs it alone.
 */
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { percentile } from "./stats.mjs";
import { cpuMs, fmtMs, isQuick, startService } from "./service.mjs";

const sha = (b) => createHash("sha256").update(b).digest("hex");

function leafRow(i) {
  const leaf = JSON.stringify({ certificate_sha256: sha(`certificate ${i}`), issued_at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() });
  return { leaf, hash: sha(Buffer.concat([Buffer.from([0]), Buffer.from(leaf)])) };
}

async function seedLeaves(db, from, to) {
  for (let start = from; start < to; start += 500) {
    const stmts = [];
    for (let i = start; i < Math.min(to, start + 500); i++) {
      const { leaf, hash } = leafRow(i);
      stmts.push(
        db
          .prepare("INSERT INTO log_leaves (log, leaf_index, certificate_id, leaf, leaf_hash) VALUES ('live', ?, ?, ?, ?)")
          .bind(i, `cert_bench_${i}`, leaf, hash),
      );
    }
    await db.batch(stmts);
  }
}

async function timed(fn) {
  const cpu0 = cpuMs().workerd ?? 0;
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, cpu: (cpuMs().workerd ?? 0) - cpu0, out };
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const n = isQuick(ctx) ? 2_000 : 10_000;
  const reads = isQuick(ctx) ? 50 : 200;
  const svc = await startService({ D1_TRACE: "1" });
  try {
    const db = (await svc.bindings()).DB;
    await seedLeaves(db, 0, n);
    log(`${n} leaves seeded`);

    const runs = [];
    const growth = await timed(async () => {
      for (let i = 0; i < 100; i++) {
        const t0 = performance.now();
        await svc.worker.scheduled({ scheduledTime: new Date() });
        runs.push(performance.now() - t0);
        const sth = await svc.must("GET", "/log/v1/live/sth", { ip: `198.18.200.${i}` });
        if (sth.tree_size === n) return;
      }
      throw new Error("the cron did not cover every leaf in 100 runs");
    });
    log(`growth to ${n}: ${runs.length} cron runs, each ${runs.map((x) => x.toFixed(0)).join(", ")} ms; workerd CPU ${fmtMs(growth.cpu)} in all`);

    await seedLeaves(db, n, n + 1);
    const one = await timed(() => svc.worker.scheduled({ scheduledTime: new Date() }));
    const head = await svc.must("GET", "/log/v1/live/sth", { ip: "198.18.201.1" });
    if (head.tree_size !== n + 1) throw new Error(`head ${head.tree_size}, expected ${n + 1}`);
    log(`one more leaf on ${n}: cron run ${fmtMs(one.ms)} (every cron step), workerd CPU ${fmtMs(one.cpu)}`);

    const size = n + 1;
    const cases = {
      sth: () => "/log/v1/live/sth",
      inclusion: () => {
        const i = Math.floor(Math.random() * size);
        return `/log/v1/live/proof/inclusion?leaf_hash=${leafRow(i).hash}&tree_size=${size}`;
      },
      consistency: () => `/log/v1/live/proof/consistency?first=${1 + Math.floor(Math.random() * (size - 1))}&second=${size}`,
    };
    const result = { leaves: n, cronRuns: runs.length, growthCpuMs: growth.cpu, oneLeafMs: one.ms, oneLeafCpuMs: one.cpu };
    let k = 0;
    for (const [name, path] of Object.entries(cases)) {
      const times = [];
      const calls = [];
      const cpu0 = cpuMs().workerd ?? 0;
      for (let i = 0; i < reads; i++) {
        const r = await svc.call("GET", path(), { ip: `198.19.${k >> 8}.${k++ & 255}` });
        if (r.status !== 200) throw new Error(`${name} → ${r.status} ${r.text}`);
        times.push(r.ms);
        calls.push(Number((r.headers.get("x-d1-calls") ?? "0").split(";")[0]));
      }
      const cpu = ((cpuMs().workerd ?? 0) - cpu0) / reads;
      times.sort((a, b) => a - b);
      result[name] = { p50: percentile(times, 50), p99: percentile(times, 99), cpu, d1: Math.max(...calls) };
      log(
        `${name.padEnd(12)} p50 ${fmtMs(result[name].p50)}  p99 ${fmtMs(result[name].p99)}  workerd CPU/request ${fmtMs(cpu)}  D1 round trips ≤ ${result[name].d1}`,
      );
    }
    return result;
  } finally {
    await svc.close();
  }
}

export function summary(r) {
  return [
    [`log: ${r.leaves} leaves hashed and signed`, `${r.cronRuns} cron runs, ${fmtMs(r.growthCpuMs)} CPU`],
    ["log: one more leaf (cron run)", `${fmtMs(r.oneLeafMs)}, ${fmtMs(r.oneLeafCpuMs)} CPU`],
    ["log: inclusion proof p50/p99", `${fmtMs(r.inclusion.p50)} / ${fmtMs(r.inclusion.p99)}`],
    ["log: consistency proof p50/p99", `${fmtMs(r.consistency.p50)} / ${fmtMs(r.consistency.p99)}`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
