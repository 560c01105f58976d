/** What the cron trigger does each minute: each step is independent and idempotent. */
import type { Env } from "../env";
import { purgeExpiredIdempotencyKeys } from "../db/idempotency";
import { expireDueDocuments } from "./documents";
import { purgeOldDeliveries, sweepWebhookQueues } from "./webhooks";
import { purgeIdleSessions } from "./members";
import { logError } from "../lib/log";
import { purgeOAuth } from "./oauth";
import { eraseOldMessageSecrets, sweepMessageQueues } from "./messages";
import { remindDueSigners } from "./signer-links";
import { sweepDroppedItems } from "./packets";
import { archiveSealedFiles } from "./archive";
import { applyRetention } from "./redaction";
import { recordInLog } from "./transparency-log";
import { purgeSignUps } from "./sign-up";
import { purgeUnusedInvitations } from "./invitations";
import { sweepBulkSends } from "./bulk-sends";
import { purgeEmbedSessions } from "./embed-sessions";

export type ScheduledStep = (env: Env, now: Date) => Promise<unknown>;

/** Later capabilities append their steps here (expiry, reminders, webhook sweeps). */
export const scheduledSteps: Record<string, ScheduledStep> = {
  purgeIdempotencyKeys: purgeExpiredIdempotencyKeys,
  expireDocuments: expireDueDocuments,
  sweepWebhookQueues,
  purgeWebhookDeliveries: purgeOldDeliveries,
  purgeOAuth,
  sweepMessageQueues,
  sweepBulkSends,
  eraseMessageSecrets: eraseOldMessageSecrets,
  remindSigners: remindDueSigners,
  purgeIdleSessions,
  purgeEmbedSessions,
  purgeSignUps,
  purgeUnusedInvitations,
  voidDroppedPacketItems: sweepDroppedItems,
  archiveSealedFiles,
  applyRetention: (env, now) => applyRetention(env, now),
  recordInLog: (env) => recordInLog(env),
};

export async function runScheduled(env: Env, now: Date): Promise<Record<string, "ok" | string>> {
  const results: Record<string, string> = {};
  for (const [name, step] of Object.entries(scheduledSteps)) {
    try {
      await step(env, now);
      results[name] = "ok";
    } catch (err) {
      logError("scheduled step failed", err, { scheduled: name });
      results[name] = String(err);
    }
  }
  return results;
}
