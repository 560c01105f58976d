/**
 * D1 access for embedded editing's one-use links and their sessions (src/domain/embed-sessions.ts
 * holds the rules: 15 minutes, one open, what a session may reach).
 */
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "./client";
import { embedSessions, tenants } from "./schema";

export type EmbedSessionRow = typeof embedSessions.$inferSelect;
export type EmbedSessionInsert = typeof embedSessions.$inferInsert;

export const insertEmbedSession = (db: Db, row: EmbedSessionInsert) => db.insert(embedSessions).values(row);

/**
 * The one open: marks the unexpired, unopened link opened and binds the session's cookie hash to
 * it, in one statement, so that two opens at once cannot both succeed. The row, or undefined.
 */
export const consumeEmbedLink = (db: Db, tokenHash: string, at: string, sessionHash: string, sessionExpiresAt: string) =>
  db
    .update(embedSessions)
    .set({ openedAt: at, sessionHash, sessionExpiresAt })
    .where(and(eq(embedSessions.tokenHash, tokenHash), isNull(embedSessions.openedAt), gt(embedSessions.expiresAt, at)))
    .returning()
    .get();

/** A session by its cookie's hash, with the account's name and framing origins. */
export const embedSessionByHash = (db: Db, sessionHash: string) =>
  db
    .select({ session: embedSessions, tenantName: tenants.name, frameAncestors: tenants.frameAncestors })
    .from(embedSessions)
    .innerJoin(tenants, eq(tenants.id, embedSessions.tenantId))
    .where(eq(embedSessions.sessionHash, sessionHash))
    .get();

/** Links never opened past their expiry, and sessions past theirs (the cron's sweep). */
export const deleteExpiredEmbedSessions = (db: Db, at: string) =>
  db.delete(embedSessions).where(or(and(isNull(embedSessions.openedAt), lt(embedSessions.expiresAt, at)), lt(embedSessions.sessionExpiresAt, at)));
