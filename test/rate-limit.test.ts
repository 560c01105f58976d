import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addKey, api, freshMinute, makeTenant } from "./helpers";
import type { RateLimiter } from "../src/objects/rate-limiter/object";
import { sha256Hex } from "../src/lib/crypto";
import { sentDocument } from "./signing-helpers";

const limiter = () => env.RATE_LIMITER.getByName(`test:${crypto.randomUUID()}`);
const untilNextSecond = () => new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));

describe("300 requests a minute per key", () => {
  it.sequential("counts down in the headers and refuses the 301st with Retry-After", async () => {
    await freshMinute();
    const t = await makeTenant();
    const first = await api("GET", "/v1/account", { key: t.key });
    expect(first.headers.get("x-ratelimit-limit")).toBe("300");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("299");
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset % 60).toBe(0);
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    const rest = await Promise.all(Array.from({ length: 299 }, () => api("GET", "/v1/account", { key: t.key })));
    expect(rest.every((r) => r.status === 200)).toBe(true);
    expect(Math.min(...rest.map((r) => Number(r.headers.get("x-ratelimit-remaining"))))).toBe(0);
    const over = await api("GET", "/v1/account", { key: t.key });
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe("rate_limited");
    expect(over.json.error.message).toContain("300 requests per 60 seconds");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(Number(over.headers.get("x-ratelimit-reset"))).toBe(reset);
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    // Another key of the same account has its own budget.
    const other = await makeTenant();
    expect((await api("GET", "/v1/account", { key: other.key })).status).toBe(200);
  }, 90_000);

  it("limits each signing link to 120 a minute", async () => {
    const token = "ab".repeat(32);
    const first = await api("GET", `/v1/sign/${token}`);
    expect(first.headers.get("x-ratelimit-limit")).toBe("120");
  });

  it("keys the window in durable storage: an eviction mid-window loses no count", async () => {
    const stub = limiter();
    // Far from a turn-over of the 3600-second window, whatever the clock says.
    for (let i = 0; i < 3; i++) await stub.hit(5, 3600);
    await evictDurableObject(stub);
    expect(await stub.hit(5, 3600)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await stub.hit(5, 3600)).toMatchObject({ allowed: true, remaining: 0 });
    await evictDurableObject(stub);
    expect(await stub.hit(5, 3600)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("starts afresh when the window turns over, and the alarm clears a finished window's storage", async () => {
    const stub = limiter();
    await untilNextSecond();
    expect((await stub.hit(1, 1)).allowed).toBe(true);
    expect((await stub.hit(1, 1)).allowed).toBe(false);
    await untilNextSecond();
    const fresh = await stub.hit(1, 1);
    expect(fresh.allowed).toBe(true);
    expect(await runInDurableObject(stub, (_o: RateLimiter, state) => state.storage.kv.get("window"))).toMatchObject({ count: 1 });
    await untilNextSecond();
    // The alarm may already have fired on its own; run it if it has not.
    await runDurableObjectAlarm(stub);
    expect(await runInDurableObject(stub, (_o: RateLimiter, state) => [...state.storage.kv.list()].length)).toBe(0);
  });

  it("keeps a revoked subject revoked: every later hit answers revoked, across evictions and alarms", async () => {
    const stub = limiter();
    expect((await stub.hit(5, 1)).allowed).toBe(true);
    await stub.revoke();
    expect(await stub.hit(5, 1)).toMatchObject({ allowed: false, revoked: true });
    await evictDurableObject(stub);
    await untilNextSecond();
    await runDurableObjectAlarm(stub);
    expect(await stub.hit(5, 1)).toMatchObject({ allowed: false, revoked: true });
    expect(await runInDurableObject(stub, (_o: RateLimiter, state) => [...state.storage.kv.list()].map(([k]) => k))).toEqual(["revoked"]);
  });

  it("puts the three headers on every keyed response, whatever its status", async () => {
    const t = await makeTenant();
    const readOnly = await addKey(t.tenantId, { scopes: ["signing:read"] });
    const h = { "idempotency-key": "k-headers-0001" };
    const answers = [
      await api("GET", "/v1/account", { key: t.key }), // 200
      await api("POST", "/v1/templates", { key: t.key, body: "{oops" }), // 400
      await api("POST", "/v1/templates", { key: readOnly.key, body: {} }), // 403
      await api("GET", "/v1/documents/doc_nothing", { key: t.key }), // 404
      await api("POST", "/v1/templates", { key: t.key, body: {} }), // 422
      await api("POST", "/v1/templates", { key: t.key, body: { code: "hdr", name: "N", kind: "nda", body: "x" }, headers: h }), // 200
      await api("POST", "/v1/templates", { key: t.key, body: { code: "hdr", name: "N", kind: "nda", body: "x" }, headers: h }), // replay
      await api("POST", "/v1/templates", { key: t.key, body: { code: "hdr2", name: "N", kind: "nda", body: "x" }, headers: h }), // 409
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 403, 404, 422, 200, 200, 409]);
    for (const a of answers) {
      expect(a.headers.get("x-ratelimit-limit")).toBe("300");
      expect(a.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      expect(a.headers.get("x-ratelimit-reset")).toMatch(/^\d{10}$/);
    }
  });
});

describe("a document's signing link: 120 requests a minute, counted by the document's sequencer", () => {
  it.sequential("counts every face of the link in one budget; the 121st is 429 with Retry-After, and its command does not run", async () => {
    await freshMinute();
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { notify: false });
    const tok = encodeURIComponent(links[0]!.token);
    const first = await api("GET", `/v1/sign/${tok}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe("120");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("119");
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset % 60).toBe(0);
    // Bad input spends the budget too (counted after the refusal, which changed nothing), and so does the page.
    const bad = await api("POST", `/v1/sign/${tok}/fields`, { body: { key: 7 } });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("x-ratelimit-remaining")).toBe("118");
    const page = await api("GET", `/s/${tok}`);
    expect(page.headers.get("x-ratelimit-remaining")).toBe("117");
    const rest = await Promise.all(Array.from({ length: 117 }, () => api("GET", `/v1/sign/${tok}`)));
    expect(rest.every((r) => r.status === 200)).toBe(true);
    expect(Math.min(...rest.map((r) => Number(r.headers.get("x-ratelimit-remaining"))))).toBe(0);
    // Over the limit: the same 429 as before, and the consent is not recorded.
    const over = await api("POST", `/v1/sign/${tok}/consent`, { body: {} });
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe("rate_limited");
    expect(over.json.error.message).toContain("120 requests per 60 seconds per signing link");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(over.headers.get("x-ratelimit-reset"))).toBe(reset);
    const consent = await env.DB.prepare("SELECT consented_at FROM signers WHERE id = ?").bind(links[0]!.signer_id).first<{ consented_at: unknown }>();
    expect(consent?.consented_at ?? null).toBeNull();
    // The other signer's link has its own budget; no RateLimiter object counted either link.
    const other = await api("GET", `/v1/sign/${encodeURIComponent(links[1]!.token)}`);
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-remaining")).toBe("119");
    const stub = env.RATE_LIMITER.getByName(`token:${await sha256Hex(links[0]!.token)}`);
    expect(await runInDurableObject(stub, (_o: RateLimiter, state) => [...state.storage.kv.list()].length)).toBe(0);
    expect(id).toMatch(/^doc_/);
  }, 90_000);
});
