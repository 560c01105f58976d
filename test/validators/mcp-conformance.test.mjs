// The MCP conformance suite (@modelcontextprotocol/conformance, pinned in package.json) against the
// started service: each applicable server scenario runs as the suite's own CLI, pointed straight at
// the service's address (no proxy), and must pass. The suite's CLI sends no credentials, so
// conformance-token.mjs gives each of its requests an API key as a configured client does.
// Which scenarios apply and why the others do not: docs/agents.md, "The conformance suite".
// Run: npm run test:validators
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { OPERATOR_TOKEN, serveAtOwnAddress, startWorker } from "./harness.mjs";
import { APPLICABLE, runScenario } from "./conformance.mjs";

let server;
let url;
let token;

before(async () => {
  server = await startWorker();
  const origin = await serveAtOwnAddress(server);
  url = `${origin}/mcp`;
  const ops = { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" };
  const post = async (p, body, headers = ops) => {
    const r = await server.fetch(`${origin}${p}`, { method: "POST", headers, body: JSON.stringify(body) });
    assert.equal(r.status, 200, `${p}: ${await r.clone().text()}`);
    return r.json();
  };
  const { tenant_id } = await post("/ops/v1/tenants", { name: "Conformance Ltd" });
  const scopes = ["signing:read", "signing:templates"];
  ({ key: token } = await post(`/ops/v1/tenants/${tenant_id}/keys`, { label: "conformance", scopes, mode: "test" }));
  // One template, so resources-list checks a real resource (its uri and name), not only an empty list.
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  await post("/v1/templates", { code: "nda", name: "NDA", kind: "nda", body: "{{company}} keeps it secret.", variables: ["company"] }, auth);
  await post("/v1/templates/publish", { code: "nda" }, auth);
});

after(async () => {
  await server?.close();
});

describe("the MCP conformance suite's server scenarios", () => {
  for (const scenario of APPLICABLE) {
    it(scenario, async () => {
      const { exit, checks } = await runScenario(url, token, scenario);
      const failed = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
      assert.deepEqual(
        failed.map((c) => `${c.id}: ${c.status} ${c.errorMessage ?? ""}`),
        [],
        `${scenario} failed checks`,
      );
      assert.ok(
        checks.some((c) => c.status === "SUCCESS"),
        `${scenario}: no check passed`,
      );
      assert.equal(exit, 0, `${scenario}: the suite's exit code`);
    });
  }

  it("resources-list saw the account's template; dns-rebinding-protection sent this service's own origin and a foreign one", async () => {
    const listed = (await runScenario(url, token, "resources-list")).checks.find((c) => c.id === "resources-list");
    assert.deepEqual(listed.details.resources, ["edge-sign://templates/nda"]);
    const { checks } = await runScenario(url, token, "dns-rebinding-protection");
    const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
    assert.equal(byId["localhost-host-rebinding-rejected"].details.statusCode, 403);
    assert.equal(byId["localhost-host-valid-accepted"].details.originHeader, new URL(url).origin);
    assert.equal(byId["localhost-host-valid-accepted"].details.statusCode, 200);
  });

  it("a scenario that fails is reported as failed (the test can fail)", async () => {
    const { exit, checks } = await runScenario(url, token, "tools-call-simple-text");
    assert.notEqual(exit, 0);
    assert.ok(checks.some((c) => c.status === "FAILURE"));
  });
});
