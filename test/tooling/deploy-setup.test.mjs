/**
 * `npm run deploy:setup` (scripts/deploy-setup.mjs) against a fake wrangler that keeps Cloudflare's
 * side in a folder and records every command line (test/tooling/fake-wrangler.mjs), and a small
 * local HTTP server standing in for the deployed Worker's operator API. The script runs as its own
 * process, as a person runs it, on a scratch copy of wrangler.toml and the migrations.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { deployConfig, PROVIDER_SETTINGS } from "../../scripts/deploy-setup.mjs";
import { parseDevVars } from "../../scripts/dev-secrets.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/deploy-setup.mjs");
const FAKE = path.join(import.meta.dirname, "fake-wrangler.mjs");
const sha = (s) => createHash("sha256").update(s).digest("hex");

const made = [];
after(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A scratch project (wrangler.toml, migrations) and an empty Cloudflare account. */
function scratch() {
  const dir = mkdtempSync(path.join(tmpdir(), "edge-sign-deploy-"));
  made.push(dir);
  const project = path.join(dir, "project");
  const cloud = path.join(dir, "cloud");
  mkdirSync(project);
  mkdirSync(cloud);
  cpSync(path.join(ROOT, "wrangler.toml"), path.join(project, "wrangler.toml"));
  cpSync(path.join(ROOT, "migrations"), path.join(project, "migrations"), { recursive: true });
  writeFileSync(path.join(dir, "font.ttf"), "a stand-in for the CJK face");
  return { dir, project, cloud, font: path.join(dir, "font.ttf") };
}

/** The deployed Worker's operator API: accounts and members in memory, the bearer checked against the secret put. */
function operatorApi(cloud) {
  const tenants = [];
  const members = [];
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const answer = (status, json) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    };
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const put = JSON.parse(readFileSync(path.join(cloud, "state.json"), "utf8")).secrets.OPERATOR_TOKEN;
    if (!put || sha(token) !== put) return answer(401, { error: { code: "unauthorized", message: "bad token" } });
    if (req.method === "GET" && req.url.startsWith("/ops/v1/tenants")) return answer(200, { tenants });
    if (req.method === "POST" && req.url === "/ops/v1/tenants") {
      const t = { tenant_id: `ten_${tenants.length + 1}`, slug: "acme", ...JSON.parse(body) };
      tenants.push(t);
      return answer(200, { tenant_id: t.tenant_id, slug: t.slug });
    }
    const m = /^\/ops\/v1\/tenants\/([^/]+)\/members$/.exec(req.url);
    if (req.method === "POST" && m) {
      members.push({ tenant_id: m[1], ...JSON.parse(body) });
      return answer(200, { member_id: `mem_${members.length}` });
    }
    answer(404, { error: { code: "not_found", message: req.url } });
  });
  return { server, tenants, members };
}

/** Runs the script as a separate process; resolves with its exit code and output. */
function run(s, args, extraEnv = {}) {
  const env = { ...process.env, WRANGLER: FAKE, FAKE_WRANGLER_STATE: s.cloud, CJK_FONT: s.font, DEPLOY_SETUP_WAIT_MS: "0", ...extraEnv };
  for (const k of [...PROVIDER_SETTINGS, "PUBLIC_BASE_URL"]) if (!(k in extraEnv)) delete env[k];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SCRIPT, "--dir", s.project, ...args], { env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const commands = (s) =>
  existsSync(path.join(s.cloud, "commands.log"))
    ? readFileSync(path.join(s.cloud, "commands.log"), "utf8")
        .trimEnd()
        .split("\n")
        .filter(Boolean)
        .map((l) => l.replace(/--file \S+/, "--file <font>"))
    : [];
const cloudState = (s) => JSON.parse(readFileSync(path.join(s.cloud, "state.json"), "utf8"));
const SECRETS = ["OPERATOR_TOKEN", "WEBHOOK_SECRET_KEY", "SEAL_KEY_PEM", "SEAL_CERT_PEM", "TSA_KEY_PEM", "TSA_CERT_PEM", "LOG_KEY_PEM"];
const C = "-c wrangler.deploy.toml";

describe("npm run deploy:setup", () => {
  let s;
  let api;
  let url;
  before(async () => {
    s = scratch();
    api = operatorApi(s.cloud);
    await new Promise((r) => api.server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${api.server.address().port}`;
  });
  after(() => api.server.close());

  /** Every secret value the deployment holds, which must never be printed nor in a command line. */
  const secretValues = () => Object.values(parseDevVars(readFileSync(path.join(s.project, ".deploy/secrets.env"), "utf8")));
  const assertNoSecret = (text) => {
    for (const v of secretValues()) {
      assert.ok(!text.includes(v.trim()), "a secret value was printed or passed on a command line");
      for (const line of v.split("\n").filter((l) => l.length > 20 && !l.startsWith("-----")))
        assert.ok(!text.includes(line), "a line of a key or certificate leaked");
    }
  };

  it("the first run issues the expected commands in order, writes the config with the ids and creates the first account and owner", async () => {
    const r = await run(s, ["--url", url, "--owner-email", "owner@acme.example", "--account-name", "Acme Ltd"]);
    assert.equal(r.code, 0, r.stderr);
    const cloud = cloudState(s);
    assert.deepEqual(commands(s), [
      "whoami --json",
      "d1 list --json",
      "d1 create edge-sign",
      "d1 list --json",
      "r2 bucket list",
      "r2 bucket create edge-sign-files",
      `secret list --format json ${C}`,
      ...SECRETS.map((k) => `secret put ${k} ${C}`),
      `d1 migrations apply edge-sign --remote ${C}`,
      `r2 object put edge-sign-files/fonts/cjk.ttf --file <font> --content-type font/ttf --remote ${C}`,
      `deploy ${C}`,
    ]);
    const toml = readFileSync(path.join(s.project, "wrangler.deploy.toml"), "utf8");
    assert.match(toml, new RegExp(`^database_id = "${cloud.databases[0].uuid}"$`, "m"));
    assert.match(toml, /^bucket_name = "edge-sign-files"$/m);
    assert.match(toml, new RegExp(`^PUBLIC_BASE_URL = "${url}"$`, "m"));
    assert.match(toml, /^ENVIRONMENT = "production"$/m);
    assert.equal(cloud.lastConfig, toml, "deployed with that config");
    assert.deepEqual(Object.keys(cloud.secrets).sort(), [...SECRETS].sort());
    assert.deepEqual(
      cloud.migrations,
      readdirSync(path.join(s.project, "migrations"))
        .filter((f) => f.endsWith(".sql"))
        .sort(),
    );
    assert.equal(cloud.objects["edge-sign-files/fonts/cjk.ttf"], sha(readFileSync(s.font)));
    assert.equal(cloud.deploys, 1);
    // Each secret put is the one made locally (the fake keeps only hashes).
    const local = parseDevVars(readFileSync(path.join(s.project, ".deploy/secrets.env"), "utf8"));
    for (const k of SECRETS) assert.equal(cloud.secrets[k], sha(local[k]), k);
    assert.equal(api.tenants.length, 1);
    assert.equal(api.tenants[0].name, "Acme Ltd");
    assert.equal(api.members.length, 1);
    assert.equal(api.members[0].role, "owner");
    assert.equal(api.members[0].email, "owner@acme.example");
    // The owner's sign-in details, printed once.
    assert.ok(r.stdout.includes(`${url}/app/sign-in`));
    assert.ok(r.stdout.includes(`password  ${api.members[0].password}`));
    assertNoSecret(r.stdout + r.stderr + commands(s).join("\n"));
  });

  it("a second run changes nothing: no create, no secret put, no font upload, no new account", async () => {
    const beforeCommands = commands(s).length;
    const toml = readFileSync(path.join(s.project, "wrangler.deploy.toml"), "utf8");
    const secrets = readFileSync(path.join(s.project, ".deploy/secrets.env"), "utf8");
    const cloudBefore = cloudState(s);
    const r = await run(s, ["--url", url]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(commands(s).slice(beforeCommands), [
      "whoami --json",
      "d1 list --json",
      "r2 bucket list",
      `secret list --format json ${C}`,
      `d1 migrations apply edge-sign --remote ${C}`,
      `deploy ${C}`,
    ]);
    assert.equal(readFileSync(path.join(s.project, "wrangler.deploy.toml"), "utf8"), toml);
    assert.equal(readFileSync(path.join(s.project, ".deploy/secrets.env"), "utf8"), secrets);
    const cloud = cloudState(s);
    assert.deepEqual(cloud.secrets, cloudBefore.secrets);
    assert.deepEqual(cloud.databases, cloudBefore.databases);
    assert.equal(api.tenants.length, 1);
    assert.equal(api.members.length, 1);
    assert.ok(!r.stdout.includes(api.members[0].password), "the owner's password is shown only once");
    assert.match(r.stdout, /Accounts: one exists already/);
    assertNoSecret(r.stdout + r.stderr + commands(s).join("\n"));
  });

  it("puts provider settings from the shell as secrets, once, without printing them", async () => {
    const n = commands(s).length;
    const provider = { EMAIL_PROVIDER: "resend", EMAIL_API_KEY: "re_live_0123456789abcdefSECRET", EMAIL_FROM: "Acme <sign@acme.example>" };
    const r = await run(s, ["--url", url], provider);
    assert.equal(r.code, 0, r.stderr);
    const added = commands(s).slice(n);
    assert.deepEqual(
      added.filter((c) => c.startsWith("secret put")),
      ["EMAIL_PROVIDER", "EMAIL_API_KEY", "EMAIL_FROM"].map((k) => `secret put ${k} ${C}`),
    );
    assert.equal(cloudState(s).secrets.EMAIL_API_KEY, sha(provider.EMAIL_API_KEY));
    assert.ok(!(r.stdout + r.stderr + added.join("\n")).includes(provider.EMAIL_API_KEY));
    const again = await run(s, ["--url", url], provider);
    assert.equal(again.code, 0, again.stderr);
    assert.ok(!commands(s).some((c, i) => i >= n + added.length && c.startsWith("secret put")));
  });

  it("not logged in to wrangler: one clear line, exit 1, nothing else run", async () => {
    const t = scratch();
    writeFileSync(path.join(t.cloud, "logged-out"), "");
    const r = await run(t, ["--url", "https://sign.acme.example", "--owner-email", "owner@acme.example"]);
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim(), "deploy:setup: not logged in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN), then this again.");
    assert.deepEqual(commands(t), ["whoami --json"]);
    assert.ok(!existsSync(path.join(t.project, "wrangler.deploy.toml")));
  });

  it("--dry-run prints the plan and runs and writes nothing; bad flags are one line each", async () => {
    const t = scratch();
    const r = await run(t, ["--url", "https://sign.acme.example", "--owner-email", "owner@acme.example", "--dry-run"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Plan for edge-sign at https:\/\/sign\.acme\.example/);
    assert.match(r.stdout, /D1 database edge-sign: create it unless it exists/);
    assert.deepEqual(commands(t), []);
    assert.deepEqual(readdirSync(t.project).sort(), ["migrations", "wrangler.toml"]);

    for (const [args, message] of [
      [["--owner-email", "o@acme.example"], /--url is required/],
      [["--url", "http://sign.acme.example", "--owner-email", "o@acme.example"], /--url must be an https:\/\/ origin/],
      [["--url", "https://sign.acme.example/app", "--owner-email", "o@acme.example"], /origin only/],
      [["--url", "https://sign.acme.example"], /--owner-email is required/],
      [["--url", "https://sign.acme.example", "--owner-email", "o@acme.example", "--bogus"], /unknown argument --bogus/],
    ]) {
      const bad = await run(t, args);
      assert.equal(bad.code, 1, args.join(" "));
      assert.match(bad.stderr, message);
      assert.equal(bad.stderr.trim().split("\n").length, 1);
    }
    assert.deepEqual(commands(t), []);
  });

  it("with SHARDS=3: one database per shard, each migrated, bound as DB, DB_1, DB_2, and SHARDS among the variables", async () => {
    const t = scratch();
    const own = operatorApi(t.cloud);
    await new Promise((r) => own.server.listen(0, "127.0.0.1", r));
    try {
      const r = await run(t, ["--url", `http://127.0.0.1:${own.server.address().port}`, "--owner-email", "owner@acme.example"], { SHARDS: "3" });
      assert.equal(r.code, 0, r.stderr);
      const log = commands(t);
      for (const name of ["edge-sign-1", "edge-sign-2"]) {
        assert.ok(log.includes(`d1 create ${name}`), name);
        assert.ok(log.includes(`d1 migrations apply ${name} --remote ${C}`), name);
      }
      assert.ok(log.includes(`d1 migrations apply edge-sign --remote ${C}`));
      const dbs = cloudState(t).databases;
      const toml = readFileSync(path.join(t.project, "wrangler.deploy.toml"), "utf8");
      for (const [i, name] of ["edge-sign-1", "edge-sign-2"].entries()) {
        const uuid = dbs.find((d) => d.name === name).uuid;
        assert.match(toml, new RegExp(`binding = "DB_${i + 1}"\\ndatabase_name = "${name}"\\ndatabase_id = "${uuid}"`));
      }
      assert.match(toml, /^SHARDS = "3"$/m);
      const bad = await run(t, ["--url", `http://127.0.0.1:${own.server.address().port}`], { SHARDS: "17" });
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /SHARDS must be a whole number from 1 to 16/);
    } finally {
      own.server.close();
    }
  });

  it("routes a custom domain, but not a workers.dev host", () => {
    const base = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
    const custom = deployConfig(base, { name: "sign", databaseId: "db-1", bucket: "sign-files", url: "https://sign.acme.example" });
    assert.match(custom, /^routes = \[\{ pattern = "sign\.acme\.example", custom_domain = true \}\]$/m);
    assert.ok(custom.indexOf("routes =") < custom.indexOf("\n[build]"), "a top-level key, before the first table");
    assert.match(custom, /^name = "sign"$/m);
    assert.match(custom, /^database_name = "sign"$/m);
    const dev = deployConfig(base, { name: "sign", databaseId: "db-1", bucket: "sign-files", url: "https://sign.acme.workers.dev" });
    assert.doesNotMatch(dev, /^routes/m);
  });
});
