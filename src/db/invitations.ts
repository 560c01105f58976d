/**
 * D1 access for invitations to join an account (src/domain/invitations.ts): the token only as its
 * SHA-256; a link is used once, atomically (one conditional UPDATE … RETURNING).
 */
import { and, desc, eq, gt, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "./client";
import { memberInvitations } from "./schema";

export type InvitationInsert = typeof memberInvitations.$inferInsert;
export type InvitationRow = typeof memberInvitations.$inferSelect;

export const insertInvitation = (db: Db, row: InvitationInsert) => db.insert(memberInvitations).values(row);

const pendingAt = (at: string) => and(isNull(memberInvitations.usedAt), isNull(memberInvitations.revokedAt), gt(memberInvitations.expiresAt, at));

/** The account's invitations still usable at `at`, newest first. */
export const pendingInvitations = (db: Db, tenantId: string, at: string) =>
  db
    .select()
    .from(memberInvitations)
    .where(and(eq(memberInvitations.tenantId, tenantId), pendingAt(at)))
    .orderBy(desc(memberInvitations.createdAt))
    .all();

/** Invitations the account sent since `since` (the daily limit counts them, revoked or not). */
export const invitationsSince = async (db: Db, tenantId: string, since: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(memberInvitations)
      .where(and(eq(memberInvitations.tenantId, tenantId), gte(memberInvitations.createdAt, since)))
      .get()
  )?.n ?? 0;

/** Revokes a pending invitation of the account; the row when it was pending. */
export const revokeInvitationRow = (db: Db, tenantId: string, id: string, at: string) =>
  db
    .update(memberInvitations)
    .set({ revokedAt: at })
    .where(and(eq(memberInvitations.id, id), eq(memberInvitations.tenantId, tenantId), pendingAt(at)))
    .returning()
    .get();

/** The pending invitation with this token hash (to show the accept page), or undefined. */
export const pendingInvitationByHash = (db: Db, tokenHash: string, at: string) =>
  db
    .select()
    .from(memberInvitations)
    .where(and(eq(memberInvitations.tokenHash, tokenHash), pendingAt(at)))
    .get();

/** Uses an invitation's link once: the row, or undefined for an unknown, used, revoked or expired link. */
export const consumeInvitation = (db: Db, tokenHash: string, at: string) =>
  db
    .update(memberInvitations)
    .set({ usedAt: at })
    .where(and(eq(memberInvitations.tokenHash, tokenHash), pendingAt(at)))
    .returning()
    .get();

export const setInvitationMember = (db: Db, id: string, memberId: string) => db.update(memberInvitations).set({ memberId }).where(eq(memberInvitations.id, id));

/** Deletes invitations never accepted whose link ended before `before` (revoked or expired); accepted ones stay with their member. */
export const deleteUnusedInvitations = (db: Db, before: string) =>
  db.delete(memberInvitations).where(and(isNull(memberInvitations.usedAt), sql`${memberInvitations.expiresAt} < ${before}`));
