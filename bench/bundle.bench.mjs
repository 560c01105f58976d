/**
 * Bundle and startup benchmark: what the deployable Worker holds and how long it takes to start.
 *
 * - Builds the Worker as it would be deployed: `wrangler deploy --dry-run --outdir <tmp>
 *   --metafile <tmp>/meta.json` (nothing is uploaded). Prints wrangler's "Total Upload" (all
 *   modules) and gzip size, and the 15 biggest modules of esbuild's metafile, then the same summed
 *   per package.
 * - Import graph: which modules are evaluated when the Worker starts (everything reachable from
 *   src/index.ts through static `import`/`require`; a module reached only through `import()` is
 *   bundled but evaluated on first use). For each heavy part (pdf-lib, fontkit, pkijs/asn1js,
 *   the seal code, phone metadata) it says whether it is on that startup
 *   path, that is, in the path of a signer's first request, and by which chain of imports.
 *   `node bench/bundle.bench.mjs --graph` also lists every startup module by package.
 * - Startup time: `wrangler check startup`, which builds the Worker, starts it in local workerd
 *   under V8's CPU profiler and reports the startup phase's profile; the figure is its "Active"
 *   time (CPU time sampled while the module graph is parsed and evaluated, idle excluded),
 *   the median of 3 runs (1 quick). Measured on this machine's CPU, not Cloudflare's.
 * - What the start-up leaves to first use: each route group (src/app.ts) and the document
 *   sequencer's commands, each built alone as a Worker's entry and timed the same way: the CPU the
 *   first request that needs it pays, once per isolate.
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/bundle.bench.mjs` runs it alone.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { workerAliases } from "../scripts/bundle-src.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
// Run with this Node (wrangler wants ≥ 22; the `.bin` shim would pick whatever `node` is on PATH).
const WRANGLER = path.join(ROOT, "node_modules/wrangler/bin/wrangler.js");
const ENV = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", FORCE_COLOR: "0", CI: "1" };

/** What an isolate loads on first use (name, file, what the entry imports from it). */
const LOADED_ON_FIRST_USE = [
  ["signer-group", "src/groups/signer.ts", "group"],
  ["api-group", "src/groups/api.ts", "group"],
  ["dashboard-group", "src/groups/dashboard.ts", "group"],
  ["ops-group", "src/groups/ops.ts", "group"],
  ["sequencer-commands", "src/objects/document-sequencer/commands.ts", "{ SequencerCommands }"],
];

/** The heavy parts a signer's first request should not pay for, by metafile path. */
export const HEAVY = [
  { name: "pdf-lib", match: (p) => p.includes("node_modules/pdf-lib/") },
  { name: "@pdf-lib/fontkit", match: (p) => p.includes("node_modules/@pdf-lib/fontkit/") },
  { name: "PDF drawing (src/lib/pdf/*)", match: (p) => p.startsWith("src/lib/pdf/") },
  { name: "pkijs", match: (p) => p.includes("node_modules/pkijs/") },
  { name: "asn1js", match: (p) => p.includes("node_modules/asn1js/") },
  { name: "seal code (src/lib/seal/*)", match: (p) => p.startsWith("src/lib/seal/") },
  { name: "libphonenumber-js metadata", match: (p) => p.includes("node_modules/libphonenumber-js/") && p.includes("metadata") },
];

function wrangler(args, timeoutMs) {
  const r = spawnSync(process.execPath, [WRANGLER, ...args], { cwd: ROOT, env: ENV, encoding: "utf8", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  const out = `${r.stdout ?? ""}${r.stderr ?? ""}`.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
  if (r.error || r.status !== 0) throw new Error(`wrangler ${args[0]} ${args[1] ?? ""} failed (${r.error?.message ?? `exit ${r.status}`}): ${out.slice(-600)}`);
  return out;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const packageOf = (p) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(p);
  return m ? m[1] : p.startsWith("src/") ? `${p.split("/").slice(0, 2).join("/")}${p.split("/").length > 2 ? "/" : ""}` : p;
};

/** Static import closure from `entry` with, for each module, the module that first pulled it in (BFS: shortest chains). */
export function staticClosure(meta, entry) {
  const parent = new Map([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const at = queue.shift();
    for (const im of meta.inputs[at]?.imports ?? []) {
      if (im.external || (im.kind !== "import-statement" && im.kind !== "require-call")) continue;
      if (!parent.has(im.path)) {
        parent.set(im.path, at);
        queue.push(im.path);
      }
    }
  }
  return parent;
}

const chain = (parent, p) => {
  const out = [];
  for (let x = p; x !== null && x !== undefined; x = parent.get(x)) out.unshift(x);
  return out;
};

export function analyse(meta) {
  const [outFile, output] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint);
  const entry = output.entryPoint;
  const modules = Object.entries(output.inputs).map(([p, v]) => ({ path: p, bytes: v.bytesInOutput }));
  modules.sort((a, b) => b.bytes - a.bytes);
  const byPackage = new Map();
  for (const m of modules) byPackage.set(packageOf(m.path), (byPackage.get(packageOf(m.path)) ?? 0) + m.bytes);
  const inBundle = new Set(modules.map((m) => m.path));
  // Modules the bundle keeps (the closure also walks inputs esbuild dropped: type-only, shaken out).
  const startup = staticClosure(meta, entry);
  const startupModules = [...startup.keys()].filter((p) => inBundle.has(p));
  const heavy = HEAVY.map((h) => {
    const all = modules.filter((m) => h.match(m.path));
    const atStart = all.filter((m) => startup.has(m.path));
    // The chain to the first module of this part that the entry reaches.
    const first = [...startup.keys()].find((p) => h.match(p));
    return {
      name: h.name,
      bundled: all.length > 0,
      bytes: all.reduce((s, m) => s + m.bytes, 0),
      startupBytes: atStart.reduce((s, m) => s + m.bytes, 0),
      atStartup: atStart.length > 0,
      chain: first ? chain(startup, first) : [],
    };
  });
  const startupBytes = modules.filter((m) => startup.has(m.path)).reduce((s, m) => s + m.bytes, 0);
  return {
    outFile,
    entry,
    outputBytes: output.bytes,
    modules,
    byPackage: [...byPackage].sort((a, b) => b[1] - a[1]),
    startup,
    startupModules,
    startupBytes,
    heavy,
    inBundle,
  };
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = ctx.quick ?? process.env.BENCH_QUICK === "1";
  const graph = ctx.graph ?? process.argv.includes("--graph");
  const dir = mkdtempSync(path.join(tmpdir(), "edge-sign-bundle-"));
  try {
    const out = wrangler(["deploy", "--dry-run", "--outdir", path.join(dir, "out"), "--metafile", path.join(dir, "meta.json")], 180_000);
    const total = /Total Upload:\s*([\d.]+) KiB \/ gzip:\s*([\d.]+) KiB/.exec(out);
    if (!total) throw new Error(`no "Total Upload" line in wrangler's output: ${out.slice(-400)}`);
    const meta = JSON.parse(readFileSync(path.join(dir, "meta.json"), "utf8"));
    const a = analyse(meta);
    const script = readFileSync(path.join(dir, "out", path.basename(a.outFile)));
    const gz = gzipSync(script, { level: 9 }).length;

    log(`bundle: wrangler deploy --dry-run (esbuild metafile), entry ${a.entry}`);
    log(`  total upload ${total[1]} KiB, gzip ${total[2]} KiB (wrangler); ${path.basename(a.outFile)} ${kib(script.length)}, gzip -9 ${kib(gz)}`);
    log(`  ${a.modules.length} modules; evaluated at startup (static imports from the entry): ${a.startupModules.length} modules, ${kib(a.startupBytes)}`);
    log("  15 biggest modules (bytes in the output):");
    for (const m of a.modules.slice(0, 15)) log(`    ${kib(m.bytes).padStart(11)}  ${m.path}${a.startup.has(m.path) ? "" : "  (lazy)"}`);
    log("  by package:");
    for (const [p, b] of a.byPackage.slice(0, 12)) log(`    ${kib(b).padStart(11)}  ${p}`);
    log("  heavy parts, and whether the Worker evaluates them at startup (in the path of a signer's first request):");
    for (const h of a.heavy) {
      if (!h.bundled) log(`    ${h.name}: not in the bundle`);
      else if (!h.atStartup) log(`    ${h.name}: ${kib(h.bytes)}, lazy (only behind import())`);
      else log(`    ${h.name}: ${kib(h.bytes)}, AT STARTUP (${kib(h.startupBytes)}) via ${h.chain.join(" → ")}`);
    }
    if (graph) {
      log("  startup modules by package (--graph):");
      const per = new Map();
      for (const p of a.startupModules) {
        const k = packageOf(p);
        (per.get(k) ?? per.set(k, []).get(k)).push(p);
      }
      for (const [k, list] of [...per].sort((x, y) => y[1].length - x[1].length)) log(`    ${k}: ${list.length} module${list.length === 1 ? "" : "s"}`);
    }

    const runs = quick ? 1 : 3;
    /** `wrangler check startup`'s Active time, `runs` times, sorted; `config` builds another entry. */
    const startupOf = (name, config) => {
      const active = [];
      for (let i = 0; i < runs; i++) {
        const cfg = config ? ["-c", config, `--args=-c ${config}`] : [];
        const o = wrangler(["check", "startup", ...cfg, "--outfile", path.join(dir, `${name}-${i}.cpuprofile`)], 240_000);
        const m = /Active:\s*([\d.]+) ms/.exec(o);
        if (!m) throw new Error(`no "Active:" line in wrangler check startup's output: ${o.slice(-400)}`);
        active.push(Number(m[1]));
      }
      return active.sort((x, y) => x - y);
    };
    const medianOf = (sorted) => sorted[Math.floor((sorted.length - 1) / 2)];
    const sorted = startupOf("startup");
    const median = medianOf(sorted);
    log(
      `  startup (wrangler check startup, CPU profile "Active" time): median ${median.toFixed(0)} ms of ${runs} (${sorted.map((x) => x.toFixed(0)).join(", ")} ms)`,
    );
    // What the start-up no longer does is paid once per isolate by the first request that needs it:
    // each route group (src/app.ts) and the document sequencer's commands, built alone as the entry.
    const loads = {};
    // Built with the Worker's own [alias] table (scripts/bundle-src.mjs reads it).
    const aliases = Object.entries(workerAliases())
      .map(([from, to]) => `${JSON.stringify(from)} = ${JSON.stringify(to)}`)
      .join("\n");
    for (const [name, file, use] of LOADED_ON_FIRST_USE) {
      const entry = path.join(dir, `${name}.ts`);
      writeFileSync(
        entry,
        `import ${use} from ${JSON.stringify(path.join(ROOT, file))};\nexport default { fetch: () => new Response(typeof ${use.replace(/[{}]/g, "").trim()}) };\n`,
      );
      const config = path.join(dir, `${name}.toml`);
      writeFileSync(
        config,
        `name = "${name}"\nmain = "${name}.ts"\ncompatibility_date = "2026-11-01"\ncompatibility_flags = ["nodejs_compat"]\nminify = true\nkeep_names = false\n[alias]\n${aliases}\n`,
      );
      loads[name] = medianOf(startupOf(name, config));
    }
    log(`  loaded by the first request that needs it, once per isolate (check startup of that part alone, median of ${runs}):`);
    for (const [name, ms] of Object.entries(loads)) log(`    ${name}: ${ms.toFixed(0)} ms`);
    return {
      totalKiB: Number(total[1]),
      gzipKiB: Number(total[2]),
      modules: a.modules.length,
      startupModules: a.startupModules.length,
      startupKiB: a.startupBytes / 1024,
      heavy: a.heavy.map(({ name, bundled, atStartup, bytes }) => ({ name, bundled, atStartup, bytes })),
      startupMs: median,
      startupRuns: sorted,
      loads,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  const eager = r.heavy.filter((h) => h.atStartup).map((h) => h.name.split(" (")[0]);
  return [
    ["deployable Worker", `${r.totalKiB.toFixed(0)} KiB, gzip ${r.gzipKiB.toFixed(0)} KiB (${r.modules} modules)`],
    ["evaluated at startup", `${r.startupModules} modules, ${r.startupKiB.toFixed(0)} KiB`],
    ["heavy parts at startup", eager.length ? eager.join(", ") : "none"],
    ["startup (wrangler check startup, Active)", `${r.startupMs.toFixed(0)} ms (median of ${r.startupRuns.length})`],
    [
      "loaded on first use (once per isolate)",
      Object.entries(r.loads)
        .map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`)
        .join(", "),
    ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await run({ quick: process.argv.includes("--quick") || undefined });
  process.exit(0);
}
