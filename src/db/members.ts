/**
 * D1 access for dashboard members: sign-in counters, sessions and one-time sign-in links.
 * Row types come from the schema; the rules (lock-out, idle timeout, roles) live in
 * src/domain/members.ts and src/http/session.ts.
 */
import { and, asc, eq, gt, gte, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { memberSessions, members, signInLinks, tenants } from "./schema";

export type MemberRow = typeof members.$inferSelect;
export type SessionInsert = typeof memberSessions.$inferInsert;
export type SignInLinkInsert = typeof signInLinks.$inferInsert;

/** Every membership of an email address (one per account), with the account's name and slug. */
export const membershipsByEmail = (db: Db, email: string) =>
  db
    .select({ member: members, tenantName: tenants.name, tenantSlug: tenants.slug })
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .where(and(eq(members.email, email), isNull(members.removedAt)))
    .orderBy(asc(tenants.slug))
    .all();

export const memberById = (db: Db, id: string) => db.select().from(members).where(eq(members.id, id)).get();

/** The account's members, removed ones left out. */
export const listMemberRows = (db: Db, tenantId: string) =>
  db
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), isNull(members.removedAt)))
    .orderBy(asc(members.email))
    .all();

/** Marks a member removed (once); their sessions and links go with them in the same batch (removeMember). */
export const markMemberRemoved = (db: Db, id: string, at: string) =>
  db
    .update(members)
    .set({ removedAt: at })
    .where(and(eq(members.id, id), isNull(members.removedAt)));

export const deleteMemberLinks = (db: Db, memberId: string) => db.delete(signInLinks).where(eq(signInLinks.memberId, memberId));

export const countOwners = async (db: Db, tenantId: string, except?: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(members)
      .where(and(eq(members.tenantId, tenantId), eq(members.role, "owner"), isNull(members.removedAt), except ? ne(members.id, except) : undefined))
      .get()
  )?.n ?? 0;

export const updateMemberRow = (db: Db, id: string, set: Partial<typeof members.$inferInsert>) => db.update(members).set(set).where(eq(members.id, id));

// ---- sessions ----

export const insertSession = (db: Db, row: SessionInsert) => db.insert(memberSessions).values(row);

/** The session with this token hash, with its member and the account's name. */
export const sessionByHash = (db: Db, tokenHash: string) =>
  db
    .select({ session: memberSessions, member: members, tenantName: tenants.name })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .innerJoin(tenants, eq(tenants.id, memberSessions.tenantId))
    .where(and(eq(memberSessions.tokenHash, tokenHash), isNull(members.removedAt)))
    .get();

export const touchSession = (db: Db, id: string, at: string) => db.update(memberSessions).set({ lastSeenAt: at }).where(eq(memberSessions.id, id));

export const setSessionMode = (db: Db, id: string, mode: "test" | "live") => db.update(memberSessions).set({ mode }).where(eq(memberSessions.id, id));

export const deleteSession = (db: Db, id: string) => db.delete(memberSessions).where(eq(memberSessions.id, id));

export const deleteMemberSessions = (db: Db, memberId: string) => db.delete(memberSessions).where(eq(memberSessions.memberId, memberId));

/** Sessions idle since before `cutoff` (ISO time). */
export const deleteIdleSessions = (db: Db, cutoff: string) => db.delete(memberSessions).where(lt(memberSessions.lastSeenAt, cutoff));

// ---- one-time sign-in links ----

export const insertSignInLink = (db: Db, row: SignInLinkInsert) => db.insert(signInLinks).values(row);

/** Marks the unused, unexpired link with this hash used; returns its member when it was. */
export const consumeSignInLink = (db: Db, tokenHash: string, at: string) =>
  db
    .update(signInLinks)
    .set({ usedAt: at })
    .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, at)))
    .returning({ memberId: signInLinks.memberId, tenantId: signInLinks.tenantId })
    .get();

/** Links of a member still usable at `at`. */
export const openLinkCount = async (db: Db, memberId: string, at: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(signInLinks)
      .where(and(eq(signInLinks.memberId, memberId), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, at)))
      .get()
  )?.n ?? 0;

export const deleteOtherSessions = (db: Db, memberId: string, keep: string) =>
  db.delete(memberSessions).where(and(eq(memberSessions.memberId, memberId), ne(memberSessions.id, keep)));

const unlockedAt = (at: string) => or(isNull(members.lockedUntil), lte(members.lockedUntil, at));

/**
 * One failed password, counted atomically (one batch = one transaction), so failures racing in
 * parallel are all counted: the count restarts at 1 when the window's first failure is older than
 * `windowStart`; a locked member's failures are not counted; the `lockAfter`-th failure sets
 * `locked_until` and clears the count.
 */
export function recordFailure(db: Db, id: string, q: { at: string; windowStart: string; lockUntil: string; lockAfter: number }) {
  const fresh = sql`(${members.failedSince} IS NULL OR ${members.failedSince} <= ${q.windowStart})`;
  return db.batch([
    db
      .update(members)
      .set({
        failedSignIns: sql`CASE WHEN ${fresh} THEN 1 ELSE ${members.failedSignIns} + 1 END`,
        failedSince: sql`CASE WHEN ${fresh} THEN ${q.at} ELSE ${members.failedSince} END`,
      })
      .where(and(eq(members.id, id), unlockedAt(q.at))),
    db
      .update(members)
      .set({ lockedUntil: q.lockUntil, failedSignIns: 0, failedSince: null })
      .where(and(eq(members.id, id), gte(members.failedSignIns, q.lockAfter))),
  ]);
}

/** Clears the failure count if the member is not locked at `at`; false when locked (the sign-in must be refused). */
export async function clearFailuresIfUnlocked(db: Db, id: string, at: string): Promise<boolean> {
  const r = await db
    .update(members)
    .set({ failedSignIns: 0, failedSince: null })
    .where(and(eq(members.id, id), unlockedAt(at)));
  return (r.meta.changes ?? 0) === 1;
}
