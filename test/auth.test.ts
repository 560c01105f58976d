import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, addKey, api, makeTenant, ops } from "./helpers";
import { app } from "../src/app";
import { revokeKey } from "../src/domain/accounts";
import { countingD1 } from "./d1-count";

describe("API keys", () => {
  it("answers the same 401 body for no key, unknown, revoked, expired and wrong-address keys", async () => {
    const t = await makeTenant();
    const revoked = await addKey(t.tenantId);
    await ops("POST", `/keys/${revoked.key_id}/revoke`, { reason: "leaked in a log" });
    const expiring = await addKey(t.tenantId, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    await env.DB.prepare("UPDATE api_keys SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), expiring.key_id)
      .run();
    const pinned = await addKey(t.tenantId, { allowed_ips: ["198.51.100.0/24"] });

    const answers = [
      await api("GET", "/v1/account"),
      await api("GET", "/v1/account", { key: `mk_live_${"0".repeat(48)}` }),
      await api("GET", "/v1/account", { key: "not-even-a-key" }),
      await api("GET", "/v1/account", { key: revoked.key }),
      await api("GET", "/v1/account", { key: expiring.key }),
      await api("GET", "/v1/account", { key: pinned.key, ip: "203.0.113.1" }),
      await api("GET", "/v1/account", { key: pinned.key, ip: "::ffff:203.0.113.1" }),
      await api("GET", "/v1/account", { key: pinned.key, ip: "2001:db8::1" }),
      await api("GET", "/v1/account", { key: pinned.key, ip: "not an address" }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.text).toBe(answers[0]!.text);
      expect(a.headers.get("www-authenticate")).toBe('Bearer realm="api"');
      expect(a.headers.get("x-ratelimit-limit")).toBe(null);
    }
    expect(answers[0]!.json.error.code).toBe("unauthorized");
    expect((await api("GET", "/v1/account", { key: pinned.key, ip: "198.51.100.77" })).status).toBe(200);
    expect((await api("GET", "/v1/account", { key: pinned.key, ip: "::ffff:198.51.100.77" })).status).toBe(200);
  });

  it.each([
    [["203.0.113.5"], "203.0.113.5", 200],
    [["203.0.113.5"], "203.0.113.6", 401],
    [["10.1.0.0/16"], "10.1.255.3", 200],
    [["10.1.0.0/16"], "10.2.0.1", 401],
    [["2001:db8::/32"], "2001:db8:abcd::1", 200],
    [["2001:db8::/32"], "2001:db9::1", 401],
    [["2001:db8::1"], "2001:0db8:0000:0000:0000:0000:0000:0001", 200],
    [["192.0.2.1"], "::ffff:192.0.2.1", 200],
    [["192.0.2.0/24", "2001:db8::/48"], "2001:db8:0:1::9", 200],
    [["0.0.0.0/0"], "::1", 401],
    [["203.0.113.9"], "::ffff:203.0.113.9", 200],
    [["::ffff:203.0.113.9"], "203.0.113.9", 200],
    [["::ffff:203.0.113.0/120"], "203.0.113.77", 200],
    [["::ffff:203.0.113.0/120"], "203.0.114.77", 401],
    [["203.0.113.0/24"], "::ffff:203.0.113.200", 200],
    [["2001:db8:1::/48"], "2001:DB8:1:ffff::1", 200],
    [["2001:db8:1::/48"], "2001:db8:2::1", 401],
  ])("pins %j: request from %s → %i", async (list, ip, status) => {
    const t = await makeTenant({ allowed_ips: list });
    expect((await api("GET", "/v1/account", { key: t.key, ip })).status).toBe(status);
  });

  it("refuses a pinned key when the edge gives no address", async () => {
    const t = await makeTenant({ allowed_ips: ["203.0.113.5"] });
    const r = await api("GET", "/v1/account", { key: t.key, headers: { "cf-connecting-ip": "" } });
    expect(r.status).toBe(401);
  });

  it("403 names the missing scope and keeps the rate headers", async () => {
    const t = await makeTenant({ scopes: ["signing:webhooks"] });
    const r = await api("GET", "/v1/account", { key: t.key });
    expect(r.status).toBe(403);
    expect(r.json.error).toMatchObject({ code: "forbidden", message: "This key lacks the scope signing:read." });
    expect(r.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  });

  it("revocation takes effect on the very next request and is on the account's audit trail", async () => {
    const t = await makeTenant();
    expect((await api("GET", "/v1/account", { key: t.key })).status).toBe(200);
    const r = await ops("POST", `/keys/${t.keyId}/revoke`, { reason: "employee left" });
    expect(r.json).toEqual({ revoked: true });
    expect((await api("GET", "/v1/account", { key: t.key })).status).toBe(401);
    const audit = await env.DB.prepare("SELECT action, detail FROM audit_log WHERE tenant_id = ? AND action = 'key.revoked'")
      .bind(t.tenantId)
      .first<{ action: string; detail: string }>();
    expect(JSON.parse(audit!.detail)).toEqual({ key_id: t.keyId, reason: "employee left" });
  });

  it("a key seen lately costs no D1 round trip before the request's own work, and revocation still bites on the very next request", async () => {
    const t = await makeTenant();
    const counted = countingD1(env.DB);
    const e = { ...env, DB: counted.db };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const get = () =>
      app.fetch(new Request(`${BASE}/v1/account`, { headers: { authorization: `Bearer ${t.key}`, "cf-connecting-ip": "203.0.113.7" } }), e, ctx);
    // GET /v1/account's own work is one read (the account).
    expect((await get()).status).toBe(200);
    expect(counted.calls()).toBe(2); // the key's row, then the account
    counted.reset();
    expect((await get()).status).toBe(200);
    expect(counted.calls()).toBe(1); // the account only: the key came from the isolate's cache
    await revokeKey(env, t.keyId, "laptop stolen", "test");
    counted.reset();
    const refused = await get();
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-ratelimit-limit")).toBe(null);
    expect(counted.calls()).toBe(0); // refused by the key's RateLimiter object, not by a D1 read
    // And from then on, in any isolate: the row says revoked too.
    expect((await api("GET", "/v1/account", { key: t.key })).status).toBe(401);
    expect((await env.DB.prepare("SELECT revoked_at FROM api_keys WHERE id = ?").bind(t.keyId).first<{ revoked_at: string }>())!.revoked_at).toBeTruthy();
  });

  it("a revocation whose row update failed is still enforced by the key's RateLimiter object", async () => {
    const t = await makeTenant();
    expect((await api("GET", "/v1/account", { key: t.key })).status).toBe(200);
    // The key's row is read, the limiter told, then the batch (row + audit) fails.
    const down = new Proxy(env.DB, { get: (d, p) => (p === "batch" ? () => Promise.reject(new Error("D1 is down")) : Reflect.get(d, p, d)) });
    await expect(revokeKey({ ...env, DB: down }, t.keyId, "x", "test")).rejects.toThrow();
    expect((await api("GET", "/v1/account", { key: t.key })).status).toBe(401);
  });

  it("stores keys only as their SHA-256", async () => {
    const t = await makeTenant();
    const rows = JSON.stringify((await env.DB.prepare("SELECT * FROM api_keys WHERE tenant_id = ?").bind(t.tenantId).all()).results);
    expect(rows.includes(t.key)).toBe(false);
    expect(rows.includes(t.key.slice(8))).toBe(false);
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(t.key)));
    expect(rows).toContain([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));
  });

  it("issues mk_test_ and mk_live_ keys that see separate data", async () => {
    const t = await makeTenant({ mode: "live" });
    const test = await addKey(t.tenantId, { mode: "test" });
    expect(t.key).toMatch(/^mk_live_[0-9a-f]{48}$/);
    expect(test.key).toMatch(/^mk_test_[0-9a-f]{48}$/);
    await api("POST", "/v1/templates", { key: test.key, body: { code: "only-test", name: "T", kind: "other", body: "x" } });
    expect((await api("GET", "/v1/templates", { key: test.key })).json.templates).toHaveLength(1);
    expect((await api("GET", "/v1/templates", { key: t.key })).json.templates).toHaveLength(0);
  });
});
