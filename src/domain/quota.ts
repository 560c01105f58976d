/**
 * Plans and quotas. An agreement is counted when a live document is sent; test mode never counts.
 * The count and the check are one conditional statement, so concurrent sends cannot overshoot.
 */
import type { Env, Mode } from "../env";
import { ApiError } from "../lib/errors";

export const period = (d = new Date()) => d.toISOString().slice(0, 7);

/** Counts one agreement or throws 402 quota_exceeded. Returns a function that gives it back. */
export async function reserveAgreement(env: Env, tenantId: string, mode: Mode, now = new Date()): Promise<() => Promise<void>> {
  if (mode === "test") return async () => {};
  const p = period(now);
  await env.DB.prepare("INSERT INTO usage (tenant_id, period, agreements) VALUES (?, ?, 0) ON CONFLICT DO NOTHING").bind(tenantId, p).run();
  const r = await env.DB.prepare(
    `UPDATE usage SET agreements = agreements + 1
     WHERE tenant_id = ?1 AND period = ?2 AND (
       SELECT CASE
         WHEN pl.monthly_agreements IS NULL THEN 1
         WHEN usage.agreements < pl.monthly_agreements THEN 1
         WHEN pl.overage_cents IS NULL THEN 0
         WHEN t.spending_limit_cents IS NULL THEN 1
         WHEN (usage.agreements + 1 - pl.monthly_agreements) * pl.overage_cents <= t.spending_limit_cents THEN 1
         ELSE 0 END
       FROM tenants t JOIN plans pl ON pl.code = t.plan WHERE t.id = ?1) = 1`,
  )
    .bind(tenantId, p)
    .run();
  if ((r.meta.changes ?? 0) !== 1) {
    throw new ApiError(
      "quota_exceeded",
      "This account has used every agreement its plan includes this month, or reached its spending limit.",
      "Upgrade the plan or raise the spending limit; test-mode documents never count.",
    );
  }
  return async () => {
    await env.DB.prepare("UPDATE usage SET agreements = agreements - 1 WHERE tenant_id = ? AND period = ? AND agreements > 0").bind(tenantId, p).run();
  };
}
