/**
 * Tablets benchmark: `POST /v1/devices/pair` (anonymous: spend a pairing code, issue the device's
 * key) and `POST /v1/devices/heartbeat` (a device key through the auth layer's device check, one
 * D1 update), p50/p99 and requests per second at concurrency 1 and 16.
 *
 * Pairing codes are made beforehand through `POST /v1/devices/pairing-codes` (not timed), one per
 * pairing; each pairing comes from its own address so the 60-a-minute budget per address never
 * bites. Heartbeats go round-robin over a pool of paired devices so no device key nears its 300 a
 * minute. Every answer is checked; a wrong one fails the bench.
 *
 * The workflow the tablets run is made through `POST /v1/workflows` when that route is served,
 * else written straight into D1 (the tablets only need its row).
 *
 * `run(ctx)` is imported by bench/run.mjs; `node bench/devices.bench.mjs` runs it alone.
 */
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { fmtMs, inParallel, isQuick, measure, startService } from "./service.mjs";

const KEYS = 8;
const DEVICES = 48;

async function workflowFor(svc, tenantId, key) {
  const code = `wf-${randomBytes(4).toString("hex")}`;
  const tpl = `tpl-${randomBytes(4).toString("hex")}`;
  await svc.must("POST", "/v1/templates", { key, body: { code: tpl, name: "Waiver", kind: "waiver", body: "I, {{name}}, accept.", variables: ["name"] } });
  await svc.must("POST", "/v1/templates/publish", { key, body: { code: tpl } });
  const roles = [{ label: "Guest", role: "signer", order: 1, participant: true }];
  const r = await svc.call("POST", "/v1/workflows", { key, body: { code, name: "Front desk", template_code: tpl, signer_roles: roles, form_fields: [] } });
  if (r.status === 200) return r.json.workflow_id ?? r.json.id;
  const id = `wfl_bench${randomBytes(8).toString("hex")}`;
  const env = await svc.bindings();
  await env.DB.prepare(
    "INSERT INTO workflows (id, tenant_id, mode, code, name, template_code, signer_roles, form_fields) VALUES (?, ?, 'test', ?, 'Front desk', ?, ?, '[]')",
  )
    .bind(id, tenantId, code, tpl, JSON.stringify(roles))
    .run();
  return id;
}

export async function run(ctx = {}) {
  const log = ctx.log ?? console.log;
  const quick = isQuick(ctx);
  const pairs = { 1: quick ? 30 : 100, 16: quick ? 96 : 320 };
  const seconds = quick ? 1.5 : 4;
  const svc = await startService();
  try {
    const { tenantId, keys } = await svc.accountWithKeys("Bench devices", KEYS, { scopes: ["signing:read", "signing:templates", "signing:workflows"] });
    const workflowId = await workflowFor(svc, tenantId, keys[0]);
    let nextKey = 0;
    let nextIp = 0;
    const ip = () => {
      const n = nextIp++;
      return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    };
    const codes = async (n) => {
      const out = [];
      await inParallel(n, 8, async (i) => {
        out[i] = (
          await svc.must("POST", "/v1/devices/pairing-codes", { key: keys[nextKey++ % KEYS], body: { name: `Tablet ${i}`, workflow_id: workflowId } })
        ).code;
      });
      return out;
    };
    const pairOnce = async (code) => {
      const r = await svc.call("POST", "/v1/devices/pair", { body: { code, platform: "other", app_version: "1.0" }, ip: ip() });
      if (r.status !== 200 || !/^mk_test_[0-9a-f]{48}$/.test(r.json?.key ?? "")) throw new Error(`pair → ${r.status} ${r.text.slice(0, 200)}`);
      return r;
    };

    // Warm-up, and the devices the heartbeat cases use.
    const warm = await codes(DEVICE_COUNT());
    const deviceKeys = [];
    await inParallel(warm.length, 8, async (i) => {
      deviceKeys[i] = (await pairOnce(warm[i])).json.key;
    });
    let nextDevice = 0;
    const heartbeat = async () => {
      const r = await svc.call("POST", "/v1/devices/heartbeat", { key: deviceKeys[nextDevice++ % deviceKeys.length], body: { app_version: "1.0" } });
      if (r.status !== 200 || r.json?.workflow_id !== workflowId) throw new Error(`heartbeat → ${r.status} ${r.text.slice(0, 200)}`);
      return r.ms;
    };
    await inParallel(deviceKeys.length * 2, 8, heartbeat);

    const cases = [];
    for (const concurrency of [1, 16]) {
      const fresh = await codes(pairs[concurrency]);
      cases.push({ name: "POST /v1/devices/pair", ...(await measure({ concurrency, count: fresh.length, op: async (i) => (await pairOnce(fresh[i])).ms })) });
    }
    let heartbeats = 0;
    for (const concurrency of [1, 16]) {
      const c = await measure({ concurrency, seconds, op: heartbeat });
      heartbeats += c.done;
      cases.push({ name: "POST /v1/devices/heartbeat", ...c });
    }

    log("devices: pairing and heartbeats (createTestHarness, in-process workerd; client on the same cores)");
    for (const c of cases)
      log(
        `  ${c.name.padEnd(28)} c=${String(c.concurrency).padEnd(3)} ${c.perSecond.toFixed(0).padStart(6)} req/s  p50 ${fmtMs(c.p50).padStart(9)}  p99 ${fmtMs(c.p99).padStart(9)}  (n=${c.done}, ${c.errors} errors)`,
      );
    const busiest = Math.ceil((heartbeats + deviceKeys.length * 2) / deviceKeys.length);
    log(`  heartbeats spread over ${deviceKeys.length} device keys (≈ ${busiest} each over the run; limit 300 a minute per key)`);
    const errors = cases.reduce((s, c) => s + c.errors, 0);
    if (errors > 0) throw new Error(`${errors} wrong answers: ${cases.flatMap((c) => c.firstErrors).join("; ")}`);
    return { cases };
  } finally {
    await svc.close();
  }

  function DEVICE_COUNT() {
    return quick ? 24 : DEVICES;
  }
}

/** Rows for bench/run.mjs's closing table. */
export function summary(r) {
  return r.cases.map((c) => [`${c.name}, c=${c.concurrency}`, `${c.perSecond.toFixed(0)} req/s, p50 ${fmtMs(c.p50)}, p99 ${fmtMs(c.p99)}`]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await run();
