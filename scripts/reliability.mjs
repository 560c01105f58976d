#!/usr/bin/env node
/**
 * `npm run reliability -- <part> [<part>…]`: the long forms of the reliability suite
 * (docs/reliability.md). Each part runs on its own, is bounded in time, and sends traffic only to
 * this machine (the workerd tests' Node receiver, or loopback for the parts that run wrangler).
 *
 *   fuzz     ≥ 20,000 requests generated from /openapi.json (FUZZ_REQUESTS, FUZZ_SEED), and 5,000
 *            to the routes outside it: pages, dashboard, operator API, hooks, assets (FUZZ_PAGE_REQUESTS)
 *   races    100 runs of each sequencer race (RACE_RUNS)
 *   secrets  the secrets-at-rest scan
 *   soak     10,000 webhook events over 20 endpoints under faults (SOAK_EVENTS, SOAK_SEED)
 *   growth   100,000 documents in one account: list, q, external_ref, GET by id at 1k/10k/100k (GROWTH_MAX)
 *   bulk     a bulk send of 1,000 rows with 3 bad rows and a crash in the middle (BULK_ROWS)
 *   crash    SIGKILL of `wrangler dev` mid signing, sealing and delivering; restart; check
 *   all      every part in turn
 *
 * The fast forms (a few hundred fuzz requests, one race run, the scan) run in `npm test`.
 */
import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(ROOT, "node_modules/.bin", name);

/** part → [command, args, extra env, time bound in minutes] */
const PARTS = {
  fuzz: () => [
    bin("vitest"),
    ["run", "test/fuzz.test.ts", "test/fuzz-pages.test.ts"],
    { FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? "20000", FUZZ_PAGE_REQUESTS: process.env.FUZZ_PAGE_REQUESTS ?? "5000" },
    90,
  ],
  races: () => [bin("vitest"), ["run", "test/concurrency.test.ts"], { RACE_RUNS: process.env.RACE_RUNS ?? "100" }, 40],
  secrets: () => [bin("vitest"), ["run", "test/secrets-at-rest.test.ts"], {}, 5],
  soak: () => [bin("vitest"), ["run", "test/webhook-soak.test.ts"], { SOAK_EVENTS: process.env.SOAK_EVENTS ?? "10000" }, 40],
  bulk: () => [bin("vitest"), ["run", "test/bulk-sends.test.ts", "-t", "rows with 3 bad rows"], { BULK_ROWS: process.env.BULK_ROWS ?? "1000" }, 10],
  growth: () => [process.execPath, [path.join(ROOT, "scripts/reliability/growth.mjs")], {}, 40],
  crash: () => [process.execPath, [path.join(ROOT, "scripts/reliability/crash.mjs")], {}, 25],
};

function usage(code) {
  console.log(`usage: npm run reliability -- <${Object.keys(PARTS).join("|")}|all> […]`);
  process.exit(code);
}

function runPart(name) {
  const [cmd, args, extra, minutes] = PARTS[name]();
  console.log(`\n=== reliability: ${name} (bounded to ${minutes} min) ===`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      stdio: "inherit",
      detached: true,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", ...extra },
    });
    const timer = setTimeout(() => {
      console.error(`reliability: ${name} passed its bound of ${minutes} min; stopping it`);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, minutes * 60_000);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const ok = code === 0;
      console.log(`=== reliability: ${name} ${ok ? "passed" : `FAILED (${signal ?? code})`} in ${((Date.now() - t0) / 1000).toFixed(0)} s ===`);
      resolve(ok);
    });
  });
}

const asked = process.argv.slice(2).filter((a) => !a.startsWith("-"));
if (process.argv.includes("--help") || process.argv.includes("-h")) usage(0);
if (asked.length === 0) usage(2);
const parts = asked.includes("all") ? Object.keys(PARTS) : asked;
for (const p of parts) if (!PARTS[p]) usage(2);
let failed = 0;
for (const p of parts) if (!(await runPart(p))) failed++;
process.exit(failed ? 1 : 0);
