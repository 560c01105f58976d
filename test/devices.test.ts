import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { apiKeys, devices, documents } from "../src/db/schema";
import { sha256Hex } from "../src/lib/crypto";
import { api, freshMinute, makeTenant, ops } from "./helpers";
import { preparedDocument } from "./signing-helpers";
import { deviceRow, freshIp, markStartedBy, pairedDevice, pairingCode, workflowFor, workflowRow } from "./devices-helpers";

const CODE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe("POST /v1/devices/pairing-codes", () => {
  it("answers a code shown once, stored only as a hash, living 15 minutes", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const before = Date.now();
    const r = await api("POST", "/v1/devices/pairing-codes", { key: t.key, body: { name: "Front desk", workflow_id: wf } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.code).toMatch(CODE);
    const life = Date.parse(r.json.expires_at) - before;
    expect(life).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(life).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const row = await deviceRow(r.json.device_id);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(r.json.code);
    expect(JSON.stringify(row)).not.toContain(r.json.code.replaceAll("-", ""));
    expect(row).toMatchObject({ name: "Front desk", workflowId: wf, mode: "live", pairedAt: null, stoppedAt: null });
  });

  it("needs signing:workflows, a workflow of this account and mode, and a name", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const reader = await makeTenant({ scopes: ["signing:read"] });
    expect((await api("POST", "/v1/devices/pairing-codes", { key: reader.key, body: { name: "x", workflow_id: wf } })).status).toBe(403);
    expect((await api("POST", "/v1/devices/pairing-codes", { body: { name: "x", workflow_id: wf } })).status).toBe(401);

    const other = await makeTenant();
    const r = await api("POST", "/v1/devices/pairing-codes", { key: other.key, body: { name: "x", workflow_id: wf } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/^workflow_id: /);
    const testMode = await makeTenant({ mode: "test" });
    const liveWf = await workflowRow(testMode.tenantId, "live");
    expect((await api("POST", "/v1/devices/pairing-codes", { key: testMode.key, body: { name: "x", workflow_id: liveWf } })).status).toBe(422);

    for (const body of [
      { workflow_id: wf },
      { name: "", workflow_id: wf },
      { name: "x".repeat(201), workflow_id: wf },
      { name: "x" },
      { name: "x", workflow_id: wf, extra: 1 },
    ]) {
      const bad = await api("POST", "/v1/devices/pairing-codes", { key: t.key, body });
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }
    const count = await dbOf(env).select().from(devices).where(eq(devices.tenantId, t.tenantId)).all();
    expect(count).toHaveLength(0);
  });
});

describe("POST /v1/devices/pair", () => {
  it("issues the device's own key once, in the issuer's mode, scoped signing:device", async () => {
    for (const mode of ["live", "test"] as const) {
      const t = await makeTenant({ mode });
      const wf = await workflowFor(t.key);
      const { code, device_id } = await pairingCode(t.key, wf, "Lobby tablet");
      const r = await api("POST", "/v1/devices/pair", { body: { code, platform: "ios", app_version: "2.1.0", os_version: "17.4" }, ip: freshIp() });
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.json).sort()).toEqual(["device_id", "key", "name", "workflow_id", "workflow_name"]);
      expect(r.json).toMatchObject({ device_id, name: "Lobby tablet", workflow_id: wf, workflow_name: "Front desk waiver" });
      expect(r.json.key).toMatch(new RegExp(`^mk_${mode}_[0-9a-f]{48}$`));
      const key = await dbOf(env)
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, await sha256Hex(r.json.key)))
        .get();
      expect(key).toMatchObject({ tenantId: t.tenantId, mode, deviceId: device_id, scopes: ["signing:device"], revokedAt: null });
      const row = await deviceRow(device_id);
      expect(row).toMatchObject({ platform: "ios", appVersion: "2.1.0", osVersion: "17.4", keyId: key!.id, codeHash: null });
      expect(row!.pairedAt).toBeTruthy();
    }
  });

  it("takes the code in any case, with or without dashes, and I/L/O read as 1/1/0", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const { code } = await pairingCode(t.key, wf);
    const r = await api("POST", "/v1/devices/pair", { body: { code: code.replaceAll("-", "").toLowerCase() }, ip: freshIp() });
    expect(r.status, r.text).toBe(200);
  });

  it("refuses wrong, expired, spent and stopped codes with one identical 401", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const pair = (code: string) => api("POST", "/v1/devices/pair", { body: { code }, ip: freshIp() });

    const spent = await pairingCode(t.key, wf);
    expect((await pair(spent.code)).status).toBe(200);
    const expired = await pairingCode(t.key, wf);
    await dbOf(env)
      .update(devices)
      .set({ codeExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(devices.id, expired.device_id));
    const stopped = await pairingCode(t.key, wf);
    expect((await api("POST", `/v1/devices/${stopped.device_id}/stop`, { key: t.key })).status).toBe(200);

    const answers = await Promise.all([pair("ZZZZ-ZZZZ-ZZZZ"), pair(expired.code), pair(spent.code), pair(stopped.code), pair("not a code at all")]);
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.json.error.code).toBe("unauthorized");
      expect(a.text).toBe(answers[0]!.text);
      expect(a.headers.get("www-authenticate")).toBe(answers[0]!.headers.get("www-authenticate"));
    }
    // Nothing was issued by the refusals: one key for the one pairing.
    const keys = await dbOf(env).select().from(apiKeys).where(eq(apiKeys.tenantId, t.tenantId)).all();
    expect(keys.filter((k) => k.deviceId)).toHaveLength(1);
  });

  it("lets one of many racing tablets win a code", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const { code, device_id } = await pairingCode(t.key, wf);
    const answers = await Promise.all(Array.from({ length: 6 }, () => api("POST", "/v1/devices/pair", { body: { code }, ip: freshIp() })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    const keys = await dbOf(env).select().from(apiKeys).where(eq(apiKeys.deviceId, device_id)).all();
    expect(keys).toHaveLength(1);
  });

  it("validates the body after the address budget, and allows 60 attempts a minute per address", async () => {
    const ip = "192.0.2.250";
    await freshMinute();
    const bad = await api("POST", "/v1/devices/pair", { body: { code: "short" }, ip });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("x-ratelimit-limit")).toBe("60");
    for (const body of [
      { code: "ABCD-EFGH-JKMN", platform: "windows" },
      { code: "ABCD-EFGH-JKMN", app_version: "x".repeat(41) },
      { code: "x".repeat(33) },
      {},
    ]) {
      expect((await api("POST", "/v1/devices/pair", { body, ip })).status, JSON.stringify(body)).toBe(422);
    }
    const rest = await Promise.all(Array.from({ length: 55 }, () => api("POST", "/v1/devices/pair", { body: { code: "ZZZZ-ZZZZ-ZZZZ" }, ip })));
    expect(rest.every((r) => r.status === 401)).toBe(true);
    const over = await api("POST", "/v1/devices/pair", { body: { code: "ZZZZ-ZZZZ-ZZZZ" }, ip });
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe("rate_limited");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);
});

describe("POST /v1/devices/heartbeat", () => {
  it("records the device named by its key and answers its workflow", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const d = await pairedDevice(t.key, wf, { platform: "android", app_version: "1.0", os_version: "14" });
    const seen = (await deviceRow(d.device_id))!.lastSeenAt!;
    await new Promise((r) => setTimeout(r, 5));
    const r = await api("POST", "/v1/devices/heartbeat", { key: d.key, body: { app_version: "1.1" } });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ device_id: d.device_id, name: "Front desk", workflow_id: wf, workflow_name: "Front desk waiver" });
    const row = await deviceRow(d.device_id);
    expect(row).toMatchObject({ appVersion: "1.1", osVersion: "14", platform: "android" });
    expect(Date.parse(row!.lastSeenAt!)).toBeGreaterThan(Date.parse(seen));
    // No body at all is a heartbeat too.
    expect((await api("POST", "/v1/devices/heartbeat", { key: d.key })).status).toBe(200);
  });

  it("refuses keys that are not a device's, and bodies out of shape", async () => {
    const t = await makeTenant(); // every scope, signing:device included, but no device
    const r = await api("POST", "/v1/devices/heartbeat", { key: t.key, body: {} });
    expect(r.status).toBe(403);
    expect((await api("POST", "/v1/devices/heartbeat", { body: {} })).status).toBe(401);
    const wf = await workflowFor(t.key);
    const d = await pairedDevice(t.key, wf);
    expect((await api("POST", "/v1/devices/heartbeat", { key: d.key, body: { os_version: "y".repeat(41) } })).status).toBe(422);
    expect((await api("POST", "/v1/devices/heartbeat", { key: d.key, body: { device_id: "dev_other" } })).status).toBe(422);
  });
});

describe("GET /v1/devices and POST /v1/devices/{id}/stop", () => {
  it("lists the account's tablets of this mode with the contract's fields", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const paired = await pairedDevice(t.key, wf, { platform: "ios" });
    const pending = await pairingCode(t.key, wf, "Not yet paired");
    const ranOut = await pairingCode(t.key, wf, "Ran out");
    await dbOf(env)
      .update(devices)
      .set({ codeExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(devices.id, ranOut.device_id));
    const r = await api("GET", "/v1/devices", { key: t.key });
    expect(r.status, r.text).toBe(200);
    expect(r.json.devices.map((d: { device_id: string }) => d.device_id)).toEqual([pending.device_id, paired.device_id]);
    const d = r.json.devices[1];
    expect(Object.keys(d).sort()).toEqual(["app_version", "device_id", "last_seen_at", "name", "os_version", "platform", "stopped_at", "workflow_id"]);
    expect(d).toMatchObject({ name: "Front desk", workflow_id: wf, platform: "ios", stopped_at: null });
    expect(d.last_seen_at).toBeTruthy();

    const testKey = await api("GET", "/v1/devices", { key: (await makeTenant({ mode: "test" })).key });
    expect(testKey.json.devices).toEqual([]);
    const reader = await makeTenant({ scopes: ["signing:workflows"] });
    expect((await api("GET", "/v1/devices", { key: reader.key })).status).toBe(403);
  });

  it("ends the device's key at once, even one cached by this isolate", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const d = await pairedDevice(t.key, wf);
    expect((await api("POST", "/v1/devices/heartbeat", { key: d.key })).status).toBe(200); // cached now
    const s = await api("POST", `/v1/devices/${d.device_id}/stop`, { key: t.key });
    expect(s.status, s.text).toBe(200);
    expect(s.json).toMatchObject({ stopped: true, device_id: d.device_id });
    const after = await api("POST", "/v1/devices/heartbeat", { key: d.key });
    expect(after.status).toBe(401);
    expect(after.text).toBe((await api("POST", "/v1/devices/heartbeat", { key: `mk_live_${"0".repeat(48)}` })).text);
    const key = await dbOf(env).select().from(apiKeys).where(eq(apiKeys.deviceId, d.device_id)).get();
    expect(key!.revokedAt).toBeTruthy();
    expect(key!.revokeReason).toBe("device stopped");

    const again = await api("POST", `/v1/devices/${d.device_id}/stop`, { key: t.key });
    expect(again.status).toBe(200);
    expect(again.json.stopped_at).toBe(s.json.stopped_at);
    const listed = (await api("GET", "/v1/devices", { key: t.key })).json.devices[0];
    expect(listed.stopped_at).toBe(s.json.stopped_at);
  });

  it("stops only this account's and mode's devices, with signing:workflows", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const d = await pairedDevice(t.key, wf);
    const other = await makeTenant();
    expect((await api("POST", `/v1/devices/${d.device_id}/stop`, { key: other.key })).status).toBe(404);
    expect((await api("POST", "/v1/devices/dev_nothing/stop", { key: t.key })).status).toBe(404);
    const reader = await makeTenant({ scopes: ["signing:read"] });
    expect((await api("POST", `/v1/devices/${d.device_id}/stop`, { key: reader.key })).status).toBe(403);
    expect((await api("POST", "/v1/devices/heartbeat", { key: d.key })).status).toBe(200);
  });
});

describe("a device key's reach", () => {
  it("reads the documents it started and nothing else (403)", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const d = await pairedDevice(t.key, wf);
    const mine = await preparedDocument(t.key);
    const notMine = await preparedDocument(t.key);
    await markStartedBy(mine, d.device_id);

    const read = await api("GET", `/v1/documents/${mine}`, { key: d.key });
    expect(read.status, read.text).toBe(200);
    expect(read.json.document_id ?? read.json.id).toBe(mine);
    expect(read.headers.get("x-ratelimit-limit")).toBe("300");

    const refused = [
      ["GET", `/v1/documents/${notMine}`],
      ["GET", "/v1/documents/doc_nothing"],
      ["GET", "/v1/documents"],
      ["GET", "/v1/account"],
      ["GET", "/v1/templates"],
      ["GET", "/v1/devices"],
      ["POST", "/v1/devices/pairing-codes", { name: "x", workflow_id: wf }],
      ["POST", `/v1/devices/${d.device_id}/stop`],
      ["POST", "/v1/documents", { template_code: "x" }],
      ["GET", "/v1/webhooks"],
    ] as const;
    for (const [method, path, body] of refused) {
      const r = await api(method, path, { key: d.key, body });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.json.error.code).toBe("forbidden");
    }
  });

  it("a tablet's start reveals only the participant's link: staff roles carry token null and get their links by message", async () => {
    const t = await makeTenant();
    const staff = [
      { label: "Desk", role: "witness", order: 1, participant: false, email: "desk@example.com", full_name: "Dana Desk" },
      { label: "Manager", role: "manager", order: 2, participant: false, email: "boss@example.com", full_name: "Bo Boss" },
    ];
    const wf = await workflowFor(t.key, {
      signer_roles: [{ label: "Guest", role: "signer", order: 1, participant: true }, ...staff],
      countersign: true,
    });
    const d = await pairedDevice(t.key, wf);
    const body = { email: "guest@example.com", full_name: "Grace Guest" };
    const r = await api("POST", `/v1/workflows/${wf}/start`, { key: d.key, body });
    expect(r.status, r.text).toBe(200);
    type Out = { signer_id: string; email: string; participant: boolean; token: string | null };
    const signers = r.json.signers as Out[];
    expect(signers).toHaveLength(3);
    expect(signers.find((s) => s.participant)!.token).toMatch(/^[0-9a-f]{64}$/);
    for (const s of signers.filter((x) => !x.participant)) {
      expect(s.signer_id).toMatch(/^sgn_/);
      expect(s.token).toBeNull();
    }
    // The desk signs in the first round: its link went by email, not to the tablet.
    await env.MESSAGE_QUEUE.getByName(t.tenantId).idle();
    const out = (await ops("GET", `/outbox?document_id=${r.json.document_id}&limit=50`)).json.messages as { recipient: string; purpose: string }[];
    expect(out.filter((m) => m.recipient === "desk@example.com" && m.purpose === "signing.link")).toHaveLength(1);
    // An account key's start still answers every token once.
    const mine = await api("POST", `/v1/workflows/${wf}/start`, { key: t.key, body });
    expect(mine.status, mine.text).toBe(200);
    for (const s of mine.json.signers as Out[]) expect(s.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it("starts its own workflow in person (documents.device_id recorded) and no other", async () => {
    const t = await makeTenant();
    const wf = await workflowFor(t.key);
    const other = await workflowFor(t.key);
    const d = await pairedDevice(t.key, wf);
    const body = { email: "guest@example.com", full_name: "Grace Guest" };
    const r = await api("POST", `/v1/workflows/${wf}/start`, { key: d.key, body });
    expect(r.status, r.text).toBe(200);
    const row = await dbOf(env).select().from(documents).where(eq(documents.id, r.json.document_id)).get();
    expect(row).toMatchObject({ deviceId: d.device_id, workflowId: wf });
    expect((await api("GET", `/v1/documents/${r.json.document_id}`, { key: d.key })).status).toBe(200);

    const refused = await api("POST", `/v1/workflows/${other}/start`, { key: d.key, body });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("forbidden");
    for (const [method, path] of [
      ["GET", `/v1/workflows/${wf}`],
      ["GET", "/v1/workflows"],
      ["GET", `/v1/workflows/${wf}/qr`],
      ["PATCH", `/v1/workflows/${wf}`],
    ] as const) {
      expect((await api(method, path, { key: d.key, body: method === "PATCH" ? { name: "x" } : undefined })).status, `${method} ${path}`).toBe(403);
    }
    // An account key's start records no device.
    const mine = await api("POST", `/v1/workflows/${wf}/start`, { key: t.key, body });
    const plain = await dbOf(env).select().from(documents).where(eq(documents.id, mine.json.document_id)).get();
    expect(plain!.deviceId).toBeNull();
    expect((await api("GET", `/v1/documents/${mine.json.document_id}`, { key: d.key })).status).toBe(403);
  });
});
