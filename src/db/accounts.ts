/**
 * D1 access for accounts: plans, tenants, API keys, members, OAuth clients and the audit log.
 * Row types come from the schema; nothing here decides a rule.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { dbOf } from "./client";
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

export type DB = ReturnType<typeof accountsDb>;
export const accountsDb = dbOf;

/** An audit entry, to be batched with the change it records. */
export const insertAudit = (db: DB, row: AuditInsert) => db.insert(auditLog).values(row);

export async function planExists(db: DB, code: string): Promise<boolean> {
  return (await db.select({ code: plans.code }).from(plans).where(eq(plans.code, code)).get()) !== undefined;
}

export async function slugTaken(db: DB, slug: string): Promise<boolean> {
  return (await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug)).get()) !== undefined;
}

export const tenantById = (db: DB, id: string) => db.select().from(tenants).where(eq(tenants.id, id)).get();

export const insertTenant = (db: DB, row: TenantInsert) => db.insert(tenants).values(row);

export const updateTenantRow = (db: DB, id: string, set: Partial<TenantInsert>) => db.update(tenants).set(set).where(eq(tenants.id, id));

/** Accounts, newest first; one slug or all. */
export function listTenantRows(db: DB, q: { slug?: string; limit: number }): Promise<TenantRow[]> {
  return db
    .select()
    .from(tenants)
    .where(q.slug === undefined ? undefined : eq(tenants.slug, q.slug))
    .orderBy(desc(tenants.createdAt), desc(tenants.id))
    .limit(q.limit)
    .all();
}

/** The key with this SHA-256, whatever its state. */
export const keyByHash = (db: DB, keyHash: string) => db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();

export const keyById = (db: DB, id: string) =>
  db.select({ tenantId: apiKeys.tenantId, revokedAt: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id)).get();

export const listKeyRows = (db: DB, tenantId: string) =>
  db.select().from(apiKeys).where(eq(apiKeys.tenantId, tenantId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).all();

export const insertKey = (db: DB, row: ApiKeyInsert) => db.insert(apiKeys).values(row);

/** Revokes a live key; a key already revoked keeps its first reason. */
export const revokeKeyRow = (db: DB, id: string, at: string, reason: string) =>
  db
    .update(apiKeys)
    .set({ revokedAt: at, revokeReason: reason })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));

export async function memberExists(db: DB, tenantId: string, email: string): Promise<boolean> {
  const row = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.email, email)))
    .get();
  return row !== undefined;
}

export const insertMember = (db: DB, row: MemberInsert) => db.insert(members).values(row);

export const insertOAuthClient = (db: DB, row: OAuthClientInsert) => db.insert(oauthClients).values(row);
