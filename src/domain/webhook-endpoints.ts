/**
 * Webhook endpoints of an account (per mode): add, list, change, delete, rotate, read deliveries,
 * replay, ping. Routes stay thin; every rule is here. Each change is one D1 batch with its audit
 * row; queues are kicked after the commit.
 */
import type { Env, Principal } from "../env";
import { ApiError, invalid, notFound } from "../lib/errors";
import { newId, nowIso } from "../lib/ids";
import { auditStatement } from "./accounts";
import { checkWebhookUrl, resolvedRefusal } from "./webhook-url";
import { ROTATION_OVERLAP_SECONDS, newWebhookSecret, sealSecret } from "./webhook-secrets";
import { WEBHOOK_EVENTS, holdWaitingStatement, kickEndpoints, newDeliveryId, trimHoldStatement } from "./webhooks";

const actorOf = (p: Principal) => `key:${p.keyId}`;

/** Checks 1-30 event names, each known or `*`; returns them without repeats, in the order given. */
export function checkEvents(events: string[]): string[] {
  if (events.length < 1 || events.length > 30) throw invalid("events: give 1 to 30 event names, or [\"*\"] for all.");
  const known = new Set<string>(WEBHOOK_EVENTS);
  events.forEach((e, i) => {
    if (e !== "*" && !known.has(e)) {
      throw invalid(`events.${i}: "${e}" is not an event name.`, `Known events: ${WEBHOOK_EVENTS.join(", ")}, or * for all.`);
    }
  });
  return [...new Set(events)];
}

type EndpointRow = {
  id: string;
  url: string;
  label: string;
  events: string;
  active: number;
  failures: number;
  paused_at: string | null;
  last_delivered_at: string | null;
  created_at: string;
};

const ENDPOINT_COLUMNS = "id, url, label, events, active, failures, paused_at, last_delivered_at, created_at";

async function requireEndpoint(env: Env, p: Principal, id: string): Promise<EndpointRow> {
  const row = await env.DB.prepare(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ? AND tenant_id = ? AND mode = ? AND deleted_at IS NULL`,
  )
    .bind(id, p.tenantId, p.mode)
    .first<EndpointRow>();
  if (!row) throw notFound("webhook endpoint");
  return row;
}

/** Live (not deleted) endpoints an account may have per mode. */
export const MAX_ENDPOINTS = 50;

const isUniqueViolation = (err: unknown) => /UNIQUE constraint failed: webhook_endpoints\./.test(String(err instanceof Error ? err.message : err));

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
  const now = nowIso();
  let inserted: D1Result;
  try {
    [inserted] = (await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO webhook_endpoints (id, tenant_id, mode, url, label, events, active, failures, secret_enc, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, 1, 0, ?7, ?8
         WHERE (SELECT COUNT(*) FROM webhook_endpoints WHERE tenant_id = ?2 AND mode = ?3 AND deleted_at IS NULL) < ?9`,
      ).bind(id, p.tenantId, p.mode, url, label, JSON.stringify(events), secretEnc, now, MAX_ENDPOINTS),
      env.DB.prepare(
        "INSERT INTO audit_log (id, tenant_id, actor, action, detail, created_at) SELECT ?, ?, ?, 'webhook.added', ?, ? WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE id = ?)",
      ).bind(newId("aud"), p.tenantId, actorOf(p), JSON.stringify({ endpoint_id: id, mode: p.mode, url, events, label }), now, id),
    ])) as [D1Result];
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    throw duplicateUrl(url);
  }
  if (inserted.meta.changes !== 1) {
    throw invalid(
      `url: this account already has ${MAX_ENDPOINTS} webhook endpoints in ${p.mode} mode, the most it may have.`,
      "Delete an endpoint you no longer use, or subscribe one endpoint to more events.",
    );
  }
  return { id, secret };
}

function duplicateUrl(url: string): ApiError {
  return new ApiError(
    "conflict",
    `url: this account already has a webhook endpoint for ${url} in this mode.`,
    "Change that endpoint's events instead, or delete it first. URLs are compared after normalisation (lower-case scheme and host, default port dropped, fragment removed).",
  );
}

/** Every live endpoint of the account and mode, oldest first, with its queue counts. */
export async function listEndpoints(env: Env, p: Principal) {
  const { results } = await env.DB.prepare(
    `SELECT ${ENDPOINT_COLUMNS},
       (SELECT COUNT(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status IN ('queued', 'failed', 'held')) AS queued,
       (SELECT COUNT(*) FROM webhook_deliveries d WHERE d.endpoint_id = e.id AND d.status IN ('dead', 'dropped')) AS dead
     FROM webhook_endpoints e WHERE tenant_id = ? AND mode = ? AND deleted_at IS NULL ORDER BY created_at, rowid`,
  )
    .bind(p.tenantId, p.mode)
    .all<EndpointRow & { queued: number; dead: number }>();
  return {
    endpoints: results.map((r) => ({
      id: r.id,
      url: r.url,
      label: r.label,
      events: JSON.parse(r.events) as string[],
      active: r.active === 1,
      failures: r.failures,
      paused_at: r.paused_at,
      last_delivered_at: r.last_delivered_at,
      created_at: r.created_at,
      queued: r.queued,
      dead: r.dead,
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
  await requireEndpoint(env, p, id);
  const sets: string[] = [];
  const values: unknown[] = [];
  if (patch.events !== undefined) {
    sets.push("events = ?");
    values.push(JSON.stringify(checkEvents(patch.events)));
  }
  if (patch.label !== undefined) {
    sets.push("label = ?");
    values.push(patch.label);
  }
  if (patch.active === true) sets.push("active = 1", "failures = 0", "paused_at = NULL");
  if (patch.active === false) sets.push("active = 0");

  const now = nowIso();
  const statements: D1PreparedStatement[] = [];
  if (sets.length) {
    statements.push(env.DB.prepare(`UPDATE webhook_endpoints SET ${sets.join(", ")} WHERE id = ? AND deleted_at IS NULL`).bind(...values, id));
  }
  let releasedAt = -1;
  let droppedAt = -1;
  if (patch.active === true) {
    releasedAt = statements.length;
    statements.push(
      env.DB.prepare("UPDATE webhook_deliveries SET status = 'queued', next_attempt_at = ? WHERE endpoint_id = ? AND status = 'held'").bind(now, id),
    );
    droppedAt = statements.length;
    statements.push(
      env.DB.prepare("UPDATE webhook_deliveries SET status = 'dead', next_attempt_at = NULL WHERE endpoint_id = ? AND status = 'dropped'").bind(id),
    );
  } else {
    if (patch.active === false) statements.push(holdWaitingStatement(env, id), trimHoldStatement(env, id));
    droppedAt = statements.length;
    statements.push(env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'dropped'").bind(id));
  }
  statements.push(auditStatement(env, p.tenantId, actorOf(p), "webhook.updated", { endpoint_id: id, ...patch }));
  const results = await env.DB.batch(statements);
  const released = releasedAt >= 0 ? results[releasedAt]!.meta.changes : 0;
  const droppedResult = results[droppedAt]!;
  const dropped = patch.active === true ? droppedResult.meta.changes : ((droppedResult.results[0] as { n: number } | undefined)?.n ?? 0);
  if (patch.active === true) await kickEndpoints(env, [id]);
  return { updated: true as const, released, dropped };
}

/** Deletes an endpoint with a reason (on the account's audit trail). Its waiting deliveries become dead. */
export async function deleteEndpoint(env: Env, p: Principal, id: string, reason: string) {
  await requireEndpoint(env, p, id);
  const now = nowIso();
  await env.DB.batch([
    env.DB.prepare("UPDATE webhook_endpoints SET deleted_at = ?, delete_reason = ?, active = 0 WHERE id = ? AND deleted_at IS NULL").bind(now, reason, id),
    env.DB.prepare(
      "UPDATE webhook_deliveries SET status = 'dead', next_attempt_at = NULL, last_error = ? WHERE endpoint_id = ? AND status IN ('queued', 'failed', 'held', 'dropped')",
    ).bind(`endpoint deleted: ${reason}`, id),
    auditStatement(env, p.tenantId, actorOf(p), "webhook.deleted", { endpoint_id: id, reason }),
  ]);
  return { deleted: true as const };
}

/**
 * A new secret, shown once. The secret it replaces keeps signing (second in the header) for
 * 24 hours; a secret replaced earlier than that is forgotten at once.
 */
export async function rotateSecret(env: Env, p: Principal, id: string) {
  await requireEndpoint(env, p, id);
  const secret = newWebhookSecret();
  const until = new Date(Date.now() + ROTATION_OVERLAP_SECONDS * 1000).toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE webhook_endpoints SET previous_secret_enc = secret_enc, previous_valid_until = ?, secret_enc = ? WHERE id = ? AND deleted_at IS NULL",
    ).bind(until, await sealSecret(env, secret), id),
    auditStatement(env, p.tenantId, actorOf(p), "webhook.rotated", { endpoint_id: id, previous_valid_until: until }),
  ]);
  return { secret, previous_valid_for_seconds: ROTATION_OVERLAP_SECONDS };
}

type DeliveryRow = {
  id: string;
  endpoint_id: string;
  event: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  response_status: number | null;
  created_at: string;
  delivered_at: string | null;
  replay_of: string | null;
  document_id: string | null;
  document_title: string | null;
};

const DELIVERY_COLUMNS =
  "id, endpoint_id, event, status, attempts, next_attempt_at, last_error, response_status, created_at, delivered_at, replay_of, document_id, document_title";

/** The endpoint's last fifty deliveries, newest first. */
export async function listDeliveries(env: Env, p: Principal, id: string) {
  await requireEndpoint(env, p, id);
  const { results } = await env.DB.prepare(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 50`,
  )
    .bind(id)
    .all<DeliveryRow>();
  return { deliveries: results };
}

/** Statuses a delivery may be replayed from (a dropped one is dead in all but name). */
const REPLAYABLE = ["delivered", "failed", "dead", "dropped"];

/**
 * Rule 8: a delivered, failed or dead delivery may be sent again as a new delivery with the same
 * event and body, a new id and `replay_of`; refused (409) while the original is queued or held,
 * or while a replay of it still waits (queued, failed awaiting its next retry, or held). The check and the insert are one statement, so two replays at once make one.
 */
export async function replayDelivery(env: Env, p: Principal, deliveryId: string) {
  const original = await env.DB.prepare(
    `SELECT d.id, d.status, d.endpoint_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.id = ? AND e.tenant_id = ? AND e.mode = ? AND e.deleted_at IS NULL`,
  )
    .bind(deliveryId, p.tenantId, p.mode)
    .first<{ id: string; status: string; endpoint_id: string }>();
  if (!original) throw notFound("delivery");
  if (!REPLAYABLE.includes(original.status)) {
    throw new ApiError("conflict", `Delivery ${deliveryId} is still ${original.status}; it can be replayed once it is delivered, failed or dead.`);
  }
  const id = newDeliveryId();
  const now = nowIso();
  const [inserted] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event, payload, status, attempts, next_attempt_at, created_at, replay_of, document_id, document_title)
       SELECT ?1, o.endpoint_id, o.tenant_id, o.event, o.payload,
              CASE WHEN e.active = 1 AND e.paused_at IS NULL THEN 'queued' ELSE 'held' END, 0,
              CASE WHEN e.active = 1 AND e.paused_at IS NULL THEN ?2 ELSE NULL END, ?2, o.id, o.document_id, o.document_title
       FROM webhook_deliveries o JOIN webhook_endpoints e ON e.id = o.endpoint_id
       WHERE o.id = ?3 AND e.deleted_at IS NULL AND o.status IN ('delivered', 'failed', 'dead', 'dropped')
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries r
                         WHERE r.endpoint_id = o.endpoint_id AND r.status IN ('queued', 'failed', 'held') AND r.replay_of = o.id)`,
    ).bind(id, now, deliveryId),
    trimHoldStatement(env, original.endpoint_id),
    auditStatement(env, p.tenantId, actorOf(p), "webhook.replayed", { delivery_id: deliveryId, replay_id: id }),
  ]);
  if (inserted!.meta.changes !== 1) {
    const again = await env.DB.prepare("SELECT status FROM webhook_deliveries WHERE id = ?").bind(deliveryId).first<{ status: string }>();
    if (again && !REPLAYABLE.includes(again.status)) {
      throw new ApiError("conflict", `Delivery ${deliveryId} is still ${again.status}; it can be replayed once it is delivered, failed or dead.`);
    }
    throw new ApiError("conflict", `A replay of delivery ${deliveryId} is still waiting to be delivered.`, "Replay again once that replay is delivered, failed or dead.");
  }
  await kickEndpoints(env, [original.endpoint_id]);
  return { delivery_id: id };
}

/**
 * A `signing.ping` delivery to one endpoint, whatever it subscribes to. Like any delivery it waits
 * in the hold while the endpoint is paused or inactive.
 */
export async function pingEndpoint(env: Env, p: Principal, id: string) {
  const ep = await requireEndpoint(env, p, id);
  const deliveryId = newDeliveryId();
  const now = nowIso();
  const open = ep.active === 1 && ep.paused_at === null;
  const payload = { event: "signing.ping", occurred_at: now, endpoint: { id: ep.id, label: ep.label } };
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event, payload, status, attempts, next_attempt_at, created_at)
       SELECT ?, e.id, e.tenant_id, 'signing.ping', ?,
              CASE WHEN e.active = 1 AND e.paused_at IS NULL THEN 'queued' ELSE 'held' END, 0,
              CASE WHEN e.active = 1 AND e.paused_at IS NULL THEN ? ELSE NULL END, ?
       FROM webhook_endpoints e WHERE e.id = ? AND e.deleted_at IS NULL`,
    ).bind(deliveryId, JSON.stringify(payload), now, now, id),
    trimHoldStatement(env, id),
  ]);
  if (open) await kickEndpoints(env, [id]);
  return { delivery_id: deliveryId };
}
