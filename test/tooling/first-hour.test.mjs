/**
 * The first hour locally, the parts that need no running service (docs/tooling.md): the examples
 * run with plain `node` (this one and any Node 20 on the PATH: no TypeScript, no Node 22 API) and
 * end with one readable line when nothing answers at their PORT; the client's JavaScript is what
 * `npm run client:build` makes; the operator CLI follows PORT; npm start's filter of wrangler's
 * output drops the notices and keeps errors. The banner, the sign-in link, /dev/mail and the demo
 * keys are checked against a real npm start in test/tooling/scripts.test.mjs.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CLIENT_JS, buildClientJs } from "../../scripts/build-client.mjs";
import { wranglerFilter } from "../../scripts/dev.mjs";
import { defaultUrl } from "../../scripts/ops.mjs";
import { freePort } from "../../scripts/free-port.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXAMPLES = readdirSync(path.join(ROOT, "examples")).filter((f) => f.endsWith(".mjs"));

/** This Node, and every other `node` on the PATH outside node_modules (a system Node 20, when there is one). */
function nodes() {
  const found = new Map([[process.execPath, process.versions.node]]);
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const bin = path.join(dir, "node");
    if (!dir || dir.includes("node_modules") || !existsSync(bin)) continue;
    const v = spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout.trim().replace(/^v/, "");
    if (v && ![...found.values()].includes(v)) found.set(bin, v);
  }
  return [...found];
}

describe("examples/ without a service", () => {
  it("import only JavaScript (the client's index.mjs, not its TypeScript source)", () => {
    for (const f of [...EXAMPLES.map((e) => `examples/${e}`), "examples/lib/setup.mjs"]) {
      const text = readFileSync(path.join(ROOT, f), "utf8");
      assert.doesNotMatch(text, /from\s+"[^"]+\.ts"/, `${f} imports TypeScript`);
    }
  });

  it("with another PORT and nothing serving there: one readable line naming the address, exit 1, on every Node found", async () => {
    const port = await freePort();
    const { EDGE_SIGN_URL: _url, EDGE_SIGN_API_KEY: _key, ...env } = process.env;
    for (const [node, version] of nodes()) {
      for (const example of EXAMPLES) {
        const r = spawnSync(node, [path.join(ROOT, "examples", example)], {
          cwd: ROOT,
          env: { ...env, PORT: String(port), EMBED_PORT: "0" },
          encoding: "utf8",
          timeout: 60_000,
        });
        const what = `node ${version} examples/${example}: ${r.stdout}${r.stderr}`;
        assert.equal(r.status, 1, what);
        assert.equal(r.stderr, `Edge Sign is not running at http://localhost:${port} — start it with PORT=${port} npm start (or set EDGE_SIGN_URL).\n`, what);
        assert.equal(r.stdout, "", what);
      }
    }
  });
});

describe("the mail viewer's switch", () => {
  it("DEV_MAIL is set by npm start's command line alone: not in wrangler.toml, not in the .dev.vars it writes", () => {
    assert.doesNotMatch(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"), /DEV_MAIL/);
    assert.doesNotMatch(readFileSync(path.join(ROOT, "scripts/dev-secrets.mjs"), "utf8"), /DEV_MAIL/);
    assert.match(readFileSync(path.join(ROOT, "scripts/dev.mjs"), "utf8"), /args\.push\("--var", "DEV_MAIL:true"\)/);
  });
});

describe("the sign-up switch", () => {
  it("SIGNUP reaches the Worker only from npm start's environment: off in wrangler.toml, .dev.vars and deploy:setup", () => {
    for (const file of ["wrangler.toml", "scripts/dev-secrets.mjs", "scripts/deploy-setup.mjs"]) {
      const full = path.join(ROOT, file);
      if (existsSync(full)) assert.doesNotMatch(readFileSync(full, "utf8"), /SIGNUP/, file);
    }
    const dev = readFileSync(path.join(ROOT, "scripts/dev.mjs"), "utf8");
    assert.match(dev, /if \(process\.env\.SIGNUP\) args\.push\("--var", `SIGNUP:\$\{process\.env\.SIGNUP\}`\)/);
    assert.match(dev, /process\.env\.SIGNUP === "open" \? ` {2}sign up {7}\$\{BASE\}\/app\/sign-up/);
  });
});

describe("the client as JavaScript", () => {
  it("clients/typescript/index.mjs is what npm run client:build makes from src/index.ts", async () => {
    assert.equal(readFileSync(CLIENT_JS, "utf8"), await buildClientJs(), "run npm run client:build");
  });
});

describe("PORT reaches the operator CLI", () => {
  it("defaults to http://localhost:$PORT, else 8787", () => {
    assert.equal(defaultUrl({ PORT: "8799" }), "http://localhost:8799");
    assert.equal(defaultUrl({}), "http://localhost:8787");
  });
});

describe("npm start's quiet output", () => {
  const WRANGLER = [
    " ⛅️ wrangler 4.156.2 (update available 4.164.0)",
    "───────────────────────────────────────────────",
    "[custom build] Running: node scripts/assets.mjs",
    "Using secrets defined in .dev.vars",
    "Your Worker has access to the following bindings:",
    "Binding                                              Resource                  Mode",
    "env.DB (edge-sign)                                   D1 Database               local",
    "❓ Your types might be out of date. Re-run `wrangler types` to ensure your types are correct.",
    "\x1b[33m▲ \x1b[43;33m[\x1b[43;30mWARNING\x1b[43;33m]\x1b[0m \x1b[1mScheduled Workers are not automatically triggered during local development.\x1b[0m",
    "",
    "  To manually trigger a scheduled event, run:",
    '    curl "http://127.0.0.1:8791/cdn-cgi/local/scheduled"',
    "  For more details, see https://developers.cloudflare.com/workers/configuration/cron-triggers/#test-cron-triggers-locally",
    "⎔ Starting local server...",
    "[wrangler:info] Ready on http://127.0.0.1:8791",
    '{"level":"info","msg":"request","route":"/ops/v1/tenants","status":200}',
    "[wrangler:info] GET /ops/v1/tenants 200 OK (241ms)",
  ];
  const ERRORS = ['✘ [ERROR] Could not resolve "nope"', '{"level":"error","msg":"configuration refused"}', "Error: listen EADDRINUSE"];

  it("drops wrangler's notices and npm start's own requests while it seeds, keeps errors and later requests", () => {
    const state = { seeding: true };
    const keep = wranglerFilter(state);
    assert.deepEqual(
      [...WRANGLER, ...ERRORS].filter((l) => keep(l)),
      ERRORS,
    );
    state.seeding = false;
    assert.equal(keep("[wrangler:info] GET /v1/account 200 OK (12ms)"), true);
  });
});
