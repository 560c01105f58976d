/** D1 access for remembered idempotent answers (src/http/idempotency.ts holds the rules). */
import { and, eq, lte } from "drizzle-orm";
import type { Env } from "../env";
import { type Db, dbOf } from "./client";
import { idempotencyKeys } from "./schema";

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
/** Account, mode, operation and the key's SHA-256: the primary key. */
export type IdempotencyScope = readonly [tenantId: string, mode: string, operation: string, keyHash: string];

const inScope = ([tenantId, mode, operation, key]: IdempotencyScope) =>
  and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.mode, mode), eq(idempotencyKeys.operation, operation), eq(idempotencyKeys.key, key));

/**
 * In one round trip: drops the scope's row if it has expired (a lapsed running marker or an old
 * answer), then inserts a running marker unless the key is held. True when this call holds it.
 */
export async function claimRow(db: Db, scope: IdempotencyScope, requestHash: string, now: string, expiresAt: string): Promise<boolean> {
  const d = db;
  const [tenantId, mode, operation, key] = scope;
  const [, inserted] = await d.batch([
    d.delete(idempotencyKeys).where(and(inScope(scope), lte(idempotencyKeys.expiresAt, now))),
    d
      .insert(idempotencyKeys)
      .values({ tenantId, mode, operation, key, requestHash, state: "running", expiresAt })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key }),
  ]);
  return inserted.length === 1;
}

export const readRow = (db: Db, scope: IdempotencyScope) => db.select().from(idempotencyKeys).where(inScope(scope)).get();

/** Settles the running marker of one claim (named by its expiry) with the answer. */
export async function settleRow(db: Db, scope: IdempotencyScope, claim: string, answer: { status: number; body: string; expiresAt: string }) {
  await db
    .update(idempotencyKeys)
    .set({ state: "done", responseStatus: answer.status, responseBody: answer.body, expiresAt: answer.expiresAt })
    .where(and(inScope(scope), eq(idempotencyKeys.state, "running"), eq(idempotencyKeys.expiresAt, claim)));
}

/** Drops the running marker of one claim. */
export async function dropClaim(db: Db, scope: IdempotencyScope, claim: string) {
  await db.delete(idempotencyKeys).where(and(inScope(scope), eq(idempotencyKeys.state, "running"), eq(idempotencyKeys.expiresAt, claim)));
}

/** Drops every row expired by `now`; how many went. */
export async function purgeRows(db: Db, now: string): Promise<number> {
  const r = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now)).run();
  return r.meta.changes ?? 0;
}

/** Cron: drops remembered keys older than 24 hours (and lapsed running markers). */
export async function purgeExpiredIdempotencyKeys(env: Env, now = new Date()): Promise<number> {
  return purgeRows(dbOf(env), now.toISOString());
}
