import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../src/app";
import { BASE, api, ops } from "./helpers";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

describe("the operator API", () => {
  it.each([undefined, ""])("answers exactly like a path that does not exist when OPERATOR_TOKEN is %j", async (token) => {
    const off = { ...env, OPERATOR_TOKEN: token };
    const probes: [string, string, string | undefined][] = [
      ["POST", "/ops/v1/tenants", JSON.stringify({ name: "X" })],
      ["DELETE", "/ops/v1/tenants", undefined], // would be a 405 if the prefix existed
      ["GET", "/ops/v1/outbox", undefined],
      ["POST", "/ops/v1/keys/key_123/revoke", JSON.stringify({ reason: "r" })],
      ["PATCH", "/ops/v1/tenants/ten_123", "{not json"],
      ["GET", "/ops/v1/nothing", undefined],
    ];
    for (const [method, path, body] of probes) {
      const headers = { authorization: `Bearer ${env.OPERATOR_TOKEN}`, "content-type": "application/json" };
      const res = await app.fetch(new Request(`${BASE}${path}`, { method, body, headers }), off, ctx);
      // The same request to a prefix that never existed.
      const elsewhere = path.replace("/ops/v1", "/opz/v1");
      const ref = await app.fetch(new Request(`${BASE}${elsewhere}`, { method, body, headers }), off, ctx);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(ref.status).toBe(404);
      expect(res.headers.get("allow")).toBe(null);
      expect(res.headers.get("x-request-id")).toBeTruthy();
      expect(await res.text()).toBe((await ref.text()).replace(elsewhere, path));
    }
  });

  it("answers 404 in one shape for an unknown account or key, and changes nothing", async () => {
    const audit = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE tenant_id = 'ten_nope' OR detail LIKE '%nope%'").first<{ n: number }>())!.n;
    const before = await audit();
    const answers = [
      await ops("PATCH", "/tenants/ten_nope", { plan: "free" }),
      await ops("POST", "/tenants/ten_nope/keys", { label: "k", scopes: ["signing:read"], mode: "live" }),
      await ops("POST", "/tenants/ten_nope/members", { email: "a@example.com", full_name: "A", role: "admin" }),
      await ops("POST", "/keys/key_nope/revoke", { reason: "gone" }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(Object.keys(a.json)).toEqual(["error"]);
      expect(Object.keys(a.json.error)).toEqual(["code", "message"]);
      expect(a.json.error.code).toBe("not_found");
    }
    expect(answers[0]!.json.error.message).toBe("No account has the id ten_nope.");
    expect(answers[3]!.json.error.message).toBe("No key has the id key_nope.");
    expect(await audit()).toBe(before);
  });

  it("refuses a wrong or missing operator token", async () => {
    expect((await api("POST", "/ops/v1/tenants", { body: { name: "X" } })).status).toBe(401);
    const r = await api("POST", "/ops/v1/tenants", { body: { name: "X" }, headers: { authorization: "Bearer wrong-token" } });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe("unauthorized");
    // An API key is not an operator token.
    const t = await ops("POST", "/tenants", { name: "Keyholder" });
    const k = await ops("POST", `/tenants/${t.json.tenant_id}/keys`, { label: "k", scopes: ["signing:read"], mode: "live" });
    expect((await api("POST", "/ops/v1/tenants", { body: { name: "X" }, key: k.json.key })).status).toBe(401);
  });

  it("bootstraps an account: tenant, key (shown once), member, plan, revocation", async () => {
    const t = await ops("POST", "/tenants", { name: "Ünïcode Café Ltd" });
    expect(t.status).toBe(200);
    expect(t.json.slug).toBe("unicode-cafe-ltd");
    const dup = await ops("POST", "/tenants", { name: "Other", slug: t.json.slug });
    expect(dup.status).toBe(422);
    const k = await ops("POST", `/tenants/${t.json.tenant_id}/keys`, {
      label: "server",
      scopes: ["signing:read", "signing:write"],
      mode: "test",
      allowed_ips: ["203.0.113.0/24", "2001:db8::/32"],
    });
    expect(k.status).toBe(200);
    expect(k.json.key).toMatch(/^mk_test_[0-9a-f]{48}$/);
    const acc = await api("GET", "/v1/account", { key: k.json.key, ip: "203.0.113.40" });
    expect(acc.json).toMatchObject({ tenant_id: t.json.tenant_id, name: "Ünïcode Café Ltd", key_label: "server", scopes: ["signing:read", "signing:write"] });
    expect(
      (
        await ops("POST", `/tenants/${t.json.tenant_id}/members`, {
          email: "Owner@Example.com",
          full_name: "O",
          role: "owner",
          password: "correct horse battery",
        })
      ).status,
    ).toBe(200);
    const member = await env.DB.prepare("SELECT email, password_hash FROM members WHERE tenant_id = ?")
      .bind(t.json.tenant_id)
      .first<{ email: string; password_hash: string }>();
    expect(member!.email).toBe("owner@example.com");
    expect(member!.password_hash).toMatch(/^pbkdf2\$100000\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect((await ops("PATCH", `/tenants/${t.json.tenant_id}`, { plan: "business", spending_limit_cents: 5000 })).json).toEqual({ updated: true });
    expect((await ops("PATCH", `/tenants/${t.json.tenant_id}`, { plan: "platinum" })).status).toBe(422);
    expect((await ops("POST", `/keys/${k.json.key_id}/revoke`, {})).status).toBe(422);
    const blank = await ops("POST", `/keys/${k.json.key_id}/revoke`, { reason: "   " });
    expect(blank.status).toBe(422);
    expect(blank.json.error.message).toMatch(/^reason: /);
    expect((await api("GET", "/v1/account", { key: k.json.key, ip: "203.0.113.40" })).status).toBe(200);
    expect((await ops("POST", `/keys/${k.json.key_id}/revoke`, { reason: "rotated" })).json).toEqual({ revoked: true });
    expect((await api("GET", "/v1/account", { key: k.json.key, ip: "203.0.113.40" })).status).toBe(401);
  });

  it.each([
    [{ label: "k", scopes: ["signing:everything"], mode: "live" }, "scopes.0"],
    [{ label: "k", scopes: ["signing:read"], mode: "prod" }, "mode"],
    [{ label: "k", scopes: ["signing:read"], mode: "live", allowed_ips: ["300.1.1.1"] }, "allowed_ips.0"],
    [{ label: "k", scopes: ["signing:read"], mode: "live", allowed_ips: Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`) }, "allowed_ips"],
    [{ label: "k", scopes: ["signing:read"], mode: "live", expires_at: "2001-01-01T00:00:00Z" }, "expires_at"],
  ])("refuses a bad key request (%#)", async (body, field) => {
    const t = await ops("POST", "/tenants", { name: "Keys" });
    const r = await ops("POST", `/tenants/${t.json.tenant_id}/keys`, body);
    expect(r.status).toBe(422);
    expect(r.json.error.message.startsWith(field)).toBe(true);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE tenant_id = ?").bind(t.json.tenant_id).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("sets the origins allowed to frame the signing page: https origins only, normalised, at most 10", async () => {
    const t = await ops("POST", "/tenants", { name: "Framer" });
    const stored = async () =>
      (await env.DB.prepare("SELECT frame_ancestors FROM tenants WHERE id = ?").bind(t.json.tenant_id).first<{ frame_ancestors: string }>())!.frame_ancestors;
    expect(await stored()).toBe("[]");
    const r = await ops("PATCH", `/tenants/${t.json.tenant_id}`, {
      frame_ancestors: ["https://App.Example.com/", "https://app.example.com", "https://portal.example.org:8443"],
    });
    expect(r.json).toEqual({ updated: true });
    expect(JSON.parse(await stored())).toEqual(["https://app.example.com", "https://portal.example.org:8443"]);
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE tenant_id = ? AND action = 'tenant.updated'")
      .bind(t.json.tenant_id)
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail).frame_ancestors).toEqual(["https://app.example.com", "https://portal.example.org:8443"]);
    for (const [bad, field] of [
      [["http://app.example.com"], "frame_ancestors.0"],
      [["https://app.example.com", "https://app.example.com/embed"], "frame_ancestors.1"],
      [["https://*.example.com"], "frame_ancestors.0"],
      [["https://app.example.com?x=1"], "frame_ancestors.0"],
      [["https://user:pw@app.example.com"], "frame_ancestors.0"],
      [["'self'"], "frame_ancestors.0"],
      [["https://a.example.com; script-src *"], "frame_ancestors.0"],
      [Array.from({ length: 11 }, (_, i) => `https://a${i}.example.com`), "frame_ancestors"],
    ] as const) {
      const refused = await ops("PATCH", `/tenants/${t.json.tenant_id}`, { frame_ancestors: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect(refused.json.error.message.startsWith(`${field}:`), refused.json.error.message).toBe(true);
    }
    // Bad input changes nothing; an empty list puts the default ('none') back.
    expect(JSON.parse(await stored())).toEqual(["https://app.example.com", "https://portal.example.org:8443"]);
    // A page served from the signer's own machine (an integration run locally) may frame over plain http.
    const local = await ops("PATCH", `/tenants/${t.json.tenant_id}`, {
      frame_ancestors: ["http://localhost:3000", "http://127.0.0.1:8080/", "http://[::1]:9000"],
    });
    expect(local.status, JSON.stringify(local.json)).toBe(200);
    expect(JSON.parse(await stored())).toEqual(["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:9000"]);
    for (const bad of ["http://localhost.example.com", "http://10.0.0.1", "http://localhost:3000/embed"]) {
      expect((await ops("PATCH", `/tenants/${t.json.tenant_id}`, { frame_ancestors: [bad] })).status, bad).toBe(422);
    }
    await ops("PATCH", `/tenants/${t.json.tenant_id}`, { frame_ancestors: [] });
    expect(await stored()).toBe("[]");
  });

  it("registers an OAuth client with a secret shown once and stored as a hash", async () => {
    const r = await ops("POST", "/oauth-clients", {
      name: "Partner",
      homepage: "https://partner.example",
      redirect_uris: ["https://partner.example/cb"],
      scopes: ["signing:read"],
    });
    expect(r.json.client_id).toMatch(/^cli_/);
    expect(r.json.client_secret).toMatch(/^mcs_[0-9a-f]{64}$/);
    const row = JSON.stringify(await env.DB.prepare("SELECT * FROM oauth_clients WHERE id = ?").bind(r.json.client_id).first());
    expect(row.includes(r.json.client_secret)).toBe(false);
  });

  it("lists accounts newest first, finds one by slug, and refuses a bad query", async () => {
    const slug = `listed-${crypto.randomUUID().slice(0, 8)}`;
    const a = await ops("POST", "/tenants", { name: "Listed A", slug, plan: "business" });
    const b = await ops("POST", "/tenants", { name: "Listed B" });
    // Apart in time for certain (both could fall in one millisecond).
    await env.DB.prepare("UPDATE tenants SET created_at = '2020-01-01T00:00:00.000Z' WHERE id = ?").bind(a.json.tenant_id).run();
    await ops("PATCH", `/tenants/${a.json.tenant_id}`, { white_label: true, frame_ancestors: ["https://app.example.com"] });
    const one = await ops("GET", `/tenants?slug=${slug}`);
    expect(one.status).toBe(200);
    expect(one.json.tenants).toEqual([
      {
        tenant_id: a.json.tenant_id,
        name: "Listed A",
        slug,
        plan: "business",
        white_label: true,
        spending_limit_cents: null,
        require_signer_code: false,
        frame_ancestors: ["https://app.example.com"],
        default_country: null,
        locale: null,
        reply_to: null,
        retention: { completed_days: null, ended_days: null, minimum_days: 0 },
        public_form_daily_cap: 500,
        turnstile_site_key: null,
        part11: false,
        consumer_disclosure: null,
        created_at: "2020-01-01T00:00:00.000Z",
      },
    ]);
    expect((await ops("GET", "/tenants?slug=no-such-account")).json).toEqual({ tenants: [] });
    const all = (await ops("GET", "/tenants?limit=200")).json.tenants.map((t: { tenant_id: string }) => t.tenant_id);
    expect(all).toContain(b.json.tenant_id);
    expect(all).toContain(a.json.tenant_id);
    expect(all.indexOf(b.json.tenant_id)).toBeLessThan(all.indexOf(a.json.tenant_id));
    expect((await ops("GET", "/tenants?limit=1")).json.tenants).toHaveLength(1);
    for (const q of ["limit=0", "limit=201", "limit=x", "slug="]) {
      const r = await ops("GET", `/tenants?${q}`);
      expect(r.status, q).toBe(422);
    }
  });

  it("lists an account's keys with their state, never the key itself", async () => {
    const t = await ops("POST", "/tenants", { name: "Key list" });
    const id = t.json.tenant_id;
    expect((await ops("GET", `/tenants/${id}/keys`)).json).toEqual({ keys: [] });
    const live = await ops("POST", `/tenants/${id}/keys`, {
      label: "server",
      scopes: ["signing:read", "signing:write"],
      mode: "live",
      allowed_ips: ["203.0.113.0/24"],
    });
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const test = await ops("POST", `/tenants/${id}/keys`, { label: "ci", scopes: ["signing:read"], mode: "test", expires_at: soon });
    await ops("POST", `/keys/${live.json.key_id}/revoke`, { reason: "rotated" });
    // An expired key (expiry set in the past directly: the API refuses to issue one).
    const old = await ops("POST", `/tenants/${id}/keys`, { label: "old", scopes: ["signing:read"], mode: "live" });
    await env.DB.prepare("UPDATE api_keys SET expires_at = '2001-01-01T00:00:00.000Z' WHERE id = ?").bind(old.json.key_id).run();

    const r = await ops("GET", `/tenants/${id}/keys`);
    expect(r.status).toBe(200);
    const byId = Object.fromEntries(r.json.keys.map((k: { key_id: string }) => [k.key_id, k]));
    expect(Object.keys(byId).sort()).toEqual([live.json.key_id, test.json.key_id, old.json.key_id].sort());
    expect(byId[live.json.key_id]).toEqual({
      key_id: live.json.key_id,
      label: "server",
      mode: "live",
      key_prefix: live.json.key.slice(0, 12),
      scopes: ["signing:read", "signing:write"],
      allowed_ips: ["203.0.113.0/24"],
      expires_at: null,
      created_at: expect.any(String),
      revoked_at: expect.any(String),
      revoke_reason: "rotated",
      device_id: null,
      status: "revoked",
    });
    expect(byId[test.json.key_id]).toMatchObject({ mode: "test", allowed_ips: null, expires_at: soon, revoked_at: null, status: "active" });
    expect(byId[old.json.key_id].status).toBe("expired");
    for (const k of [live.json.key, test.json.key, old.json.key]) expect(r.text.includes(k)).toBe(false);

    const missing = await ops("GET", "/tenants/ten_nope/keys");
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe("No account has the id ten_nope.");
  });

  it("reads the outbox newest first", async () => {
    const t = await ops("POST", "/tenants", { name: "Outbox" });
    for (const [i, at] of ["2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"].entries()) {
      await env.DB.prepare(
        "INSERT INTO messages (id, tenant_id, mode, channel, purpose, recipient, body, status, created_at) VALUES (?, ?, 'live', 'email', 'signing.link', 'a@example.com', ?, 'queued', ?)",
      )
        .bind(`msg_${i}_${t.json.tenant_id}`, t.json.tenant_id, `message ${i}`, at)
        .run();
    }
    const r = await ops("GET", `/outbox?tenant_id=${t.json.tenant_id}`);
    expect(r.json.messages.map((m: { body: string }) => m.body)).toEqual(["message 1", "message 0"]);
  });

  it("refuses names, labels and reasons that are not well-formed text, or names with bidi controls: 422 naming the field, nothing stored", async () => {
    const lone = "Acme \ud800";
    const bidi = "Acme \u202e ltd";
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM tenants").first<{ n: number }>();
    for (const name of [lone, bidi]) {
      const r = await ops("POST", "/tenants", { name });
      expect(r.status, JSON.stringify(name)).toBe(422);
      expect(r.json.error.message).toMatch(/^name: /);
    }
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM tenants").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    const t = await ops("POST", "/tenants", { name: "Fine Ltd" });
    const id = t.json.tenant_id as string;
    const cases: [string, string, unknown, RegExp][] = [
      ["POST", `/tenants/${id}/keys`, { label: bidi, scopes: ["signing:read"], mode: "live" }, /^label: /],
      ["POST", `/tenants/${id}/keys`, { label: "ok", scopes: ["signing:read"], mode: "live", allowed_ips: [lone] }, /^allowed_ips\.0: /],
      ["POST", `/tenants/${id}/members`, { email: "a@example.com", full_name: lone, role: "member" }, /^full_name: /],
      [
        "POST",
        "/oauth-clients",
        { name: bidi, homepage: "https://app.example.com", redirect_uris: ["https://app.example.com/cb"], scopes: ["signing:read"] },
        /^name: /,
      ],
      ["POST", "/keys/key_nothing/revoke", { reason: lone }, /^reason: /],
    ];
    for (const [method, path, body, message] of cases) {
      const r = await ops(method, path, body);
      expect(r.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(r.json.error.message).toMatch(message);
    }
    expect((await ops("GET", `/tenants/${id}/keys`)).json.keys).toEqual([]);
  });
});
