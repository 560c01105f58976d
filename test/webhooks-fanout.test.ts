import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addKey, api, makeTenant } from "./helpers";
import { consentAndSign, sentDocument } from "./signing-helpers";
import { addHook, deliveries, emit, idle, newBox, received, seedDocument } from "./webhook-helpers";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { commitWithEvents } from "../src/domain/events";
import { runScheduled } from "../src/domain/scheduled";
import { kickEndpoints } from "../src/domain/webhooks";

describe("fan-out from the document trail", () => {
  it("delivers every trail event to each subscribed, live endpoint of the account and mode, and nothing secret", async () => {
    const t = await makeTenant();
    const all = newBox();
    const completedOnly = newBox();
    const gone = newBox();
    const off = newBox();
    const other = newBox();
    const hAll = await addHook(t.key, { url: all.url, events: ["*"] });
    const hCompleted = await addHook(t.key, { url: completedOnly.url, events: ["signing.completed"] });
    const hGone = await addHook(t.key, { url: gone.url, events: ["*"] });
    const hOff = await addHook(t.key, { url: off.url, events: ["*"] });
    const testKey = await addKey(t.tenantId, { mode: "test" });
    const hTest = await addHook(testKey.key, { url: other.url, events: ["*"] });
    const otherTenant = await makeTenant();
    const hForeign = await addHook(otherTenant.key, { url: other.url, events: ["*"] });
    await api("DELETE", `/v1/webhooks/${hGone.id}?reason=retired`, { key: t.key });
    await api("PATCH", `/v1/webhooks/${hOff.id}`, { key: t.key, body: { active: false } });

    const { id, links } = await sentDocument(t.key, { doc: { metadata: { crm_id: "42" }, external_ref: "deal-7" } });
    for (const l of links) {
      await api("GET", `/v1/sign/${l.token}`);
      await consentAndSign(l.token);
    }
    for (const h of [hAll, hCompleted, hOff, hTest, hForeign]) await idle(h.id);

    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.status).toBe("completed");
    const trail = (doc.json.events as { kind: string }[]).filter((e) => e.kind !== "verified").map((e) => `signing.${e.kind}`);
    expect(trail).toContain("signing.completed");

    const gotAll = await received(all);
    expect(gotAll.map((g) => JSON.parse(g.body).event).sort()).toEqual([...trail].sort());
    expect(new Set(gotAll.map((g) => g.headers["service-event-id"])).size).toBe(gotAll.length);

    const gotCompleted = await received(completedOnly);
    expect(gotCompleted).toHaveLength(1);
    const body = JSON.parse(gotCompleted[0]!.body);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(["event", "occurred_at", "document", "signer"]));
    expect(body.event).toBe("signing.completed");
    expect(body.signer).toEqual({ email: links.at(-1)!.email, full_name: `Signer ${links.length}`, status: "signed" });
    expect(body.document).toEqual({
      id,
      title: doc.json.title,
      status: "completed",
      body_sha256: doc.json.body_sha256,
      completed_at: doc.json.completed_at,
      metadata: { crm_id: "42", external_ref: "deal-7" },
    });
    const rows = await deliveries(hCompleted.id);
    expect(rows[0]).toMatchObject({ event: "signing.completed", status: "delivered", document_id: id, document_title: doc.json.title });

    const signed = gotAll.map((g) => JSON.parse(g.body)).find((b) => b.event === "signing.signed");
    expect(signed.signer).toEqual({ email: links[0]!.email, full_name: "Signer 1", status: "signed" });

    expect(await deliveries(hGone.id)).toHaveLength(0);
    expect(await received(gone)).toHaveLength(0);
    const held = await deliveries(hOff.id);
    expect(held).toHaveLength(trail.length);
    expect(held.every((d) => d.status === "held")).toBe(true);
    expect(await received(off)).toHaveLength(0);
    expect(await deliveries(hTest.id)).toHaveLength(0);
    expect(await deliveries(hForeign.id)).toHaveLength(0);

    // No signing token, key or webhook secret anywhere in what was sent or stored.
    const secrets = [...links.map((l) => l.token), t.key, testKey.key, hAll.secret, hCompleted.secret, hOff.secret];
    const stored = await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE tenant_id = ?").bind(t.tenantId).all<{ payload: string }>();
    const texts = [...gotAll, ...gotCompleted].flatMap((g) => [g.body, JSON.stringify(g.headers)]).concat(stored.results.map((r) => r.payload));
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) for (const s of secrets) expect(text).not.toContain(s);
    for (const text of texts) expect(text).not.toMatch(/whsec_|mk_(live|test)_/);
  });

  it("writes deliveries in the same batch as the events: a failed batch leaves neither", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url });
    const doc = await seedDocument(t.tenantId);
    const failing = drizzle(env.DB).run(sql`INSERT INTO no_such_table VALUES (1)`);
    await expect(
      commitWithEvents(env, doc, [failing], [{ kind: "viewed", occurredAt: new Date().toISOString(), againstSha256: doc.bodySha256 }], 1),
    ).rejects.toThrow();
    expect(await deliveries(hook.id)).toHaveLength(0);
    const events = await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE document_id = ?").bind(doc.id).first<{ n: number }>();
    expect(events!.n).toBe(0);

    await emit(doc, ["viewed"]);
    expect(await deliveries(hook.id)).toHaveLength(1);
  });

  it("a queue that cannot be told never fails the commit; the delivery waits for the next kick", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const doc = await seedDocument(t.tenantId);
    const unreachable = () => {
      throw new Error("no Durable Objects today");
    };
    const broken = { ...env, DELIVERY_QUEUE: { idFromName: unreachable, get: unreachable } } as unknown as typeof env;
    const out = await commitWithEvents(broken, doc, [], [{ kind: "viewed", occurredAt: new Date().toISOString(), againstSha256: doc.bodySha256 }], 1);
    expect(out.eventIds).toHaveLength(1);
    expect(await deliveries(hook.id)).toMatchObject([{ status: "queued", attempts: 0 }]);
    await kickEndpoints(env, [hook.id]);
    await idle(hook.id);
    expect(await deliveries(hook.id)).toMatchObject([{ status: "delivered", attempts: 1 }]);
  });

  it("the trail-only kind `verified` is not a webhook event", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url });
    const doc = await seedDocument(t.tenantId);
    await emit(doc, ["verified", "consented"]);
    expect((await deliveries(hook.id)).map((d) => d.event)).toEqual(["signing.consented"]);
  });
});

describe("cron safety net", () => {
  it("kicks a queue whose delivery is overdue and was never kicked", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url });
    const insert = (id: string, dueMsAgo: number) =>
      env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event, payload, status, attempts, next_attempt_at, created_at) VALUES (?, ?, ?, 'signing.ping', '{\"event\":\"signing.ping\"}', 'queued', 0, ?, ?)",
      )
        .bind(id, hook.id, t.tenantId, new Date(Date.now() - dueMsAgo).toISOString(), new Date().toISOString())
        .run();
    await insert("dlv_recent", 10_000);
    const results = await runScheduled(env, new Date());
    expect(results.sweepWebhookQueues).toBe("ok");
    await idle(hook.id);
    // Within the grace period the queue's own kick or alarm is trusted; nothing was sent.
    expect(await received(box)).toHaveLength(0);

    await insert("dlv_overdue", 10 * 60_000);
    await runScheduled(env, new Date());
    await idle(hook.id);
    const rows = await deliveries(hook.id);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ["dlv_recent", "delivered"],
      ["dlv_overdue", "delivered"],
    ]);
    expect(await received(box)).toHaveLength(2);
  });
});
