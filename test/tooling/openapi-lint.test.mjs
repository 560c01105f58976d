/**
 * /openapi.json as the Worker serves it (wrangler's test harness: the real app, not a copy of its
 * description) passes `redocly lint` with the recommended rules of redocly.yaml, warnings included.
 * test/openapi.test.ts holds the description to the routes the app serves; this holds it to the
 * OpenAPI 3.1 rules an integrator's tooling applies.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, ROOT, run, startWorker, workdir } from "../validators/harness.mjs";

describe("redocly lint of /openapi.json", () => {
  let server;
  before(async () => {
    server = await startWorker();
  });
  after(async () => {
    await server?.close();
  });

  it("is clean under the recommended rules: no error, no warning", async () => {
    const res = await server.fetch(`${BASE_URL}/openapi.json`);
    assert.equal(res.status, 200);
    const file = path.join(workdir(), "openapi.json");
    writeFileSync(file, JSON.stringify(await res.json(), null, 2));
    const r = run(
      process.execPath,
      [path.join(ROOT, "node_modules/@redocly/cli/bin/cli.js"), "lint", file, "--config", path.join(ROOT, "redocly.yaml"), "--max-problems", "200"],
      {
        cwd: ROOT,
        // Nothing leaves the machine: no telemetry, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      },
    );
    const out = `${r.stdout}\n${r.stderr}`;
    assert.equal(r.status, 0, out);
    assert.match(out, /Your API description is valid/, out);
    assert.doesNotMatch(out, /You have \d+ warnings?|^warning\s/im, out);
  });
});
