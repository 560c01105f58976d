import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, api, makeTenant } from "./helpers";
import { app } from "../src/app";
import { newBox } from "./webhook-helpers";
import { runScheduled } from "../src/domain/scheduled";
import { sha256Hex } from "../src/lib/crypto";
import { IN_FLIGHT_TTL_MS, claim } from "../src/http/idempotency";

const tpl = (code: string) => ({ code, name: "T", kind: "other", body: "text" });
const count = async (tenantId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ?").bind(tenantId).first<{ n: number }>())!.n;

describe("Idempotency-Key", () => {
  it("replays the first status and body without redoing the work", async () => {
    const t = await makeTenant();
    const h = { "idempotency-key": "k-replay-0001" };
    const a = await api("POST", "/v1/documents", { key: t.key, body: { template_code: "missing" }, headers: h });
    expect(a.status).toBe(422);
    const b = await api("POST", "/v1/documents", { key: t.key, body: { template_code: "missing" }, headers: h });
    expect(b.status).toBe(422);
    expect(b.text).toBe(a.text);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    const c1 = await api("POST", "/v1/templates", { key: t.key, body: tpl("same"), headers: { "idempotency-key": "k-create-0001" } });
    const c2 = await api("POST", "/v1/templates", { key: t.key, body: tpl("same"), headers: { "idempotency-key": "k-create-0001" } });
    expect(c2.json.template_id).toBe(c1.json.template_id);
    expect(await count(t.tenantId)).toBe(1);
  });

  it("refuses the same key with a different body: 409, nothing done", async () => {
    const t = await makeTenant();
    const h = { "idempotency-key": "k-mismatch-01" };
    await api("POST", "/v1/templates", { key: t.key, body: tpl("one"), headers: h });
    const r = await api("POST", "/v1/templates", { key: t.key, body: tpl("two"), headers: h });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe("conflict");
    expect(r.json.error.message).toContain("different request");
    expect(await count(t.tenantId)).toBe(1);
  });

  it("refuses a second request while the first is still running: 409", async () => {
    const t = await makeTenant();
    const key = "k-inflight-01";
    const body = JSON.stringify(tpl("slow"));
    const hash = await sha256Hex(`POST /v1/templates\n${body}`);
    await env.DB.prepare(
      "INSERT INTO idempotency_keys (tenant_id, mode, operation, key, request_hash, state, expires_at) VALUES (?, 'live', 'templates.create', ?, ?, 'running', ?)",
    )
      .bind(t.tenantId, await sha256Hex(key), hash, new Date(Date.now() + 3600_000).toISOString())
      .run();
    const r = await api("POST", "/v1/templates", { key: t.key, body, headers: { "idempotency-key": key } });
    expect(r.status).toBe(409);
    expect(r.json.error.message).toContain("still running");
    expect(await count(t.tenantId)).toBe(0);
  });

  it("a request that died mid-flight holds its key 60 seconds at most, then the work runs again", async () => {
    const t = await makeTenant();
    const key = "k-died-000001";
    const body = JSON.stringify(tpl("died"));
    const scope = [t.tenantId, "live", "templates.create", await sha256Hex(key)] as const;
    // The claim a request makes before its work; nothing after it runs (the isolate died).
    const before = Date.now();
    const claimed = await claim(env, scope, await sha256Hex(`POST /v1/templates\n${body}`));
    expect(claimed).not.toBeNull();
    const row = await env.DB.prepare("SELECT state, expires_at FROM idempotency_keys WHERE tenant_id = ?")
      .bind(t.tenantId)
      .first<{ state: string; expires_at: string }>();
    expect(row!.state).toBe("running");
    expect(Date.parse(row!.expires_at) - before).toBeLessThanOrEqual(IN_FLIGHT_TTL_MS + 1000);
    expect(IN_FLIGHT_TTL_MS).toBe(60_000);
    // Within the minute: still running.
    const busy = await api("POST", "/v1/templates", { key: t.key, body, headers: { "idempotency-key": key } });
    expect(busy.status).toBe(409);
    expect(busy.json.error.message).toContain("still running");
    // The minute passes (the marker's expiry moved into the past): the key is free, the work runs.
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = ? WHERE tenant_id = ?")
      .bind(new Date(Date.now() - 1).toISOString(), t.tenantId)
      .run();
    const again = await api("POST", "/v1/templates", { key: t.key, body, headers: { "idempotency-key": key } });
    expect(again.status, again.text).toBe(200);
    expect(await count(t.tenantId)).toBe(1);
    // And its answer is remembered for 24 hours.
    const done = await env.DB.prepare("SELECT state, expires_at FROM idempotency_keys WHERE tenant_id = ?")
      .bind(t.tenantId)
      .first<{ state: string; expires_at: string }>();
    expect(done!.state).toBe("done");
    expect(Date.parse(done!.expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const replay = await api("POST", "/v1/templates", { key: t.key, body, headers: { "idempotency-key": key } });
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.text).toBe(again.text);
  });

  it("is scoped per account and operation", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const h = { "idempotency-key": "k-shared-0001" };
    const ra = await api("POST", "/v1/templates", { key: a.key, body: tpl("x"), headers: h });
    const rb = await api("POST", "/v1/templates", { key: b.key, body: tpl("x"), headers: h });
    expect(rb.status).toBe(200);
    expect(rb.json.template_id).not.toBe(ra.json.template_id);
    // The same key on another operation is a different request, not a conflict.
    const d = await api("POST", "/v1/documents", { key: a.key, body: { template_code: "x" }, headers: h });
    expect(d.status).toBe(422);
  });

  it.each([7, 256])("refuses a key of %i characters with 422 naming the header", async (n) => {
    const k = "k".repeat(n);
    const t = await makeTenant();
    const r = await api("POST", "/v1/templates", { key: t.key, body: tpl("len"), headers: { "idempotency-key": k } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("Idempotency-Key");
    expect(await count(t.tenantId)).toBe(0);
  });

  it("is remembered 24 hours, then purged by the cron and usable again", async () => {
    const t = await makeTenant();
    const h = { "idempotency-key": "k-expiring-01" };
    await api("POST", "/v1/templates", { key: t.key, body: tpl("one"), headers: h });
    await runScheduled(env, new Date(Date.now() + 23 * 3600_000));
    expect((await api("POST", "/v1/templates", { key: t.key, body: tpl("two"), headers: h })).status).toBe(409);
    await runScheduled(env, new Date(Date.now() + 24 * 3600_000 + 1000));
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>();
    expect(left!.n).toBe(0);
    expect((await api("POST", "/v1/templates", { key: t.key, body: tpl("two"), headers: h })).status).toBe(200);
  });

  it.each([8, 255])("accepts a key of %i characters and replays with it", async (n) => {
    const t = await makeTenant();
    const h = { "idempotency-key": "k".repeat(n) };
    const a = await api("POST", "/v1/templates", { key: t.key, body: tpl("edge"), headers: h });
    const b = await api("POST", "/v1/templates", { key: t.key, body: tpl("edge"), headers: h });
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    expect(await count(t.tenantId)).toBe(1);
  });

  it("lets exactly one of many simultaneous identical requests do the work", async () => {
    const t = await makeTenant();
    const h = { "idempotency-key": "k-race-000001" };
    const answers = await Promise.all(Array.from({ length: 8 }, () => api("POST", "/v1/templates", { key: t.key, body: tpl("race"), headers: h })));
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length).toBe(8);
    expect(new Set(ok.map((a) => a.json.template_id)).size).toBe(1);
    for (const b of busy) expect(b.json.error.message).toContain("still running");
    expect(await count(t.tenantId)).toBe(1);
  });

  it("forgets a 5xx so the same key can be retried and do the work", async () => {
    const t = await makeTenant();
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const body = JSON.stringify({ url: newBox().url, events: ["*"] });
    const send = (e: typeof env) =>
      app.fetch(
        new Request(`${BASE}/v1/webhooks`, {
          method: "POST",
          body,
          headers: {
            authorization: `Bearer ${t.key}`,
            "content-type": "application/json",
            "idempotency-key": "k-retry-5xx-01",
            "cf-connecting-ip": "203.0.113.7",
          },
        }),
        e,
        ctx,
      );
    // Without its encryption key the service cannot keep the endpoint's secret: a real fault.
    const failed = await send({ ...env, WEBHOOK_SECRET_KEY: "" });
    expect(failed.status).toBe(500);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>();
    expect(left!.n).toBe(0);
    const retried = await send(env);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotency-replayed")).toBe(null);
    expect(((await retried.json()) as { secret: string }).secret).toMatch(/^whsec_/);
  });
});
