/**
 * Every D1 query of the webhook area (endpoint routes, fan-out, the DeliveryQueue object, the cron
 * steps), written with drizzle's query builder. Functions that return a query builder (not a
 * promise) are statements meant for a caller's `db.batch([...])`, so a change and its audit row or
 * fan-out commit together.
 *
 * Raw SQL fragments are left only where drizzle has no builder: `json_each` (a table-valued
 * function) in the fan-out's subscription test, the `ROW_NUMBER() OVER` window that finds the
 * deliveries beyond a full hold, `rowid` ordering (insertion order, which no column records), and
 * the SQL-side random delivery id of the INSERT…SELECT fan-out. Each is marked where it is used.
 */
import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, lt, lte, not, sql, type SQL } from "drizzle-orm";
import type { Env, Mode } from "../env";
import { auditLog, tenants, webhookDeliveries, webhookEndpoints } from "./schema";
import { type Db, dbOf } from "./client";
import type { DeliveryStatus } from "../domain/vocabulary";

export type { Db };
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEndpoint = typeof webhookEndpoints.$inferInsert;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

export const webhookDb = (env: Pick<Env, "DB">): Db => dbOf(env.DB);

const E = webhookEndpoints;
const D = webhookDeliveries;

/** Statuses of a delivery still waiting for an attempt (due, awaiting a retry, or held). */
export const WAITING: DeliveryStatus[] = ["queued", "failed", "held"];
/** Statuses of a delivery that will not be attempted again. */
export const FINISHED: DeliveryStatus[] = ["delivered", "dead", "dropped"];

/** SQL true when endpoint row `E` takes deliveries now (neither inactive nor paused). */
const open = () => and(eq(E.active, true), isNull(E.pausedAt))!;
const live = () => isNull(E.deletedAt);
/** Insertion order (raw: `rowid` is no column of the schema). */
const rowid = (table: typeof E | typeof D) => sql`${table}.rowid`;

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
