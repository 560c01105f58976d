/**
 * D1 access for brands: an account's saved brand with its white-label flag, the account a
 * signing host belongs to, and the writes of the settings and the pictures' versions.
 */
import { and, eq, ne } from "drizzle-orm";
import type { Env } from "../env";
import { dbOf } from "./client";
import { brandings, tenants } from "./schema";
import { type AuditInsert, insertAudit } from "./accounts";

export type BrandingRow = typeof brandings.$inferSelect;
export type BrandingInsert = typeof brandings.$inferInsert;
export type BrandingSettings = Omit<BrandingInsert, "tenantId" | "logoUpdatedAt" | "logoDarkUpdatedAt" | "openingUpdatedAt" | "updatedAt">;
export type PictureColumn = "logoUpdatedAt" | "logoDarkUpdatedAt" | "openingUpdatedAt";

/** The account (name, white-label flag) with its saved brand, if any: one round trip. */
export async function tenantWithBranding(env: Env, tenantId: string) {
  const row = await dbOf(env)
    .select({ id: tenants.id, name: tenants.name, whiteLabel: tenants.whiteLabel, brand: brandings })
    .from(tenants)
    .leftJoin(brandings, eq(brandings.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId))
    .get();
  return row ?? null;
}

/** The account whose saved brand names this signing host, if any. */
export async function tenantOfSigningHost(env: Env, host: string): Promise<string | null> {
  const row = await dbOf(env).select({ tenantId: brandings.tenantId }).from(brandings).where(eq(brandings.signingHost, host)).get();
  return row?.tenantId ?? null;
}

/** Whether another account already uses this signing host. */
export async function signingHostTakenByOther(env: Env, host: string, tenantId: string): Promise<boolean> {
  const row = await dbOf(env)
    .select({ tenantId: brandings.tenantId })
    .from(brandings)
    .where(and(eq(brandings.signingHost, host), ne(brandings.tenantId, tenantId)))
    .get();
  return row !== undefined;
}

/** Saves the settings (insert or replace them), keeping the pictures' versions, with its audit entry. */
export async function upsertBrandingSettings(env: Env, tenantId: string, settings: BrandingSettings, now: string, audit: AuditInsert): Promise<void> {
  const db = dbOf(env);
  await db.batch([
    db
      .insert(brandings)
      .values({ ...settings, tenantId, updatedAt: now })
      .onConflictDoUpdate({ target: brandings.tenantId, set: { ...settings, updatedAt: now } }),
    insertAudit(db, audit),
  ]);
}

/** Records a stored picture's version (a first picture saves the brand with `defaults`), with its audit entry. */
export async function setPictureVersion(
  env: Env,
  tenantId: string,
  column: PictureColumn,
  at: string,
  defaults: BrandingSettings,
  audit: AuditInsert,
): Promise<void> {
  const db = dbOf(env);
  await db.batch([
    db
      .insert(brandings)
      .values({ ...defaults, tenantId, [column]: at, updatedAt: at })
      .onConflictDoUpdate({ target: brandings.tenantId, set: { [column]: at, updatedAt: at } }),
    insertAudit(db, audit),
  ]);
}
