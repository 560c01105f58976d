/**
 * Webhook endpoints of an account (per mode): add, list, change, delete, rotate, read deliveries,
 * replay, ping. Routes stay thin; every rule is here. Each change is one D1 batch with its audit
 * row; queues are kicked after the commit.
 */
import { z } from "@hono/zod-openapi";
import { dbOf } from "../db/client";
import type { Env, Principal } from "../env";
import { ApiError, invalid, notFound } from "../lib/errors";
import { text } from "../lib/text";
import { newId, nowIso } from "../lib/ids";
import type { DeliveryStatus } from "./vocabulary";
import {
  countDropped,
  droppedToDead,
  findLiveEndpoint,
  insertAudit,
  insertAuditIfDelivery,
  insertEndpointWithinLimit,
  killWaiting,
  listEndpointsWithCounts,
  markEndpointDeleted,
  releaseHeld,
  rotateEndpointSecret,
  updateEndpoint as updateEndpointRow,
  type Db,
  type WebhookEndpoint,
} from "../db/webhooks";
import { deliveryStatus, findDeliveryOf, insertPing, insertReplay, recentDeliveries } from "../db/webhook-deliveries";
import { checkWebhookUrl, resolvedRefusal } from "./webhook-url";
import { Reason } from "./reason";
import { ROTATION_OVERLAP_SECONDS, newWebhookSecret, sealSecret } from "./webhook-secrets";
import { WEBHOOK_EVENTS, holdWaitingQuery, kickEndpoints, newDeliveryId, trimHoldQuery } from "./webhooks";

/** An endpoint's label: 0-80 characters. */
export const WebhookLabel = text().max(80).openapi({ description: "0-80 characters" });
export const WebhookEventNames = z.array(text().min(1).max(64)).min(1).max(30).openapi({ description: '1-30 event names, or ["*"] for all' });

/** Adding an endpoint, for every face: POST /v1/webhooks (src/routes/webhooks.ts) and the dashboard's form. */
export const WebhookAdd = z.object({ url: text().min(1).max(2048), events: WebhookEventNames, label: WebhookLabel.optional() }).strict();

/** Changing an endpoint: PATCH /v1/webhooks/{id}. */
export const WebhookUpdate = z
  .object({ active: z.boolean().optional(), events: WebhookEventNames.optional(), label: WebhookLabel.optional() })
  .strict()
  .openapi("WebhookUpdate");

/** Deleting an endpoint: DELETE /v1/webhooks/{id}?reason=, kept on the account's audit trail. */
export const WebhookDeleteQuery = z.object({ reason: Reason });

/** A dashboard member acts as `member:<id>` (their principal's keyId already says so), a key as `key:<id>`. */
const actorOf = (p: Principal) => (p.keyId.startsWith("member:") ? p.keyId : `key:${p.keyId}`);

/** Checks 1-30 event names, each known or `*`; returns them without repeats, in the order given. */
export function checkEvents(events: string[]): string[] {
  if (events.length < 1 || events.length > 30) throw invalid('events: give 1 to 30 event names, or ["*"] for all.');
  const known = new Set<string>(WEBHOOK_EVENTS);
  events.forEach((e, i) => {
    if (e !== "*" && !known.has(e)) {
      throw invalid(`events.${i}: "${e}" is not an event name.`, `Known events: ${WEBHOOK_EVENTS.join(", ")}, or * for all.`);
    }
  });
  return [...new Set(events)];
}

async function requireEndpoint(db: Db, p: Principal, id: string): Promise<WebhookEndpoint> {
  const row = await findLiveEndpoint(db, id, p.tenantId, p.mode);
  if (!row) throw notFound("webhook endpoint");
  return row;
}

/** An audit row of this principal, for the change's batch. */
const audit = (db: Db, p: Principal, action: string, detail: Record<string, unknown>) =>
  insertAudit(db, newId("aud"), { tenantId: p.tenantId, actor: actorOf(p), action, detail }, nowIso());

/** Live (not deleted) endpoints an account may have per mode. */
export const MAX_ENDPOINTS = 50;

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e; e = e instanceof Error ? e.cause : undefined) {
    if (/UNIQUE constraint failed: webhook_endpoints\./.test(e instanceof Error ? e.message : String(e))) return true;
  }
  return false;
};

/**
 * Adds an endpoint. At most MAX_ENDPOINTS live endpoints per account and mode (422 beyond), and a
 * URL at most once among them (409 `conflict`); URLs compare as normalised by `checkWebhookUrl`
 * (`new URL().href` without the fragment). Both hold under concurrent adds: the count is taken
 * inside the INSERT (one D1 batch is one transaction), the audit row is written only when the
 * endpoint was, and the partial unique index `webhook_endpoints_live_url` turns a racing
 * duplicate into a UNIQUE violation that becomes 409.
 */
export async function addEndpoint(env: Env, p: Principal, input: { url: string; events: string[]; label?: string }) {
  const url = checkWebhookUrl(env, input.url);
  const refusal = await resolvedRefusal(env, url);
  if (refusal) throw invalid(`url: ${refusal}; webhooks only go to public hosts.`);
  const events = checkEvents(input.events);
  const label = input.label ?? "";
  const id = newId("whe");
  const secret = newWebhookSecret();
  const secretEnc = await sealSecret(env, secret);
  const db = dbOf(env);
  const [insert, auditRow] = insertEndpointWithinLimit(
    db,
    { id, tenantId: p.tenantId, mode: p.mode, url, label, events, secretEnc, createdAt: nowIso() },
    MAX_ENDPOINTS,
    { id: newId("aud"), tenantId: p.tenantId, actor: actorOf(p), action: "webhook.added", detail: { endpoint_id: id, mode: p.mode, url, events, label } },
  );
  let added: D1Result;
  try {
    [added] = await db.batch([insert, auditRow]);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw new ApiError(
      "conflict",
      `url: this account already has a webhook endpoint for ${url} in this mode.`,
      "Change that endpoint's events instead, or delete it first. URLs are compared after normalisation (lower-case scheme and host, default port dropped, fragment removed).",
    );
  }
  if (added.meta.changes !== 1) {
    throw invalid(
      `url: this account already has ${MAX_ENDPOINTS} webhook endpoints in ${p.mode} mode, the most it may have.`,
      "Delete an endpoint you no longer use, or subscribe one endpoint to more events.",
    );
  }
  return { id, secret };
}

/** Every live endpoint of the account and mode, oldest first, with its queue counts. */
export async function listEndpoints(env: Env, p: Principal) {
  const rows = await listEndpointsWithCounts(dbOf(env), p.tenantId, p.mode);
  return {
    endpoints: rows.map(({ endpoint: e, queued, dead }) => ({
      id: e.id,
      url: e.url,
      label: e.label,
      events: e.events,
      active: e.active,
      failures: e.failures,
      paused_at: e.pausedAt,
      last_delivered_at: e.lastDeliveredAt,
      created_at: e.createdAt,
      queued,
      dead,
    })),
  };
}

/**
 * Changes active, events, label. `active: true` forgives the failure count, lifts a pause, sends
 * the held deliveries (`released`) and turns the deliveries that fell out of a full hold into dead
 * ones (`dropped`, readable and replayable). `active: false` moves waiting deliveries into the hold.
 * Without `active: true`, `dropped` reports how many have fallen out of the hold so far.
 */
export async function updateEndpoint(env: Env, p: Principal, id: string, patch: { active?: boolean; events?: string[]; label?: string }) {
  const db = dbOf(env);
  await requireEndpoint(db, p, id);
  const set: Parameters<typeof updateEndpointRow>[2] = {};
  if (patch.events !== undefined) set.events = checkEvents(patch.events);
  if (patch.label !== undefined) set.label = patch.label;
  if (patch.active === true) Object.assign(set, { active: true, failures: 0, pausedAt: null });
  if (patch.active === false) set.active = false;
  const changes = Object.keys(set).length ? [updateEndpointRow(db, id, set)] : [];
  const auditRow = audit(db, p, "webhook.updated", { endpoint_id: id, ...patch });
  if (patch.active === true) {
    const [, released, dropped] = await db.batch([auditRow, releaseHeld(db, id, nowIso()), droppedToDead(db, id), ...changes]);
    await kickEndpoints(env, [id]);
    return { updated: true as const, released: released.meta.changes, dropped: dropped.meta.changes };
  }
  const hold = patch.active === false ? [holdWaitingQuery(db, id), trimHoldQuery(db, id)] : [];
  const results = await db.batch([auditRow, ...changes, ...hold, countDropped(db, id)]);
  const counted = results.at(-1) as { n: number }[];
  return { updated: true as const, released: 0, dropped: counted[0]?.n ?? 0 };
}

/** Deletes an endpoint with a reason (on the account's audit trail). Its waiting deliveries become dead. */
export async function deleteEndpoint(env: Env, p: Principal, id: string, reason: string) {
  const db = dbOf(env);
  await requireEndpoint(db, p, id);
  await db.batch([
    markEndpointDeleted(db, id, nowIso(), reason),
    killWaiting(db, id, `endpoint deleted: ${reason}`),
    audit(db, p, "webhook.deleted", { endpoint_id: id, reason }),
  ]);
  return { deleted: true as const };
}

/**
 * A new secret, shown once. The secret it replaces keeps signing (second in the header) for
 * 24 hours; a secret replaced earlier than that is forgotten at once.
 */
export async function rotateSecret(env: Env, p: Principal, id: string) {
  const db = dbOf(env);
  await requireEndpoint(db, p, id);
  const secret = newWebhookSecret();
  const until = new Date(Date.now() + ROTATION_OVERLAP_SECONDS * 1000).toISOString();
  await db.batch([
    rotateEndpointSecret(db, id, await sealSecret(env, secret), until),
    audit(db, p, "webhook.rotated", { endpoint_id: id, previous_valid_until: until }),
  ]);
  return { secret, previous_valid_for_seconds: ROTATION_OVERLAP_SECONDS };
}

/** The endpoint's last fifty deliveries, newest first (the API's field names). */
export async function listDeliveries(env: Env, p: Principal, id: string) {
  const db = dbOf(env);
  await requireEndpoint(db, p, id);
  const rows = await recentDeliveries(db, id, 50);
  return {
    deliveries: rows.map((d) => ({
      id: d.id,
      endpoint_id: d.endpointId,
      event: d.event,
      status: d.status,
      attempts: d.attempts,
      next_attempt_at: d.nextAttemptAt,
      last_error: d.lastError,
      response_status: d.responseStatus,
      created_at: d.createdAt,
      delivered_at: d.deliveredAt,
      replay_of: d.replayOf,
      document_id: d.documentId,
      document_title: d.documentTitle,
    })),
  };
}

/** Statuses a delivery may be replayed from (a dropped one is dead in all but name). */
const REPLAYABLE: DeliveryStatus[] = ["delivered", "failed", "dead", "dropped"];

const stillWaiting = (deliveryId: string, status: string) =>
  new ApiError("conflict", `Delivery ${deliveryId} is still ${status}; it can be replayed once it is delivered, failed or dead.`);

/**
 * Rule 8: a delivered, failed or dead delivery may be sent again as a new delivery with the same
 * event and body, a new id and `replay_of`; refused (409) while the original is queued or held,
 * or while a replay of it still waits (queued, failed awaiting its next retry, or held).
 * The check and the insert are one statement, so two replays at once make one.
 */
export async function replayDelivery(env: Env, p: Principal, deliveryId: string) {
  const db = dbOf(env);
  const original = await findDeliveryOf(db, deliveryId, p.tenantId, p.mode);
  if (!original) throw notFound("delivery");
  if (!REPLAYABLE.includes(original.status)) throw stillWaiting(deliveryId, original.status);
  const id = newDeliveryId();
  const at = nowIso();
  // The audit row is written only with the replay: a refused replay (409) leaves nothing behind.
  const [inserted] = await db.batch([
    insertReplay(db, deliveryId, id, at, REPLAYABLE),
    trimHoldQuery(db, original.endpointId),
    insertAuditIfDelivery(
      db,
      newId("aud"),
      { tenantId: p.tenantId, actor: actorOf(p), action: "webhook.replayed", detail: { delivery_id: deliveryId, replay_id: id } },
      at,
      id,
    ),
  ]);
  if (inserted.meta.changes !== 1) {
    const again = await deliveryStatus(db, deliveryId);
    if (again && !REPLAYABLE.includes(again.status)) throw stillWaiting(deliveryId, again.status);
    throw new ApiError(
      "conflict",
      `A replay of delivery ${deliveryId} is still waiting to be delivered.`,
      "Replay again once that replay is delivered, failed or dead.",
    );
  }
  await kickEndpoints(env, [original.endpointId]);
  return { delivery_id: id };
}

/**
 * A `signing.ping` delivery to one endpoint, whatever it subscribes to. Like any delivery it waits
 * in the hold while the endpoint is paused or inactive.
 */
export async function pingEndpoint(env: Env, p: Principal, id: string) {
  const db = dbOf(env);
  const ep = await requireEndpoint(db, p, id);
  const deliveryId = newDeliveryId();
  const now = nowIso();
  const payload = { event: "signing.ping", occurred_at: now, endpoint: { id: ep.id, label: ep.label } };
  await db.batch([insertPing(db, id, deliveryId, JSON.stringify(payload), now), trimHoldQuery(db, id)]);
  if (ep.active && ep.pausedAt === null) await kickEndpoints(env, [id]);
  return { delivery_id: deliveryId };
}
