/**
 * The local tooling: the secrets `npm start` writes, and the operator CLI's requests and exits.
 * The operator API itself is tested inside workerd (test/ops.test.ts); here the CLI talks to a
 * recording HTTP server.
 */
import { X509Certificate, createPrivateKey } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { ensureDevVars, formatDevVars, parseDevVars } from "../../scripts/dev-secrets.mjs";
import { main, parseArgs, requestFor } from "../../scripts/ops.mjs";

const dir = () => mkdtempSync(path.join(tmpdir(), "edge-sign-tooling-"));

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
    assert.deepEqual(parseDevVars(readFileSync(file, "utf8")), v);

    const again = await ensureDevVars(file, { port: 1 });
    assert.equal(again.created, false);
    assert.deepEqual(again.vars, v);
  });

  it("holds a seal identity and a timestamp authority whose keys match their certificates", async () => {
    const { vars } = await ensureDevVars(path.join(dir(), ".dev.vars"));
    const seal = new X509Certificate(vars.SEAL_CERT_PEM);
    assert.ok(seal.checkPrivateKey(createPrivateKey(vars.SEAL_KEY_PEM)));
    assert.equal(seal.publicKey.asymmetricKeyType, "rsa");
    assert.ok(seal.verify(seal.publicKey), "self-signed");
    assert.equal(seal.keyUsage, undefined, "no extended key usage on the seal");

    const tsa = new X509Certificate(vars.TSA_CERT_PEM);
    assert.ok(tsa.checkPrivateKey(createPrivateKey(vars.TSA_KEY_PEM)));
    assert.equal(tsa.publicKey.asymmetricKeyType, "ec");
    // Node lists extended key usages here; RFC 3161 wants exactly timeStamping, marked critical.
    assert.deepEqual(tsa.keyUsage, ["1.3.6.1.5.5.7.3.8"]);
    assert.ok(new Date(tsa.validTo) > new Date(Date.now() + 365 * 86_400_000));
  });

  it("keeps multi-line values, quotes and backslashes through a write and a read", () => {
    const vars = { A: "line 1\nline 2", B: 'say "hi"', C: "back\\slash", D: "" };
    assert.deepEqual(parseDevVars(formatDevVars(vars)), vars);
    assert.deepEqual(parseDevVars("# comment\nPLAIN=value\n  SPACED = x \n"), { PLAIN: "value", SPACED: "x" });
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
    assert.deepEqual(req(["tenant", "update", "ten_1", "--white-label", "true", "--spending-limit-cents=null", "--frame-ancestors", "https://a.example, https://b.example"]), {
      method: "PATCH",
      path: "/tenants/ten_1",
      body: { white_label: true, spending_limit_cents: null, frame_ancestors: ["https://a.example", "https://b.example"] },
    });
    assert.deepEqual(req(["key", "issue", "ten_1", "--label", "server", "--scopes", "signing:read,signing:write", "--mode", "live", "--allowed-ips", "203.0.113.0/24,2001:db8::1"]), {
      method: "POST",
      path: "/tenants/ten_1/keys",
      body: { label: "server", scopes: ["signing:read", "signing:write"], mode: "live", allowed_ips: ["203.0.113.0/24", "2001:db8::1"] },
    });
    assert.deepEqual(req(["key", "revoke", "key_9", "--reason", "rotated"]), { method: "POST", path: "/keys/key_9/revoke", body: { reason: "rotated" } });
    assert.deepEqual(req(["member", "add", "ten_1", "--email", "a@example.com", "--full-name", "Ada", "--role", "admin"]), {
      method: "POST",
      path: "/tenants/ten_1/members",
      body: { email: "a@example.com", full_name: "Ada", role: "admin" },
    });
    assert.deepEqual(req(["oauth-client", "register", "--name", "App", "--homepage", "https://app.example", "--redirect-uris", "https://app.example/cb", "--scopes", "signing:read"]), {
      method: "POST",
      path: "/oauth-clients",
      body: { name: "App", homepage: "https://app.example", redirect_uris: ["https://app.example/cb"], scopes: ["signing:read"] },
    });
    assert.deepEqual(req(["outbox", "--tenant-id", "ten_1", "--limit", "5"]), { method: "GET", path: "/outbox?tenant_id=ten_1&limit=5" });
    assert.deepEqual(req(["outbox"]), { method: "GET", path: "/outbox" });
  });

  it("refuses missing or malformed options before calling anything", () => {
    assert.throws(() => req(["tenant", "create"]), /--name is required/);
    assert.throws(() => req(["key", "issue", "--label", "x"]), /TENANT_ID is required/);
    assert.throws(() => req(["tenant", "update", "t", "--white-label", "yes"]), /true or false/);
    assert.throws(() => req(["tenant", "update", "t", "--spending-limit-cents", "-5"]), /whole number or null/);
    assert.throws(() => req(["key", "revoke", "k", "--reason"]), /--reason needs a value/);
    assert.throws(() => req(["tenant", "delete", "t"]), /Unknown command: tenant delete t/);
  });
});

describe("npm run ops: against a server", () => {
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
    const r = await capture(["--url", url, "tenant", "create", "--name", "Acme"], root);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(JSON.parse(r.out), { tenant_id: "ten_x", slug: "acme" });
    const last = seen.at(-1);
    assert.deepEqual(last, { method: "POST", url: "/ops/v1/tenants", auth: "Bearer op_from_dev_vars", body: '{"name":"Acme"}' });
  });

  it("exits 1 with the service's error, 2 on a usage error, and names an unreachable service", async () => {
    const refused = await capture(["--url", url, "--token", "t", "key", "revoke", "missing", "--reason", "x"]);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /^404 /);
    assert.match(refused.err, /No such key/);

    const usage = await capture(["--url", url, "--token", "t", "key", "issue"]);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /TENANT_ID is required/);

    const noToken = await capture(["--url", url, "outbox"]);
    assert.equal(noToken.code, 2);
    assert.match(noToken.err, /No operator token/);

    const down = await capture(["--url", "http://127.0.0.1:9", "--token", "t", "outbox"]);
    assert.equal(down.code, 1);
    assert.match(down.err, /Could not reach http:\/\/127\.0\.0\.1:9/);
  });
});
