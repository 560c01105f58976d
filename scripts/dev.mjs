/**
 * `npm start`: the service on http://localhost:8787 (PORT overrides) with a demo account.
 *
 * 1. writes `.dev.vars` once (scripts/dev-secrets.mjs);
 * 2. applies the D1 migrations to the local database;
 * 3. serves the Worker with `wrangler dev` (local D1, R2 and Durable Objects under Miniflare);
 * 4. seeds, through the operator API, the demo account (slug `demo`) once, a fresh demo key at every
 *    start (a key is shown only once) and the published template `demo-nda`;
 * 5. prints the key and a few curls to begin with. Ctrl-C stops the server.
 *
 * The demo account's id is remembered in `.wrangler/demo.json`, beside the local state it lives in,
 * so wiping `.wrangler/` starts everything afresh.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureDevVars } from "./dev-secrets.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.PORT ?? 8787);
const BASE = `http://localhost:${PORT}`;
const DEMO_FILE = path.join(ROOT, ".wrangler", "demo.json");
const DEMO_SCOPES = ["signing:read", "signing:write", "signing:templates", "signing:webhooks"];

/** wrangler needs Node >= 22; the project pins it as a devDependency for machines that have 20. */
function nodeForWrangler() {
  const pinned = path.join(ROOT, "node_modules", "node", "bin", "node");
  const major = Number(process.versions.node.split(".")[0]);
  return major >= 22 || !existsSync(pinned) ? process.execPath : pinned;
}

const WRANGLER = [nodeForWrangler(), path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js")];
const QUIET = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

function fail(message) {
  console.error(`npm start: ${message}`);
  process.exit(1);
}

function migrate() {
  const r = spawnSync(WRANGLER[0], [WRANGLER[1], "d1", "migrations", "apply", "DB", "--local"], {
    cwd: ROOT,
    env: { ...QUIET, CI: "true" }, // no confirmation prompt
    encoding: "utf8",
  });
  if (r.status !== 0) fail(`applying the D1 migrations failed:\n${r.stdout}\n${r.stderr}`);
  const pending = /No migrations to apply/.test(r.stdout) ? [] : (r.stdout.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? []);
  console.log(pending.length ? `Applied to the local database: ${[...new Set(pending)].join(", ")}.` : "Local database is up to date.");
}

async function waitForServer(child, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) fail(`wrangler dev stopped (exit ${child.exitCode}).`);
    try {
      const r = await fetch(`${BASE}/openapi.json`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`the service did not answer on ${BASE} within ${ms / 1000} s.`);
}

async function call(method, url, { token, body } = {}) {
  const headers = { "cf-connecting-ip": "127.0.0.1" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const r = await fetch(`${BASE}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: r.status, json, text };
}

function must(r, what) {
  if (r.status !== 200) fail(`${what} failed (${r.status}): ${r.text}`);
  return r.json;
}

const DEMO_BODY = [
  "MUTUAL NON-DISCLOSURE AGREEMENT",
  "",
  "This agreement is made between {{company}} and {{counterparty}}.",
  "",
  "1. Each party may share confidential information with the other for the purpose of evaluating a business relationship.",
  "2. The receiving party keeps that information confidential and uses it only for that purpose.",
  "3. These obligations last {{years}} years from the date of the last signature.",
].join("\n");

async function seed(operatorToken) {
  const ops = (method, url, body) => call(method, `/ops/v1${url}`, { token: operatorToken, body });
  let tenantId = existsSync(DEMO_FILE) ? JSON.parse(readFileSync(DEMO_FILE, "utf8")).tenant_id : null;
  const keyInput = { label: `demo ${new Date().toISOString().slice(0, 16)}`, scopes: DEMO_SCOPES, mode: "test" };
  let issued = tenantId ? await ops("POST", `/tenants/${tenantId}/keys`, keyInput) : null;
  if (!issued || issued.status === 404) {
    const created = await ops("POST", "/tenants", { name: "Demo Company" });
    tenantId = must(created, "creating the demo account").tenant_id;
    mkdirSync(path.dirname(DEMO_FILE), { recursive: true });
    writeFileSync(DEMO_FILE, JSON.stringify({ tenant_id: tenantId }, null, 2));
    issued = await ops("POST", `/tenants/${tenantId}/keys`, keyInput);
  }
  const key = must(issued, "issuing the demo key").key;

  const list = must(await call("GET", "/v1/templates", { token: key }), "listing templates");
  if (!list.templates.some((t) => t.code === "demo-nda" && t.is_published)) {
    if (!list.templates.some((t) => t.code === "demo-nda")) {
      must(
        await call("POST", "/v1/templates", {
          token: key,
          body: { code: "demo-nda", name: "Mutual NDA", kind: "nda", body: DEMO_BODY, variables: ["company", "counterparty", "years"] },
        }),
        "creating the template demo-nda",
      );
    }
    must(await call("POST", "/v1/templates/publish", { token: key, body: { code: "demo-nda" } }), "publishing demo-nda");
  }
  return { tenantId, key };
}

function banner({ tenantId, key }) {
  const h = `-H "Authorization: Bearer ${key}"`;
  const j = `-H "Content-Type: application/json"`;
  console.log(`
Edge Sign is running on ${BASE}
  demo account  ${tenantId}
  demo key      ${key}   (test mode, shown once; a new one is issued at every start)
  API reference ${BASE}/openapi.json

Try:
  curl ${h} ${BASE}/v1/account
  curl ${h} ${j} -d '{"template_code":"demo-nda","title":"NDA with Ada","values":{"company":"Demo Company","counterparty":"Ada Lovelace","years":"2"}}' ${BASE}/v1/documents
  curl ${h} ${j} -d '{"signers":[{"email":"ada@example.com","full_name":"Ada Lovelace"}]}' ${BASE}/v1/documents/<document_id>/send
  open ${BASE}/s/<token> to sign, then ${BASE}/verify/<code> to check the certificate

Operator tools: npm run ops -- help    Stop: Ctrl-C
`);
}

async function main() {
  const { vars, created } = await ensureDevVars(path.join(ROOT, ".dev.vars"), { port: PORT });
  console.log(created ? "Wrote local development secrets to .dev.vars (once)." : "Using the secrets in .dev.vars.");
  if (!vars.OPERATOR_TOKEN) fail(".dev.vars has no OPERATOR_TOKEN; delete .dev.vars to have it made afresh.");
  migrate();

  const child = spawn(WRANGLER[0], [WRANGLER[1], "dev", "--port", String(PORT), "--ip", "127.0.0.1", "--show-interactive-dev-session=false"], {
    cwd: ROOT,
    env: QUIET,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = (signal) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

  await waitForServer(child);
  banner(await seed(vars.OPERATOR_TOKEN));
}

main().catch((err) => fail(err instanceof Error ? err.stack ?? err.message : String(err)));
