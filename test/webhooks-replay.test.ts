import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { addHook, deliveries, idle, newBox, received, setMode, step } from "./webhook-helpers";

async function ping(key: string, id: string) {
  const r = await api("POST", `/v1/webhooks/${id}/ping`, { key });
  expect(r.status, r.text).toBe(200);
  return r.json.delivery_id as string;
}
const replay = (key: string, id: string) => api("POST", `/v1/webhooks/deliveries/${id}/replay`, { key });

describe("POST /v1/webhooks/deliveries/{id}/replay", () => {
  it("sends the same event and body under a new id naming the original", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const original = await ping(t.key, hook.id);
    await idle(hook.id);
    const r = await replay(t.key, original);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.json)).toEqual(["delivery_id"]);
    expect(r.json.delivery_id).not.toBe(original);
    await idle(hook.id);

    const [first, second] = await received(box);
    expect(second!.body).toBe(first!.body);
    expect(first!.headers["service-event-id"]).toBe(original);
    expect(second!.headers["service-event-id"]).toBe(r.json.delivery_id);
    const list = await api("GET", `/v1/webhooks/${hook.id}/deliveries`, { key: t.key });
    expect(list.json.deliveries[0]).toMatchObject({ id: r.json.delivery_id, event: "signing.ping", status: "delivered", replay_of: original });
    expect(list.json.deliveries[1]).toMatchObject({ id: original, replay_of: null });

    // A delivered delivery may be replayed again, and a replay may itself be replayed: every id is new.
    const again = await replay(t.key, original);
    expect(again.status).toBe(200);
    await idle(hook.id);
    const ofReplay = await replay(t.key, r.json.delivery_id);
    expect(ofReplay.status).toBe(200);
    await idle(hook.id);
    const ids = (await received(box)).map((g) => g.headers["service-event-id"]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect((await deliveries(hook.id)).find((d) => d.id === ofReplay.json.delivery_id)!.replay_of).toBe(r.json.delivery_id);
  });

  it("replays failed and dead deliveries", async () => {
    const t = await makeTenant();
    const box = newBox();
    await setMode(box, "fail");
    const hook = await addHook(t.key, { url: box.url });
    const original = await ping(t.key, hook.id);
    await idle(hook.id);
    expect((await deliveries(hook.id))[0]!.status).toBe("failed");
    const fromFailed = await replay(t.key, original);
    expect(fromFailed.status).toBe(200);
    await idle(hook.id);
    // Both now wait for a retry; each alarm takes the one falling due next, until both are dead.
    let steps = 0;
    while (await step(hook.id)) steps++;
    expect(steps).toBe(12);
    const rows = await deliveries(hook.id);
    expect(rows.map((r) => r.status)).toEqual(["dead", "dead"]);
    await setMode(box, "ok");
    const fromDead = await replay(t.key, original);
    expect(fromDead.status).toBe(200);
    await idle(hook.id);
    expect((await deliveries(hook.id)).at(-1)).toMatchObject({ id: fromDead.json.delivery_id, status: "delivered", replay_of: original });
  });

  it("is refused with 409 while the original waits, or while a replay of it waits", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const delivered = await ping(t.key, hook.id);
    await idle(hook.id);

    // Endpoint off: new deliveries wait in the hold.
    await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: false } });
    const waiting = await ping(t.key, hook.id);
    const r1 = await replay(t.key, waiting);
    expect(r1.status).toBe(409);
    expect(r1.json.error.code).toBe("conflict");
    expect(r1.json.error.message).toContain("still held");

    // A replay of a delivered one waits too (the endpoint is off) — and blocks a second replay.
    const first = await replay(t.key, delivered);
    expect(first.status).toBe(200);
    expect((await deliveries(hook.id)).find((d) => d.id === first.json.delivery_id)!.status).toBe("held");
    const second = await replay(t.key, delivered);
    expect(second.status).toBe(409);
    expect(second.json.error.message).toBe(`A replay of delivery ${delivered} is still waiting to be delivered.`);

    // Queued (not held) blocks as well.
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'queued', next_attempt_at = ? WHERE id = ?")
      .bind(new Date(Date.now() + 3600_000).toISOString(), first.json.delivery_id)
      .run();
    expect((await replay(t.key, delivered)).status).toBe(409);
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'queued', next_attempt_at = ? WHERE id = ?")
      .bind(new Date(Date.now() + 3600_000).toISOString(), waiting)
      .run();
    expect((await replay(t.key, waiting)).status).toBe(409);

    // Once the waiting replay is sent, the original may be replayed again.
    await env.DB.prepare("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id IN (?, ?)")
      .bind(new Date().toISOString(), first.json.delivery_id, waiting)
      .run();
    const on = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: true } });
    expect(on.json).toEqual({ updated: true, released: 0, dropped: 0 });
    await idle(hook.id);
    expect((await deliveries(hook.id)).find((d) => d.id === first.json.delivery_id)!.status).toBe("delivered");
    expect((await replay(t.key, delivered)).status).toBe(200);

    // Nothing was created by the refusals: 2 pings + 2 accepted replays.
    expect(await deliveries(hook.id)).toHaveLength(4);
  });

  it("is refused with 409 while a replay of it waits for its next retry (failed)", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const delivered = await ping(t.key, hook.id);
    await idle(hook.id);
    await setMode(box, "fail");
    const first = await replay(t.key, delivered);
    expect(first.status, first.text).toBe(200);
    await idle(hook.id);
    const waiting = (await deliveries(hook.id)).find((d) => d.id === first.json.delivery_id)!;
    expect(waiting).toMatchObject({ status: "failed", attempts: 1 });
    expect(waiting.next_attempt_at).not.toBeNull();

    const second = await replay(t.key, delivered);
    expect(second.status, second.text).toBe(409);
    expect(second.json.error).toMatchObject({ code: "conflict", message: `A replay of delivery ${delivered} is still waiting to be delivered.` });
    expect(await deliveries(hook.id)).toHaveLength(2);

    // Once that replay is dead, the original may be replayed again.
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'dead', next_attempt_at = NULL WHERE id = ?").bind(first.json.delivery_id).run();
    await setMode(box, "ok");
    expect((await replay(t.key, delivered)).status).toBe(200);
  });

  it("two replays at once make exactly one", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const original = await ping(t.key, hook.id);
    await idle(hook.id);
    await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: false } });
    const results = await Promise.all(Array.from({ length: 5 }, () => replay(t.key, original)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    // Only the replay that happened is on the audit trail: a refused one writes nothing.
    const audited = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE tenant_id = ? AND action = 'webhook.replayed'")
      .bind(t.tenantId)
      .first<{ n: number }>();
    expect(audited!.n).toBe(1);
  });

  it("answers 404 for an unknown delivery or another account's", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const hook = await addHook(a.key, { url: newBox().url });
    const id = await ping(a.key, hook.id);
    await idle(hook.id);
    expect((await replay(b.key, id)).status).toBe(404);
    expect((await replay(a.key, "dlv_nothing")).status).toBe(404);
    await api("DELETE", `/v1/webhooks/${hook.id}?reason=gone`, { key: a.key });
    expect((await replay(a.key, id)).status).toBe(404);
  });
});
