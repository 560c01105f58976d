/**
 * Webhook deliveries in D1: creating them (the fan-out of an event, pings, replays), reading the
 * due and recent ones, recording outcomes against the delivery and its endpoint, and retention.
 * Endpoints, the audit rows and the hold are src/db/webhooks.ts.
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Mode } from "../env";
import type { Db } from "./client";
import type { DeliveryStatus } from "../domain/vocabulary";
import { E, D, WAITING, open, live, rowid } from "./webhooks";

// ————— deliveries: creating them —————

type NewDeliveryFromEndpoint = {
  /** A delivery id, or raw SQL making one per row (the fan-out). */
  id: string | SQL;
  event: string;
  /** The JSON body, or raw SQL making it inside the statement (a packet's event reads its counts as committed). */
  payload: string | SQL;
  at: string;
  documentId: string | null;
  documentTitle: string | null;
  replayOf: string | null;
};

/** The SELECT list of a delivery made for endpoint row `E`: queued and due now when it is open, else held. */
function deliveryFields(d: NewDeliveryFromEndpoint) {
  return {
    id: (typeof d.id === "string" ? sql<string>`${d.id}` : d.id).as("id"),
    endpointId: E.id,
    tenantId: E.tenantId,
    event: sql<string>`${d.event}`.as("event"),
    payload: sql<string>`${d.payload}`.as("payload"),
    status: sql<string>`CASE WHEN ${open()} THEN 'queued' ELSE 'held' END`.as("status"),
    attempts: sql<number>`0`.as("attempts"),
    nextAttemptAt: sql<string | null>`CASE WHEN ${open()} THEN ${d.at} ELSE NULL END`.as("next_attempt_at"),
    lastError: sql<null>`NULL`.as("last_error"),
    responseStatus: sql<null>`NULL`.as("response_status"),
    createdAt: sql<string>`${d.at}`.as("created_at"),
    deliveredAt: sql<null>`NULL`.as("delivered_at"),
    replayOf: sql<string | null>`${d.replayOf}`.as("replay_of"),
    documentId: sql<string | null>`${d.documentId}`.as("document_id"),
    documentTitle: sql<string | null>`${d.documentTitle}`.as("document_title"),
  };
}

/** Raw: a `dlv_` + 24 hex id made per row inside INSERT…SELECT (drizzle has no builder for it). */
export const SQL_DELIVERY_ID = sql<string>`'dlv_' || lower(hex(randomblob(12)))`;

/**
 * One delivery per live endpoint of the account and mode subscribed to `event` (or to `*`), in the
 * order the endpoints were added. Raw fragment: `json_each` over the endpoint's `events`. With
 * `when`, only if that condition holds as the statement runs (an event decided inside the batch).
 */
export function fanOut(
  db: Db,
  input: {
    tenantId: string;
    mode: Mode;
    event: string;
    payload: string | SQL;
    at: string;
    documentId: string | null;
    documentTitle: string | null;
    when?: SQL;
  },
) {
  return db.insert(D).select(
    db
      .select(
        deliveryFields({
          id: SQL_DELIVERY_ID,
          event: input.event,
          payload: input.payload,
          at: input.at,
          documentId: input.documentId,
          documentTitle: input.documentTitle,
          replayOf: null,
        }),
      )
      .from(E)
      .where(
        and(
          eq(E.tenantId, input.tenantId),
          eq(E.mode, input.mode),
          live(),
          sql`EXISTS (SELECT 1 FROM json_each(${E.events}) j WHERE j.value IN (${input.event}, '*'))`,
          input.when,
        ),
      )
      .orderBy(asc(rowid(E))),
  );
}

/** A `signing.ping` delivery to one live endpoint. */
export function insertPing(db: Db, endpointId: string, id: string, payload: string, at: string) {
  return db.insert(D).select(
    db
      .select(deliveryFields({ id, event: "signing.ping", payload, at, documentId: null, documentTitle: null, replayOf: null }))
      .from(E)
      .where(and(eq(E.id, endpointId), live())),
  );
}

/** The delivery, if its endpoint is live and belongs to the account and mode. */
export function findDeliveryOf(db: Db, deliveryId: string, tenantId: string, mode: Mode) {
  return db
    .select({ id: D.id, status: D.status, endpointId: D.endpointId })
    .from(D)
    .innerJoin(E, eq(E.id, D.endpointId))
    .where(and(eq(D.id, deliveryId), eq(E.tenantId, tenantId), eq(E.mode, mode), live()))
    .get();
}

export function deliveryStatus(db: Db, id: string) {
  return db.select({ status: D.status }).from(D).where(eq(D.id, id)).get();
}

/**
 * A replay of `originalId` (same event, body and document, new id) if the original is replayable
 * (`from`) and no replay of it still waits (queued, failed awaiting a retry, held). Check and insert
 * are one statement, so concurrent replays make one.
 */
export function insertReplay(db: Db, originalId: string, id: string, at: string, from: DeliveryStatus[]) {
  const o = D;
  const r = sql`r`;
  return db.insert(D).select(
    db
      .select({
        ...deliveryFields({ id, event: "", payload: "", at, documentId: null, documentTitle: null, replayOf: null }),
        event: o.event,
        payload: o.payload,
        replayOf: o.id,
        documentId: o.documentId,
        documentTitle: o.documentTitle,
      })
      .from(o)
      .innerJoin(E, eq(E.id, o.endpointId))
      .where(
        and(
          eq(o.id, originalId),
          live(),
          inArray(o.status, from),
          // Raw: the same table under a second name (a replay of the original).
          sql`NOT EXISTS (SELECT 1 FROM ${D} ${r} WHERE ${r}.endpoint_id = ${o.endpointId} AND ${r}.replay_of = ${o.id} AND ${r}.status IN ('queued', 'failed', 'held'))`,
        ),
      ),
  );
}

// ————— deliveries: reading them —————

/** The endpoint's last `limit` deliveries, newest first. */
export function recentDeliveries(db: Db, endpointId: string, limit: number) {
  return db
    .select()
    .from(D)
    .where(eq(D.endpointId, endpointId))
    .orderBy(desc(D.createdAt), desc(rowid(D)))
    .limit(limit);
}

/** The endpoint's deliveries due at `dueIso`, oldest due first. */
export function dueDeliveries(db: Db, endpointId: string, dueIso: string, limit: number) {
  return db
    .select({ id: D.id, event: D.event, payload: D.payload, attempts: D.attempts })
    .from(D)
    .where(and(eq(D.endpointId, endpointId), inArray(D.status, ["queued", "failed"]), lte(D.nextAttemptAt, dueIso)))
    .orderBy(asc(D.nextAttemptAt), asc(rowid(D)))
    .limit(limit);
}

/** When the endpoint's next waiting delivery falls due (ISO), or null. */
export async function nextDue(db: Db, endpointId: string): Promise<string | null> {
  const row = await db
    .select({ at: sql<string | null>`min(${D.nextAttemptAt})` })
    .from(D)
    .where(and(eq(D.endpointId, endpointId), inArray(D.status, ["queued", "failed"])))
    .get();
  return row?.at ?? null;
}

/** Open endpoints with a delivery due before `beforeIso` (missed kicks), at most `limit`. */
export function overdueEndpoints(db: Db, beforeIso: string, limit: number) {
  return db
    .selectDistinct({ id: D.endpointId })
    .from(D)
    .innerJoin(E, eq(E.id, D.endpointId))
    .where(and(inArray(D.status, ["queued", "failed"]), lte(D.nextAttemptAt, beforeIso), open(), live()))
    .limit(limit);
}

// ————— deliveries: outcomes —————

export function markDelivered(db: Db, id: string, atIso: string, status: number) {
  return db
    .update(D)
    .set({ status: "delivered", attempts: sql`${D.attempts} + 1`, deliveredAt: atIso, responseStatus: status, lastError: null, nextAttemptAt: null })
    .where(and(eq(D.id, id), inArray(D.status, WAITING)));
}

/**
 * A failed attempt: dead when `dead`, else `failed` and due at `next` — except that a delivery moved
 * into the hold meanwhile stays held.
 */
export function markFailed(db: Db, id: string, dead: boolean, next: string | null, error: string, status: number | null) {
  const held = eq(D.status, "held");
  return db
    .update(D)
    .set({
      status: dead ? "dead" : sql`CASE WHEN ${held} THEN 'held' ELSE 'failed' END`,
      nextAttemptAt: dead ? null : sql`CASE WHEN ${held} THEN NULL ELSE ${next} END`,
      attempts: sql`${D.attempts} + 1`,
      lastError: error,
      responseStatus: status,
    })
    .where(and(eq(D.id, id), inArray(D.status, WAITING)));
}

export function endpointSucceeded(db: Db, id: string, atIso: string) {
  return db.update(E).set({ failures: 0, lastDeliveredAt: atIso }).where(eq(E.id, id));
}

/** Counts a failure against the endpoint and pauses it at the `pauseAfter`th in a row. */
export function endpointFailed(db: Db, id: string, atIso: string, pauseAfter: number) {
  return db
    .update(E)
    .set({
      failures: sql`${E.failures} + 1`,
      pausedAt: sql`CASE WHEN ${E.pausedAt} IS NULL AND ${E.failures} + 1 >= ${pauseAfter} THEN ${atIso} ELSE ${E.pausedAt} END`,
    })
    .where(and(eq(E.id, id), live()));
}

// ————— retention —————

/**
 * Deletes up to `limit` delivered deliveries about no document (`signing.ping`, `packet.*`)
 * created before `beforeIso`, oldest first (the partial index `webhook_deliveries_purge` holds
 * exactly these). Dead and dropped deliveries stay readable; waiting ones are never deleted; a
 * document's deliveries are kept with its record (see `purgeDeliveredOfDocuments`).
 */
export function purgeFinished(db: Db, beforeIso: string, limit: number) {
  return db.delete(D).where(
    inArray(
      D.id,
      db
        .select({ id: D.id })
        .from(D)
        .where(and(lt(D.createdAt, beforeIso), eq(D.status, "delivered"), isNull(D.documentId)))
        .orderBy(asc(D.createdAt))
        .limit(limit),
    ),
  );
}

/**
 * The delivered deliveries of documents whose record the retention policy (or an erasure) has
 * just ended: deleted in the redaction's batch. Their dead ones stay readable.
 */
export const purgeDeliveredOfDocuments = (db: Db, documentIds: string[]) =>
  db.delete(D).where(and(inArray(D.documentId, documentIds), eq(D.status, "delivered")));
