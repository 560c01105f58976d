/** What the cron trigger does each minute: each step is independent and idempotent. */
import type { Env } from "../env";
import { purgeExpiredIdempotencyKeys } from "../db/idempotency";
import { expireDueDocuments } from "./documents";
import { purgeOldDeliveries, sweepWebhookQueues } from "./webhooks";
import { purgeIdleSessions } from "./members";
import { logError } from "../lib/log";
import { everyShard, movesUnderWay } from "../db/shards";
import { shardOf } from "../db/shard-env";
import { purgeOAuth } from "./oauth-register";
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

/** Steps that go over every shard themselves (the one transparency log), run once, not per shard. */
const ONCE = new Set(["recordInLog"]);

/**
 * Each step on each shard's env (src/db/shards.ts), shard 0 first; a shard an account is being
 * moved from or to sits the minute out, so no sweep writes behind the move's back. Results are by
 * step, and by `step@n` for shards other than 0.
 */
export async function runScheduled(env: Env, now: Date): Promise<Record<string, "ok" | string>> {
  const results: Record<string, string> = {};
  const moving = await movesUnderWay(env);
  for (const [name, step] of Object.entries(scheduledSteps)) {
    for (const shardEnv of ONCE.has(name) ? [env] : everyShard(env)) {
      const shard = shardOf(shardEnv);
      if (moving.has(shard) && !ONCE.has(name)) continue;
      const key = shard === 0 ? name : `${name}@${shard}`;
      try {
        await step(shardEnv, now);
        results[key] = "ok";
      } catch (err) {
        logError("scheduled step failed", err, { scheduled: name, shard });
        results[key] = String(err);
      }
    }
  }
  return results;
}
