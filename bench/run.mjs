/**
 * `npm run bench`: runs every bench/*.bench.mjs in turn and closes with a summary table.
 *
 *   node bench/run.mjs                 every bench
 *   node bench/run.mjs documents       only the benches whose file name contains "documents"
 *   node bench/run.mjs --quick         shorter cases (also BENCH_QUICK=1)
 *
 * Each bench exports `run(ctx)` (ctx = { quick, log }), prints its own figures and returns them;
 * it may export `summary(result)` → [[measure, figure], …] for the closing table. A bench that
 * throws is reported as FAILED and the process exits 1 once the others have run.
 */
import { readdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const quick = args.includes("--quick") || process.env.BENCH_QUICK === "1";
const filter = args.find((a) => !a.startsWith("--"));

const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.mjs") && (!filter || f.includes(filter)))
  .sort();
if (files.length === 0) {
  console.error(
    `No bench matches "${filter}" (have: ${readdirSync(dir)
      .filter((f) => f.endsWith(".bench.mjs"))
      .join(", ")}).`,
  );
  process.exit(1);
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
console.log(
  `Benchmarks${quick ? " (quick)" : ""}: ${files.join(", ")} — Node ${process.version}, ${new Date().toISOString()}, ${cpus().length} cores, load average ${load()}`,
);
const results = [];
for (const file of files) {
  const name = file.replace(/\.bench\.mjs$/, "");
  console.log(`\n== ${name} ==`);
  const t0 = performance.now();
  try {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    const result = await mod.run({ quick, log: (...a) => console.log(...a) });
    const rows = typeof mod.summary === "function" ? mod.summary(result) : [];
    results.push({ name, ok: true, seconds: (performance.now() - t0) / 1000, rows });
  } catch (err) {
    console.error(`  FAILED: ${err?.stack ?? err}`);
    results.push({
      name,
      ok: false,
      seconds: (performance.now() - t0) / 1000,
      rows: [
        [
          "error",
          String(err?.message ?? err)
            .split("\n")[0]
            .slice(0, 100),
        ],
      ],
    });
  }
}

const table = [["bench", "measure", "figure"]];
for (const r of results) {
  table.push([`${r.name} (${r.ok ? "ok" : "FAILED"}, ${r.seconds.toFixed(0)} s)`, r.rows[0]?.[0] ?? "", r.rows[0]?.[1] ?? ""]);
  for (const row of r.rows.slice(1)) table.push(["", row[0], row[1]]);
}
const widths = [0, 1, 2].map((i) => Math.max(...table.map((row) => row[i].length)));
const line = (row) => `  ${row.map((c, i) => c.padEnd(widths[i])).join("  ")}`.trimEnd();
console.log(`\n== summary == (load average now ${load()})`);
console.log(line(table[0]));
console.log(line(widths.map((w) => "-".repeat(w))));
for (const row of table.slice(1)) console.log(line(row));

const failed = results.filter((r) => !r.ok);
if (failed.length > 0) {
  console.error(`\n${failed.length} bench${failed.length > 1 ? "es" : ""} failed: ${failed.map((r) => r.name).join(", ")}`);
  process.exit(1);
}
// Wrangler and Miniflare can leave handles open after close(); the figures are all printed.
process.exit(0);
