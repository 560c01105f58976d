/**
 * Webhook fan-out. `deliveryStatements` turns one event into one delivery row per matching
 * endpoint of the account, inside the caller's batch; `kickDeliveryQueues` then tells the
 * endpoints' DeliveryQueue objects to deliver.
 *
 * The D1 rows are the truth about every delivery. The statements here are shared by the fan-out,
 * the endpoint routes and the DeliveryQueue object, so the hold behaves the same wherever it fills.
 */
import type { Env, Mode } from "../env";
import { randomHex } from "../lib/crypto";
import { errorFields, log } from "../lib/log";

export type DeliveryInput = {
  tenantId: string;
  mode: Mode;
  event: string;
  payload: unknown;
  documentId: string | null;
  documentTitle: string | null;
};

/** Identifies what a batch enqueued, so the right queues can be kicked after commit. */
export type DeliveryTarget = { tenantId: string; mode: Mode; event: string };

export { WEBHOOK_EVENTS } from "../db/enums";

/** The hold keeps this many of the newest waiting deliveries per endpoint. */
export const HOLD_LIMIT = 1000;

export const HOLD_DROPPED_ERROR = `dropped: the endpoint was paused or inactive and its hold keeps only the newest ${HOLD_LIMIT} events`;

/** Delivery ids: `dlv_` + 24 hex. The SQL twin makes the same shape inside INSERT…SELECT. */
export const newDeliveryId = () => `dlv_${randomHex(12)}`;
export const SQL_DELIVERY_ID = "'dlv_' || lower(hex(randomblob(12)))";

/** SQL true when endpoint row `e` takes deliveries now (neither inactive nor paused). */
const SQL_OPEN = "(e.active = 1 AND e.paused_at IS NULL)";

/**
 * Marks every held delivery beyond the newest HOLD_LIMIT of each endpoint in `endpointsSql`
 * (a subquery of endpoint ids) as `dropped`. Newest = last inserted (rowid).
 */
function trimHoldSql(endpointsSql: string): string {
  return `UPDATE webhook_deliveries SET status = 'dropped', last_error = ?
    WHERE rowid IN (
      SELECT rid FROM (
        SELECT d.rowid AS rid, ROW_NUMBER() OVER (PARTITION BY d.endpoint_id ORDER BY d.rowid DESC) AS n
        FROM webhook_deliveries d
        WHERE d.status = 'held' AND d.endpoint_id IN (${endpointsSql})
      ) WHERE n > ${HOLD_LIMIT}
    )`;
}

/** Trims the holds of one endpoint. */
export function trimHoldStatement(env: Env, endpointId: string): D1PreparedStatement {
  return env.DB.prepare(trimHoldSql("?")).bind(HOLD_DROPPED_ERROR, endpointId);
}

/**
 * Moves an endpoint's waiting deliveries (queued, or failed awaiting a retry) into the hold when the
 * endpoint is paused or inactive at the moment the statement runs. Harmless when it is open.
 */
export function holdWaitingStatement(env: Env, endpointId: string): D1PreparedStatement {
  return env.DB.prepare(
    `UPDATE webhook_deliveries SET status = 'held', next_attempt_at = NULL
     WHERE endpoint_id = ? AND status IN ('queued', 'failed')
       AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = ? AND NOT ${SQL_OPEN})`,
  ).bind(endpointId, endpointId);
}

/**
 * One delivery per endpoint of the account and mode that subscribes to the event (or to `*`) and
 * is not deleted: `queued` and due now when the endpoint is open, else `held`. Written with
 * INSERT…SELECT so the caller's batch needs no read first; a second statement trims full holds.
 */
export function deliveryStatements(env: Env, input: DeliveryInput): { statements: D1PreparedStatement[]; target: DeliveryTarget } {
  const now = new Date().toISOString();
  const insert = env.DB.prepare(
    `INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event, payload, status, attempts, next_attempt_at, created_at, document_id, document_title)
     SELECT ${SQL_DELIVERY_ID}, e.id, e.tenant_id, ?1, ?2,
            CASE WHEN ${SQL_OPEN} THEN 'queued' ELSE 'held' END, 0,
            CASE WHEN ${SQL_OPEN} THEN ?3 ELSE NULL END, ?3, ?4, ?5
     FROM webhook_endpoints e
     WHERE e.tenant_id = ?6 AND e.mode = ?7 AND e.deleted_at IS NULL
       AND EXISTS (SELECT 1 FROM json_each(e.events) j WHERE j.value IN (?1, '*'))
     ORDER BY e.rowid`,
  ).bind(input.event, JSON.stringify(input.payload), now, input.documentId, input.documentTitle, input.tenantId, input.mode);
  const trim = env.DB.prepare(
    trimHoldSql(`SELECT e.id FROM webhook_endpoints e WHERE e.tenant_id = ? AND e.mode = ? AND e.deleted_at IS NULL AND NOT ${SQL_OPEN}`),
  ).bind(HOLD_DROPPED_ERROR, input.tenantId, input.mode);
  return { statements: [insert, trim], target: { tenantId: input.tenantId, mode: input.mode, event: input.event } };
}

/** The DeliveryQueue object that owns an endpoint's deliveries. */
export function deliveryQueue(env: Env, endpointId: string) {
  return env.DELIVERY_QUEUE.get(env.DELIVERY_QUEUE.idFromName(endpointId));
}

/** Tells each endpoint's queue to look now. Never throws: the rows are committed, and the cron sweep is the safety net. */
export async function kickEndpoints(env: Env, endpointIds: Iterable<string>): Promise<void> {
  const results = await Promise.allSettled([...new Set(endpointIds)].map((id) => deliveryQueue(env, id).kick(id)));
  for (const r of results) {
    if (r.status === "rejected") log("warn", "webhook queue kick failed", errorFields(r.reason));
  }
}

/** After a commit: kicks the queues of the open endpoints that subscribe to what was enqueued. */
export async function kickDeliveryQueues(env: Env, targets: DeliveryTarget[]): Promise<void> {
  if (targets.length === 0) return;
  try {
    const groups = new Map<string, { tenantId: string; mode: Mode; events: Set<string> }>();
    for (const t of targets) {
      const k = `${t.tenantId}|${t.mode}`;
      const g = groups.get(k) ?? { tenantId: t.tenantId, mode: t.mode, events: new Set<string>() };
      g.events.add(t.event);
      groups.set(k, g);
    }
    const ids: string[] = [];
    for (const g of groups.values()) {
      const { results } = await env.DB.prepare(
        "SELECT id, events FROM webhook_endpoints WHERE tenant_id = ? AND mode = ? AND deleted_at IS NULL AND active = 1 AND paused_at IS NULL",
      )
        .bind(g.tenantId, g.mode)
        .all<{ id: string; events: string }>();
      for (const r of results) {
        const subscribed = JSON.parse(r.events) as string[];
        if (subscribed.includes("*") || subscribed.some((e) => g.events.has(e))) ids.push(r.id);
      }
    }
    await kickEndpoints(env, ids);
  } catch (err) {
    log("warn", "webhook queue kick failed", errorFields(err));
  }
}

/** Deliveries this long overdue mean a queue missed its kick (or its object was lost); the cron re-kicks it. */
export const OVERDUE_GRACE_MS = 2 * 60 * 1000;

/**
 * Cron step: kicks every queue with a delivery overdue by more than the grace period, and forgets
 * previous secrets whose rotation overlap has ended.
 */
export async function sweepWebhookQueues(env: Env, now: Date): Promise<{ kicked: number }> {
  const nowIso = now.toISOString();
  await env.DB.prepare(
    "UPDATE webhook_endpoints SET previous_secret_enc = NULL, previous_valid_until = NULL WHERE previous_valid_until IS NOT NULL AND previous_valid_until <= ?",
  )
    .bind(nowIso)
    .run();
  const before = new Date(now.getTime() - OVERDUE_GRACE_MS).toISOString();
  const { results } = await env.DB.prepare(
    `SELECT DISTINCT d.endpoint_id AS id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.status IN ('queued', 'failed') AND d.next_attempt_at <= ? AND ${SQL_OPEN} AND e.deleted_at IS NULL
     LIMIT 500`,
  )
    .bind(before)
    .all<{ id: string }>();
  await kickEndpoints(env, results.map((r) => r.id));
  return { kicked: results.length };
}
