/**
 * CPU benchmark: the Worker's own JavaScript CPU per agreement, as Cloudflare bills and caps it.
 *
 * Wall time here mixes the Worker's JavaScript with what exists only locally (Miniflare's D1 and
 * R2 simulators, SQLite, workerd's own HTTP machinery). This bench asks V8 itself: it starts the
 * service with `npm start`'s launcher (scripts/dev.mjs, `wrangler dev`) with INSPECTOR_PORT, attaches
 * to the Worker isolate's inspector (Chrome DevTools Protocol over WebSocket) and runs V8's
 * sampling profiler (100 µs) around each request of N agreements (the edge bench's flow: prepare
 * → send to 2 signers with `notify: false` → each signer reads, consents, answers a field and signs
 * → read back with the key). Each request is profiled alone (start, request, stop), so its figure
 * is the JavaScript that request ran in the isolate: the Worker and the Durable Objects it called
 * (they run in the same isolate locally; on Cloudflare each object has its own), without idle time.
 *
 * Prints the CPU per operation (p50 over the agreements) and per agreement (the sum of those p50s,
 * each as often as an agreement runs it), and the 15 functions with the most self time over the
 * whole run.
 *
 * V8 samples by wall clock: time the operating system takes the workerd thread away while this
 * isolate is running counts as the isolate's. On a loaded machine the figures grow with the load
 * (seen here: up to 10× with two test suites running beside it); run it on a quiet machine, and
 * read the top functions for where the time goes rather than as exact costs. `run(ctx)` is imported by bench/run.mjs; `node
 * bench/cpu.bench.mjs` runs it alone; BENCH_QUICK=1 profiles 5 agreements instead of 20.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { freePort } from "../scripts/free-port.mjs";
import { percentile } from "./stats.mjs";
import { isQuick } from "./service.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `npm start`'s launcher on free ports, with the inspector on; resolves once the Worker answers. */
async function startDev() {
  const [port, inspector] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/dev.mjs")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), INSPECTOR_PORT: String(inspector) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`npm start ended:\n${out.slice(-2000)}`);
    if (/Then prepare a document/.test(out)) break;
    if (i > 600) throw new Error(`npm start did not finish within 5 minutes:\n${out.slice(-2000)}`);
    await sleep(500);
  }
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  return { base, inspector, stop };
}

/** A Chrome DevTools Protocol session on the Worker's isolate. */
async function inspect(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((res, rej) => {
    ws.once("open", res);
    ws.once("error", rej);
  });
  let id = 0;
  const waiting = new Map();
  ws.on("message", (data) => {
    const m = JSON.parse(String(data));
    if (m.id && waiting.has(m.id)) {
      waiting.get(m.id)(m);
      waiting.delete(m.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((res, rej) => {
      const n = ++id;
      waiting.set(n, (m) => (m.error ? rej(new Error(`${method}: ${m.error.message}`)) : res(m.result)));
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** Self time per node of a V8 CPU profile, in ms, skipping idle time. */
function selfTimes(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((nodeId, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    self.set(nodeId, (self.get(nodeId) ?? 0) + dt);
  });
  let total = 0;
  const byFunction = new Map();
  for (const [nodeId, ms] of self) {
    const f = nodes.get(nodeId).callFrame;
    if (f.functionName === "(idle)") continue;
    total += ms;
    const file = f.url ? f.url.split("/").slice(-2).join("/") : "";
    const name = `${f.functionName || "(anonymous)"} ${file}${f.url ? `:${f.lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  return { total, byFunction };
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const n = isQuick(ctx) ? 5 : 20;
  const dev = await startDev();
  let cdp;
  try {
    const operator = /^OPERATOR_TOKEN="?([^"\n]+)"?$/m.exec(readFileSync(path.join(ROOT, ".dev.vars"), "utf8"))[1];
    const call = async (method, p, { key, body, ip = "203.0.113.9" } = {}) => {
      const headers = { "cf-connecting-ip": ip };
      if (key) headers.authorization = `Bearer ${key}`;
      if (body !== undefined) headers["content-type"] = "application/json";
      const res = await fetch(`${dev.base}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${method} ${p} → ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    };
    const tenant = await call("POST", "/ops/v1/tenants", { key: operator, body: { name: `Bench CPU ${Date.now()}` } });
    const keyBody = { label: "bench cpu", scopes: ["signing:read", "signing:write", "signing:templates"], mode: "test" };
    const { key } = await call("POST", `/ops/v1/tenants/${tenant.tenant_id}/keys`, { key: operator, body: keyBody });
    const code = `cpu-${Date.now().toString(36)}`;
    const fields = [{ key: "city", label: "City", kind: "text" }];
    await call("POST", "/v1/templates", {
      key,
      body: { code, name: "CPU NDA", kind: "nda", body: "Between {{company}} and {{name}}.", variables: ["company", "name"], fields },
    });
    await call("POST", "/v1/templates/publish", { key, body: { code } });

    cdp = await inspect(dev.inspector);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: Number(process.env.CPU_SAMPLING_US ?? 100) });
    const perOp = new Map();
    const functions = new Map();
    let profiling = false;
    /** One request, profiled alone when `profiling`. */
    const op = async (name, method, p, init) => {
      if (!profiling) return call(method, p, init);
      await cdp.send("Profiler.start");
      const answer = await call(method, p, init);
      const { profile } = await cdp.send("Profiler.stop");
      const { total, byFunction } = selfTimes(profile);
      perOp.set(name, [...(perOp.get(name) ?? []), total]);
      for (const [f, ms] of byFunction) functions.set(f, (functions.get(f) ?? 0) + ms);
      return answer;
    };
    const agreement = async (i) => {
      const { document_id: id } = await op("prepare", "POST", "/v1/documents", {
        key,
        body: { template_code: code, values: { company: "Acme", name: `P${i}` } },
      });
      const signers = [
        { email: `a${i}@example.com`, full_name: "Ada Lovelace" },
        { email: `b${i}@example.com`, full_name: "Charles Babbage" },
      ];
      const { links } = await op("send", "POST", `/v1/documents/${id}/send`, { key, body: { signers, notify: false } });
      for (const [j, l] of links.entries()) {
        const ip = `198.51.100.${(i % 100) + 1}`;
        await op("read", "GET", `/v1/sign/${l.token}`, { ip });
        await op("consent", "POST", `/v1/sign/${l.token}/consent`, { ip, body: {} });
        await op("field", "POST", `/v1/sign/${l.token}/fields`, { ip, body: { key: "city", value: "Lisboa" } });
        await op(j === 0 ? "sign" : "complete", "POST", `/v1/sign/${l.token}`, { ip, body: { method: "typed", value: signers[j].full_name } });
      }
      await op("readback", "GET", `/v1/documents/${id}`, { key });
    };
    // Warm-up: code paths compiled and objects started, not recorded.
    for (let i = 0; i < 2; i++) await agreement(-1 - i);
    profiling = true;
    for (let i = 0; i < n; i++) await agreement(i);

    // Per agreement: each operation's p50 times how often an agreement runs it (the median keeps a
    // request the machine's scheduler held up from counting as the Worker's work).
    const ORDER = ["prepare", "send", "read", "consent", "field", "sign", "complete", "readback"];
    const ops = Object.fromEntries(
      ORDER.map((name) => {
        const xs = [...(perOp.get(name) ?? [])].sort((a, b) => a - b);
        return [name, { p50: percentile(xs, 50), times: xs.length / n }];
      }),
    );
    const totalMs = ORDER.reduce((s, name) => s + ops[name].p50 * ops[name].times, 0) * n;
    const top = [...functions].sort((a, b) => b[1] - a[1]).slice(0, 15);
    log(`cpu: the Worker isolate's JavaScript (V8 sampling profiler, wrangler dev), ${n} agreements after 2 warm-up, load ${loadavg()[0].toFixed(1)}`);
    log(`  per agreement (sum of each operation's p50)   ${(totalMs / n).toFixed(1)} ms`);
    for (const name of ORDER) log(`  ${name.padEnd(10)} p50 ${ops[name].p50.toFixed(2).padStart(6)} ms  × ${ops[name].times}`);
    log("  top 15 functions by self time (ms per agreement):");
    for (const [f, ms] of top) log(`    ${(ms / n).toFixed(2).padStart(6)}  ${f}`);
    return { n, perAgreement: totalMs / n, ops, top: top.map(([f, ms]) => [f, ms / n]) };
  } finally {
    cdp?.close();
    dev.stop();
  }
}

export function summary(r) {
  return [["Worker JS CPU per agreement (V8 profile)", `${r.perAgreement.toFixed(1)} ms`]];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
