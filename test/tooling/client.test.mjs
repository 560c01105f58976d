/**
 * The integrator's surface, run for real against one `npm start` (scripts/dev.mjs in a scratch copy
 * of the project, on a free loopback port, with its demo account and key):
 *
 * - clients/typescript: its generated types equal what openapi-typescript makes of the served
 *   /openapi.json (so a stale file fails here), its idempotent-operation list equals the
 *   description's; templates, documents, sending, idempotent replay, retries that reuse the key
 *   (a lost answer and a 503 create one document, not two), 429 honouring Retry-After, paging,
 *   and a webhook delivery received on a local receiver and verified by verifyWebhook (tampered,
 *   late and wrong-secret ones refused; both secrets of a rotation verify);
 * - clients/python/verify_webhook.py: its self-test, and a real delivery verified by it;
 * - examples/: each one run as a child process (`node examples/<name>.mjs`) with the service's
 *   address and the banner's key, its exit code and key output checked; the iframe example's page
 *   driven in Debian's Chromium (playwright-core) through a signature inside the frame.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  EdgeSignError,
  IDEMPOTENT_OPERATIONS,
  WebhookVerificationError,
  createEdgeSignClient,
  idempotencyKeyFor,
  listAllDocuments,
  ok,
  signWebhook,
  verifyWebhook,
} from "../../clients/typescript/src/index.ts";
import { SCHEMA_FILE, typesFor } from "../../scripts/generate-client.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";

/** npm start in a scratch copy (its own .dev.vars and .wrangler state); resolves with the banner's key. */
async function startService() {
  const copy = mkdtempSync(path.join(tmpdir(), "edge-sign-client-"));
  for (const name of ["package.json", "wrangler.toml", "tsconfig.json", "src", "aliases", "migrations", "scripts", "assets", "verify"]) {
    if (existsSync(path.join(ROOT, name))) cpSync(path.join(ROOT, name), path.join(copy, name), { recursive: true });
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"));
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/dev.mjs"], {
    cwd: copy,
    env: { ...process.env, PORT: String(port), NO_COLOR: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no banner in 150 s:\n${output}`)), 150_000);
    child.stdout.on("data", () => {
      if (/Operator tools: (PORT=\d+ )?npm run ops/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before its banner:\n${output}`));
    });
  });
  const key = /demo key\s+(mk_test_[0-9a-f]{48})/.exec(output)?.[1];
  const operatorToken = /^OPERATOR_TOKEN=(.*)$/m.exec(readFileSync(path.join(copy, ".dev.vars"), "utf8"))?.[1]?.replace(/^"|"$/g, "");
  assert.ok(key && operatorToken, output);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(copy, { recursive: true, force: true });
  };
  return { baseUrl: `http://localhost:${port}`, key, operatorToken, stop };
}

let svc;
before(async () => {
  svc = await startService();
});
after(async () => {
  await svc?.stop();
});

const nda = { template_code: "demo-nda", values: { company: "Demo Company", counterparty: "Ada Lovelace", years: "2" } };

/** A client whose fetch is observed (and, through `tamper`, may fake failures). */
function observed(tamper) {
  const requests = [];
  const client = createEdgeSignClient({
    baseUrl: svc.baseUrl,
    apiKey: svc.key,
    baseDelayMs: 20,
    fetch: async (request) => {
      requests.push({ method: request.method, url: request.url, key: request.headers.get("Idempotency-Key") });
      return tamper ? tamper(request, requests.length) : fetch(request);
    },
  });
  return { client, requests };
}

async function signAs(token, name) {
  const signer = createEdgeSignClient({ baseUrl: svc.baseUrl });
  assert.equal((await ok(signer.GET("/v1/sign/{token}", { params: { path: { token } } }))).ok, true);
  await ok(signer.POST("/v1/sign/{token}/consent", { params: { path: { token } }, body: {} }));
  await ok(signer.POST("/v1/sign/{token}", { params: { path: { token } }, body: { method: "typed", value: name } }));
}

describe("the TypeScript client against npm start", () => {
  it("its generated types are what openapi-typescript makes of the served /openapi.json, and its idempotent list is the description's", async () => {
    const description = await (await fetch(`${svc.baseUrl}/openapi.json`)).json();
    const expected = await typesFor(description);
    assert.ok(
      readFileSync(SCHEMA_FILE, "utf8") === expected,
      "clients/typescript/src/schema.d.ts is out of date with /openapi.json: run npm run client:generate",
    );
    const idem = Object.entries(description.paths)
      .filter(([, ops]) => ops.post?.["x-idempotency-operation"])
      .map(([p]) => p)
      .sort();
    assert.deepEqual([...IDEMPOTENT_OPERATIONS].sort(), idem);
  });

  it("creates and publishes a template, prepares and sends a document; every idempotent call carries a fresh key", async () => {
    const { client, requests } = observed();
    const code = `client-${Date.now().toString(36)}`;
    const { template_id } = await ok(
      client.POST("/v1/templates", { body: { code, name: "Client test", kind: "consent", body: "I, {{name}}, agree.", variables: ["name"] } }),
    );
    assert.match(template_id, /^tpl_/);
    await ok(client.POST("/v1/templates/publish", { body: { code } }));
    const { document_id } = await ok(client.POST("/v1/documents", { body: { template_code: code, values: { name: "Ada" } } }));
    const { links } = await ok(
      client.POST("/v1/documents/{id}/send", {
        params: { path: { id: document_id } },
        body: { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] },
      }),
    );
    assert.match(links[0].token, /^[0-9a-f]{64}$/);
    const doc = await ok(client.GET("/v1/documents/{id}", { params: { path: { id: document_id } } }));
    assert.equal(doc.status, "sent");
    assert.equal(doc.body, "I, Ada, agree.");
    const keys = requests.filter((r) => r.method === "POST" && !r.url.endsWith("/publish")).map((r) => r.key);
    assert.equal(keys.length, 3);
    assert.ok(keys.every((k) => /^idem_[0-9a-f]{32}$/.test(k)));
    assert.equal(new Set(keys).size, 3, "one key per logical operation");
    assert.equal(requests.find((r) => r.url.endsWith("/publish")).key, null, "no key on an operation that takes none");

    // A refusal is the service's envelope, with the request id.
    const refused = await client.POST("/v1/documents", { body: { template_code: "no-such-template" } });
    await assert.rejects(ok(Promise.resolve(refused)), (e) => e instanceof EdgeSignError && e.status === 422 && e.code === "invalid" && !!e.requestId);
  });

  it("replays an idempotent call: same key and body → the first answer; same key, other body → 409", async () => {
    const { client } = observed();
    const key = await idempotencyKeyFor("client-test", Date.now(), "prepare");
    assert.equal(await idempotencyKeyFor("booking", "RES-1", "send"), await idempotencyKeyFor("booking", "RES-1", "send"), "same parts, same key");
    assert.notEqual(await idempotencyKeyFor("booking", "RES-1", "send"), await idempotencyKeyFor("booking", "RES-2", "send"));
    const body = { ...nda, title: `Replay ${key}` };
    const first = await client.POST("/v1/documents", { body, headers: { "Idempotency-Key": key } });
    const second = await client.POST("/v1/documents", { body, headers: { "Idempotency-Key": key } });
    assert.equal(first.response.status, 200);
    assert.equal(first.response.headers.get("Idempotency-Replayed"), null);
    assert.equal(second.response.headers.get("Idempotency-Replayed"), "true");
    assert.equal(second.data.document_id, first.data.document_id);
    const other = await client.POST("/v1/documents", { body: { ...body, title: "Another" }, headers: { "Idempotency-Key": key } });
    assert.equal(other.response.status, 409);
    assert.equal(other.error.error.code, "conflict");
    assert.equal((await ok(client.GET("/v1/documents", { params: { query: { q: `Replay ${key}` } } }))).total, 1);
  });

  it("retries with the same key: a lost answer and a 503 make one document; a 429 waits Retry-After; a write without a key is not repeated", async () => {
    const title = `Retry ${Date.now()}`;
    // The first attempt reaches the service, but its answer is lost on the way back.
    const lost = observed(async (request, n) => {
      const res = await fetch(request);
      if (n === 1) throw new TypeError("fetch failed (connection reset)");
      return res;
    });
    const r1 = await lost.client.POST("/v1/documents", { body: { ...nda, title } });
    assert.equal(r1.response.status, 200);
    assert.equal(r1.response.headers.get("Idempotency-Replayed"), "true", "the retry got the first attempt's answer");
    assert.equal(lost.requests.length, 2);
    assert.equal(lost.requests[0].key, lost.requests[1].key);
    // A 503 before the service saw it.
    const busy = observed(async (request, n) => (n === 1 ? new Response("{}", { status: 503 }) : fetch(request)));
    const r2 = await busy.client.POST("/v1/documents", { body: { ...nda, title: `${title} b` } });
    assert.equal(r2.response.status, 200);
    assert.equal(busy.requests[0].key, busy.requests[1].key);
    const listed = await ok(lost.client.GET("/v1/documents", { params: { query: { q: title } } }));
    assert.equal(listed.total, 2, "one document per logical call, not one per attempt");

    const limited = observed(async (request, n) => (n === 1 ? new Response("{}", { status: 429, headers: { "Retry-After": "1" } }) : fetch(request)));
    const t0 = Date.now();
    assert.equal((await limited.client.GET("/v1/account")).response.status, 200);
    assert.ok(Date.now() - t0 >= 1000, "waited Retry-After");

    // publish takes no Idempotency-Key: a 503 is handed back rather than risk doing it twice.
    const unsafe = observed(async () => new Response(JSON.stringify({ error: { code: "internal", message: "x" } }), { status: 503 }));
    assert.equal((await unsafe.client.POST("/v1/templates/publish", { body: { code: "demo-nda" } })).response.status, 503);
    assert.equal(unsafe.requests.length, 1);
  });

  it("pages the documents list to the end with listAllDocuments", async () => {
    const { client, requests } = observed();
    const tag = `Paged${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await ok(client.POST("/v1/documents", { body: { ...nda, title: `${tag} ${i}` } }))).document_id);
    requests.length = 0;
    const seen = [];
    for await (const doc of listAllDocuments(client, { q: tag, limit: 2 })) seen.push(doc.document_id);
    assert.deepEqual(seen, [...made].reverse(), "every document once, newest first");
    assert.equal(requests.length, 3, "pages of 2, 2 and 1");
    assert.deepEqual(
      requests.map((r) => new URL(r.url).searchParams.get("offset")),
      ["0", "2", "4"],
    );
  });

  it("a signing.completed delivery reaches a local receiver and verifies; tampered, late and wrong-secret ones do not; both secrets of a rotation verify; the Python verifier agrees", async () => {
    const { startReceiver, addWebhook } = await import("../../examples/lib/setup.mjs");
    const { client } = observed();
    const receiver = await startReceiver();
    const hook = await addWebhook(client, receiver.url, ["signing.completed", "signing.ping"], "client test");
    try {
      assert.match(hook.secret, /^whsec_[0-9a-f]{48}$/);
      const { document_id } = await ok(client.POST("/v1/documents", { body: nda }));
      const { links } = await ok(
        client.POST("/v1/documents/{id}/send", {
          params: { path: { id: document_id } },
          body: { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] },
        }),
      );
      await signAs(links[0].token, "Ada Lovelace");
      const d = await receiver.next((x) => x.raw.includes(document_id), 30_000);
      const v = await verifyWebhook(hook.secret, d.headers, d.raw);
      assert.equal(v.payload.event, "signing.completed");
      assert.equal(v.payload.document.id, document_id);
      assert.equal(v.eventId, d.headers["service-event-id"]);
      assert.match(d.headers["service-signature"], /^v1=[0-9a-f]{64}$/);

      const refused = async (why, ...args) => assert.rejects(verifyWebhook(...args), (e) => e instanceof WebhookVerificationError && e.reason === why, why);
      const tampered = Buffer.from(d.raw.toString("utf8").replace('"completed"', '"voided"'));
      await refused("signature_mismatch", hook.secret, d.headers, tampered);
      await refused("signature_mismatch", `whsec_${"0".repeat(48)}`, d.headers, d.raw);
      await refused("too_old", hook.secret, d.headers, d.raw, { now: (v.timestamp + 301) * 1000 });
      await refused("too_new", hook.secret, d.headers, d.raw, { now: (v.timestamp - 301) * 1000 });
      await refused("missing_header", hook.secret, { ...d.headers, "service-signature": undefined }, d.raw);
      // Our signer makes the header the service made.
      assert.equal(await signWebhook(hook.secret, v.timestamp, d.raw), d.headers["service-signature"]);

      // The Python verifier: the real delivery verifies, the tampered body does not.
      const dir = mkdtempSync(path.join(tmpdir(), "edge-sign-py-"));
      const py = (body) => {
        const file = path.join(dir, "body.json");
        writeFileSync(file, body);
        return spawnSync(
          "python3",
          [
            path.join(ROOT, "clients/python/verify_webhook.py"),
            "--secret",
            hook.secret,
            "--timestamp",
            d.headers["service-timestamp"],
            "--signature",
            d.headers["service-signature"],
            "--event-id",
            d.headers["service-event-id"],
            "--body-file",
            file,
          ],
          { encoding: "utf8" },
        );
      };
      const good = py(d.raw);
      assert.equal(good.status, 0, good.stderr);
      assert.equal(JSON.parse(good.stdout).payload.document.id, document_id);
      const bad = py(tampered);
      assert.equal(bad.status, 1);
      assert.match(bad.stderr, /signature_mismatch/);
      rmSync(dir, { recursive: true, force: true });

      // Rotation: deliveries carry both signatures, new first; either secret verifies.
      const { secret: fresh } = await ok(client.POST("/v1/webhooks/{id}/rotate", { params: { path: { id: hook.id } } }));
      const before = receiver.received.length;
      await ok(client.POST("/v1/webhooks/{id}/ping", { params: { path: { id: hook.id } } }));
      const ping = await receiver.next((x) => receiver.received.indexOf(x) >= before && x.raw.includes("signing.ping"), 30_000);
      const parts = ping.headers["service-signature"].split(",");
      assert.equal(parts.length, 2);
      assert.equal(parts[0], await signWebhook(fresh, Number(ping.headers["service-timestamp"]), ping.raw));
      assert.equal((await verifyWebhook(fresh, ping.headers, ping.raw)).payload.event, "signing.ping");
      assert.equal((await verifyWebhook([hook.secret], ping.headers, ping.raw)).payload.event, "signing.ping");
      const pyRotated = spawnSync("python3", ["-c", PY_ROTATION, fresh, hook.secret, ping.headers["service-timestamp"], ping.headers["service-signature"]], {
        input: ping.raw,
        encoding: "utf8",
        cwd: path.join(ROOT, "clients/python"),
      });
      assert.equal(pyRotated.status, 0, pyRotated.stderr);
      assert.equal(pyRotated.stdout.trim(), "signing.ping signing.ping");
    } finally {
      await hook.remove();
      await receiver.close();
    }
  });

  it("the Python verifier passes its own self-test", () => {
    const r = spawnSync("python3", [path.join(ROOT, "clients/python/verify_webhook.py")], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /self-test passed/);
  });
});

const PY_ROTATION = `
import sys
from verify_webhook import verify_webhook
new, old, ts, sig = sys.argv[1:5]
body = sys.stdin.buffer.read()
h = {"Service-Timestamp": ts, "Service-Signature": sig, "Service-Event-Id": "x"}
print(verify_webhook(new, h, body)["payload"]["event"], verify_webhook([old], h, body)["payload"]["event"])
`;
import { freePort } from "../../scripts/free-port.mjs";

// ---- examples/ ----

/** Runs `node examples/<name>.mjs` against the service; {status, stdout, stderr}. */
function example(name, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, "examples", name)], {
      cwd: ROOT,
      env: { ...process.env, EDGE_SIGN_URL: svc.baseUrl, EDGE_SIGN_API_KEY: svc.key, OPERATOR_TOKEN: svc.operatorToken, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("exit", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, out: `${stdout}\n${stderr}` });
    });
  });
}

describe("examples/ against npm start", () => {
  it("send-and-wait: sends, the example signs, the signing.completed webhook verifies, the sealed PDF is saved", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "edge-sign-example-"));
    const r = await example("send-and-wait.mjs", { OUT_DIR: out });
    assert.equal(r.status, 0, r.out);
    assert.match(r.stdout, /verified signing\.completed delivery dlv_\w+ for (doc_\w+) \(status completed\)/);
    const file = /saved sealed PDF (\S+) \((\d+) bytes, sha256 ([0-9a-f]{64})/.exec(r.stdout);
    assert.ok(file, r.stdout);
    const pdf = readFileSync(file[1]);
    assert.equal(pdf.subarray(0, 5).toString(), "%PDF-");
    assert.equal(createHash("sha256").update(pdf).digest("hex"), file[3]);
    rmSync(out, { recursive: true, force: true });
  });

  it("verify-pdf: signature present, certificate.json hashes to the certificate, /v1/verify finds it", async () => {
    const r = await example("verify-pdf.mjs");
    assert.equal(r.status, 0, r.out);
    for (const line of [
      /ok {2}the last signature's byte range covers the whole file/,
      /ok {2}the signature's CMS signs exactly those bytes/,
      /ok {2}SHA-256 of certificate\.json = certificate_sha256_hex [0-9a-f]{64}/,
      /ok {2}GET \/v1\/verify\/[0-9A-Z]{16}\?sha256=… answers found, document_matches/,
    ])
      assert.match(r.stdout, line);
    assert.doesNotMatch(r.out, /FAILED/);
  });

  it("booking-system: starts the workflow once per booking (a repeated start replays), follows the document to completed", async () => {
    for (const run of [1, 2]) {
      const r = await example("booking-system.mjs");
      assert.equal(r.status, 0, r.out);
      if (run === 1) assert.match(r.stdout, /created the workflow booking-checkin/);
      else assert.doesNotMatch(r.stdout, /created the workflow/, "the second run finds the workflow by code");
      assert.match(r.stdout, /repeated start with the same Idempotency-Key replayed doc_\w+ \(Idempotency-Replayed: true\)/);
      assert.match(r.stdout, /booking RES-\w+: document doc_\w+ completed at /);
    }
  });

  it("iframe-embed: its page frames the signing page; a signature inside the frame reaches the page by postMessage and the server confirms it", async () => {
    const child = spawn(process.execPath, [path.join(ROOT, "examples/iframe-embed.mjs")], {
      cwd: ROOT,
      env: { ...process.env, EDGE_SIGN_URL: svc.baseUrl, EDGE_SIGN_API_KEY: svc.key, OPERATOR_TOKEN: svc.operatorToken, EMBED_PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const { chromium } = await import("playwright-core");
    let browser;
    try {
      const url = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no embed page in 30 s:\n${output}`)), 30_000);
        child.stdout.on("data", () => {
          const m = /embed page (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
          if (m) clearTimeout(timer), resolve(m[1]);
        });
        child.on("exit", (code) => reject(new Error(`the example exited (${code}):\n${output}`)));
      });
      const home = await fetch(url);
      assert.equal(home.status, 200);
      assert.match(await home.text(), /Sign the NDA/);

      browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
      const page = await browser.newPage();
      await page.goto(url);
      await page.getByRole("button", { name: "Sign the NDA" }).click();
      const frame = page.frameLocator("iframe");
      await frame.getByRole("button", { name: "I agree" }).click();
      await frame.getByLabel("Your full name, as your signature").fill("Ada Lovelace");
      await frame.getByRole("button", { name: "Sign", exact: true }).click();
      await page.waitForSelector("body[data-outcome]", { timeout: 20_000 });
      assert.equal(await page.getAttribute("body", "data-outcome"), "signed:completed");
      assert.match(await page.textContent("#status"), /The signing page says: signed; the server confirms: completed\./);
    } finally {
      await browser?.close();
      child.kill("SIGTERM");
    }
  });
});
