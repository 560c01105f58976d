/**
 * Runs every server scenario of `@modelcontextprotocol/conformance` (the devDependency, 0.1.16)
 * against the started service at its own address (test/validators/harness.mjs
 * `serveAtOwnAddress`: a real port, PUBLIC_BASE_URL set to it, no proxy), with a test key of an
 * account holding one published template, and prints one line a scenario: pass, fail, or n/a
 * (the scenarios that call the reference "everything" server's fixtures; docs/agents.md, "The
 * conformance suite"), the suite's checks passed / failed / warnings, and the time it took.
 * Exits 1 when an applicable scenario fails or a fixture scenario passes unexpectedly (the list
 * in docs/agents.md is then out of date).
 *
 *   node bench/mcp-conformance.mjs             every server scenario (the suite's "all", 32)
 *   node bench/mcp-conformance.mjs ping tools-list
 *
 * Not a bench of bench/run.mjs (not `*.bench.mjs`): test/validators/mcp-conformance.test.mjs runs
 * the applicable scenarios in CI.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { nodeForWrangler } from "../scripts/dev.mjs";
import { OPERATOR_TOKEN, ROOT, serveAtOwnAddress, startWorker } from "../test/validators/harness.mjs";
import { APPLICABLE, runScenario } from "../test/validators/conformance.mjs";

const SUITE = path.join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
/** The suite's own list of server scenarios: `conformance list --server`. */
const listed = execFileSync(nodeForWrangler(ROOT), [SUITE, "list", "--server"], { encoding: "utf8" })
  .split("\n")
  .map((l) => /^\s+- ([a-z0-9-]+)/.exec(l)?.[1])
  .filter(Boolean);
const chosen = process.argv.slice(2);
const scenarios = chosen.length ? listed.filter((s) => chosen.includes(s)) : listed;

const server = await startWorker();
let bad = 0;
try {
  const origin = await serveAtOwnAddress(server);
  const post = async (p, body, key = OPERATOR_TOKEN) => {
    const r = await server.fetch(`${origin}${p}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (r.status !== 200) throw new Error(`${p} → ${r.status} ${await r.text()}`);
    return r.json();
  };
  const { tenant_id } = await post("/ops/v1/tenants", { name: "Conformance Ltd" });
  const scopes = ["signing:read", "signing:write", "signing:templates"];
  const { key } = await post(`/ops/v1/tenants/${tenant_id}/keys`, { label: "conformance", scopes, mode: "test" });
  await post("/v1/templates", { code: "nda", name: "NDA", kind: "nda", body: "{{company}} keeps it secret.", variables: ["company"] }, key);
  await post("/v1/templates/publish", { code: "nda" }, key);

  console.log(`@modelcontextprotocol/conformance server scenarios against ${origin}/mcp`);
  console.log("  scenario                        verdict  checks ok/failed/warn  ms");
  const count = { pass: 0, fail: 0, "n/a": 0 };
  for (const scenario of scenarios) {
    const t0 = performance.now();
    const { checks } = await runScenario(`${origin}/mcp`, key, scenario);
    const ms = performance.now() - t0;
    const n = (status) => checks.filter((c) => c.status === status).length;
    const passed = n("FAILURE") === 0 && n("WARNING") === 0 && n("SUCCESS") > 0;
    const applies = APPLICABLE.includes(scenario);
    const verdict = applies ? (passed ? "pass" : "fail") : "n/a";
    count[verdict]++;
    if (applies !== passed) bad++;
    const note = !applies && passed ? "  (passes: docs/agents.md needs updating)" : "";
    console.log(
      `  ${scenario.padEnd(31)} ${verdict.padEnd(8)} ${`${n("SUCCESS")}/${n("FAILURE")}/${n("WARNING")}`.padEnd(21)} ${ms.toFixed(0).padStart(5)}${note}`,
    );
    if (applies && !passed) for (const c of checks.filter((c) => c.status === "FAILURE")) console.log(`      ${c.id}: ${c.errorMessage ?? ""}`);
  }
  console.log(`  ${count.pass} pass, ${count.fail} fail, ${count["n/a"]} not applicable (of ${scenarios.length})`);
} finally {
  await server.close();
}
process.exitCode = bad ? 1 : 0;
