/**
 * Webhook fan-out. `deliveryQueries` turns one event into one delivery row per matching
 * endpoint of the account, inside the caller's batch; `kickDeliveryQueues` then tells the
 * endpoints' DeliveryQueue objects to deliver.
 *
 * The D1 rows are the truth about every delivery. The statements here are shared by the fan-out,
 * the endpoint routes and the DeliveryQueue object, so the hold behaves the same wherever it fills.
 */
import { SQL } from "drizzle-orm";
import { dbOf } from "../db/client";
import type { Env, Mode } from "../env";
import { randomHex } from "../lib/crypto";
import { closedEndpointsOf, forgetExpiredSecrets, holdWaiting, oneEndpoint, openEndpoints, trimHold, type Db } from "../db/webhooks";
import { fanOut, overdueEndpoints, purgeFinished } from "../db/webhook-deliveries";
import { errorFields, log } from "../lib/log";
import { kickDeliveries } from "../objects/delivery-queue/client";

export type DeliveryInput = {
  tenantId: string;
  mode: Mode;
  event: string;
  /** The body (serialised here), or raw SQL that makes the JSON inside the statement. */
  payload: unknown;
  documentId: string | null;
  documentTitle: string | null;
  /** Only if this holds as the batch runs (an event decided inside the batch). */
  when?: SQL;
};

/** Identifies what a batch enqueued, so the right queues can be kicked after commit. */
export type DeliveryTarget = { tenantId: string; mode: Mode; event: string };

export { WEBHOOK_EVENTS } from "./vocabulary";

/** The hold keeps this many of the newest waiting deliveries per endpoint. */
export const HOLD_LIMIT = 1000;

export const HOLD_DROPPED_ERROR = `dropped: the endpoint was paused or inactive and its hold keeps only the newest ${HOLD_LIMIT} events`;

/** Delivery ids: `dlv_` + 24 hex (the fan-out makes the same shape in SQL: `SQL_DELIVERY_ID`). */
export const newDeliveryId = () => `dlv_${randomHex(12)}`;

/** Trims the hold of one endpoint to the newest HOLD_LIMIT (a statement for the caller's batch). */
export function trimHoldQuery(db: Db, endpointId: string) {
  return trimHold(db, oneEndpoint(endpointId), HOLD_LIMIT, HOLD_DROPPED_ERROR);
}

/**
 * Moves an endpoint's waiting deliveries (queued, or failed awaiting a retry) into the hold when the
 * endpoint is paused or inactive at the moment the statement runs. Harmless when it is open.
 */
export function holdWaitingQuery(db: Db, endpointId: string) {
  return holdWaiting(db, endpointId);
}

/**
 * One delivery per endpoint of the account and mode that subscribes to the event (or to `*`) and
 * is not deleted: `queued` and due now when the endpoint is open, else `held`. Written with
 * INSERT…SELECT so the caller's batch needs no read first; a second statement trims full holds.
 * For a caller batching with `db.batch`.
 */
export function deliveryQueries(db: Db, input: DeliveryInput) {
  const at = new Date().toISOString();
  const payload = input.payload instanceof SQL ? input.payload : JSON.stringify(input.payload);
  const insert = fanOut(db, { ...input, payload, at });
  const trim = trimHold(db, closedEndpointsOf(db, input.tenantId, input.mode), HOLD_LIMIT, HOLD_DROPPED_ERROR);
  return { queries: [insert, trim] as const, target: { tenantId: input.tenantId, mode: input.mode, event: input.event } };
}

/** Tells each endpoint's queue to look now. Never throws: the rows are committed, and the cron sweep is the safety net. */
export async function kickEndpoints(env: Env, endpointIds: Iterable<string>): Promise<void> {
  const results = await Promise.allSettled([...new Set(endpointIds)].map((id) => kickDeliveries(env, id)));
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
    const db = dbOf(env);
    for (const g of groups.values()) {
      for (const r of await openEndpoints(db, g.tenantId, g.mode)) {
        if (r.events.includes("*") || r.events.some((e) => g.events.has(e))) ids.push(r.id);
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
  const db = dbOf(env);
  await forgetExpiredSecrets(db, now.toISOString());
  const before = new Date(now.getTime() - OVERDUE_GRACE_MS).toISOString();
  const results = await overdueEndpoints(db, before, 500);
  await kickEndpoints(
    env,
    results.map((r) => r.id),
  );
  return { kicked: results.length };
}

/** Delivered deliveries about no document are kept this long after they were created. */
export const DELIVERY_RETENTION_DAYS = 30;
/** Rows one cron run deletes at most (the rest go on the next minutes). */
export const PURGE_BATCH = 5000;

/**
 * Cron step: deletes delivered deliveries about no document (`signing.ping`, `packet.*`) created
 * more than 30 days ago. Nothing else goes here: a dead (or dropped) delivery stays readable, as the
 * spec says; a waiting one is never purged; and a document's deliveries are kept while its record
 * is (the evidence bundle lists every one): the delivered ones go when the retention policy (or an
 * erasure request) redacts the document, in the same batch (src/domain/redaction.ts).
 */
export async function purgeOldDeliveries(env: Env, now: Date): Promise<{ purged: number }> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000).toISOString();
  const r = await purgeFinished(dbOf(env), before, PURGE_BATCH);
  return { purged: r.meta.changes };
}
