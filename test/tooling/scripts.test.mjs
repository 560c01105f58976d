/**
 * The local tooling, for real:
 * - the secrets `npm start` writes: made once, never overwritten, and a seal identity and a
 *   timestamp authority that the service's own seal code uses to make files pdfsig and
 *   `openssl ts -verify` accept;
 * - the operator CLI: each command's request, usage errors, and the CLI as a separate process
 *   against the running Worker (wrangler's test harness: local D1, R2, Durable Objects);
 * - `npm start` itself (scripts/dev.mjs) in a scratch copy of the project: secrets, migrations,
 *   wrangler dev, the demo account, key and template; a second start reuses them and issues a
 *   new key; SIGTERM stops every process it started.
 *
 * Runs under `npm test` (Node 22 from the project's devDependency; wrangler needs it) and needs
 * pdfsig and openssl, like test/validators.
 */
import { X509Certificate, createPrivateKey } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { ensureDevVars, formatDevVars, parseDevVars } from "../../scripts/dev-secrets.mjs";
import { appliedMigrations, nodeForWrangler } from "../../scripts/dev.mjs";
import { shardCountOf, withShards } from "../../scripts/shards.mjs";
import { deployConfig } from "../../scripts/deploy-setup.mjs";
import { main, parseArgs, requestFor } from "../../scripts/ops.mjs";
import { OPERATOR_TOKEN, ROOT, run, signatureParts, startService, tokenParts, workdir, write } from "../validators/harness.mjs";
import { freePort } from "../../scripts/free-port.mjs";

const made = [];
const dir = () => {
  const d = mkdtempSync(path.join(tmpdir(), "edge-sign-tooling-"));
  made.push(d);
  return d;
};
after(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

describe(".dev.vars", () => {
  it("is made once with every secret, and never overwritten", async () => {
    const file = path.join(dir(), ".dev.vars");
    const first = await ensureDevVars(file, { port: 9911 });
    assert.equal(first.created, true);
    const v = first.vars;
    assert.match(v.OPERATOR_TOKEN, /^op_[0-9a-f]{48}$/);
    assert.match(v.WEBHOOK_SECRET_KEY, /^[0-9a-f]{64}$/);
    assert.equal(v.PUBLIC_BASE_URL, "http://localhost:9911");
    assert.equal(v.ALLOW_INSECURE_WEBHOOKS, "true");
    assert.match(v.TWILIO_AUTH_TOKEN, /^[0-9a-f]{32}$/);
    assert.deepEqual(parseDevVars(readFileSync(file, "utf8")), v);
    const bytes = readFileSync(file);

    const again = await ensureDevVars(file, { port: 1 });
    assert.equal(again.created, false);
    assert.deepEqual(again.vars, v);
    assert.deepEqual(readFileSync(file), bytes);

    // A hand-edited file is kept as it is, even when it lacks what npm start would write.
    writeFileSync(file, "OPERATOR_TOKEN=mine\n");
    const edited = await ensureDevVars(file);
    assert.equal(edited.created, false);
    assert.deepEqual(edited.vars, { OPERATOR_TOKEN: "mine" });
    assert.equal(readFileSync(file, "utf8"), "OPERATOR_TOKEN=mine\n");
  });

  it("makes new secrets each time a file is made", async () => {
    const a = (await ensureDevVars(path.join(dir(), ".dev.vars"))).vars;
    const b = (await ensureDevVars(path.join(dir(), ".dev.vars"))).vars;
    for (const k of ["OPERATOR_TOKEN", "WEBHOOK_SECRET_KEY", "SEAL_KEY_PEM", "SEAL_CERT_PEM", "TSA_KEY_PEM", "TSA_CERT_PEM"]) assert.notEqual(a[k], b[k], k);
  });

  it("holds a seal identity and a timestamp authority whose keys match their certificates", async () => {
    const { vars } = await ensureDevVars(path.join(dir(), ".dev.vars"));
    assert.match(vars.SEAL_KEY_PEM, /^-----BEGIN PRIVATE KEY-----\n/);
    assert.match(vars.TSA_KEY_PEM, /^-----BEGIN PRIVATE KEY-----\n/);
    const seal = new X509Certificate(vars.SEAL_CERT_PEM);
    assert.ok(seal.checkPrivateKey(createPrivateKey(vars.SEAL_KEY_PEM)));
    assert.equal(seal.publicKey.asymmetricKeyType, "rsa");
    assert.ok(seal.verify(seal.publicKey), "self-signed");
    assert.equal(seal.subject, seal.issuer);
    assert.equal(seal.keyUsage, undefined, "no extended key usage on the seal");

    const tsa = new X509Certificate(vars.TSA_CERT_PEM);
    assert.ok(tsa.checkPrivateKey(createPrivateKey(vars.TSA_KEY_PEM)));
    assert.equal(tsa.publicKey.asymmetricKeyType, "ec");
    assert.ok(tsa.verify(tsa.publicKey), "self-signed");
    // Node lists extended key usages here; RFC 3161 wants exactly timeStamping.
    assert.deepEqual(tsa.keyUsage, ["1.3.6.1.5.5.7.3.8"]);
    for (const c of [seal, tsa]) {
      assert.ok(new Date(c.validFrom) <= new Date(), "valid now");
      assert.ok(new Date(c.validTo) > new Date(Date.now() + 365 * 86_400_000), "for years");
    }
  });

  it("marks the timestamping usage critical, and the seal for signatures only (openssl's reading)", async () => {
    const { vars } = await ensureDevVars(path.join(dir(), ".dev.vars"));
    const text = (pem) => run("openssl", ["x509", "-noout", "-text"], { input: pem }).stdout;
    const tsa = text(vars.TSA_CERT_PEM);
    assert.match(tsa, /X509v3 Extended Key Usage: critical\n\s+Time Stamping\n/);
    assert.match(tsa, /X509v3 Key Usage: critical\n\s+Digital Signature, Non Repudiation\n/);
    assert.match(tsa, /CA:FALSE/);
    const seal = text(vars.SEAL_CERT_PEM);
    assert.match(seal, /X509v3 Key Usage: critical\n\s+Digital Signature, Non Repudiation\n/);
    assert.doesNotMatch(seal, /Extended Key Usage/);
    assert.match(seal, /Public-Key: \(2048 bit\)/);
  });

  it("keeps multi-line values, quotes and backslashes through a write and a read", () => {
    const vars = { A: "line 1\nline 2", B: 'say "hi"', C: "back\\slash", D: "" };
    assert.deepEqual(parseDevVars(formatDevVars(vars)), vars);
    assert.deepEqual(parseDevVars("# comment\nPLAIN=value\n  SPACED = x \n"), { PLAIN: "value", SPACED: "x" });
  });
});

describe("npm start helpers", () => {
  it("counts the migrations wrangler applied", () => {
    assert.deepEqual(appliedMigrations("Resource location: local\n\n✅ No migrations to apply!\n"), []);
    const applied = `Migrations to be applied:
│ 0000_init.sql │
│ 0001_plans.sql │
│ 0000_init.sql                │ ✅     │
│ 0001_plans.sql               │ ✅     │
🚣 2 commands executed successfully.`;
    assert.deepEqual(appliedMigrations(applied), ["0000_init.sql", "0001_plans.sql"]);
  });

  it("runs wrangler with the pinned Node 22 when this Node is older", () => {
    const pinned = path.join(ROOT, "node_modules", "node", "bin", "node");
    assert.ok(existsSync(pinned), "the node devDependency is installed");
    assert.equal(nodeForWrangler(ROOT, "20.20.2", "/usr/bin/node"), pinned);
    assert.equal(nodeForWrangler(ROOT, "22.12.0", "/usr/bin/node"), "/usr/bin/node");
    assert.equal(nodeForWrangler(dir(), "20.20.2", "/usr/bin/node"), "/usr/bin/node", "no pinned Node: this one, and wrangler says why it refuses");
    assert.match(spawnSync(pinned, ["--version"], { encoding: "utf8" }).stdout, /^v2[2-9]\./);
  });
});

describe("SHARDS outside the Worker (scripts/shards.mjs)", () => {
  it("takes 1 to 16, 1 when unset, and says why anything else is refused", () => {
    assert.equal(shardCountOf(undefined), 1);
    assert.equal(shardCountOf(""), 1);
    assert.equal(shardCountOf("3"), 3);
    assert.equal(shardCountOf("16"), 16);
    for (const bad of ["0", "17", "two", "3.5", " 3"]) assert.match(String(shardCountOf(bad)), /SHARDS must be a whole number from 1 to 16/);
  });

  it("adds one D1 binding per shard after DB's, each with the migrations and a database of its own", () => {
    const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
    const three = withShards(toml, 3);
    assert.equal(withShards(toml, 1), toml);
    const blocks = [
      ...three.matchAll(
        /\[\[d1_databases\]\]\nbinding = "([^"]+)"\ndatabase_name = "([^"]+)"\n(?:#.*\n)?database_id = "([^"]+)"\nmigrations_dir = "migrations"/g,
      ),
    ];
    assert.deepEqual(
      blocks.map((m) => [m[1], m[2]]),
      [
        ["DB", "edge-sign"],
        ["DB_1", "edge-sign-1"],
        ["DB_2", "edge-sign-2"],
      ],
    );
    assert.equal(new Set(blocks.map((m) => m[3])).size, 3, "local state is kept per database id: three ids");
    assert.ok(three.indexOf("DB_2") < three.indexOf("[[r2_buckets]]"), "before the next table");
    const deployed = deployConfig(withShards(toml, 2, ["id-0", "id-1"], "acme"), {
      name: "acme",
      databaseId: "id-0",
      bucket: "acme-files",
      url: "https://sign.acme.example",
      shards: 2,
    });
    assert.match(deployed, /binding = "DB_1"\ndatabase_name = "acme-1"\ndatabase_id = "id-1"/);
    assert.match(deployed, /\[vars\][\s\S]*SHARDS = "2"/);
    assert.doesNotMatch(deployConfig(toml, { name: "acme", databaseId: "id-0", bucket: "acme-files", url: "https://sign.acme.example" }), /SHARDS/);
  });
});

describe("npm run ops: requests", () => {
  const req = (argv) => {
    const { positionals, options } = parseArgs(argv);
    return requestFor(positionals, options);
  };

  it("maps each command to its operator API call", () => {
    assert.deepEqual(req(["tenant", "create", "--name", "Acme Ltd", "--plan", "business"]), {
      method: "POST",
      path: "/tenants",
      body: { name: "Acme Ltd", plan: "business" },
    });
    assert.deepEqual(req(["tenant", "list"]), { method: "GET", path: "/tenants" });
    assert.deepEqual(req(["tenant", "move", "ten_1", "--shard", "2"]), { method: "POST", path: "/tenants/ten_1/move", body: { shard: 2 } });
    assert.deepEqual(req(["tenant", "list", "--slug", "demo", "--limit", "5"]), { method: "GET", path: "/tenants?slug=demo&limit=5" });
    assert.deepEqual(
      req(["tenant", "update", "ten_1", "--white-label", "true", "--spending-limit-cents=null", "--frame-ancestors", "https://a.example, https://b.example"]),
      {
        method: "PATCH",
        path: "/tenants/ten_1",
        body: { white_label: true, spending_limit_cents: null, frame_ancestors: ["https://a.example", "https://b.example"] },
      },
    );
    assert.deepEqual(req(["tenant", "update", "ten_1", "--default-country", "GB"]), {
      method: "PATCH",
      path: "/tenants/ten_1",
      body: { default_country: "GB" },
    });
    assert.deepEqual(req(["tenant", "update", "ten_1", "--default-country", "null"]), {
      method: "PATCH",
      path: "/tenants/ten_1",
      body: { default_country: null },
    });
    assert.deepEqual(
      req([
        "key",
        "issue",
        "ten_1",
        "--label",
        "server",
        "--scopes",
        "signing:read,signing:write",
        "--mode",
        "live",
        "--allowed-ips",
        "203.0.113.0/24,2001:db8::1",
      ]),
      {
        method: "POST",
        path: "/tenants/ten_1/keys",
        body: { label: "server", scopes: ["signing:read", "signing:write"], mode: "live", allowed_ips: ["203.0.113.0/24", "2001:db8::1"] },
      },
    );
    assert.deepEqual(req(["key", "list", "ten_1"]), { method: "GET", path: "/tenants/ten_1/keys" });
    assert.deepEqual(req(["key", "revoke", "key_9", "--reason", "rotated"]), { method: "POST", path: "/keys/key_9/revoke", body: { reason: "rotated" } });
    assert.deepEqual(req(["oauth-connection", "list", "ten_1"]), { method: "GET", path: "/tenants/ten_1/oauth-connections" });
    assert.deepEqual(req(["oauth-connection", "list", "ten_1", "--ended", "true"]), { method: "GET", path: "/tenants/ten_1/oauth-connections?ended=true" });
    assert.deepEqual(req(["oauth-connection", "end", "ten_1", "con_2", "--reason", "left"]), {
      method: "POST",
      path: "/tenants/ten_1/oauth-connections/con_2/end",
      body: { reason: "left" },
    });
    assert.deepEqual(req(["member", "add", "ten_1", "--email", "a@example.com", "--full-name", "Ada", "--role", "admin"]), {
      method: "POST",
      path: "/tenants/ten_1/members",
      body: { email: "a@example.com", full_name: "Ada", role: "admin" },
    });
    assert.deepEqual(
      req([
        "oauth-client",
        "register",
        "--name",
        "App",
        "--homepage",
        "https://app.example",
        "--redirect-uris",
        "https://app.example/cb",
        "--scopes",
        "signing:read",
      ]),
      {
        method: "POST",
        path: "/oauth-clients",
        body: { name: "App", homepage: "https://app.example", redirect_uris: ["https://app.example/cb"], scopes: ["signing:read"] },
      },
    );
    assert.deepEqual(req(["outbox", "--tenant-id", "ten_1", "--limit", "5"]), { method: "GET", path: "/outbox?tenant_id=ten_1&limit=5" });
    assert.deepEqual(req(["outbox"]), { method: "GET", path: "/outbox" });
    // Ids go into the path escaped.
    assert.deepEqual(req(["key", "list", "../x"]), { method: "GET", path: "/tenants/..%2Fx/keys" });
  });

  it("refuses missing, unknown or malformed options before calling anything", () => {
    assert.throws(() => req(["tenant", "create"]), /--name is required/);
    assert.throws(() => req(["key", "issue", "--label", "x"]), /TENANT_ID is required/);
    assert.throws(() => req(["key", "list"]), /TENANT_ID is required/);
    assert.throws(() => req(["tenant", "update", "t", "--white-label", "yes"]), /true or false/);
    assert.throws(() => req(["tenant", "update", "t", "--spending-limit-cents", "-5"]), /whole number or null/);
    assert.throws(() => req(["tenant", "list", "--limit", "many"]), /--limit takes a whole number/);
    assert.throws(() => req(["key", "revoke", "k", "--reason"]), /--reason needs a value/);
    assert.throws(() => req(["tenant", "delete", "t"]), /Unknown command: tenant delete t/);
    assert.throws(() => req(["tenant", "create", "--name", "A", "--nmae", "B"]), /tenant create takes no --nmae \(it takes --name, --slug, --plan\)/);
    assert.throws(() => req(["key", "list", "ten_1", "--label", "x"]), /key list takes no --label\./);
    assert.throws(() => req(["key", "revoke", "k1", "k2", "--reason", "r"]), /Unexpected argument: k2/);
    assert.throws(() => req(["outbox", "now"]), /Unexpected argument: now/);
  });
});

describe("npm run ops: against a recording server", () => {
  let server;
  let url;
  const seen = [];
  before(async () => {
    server = createServer((rq, rs) => {
      let body = "";
      rq.on("data", (c) => (body += c));
      rq.on("end", () => {
        seen.push({ method: rq.method, url: rq.url, auth: rq.headers.authorization, body });
        if (rq.url.includes("/keys/missing/")) {
          rs.writeHead(404, { "content-type": "application/json" });
          return rs.end(JSON.stringify({ error: { code: "not_found", message: "No such key." } }));
        }
        rs.writeHead(200, { "content-type": "application/json" });
        rs.end(JSON.stringify({ tenant_id: "ten_x", slug: "acme" }));
      });
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  after(() => server.close());

  const capture = async (argv, root = dir()) => {
    const out = [];
    const err = [];
    const code = await main(argv, { out: (s) => out.push(s), err: (s) => err.push(s), root });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };

  it("sends the token from .dev.vars and prints the answer as JSON", async () => {
    const root = dir();
    writeFileSync(path.join(root, ".dev.vars"), formatDevVars({ OPERATOR_TOKEN: "op_from_dev_vars" }));
    const saved = process.env.OPERATOR_TOKEN;
    delete process.env.OPERATOR_TOKEN;
    try {
      const r = await capture(["--url", url, "tenant", "create", "--name", "Acme"], root);
      assert.equal(r.code, 0, r.err);
      assert.deepEqual(JSON.parse(r.out), { tenant_id: "ten_x", slug: "acme" });
      assert.deepEqual(seen.at(-1), { method: "POST", url: "/ops/v1/tenants", auth: "Bearer op_from_dev_vars", body: '{"name":"Acme"}' });
      // $OPERATOR_TOKEN wins over .dev.vars, --token over both.
      process.env.OPERATOR_TOKEN = "op_from_env";
      await capture(["--url", url, "outbox"], root);
      assert.equal(seen.at(-1).auth, "Bearer op_from_env");
      await capture(["--url", url, "--token", "op_from_flag", "outbox"], root);
      assert.equal(seen.at(-1).auth, "Bearer op_from_flag");
    } finally {
      if (saved === undefined) delete process.env.OPERATOR_TOKEN;
      else process.env.OPERATOR_TOKEN = saved;
    }
  });

  it("exits 1 with the service's error, 2 on a usage error, and names an unreachable service", async () => {
    const refused = await capture(["--url", url, "--token", "t", "key", "revoke", "missing", "--reason", "x"]);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /^404 /);
    assert.match(refused.err, /No such key/);

    const count = seen.length;
    const usage = await capture(["--url", url, "--token", "t", "key", "issue"]);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /TENANT_ID is required/);
    assert.match(usage.err, /usage: npm run ops -- /);
    assert.equal(seen.length, count, "nothing sent");

    const saved = process.env.OPERATOR_TOKEN;
    delete process.env.OPERATOR_TOKEN;
    try {
      const noToken = await capture(["--url", url, "outbox"]);
      assert.equal(noToken.code, 2);
      assert.match(noToken.err, /No operator token/);
    } finally {
      if (saved !== undefined) process.env.OPERATOR_TOKEN = saved;
    }

    const down = await capture(["--url", "http://127.0.0.1:9", "--token", "t", "outbox"]);
    assert.equal(down.code, 1);
    assert.match(down.err, /Could not reach http:\/\/127\.0\.0\.1:9/);

    const help = await capture(["--help"]);
    assert.equal(help.code, 0);
    for (const c of ["tenant create", "tenant list", "tenant update", "key issue", "key list", "key revoke", "member add", "oauth-client register", "outbox"]) {
      assert.ok(help.out.includes(`  ${c}`), c);
    }
    assert.equal((await capture([])).code, 2);
  });
});

describe("the service with npm start's secrets, and the CLI as a process", () => {
  let svc;
  let url;
  let vars;
  let work;
  before(async () => {
    work = workdir();
    vars = (await ensureDevVars(path.join(work, ".dev.vars"))).vars;
    const { SEAL_KEY_PEM, SEAL_CERT_PEM, TSA_KEY_PEM, TSA_CERT_PEM, WEBHOOK_SECRET_KEY } = vars;
    svc = await startService({ SEAL_KEY_PEM, SEAL_CERT_PEM, TSA_KEY_PEM, TSA_CERT_PEM, WEBHOOK_SECRET_KEY });
    url = String((await svc.server.listen()).url).replace(/\/$/, "");
  });
  after(async () => {
    await svc?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("seals with the generated identities: pdfsig and openssl ts -verify accept the file", async () => {
    const { key, id } = await svc.completedDocument([{ email: "ada@example.com", full_name: "Ada Lovelace" }], "Between {{company}} and Ada.");
    const meta = (await svc.must("GET", `/v1/documents/${id}/pdf`, { key })).json;
    assert.deepEqual(meta.seal, {
      commonName: "Edge Sign local seal (self-issued)",
      timestamped: true,
      selfIssued: true,
      trust: "unverified",
      level: "B-LTA",
      levelReason: null,
    });
    const pdf = Buffer.from((await svc.must("GET", `/v1/documents/${id}/pdf`, { key, accept: "application/pdf" })).bytes);

    const sig = run("pdfsig", [write(work, "certificate.pdf", pdf)]);
    assert.match(sig.stdout, /Signer Certificate Common Name: Edge Sign local seal \(self-issued\)/);
    assert.match(sig.stdout, /Signature Validation: Signature is Valid\./);
    assert.match(sig.stdout, /Total document signed/);

    const { signed, cms } = signatureParts(pdf);
    const sealCert = write(work, "seal-cert.pem", vars.SEAL_CERT_PEM);
    const v = run("openssl", [
      "cms",
      "-verify",
      "-binary",
      "-inform",
      "DER",
      "-in",
      write(work, "sig.der", cms),
      "-content",
      write(work, "content.bin", signed),
      "-CAfile",
      sealCert,
      "-purpose",
      "any",
      "-out",
      "/dev/null",
    ]);
    assert.equal(v.status, 0, v.stderr);

    const { signatureValue, token } = await tokenParts(cms);
    const tsaCert = write(work, "tsa-cert.pem", vars.TSA_CERT_PEM);
    const ts = run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      write(work, "token.der", token),
      "-data",
      write(work, "sigvalue.bin", signatureValue),
      "-CAfile",
      tsaCert,
    ]);
    assert.equal(ts.status, 0, ts.stdout + ts.stderr);
    assert.match(ts.stdout, /Verification: OK/);
    // The seal's certificate is not a timestamp authority: openssl refuses it as one.
    const wrong = run("openssl", [
      "ts",
      "-verify",
      "-token_in",
      "-in",
      path.join(work, "token.der"),
      "-data",
      path.join(work, "sigvalue.bin"),
      "-CAfile",
      sealCert,
    ]);
    assert.notEqual(wrong.status, 0);
  });

  const cli = (args, env = {}) => {
    const r = spawnSync(process.execPath, [path.join(ROOT, "scripts/ops.mjs"), "--url", url, ...args], {
      encoding: "utf8",
      env: { ...process.env, OPERATOR_TOKEN, ...env },
    });
    let json = null;
    try {
      json = JSON.parse(r.stdout);
    } catch {
      // not JSON
    }
    return { code: r.status, json, stdout: r.stdout, stderr: r.stderr };
  };

  it("runs every operator command against the Worker and prints its JSON", async () => {
    const slug = `cli-${Date.now().toString(36)}`;
    const t = cli(["tenant", "create", "--name", "CLI Ltd", "--slug", slug]);
    assert.equal(t.code, 0, t.stderr);
    assert.equal(t.json.slug, slug);
    const id = t.json.tenant_id;

    const listed = cli(["tenant", "list", "--slug", slug]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.equal(listed.json.tenants.length, 1);
    assert.equal(listed.json.tenants[0].tenant_id, id);
    assert.equal(listed.json.tenants[0].plan, "free");

    assert.deepEqual(cli(["tenant", "update", id, "--plan", "business", "--spending-limit-cents", "500"]).json, { updated: true });
    assert.equal(cli(["tenant", "list", "--slug", slug]).json.tenants[0].spending_limit_cents, 500);

    const k = cli(["key", "issue", id, "--label", "server", "--scopes", "signing:read,signing:write", "--mode", "live"]);
    assert.equal(k.code, 0, k.stderr);
    assert.match(k.json.key, /^mk_live_[0-9a-f]{48}$/);
    const account = await svc.call("GET", "/v1/account", { key: k.json.key });
    assert.equal(account.status, 200);
    assert.equal(account.json.tenant_id, id);

    const keys = cli(["key", "list", id]);
    assert.equal(keys.code, 0, keys.stderr);
    assert.deepEqual(
      keys.json.keys.map((x) => [x.key_id, x.status, x.key_prefix]),
      [[k.json.key_id, "active", k.json.key.slice(0, 12)]],
    );
    assert.ok(!keys.stdout.includes(k.json.key), "the key itself is never listed");

    assert.deepEqual(cli(["key", "revoke", k.json.key_id, "--reason", "rotated"]).json, { revoked: true });
    assert.equal((await svc.call("GET", "/v1/account", { key: k.json.key })).status, 401);
    assert.equal(cli(["key", "list", id]).json.keys[0].status, "revoked");

    const m = cli(["member", "add", id, "--email", "ops@example.com", "--full-name", "Ops Person", "--role", "admin"]);
    assert.equal(m.code, 0, m.stderr);
    assert.match(m.json.member_id, /^mem_/);

    const o = cli([
      "oauth-client",
      "register",
      "--name",
      "Partner",
      "--homepage",
      "https://partner.example",
      "--redirect-uris",
      "https://partner.example/cb",
      "--scopes",
      "signing:read",
    ]);
    assert.equal(o.code, 0, o.stderr);
    assert.match(o.json.client_secret, /^mcs_/);

    const box = cli(["outbox", "--tenant-id", id, "--limit", "5"]);
    assert.equal(box.code, 0, box.stderr);
    assert.ok(Array.isArray(box.json.messages));
  });

  it("exits 1 on the service's refusals and 2 on usage errors, printing why", () => {
    const bad = cli(["key", "revoke", "key_nope", "--reason", "x"]);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^404 /);
    assert.match(bad.stderr, /No key has the id key_nope\./);
    assert.equal(bad.stdout, "");

    const invalid = cli(["tenant", "create", "--name", "X", "--plan", "platinum"]);
    assert.equal(invalid.code, 1);
    assert.match(invalid.stderr, /^422 /);
    assert.match(invalid.stderr, /plan: no plan named \\"platinum\\"/);

    const wrongToken = cli(["tenant", "list"], { OPERATOR_TOKEN: "not-the-token" });
    assert.equal(wrongToken.code, 1);
    assert.match(wrongToken.stderr, /^401 /);

    const usage = cli(["key", "issue", "ten_x", "--label", "x"]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--scopes is required/);
  });
});

// ---- npm start, in a scratch copy of the project ----

/** The project's files (no state, no secrets) with node_modules linked in. */
function scratchCopy() {
  const copy = mkdtempSync(path.join(tmpdir(), "edge-sign-start-"));
  for (const name of ["package.json", "wrangler.toml", "tsconfig.json", "src", "aliases", "migrations", "scripts", "assets", "verify"]) {
    if (existsSync(path.join(ROOT, name))) cpSync(path.join(ROOT, name), path.join(copy, name), { recursive: true });
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
  return copy;
}

/** Starts `node scripts/dev.mjs` as npm start does; resolves once the banner is printed. */
function start(copy, port, env = {}) {
  const child = spawn(process.execPath, ["scripts/dev.mjs"], {
    cwd: copy,
    env: { ...process.env, PORT: String(port), NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no banner in 120 s:\n${output}`)), 120_000);
    const check = () => {
      if (/Operator tools: (PORT=\d+ )?npm run ops/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", check);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before its banner:\n${output}`));
    });
  });
  return { child, ready, output: () => output };
}

/** Every process below `pid` (children, their children, …). */
function descendants(pid) {
  const rows = spawnSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number));
  const out = [];
  const walk = (p) => {
    for (const [c, parent] of rows) if (parent === p) out.push(c), walk(c);
  };
  walk(pid);
  return out;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stop(s) {
  if (s.child.exitCode !== null) return s.child.exitCode;
  const exited = new Promise((r) => s.child.once("exit", (code, signal) => r(code ?? signal)));
  s.child.kill("SIGTERM");
  return exited;
}

async function portAnswers(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/openapi.json`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** The demo owner's password and sign-in link as the banner prints them. */
const ownerIn = (text) => ({
  password: /^\s+password\s+(\S+)$/m.exec(text)?.[1],
  link: /^\s+sign in now\s+(\S+)$/m.exec(text)?.[1],
});

/** Cookies of an answer as one Cookie header. */
const cookiesOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Opens a sign-in link and presses its button, as a browser does; signedIn when a session cookie came back. */
async function useLink(port, link) {
  const origin = `http://localhost:${port}`;
  const page = await fetch(link);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const token = new URL(link).searchParams.get("token");
  const res = await fetch(`${origin}/app/sign-in/link/use`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, referer: link, cookie: cookiesOf(page) },
    body: new URLSearchParams({ csrf, token }).toString(),
  });
  return { status: res.status, signedIn: res.headers.getSetCookie().some((c) => c.startsWith("__Host-es_session=") && !/max-age=0/i.test(c)) };
}

async function passwordSignIn(port, email, password) {
  const origin = `http://localhost:${port}`;
  const page = await fetch(`${origin}/app/sign-in`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
  const res = await fetch(`${origin}/app/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, referer: `${origin}/app/sign-in`, cookie: cookiesOf(page) },
    body: new URLSearchParams({ csrf, email, password }).toString(),
  });
  return res.headers.getSetCookie().some((c) => c.startsWith("__Host-es_session=") && !/max-age=0/i.test(c));
}

describe("npm start in a fresh copy of the project", () => {
  let copy;
  let port;
  const running = [];
  before(async () => {
    copy = scratchCopy();
    port = await freePort();
  });
  after(async () => {
    for (const s of running) await stop(s);
    rmSync(copy, { recursive: true, force: true });
  });

  const keyIn = (text) => /demo key\s+(mk_test_[0-9a-f]{48})/.exec(text)?.[1];
  const get = (p, key) => fetch(`http://localhost:${port}${p}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });

  it("writes the secrets, migrates, serves, seeds and prints a working key and the owner's sign-in (link once, password), shows /dev/mail, starts quietly; a second start reuses them with a new key and revokes the earlier one; SIGTERM stops it all", async () => {
    // First start: nothing exists.
    const first = start(copy, port);
    running.push(first);
    await first.ready;
    const out1 = first.output();
    assert.match(out1, /Wrote local development secrets to \.dev\.vars/);
    assert.match(out1, /Applied to the local database: 0000_init\.sql, 0001_[\w-]+\.sql/);
    assert.match(out1, new RegExp(`Edge Sign is running on http://localhost:${port}`));
    assert.match(out1, /slug demo, created now/);
    const devVars = readFileSync(path.join(copy, ".dev.vars"), "utf8");
    assert.equal(parseDevVars(devVars).PUBLIC_BASE_URL, `http://localhost:${port}`);
    const key1 = keyIn(out1);
    assert.ok(key1, out1);
    assert.match(out1, new RegExp(`curl -H "Authorization: Bearer ${key1}" http://localhost:${port}/v1/account`));

    const account = await get("/v1/account", key1);
    assert.equal(account.status, 200);
    const acc = await account.json();
    assert.equal(acc.slug, "demo");
    const templates = await (await get("/v1/templates", key1)).json();
    assert.ok(
      templates.templates.some((t) => t.code === "demo-nda" && t.is_published),
      JSON.stringify(templates),
    );

    // The banner's document request works as printed.
    const doc = await fetch(`http://localhost:${port}/v1/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${key1}`, "content-type": "application/json" },
      body: JSON.stringify({ template_code: "demo-nda", title: "NDA with Ada", values: { company: "Demo Company", counterparty: "Ada Lovelace", years: "2" } }),
    });
    assert.equal(doc.status, 200, await doc.clone().text());

    // The banner's API reference answers, and so does the Redoc bundle it loads (a static asset).
    assert.match(out1, new RegExp(`API reference http://localhost:${port}/docs\\s`));
    const docsPage = await get("/docs");
    assert.equal(docsPage.status, 200);
    const script = /src="(\/docs\/redoc\/[^"]+\/redoc\.standalone\.js)"/.exec(await docsPage.text())?.[1];
    assert.ok(script, "the page loads the bundle from the service");
    const bundle = await get(script);
    assert.equal(bundle.status, 200);
    assert.equal(bundle.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.ok((await bundle.arrayBuffer()).byteLength > 500_000);

    // The first hour: the demo owner's email, password and one-click sign-in link; the mail viewer; a quiet start.
    const owner = ownerIn(out1);
    assert.ok(owner.password && owner.link, out1);
    assert.match(owner.link, new RegExp(`^http://localhost:${port}/app/sign-in/link\\?token=[0-9a-f]{64}$`));
    assert.equal((await useLink(port, owner.link)).signedIn, true, "the banner's link signs in");
    assert.equal((await useLink(port, owner.link)).signedIn, false, "the banner's link works once");
    assert.equal(await passwordSignIn(port, "owner@demo.test", owner.password), true, "the banner's password signs in");
    assert.match(out1, new RegExp(`mail\\s+http://localhost:${port}/dev/mail\\s`));
    assert.match(out1, new RegExp(`PORT=${port} npm run ops -- help`), "printed commands carry the port");
    const { document_id } = await doc.json();
    const sent = await fetch(`http://localhost:${port}/v1/documents/${document_id}/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${key1}`, "content-type": "application/json" },
      body: JSON.stringify({ signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] }),
    });
    assert.equal(sent.status, 200, await sent.clone().text());
    const mail = await get("/dev/mail");
    assert.equal(mail.status, 200);
    assert.match(await mail.text(), new RegExp(`<a href="http://localhost:${port}/s/[0-9a-f]{64}[^"]*">`), "the signer's email is listed, its link clickable");
    for (const noise of [/WARNING/, /Your types might be out of date/, /Binding\s+Resource/, /update available/, /\[custom build\]/])
      assert.doesNotMatch(out1, noise, "no wrangler notice a newcomer would have to interpret");

    const tree1 = descendants(first.child.pid);
    assert.ok(tree1.length >= 2, "wrangler and workerd run below npm start");
    assert.equal(await stop(first), 0);
    await sleep(500);
    assert.deepEqual(tree1.filter(alive), [], "SIGTERM stops every process npm start started");
    assert.equal(await portAnswers(port), false, "nothing serves after SIGTERM");

    // Second start: same secrets, same account and template, a new key; the first key still works.
    const second = start(copy, port);
    running.push(second);
    await second.ready;
    const out2 = second.output();
    assert.match(out2, /Using the secrets in \.dev\.vars\./);
    assert.match(out2, /Local database is up to date\./);
    assert.doesNotMatch(out2, /created now/);
    assert.equal(readFileSync(path.join(copy, ".dev.vars"), "utf8"), devVars, ".dev.vars never overwritten");
    const key2 = keyIn(out2);
    assert.ok(key2 && key2 !== key1);
    assert.equal((await (await get("/v1/account", key2)).json()).tenant_id, acc.tenant_id);
    assert.equal((await get("/v1/account", key1)).status, 401, "the earlier demo key is revoked: demo keys do not pile up");
    const owner2 = ownerIn(out2);
    assert.equal(owner2.password, owner.password, "the same password at every start");
    assert.notEqual(owner2.link, owner.link, "a new sign-in link at every start");
    assert.equal((await useLink(port, owner2.link)).signedIn, true);
    const t2 = (await (await get("/v1/templates", key2)).json()).templates.filter((t) => t.code === "demo-nda");
    assert.equal(t2.length, 1, "one demo-nda");

    // A second npm start on the same port refuses at once, naming the port.
    const clash = spawnSync(process.execPath, ["scripts/dev.mjs"], {
      cwd: copy,
      env: { ...process.env, PORT: String(port) },
      encoding: "utf8",
      timeout: 60_000,
    });
    assert.equal(clash.status, 1);
    assert.match(clash.stderr, new RegExp(`port ${port} is already in use`));

    const tree2 = descendants(second.child.pid);
    assert.equal(await stop(second), 0);
    await sleep(500);
    assert.deepEqual(tree2.filter(alive), []);
    assert.equal(await portAnswers(port), false);
  });
});

describe("SHARDS=3 npm start", () => {
  let copy;
  let port;
  let running;
  before(async () => {
    copy = scratchCopy();
    port = await freePort();
  });
  after(async () => {
    if (running) await stop(running);
    rmSync(copy, { recursive: true, force: true });
  });

  it("makes and migrates three local databases, serves the demo account, spreads new accounts and moves one", async () => {
    running = start(copy, port, { SHARDS: "3" });
    await running.ready;
    const out = running.output();
    for (const [i, binding] of ["DB", "DB_1", "DB_2"].entries()) {
      assert.match(out, new RegExp(`Applied to the local database ${binding} \\(shard ${i}\\): 0000_init\\.sql`));
    }
    const key = /demo key\s+(mk_test_[0-9a-f]{48})/.exec(out)?.[1];
    const base = `http://localhost:${port}`;
    assert.equal((await fetch(`${base}/v1/account`, { headers: { authorization: `Bearer ${key}` } })).status, 200);
    const token = parseDevVars(readFileSync(path.join(copy, ".dev.vars"), "utf8")).OPERATOR_TOKEN;
    const op = async (method, p, body) => {
      const r = await fetch(`${base}/ops/v1${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body && JSON.stringify(body),
      });
      return { status: r.status, json: await r.json() };
    };
    const made = [];
    for (const name of ["Shard One", "Shard Two"]) made.push((await op("POST", "/tenants", { name })).json.tenant_id);
    const listed = (await op("GET", "/tenants?limit=50")).json.tenants.map((t) => t.tenant_id);
    for (const id of made) assert.ok(listed.includes(id), id);
    const moved = await op("POST", `/tenants/${made[0]}/move`, { shard: 2 });
    if (moved.status === 422) assert.match(moved.json.error.message, /on shard 2 already/);
    else {
      assert.equal(moved.status, 200, JSON.stringify(moved.json));
      assert.equal(moved.json.to, 2);
    }
    assert.equal((await op("GET", `/tenants/${made[0]}/keys`)).status, 200);
  });
});
