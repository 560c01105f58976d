/**
 * Agreements counted per account and month (`usage`), on drizzle's query builder.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { dbOf } from "./client";
import type { Env } from "../env";
import { plans, tenants, usage } from "./schema";

export type UsageRow = typeof usage.$inferSelect;

/**
 * Counts one agreement if the plan allows it, in one round trip: the month's row is created if
 * missing and the conditional increment runs in the same batch (one transaction). True when
 * counted. The plan check is a correlated CASE over `tenants` and `plans` that drizzle's builder
 * cannot write inside an UPDATE's WHERE, so it is one raw fragment.
 */
export async function countAgreement(env: Env, tenantId: string, period: string): Promise<boolean> {
  const db = dbOf(env);
  const allowed = sql`(SELECT CASE
      WHEN pl.monthly_agreements IS NULL THEN 1
      WHEN "usage"."agreements" < pl.monthly_agreements THEN 1
      WHEN pl.overage_cents IS NULL THEN 0
      WHEN t.spending_limit_cents IS NULL THEN 1
      WHEN ("usage"."agreements" + 1 - pl.monthly_agreements) * pl.overage_cents <= t.spending_limit_cents THEN 1
      ELSE 0 END
    FROM tenants t JOIN plans pl ON pl.code = t.plan WHERE t.id = ${tenantId}) = 1`;
  const [, counted] = await db.batch([
    db.insert(usage).values({ tenantId, period, agreements: 0 }).onConflictDoNothing(),
    db
      .update(usage)
      .set({ agreements: sql`${usage.agreements} + 1` })
      .where(and(eq(usage.tenantId, tenantId), eq(usage.period, period), allowed)),
  ]);
  return (counted.meta.changes ?? 0) === 1;
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
