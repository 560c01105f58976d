/** Every D1 query of bulk sends: the send, its rows, each row's outcome and the counts read from them. */
import { and, asc, desc, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "./client";
import { bulkSendRows, bulkSends, documents } from "./schema";
import type { Statement } from "./signing";

export type BulkSendRow = typeof bulkSends.$inferSelect;
export type NewBulkSendRow = typeof bulkSends.$inferInsert;
export type BulkRowRow = typeof bulkSendRows.$inferSelect;
export type NewBulkRowRow = typeof bulkSendRows.$inferInsert;

/** Rows per INSERT: D1 binds at most 100 parameters per statement (10 columns a row). */
const ROWS_PER_INSERT = 9;

/** The send and its rows, as statements for one batch (all or nothing). */
export function insertBulkSend(db: Db, send: NewBulkSendRow, rows: NewBulkRowRow[]): [Statement, ...Statement[]] {
  const statements: [Statement, ...Statement[]] = [db.insert(bulkSends).values(send)];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) statements.push(db.insert(bulkSendRows).values(rows.slice(i, i + ROWS_PER_INSERT)));
  return statements;
}

export async function bulkSendOf(db: Db, id: string): Promise<BulkSendRow | undefined> {
  return (await db.select().from(bulkSends).where(eq(bulkSends.id, id)))[0];
}

/** Bulk sends not done that were made before `before`, oldest first (the minute's sweep). */
export const unfinishedBulkSends = (db: Db, before: string, limit: number) =>
  db
    .select({ id: bulkSends.id })
    .from(bulkSends)
    .where(and(ne(bulkSends.state, "done"), lt(bulkSends.createdAt, before)))
    .orderBy(asc(bulkSends.createdAt))
    .limit(limit);

/** Every row in order (the answer of GET /v1/bulk-sends/{id}). */
export const rowsOf = (db: Db, id: string) => db.select().from(bulkSendRows).where(eq(bulkSendRows.bulkSendId, id)).orderBy(asc(bulkSendRows.n));

/** The next `limit` rows still queued, in order. */
export const queuedRows = (db: Db, id: string, limit: number) =>
  db
    .select()
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.status, "queued")))
    .orderBy(asc(bulkSendRows.n))
    .limit(limit);

/** Whether a document exists and its status (a row's document made by an earlier, interrupted run). */
export async function documentStatusOf(db: Db, documentId: string) {
  return (await db.select({ status: documents.status }).from(documents).where(eq(documents.id, documentId)))[0]?.status ?? null;
}

/** The send's counts, recounted from its rows (idempotent: a replayed write counts nothing twice); `queued` becomes `running`. */
export const recount = (db: Db, id: string) =>
  db
    .update(bulkSends)
    .set({
      sent: sql`(SELECT count(*) FROM bulk_send_rows WHERE bulk_send_id = ${id} AND status = 'sent')`,
      failed: sql`(SELECT count(*) FROM bulk_send_rows WHERE bulk_send_id = ${id} AND status = 'failed')`,
      state: sql`CASE WHEN ${bulkSends.state} = 'queued' THEN 'running' ELSE ${bulkSends.state} END`,
    })
    .where(eq(bulkSends.id, id));

/** A row's outcome: sent with its document, or failed with its reason; only a queued row changes. Then the counts. */
export function settleRowStatements(db: Db, id: string, n: number, outcome: { documentId: string } | { error: string }, at: string) {
  const set =
    "documentId" in outcome
      ? { status: "sent" as const, documentId: outcome.documentId, doneAt: at }
      : { status: "failed" as const, error: outcome.error, doneAt: at };
  return [
    db
      .update(bulkSendRows)
      .set(set)
      .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.n, n), eq(bulkSendRows.status, "queued"))),
    recount(db, id),
  ] as const;
}

/** Marks the send done once no row is queued (only once: `finished_at` names this call's write). */
export const markDone = (db: Db, id: string, at: string) =>
  db
    .update(bulkSends)
    .set({ state: "done", finishedAt: at })
    .where(
      and(
        eq(bulkSends.id, id),
        sql`${bulkSends.state} <> 'done'`,
        sql`NOT EXISTS (SELECT 1 FROM bulk_send_rows WHERE bulk_send_id = ${id} AND status = 'queued')`,
      ),
    );

/** True inside a batch once this call's `markDone` wrote `finished_at`: what queues `bulk_send.completed` exactly once. */
export const doneAt = (id: string, at: string) => sql`EXISTS (SELECT 1 FROM bulk_sends WHERE id = ${id} AND state = 'done' AND finished_at = ${at})`;

/** The account's bulk sends in this mode, newest first. */
export const listBulkSends = (db: Db, tenantId: string, mode: string, limit: number) =>
  db
    .select()
    .from(bulkSends)
    .where(and(eq(bulkSends.tenantId, tenantId), eq(bulkSends.mode, mode)))
    .orderBy(desc(bulkSends.createdAt))
    .limit(limit);
