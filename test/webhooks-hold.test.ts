import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { addHook, deliveries, emit, endpointRow, idle, newBox, received, repeat, seedDocument, setMode } from "./webhook-helpers";
import { HOLD_DROPPED_ERROR } from "../src/domain/webhooks";

describe("pause after twenty consecutive failures", () => {
  it("nineteen failures do not pause; the twentieth does, and nothing more is attempted", async () => {
    const t = await makeTenant();
    const box = newBox();
    await setMode(box, "fail");
    const hook = await addHook(t.key, { url: box.url });
    const doc = await seedDocument(t.tenantId);

    await emit(doc, repeat("viewed", 19));
    await idle(hook.id);
    expect(await received(box)).toHaveLength(19);
    expect(await endpointRow(hook.id)).toMatchObject({ failures: 19, paused_at: null });

    // Six more events: one attempt reaches twenty and pauses; the other five wait in the hold.
    await emit(doc, repeat("signed", 6));
    await idle(hook.id);
    expect(await received(box)).toHaveLength(20);
    const ep = await endpointRow(hook.id);
    expect(ep!.failures).toBe(20);
    expect(ep!.paused_at).not.toBeNull();
    const rows = await deliveries(hook.id);
    expect(rows).toHaveLength(25);
    expect(rows.every((r) => r.status === "held" && r.next_attempt_at === null)).toBe(true);
    expect(rows.filter((r) => r.attempts === 1)).toHaveLength(20);

    // While paused, new events wait too, and nothing is sent.
    await emit(doc, ["completed"]);
    await idle(hook.id);
    expect(await received(box)).toHaveLength(20);
    expect((await deliveries(hook.id)).at(-1)).toMatchObject({ event: "signing.completed", status: "held" });

    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.json.endpoints[0]).toMatchObject({ active: true, failures: 20, paused_at: ep!.paused_at, queued: 26, dead: 0 });

    // PATCH active: true forgives the count and releases every held delivery.
    await setMode(box, "ok");
    const r = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: true } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ updated: true, released: 26, dropped: 0 });
    await idle(hook.id);
    expect(await endpointRow(hook.id)).toMatchObject({ failures: 0, paused_at: null });
    const after = await deliveries(hook.id);
    expect(after.every((d) => d.status === "delivered")).toBe(true);
    expect(await received(box)).toHaveLength(46);
  });

  it("a replay to a paused endpoint waits in the hold", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const ping = await api("POST", `/v1/webhooks/${hook.id}/ping`, { key: t.key });
    await idle(hook.id);
    await env.DB.prepare("UPDATE webhook_endpoints SET failures = 20, paused_at = ? WHERE id = ?").bind(new Date().toISOString(), hook.id).run();
    const replay = await api("POST", `/v1/webhooks/deliveries/${ping.json.delivery_id}/replay`, { key: t.key });
    expect(replay.status).toBe(200);
    await idle(hook.id);
    expect((await deliveries(hook.id)).find((d) => d.id === replay.json.delivery_id)).toMatchObject({ status: "held", replay_of: ping.json.delivery_id });
    expect(await received(box)).toHaveLength(1);
  });
});

describe("the hold keeps the newest 1000", () => {
  it("drops the oldest beyond 1000, counts them in PATCH, and keeps them readable as dead", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url, events: ["signing.viewed"] });
    const off = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: false } });
    expect(off.json).toEqual({ updated: true, released: 0, dropped: 0 });

    // 998 waiting events written in one statement (the fan-out of 998 commits would only be slower),
    // then real events through the commit path fill the hold past its limit.
    const now = new Date().toISOString();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 998)
       INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event, payload, status, attempts, created_at)
       SELECT 'dlv_seed' || printf('%04d', i), ?, ?, 'signing.viewed', '{"event":"signing.viewed"}', 'held', 0, ? FROM n`,
    )
      .bind(hook.id, t.tenantId, now)
      .run();
    const doc = await seedDocument(t.tenantId);
    await emit(doc, repeat("viewed", 2));
    let rows = await deliveries(hook.id);
    expect(rows.filter((r) => r.status === "held")).toHaveLength(1000);
    expect(rows.filter((r) => r.status === "dropped")).toHaveLength(0);

    // Five more: the five oldest fall out.
    await emit(doc, repeat("viewed", 3));
    await emit(doc, repeat("viewed", 2));
    rows = await deliveries(hook.id);
    const dropped = rows.filter((r) => r.status === "dropped");
    expect(dropped.map((r) => r.id)).toEqual(["dlv_seed0001", "dlv_seed0002", "dlv_seed0003", "dlv_seed0004", "dlv_seed0005"]);
    expect(dropped[0]!.last_error).toBe(HOLD_DROPPED_ERROR);
    expect(rows.filter((r) => r.status === "held")).toHaveLength(1000);
    expect(await received(box)).toHaveLength(0);

    const list = await api("GET", "/v1/webhooks", { key: t.key });
    expect(list.json.endpoints[0]).toMatchObject({ active: false, queued: 1000, dead: 5 });

    // A PATCH that does not reactivate reports the drops so far and releases nothing.
    const label = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { label: "still off" } });
    expect(label.json).toEqual({ updated: true, released: 0, dropped: 5 });

    const on = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: true } });
    expect(on.json).toEqual({ updated: true, released: 1000, dropped: 5 });
    await idle(hook.id);
    rows = await deliveries(hook.id);
    expect(rows.filter((r) => r.status === "delivered")).toHaveLength(1000);
    expect(rows.filter((r) => r.status === "dead").map((r) => r.id)).toEqual(dropped.map((r) => r.id));
    expect(await received(box)).toHaveLength(1000);

    // Reported once: the next release has nothing to report.
    const again = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: true } });
    expect(again.json).toEqual({ updated: true, released: 0, dropped: 0 });

    // A dropped delivery can still be replayed.
    const replay = await api("POST", `/v1/webhooks/deliveries/dlv_seed0001/replay`, { key: t.key });
    expect(replay.status).toBe(200);
    await idle(hook.id);
    expect(await received(box)).toHaveLength(1001);
  }, 60_000);

  it("deactivating moves waiting retries into the hold; reactivating sends them", async () => {
    const t = await makeTenant();
    const box = newBox();
    await setMode(box, "fail");
    const hook = await addHook(t.key, { url: box.url });
    await api("POST", `/v1/webhooks/${hook.id}/ping`, { key: t.key });
    await idle(hook.id);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: "failed", attempts: 1 });
    await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: false } });
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: "held", attempts: 1, next_attempt_at: null });
    await setMode(box, "ok");
    const on = await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: true } });
    expect(on.json).toEqual({ updated: true, released: 1, dropped: 0 });
    await idle(hook.id);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });
});
