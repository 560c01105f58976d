/**
 * Plans and quotas. An agreement is counted when a live document is sent; test mode never counts.
 * The count and the check are one conditional statement, so concurrent sends cannot overshoot.
 */
import type { Env, Mode } from "../env";
import { ApiError } from "../lib/errors";
import type { Db } from "../db/client";
import { guardFailed } from "../db/guard";
import { agreementCounting, countAgreement, planUsage, uncountAgreement } from "../db/usage";

export const period = (d = new Date()) => d.toISOString().slice(0, 7);

const quotaExceeded = () =>
  new ApiError(
    "quota_exceeded",
    "This account has used every agreement its plan includes this month, or reached its spending limit.",
    "Upgrade the plan or raise the spending limit; test-mode documents never count.",
  );

/**
 * Counts one agreement or throws 402 quota_exceeded, in a round trip of its own. Returns a
 * function that gives it back: for a command of several steps (an envelope's create).
 */
export async function reserveAgreement(env: Env, tenantId: string, mode: Mode, now = new Date()): Promise<() => Promise<void>> {
  if (mode === "test") return async () => {};
  const p = period(now);
  if (!(await countAgreement(env, tenantId, p))) throw quotaExceeded();
  return () => uncountAgreement(env, tenantId, p);
}

/**
 * The same count as statements for a command's own commit (a document's send): the agreement is
 * counted in the batch that sends it, or the batch fails as a whole; `countedOrQuota(err)` turns
 * that failure into the 402. None in test mode.
 */
export const agreementInBatch = (db: Db, tenantId: string, mode: Mode, now = new Date()) =>
  mode === "test" ? [] : [...agreementCounting(db, tenantId, period(now))];

/** A batch that failed its agreement count is 402 quota_exceeded; any other failure is itself. */
export const countedOrQuota = (err: unknown): unknown => (guardFailed(err) ? quotaExceeded() : err);

/** The plan and this month's count of agreements (live documents sent), as the dashboard shows it. */
export async function usageThisMonth(env: Env, tenantId: string, now = new Date()) {
  const p = period(now);
  const row = await planUsage(env, tenantId, p);
  if (!row) throw new ApiError("not_found", `No account has the id ${tenantId}.`);
  const over = row.included === null ? 0 : Math.max(0, row.agreements - row.included);
  return { period: p, ...row, overage: over, overageSpentCents: row.overageCents === null ? 0 : over * row.overageCents };
}
