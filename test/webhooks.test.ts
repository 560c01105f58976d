import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { addHook, endpointRow, newBox } from "./webhook-helpers";
import { checkWebhookUrl } from "../src/domain/webhook-url";
import { openSecret } from "../src/domain/webhook-secrets";

const ENDPOINT_FIELDS = ["active", "created_at", "dead", "events", "failures", "id", "label", "last_delivered_at", "paused_at", "queued", "url"];

describe("POST /v1/webhooks", () => {
  it("adds an endpoint and shows its secret once; the secret is kept encrypted", async () => {
    const t = await makeTenant();
    const box = newBox();
    const r = await api("POST", "/v1/webhooks", { key: t.key, body: { url: box.url, events: ["signing.completed", "signing.sent"], label: "CRM" } });
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["id", "secret"]);
    expect(r.json.secret).toMatch(/^whsec_[0-9a-f]{48}$/);

    const row = await endpointRow(r.json.id);
    expect(row!.secret_enc).not.toContain(r.json.secret.slice(6));
    expect(await openSecret(env, row!.secret_enc)).toBe(r.json.secret);

    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.status).toBe(200);
    expect(list.json.endpoints).toHaveLength(1);
    const ep = list.json.endpoints[0];
    expect(Object.keys(ep).sort()).toEqual(ENDPOINT_FIELDS);
    expect(ep).toMatchObject({
      id: r.json.id,
      url: box.url,
      label: "CRM",
      events: ["signing.completed", "signing.sent"],
      active: true,
      failures: 0,
      paused_at: null,
      last_delivered_at: null,
      queued: 0,
      dead: 0,
    });
    expect(list.text).not.toContain(r.json.secret);
  });

  it("takes * and public addresses; the label defaults to empty", async () => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/webhooks", { key: t.key, body: { url: "https://8.8.8.8/hook", events: ["*"] } });
    expect(r.status, r.text).toBe(200);
    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.json.endpoints[0]).toMatchObject({ url: "https://8.8.8.8/hook", events: ["*"], label: "" });
  });

  it("takes IPv6 forms whose IPv4 is public, and public IPv6", async () => {
    const t = await makeTenant();
    for (const url of ["https://[2606:4700:4700::1111]/x", "https://[::ffff:8.8.8.8]/x", "https://[64:ff9b::808:808]/x", "https://[2002:808:808::1]/x"]) {
      const r = await api("POST", "/v1/webhooks", { key: t.key, body: { url, events: ["*"] } });
      expect(r.status, `${url} ${r.text}`).toBe(200);
    }
  });

  const refusedUrls: [string, RegExp][] = [
    ["http://hooks.example.com/x", /must begin with https/],
    ["ftp://hooks.example.com/x", /must begin with https/],
    ["https://10.0.0.8/x", /not a public address/],
    ["https://127.0.0.1/x", /not a public address/],
    ["https://169.254.169.254/latest/meta-data", /not a public address/],
    ["https://192.168.1.20/x", /not a public address/],
    ["https://172.20.0.1/x", /not a public address/],
    ["https://100.64.0.1/x", /not a public address/],
    ["https://0.0.0.0/x", /not a public address/],
    ["https://[::1]/x", /not a public address/],
    ["https://[fe80::1]/x", /not a public address/],
    ["https://[fd00::5]/x", /not a public address/],
    ["https://[::ffff:10.0.0.1]/x", /not a public address/],
    ["https://2130706433/x", /not a public address/],
    ["https://0x7f.1/x", /not a public address/],
    ["https://[::127.0.0.1]/x", /IPv4-compatible of 127\.0\.0\.1 \(loopback\)/],
    ["https://[64:ff9b::7f00:1]/x", /NAT64 of 127\.0\.0\.1 \(loopback\)/],
    ["https://[64:ff9b::a9fe:a9fe]/x", /NAT64 of 169\.254\.169\.254 \(link-local\)/],
    ["https://[64:ff9b:1::808:808]/x", /local-use NAT64/],
    ["https://[2002:7f00:1::1]/x", /6to4 of 127\.0\.0\.1 \(loopback\)/],
    ["https://[2002:c0a8:101::1]/x", /6to4 of 192\.168\.1\.1 \(private\)/],
    ["https://[::ffff:0:7f00:1]/x", /IPv4-translated \(SIIT\) of 127\.0\.0\.1 \(loopback\)/],
    ["https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/x", /Teredo of 10\.0\.0\.1 \(private\)/],
    ["https://[fec0::1]/x", /not a public address \(site-local\)/],
    ["https://[100::1]/x", /not a public address \(discard-only\)/],
    ["https://[ff02::1]/x", /not a public address \(multicast\)/],
    ["https://[::]/x", /not a public address \(unspecified\)/],
    ["https://[2001:db8::1]/x", /not a public address \(reserved or documentation\)/],
    ["https://[2001:2::1]/x", /not a public address \(benchmarking\)/],
    ["https://[4000::1]/x", /not a public address \(reserved by the IETF\)/],
    ["https://192.0.2.10/x", /not a public address \(reserved or documentation\)/],
    ["https://198.51.100.7/x", /not a public address \(reserved or documentation\)/],
    ["https://203.0.113.7/x", /not a public address \(reserved or documentation\)/],
    ["https://198.18.0.1/x", /not a public address \(reserved or documentation\)/],
    ["https://224.0.0.1/x", /not a public address \(multicast\)/],
    ["https://255.255.255.255/x", /not a public address \(broadcast\)/],
    ["https://240.0.0.1/x", /not a public address \(reserved or documentation\)/],
    ["https://localhost/x", /single-label|private network/],
    ["https://localhost:8443/x", /single-label|private network/],
    ["https://api.localhost/x", /\.localhost/],
    ["https://metadata.google.internal/x", /\.internal/],
    ["https://printer.local/x", /\.local/],
    ["https://router.home.arpa/x", /\.home\.arpa/],
    ["https://intranet/x", /single-label/],
    ["https://127.0.0.1.nip.io/x", /spells the private or loopback address 127\.0\.0\.1/],
    ["https://10-1-2-3.sslip.io/x", /spells the private or loopback address 10\.1\.2\.3/],
    ["https://user:pass@hooks.example.com/x", /user name or password/],
    ["not a url", /not an absolute URL/],
  ];
  it.each(refusedUrls)("refuses %s with 422 and records nothing", async (url, message) => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/webhooks", { key: t.key, body: { url, events: ["*"] } });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(r.json.error.message).toMatch(message);
    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.json.endpoints).toEqual([]);
  });

  it("refuses an unknown event by name, and counts outside 1-30", async () => {
    const t = await makeTenant();
    const url = newBox().url;
    const unknown = await api("POST", "/v1/webhooks", { key: t.key, body: { url, events: ["signing.completed", "signing.finished"] } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error.message).toBe('events.1: "signing.finished" is not an event name.');
    expect(unknown.json.error.hint).toContain("signing.completed");

    const none = await api("POST", "/v1/webhooks", { key: t.key, body: { url, events: [] } });
    expect(none.status).toBe(422);
    const many = await api("POST", "/v1/webhooks", { key: t.key, body: { url, events: Array.from({ length: 31 }, () => "signing.sent") } });
    expect(many.status).toBe(422);
    const thirty = await api("POST", "/v1/webhooks", { key: t.key, body: { url, events: Array.from({ length: 30 }, () => "signing.sent") } });
    expect(thirty.status).toBe(200);

    const longLabel = await api("POST", "/v1/webhooks", { key: t.key, body: { url, events: ["*"], label: "x".repeat(81) } });
    expect(longLabel.status).toBe(422);
    const label80 = await api("POST", "/v1/webhooks", { key: t.key, body: { url: `${url}/2`, events: ["*"], label: "x".repeat(80) } });
    expect(label80.status).toBe(200);
    const extra = await api("POST", "/v1/webhooks", { key: t.key, body: { url, events: ["*"], secret: "mine" } });
    expect(extra.status).toBe(422);

    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.json.endpoints).toHaveLength(2);
    expect(list.json.endpoints[0].events).toEqual(["signing.sent"]);
  });

  it("replays the first answer (same secret) for the same Idempotency-Key and makes one endpoint", async () => {
    const t = await makeTenant();
    const body = { url: newBox().url, events: ["*"] };
    const headers = { "idempotency-key": "add-hook-0001" };
    const a = await api("POST", "/v1/webhooks", { key: t.key, body, headers });
    const b = await api("POST", "/v1/webhooks", { key: t.key, body, headers });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    const other = await api("POST", "/v1/webhooks", { key: t.key, body: { ...body, label: "other" }, headers });
    expect(other.status).toBe(409);
    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.json.endpoints).toHaveLength(1);
    const stored = await env.DB.prepare("SELECT response_body FROM idempotency_keys WHERE operation = 'webhooks.add'").all<{ response_body: string }>();
    for (const r of stored.results) expect(r.response_body ?? "").not.toContain(a.json.secret);
  });

  it("needs the signing:webhooks scope and keeps test and live apart", async () => {
    const reader = await makeTenant({ scopes: ["signing:read"] });
    const r = await api("POST", "/v1/webhooks", { key: reader.key, body: { url: newBox().url, events: ["*"] } });
    expect(r.status).toBe(403);
    expect((await api("GET", "/v1/webhooks", { key: reader.key })).status).toBe(403);

    const live = await makeTenant({ mode: "live" });
    const hook = await addHook(live.key, { url: newBox().url });
    const { addKey } = await import("./helpers");
    const test = await addKey(live.tenantId, { mode: "test" });
    const seen = await api("GET", "/v1/webhooks", { key: test.key });
    expect(seen.json.endpoints).toEqual([]);
    expect((await api("PATCH", `/v1/webhooks/${hook.id}`, { key: test.key, body: { label: "x" } })).status).toBe(404);
  });
});

describe("checkWebhookUrl with ALLOW_INSECURE_WEBHOOKS", () => {
  it("allows plain http only to localhost and 127.0.0.1, only when the flag is true", () => {
    const on = { ALLOW_INSECURE_WEBHOOKS: "true" };
    expect(checkWebhookUrl(on, "http://localhost:8787/hooks")).toBe("http://localhost:8787/hooks");
    expect(checkWebhookUrl(on, "http://127.0.0.1:9000/x")).toBe("http://127.0.0.1:9000/x");
    expect(checkWebhookUrl(on, "https://localhost/x")).toBe("https://localhost/x");
    expect(() => checkWebhookUrl(on, "http://hooks.example.com/x")).toThrow(/https/);
    expect(() => checkWebhookUrl(on, "http://10.0.0.1/x")).toThrow(/https/);
    expect(() => checkWebhookUrl(on, "https://10.0.0.1/x")).toThrow(/private/);
    for (const off of [{}, { ALLOW_INSECURE_WEBHOOKS: "false" }, { ALLOW_INSECURE_WEBHOOKS: "1" }]) {
      expect(() => checkWebhookUrl(off, "http://localhost:8787/hooks")).toThrow(/https/);
      expect(() => checkWebhookUrl(off, "https://localhost/hooks")).toThrow(/private network/);
      expect(() => checkWebhookUrl(off, "https://127.0.0.1/hooks")).toThrow(/loopback/);
    }
  });

  it("drops a fragment and keeps the query", () => {
    expect(checkWebhookUrl({}, "https://hooks.example.com/a?b=1#frag")).toBe("https://hooks.example.com/a?b=1");
  });
});

describe("PATCH /v1/webhooks/{id}", () => {
  it("changes events and label, answers updated/released/dropped, and refuses unknown events", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url });
    const r = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { events: ["signing.completed"], label: "ERP" } });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ updated: true, released: 0, dropped: 0 });
    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.json.endpoints[0]).toMatchObject({ events: ["signing.completed"], label: "ERP", active: true });

    const bad = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { events: ["signing.nope"] } });
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toContain('"signing.nope"');
    const off = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: false } });
    expect(off.json).toEqual({ updated: true, released: 0, dropped: 0 });
    const after = await api("GET", "/v1/webhooks", { key: t.key });
    expect(after.json.endpoints[0]).toMatchObject({ events: ["signing.completed"], label: "ERP", active: false });
  });

  it("needs a JSON object: no body and no Content-Type is 400, {} is a no-op, a body without a JSON type is 400", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url, label: "keep" });
    const bare = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key });
    expect(bare.status, bare.text).toBe(400);
    expect(bare.json.error).toMatchObject({ code: "bad_request", message: "The request body must be a JSON object." });
    const empty = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: {} });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.json).toEqual({ updated: true, released: 0, dropped: 0 });
    const untyped = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: '{"label":"x"}', headers: { "content-type": "" } });
    expect(untyped.status, untyped.text).toBe(400);
    expect(untyped.json.error.code).toBe("bad_request");
    for (const body of ["[]", "null", '"label"', "3"]) {
      const r = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body });
      expect(r.status, `${body} ${r.text}`).toBe(400);
    }
    expect((await api("GET", "/v1/webhooks", { key: t.key })).json.endpoints[0].label).toBe("keep");

    const add = await api("POST", "/v1/webhooks", { key: t.key });
    expect(add.status, add.text).toBe(400);
    expect(add.json.error.code).toBe("bad_request");
    expect((await api("GET", "/v1/webhooks", { key: t.key })).json.endpoints).toHaveLength(1);
  });

  it("refuses a label that is not well-formed text (422 naming the field)", async () => {
    const t = await makeTenant();
    const add = await api("POST", "/v1/webhooks", { key: t.key, body: `{"url":"${newBox().url}","events":["*"],"label":"a\\ud800b"}` });
    expect(add.status, add.text).toBe(422);
    expect(add.json.error.message).toMatch(/^label: is not well-formed/);
    const hook = await addHook(t.key, { url: newBox().url, label: "keep" });
    const patch = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: '{"label":"\\udc00"}' });
    expect(patch.status, patch.text).toBe(422);
    expect(patch.json.error.message).toMatch(/^label: is not well-formed/);
    const url = await api("POST", "/v1/webhooks", { key: t.key, body: '{"url":"https://hooks.example.com/\\ud800","events":["*"]}' });
    expect(url.status, url.text).toBe(422);
    expect(url.json.error.message).toMatch(/^url: is not well-formed/);
    expect((await api("GET", "/v1/webhooks", { key: t.key })).json.endpoints.map((e: { label: string }) => e.label)).toEqual(["keep"]);
  });

  it("answers 404 for another account's endpoint", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const hook = await addHook(a.key, { url: newBox().url });
    for (const [m, p] of [
      ["PATCH", `/v1/webhooks/${hook.id}`],
      ["POST", `/v1/webhooks/${hook.id}/rotate`],
      ["POST", `/v1/webhooks/${hook.id}/ping`],
      ["GET", `/v1/webhooks/${hook.id}/deliveries`],
      ["DELETE", `/v1/webhooks/${hook.id}?reason=mine`],
    ] as const) {
      const r = await api(m, p, { key: b.key, body: m === "PATCH" ? { label: "x" } : undefined });
      expect(r.status, `${m} ${p}`).toBe(404);
      expect(r.json.error.code).toBe("not_found");
    }
  });
});

describe("DELETE /v1/webhooks/{id}", () => {
  it("needs a reason, records it, and the endpoint is gone", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url });
    const none = await api("DELETE", `/v1/webhooks/${hook.id}`, { key: t.key });
    expect(none.status).toBe(422);
    const blank = await api("DELETE", `/v1/webhooks/${hook.id}?reason=%20`, { key: t.key });
    expect(blank.status).toBe(422);
    const r = await api("DELETE", `/v1/webhooks/${hook.id}?reason=${encodeURIComponent("moved to new CRM")}`, { key: t.key });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ deleted: true });
    expect((await api("GET", "/v1/webhooks", { key: t.key })).json.endpoints).toEqual([]);
    expect((await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: true } })).status).toBe(404);
    expect((await api("DELETE", `/v1/webhooks/${hook.id}?reason=again`, { key: t.key })).status).toBe(404);
    const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE tenant_id = ? AND action = 'webhook.deleted'")
      .bind(t.tenantId)
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail)).toEqual({ endpoint_id: hook.id, reason: "moved to new CRM" });
  });
});

describe("POST /v1/webhooks/{id}/rotate", () => {
  it("returns a new secret once with a 24-hour overlap and keeps the old one encrypted", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url });
    const r = await api("POST", `/v1/webhooks/${hook.id}/rotate`, { key: t.key });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["previous_valid_for_seconds", "secret"]);
    expect(r.json.previous_valid_for_seconds).toBe(86400);
    expect(r.json.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(r.json.secret).not.toBe(hook.secret);
    const row = await endpointRow(hook.id);
    expect(await openSecret(env, row!.secret_enc)).toBe(r.json.secret);
    expect(await openSecret(env, row!.previous_secret_enc!)).toBe(hook.secret);
    const until = Date.parse(row!.previous_valid_until!);
    expect(Math.abs(until - (Date.now() + 86400_000))).toBeLessThan(10_000);
  });
});
