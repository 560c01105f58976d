import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addKey, api, makeTenant } from "./helpers";
import { addHook, deliveries, newBox } from "./webhook-helpers";
import { sentDocument } from "./signing-helpers";
import { MAX_ENDPOINTS } from "../src/domain/webhook-endpoints";
import { purgeOldDeliveries } from "../src/domain/webhooks";
import { runScheduled } from "../src/domain/scheduled";

const add = (key: string, url: string) => api("POST", "/v1/webhooks", { key, body: { url, events: ["*"] } });

/** `n` live endpoints written straight to D1 (the limit counts rows, not how they were made). */
async function seedEndpoints(tenantId: string, mode: "test" | "live", n: number) {
  const now = new Date().toISOString();
  await env.DB.batch(
    Array.from({ length: n }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO webhook_endpoints (id, tenant_id, mode, url, label, events, active, failures, secret_enc, created_at) VALUES (?, ?, ?, ?, '', '[\"*\"]', 1, 0, 'x', ?)",
      ).bind(`whe_seed${crypto.randomUUID().slice(0, 12)}`, tenantId, mode, `https://hooks.receiver.test/seed-${i}-${crypto.randomUUID().slice(0, 6)}`, now),
    ),
  );
}

const liveCount = async (tenantId: string, mode: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_endpoints WHERE tenant_id = ? AND mode = ? AND deleted_at IS NULL")
    .bind(tenantId, mode)
    .first<{ n: number }>())!.n;

describe("at most 50 endpoints per account and mode", () => {
  it("refuses the 51st with 422 naming the limit, counts each mode apart, and frees a place on delete", async () => {
    expect(MAX_ENDPOINTS).toBe(50);
    const t = await makeTenant();
    await seedEndpoints(t.tenantId, "live", 49);
    const fiftieth = await add(t.key, newBox().url);
    expect(fiftieth.status, fiftieth.text).toBe(200);
    const over = await add(t.key, newBox().url);
    expect(over.status, over.text).toBe(422);
    expect(over.json.error.code).toBe("invalid");
    expect(over.json.error.message).toContain("50 webhook endpoints");
    expect(await liveCount(t.tenantId, "live")).toBe(50);
    const audits = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE tenant_id = ? AND action = 'webhook.added'")
      .bind(t.tenantId)
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);

    const other = await addKey(t.tenantId, { mode: "test" });
    expect((await add(other.key, newBox().url)).status).toBe(200);

    expect((await api("DELETE", `/v1/webhooks/${fiftieth.json.id}?reason=room`, { key: t.key })).status).toBe(200);
    expect((await add(t.key, newBox().url)).status).toBe(200);
  });

  it("holds under concurrent adds: never more than 50, never a 500", async () => {
    const t = await makeTenant();
    await seedEndpoints(t.tenantId, "live", 45);
    const answers = await Promise.all(Array.from({ length: 10 }, () => add(t.key, newBox().url)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, answers.map((a) => a.text).join("\n")).toEqual([200, 200, 200, 200, 200, 422, 422, 422, 422, 422]);
    expect(await liveCount(t.tenantId, "live")).toBe(50);
  });
});

describe("one live endpoint per URL", () => {
  it("refuses a second endpoint with the same URL (409), comparing URLs as new URL() normalises them", async () => {
    const t = await makeTenant();
    const box = newBox();
    const first = await addHook(t.key, { url: `${box.url}/in?x=1` });
    const same = await add(t.key, `${box.url}/in?x=1`);
    expect(same.status, same.text).toBe(409);
    expect(same.json.error).toMatchObject({ code: "conflict" });
    expect(same.json.error.message).toBe(`url: this account already has a webhook endpoint for ${box.url}/in?x=1 in this mode.`);
    const spelled = await add(t.key, `HTTPS://Hooks.Receiver.TEST:443/${box.name}/in?x=1#part`);
    expect(spelled.status, spelled.text).toBe(409);
    // Another path, query or case in the path is another URL.
    expect((await add(t.key, `${box.url}/in?x=2`)).status).toBe(200);
    expect((await add(t.key, `${box.url}/IN?x=1`)).status).toBe(200);
    expect((await add(t.key, `${box.url}/in/?x=1`)).status).toBe(200);

    // The other mode may have the same URL; a deleted endpoint's URL is free again.
    const other = await addKey(t.tenantId, { mode: "test" });
    expect((await add(other.key, `${box.url}/in?x=1`)).status).toBe(200);
    expect((await api("DELETE", `/v1/webhooks/${first.id}?reason=moved`, { key: t.key })).status).toBe(200);
    expect((await add(t.key, `${box.url}/in?x=1`)).status).toBe(200);
  });

  it("concurrent adds of one URL make one endpoint and answer 409 to the rest, never 500", async () => {
    const t = await makeTenant();
    const url = newBox().url;
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(t.key, url)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, answers.map((a) => a.text).join("\n")).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json.error.code).toBe("conflict");
    expect(await liveCount(t.tenantId, "live")).toBe(1);
    const audits = await env.DB.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE tenant_id = ? AND action = 'webhook.added'")
      .bind(t.tenantId)
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
  });
});

describe("the cron purges old deliveries", () => {
  it("deletes delivered deliveries of no document older than 30 days; dead ones stay readable, a document's stay with its record", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url });
    await api("PATCH", `/v1/webhooks/${hook.id}`, { key: t.key, body: { active: false } });
    const { id: documentId } = await sentDocument(t.key, { notify: false });
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    const rows: [string, string, string, string | null, string | null][] = [
      ["dlv_old_delivered", "delivered", daysAgo(31), null, null],
      ["dlv_old_dead", "dead", daysAgo(45), null, null],
      ["dlv_old_dropped", "dropped", daysAgo(31), null, null],
      ["dlv_old_queued", "queued", daysAgo(60), daysAgo(-1), null],
      ["dlv_old_failed", "failed", daysAgo(31), daysAgo(-1), null],
      ["dlv_old_held", "held", daysAgo(90), null, null],
      ["dlv_new_delivered", "delivered", daysAgo(29), null, null],
      ["dlv_new_dead", "dead", daysAgo(1), null, null],
      // A document's deliveries, however old, while its record is kept (not redacted).
      ["dlv_doc_delivered", "delivered", daysAgo(400), null, documentId],
      ["dlv_doc_dead", "dead", daysAgo(400), null, documentId],
    ];
    await env.DB.batch(
      rows.map(([id, status, created, next, doc]) =>
        env.DB.prepare(
          "INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event, payload, status, attempts, next_attempt_at, created_at, document_id) VALUES (?, ?, ?, 'signing.ping', '{}', ?, 1, ?, ?, ?)",
        ).bind(`${id}_${hook.id}`, hook.id, t.tenantId, status, next, created, doc),
      ),
    );
    const results = await runScheduled(env, now);
    expect(results.purgeWebhookDeliveries).toBe("ok");
    expect(
      (await deliveries(hook.id))
        .map((d) => d.id)
        .filter((id) => id.endsWith(`_${hook.id}`))
        .sort(),
    ).toEqual(
      [
        "dlv_doc_dead",
        "dlv_doc_delivered",
        "dlv_new_dead",
        "dlv_new_delivered",
        "dlv_old_dead",
        "dlv_old_dropped",
        "dlv_old_failed",
        "dlv_old_held",
        "dlv_old_queued",
      ]
        .map((id) => `${id}_${hook.id}`)
        .sort(),
    );
    // The endpoint's dead deliveries are still readable through the API.
    const listed = (await api("GET", `/v1/webhooks/${hook.id}/deliveries`, { key: t.key })).json.deliveries as { id: string; status: string }[];
    expect(listed.map((d) => d.id)).toEqual(expect.arrayContaining([`dlv_old_dead_${hook.id}`, `dlv_doc_dead_${hook.id}`]));
    expect(await purgeOldDeliveries(env, now)).toEqual({ purged: 0 });
  });
});
