/**
 * Crash-safety (docs/reliability.md, part 6): `wrangler dev` (local D1, R2 and Durable Objects
 * persisted in a temporary directory) is killed with SIGKILL — its whole process group, workerd
 * included, so nothing after the kill runs — in the middle of three kinds of work, and restarted on
 * the same persisted state each time:
 *
 *   1. signing: documents prepared and sent with Idempotency-Keys, their signers consenting and
 *      signing, all at once;
 *   2. sealing: the first requests for the sealed PDFs and evidence bundles of completed documents;
 *   3. delivering: webhook deliveries in flight to a slow local receiver.
 *
 * After each restart: every document answers `integrity_ok: true`, every trail's sequence has no
 * gap or duplicate; every Idempotency-Key used before the kill either replays its answer or, once
 * its 60-second running marker has lapsed, runs again (none stays "still running"); the unfinished
 * signings finish; sealed PDFs and bundles are served and match their recorded SHA-256; every
 * delivery queued before the kill reaches the receiver. Traffic stays on 127.0.0.1.
 */
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../free-port.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WRANGLER = path.join(ROOT, "node_modules/wrangler/bin/wrangler.js");
const NODE = existsSync(path.join(ROOT, "node_modules/node/bin/node")) ? path.join(ROOT, "node_modules/node/bin/node") : process.execPath;
const OPERATOR_TOKEN = `crash-operator-${randomBytes(8).toString("hex")}`;
const fixture = (name) => readFileSync(path.join(ROOT, "test/fixtures/seal", name), "utf8");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ENV = { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", NO_COLOR: "1" };
const persist = mkdtempSync(path.join(tmpdir(), "edge-sign-crash-"));
const figures = [];
const say = (line) => {
  figures.push(line);
  console.log(`crash: ${line}`);
};
const problems = [];
const check = (ok, what) => {
  if (!ok) problems.push(what);
};

/** A receiver on 127.0.0.1 that answers after `delayMs` and records each Service-Event-Id. */
function startReceiver() {
  const seen = new Map();
  const state = { delayMs: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", async () => {
      await sleep(state.delayMs);
      const id = String(req.headers["service-event-id"]);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      res.writeHead(200).end("{}");
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, seen, state, url: `http://127.0.0.1:${server.address().port}/hook` })));
}

const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
const VARS = {
  OPERATOR_TOKEN,
  WEBHOOK_SECRET_KEY: randomBytes(32).toString("hex"),
  ALLOW_INSECURE_WEBHOOKS: "true",
  PUBLIC_BASE_URL: BASE,
  SEAL_KEY_PEM: fixture("seal-key.pem"),
  SEAL_CERT_PEM: fixture("seal-cert.pem"),
  TSA_KEY_PEM: fixture("tsa-key.pem"),
  TSA_CERT_PEM: fixture("tsa-cert.pem"),
};

let child = null;
let output = "";
async function start() {
  const args = [
    WRANGLER,
    "dev",
    "--local",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--persist-to",
    persist,
    "--show-interactive-dev-session=false",
    "--log-level",
    "error",
  ];
  for (const [k, v] of Object.entries(VARS)) args.push("--var", `${k}:${v}`);
  child = spawn(NODE, args, { cwd: ROOT, env: ENV, stdio: ["ignore", "pipe", "pipe"], detached: true });
  output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
    try {
      if ((await fetch(`${BASE}/openapi.json`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - t0 > 120_000) throw new Error(`wrangler dev did not start:\n${output}`);
    await sleep(200);
  }
  return (Date.now() - t0) / 1000;
}

/** SIGKILL to wrangler's whole process group (workerd with it): nothing after this runs. */
async function kill() {
  const c = child;
  process.kill(-c.pid, "SIGKILL");
  await new Promise((r) => (c.exitCode !== null || c.signalCode ? r() : c.on("exit", r)));
  // workerd may take a moment to release the port.
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`${BASE}/openapi.json`);
      await sleep(100);
    } catch {
      return;
    }
  }
}

/** SQL straight on the persisted local D1 (wrangler d1 execute --local). */
function sql(command) {
  for (let attempt = 1; ; attempt++) {
    const r = spawnSync(NODE, [WRANGLER, "d1", "execute", "DB", "--local", "--persist-to", persist, "--json", "--command", command], {
      cwd: ROOT,
      env: ENV,
      encoding: "utf8",
    });
    if (r.status === 0) return JSON.parse(r.stdout)[0].results;
    // The running service holds the SQLite file while it writes; read again a moment later.
    if (attempt < 20 && /database is locked|SQLITE_BUSY/.test(`${r.stderr}${r.stdout}`)) {
      spawnSync("sleep", ["0.5"]);
      continue;
    }
    throw new Error(`d1 execute failed: ${r.stderr}\n${r.stdout}`);
  }
}

async function call(method, p, { key, body, headers = {} } = {}) {
  const h = { ...headers };
  if (key) h.authorization = `Bearer ${key}`;
  if (body !== undefined) h["content-type"] = "application/json";
  const init = { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) };
  let r;
  try {
    r = await fetch(`${BASE}${p}`, init);
  } catch (e) {
    // A kept-alive connection the server closed while idle ("other side closed"): the request
    // was never read, so one retry on a new connection is safe. Any other failure stands.
    if (!/other side closed|ECONNRESET|socket/i.test(String(e?.cause?.message ?? e?.cause?.code ?? ""))) throw e;
    r = await fetch(`${BASE}${p}`, init);
  }
  const bytes = Buffer.from(await r.arrayBuffer());
  let json = null;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    /* not JSON */
  }
  return { status: r.status, json, bytes, headers: r.headers };
}
async function must(method, p, init) {
  const r = await call(method, p, init);
  if (r.status !== 200) throw new Error(`${method} ${p} → ${r.status} ${r.bytes.toString("utf8").slice(0, 300)}`);
  return r.json;
}
/** Like call, but a connection cut by the kill is an answer too (null). */
const attempt = (method, p, init) => call(method, p, init).catch(() => null);

/** Every document of the account: integrity_ok and a trail without gaps. */
async function checkIntegrity(key, label) {
  const docs = [];
  for (let offset = 0; ; offset += 200) {
    const page = await must("GET", `/v1/documents?limit=200&offset=${offset}`, { key });
    docs.push(...page.documents);
    if (!page.has_more) break;
  }
  let ok = 0;
  for (const d of docs) {
    const full = await must("GET", `/v1/documents/${d.document_id}`, { key });
    check(full.integrity_ok === true, `${label}: ${d.document_id} integrity_ok ${full.integrity_ok}`);
    if (full.integrity_ok === true) ok++;
  }
  const gaps = sql("SELECT document_id, COUNT(*) AS n, MAX(seq) AS m, COUNT(DISTINCT seq) AS d FROM events GROUP BY document_id HAVING n != m OR d != n");
  check(gaps.length === 0, `${label}: trails with a gap or duplicate: ${JSON.stringify(gaps.slice(0, 3))}`);
  return { documents: docs.length, integrityOk: ok, trailGaps: gaps.length };
}

const receiver = await startReceiver();
const t0 = Date.now();
try {
  const m = spawnSync(NODE, [WRANGLER, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { cwd: ROOT, env: ENV, encoding: "utf8" });
  if (m.status !== 0) throw new Error(`migrations failed:\n${m.stdout}\n${m.stderr}`);
  say(`first start ${(await start()).toFixed(1)} s`);
  const op = { key: OPERATOR_TOKEN };
  const { tenant_id } = await must("POST", "/ops/v1/tenants", { ...op, body: { name: "Crash Co" } });
  const scopes = ["signing:read", "signing:write", "signing:templates", "signing:webhooks"];
  const keys = [];
  for (let i = 0; i < 6; i++)
    keys.push((await must("POST", `/ops/v1/tenants/${tenant_id}/keys`, { ...op, body: { label: `crash ${i}`, scopes, mode: "test" } })).key);
  let turn = 0;
  const key = () => keys[turn++ % keys.length];
  const code = "crash-nda";
  await must("POST", "/v1/templates", {
    key: key(),
    body: { code, name: "Crash NDA", kind: "nda", body: "Between {{company}} and {{name}}.", variables: ["company", "name"] },
  });
  await must("POST", "/v1/templates/publish", { key: key(), body: { code } });
  const hook = await must("POST", "/v1/webhooks", { key: key(), body: { url: receiver.url, events: ["*"] } });

  // ——— 1. signing ———
  const FLOWS = 24;
  const flows = Array.from({ length: FLOWS }, (_, i) => ({
    i,
    prepKey: `crash-prep-${i}-${randomBytes(4).toString("hex")}`,
    sendKey: `crash-send-${i}-${randomBytes(4).toString("hex")}`,
  }));
  const prepBody = (f) => ({ template_code: code, values: { company: "Acme", name: `Ada ${f.i}` }, external_ref: `crash-${f.i}` });
  const sendBody = { signers: [1, 2].map((j) => ({ email: `s${j}@example.com`, full_name: `Signer ${j}` })), notify: false };
  const run = async (f) => {
    const p = await attempt("POST", "/v1/documents", { key: key(), body: prepBody(f), headers: { "idempotency-key": f.prepKey } });
    if (p?.status !== 200) return;
    f.doc = p.json.document_id;
    const s = await attempt("POST", `/v1/documents/${f.doc}/send`, { key: key(), body: sendBody, headers: { "idempotency-key": f.sendKey } });
    if (s?.status !== 200) return;
    f.links = s.json.links;
    for (const l of f.links) {
      if ((await attempt("POST", `/v1/sign/${l.token}/consent`, { body: {} }))?.status !== 200) return;
      l.signed = (await attempt("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: "Signer" } }))?.status === 200;
    }
  };
  const inFlight = Promise.all(flows.map(run));
  // Kill as soon as the first signatures land, while the other flows are still on their way.
  const killAt = Date.now();
  for (;;) {
    const signed = flows.filter((f) => f.links?.some((l) => l.signed)).length;
    if (signed >= 2 || Date.now() - killAt > 90_000) break;
    await sleep(10);
  }
  const inFlightAtKill = {
    prepared: flows.filter((f) => f.doc).length,
    sent: flows.filter((f) => f.links).length,
    signed: flows.filter((f) => f.links?.some((l) => l.signed)).length,
  };
  const killedAt = Date.now();
  await kill();
  await inFlight;
  const restart1 = await start();
  const after1 = await checkIntegrity(keys[0], "after the kill mid signing");
  // Idempotency: every key used answers (a replay, or a re-run once its running marker lapsed).
  const running = sql("SELECT COUNT(*) AS n, MAX(expires_at) AS latest FROM idempotency_keys WHERE state = 'running'")[0];
  check(!running.latest || Date.parse(running.latest) <= killedAt + 61_000, `a running marker outlives the kill by more than 60 s: ${running.latest}`);
  if (running.n > 0) await sleep(Math.max(0, Date.parse(running.latest) - Date.now() + 500));
  let replayed = 0;
  let reran = 0;
  for (const f of flows) {
    const p = await call("POST", "/v1/documents", { key: key(), body: prepBody(f), headers: { "idempotency-key": f.prepKey } });
    check(p.status === 200, `prepare ${f.i} after restart → ${p.status} ${p.bytes.toString().slice(0, 200)}`);
    if (p.headers.get("idempotency-replayed") === "true") replayed++;
    else reran++;
    f.doc ??= p.json?.document_id;
    if (f.doc !== p.json?.document_id) f.doc = p.json?.document_id;
    const s = await call("POST", `/v1/documents/${f.doc}/send`, { key: key(), body: sendBody, headers: { "idempotency-key": f.sendKey } });
    check(s.status === 200, `send ${f.i} after restart → ${s.status} ${s.bytes.toString().slice(0, 200)}`);
    if (s.headers.get("idempotency-replayed") === "true") replayed++;
    else reran++;
    f.links = s.json?.links ?? f.links;
  }
  const stuck = sql("SELECT COUNT(*) AS n FROM idempotency_keys WHERE state = 'running'")[0].n;
  check(stuck === 0, `${stuck} idempotency keys still running after every key was retried`);
  // The unfinished signings finish.
  for (const f of flows) {
    for (const l of f.links ?? []) {
      await call("POST", `/v1/sign/${l.token}/consent`, { body: {} });
      const s = await call("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: "Signer" } });
      check(
        s.status === 200 || (s.status === 422 && /already/i.test(s.bytes.toString())),
        `sign after restart → ${s.status} ${s.bytes.toString().slice(0, 200)}`,
      );
    }
    const d = await must("GET", `/v1/documents/${f.doc}`, { key: key() });
    check(d.status === "completed", `flow ${f.i}: ${f.doc} is ${d.status} after every signer signed`);
  }
  const dupRefs = sql("SELECT external_ref, COUNT(*) AS n FROM documents WHERE external_ref LIKE 'crash-%' GROUP BY external_ref HAVING n > 1");
  say(
    `signing: killed with ${inFlightAtKill.prepared}/${FLOWS} flows prepared, ${inFlightAtKill.sent} sent, ${inFlightAtKill.signed} with a signature; restart ${restart1.toFixed(1)} s; ` +
      `${after1.integrityOk}/${after1.documents} documents integrity_ok, ${after1.trailGaps} trail gaps; ${running.n} running markers at restart (lapsed ≤ 60 s), ` +
      `${replayed} keys replayed, ${reran} ran again, ${stuck} stuck; all ${FLOWS} completed; ${dupRefs.length} documents prepared twice (a prepare committed but not settled before the kill)`,
  );

  // ——— 2. sealing ———
  const completed = flows.map((f) => f.doc);
  const seals = Promise.all(
    completed.flatMap((id) => [attempt("GET", `/v1/documents/${id}/pdf`, { key: key() }), attempt("GET", `/v1/documents/${id}/bundle`, { key: key() })]),
  );
  await sleep(400);
  const sealedBefore = sql("SELECT COUNT(*) AS n FROM sealed_files")[0].n;
  await kill();
  await seals;
  const restart2 = await start();
  let served = 0;
  let matched = 0;
  for (const id of completed) {
    for (const kind of ["pdf", "bundle"]) {
      const r = await call("GET", `/v1/documents/${id}/${kind}`, { key: key() });
      check(r.status === 200, `GET ${kind} of ${id} after restart → ${r.status}`);
      if (r.status !== 200) continue;
      served++;
      // The JSON form (the default; `Accept: application/pdf` or `application/zip` gives the bytes) carries them in base64.
      const bytes = r.json?.bytes_base64 ? Buffer.from(r.json.bytes_base64, "base64") : r.bytes;
      const sha = createHash("sha256").update(bytes).digest("hex");
      const etag = String(r.headers.get("etag") ?? "").replace(/"/g, "");
      const rows = sql(`SELECT kind, sha256 FROM sealed_files WHERE document_id = '${id}'`);
      check(
        etag === sha && rows.some((x) => x.kind === kind && x.sha256 === sha),
        `${kind} of ${id}: served ${bytes.length} bytes, sha256 ${sha}, ETag ${etag}, recorded ${JSON.stringify(rows)}`,
      );
      if (etag === sha && rows.some((x) => x.kind === kind && x.sha256 === sha)) matched++;
    }
  }
  const after2 = await checkIntegrity(keys[0], "after the kill mid sealing");
  say(
    `sealing: killed with ${sealedBefore} of ${completed.length * 2} sealed files recorded; restart ${restart2.toFixed(1)} s; ${served}/${completed.length * 2} served after, ${matched} matching their ETag and recorded SHA-256; ${after2.integrityOk}/${after2.documents} integrity_ok`,
  );

  // ——— 3. delivering ———
  receiver.state.delayMs = 1500;
  const pings = [];
  for (let i = 0; i < 60; i++) pings.push((await must("POST", `/v1/webhooks/${hook.id}/ping`, { key: key() })).delivery_id);
  await sleep(700);
  const waitingAtKill = sql(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = '${hook.id}' AND status IN ('queued', 'failed')`)[0].n;
  await kill();
  receiver.state.delayMs = 0;
  const restart3 = await start();
  const all = sql(`SELECT id FROM webhook_deliveries WHERE endpoint_id = '${hook.id}'`).map((r) => r.id);
  const deadline = Date.now() + 180_000;
  let tick = 0;
  for (;;) {
    const left = sql(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = '${hook.id}' AND status != 'delivered'`)[0].n;
    if (left === 0 || Date.now() > deadline) break;
    // The minute cron's safety net, as Cloudflare would run it (locally it runs when asked).
    if (++tick % 10 === 0) await fetch(`${BASE}/cdn-cgi/local/scheduled`).catch(() => null);
    await sleep(1000);
  }
  const left = sql(`SELECT status, COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = '${hook.id}' GROUP BY status`);
  const notDelivered = left.filter((r) => r.status !== "delivered").reduce((a, r) => a + r.n, 0);
  check(notDelivered === 0, `deliveries not delivered 3 minutes after the restart: ${JSON.stringify(left)}`);
  const missing = all.filter((id) => !receiver.seen.has(id)).length;
  check(missing === 0, `${missing} deliveries never reached the receiver`);
  const dup = [...receiver.seen.values()].filter((n) => n > 1).length;
  say(
    `delivering: killed with ${waitingAtKill} of ${all.length} deliveries waiting (60 pings, receiver answering in 1.5 s); restart ${restart3.toFixed(1)} s; ` +
      `all ${all.length} delivered ${((Date.now() - (deadline - 180_000)) / 1000).toFixed(0)} s after the restart, ${missing} missing, ${dup} received twice (answered but not recorded before the kill)`,
  );
  const after3 = await checkIntegrity(keys[0], "after the kill mid delivering");
  check(after3.integrityOk === after3.documents, "integrity after delivering");
} catch (e) {
  problems.push(String(e?.stack ?? e));
  problems.push(`wrangler dev said: ${output.slice(-3000)} (exit ${child?.exitCode} ${child?.signalCode})`);
} finally {
  if (child && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* gone */
    }
  }
  receiver.server.close();
  rmSync(persist, { recursive: true, force: true });
}
console.log(`crash-safety (${((Date.now() - t0) / 1000).toFixed(0)} s):\n  ${figures.join("\n  ")}`);
if (problems.length) {
  console.log(`crash-safety: ${problems.length} problems\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("crash-safety: 0 problems");
process.exit(0);
