/**
 * The shared idempotency mechanism for every operation the spec marks Idem.
 * Same key + same request → the first status and body, replayed without redoing the work.
 * Same key + different request → 409. Same key while the first is still running → 409.
 * Scoped per account, mode and operation; remembered 24 hours, then purged by the cron.
 * A 5xx outcome is forgotten so the caller can retry with the same key.
 * The "still running" marker lives 60 seconds: a request that dies mid-flight (its isolate
 * killed, so nothing after it runs) leaves a marker that lapses, and the same key can then be
 * used again and the work re-runs. A finished answer is then kept 24 hours.
 *
 * Some first responses carry secrets shown once (signing tokens, webhook secrets). So nothing
 * here is usable from the table alone: the key is stored as its SHA-256, and the remembered
 * body is AES-GCM encrypted under a key derived (HKDF) from the Idempotency-Key itself, which
 * only the caller holds.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Env } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { openWithSecret, sealWithSecret } from "../lib/secret-box";
import { claimRow, dropClaim, readRow, settleRow, type IdempotencyScope } from "../db/idempotency";

export const IDEMPOTENT_OPERATIONS = [
  "templates.create",
  "templates.revise",
  "documents.prepare",
  "documents.send",
  "documents.void",
  "documents.fresh_link",
  "workflows.start",
  "packets.start_item",
  "webhooks.add",
  "sms_consents.record",
  // Extensions beyond the spec (docs/retention.md).
  "documents.redact",
  "redactions.create",
] as const;
export type IdempotentOperation = (typeof IDEMPOTENT_OPERATIONS)[number];

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claimed key may stay "still running" before it lapses. */
export const IN_FLIGHT_TTL_MS = 60 * 1000;

export function idempotent(operation: IdempotentOperation): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    if (key.length < 8 || key.length > 255) throw invalid("Idempotency-Key: must be 8 to 255 characters.");
    const p = c.get("principal");
    const raw = await c.req.text();
    const requestHash = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${raw}`);
    const scope = [p.tenantId, p.mode, operation, await sha256Hex(key)] as const;

    const claimed = await claim(c.env, scope, requestHash);
    if (claimed === null) {
      const row = await readRow(c.env.DB, scope);
      if (!row) throw new ApiError("conflict", "This idempotency key is being settled; retry shortly.");
      if (row.requestHash !== requestHash) {
        throw new ApiError("conflict", "This idempotency key was already used for a different request.", "Use a new key for a new request.");
      }
      if (row.state === "running") {
        throw new ApiError("conflict", "A request with this idempotency key is still running.", "Retry after it finishes.");
      }
      c.header("Idempotency-Replayed", "true");
      c.header("Content-Type", "application/json");
      const body = row.responseBody ? await openWithSecret(key, row.responseBody) : "";
      return c.body(body, (row.responseStatus ?? 200) as 200);
    }

    try {
      await next();
    } catch (err) {
      await forget(c.env, scope, claimed);
      throw err;
    }
    const res = c.res;
    if (res.status >= 500) {
      await forget(c.env, scope, claimed);
      return;
    }
    const body = await res.clone().text();
    // Only this claim's marker is settled: if it lapsed and another request took the key over,
    // that request's outcome is the one remembered.
    const expiresAt = new Date(Date.now() + IDEMPOTENCY_TTL_MS).toISOString();
    await settleRow(c.env.DB, scope, claimed, { status: res.status, body: await sealWithSecret(key, body), expiresAt });
  };
}

type Scope = IdempotencyScope;

/**
 * Inserts the running marker, which lapses after IN_FLIGHT_TTL_MS; null when the key is already
 * held (a lapsed marker or an expired answer is replaced). The marker's expiry names the claim.
 */
export async function claim(env: Env, scope: Scope, requestHash: string): Promise<string | null> {
  const now = new Date();
  const expires = new Date(now.getTime() + IN_FLIGHT_TTL_MS).toISOString();
  return (await claimRow(env.DB, scope, requestHash, now.toISOString(), expires)) ? expires : null;
}

/** Drops this claim's running marker (a 5xx or a thrown error), so the key can be retried. */
async function forget(env: Env, scope: Scope, claimed: string) {
  await dropClaim(env.DB, scope, claimed);
}
