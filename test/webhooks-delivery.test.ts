import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { addHook, alarmAt, deliveries, endpointRow, expectedSignature, idle, newBox, received, setMode, step } from "./webhook-helpers";
import { deliveryQueue } from "../src/objects/delivery-queue/client";

const LADDER = [60, 300, 1800, 7200, 43200, 86400];

async function ping(key: string, id: string) {
  const r = await api("POST", `/v1/webhooks/${id}/ping`, { key });
  expect(r.status, r.text).toBe(200);
  return r.json.delivery_id as string;
}

describe("a delivery", () => {
  it("is signed, carries its id and timestamp, and is recorded as delivered", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url, events: ["signing.completed"] });
    const before = Math.floor(Date.now() / 1000);
    const id = await ping(t.key, hook.id);
    await idle(hook.id);

    const got = await received(box);
    expect(got).toHaveLength(1);
    const req = got[0]!;
    expect(req.method).toBe("POST");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["service-event-id"]).toBe(id);
    const ts = req.headers["service-timestamp"]!;
    expect(Number(ts)).toBeGreaterThanOrEqual(before);
    expect(Number(ts)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(req.headers["service-signature"]).toBe(expectedSignature(hook.secret, ts, req.body));
    const body = JSON.parse(req.body);
    expect(body).toEqual({ event: "signing.ping", occurred_at: expect.any(String), endpoint: { id: hook.id, label: "" } });

    const [row] = await deliveries(hook.id);
    expect(row).toMatchObject({ id, status: "delivered", attempts: 1, response_status: 200, last_error: null, next_attempt_at: null, event: "signing.ping" });
    expect(row!.payload).toBe(req.body);
    expect((await endpointRow(hook.id))!.last_delivered_at).toBe(row!.delivered_at);
    expect(await alarmAt(hook.id)).toBeNull();
  });

  it("steps through the retry ladder, keeps its event id, survives eviction, and ends dead but readable", async () => {
    const t = await makeTenant();
    const box = newBox();
    await setMode(box, "fail");
    const hook = await addHook(t.key, { url: box.url });
    const id = await ping(t.key, hook.id);
    await idle(hook.id);

    for (let attempt = 1; attempt <= 7; attempt++) {
      if (attempt > 1) {
        const t0 = Date.now();
        expect(await step(hook.id)).toBe(true);
        expect((await received(box)).length).toBe(attempt);
        // Still the same delivery, attempted once more.
        const [row] = await deliveries(hook.id);
        expect(row!.attempts).toBe(attempt);
        if (attempt < 7) {
          const wait = Date.parse(row!.next_attempt_at!) - t0;
          expect(wait).toBeGreaterThanOrEqual(LADDER[attempt - 1]! * 1000);
          expect(wait).toBeLessThan(LADDER[attempt - 1]! * 1000 + 5000);
        }
      }
      const [row] = await deliveries(hook.id);
      if (attempt < 7) {
        expect(row).toMatchObject({ id, status: "failed", attempts: attempt, response_status: 500, last_error: "HTTP 500" });
        expect(await alarmAt(hook.id)).toBe(Date.parse(row!.next_attempt_at!));
      } else {
        expect(row).toMatchObject({ id, status: "dead", attempts: 7, next_attempt_at: null, last_error: "HTTP 500" });
      }
      // A restart of the object in the middle of the ladder loses nothing.
      if (attempt === 3) await evictDurableObject(deliveryQueue(env, hook.id));
    }
    expect(await alarmAt(hook.id)).toBeNull();
    expect(await step(hook.id)).toBe(false);

    const got = await received(box);
    expect(got).toHaveLength(7);
    expect(new Set(got.map((g) => g.headers["service-event-id"]))).toEqual(new Set([id]));
    expect(new Set(got.map((g) => g.body)).size).toBe(1);

    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.json.endpoints[0]).toMatchObject({ failures: 7, queued: 0, dead: 1, paused_at: null });
    const read = await api("GET", `/v1/webhooks/${hook.id}/deliveries`, { key: t.key });
    expect(read.json.deliveries[0]).toMatchObject({ id, status: "dead", attempts: 7 });
  });

  it("does not attempt a retry before it is due", async () => {
    const t = await makeTenant();
    const box = newBox();
    await setMode(box, "fail", 503);
    const hook = await addHook(t.key, { url: box.url });
    await ping(t.key, hook.id);
    await idle(hook.id);
    await deliveryQueue(env, hook.id).kick(hook.id);
    await idle(hook.id);
    expect(await received(box)).toHaveLength(1);
    const [row] = await deliveries(hook.id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, response_status: 503, last_error: "HTTP 503" });
  });

  it("counts a redirect, a refused connection and a timeout as failures", async () => {
    const t = await makeTenant();
    const redirect = newBox();
    await setMode(redirect, "ok", 302);
    const refused = newBox();
    await setMode(refused, "refuse");
    const a = await addHook(t.key, { url: redirect.url });
    const b = await addHook(t.key, { url: refused.url });
    await ping(t.key, a.id);
    await ping(t.key, b.id);
    await idle(a.id);
    await idle(b.id);
    expect((await deliveries(a.id))[0]).toMatchObject({ status: "failed", response_status: 302, last_error: "HTTP 302 (redirects are not followed)" });
    const r = (await deliveries(b.id))[0]!;
    expect(r).toMatchObject({ status: "failed", response_status: null, attempts: 1 });
    expect(r.last_error).toMatch(/^connection failed: /);
  });

  it("gives up on a receiver that does not answer within 10 seconds", { timeout: 40_000 }, async () => {
    const t = await makeTenant();
    const box = newBox();
    await setMode(box, "hang");
    const hook = await addHook(t.key, { url: box.url });
    const started = Date.now();
    await ping(t.key, hook.id);
    // The request that made the event does not wait for the delivery.
    expect(Date.now() - started).toBeLessThan(2_000);
    await idle(hook.id);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(9_900);
    expect(took).toBeLessThan(14_000);
    expect((await deliveries(hook.id))[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      response_status: null,
      last_error: "timed out: no answer within 10 s",
    });
  });

  it("a success forgives earlier failures", async () => {
    const t = await makeTenant();
    const box = newBox();
    await setMode(box, "fail");
    const hook = await addHook(t.key, { url: box.url });
    await ping(t.key, hook.id);
    await ping(t.key, hook.id);
    await idle(hook.id);
    expect((await endpointRow(hook.id))!.failures).toBe(2);
    await setMode(box, "ok", 204);
    await ping(t.key, hook.id);
    await idle(hook.id);
    expect((await endpointRow(hook.id))!.failures).toBe(0);
  });
});

describe("rotation", () => {
  it("signs with both secrets for 24 hours, new first, then with the new one alone", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const rot = await api("POST", `/v1/webhooks/${hook.id}/rotate`, { key: t.key });
    expect(rot.status).toBe(200);
    await ping(t.key, hook.id);
    await idle(hook.id);

    const [first] = await received(box);
    const ts = first!.headers["service-timestamp"]!;
    const values = first!.headers["service-signature"]!.split(",");
    expect(values).toEqual([expectedSignature(rot.json.secret, ts, first!.body), expectedSignature(hook.secret, ts, first!.body)]);

    // The overlap ends: the cron forgets the old secret and deliveries carry one signature.
    await env.DB.prepare("UPDATE webhook_endpoints SET previous_valid_until = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), hook.id)
      .run();
    const { sweepWebhookQueues } = await import("../src/domain/webhooks");
    await sweepWebhookQueues(env, new Date());
    const row = await endpointRow(hook.id);
    expect(row!.previous_secret_enc).toBeNull();
    await ping(t.key, hook.id);
    await idle(hook.id);
    const second = (await received(box))[1]!;
    expect(second.headers["service-signature"]).toBe(expectedSignature(rot.json.secret, second.headers["service-timestamp"]!, second.body));
  });

  it("a second rotation within the day forgets the first secret", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const r1 = await api("POST", `/v1/webhooks/${hook.id}/rotate`, { key: t.key });
    const r2 = await api("POST", `/v1/webhooks/${hook.id}/rotate`, { key: t.key });
    await ping(t.key, hook.id);
    await idle(hook.id);
    const [req] = await received(box);
    const ts = req!.headers["service-timestamp"]!;
    expect(req!.headers["service-signature"]).toBe(
      [expectedSignature(r2.json.secret, ts, req!.body), expectedSignature(r1.json.secret, ts, req!.body)].join(","),
    );
    expect(req!.headers["service-signature"]).not.toContain(expectedSignature(hook.secret, ts, req!.body));
  });
});

describe("GET /v1/webhooks/{id}/deliveries", () => {
  it("lists the last fifty, newest first, with every field", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const ids: string[] = [];
    for (let i = 0; i < 53; i++) ids.push(await ping(t.key, hook.id));
    await idle(hook.id);
    const r = await api("GET", `/v1/webhooks/${hook.id}/deliveries`, { key: t.key });
    expect(r.status).toBe(200);
    expect(r.json.deliveries).toHaveLength(50);
    expect(r.json.deliveries.map((d: { id: string }) => d.id)).toEqual(ids.slice(3).reverse());
    const d = r.json.deliveries[0];
    expect(Object.keys(d).sort()).toEqual(
      [
        "attempts",
        "created_at",
        "delivered_at",
        "document_id",
        "document_title",
        "endpoint_id",
        "event",
        "id",
        "last_error",
        "next_attempt_at",
        "replay_of",
        "response_status",
        "status",
      ].sort(),
    );
    expect(d).toMatchObject({
      endpoint_id: hook.id,
      event: "signing.ping",
      status: "delivered",
      attempts: 1,
      response_status: 200,
      replay_of: null,
      document_id: null,
    });
    expect(await received(box)).toHaveLength(53);
  }, 30_000);
});
