/**
 * An account's retention policy (docs/retention.md): how long its documents keep their personal
 * data. Set by the operator (`PATCH /ops/v1/tenants/{id}` `{retention}`) and by an owner or admin
 * in the dashboard; shown by `GET /v1/account`; applied by the cron (src/domain/redaction.ts).
 */
import { z } from "@hono/zod-openapi";

const Days = z.number().int().min(1).max(36_500);
export const RetentionInput = z
  .object({
    completed_days: Days.nullable().optional().openapi({ description: "Days a completed document keeps its personal data after completion; null = forever." }),
    ended_days: Days.nullable()
      .optional()
      .openapi({ description: "Days a draft (from creation) or a declined, voided or expired document (from its end) keeps it; null = forever." }),
    minimum_days: z
      .number()
      .int()
      .min(0)
      .max(36_500)
      .optional()
      .openapi({ description: "Days after completion during which an erasure request (POST /v1/redactions) keeps a completed document; 0 = none." }),
  })
  .strict();
export type RetentionPatch = z.infer<typeof RetentionInput>;

export const retentionView = (s: { completedDays: number | null; endedDays: number | null; minimumDays: number } | null) => ({
  completed_days: s?.completedDays ?? null,
  ended_days: s?.endedDays ?? null,
  minimum_days: s?.minimumDays ?? 0,
});

/** The columns a retention patch sets (only those given). */
export function retentionSet(patch: RetentionPatch) {
  const set: { retentionCompletedDays?: number | null; retentionEndedDays?: number | null; retentionMinimumDays?: number } = {};
  if (patch.completed_days !== undefined) set.retentionCompletedDays = patch.completed_days;
  if (patch.ended_days !== undefined) set.retentionEndedDays = patch.ended_days;
  if (patch.minimum_days !== undefined) set.retentionMinimumDays = patch.minimum_days;
  return set;
}
