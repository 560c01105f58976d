/**
 * Agreements counted per account and month (`usage`), on drizzle's query builder.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { type Db, dbOf } from "./client";
import { guard, guardFailed } from "./guard";
import type { Env } from "../env";
import { plans, tenants, usage } from "./schema";

export type UsageRow = typeof usage.$inferSelect;

/**
 * Counts one agreement if the plan allows it: the month's row is created if missing, the
 * conditional increment runs, and a guard fails the batch these statements ride in when the
 * increment did not (the plan's limit or spending limit is reached), so whatever else that batch
 * holds (a send's commit) does not commit either. The plan check is a correlated CASE over
 * `tenants` and `plans` that drizzle's builder cannot write inside an UPDATE's WHERE, so it is one
 * raw fragment.
 */
export function agreementCounting(db: Db, tenantId: string, period: string) {
  const allowed = sql`(SELECT CASE
      WHEN pl.monthly_agreements IS NULL THEN 1
      WHEN "usage"."agreements" < pl.monthly_agreements THEN 1
      WHEN pl.overage_cents IS NULL THEN 0
      WHEN t.spending_limit_cents IS NULL THEN 1
      WHEN ("usage"."agreements" + 1 - pl.monthly_agreements) * pl.overage_cents <= t.spending_limit_cents THEN 1
      ELSE 0 END
    FROM tenants t JOIN plans pl ON pl.code = t.plan WHERE t.id = ${tenantId}) = 1`;
  return [
    db.insert(usage).values({ tenantId, period, agreements: 0 }).onConflictDoNothing(),
    db
      .update(usage)
      .set({ agreements: sql`${usage.agreements} + 1` })
      .where(and(eq(usage.tenantId, tenantId), eq(usage.period, period), allowed)),
    // Right after the increment: `changes()` is its row count.
    guard(db, sql`changes() = 1`),
  ] as const;
}

/** Counts one agreement on its own, in one round trip (one batch). True when counted. */
export async function countAgreement(env: Env, tenantId: string, period: string): Promise<boolean> {
  const db = dbOf(env);
  try {
    await db.batch(agreementCounting(db, tenantId, period));
    return true;
  } catch (err) {
    if (guardFailed(err)) return false;
    throw err;
  }
}

/** Gives one agreement back (a send that failed after counting). */
export async function uncountAgreement(env: Env, tenantId: string, period: string): Promise<void> {
  await dbOf(env)
    .update(usage)
    .set({ agreements: sql`${usage.agreements} - 1` })
    .where(and(eq(usage.tenantId, tenantId), eq(usage.period, period), gt(usage.agreements, 0)));
}

/** The account's plan and the agreements counted in one month (0 when none yet), for the dashboard's usage page. */
export async function planUsage(env: Env, tenantId: string, period: string) {
  const db = dbOf(env);
  return db
    .select({
      plan: plans.code,
      planName: plans.name,
      included: plans.monthlyAgreements,
      overageCents: plans.overageCents,
      spendingLimitCents: tenants.spendingLimitCents,
      agreements: sql<number>`coalesce(${usage.agreements}, 0)`.mapWith(Number),
    })
    .from(tenants)
    .innerJoin(plans, eq(plans.code, tenants.plan))
    .leftJoin(usage, and(eq(usage.tenantId, tenants.id), eq(usage.period, period)))
    .where(eq(tenants.id, tenantId))
    .get();
}
