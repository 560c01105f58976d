/**
 * `npm run bench [-- NAME] [-- --quick]`: runs every `bench/*.bench.mjs` in turn (or those whose
 * name contains NAME), each printing its own figures, then a line per bench with its time.
 * BENCH_QUICK=1 or --quick makes every bench shorter. Exits 1 if a bench fails.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

const args = process.argv.slice(2);
const quick = args.includes("--quick") || process.env.BENCH_QUICK === "1";
const filter = args.find((a) => !a.startsWith("--"));
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith(".bench.mjs") && (!filter || f.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error(`No benchmark matches "${filter}".`);
  process.exit(1);
}

console.log(`Benchmarks${quick ? " (quick)" : ""} on Node ${process.versions.node}, ${new Date().toISOString()}\n`);
const summary = [];
for (const file of files) {
  const name = file.replace(/\.bench\.mjs$/, "");
  console.log(`${name}`);
  const t0 = performance.now();
  try {
    const mod = await import(pathToFileURL(path.join(import.meta.dirname, file)).href);
    await mod.run({ quick, log: console.log });
    summary.push({ name, seconds: (performance.now() - t0) / 1000, ok: true });
  } catch (err) {
    console.error(`  failed: ${err instanceof Error ? err.stack : err}`);
    summary.push({ name, seconds: (performance.now() - t0) / 1000, ok: false });
  }
  console.log("");
}
for (const s of summary) console.log(`${s.ok ? "ok  " : "FAIL"} ${s.name.padEnd(12)} ${s.seconds.toFixed(1)} s`);
process.exit(summary.every((s) => s.ok) ? 0 : 1);
