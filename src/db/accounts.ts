/**
 * D1 access for accounts: plans, tenants, API keys, members, OAuth clients and the audit log.
 * Row types come from the schema; nothing here decides a rule.
 */
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { apiKeys, auditLog, members, oauthClients, plans, tenants, type usage } from "./schema";

export type PlanRow = typeof plans.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;
export type TenantInsert = typeof tenants.$inferInsert;
export type UsageRow = typeof usage.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyInsert = typeof apiKeys.$inferInsert;
export type MemberInsert = typeof members.$inferInsert;
export type AuditInsert = typeof auditLog.$inferInsert;
export type OAuthClientInsert = typeof oauthClients.$inferInsert;

/** An audit entry, to be batched with the change it records. */
export const insertAudit = (db: Db, row: AuditInsert) => db.insert(auditLog).values(row);

export async function planExists(db: Db, code: string): Promise<boolean> {
  return (await db.select({ code: plans.code }).from(plans).where(eq(plans.code, code)).get()) !== undefined;
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).get()) !== undefined;
}

export const tenantById = (db: Db, id: string) => db.select().from(tenants).where(eq(tenants.id, id)).get();

export const insertTenant = (db: Db, row: TenantInsert) => db.insert(tenants).values(row);

export const updateTenantRow = (db: Db, id: string, set: Partial<TenantInsert>) => db.update(tenants).set(set).where(eq(tenants.id, id));

/** Accounts, newest first; one slug or all. */
export function listTenantRows(db: Db, q: { slug?: string; limit: number }): Promise<TenantRow[]> {
  return db
    .select()
    .from(tenants)
    .where(q.slug === undefined ? undefined : eq(tenants.slug, q.slug))
    .orderBy(desc(tenants.createdAt), desc(tenants.id))
    .limit(q.limit)
    .all();
}

/** The key with this SHA-256, whatever its state. */
export const keyByHash = (db: Db, keyHash: string) => db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();

export const keyById = (db: Db, id: string) =>
  db.select({ tenantId: apiKeys.tenantId, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id)).get();

/** The account's keys; OAuth access tokens (keys of a connection) are listed with their connections instead. */
export const listKeyRows = (db: Db, tenantId: string) =>
  db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.oauthConnectionId)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .all();

export const insertKey = (db: Db, row: ApiKeyInsert) => db.insert(apiKeys).values(row);

/** Revokes a live key; a key already revoked keeps its first reason. */
export const revokeKeyRow = (db: Db, id: string, at: string, reason: string) =>
  db
    .update(apiKeys)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));

export async function memberExists(db: Db, tenantId: string, email: string): Promise<boolean> {
  const row = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.email, email), isNull(members.removedAt)))
    .get();
  return row !== undefined;
}

/** The removed member of the account with this email, if there is one (adding them again reuses the row). */
export const removedMemberId = async (db: Db, tenantId: string, email: string): Promise<string | undefined> =>
  (
    await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.tenantId, tenantId), eq(members.email, email), isNotNull(members.removedAt)))
      .get()
  )?.id;

export const insertMember = (db: Db, row: MemberInsert) => db.insert(members).values(row);

/** A removed member added again: the same row, as new (name, role, password, no lock, not removed). */
export const reinstateMember = (db: Db, row: MemberInsert & { id: string }) =>
  db
    .update(members)
    .set({
      fullName: row.fullName,
      role: row.role,
      passwordHash: row.passwordHash ?? null,
      createdAt: row.createdAt,
      failedSignIns: 0,
      failedSince: null,
      lockedUntil: null,
      removedAt: null,
    })
    .where(eq(members.id, row.id));

export const insertOAuthClient = (db: Db, row: OAuthClientInsert) => db.insert(oauthClients).values(row);
