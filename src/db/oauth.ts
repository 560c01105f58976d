/**
 * D1 access for OAuth: clients (read), pending authorization requests, codes, refresh tokens and
 * connections. Codes and refresh tokens are claimed by one conditional UPDATE … RETURNING, so two
 * concurrent uses cannot both succeed. Nothing here decides a rule (src/domain/oauth.ts does).
 */
import { and, desc, eq, inArray, isNull, lt, notExists } from "drizzle-orm";
import { type Db, dbOf } from "./client";
import type { MemberRole } from "../domain/vocabulary";
import { apiKeys, members, oauthClients, oauthCodes, oauthConnections, oauthRefreshTokens, oauthRequests } from "./schema";

export type OAuthClientRow = typeof oauthClients.$inferSelect;
export type OAuthRequestRow = typeof oauthRequests.$inferSelect;
export type OAuthCodeRow = typeof oauthCodes.$inferSelect;
export type OAuthCodeInsert = typeof oauthCodes.$inferInsert;
export type OAuthRefreshRow = typeof oauthRefreshTokens.$inferSelect;
export type OAuthRefreshInsert = typeof oauthRefreshTokens.$inferInsert;
export type OAuthConnectionRow = typeof oauthConnections.$inferSelect;

/**
 * What issuing tokens needs of a connection and its member, read in the same batch as the claim.
 * (Distinct column names only: D1's batch answers rows keyed by column name, so two `id` or
 * `tenant_id` columns of a join would overwrite each other.)
 */
const CONNECTION_FIELDS = { id: oauthConnections.id, tenantId: oauthConnections.tenantId, revokedAt: oauthConnections.revokedAt, role: members.role };
export type ConnectionWithMember = { id: string; tenantId: string; revokedAt: string | null; role: MemberRole };

export const clientById = (db: Db, id: string) => db.select().from(oauthClients).where(eq(oauthClients.id, id)).get();

export const insertRequest = (db: Db, row: OAuthRequestRow) => db.insert(oauthRequests).values(row);

/** Takes a pending request out (single use): the row, or undefined when unknown or already answered. */
export const takeRequest = (db: Db, idHash: string) => db.delete(oauthRequests).where(eq(oauthRequests.idHash, idHash)).returning().get();

/**
 * The live connection of (account, client, member) with these scopes: a new one, or the live one
 * with its scopes replaced (the partial unique index allows one live connection per triple).
 */
export const upsertConnection = (db: Db, row: { id: string; tenantId: string; clientId: string; memberId: string; scopes: string[]; createdAt: string }) =>
  db
    .insert(oauthConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [oauthConnections.tenantId, oauthConnections.clientId, oauthConnections.memberId],
      targetWhere: isNull(oauthConnections.revokedAt),
      set: { scopes: row.scopes },
    })
    .returning({ id: oauthConnections.id })
    .get();

export const insertCode = (db: Db, row: OAuthCodeInsert) => db.insert(oauthCodes).values(row);

/**
 * Claims an unused code of `clientId` (marks it used) and, in the same round trip, reads the
 * connection it belongs to with its member: `claimed` is undefined when the code is unknown,
 * already used or another client's (which leaves it as it is: not spent).
 */
export async function claimCode(db: Db, codeHash: string, clientId: string, at: string) {
  const [claimed, found] = await db.batch([
    db
      .update(oauthCodes)
      .set({ usedAt: at })
      .where(and(eq(oauthCodes.codeHash, codeHash), eq(oauthCodes.clientId, clientId), isNull(oauthCodes.usedAt)))
      .returning(),
    db
      .select(CONNECTION_FIELDS)
      .from(oauthCodes)
      .innerJoin(oauthConnections, eq(oauthConnections.id, oauthCodes.connectionId))
      .innerJoin(members, eq(members.id, oauthConnections.memberId))
      .where(eq(oauthCodes.codeHash, codeHash)),
  ]);
  return { claimed: claimed[0], found: found[0] };
}

export const codeByHash = (db: Db, codeHash: string) => db.select().from(oauthCodes).where(eq(oauthCodes.codeHash, codeHash)).get();

export const insertRefresh = (db: Db, row: OAuthRefreshInsert) => db.insert(oauthRefreshTokens).values(row);

/**
 * Claims an unused, unrevoked refresh token of `clientId` and reads its connection and member, in
 * one round trip. Another client's token is left as it is (not spent).
 */
export async function claimRefresh(db: Db, tokenHash: string, clientId: string, at: string) {
  const [claimed, found] = await db.batch([
    db
      .update(oauthRefreshTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(oauthRefreshTokens.tokenHash, tokenHash),
          eq(oauthRefreshTokens.clientId, clientId),
          isNull(oauthRefreshTokens.usedAt),
          isNull(oauthRefreshTokens.revokedAt),
        ),
      )
      .returning(),
    db
      .select(CONNECTION_FIELDS)
      .from(oauthRefreshTokens)
      .innerJoin(oauthConnections, eq(oauthConnections.id, oauthRefreshTokens.connectionId))
      .innerJoin(members, eq(members.id, oauthConnections.memberId))
      .where(eq(oauthRefreshTokens.tokenHash, tokenHash)),
  ]);
  return { claimed: claimed[0], found: found[0] };
}

export const refreshByHash = (db: Db, tokenHash: string) => db.select().from(oauthRefreshTokens).where(eq(oauthRefreshTokens.tokenHash, tokenHash)).get();

export const connectionById = (db: Db, id: string) => db.select().from(oauthConnections).where(eq(oauthConnections.id, id)).get();

export const touchConnection = (db: Db, id: string, at: string) => db.update(oauthConnections).set({ lastUsedAt: at }).where(eq(oauthConnections.id, id));

/** How often an isolate writes a connection's `last_used_at` for API calls (issuing tokens always does). */
export const LAST_USED_RESOLUTION_MS = 60_000;
const lastTouched = new Map<string, number>();

/** Notes an API call made with one of the connection's access tokens: at most one write a minute per isolate. */
export async function noteConnectionUse(env: { DB: D1Database }, connectionId: string): Promise<void> {
  const now = Date.now();
  if ((lastTouched.get(connectionId) ?? 0) > now - LAST_USED_RESOLUTION_MS) return;
  if (lastTouched.size > 5000) lastTouched.clear();
  lastTouched.set(connectionId, now);
  await touchConnection(dbOf(env), connectionId, new Date(now).toISOString());
}

/** Ends a live connection; a connection already ended keeps its first reason. */
export const revokeConnectionRow = (db: Db, id: string, at: string, reason: string) =>
  db
    .update(oauthConnections)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(oauthConnections.id, id), isNull(oauthConnections.revokedAt)));

/** Revokes every access token (a key row) issued to the connection. */
export const revokeConnectionKeys = (db: Db, id: string, at: string, reason: string) =>
  db
    .update(apiKeys)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(apiKeys.oauthConnectionId, id), isNull(apiKeys.revokedAt)));

export const revokeConnectionRefreshTokens = (db: Db, id: string, at: string) =>
  db
    .update(oauthRefreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(oauthRefreshTokens.connectionId, id), isNull(oauthRefreshTokens.revokedAt)));

/** The ids of a member's live connections (ended when the member is removed). */
export const liveConnectionIdsOfMember = async (db: Db, memberId: string) =>
  (
    await db
      .select({ id: oauthConnections.id })
      .from(oauthConnections)
      .where(and(eq(oauthConnections.memberId, memberId), isNull(oauthConnections.revokedAt)))
      .all()
  ).map((r) => r.id);

/** An account's connections (live ones unless `ended`), newest first, with client and member. */
export const listConnectionRows = (db: Db, tenantId: string, ended: boolean) =>
  db
    .select({ connection: oauthConnections, client: { id: oauthClients.id, name: oauthClients.name, homepage: oauthClients.homepage }, member: members })
    .from(oauthConnections)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthConnections.clientId))
    .innerJoin(members, eq(members.id, oauthConnections.memberId))
    .where(and(eq(oauthConnections.tenantId, tenantId), ended ? undefined : isNull(oauthConnections.revokedAt)))
    .orderBy(desc(oauthConnections.createdAt), desc(oauthConnections.id))
    .all();

/**
 * Clean-up: requests past their time; codes and refresh tokens expired before `before`; and
 * self-registered clients created before `before` that no connection (live or ended) has ever used.
 * Spent tokens stay until they expire: a second use must still be recognised as one.
 */
export const purgeOAuthRows = (db: Db, now: string, before: string) =>
  [
    db.delete(oauthRequests).where(lt(oauthRequests.expiresAt, now)),
    db.delete(oauthCodes).where(lt(oauthCodes.expiresAt, before)),
    db.delete(oauthRefreshTokens).where(lt(oauthRefreshTokens.expiresAt, before)),
  ] as const;

/** Self-registered clients created before `before` that no connection (live or ended) of this database has used. */
export const unusedClientIds = async (db: Db, before: string) =>
  (
    await db
      .select({ id: oauthClients.id })
      .from(oauthClients)
      .where(
        and(
          eq(oauthClients.selfRegistered, true),
          lt(oauthClients.createdAt, before),
          notExists(db.select({ id: oauthConnections.id }).from(oauthConnections).where(eq(oauthConnections.clientId, oauthClients.id))),
        ),
      )
      .limit(500)
      .all()
  ).map((r) => r.id);

/** Which of these clients some connection of this database has used. */
export async function clientsWithConnections(db: Db, ids: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .selectDistinct({ id: oauthConnections.clientId })
      .from(oauthConnections)
      .where(inArray(oauthConnections.clientId, ids.slice(i, i + 90)))
      .all();
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

export async function deleteClients(db: Db, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 90) await db.delete(oauthClients).where(inArray(oauthClients.id, ids.slice(i, i + 90)));
}

/** A copy of a client (as registered) on an account's shard, for its connections to point at; kept when there. */
export const copyClient = (db: Db, client: OAuthClientRow) => db.insert(oauthClients).values(client).onConflictDoNothing();
