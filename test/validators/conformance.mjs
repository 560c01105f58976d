/**
 * Runs the MCP conformance suite's server scenarios (@modelcontextprotocol/conformance, pinned in
 * package.json) as its own CLI, pointed straight at a service's `/mcp`, with an API key (the CLI
 * sends none: conformance-token.mjs adds it to each of its requests). Used by
 * test/validators/mcp-conformance.test.mjs and bench/mcp-conformance.mjs; which scenarios apply and
 * why the others do not is docs/agents.md, "The conformance suite".
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { nodeForWrangler } from "../../scripts/dev.mjs";
import { ROOT } from "./harness.mjs";

/** The scenarios any MCP server on this transport must pass; the suite's others call the reference server's fixtures. */
export const APPLICABLE = ["server-initialize", "ping", "logging-set-level", "tools-list", "resources-list", "prompts-list", "dns-rebinding-protection"];

const SUITE = path.join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const PRELOAD = path.join(ROOT, "test/validators/conformance-token.mjs");

/**
 * One scenario, in a child process (the service may answer on this process's event loop) run by
 * Node 22 (the suite needs it: the project's pinned Node when this one is 20). Answers the CLI's
 * exit code and the checks it saved: [{id, status: SUCCESS|FAILURE|WARNING|INFO, errorMessage?, details?}].
 */
export async function runScenario(url, token, scenario) {
  const out = mkdtempSync(path.join(tmpdir(), "edge-sign-conformance-"));
  try {
    const args = ["--import", PRELOAD, SUITE, "server", "--url", url, "--scenario", scenario, "-o", out];
    const env = { ...process.env, MCP_CONFORMANCE_TOKEN: token };
    const run = promisify(execFile)(nodeForWrangler(ROOT), args, { env, timeout: 60_000 });
    const exit = await run.then(
      () => 0,
      (err) => (typeof err.code === "number" ? err.code : 1),
    );
    const file = readdirSync(out, { recursive: true }).find((f) => path.basename(String(f)) === "checks.json");
    assert.ok(file, `${scenario}: the suite saved no checks (exit ${exit})`);
    return { exit, checks: JSON.parse(readFileSync(path.join(out, String(file)), "utf8")) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
