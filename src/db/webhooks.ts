/**
 * The D1 queries of the webhook area (endpoint routes, fan-out, the DeliveryQueue object, the cron
 * steps), written with drizzle's query builder: endpoints, audit rows and the hold here, the
 * deliveries themselves in src/db/webhook-deliveries.ts. Functions that return a query builder (not a
 * promise) are statements meant for a caller's `db.batch([...])`, so a change and its audit row or
 * fan-out commit together.
 *
 * Raw SQL fragments are left only where drizzle has no builder: `json_each` (a table-valued
 * function) in the fan-out's subscription test, the `ROW_NUMBER() OVER` window that finds the
 * deliveries beyond a full hold, `rowid` ordering (insertion order, which no column records), and
 * the SQL-side random delivery id of the INSERT…SELECT fan-out. Each is marked where it is used.
 */
import { and, asc, eq, exists, inArray, isNotNull, isNull, lt, lte, not, sql, type SQL } from "drizzle-orm";
import type { Mode } from "../env";
import { auditLog, tenants, webhookDeliveries, webhookEndpoints } from "./schema";
import type { Db } from "./client";
import type { DeliveryStatus } from "../domain/vocabulary";

export type { Db };
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

export const E = webhookEndpoints;
export const D = webhookDeliveries;

/** Statuses of a delivery still waiting for an attempt (due, awaiting a retry, or held). */
export const WAITING: DeliveryStatus[] = ["queued", "failed", "held"];
/** Statuses of a delivery that will not be attempted again. */
export const FINISHED: DeliveryStatus[] = ["delivered", "dead", "dropped"];

/** SQL true when endpoint row `E` takes deliveries now (neither inactive nor paused). */
export const open = () => and(eq(E.active, true), isNull(E.pausedAt))!;
export const live = () => isNull(E.deletedAt);
/** Insertion order (raw: `rowid` is no column of the schema). */
export const rowid = (table: typeof E | typeof D) => sql`${table}.rowid`;

// ————— audit rows (the account's audit trail) —————

type Audit = { tenantId: string; actor: string; action: string; detail: Record<string, unknown> };

export function insertAudit(db: Db, id: string, a: Audit, at: string) {
  return db.insert(auditLog).values({ id, tenantId: a.tenantId, actor: a.actor, action: a.action, detail: a.detail, createdAt: at });
}

/** An audit row written only if the endpoint `endpointId` exists when the statement runs. */
function insertAuditIfEndpoint(db: Db, id: string, a: Audit, at: string, endpointId: string) {
  return db.insert(auditLog).select(
    db
      .select({
        id: sql<string>`${id}`.as("id"),
        tenantId: E.tenantId,
        actor: sql<string>`${a.actor}`.as("actor"),
        action: sql<string>`${a.action}`.as("action"),
        detail: sql<string>`${JSON.stringify(a.detail)}`.as("detail"),
        createdAt: sql<string>`${at}`.as("created_at"),
      })
      .from(E)
      .where(eq(E.id, endpointId)),
  );
}

/**
 * An audit row written only if the delivery `deliveryId` exists when the statement runs: after a
 * conditional insert (a replay) in the same batch, a refused replay leaves no audit row.
 */
export function insertAuditIfDelivery(db: Db, id: string, a: Audit, at: string, deliveryId: string) {
  return db.insert(auditLog).select(
    db
      .select({
        id: sql<string>`${id}`.as("id"),
        tenantId: sql<string>`${a.tenantId}`.as("tenant_id"),
        actor: sql<string>`${a.actor}`.as("actor"),
        action: sql<string>`${a.action}`.as("action"),
        detail: sql<string>`${JSON.stringify(a.detail)}`.as("detail"),
        createdAt: sql<string>`${at}`.as("created_at"),
      })
      .from(D)
      .where(eq(D.id, deliveryId)),
  );
}

// ————— endpoints —————

export function findLiveEndpoint(db: Db, id: string, tenantId: string, mode: Mode) {
  return db
    .select()
    .from(E)
    .where(and(eq(E.id, id), eq(E.tenantId, tenantId), eq(E.mode, mode), live()))
    .get();
}

/** Any endpoint by id, deleted or not (the DeliveryQueue's view). */
export function findEndpoint(db: Db, id: string) {
  return db.select().from(E).where(eq(E.id, id)).get();
}

/**
 * Inserts the endpoint only while its account has fewer than `max` live endpoints in the mode (the
 * count is taken inside the INSERT, so it holds under concurrent adds), and its audit row only if
 * the endpoint was inserted. Run both in one batch; the first result's `meta.changes` says whether
 * it was added. A live endpoint with the same URL makes the batch fail with a UNIQUE violation.
 */
export function insertEndpointWithinLimit(db: Db, row: NewWebhookEndpoint & { createdAt: string }, max: number, audit: { id: string } & Audit) {
  const liveCount = db.$count(E, and(eq(E.tenantId, row.tenantId), eq(E.mode, row.mode), live()));
  const insert = db.insert(E).select(
    db
      .select({
        id: sql<string>`${row.id}`.as("id"),
        tenantId: tenants.id,
        mode: sql<string>`${row.mode}`.as("mode"),
        url: sql<string>`${row.url}`.as("url"),
        label: sql<string>`${row.label ?? ""}`.as("label"),
        events: sql<string>`${JSON.stringify(row.events)}`.as("events"),
        active: sql<number>`1`.as("active"),
        failures: sql<number>`0`.as("failures"),
        pausedAt: sql<null>`NULL`.as("paused_at"),
        secretEnc: sql<string>`${row.secretEnc}`.as("secret_enc"),
        previousSecretEnc: sql<null>`NULL`.as("previous_secret_enc"),
        previousValidUntil: sql<null>`NULL`.as("previous_valid_until"),
        lastDeliveredAt: sql<null>`NULL`.as("last_delivered_at"),
        createdAt: sql<string>`${row.createdAt}`.as("created_at"),
        deletedAt: sql<null>`NULL`.as("deleted_at"),
        deleteReason: sql<null>`NULL`.as("delete_reason"),
      })
      .from(tenants)
      .where(and(eq(tenants.id, row.tenantId), lt(liveCount, max))),
  );
  return [insert, insertAuditIfEndpoint(db, audit.id, audit, row.createdAt, row.id)] as const;
}

/** Every live endpoint of the account and mode, oldest first, with its waiting and dead counts. */
export function listEndpointsWithCounts(db: Db, tenantId: string, mode: Mode) {
  return db
    .select({
      endpoint: E,
      queued: db.$count(D, and(eq(D.endpointId, E.id), inArray(D.status, WAITING))),
      dead: db.$count(D, and(eq(D.endpointId, E.id), inArray(D.status, ["dead", "dropped"]))),
    })
    .from(E)
    .where(and(eq(E.tenantId, tenantId), eq(E.mode, mode), live()))
    .orderBy(asc(E.createdAt), asc(rowid(E)));
}

export function updateEndpoint(db: Db, id: string, set: Partial<Pick<WebhookEndpoint, "events" | "label" | "active" | "failures" | "pausedAt">>) {
  return db
    .update(E)
    .set(set)
    .where(and(eq(E.id, id), live()));
}

export function markEndpointDeleted(db: Db, id: string, at: string, reason: string) {
  return db
    .update(E)
    .set({ deletedAt: at, deleteReason: reason, active: false })
    .where(and(eq(E.id, id), live()));
}

/** The current secret becomes the previous one (valid until `until`); `secretEnc` is the new one. */
export function rotateEndpointSecret(db: Db, id: string, secretEnc: string, until: string) {
  return db
    .update(E)
    .set({ previousSecretEnc: sql`${E.secretEnc}`, previousValidUntil: until, secretEnc })
    .where(and(eq(E.id, id), live()));
}

/** Forgets previous secrets whose overlap has ended. */
export function forgetExpiredSecrets(db: Db, nowIso: string) {
  return db
    .update(E)
    .set({ previousSecretEnc: null, previousValidUntil: null })
    .where(and(isNotNull(E.previousValidUntil), lte(E.previousValidUntil, nowIso)));
}

/** Ids and subscriptions of the open endpoints of an account and mode. */
export function openEndpoints(db: Db, tenantId: string, mode: Mode) {
  return db
    .select({ id: E.id, events: E.events })
    .from(E)
    .where(and(eq(E.tenantId, tenantId), eq(E.mode, mode), live(), open()));
}

// ————— deliveries: the hold —————

/**
 * Marks every held delivery beyond the newest `limit` of each endpoint matched by `endpoints`
 * as `dropped`. Newest = last inserted. Raw: drizzle has no builder for the window function.
 */
export function trimHold(db: Db, endpoints: SQL, limit: number, error: string) {
  return db
    .update(D)
    .set({ status: "dropped", lastError: error })
    .where(
      sql`${D}.rowid IN (
        SELECT rid FROM (
          SELECT d.rowid AS rid, ROW_NUMBER() OVER (PARTITION BY d.endpoint_id ORDER BY d.rowid DESC) AS n
          FROM ${D} d
          WHERE d.status = 'held' AND d.endpoint_id IN (${endpoints})
        ) WHERE n > ${limit}
      )`,
    );
}

/** The SQL list of one endpoint id, for `trimHold`. */
export const oneEndpoint = (id: string) => sql`${id}`;

/** The closed (paused or inactive) live endpoints of an account and mode, for `trimHold`. */
export function closedEndpointsOf(db: Db, tenantId: string, mode: Mode): SQL {
  return db
    .select({ id: E.id })
    .from(E)
    .where(and(eq(E.tenantId, tenantId), eq(E.mode, mode), live(), not(open())))
    .getSQL();
}

/** Moves an endpoint's waiting deliveries into the hold if the endpoint is closed when this runs. */
export function holdWaiting(db: Db, endpointId: string) {
  return db
    .update(D)
    .set({ status: "held", nextAttemptAt: null })
    .where(
      and(
        eq(D.endpointId, endpointId),
        inArray(D.status, ["queued", "failed"]),
        exists(
          db
            .select({ one: sql`1` })
            .from(E)
            .where(and(eq(E.id, endpointId), not(open()))),
        ),
      ),
    );
}

export function releaseHeld(db: Db, endpointId: string, at: string) {
  return db
    .update(D)
    .set({ status: "queued", nextAttemptAt: at })
    .where(and(eq(D.endpointId, endpointId), eq(D.status, "held")));
}

export function droppedToDead(db: Db, endpointId: string) {
  return db
    .update(D)
    .set({ status: "dead", nextAttemptAt: null })
    .where(and(eq(D.endpointId, endpointId), eq(D.status, "dropped")));
}

export function countDropped(db: Db, endpointId: string) {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(D)
    .where(and(eq(D.endpointId, endpointId), eq(D.status, "dropped")));
}

/** A deleted endpoint's deliveries that still wait become dead. */
export function killWaiting(db: Db, endpointId: string, error: string) {
  return db
    .update(D)
    .set({ status: "dead", nextAttemptAt: null, lastError: error })
    .where(and(eq(D.endpointId, endpointId), inArray(D.status, [...WAITING, "dropped"])));
}
