/**
 * `npm run deploy:setup -- --url https://sign.example.com --owner-email you@example.com`: a first
 * deploy to Cloudflare, and every later one, in one command on top of wrangler. Each step is
 * skipped when it is already done, so running it again changes nothing but the code deployed:
 *
 *  1. `wrangler whoami --json`: logged in (`wrangler login`, or CLOUDFLARE_API_TOKEN)?
 *  2. `d1 list --json`, then `d1 create <name>` if the database is missing (with `SHARDS=n` in the
 *     shell, also `<name>-1` … `<name>-(n-1)`, one per shard; docs/scale.md);
 *  3. `r2 bucket list`, then `r2 bucket create <name>-files` if the bucket is missing;
 *  4. writes `wrangler.deploy.toml` (git-ignored): wrangler.toml with the Worker's name, the
 *     database's id, the bucket, `[vars]` PUBLIC_BASE_URL and ENVIRONMENT = "production", and the
 *     custom domain as a route (a host other than *.workers.dev);
 *  5. makes the secrets once into `.deploy/secrets.env` (git-ignored, mode 0600): operator token,
 *     webhook encryption key, seal and timestamp keys and self-issued certificates (the code of
 *     scripts/dev-secrets.mjs); later runs reuse them;
 *  6. `secret list`, then `secret put` for each missing secret, the value on stdin (never in a
 *     command line, never printed); provider settings set in this shell (EMAIL_*, TWILIO_*,
 *     SMS_PROVIDER, TURNSTILE_SECRET) are put the same way;
 *  7. `d1 migrations apply <name> --remote` (and on each shard's database);
 *  8. the CJK font for sealed PDFs into the bucket (scripts/cjk-font.mjs), once per font;
 *  9. `deploy -c wrangler.deploy.toml`;
 * 10. through the operator API at the public URL: when no account exists, creates the first one
 *     and its owner with a fresh password, printed once.
 *
 * Flags: --url (else $PUBLIC_BASE_URL), --owner-email (needed until an account exists),
 * --name (Worker, database; default edge-sign), --account-name, --dry-run (print the plan, run
 * nothing), --dir (the project folder; default this one). $WRANGLER replaces wrangler (a path to a
 * .js/.mjs file runs with this Node). docs/deploy.md tells the whole story.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CJK_FONT_KEY, cjkFontBytes, uploadCjkFont } from "./cjk-font.mjs";
import { formatDevVars, logKeyPem, parseDevVars, selfSignedIdentity } from "./dev-secrets.mjs";
import { nodeForWrangler } from "./dev.mjs";
import { shardCountOf, withShards } from "./shards.mjs";

const PROJECT = path.resolve(import.meta.dirname, "..");
export const DEPLOY_CONFIG = "wrangler.deploy.toml";
export const LOCAL_DIR = ".deploy";
/** The secrets this script makes (once) and puts. */
export const MADE_SECRETS = ["OPERATOR_TOKEN", "WEBHOOK_SECRET_KEY", "SEAL_KEY_PEM", "SEAL_CERT_PEM", "TSA_KEY_PEM", "TSA_CERT_PEM", "LOG_KEY_PEM"];
/** Provider settings put as secrets when set in the shell that runs this script. */
export const PROVIDER_SETTINGS = [
  "EMAIL_PROVIDER",
  "EMAIL_API_KEY",
  "EMAIL_FROM",
  "SMS_PROVIDER",
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM",
  "TURNSTILE_SECRET",
];

export class SetupError extends Error {}

const USAGE = `usage: npm run deploy:setup -- --url https://sign.example.com --owner-email you@example.com
       [--name edge-sign] [--account-name "Acme Ltd"] [--dry-run]`;

export function parseFlags(argv) {
  const o = { name: "edge-sign", dryRun: false };
  const names = { "--url": "url", "--owner-email": "ownerEmail", "--name": "name", "--account-name": "accountName", "--dir": "dir" };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (flag === "--dry-run") o.dryRun = true;
    else if (flag === "--help" || flag === "-h") o.help = true;
    else if (names[flag]) {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new SetupError(`${flag} needs a value.`);
      o[names[flag]] = v;
    } else throw new SetupError(`unknown argument ${argv[i]}.`);
  }
  if (!/^[a-z0-9][a-z0-9-]{0,52}$/.test(o.name)) throw new SetupError("--name takes lower-case letters, digits and dashes (a Worker's name).");
  return o;
}

/** The public origin: https, or http on this machine only (tests). */
export function publicOrigin(raw) {
  if (!raw) throw new SetupError("--url is required (or PUBLIC_BASE_URL): the service's public origin, e.g. https://sign.example.com.");
  if (!URL.canParse(raw)) throw new SetupError(`--url ${raw} is not a URL.`);
  const u = new URL(raw);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(u.hostname);
  if (u.protocol !== "https:" && !(u.protocol === "http:" && loopback)) throw new SetupError("--url must be an https:// origin.");
  if ((u.pathname !== "/" && u.pathname !== "") || u.search || u.hash || u.username) throw new SetupError("--url must be an origin only (no path or query).");
  return u.origin;
}

const tomlString = (s) => JSON.stringify(s);

/** wrangler.toml made ready for this deployment (the original is left as it is). */
export function deployConfig(base, { name, databaseId, bucket, url, shards = 1 }) {
  const host = new URL(url).hostname;
  const custom = !host.endsWith(".workers.dev") && !["localhost", "127.0.0.1", "[::1]"].includes(host);
  let out = base
    .replace(/^name\s*=.*$/m, `name = ${tomlString(name)}`)
    .replace(/^database_name\s*=.*$/m, `database_name = ${tomlString(name)}`)
    .replace(/^database_id\s*=.*$/m, `database_id = ${tomlString(databaseId)}`)
    .replace(/^bucket_name\s*=.*$/m, `bucket_name = ${tomlString(bucket)}`)
    .replace(/^# Replace with the id printed by `wrangler d1 create.*\n/m, "");
  // A top-level key must come before the first table.
  if (custom) out = out.replace(/^(main\s*=.*)$/m, `$1\nroutes = [{ pattern = ${tomlString(host)}, custom_domain = true }]`);
  return `# Made by npm run deploy:setup from wrangler.toml; not committed. Edit wrangler.toml and run it again.\n${out.trimEnd()}\n\n[vars]\nPUBLIC_BASE_URL = ${tomlString(url)}\nENVIRONMENT = "production"\n${shards > 1 ? `SHARDS = "${shards}"\n` : ""}`;
}

/** How to run wrangler: $WRANGLER (a .js/.mjs file runs with this Node), else the installed one. */
function wranglerCommand(root, env) {
  if (env.WRANGLER) return /\.m?js$/.test(env.WRANGLER) ? [process.execPath, env.WRANGLER] : [env.WRANGLER];
  const installed = path.join(root, "node_modules", "wrangler", "bin", "wrangler.js");
  const own = path.join(PROJECT, "node_modules", "wrangler", "bin", "wrangler.js");
  return [nodeForWrangler(PROJECT), existsSync(installed) ? installed : own];
}

/** The last lines of what a failed command said (wrangler's own error), on one line. */
const said = (r) =>
  `${r.stderr ?? ""}\n${r.stdout ?? ""}`
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^[─-╿⛅▲✘\s]+$/.test(l))
    .slice(-2)
    .join(" ");

/**
 * The deployment's secrets, made once. A secrets file made before the transparency log gains its
 * key, appended; nothing else in it changes.
 */
async function secretsOf(file, url) {
  if (existsSync(file)) {
    const text = readFileSync(file, "utf8");
    const vars = parseDevVars(text);
    if (vars.LOG_KEY_PEM) return vars;
    const added = { LOG_KEY_PEM: logKeyPem() };
    writeFileSync(file, `${text.replace(/\n*$/, "\n")}${formatDevVars(added)}`, { mode: 0o600 });
    return { ...vars, ...added };
  }
  const host = new URL(url).hostname;
  const seal = await selfSignedIdentity({ commonName: `Edge Sign seal ${host} (self-issued)`, key: "rsa", crlUrl: `${url}/pki/seal.crl` });
  const tsa = await selfSignedIdentity({ commonName: `Edge Sign timestamp authority ${host}`, key: "ec", timeStamping: true, crlUrl: `${url}/pki/tsa.crl` });
  const vars = {
    OPERATOR_TOKEN: `op_${randomBytes(24).toString("hex")}`,
    WEBHOOK_SECRET_KEY: randomBytes(32).toString("hex"),
    SEAL_KEY_PEM: seal.keyPem,
    SEAL_CERT_PEM: seal.certPem,
    TSA_KEY_PEM: tsa.keyPem,
    TSA_CERT_PEM: tsa.certPem,
    LOG_KEY_PEM: logKeyPem(),
  };
  writeFileSync(file, `# The deployment's secrets, made by npm run deploy:setup. Keep them safe; never commit them.\n${formatDevVars(vars)}`, { mode: 0o600 });
  return vars;
}

/** Asks the operator API; retries while a fresh deploy is not answering yet. */
async function operator(base, token, method, url, body, waitMs) {
  const until = Date.now() + waitMs;
  for (;;) {
    let problem;
    try {
      const r = await fetch(`${base}/ops/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await r.text();
      if (r.ok) return JSON.parse(text);
      if (r.status < 500 && r.status !== 404) throw new SetupError(`the operator API refused ${method} ${url} (${r.status}): ${text.slice(0, 300)}`);
      problem = `${r.status}`;
    } catch (e) {
      if (e instanceof SetupError) throw e;
      problem = e.cause?.code ?? e.message;
    }
    if (Date.now() >= until)
      throw new SetupError(`${base} does not answer the operator API (${problem}); once the domain is routed to the Worker, run this again.`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Runs the setup; returns the exit code. */
export async function main(argv, { env = process.env, out = console.log, err = console.error } = {}) {
  try {
    await setup(argv, env, out);
    return 0;
  } catch (e) {
    if (!(e instanceof SetupError)) throw e;
    err(`deploy:setup: ${e.message}`);
    return 1;
  }
}

async function setup(argv, env, out) {
  const o = parseFlags(argv);
  if (o.help) return out(USAGE);
  const root = path.resolve(o.dir ?? PROJECT);
  const url = publicOrigin(o.url ?? env.PUBLIC_BASE_URL);
  const bucket = `${o.name}-files`;
  const local = path.join(root, LOCAL_DIR);
  const stateFile = path.join(local, "state.json");
  const state = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, "utf8")) : {};
  if (!state.account && !o.ownerEmail) throw new SetupError("--owner-email is required until the deployment has its first account.");
  if (o.ownerEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(o.ownerEmail)) throw new SetupError(`--owner-email ${o.ownerEmail} is not an email address.`);

  const shards = shardCountOf(env.SHARDS);
  if (shards instanceof Error) throw new SetupError(shards.message);
  if (o.dryRun) {
    out(`Plan for ${o.name} at ${url} (nothing is run):
  1. check the wrangler login (wrangler whoami)
  2. D1 database ${o.name}: create it unless it exists${shards > 1 ? `; and ${o.name}-1 … ${o.name}-${shards - 1} (SHARDS=${shards})` : ""}
  3. R2 bucket ${bucket}: create it unless it exists
  4. write ${DEPLOY_CONFIG} (wrangler.toml with the database id, the bucket, PUBLIC_BASE_URL, ENVIRONMENT=production)
  5. ${existsSync(path.join(local, "secrets.env")) ? "reuse the secrets in" : "make the secrets (operator token, webhook key, seal and timestamp keys and certificates) into"} ${LOCAL_DIR}/secrets.env
  6. put each secret the Worker does not have yet (${[...MADE_SECRETS, ...PROVIDER_SETTINGS.filter((k) => env[k])].join(", ")})
  7. apply the D1 migrations (--remote)
  8. put the CJK font into ${bucket}/${CJK_FONT_KEY} unless it is there
  9. wrangler deploy -c ${DEPLOY_CONFIG}
 10. ${state.account ? "an account exists: nothing to create" : `create the first account and its owner ${o.ownerEmail} unless one exists`}`);
    return;
  }

  const cmd = wranglerCommand(root, env);
  const quiet = { ...env, CI: "true", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1", FORCE_COLOR: "0" };
  const wrangler = (args, input) => spawnSync(cmd[0], [...cmd.slice(1), ...args], { cwd: root, env: quiet, encoding: "utf8", input, maxBuffer: 64 << 20 });
  const must = (args, what) => {
    const r = wrangler(args);
    if (r.error) throw new SetupError(`could not run wrangler (${cmd.join(" ")}): ${r.error.message}`);
    if (r.status !== 0) throw new SetupError(`${what} failed: ${said(r)}`);
    return r.stdout;
  };

  // 1. Logged in?
  const who = wrangler(["whoami", "--json"]);
  if (who.error) throw new SetupError(`could not run wrangler (${cmd.join(" ")}): ${who.error.message}`);
  if (who.status !== 0 || /not authenticated/i.test(who.stdout))
    throw new SetupError("not logged in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN), then this again.");

  // 2. The database.
  const findDb = () => JSON.parse(must(["d1", "list", "--json"], "listing D1 databases")).find((d) => d.name === o.name);
  let db = findDb();
  if (db) out(`D1 database ${o.name}: exists (${db.uuid}).`);
  else {
    must(["d1", "create", o.name], `creating the D1 database ${o.name}`);
    db = findDb();
    if (!db) throw new SetupError(`the D1 database ${o.name} was created but is not listed.`);
    out(`D1 database ${o.name}: created (${db.uuid}).`);
  }

  // 2b. With SHARDS=n, the other shards' databases, <name>-1 … <name>-(n-1) (docs/scale.md).
  const shardIds = [db.uuid];
  for (let i = 1; i < shards; i++) {
    const dbName = `${o.name}-${i}`;
    const find = () => JSON.parse(must(["d1", "list", "--json"], "listing D1 databases")).find((d) => d.name === dbName);
    let shard = find();
    if (!shard) {
      must(["d1", "create", dbName], `creating the D1 database ${dbName}`);
      shard = find();
      if (!shard) throw new SetupError(`the D1 database ${dbName} was created but is not listed.`);
      out(`D1 database ${dbName} (shard ${i}): created (${shard.uuid}).`);
    } else out(`D1 database ${dbName} (shard ${i}): exists (${shard.uuid}).`);
    shardIds.push(shard.uuid);
  }

  // 3. The bucket.
  const buckets = [...must(["r2", "bucket", "list"], "listing R2 buckets").matchAll(/^\s*name:\s*(\S+)\s*$/gm)].map((m) => m[1]);
  if (buckets.includes(bucket)) out(`R2 bucket ${bucket}: exists.`);
  else {
    must(["r2", "bucket", "create", bucket], `creating the R2 bucket ${bucket}`);
    out(`R2 bucket ${bucket}: created.`);
  }

  // 4. The deploy config.
  const base = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const config = deployConfig(shards > 1 ? withShards(base, shards, shardIds, o.name) : base, { name: o.name, databaseId: db.uuid, bucket, url, shards });
  const configFile = path.join(root, DEPLOY_CONFIG);
  const before = existsSync(configFile) ? readFileSync(configFile, "utf8") : null;
  if (before !== config) writeFileSync(configFile, config);
  out(`${DEPLOY_CONFIG}: ${before === null ? "written" : before === config ? "up to date" : "updated"}.`);

  // 5. The secrets, made once.
  mkdirSync(local, { recursive: true, mode: 0o700 });
  const made = existsSync(path.join(local, "secrets.env"));
  const secrets = await secretsOf(path.join(local, "secrets.env"), url);
  out(made ? `Secrets: reusing ${LOCAL_DIR}/secrets.env.` : `Secrets: made into ${LOCAL_DIR}/secrets.env (keep it; never commit it).`);

  // 6. Each secret the Worker lacks. A Worker not deployed yet has none.
  const listed = wrangler(["secret", "list", "--format", "json", "-c", DEPLOY_CONFIG]);
  let present = [];
  if (listed.status === 0) present = JSON.parse(listed.stdout.slice(listed.stdout.indexOf("["))).map((s) => s.name);
  else if (!/not found|does not exist|10007/i.test(said(listed))) throw new SetupError(`listing the Worker's secrets failed: ${said(listed)}`);
  const wanted = { ...Object.fromEntries(PROVIDER_SETTINGS.filter((k) => env[k]).map((k) => [k, env[k]])), ...secrets };
  const missing = Object.keys(wanted).filter((k) => !present.includes(k));
  for (const k of missing) {
    const r = wrangler(["secret", "put", k, "-c", DEPLOY_CONFIG], wanted[k]);
    if (r.status !== 0) throw new SetupError(`putting the secret ${k} failed: ${said(r).replaceAll(wanted[k], "…")}`);
  }
  out(missing.length ? `Secrets put: ${missing.join(", ")}.` : "Secrets: the Worker has them all.");

  // 7. Migrations.
  for (let i = 0; i < shards; i++) {
    const dbName = i === 0 ? o.name : `${o.name}-${i}`;
    const applied = must(["d1", "migrations", "apply", dbName, "--remote", "-c", DEPLOY_CONFIG], `applying the D1 migrations to ${dbName}`);
    const names = /No migrations to apply/i.test(applied) ? [] : [...new Set(applied.match(/\b\d{4}_[\w-]+\.sql\b/g) ?? [])];
    const which = shards > 1 ? ` (${dbName})` : "";
    out(names.length ? `Migrations applied${which}: ${names.join(", ")}.` : `Migrations${which}: up to date.`);
  }

  // 8. The CJK font, once per font and bucket.
  const font = cjkFontBytes();
  const fontId = font && `${bucket}:${createHash("sha256").update(font).digest("hex")}`;
  if (!font) out("Warning: no CJK font on this machine (apt-get install fonts-wqy-zenhei, or CJK_FONT=…); CJK names print as [U+XXXX].");
  else if (state.font === fontId) out("CJK font: already in the bucket.");
  else {
    const r = uploadCjkFont("--remote", { env: quiet, wrangler: cmd, bucket, config: DEPLOY_CONFIG, cwd: root });
    if (!r.ok) throw new SetupError(`putting the CJK font failed: ${r.reason}`);
    state.font = fontId;
    writeFileSync(stateFile, JSON.stringify(state, null, 2));
    out(`CJK font: put (${r.bytes} bytes).`);
  }

  // 9. Deploy.
  must(["deploy", "-c", DEPLOY_CONFIG], "wrangler deploy");
  out(`Deployed ${o.name}: ${url}`);

  // 10. The first account and owner.
  const wait = Number(env.DEPLOY_SETUP_WAIT_MS ?? 90_000);
  const { tenants } = await operator(url, secrets.OPERATOR_TOKEN, "GET", "/tenants?limit=1", undefined, wait);
  if (tenants.length) out("Accounts: one exists already; none created.");
  else {
    if (!o.ownerEmail) throw new SetupError("the deployment has no account yet: pass --owner-email.");
    const accountName = o.accountName ?? new URL(url).hostname;
    const { tenant_id } = await operator(url, secrets.OPERATOR_TOKEN, "POST", "/tenants", { name: accountName }, wait);
    const password = randomBytes(15).toString("base64url");
    const fullName = o.ownerEmail.split("@")[0];
    await operator(
      url,
      secrets.OPERATOR_TOKEN,
      "POST",
      `/tenants/${tenant_id}/members`,
      { email: o.ownerEmail, full_name: fullName, role: "owner", password },
      wait,
    );
    out(`
First account "${accountName}" (${tenant_id}) and its owner, shown once (the password is stored nowhere else):
  sign in   ${url}/app/sign-in
  email     ${o.ownerEmail}
  password  ${password}
Change it after signing in (My sign-in). More accounts and keys: npm run ops -- --url ${url} --token <OPERATOR_TOKEN in ${LOCAL_DIR}/secrets.env> …`);
  }
  state.account = true;
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  const outbox = (env.EMAIL_PROVIDER ?? "outbox") === "outbox" && !present.includes("EMAIL_PROVIDER");
  if (outbox)
    out("Note: no email provider is set, so email stays in the outbox and reaches nobody; set EMAIL_PROVIDER, EMAIL_API_KEY and EMAIL_FROM (docs/deploy.md).");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
