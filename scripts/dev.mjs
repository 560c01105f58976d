/**
 * `npm start`: the service on http://localhost:8787 (PORT overrides) with a demo account.
 *
 * 1. writes `.dev.vars` once (scripts/dev-secrets.mjs); an existing one is never touched;
 * 2. applies the D1 migrations to the local database (`wrangler d1 migrations apply DB --local`)
 *    and puts the CJK font for sealed PDFs into local R2 (scripts/cjk-font.mjs; a warning if the
 *    font is not installed: such names are then drawn as [U+XXXX]);
 * 3. serves the Worker with `wrangler dev` (local D1, R2 and Durable Objects under Miniflare,
 *    state in `.wrangler/`);
 * 4. seeds through the operator API, idempotently: the demo account (slug `demo`) if no account
 *    has that slug, its published template `demo-nda` if missing, and a fresh demo key at every
 *    start (a key is shown only once, so an earlier one cannot be printed again; the earlier demo
 *    keys are revoked), the demo owner with a password (derived from the operator token: the same
 *    at every start) and a one-time sign-in link for them (single use, 15 minutes);
 * 5. prints the key, the owner's sign-in and curls to begin with. The Worker runs with
 *    DEV_MAIL=true (only here): `/dev/mail` shows every queued email and text; with `SIGNUP=open`
 *    in the environment it also passes SIGNUP=open (self-service sign-up, `/app/sign-up`); with
 *    `IDENTITY_PROVIDER=fake` it starts the local fake of Stripe Identity and configures the Worker
 *    with it (docs/identity.md). Ctrl-C (or
 *    SIGTERM, or the end of the process that started this one) stops wrangler and everything it
 *    started.
 *
 * wrangler needs Node >= 22; the project pins Node 22 as a devDependency, which npm puts first on
 * the PATH of its scripts. Run directly with an older `node`, this file still starts wrangler with
 * the pinned one.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { uploadCjkFont } from "./cjk-font.mjs";
import { ensureDevVars } from "./dev-secrets.mjs";
import { prepareAssets } from "./assets.mjs";
import { shardBinding, shardCountOf, writeShardedConfig } from "./shards.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.PORT ?? 8787);
const BASE = `http://localhost:${PORT}`;
export const DEMO_SLUG = "demo";
export const DEMO_TEMPLATE = "demo-nda";
export const DEMO_OWNER = "owner@demo.test";
/** Labels of the demo keys npm start issues; the earlier ones are revoked at the next start. */
export const DEMO_KEY_LABEL = /^demo \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const DEMO_SCOPES = ["signing:read", "signing:write", "signing:templates", "signing:webhooks", "signing:workflows"];

/** The Node that runs wrangler: this one if it is 22 or later, else the project's pinned Node 22. */
export function nodeForWrangler(root = ROOT, version = process.versions.node, execPath = process.execPath) {
  const pinned = path.join(root, "node_modules", "node", "bin", "node");
  const major = Number(version.split(".")[0]);
  return major >= 22 || !existsSync(pinned) ? execPath : pinned;
}

const WRANGLER = [nodeForWrangler(), path.join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js")];
// Nothing leaves the machine: no usage metrics, no download of Request.cf data.
const QUIET = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };

/**
 * A filter of wrangler's output for a newcomer's terminal: drops what needs interpreting and asks
 * nothing of them (its version banner, the bindings table, "types might be out of date", the
 * warning that cron triggers do not run locally, the custom build's lines); keeps everything
 * else (errors, the Worker's log lines, each request but npm start's own while `state.seeding`).
 * Feed it lines; it answers keep or drop.
 */
export function wranglerFilter(state = { seeding: false }) {
  let skipping = false; // inside a multi-line warning that is dropped whole
  const NOISE = [
    /^\s*⛅️ wrangler /,
    /^─+$/,
    /^\[custom build\]/,
    /^Using (secrets|vars) defined in /,
    /^Your Worker has access to the following bindings:/,
    /^Binding\s+Resource\s+Mode$/,
    /^env\.\w+ /,
    /^❓ Your types might be out of date/,
    /^⎔ Starting local server/,
    /^\[wrangler:info\] Ready on /,
    /update available/,
  ];
  return (raw) => {
    const line = stripVTControlCharacters(raw);
    if (skipping) {
      if (/^\s*For more details, see /.test(line)) skipping = false;
      return false;
    }
    if (/^▲ \[WARNING\] Scheduled Workers are not automatically triggered/.test(line)) {
      skipping = true;
      return false;
    }
    if (line.trim() === "") return false;
    // npm start's own requests while it seeds the demo account are not the newcomer's.
    if (state.seeding && (/^\{"level":"info"/.test(line) || /^\[wrangler:info\]/.test(line))) return false;
    return !NOISE.some((re) => re.test(line));
  };
}

/** Copies a stream to `out` line by line through `keep`. */
function filtered(stream, out, keep) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const l of lines) if (keep(l)) out.write(`${l}\n`);
  });
  stream.on("end", () => {
    if (rest && keep(rest)) out.write(`${rest}\n`);
  });
}

let child = null;
let stopping = null; // the exit code chosen once we decide to stop

const groupAlive = (pgid) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Stops wrangler and everything it started (it runs in a process group of its own), waits until
 * they are all gone, and exits with `code`.
 */
async function shutdown(code, signal = "SIGTERM") {
  if (stopping !== null) return;
  stopping = code;
  if (child) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
    const deadline = Date.now() + 10_000;
    while (groupAlive(child.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive(child.pid)) process.kill(-child.pid, "SIGKILL");
  }
  process.exit(code);
}

function fail(message) {
  console.error(`npm start: ${message}`);
  shutdown(1);
  return new Promise(() => {}); // never resolves: the process is ending
}

/** The migrations `wrangler d1 migrations apply` reported applying (none when up to date). */
export function appliedMigrations(output) {
  if (/No migrations to apply/i.test(output)) return [];
  return [...new Set(output.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? [])];
}

/** Applies the migrations to each shard's local database (one, `DB`, unless SHARDS is set). */
function migrate(shards, config) {
  for (let i = 0; i < shards; i++) {
    const r = spawnSync(WRANGLER[0], [WRANGLER[1], "d1", "migrations", "apply", shardBinding(i), "--local", ...(config ? ["-c", config] : [])], {
      cwd: ROOT,
      env: { ...QUIET, CI: "true" }, // no confirmation prompt
      encoding: "utf8",
    });
    if (r.status !== 0)
      return fail(`applying the D1 migrations to ${shardBinding(i)} failed:
${r.stdout}
${r.stderr}`);
    const applied = appliedMigrations(r.stdout);
    const which = shards > 1 ? `local database ${shardBinding(i)} (shard ${i})` : "local database";
    console.log(applied.length ? `Applied to the ${which}: ${applied.join(", ")}.` : `${shards > 1 ? `The ${which}` : "Local database"} is up to date.`);
  }
  const font = uploadCjkFont("--local", { node: WRANGLER[0], env: { ...QUIET, CI: "true" } });
  console.log(font.ok ? `CJK font in local R2 (${font.bytes} bytes).` : `Warning: CJK font not in local R2 (${font.reason}); CJK names print as [U+XXXX].`);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });
}

async function waitForServer(ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) return new Promise(() => {}); // the exit handler reports it
    try {
      const r = await fetch(`${BASE}/openapi.json`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return fail(`the service did not answer on ${BASE} within ${ms / 1000} s.`);
}

async function call(method, url, { token, body } = {}) {
  const headers = {};
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

async function must(r, what) {
  if (r.status !== 200) await fail(`${what} failed (${r.status}): ${r.text}`);
  return r.json;
}

export const DEMO_BODY = [
  "MUTUAL NON-DISCLOSURE AGREEMENT",
  "",
  "This agreement is made between {{company}} and {{counterparty}}.",
  "",
  "1. Each party may share confidential information with the other for the purpose of evaluating a business relationship.",
  "2. The receiving party keeps that information confidential and uses it only for that purpose.",
  "3. These obligations last {{years}} years from the date of the last signature.",
].join("\n");

/** The demo owner's password: derived from the operator token, so the same at every start (and not guessable without it). */
export const demoOwnerPassword = (operatorToken) =>
  `demo-${createHmac("sha256", operatorToken).update("demo owner password").digest("base64url").slice(0, 16)}`;

/**
 * The demo account, template, owner and a fresh key. Safe to run at every start: the account is
 * found by its slug, the template by its code, the owner by their email; only the key (the earlier
 * demo keys revoked) and the owner's sign-in link are new each time.
 */
export async function seed(operatorToken) {
  const ops = (method, url, body) => call(method, `/ops/v1${url}`, { token: operatorToken, body });
  const found = await must(await ops("GET", `/tenants?slug=${DEMO_SLUG}`), "looking up the demo account");
  let tenantId = found.tenants[0]?.tenant_id;
  const created = !tenantId;
  if (created) tenantId = (await must(await ops("POST", "/tenants", { name: "Demo Company", slug: DEMO_SLUG }), "creating the demo account")).tenant_id;

  const keyInput = { label: `demo ${new Date().toISOString().slice(0, 19)}Z`, scopes: DEMO_SCOPES, mode: "test" };
  const { key, key_id } = await must(await ops("POST", `/tenants/${tenantId}/keys`, keyInput), "issuing the demo key");
  // Earlier starts' demo keys go: only keys npm start labelled so, never one made otherwise.
  const { keys } = await must(await ops("GET", `/tenants/${tenantId}/keys`), "listing the demo account's keys");
  for (const k of keys.filter((k) => k.key_id !== key_id && k.status === "active" && DEMO_KEY_LABEL.test(k.label)))
    await must(await ops("POST", `/keys/${k.key_id}/revoke`, { reason: "replaced by a newer npm start" }), "revoking an earlier demo key");

  const { templates } = await must(await call("GET", "/v1/templates", { token: key }), "listing templates");
  const template = templates.find((t) => t.code === DEMO_TEMPLATE);
  if (!template) {
    await must(
      await call("POST", "/v1/templates", {
        token: key,
        body: { code: DEMO_TEMPLATE, name: "Mutual NDA", kind: "nda", body: DEMO_BODY, variables: ["company", "counterparty", "years"] },
      }),
      `creating the template ${DEMO_TEMPLATE}`,
    );
  }
  if (!template?.is_published)
    await must(await call("POST", "/v1/templates/publish", { token: key, body: { code: DEMO_TEMPLATE } }), `publishing ${DEMO_TEMPLATE}`);
  // The dashboard's demo owner, with a password and a one-click sign-in link. 422 = already there.
  const password = demoOwnerPassword(operatorToken);
  const owner = await ops("POST", `/tenants/${tenantId}/members`, { email: DEMO_OWNER, full_name: "Demo Owner", role: "owner", password });
  if (owner.status !== 200 && owner.status !== 422) await must(owner, "adding the demo owner");
  await must(await ops("POST", `/tenants/${tenantId}/members/password`, { email: DEMO_OWNER, password }), "setting the demo owner's password");
  const link = await must(await ops("POST", `/tenants/${tenantId}/members/sign-in-link`, { email: DEMO_OWNER }), "issuing the demo owner's sign-in link");
  return { tenantId, key, keyId: key_id, created, password, signInUrl: link.url };
}

function banner({ tenantId, key, created, password, signInUrl }) {
  const envPort = PORT === 8787 ? "" : `PORT=${PORT} `;
  const h = `-H "Authorization: Bearer ${key}"`;
  const j = `-H "Content-Type: application/json"`;
  console.log(`
Edge Sign is running on ${BASE}
  demo account  ${tenantId} (slug ${DEMO_SLUG}${created ? ", created now" : ""})
  demo key      ${key}
                test mode, every signing:* scope; shown once: a new one is issued at every start
  template      ${DEMO_TEMPLATE} (published; variables company, counterparty, years)
  API reference ${BASE}/docs   (the OpenAPI 3.1 description it shows: ${BASE}/openapi.json)

Start with:
  curl ${h} ${BASE}/v1/account

Then prepare a document, send it, and sign it in the browser:
  curl ${h} ${j} -d '{"template_code":"${DEMO_TEMPLATE}","title":"NDA with Ada","values":{"company":"Demo Company","counterparty":"Ada Lovelace","years":"2"}}' ${BASE}/v1/documents
  curl ${h} ${j} -d '{"signers":[{"email":"ada@example.com","full_name":"Ada Lovelace"}]}' ${BASE}/v1/documents/<document_id>/send
  open ${BASE}/s/<token>, then ${BASE}/verify/<code> to check the certificate

Dashboard: ${BASE}/app
  owner         ${DEMO_OWNER}
  password      ${password}
  sign in now   ${signInUrl}
                (one click, single use, 15 minutes; a new one at every start)
  mail          ${BASE}/dev/mail   every email and text the service queued (nothing is sent locally)
${process.env.SIGNUP === "open" ? `  sign up       ${BASE}/app/sign-up   (SIGNUP=open: anyone may create an account; the check email is in /dev/mail)\n` : ""}
Operator tools: ${envPort}npm run ops -- help    Examples: ${envPort}node examples/send-and-wait.mjs    Stop: Ctrl-C
`);
}

async function main() {
  for (const s of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(s, () => shutdown(0, s === "SIGHUP" ? "SIGTERM" : s));
  // If whatever started us goes away without a signal (npm killed, terminal gone), stop too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutdown(0);
  }, 1000).unref();

  if (!(await portIsFree(PORT)))
    return fail(`port ${PORT} is already in use on 127.0.0.1 (another npm start?). Stop it, or choose another: PORT=8788 npm start.`);

  const { vars, created } = await ensureDevVars(path.join(ROOT, ".dev.vars"), { port: PORT });
  console.log(created ? "Wrote local development secrets to .dev.vars (once; never overwritten)." : "Using the secrets in .dev.vars.");
  if (!vars.OPERATOR_TOKEN) return fail(".dev.vars has no OPERATOR_TOKEN; add one, or delete .dev.vars to have every secret made afresh.");
  prepareAssets();
  // Accounts spread over several local databases (docs/scale.md): `SHARDS=3 npm start`.
  const shards = shardCountOf(process.env.SHARDS);
  if (shards instanceof Error) return fail(shards.message);
  const config = shards > 1 ? writeShardedConfig(ROOT, shards) : null;
  migrate(shards, config);

  const args = [WRANGLER[1], "dev", "--port", String(PORT), "--ip", "127.0.0.1", "--show-interactive-dev-session=false"];
  if (config) args.push("-c", config, "--var", `SHARDS:${shards}`);
  // Links must point at the port actually served, even when .dev.vars was made for another one;
  // and the Worker serves nothing without PUBLIC_BASE_URL (src/lib/config.ts), so an older
  // .dev.vars without it gets the served origin.
  const local = /^http:\/\/(localhost|127\.0\.0\.1):\d+$/.test(vars.PUBLIC_BASE_URL ?? "");
  if (!vars.PUBLIC_BASE_URL || (local && vars.PUBLIC_BASE_URL !== BASE)) args.push("--var", `PUBLIC_BASE_URL:${BASE}`);
  // The mail viewer /dev/mail: on only here, never in a deployment (src/lib/config.ts DEV_MAIL).
  args.push("--var", "DEV_MAIL:true");
  // V8's inspector on the Worker's isolate (bench/cpu.bench.mjs profiles through it): INSPECTOR_PORT=9229;
  // the bundle is then not minified, so a profile names the service's own functions.
  if (process.env.INSPECTOR_PORT) args.push("--inspector-port", process.env.INSPECTOR_PORT, "--minify=false");
  // Self-service sign-up (docs/sign-up.md): `SIGNUP=open npm start` turns it on; off otherwise, as in a deployment.
  if (process.env.SIGNUP) args.push("--var", `SIGNUP:${process.env.SIGNUP}`);
  // ID checks (docs/identity.md): `IDENTITY_PROVIDER=fake npm start` starts the local fake of Stripe
  // Identity's API (test/fake-stripe.mjs) and points the Worker at it; its hosted page's Verify and
  // Fail buttons send the signed webhook here and return to the signing page.
  if (process.env.IDENTITY_PROVIDER === "fake") {
    const { FAKE_STRIPE, startFakeStripe } = await import("../test/fake-stripe.mjs");
    const fake = await startFakeStripe();
    fake.server.unref();
    await fetch(`${fake.origin}/__config/dev`, {
      method: "POST",
      body: JSON.stringify({
        webhook_url: `${BASE}/hooks/identity/stripe`,
        webhook_secret: FAKE_STRIPE.webhookSecret,
        first_name: "Ada",
        last_name: "Lovelace",
      }),
    });
    args.push("--var", "IDENTITY_PROVIDER:stripe", "--var", `STRIPE_SECRET_KEY:${FAKE_STRIPE.secretKey}`);
    args.push("--var", `STRIPE_WEBHOOK_SECRET:${FAKE_STRIPE.webhookSecret}`, "--var", `STRIPE_API_BASE:${fake.origin}/dev`);
    args.push("--var", `STRIPE_VERIFY_ORIGIN:${fake.origin}`);
    console.log(`Identity checks: the fake Stripe Identity at ${fake.origin} (IDENTITY_PROVIDER=fake).`);
  }
  // Advanced and qualified signatures (docs/evidence.md): `CSC_PROVIDER=fake npm start` starts the local
  // fake CSC API v2 provider (test/fake-csc.mjs: its authorize page's Approve signs, its test CA issues
  // each signer a certificate) and configures the Worker for levels aes and qes.
  if (process.env.CSC_PROVIDER === "fake") {
    const { FAKE_CSC, startFakeCsc } = await import("../test/fake-csc.mjs");
    const fake = await startFakeCsc();
    fake.server.unref();
    args.push("--var", `CSC_BASE_URL:${fake.origin}/dev`, "--var", `CSC_CLIENT_ID:${FAKE_CSC.clientId}`);
    args.push("--var", `CSC_CLIENT_SECRET:${FAKE_CSC.clientSecret}`, "--var", "CSC_LEVELS:aes,qes");
    console.log(`Advanced and qualified signatures: the fake CSC provider at ${fake.origin} (CSC_PROVIDER=fake).`);
  }
  // A process group of its own, so that stopping it reaches workerd too; Ctrl-C comes through us.
  child = spawn(WRANGLER[0], args, { cwd: ROOT, env: QUIET, stdio: ["ignore", "pipe", "pipe"], detached: true });
  // Quiet: wrangler's notices a newcomer would have to interpret are dropped; errors and requests stay.
  const state = { seeding: true };
  filtered(child.stdout, process.stdout, wranglerFilter(state));
  filtered(child.stderr, process.stderr, wranglerFilter(state));
  child.on("exit", (code, signal) => {
    if (stopping === null) {
      console.error(`npm start: wrangler dev stopped (${code ?? signal}).`);
      shutdown(code || 1);
    }
  });

  await waitForServer();
  const seeded = await seed(vars.OPERATOR_TOKEN);
  banner(seeded);
  state.seeding = false;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err) => fail(err instanceof Error ? (err.stack ?? err.message) : String(err)));
}
