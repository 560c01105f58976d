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
import { randomHex, sha256Hex } from "../lib/crypto";
import { openWithSecret, sealWithSecret } from "../lib/secret-box";
import { claimRow, dropClaim, readRow, settleRow, type IdempotencyScope } from "../db/idempotency";
import { dbOf } from "../db/client";

export const IDEMPOTENT_OPERATIONS = [
  "templates.create",
  "templates.revise",
  "documents.prepare",
  "documents.send",
  "documents.void",
  "documents.fresh_link",
  "documents.correct_signer",
  "envelopes.create",
  "bulk_sends.create",
  "workflows.start",
  "packets.start_item",
  "webhooks.add",
  "sms_consents.record",
  // Extensions beyond the spec (docs/retention.md).
  "documents.redact",
  "redactions.create",
] as const;
export type IdempotentOperation = (typeof IDEMPOTENT_OPERATIONS)[number];
/** Idempotent commands that are not an HTTP operation: the MCP tool that prepares and sends in one call (docs/agents.md). */
export const TOOL_OPERATIONS = ["mcp.send_document"] as const;
export type ToolOperation = (typeof TOOL_OPERATIONS)[number];

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claimed key may stay "still running" before it lapses. */
export const IN_FLIGHT_TTL_MS = 60 * 1000;

/** The remembered answer's key: account, mode, operation and the key's hash. */
async function scopeOf(p: { tenantId: string; mode: string }, operation: IdempotentOperation | ToolOperation, key: string): Promise<Scope> {
  if (key.length < 8 || key.length > 255) throw invalid("Idempotency-Key: must be 8 to 255 characters.");
  return [p.tenantId, p.mode, operation, await sha256Hex(key)] as const;
}

/**
 * Claims the key for this request, or answers what it already holds: the first answer's
 * `{status, body}` to replay; 409 while it runs or for a different request under the same key.
 * Null when the claim is this request's (its marker's expiry names it in `claimed`).
 */
async function claimOrReplay(env: Env, scope: Scope, key: string, requestHash: string): Promise<{ claimed: string } | { status: number; body: string }> {
  const claimed = await claim(env, scope, requestHash);
  if (claimed !== null) return { claimed };
  const row = await readRow(dbOf(env), scope);
  if (!row) throw new ApiError("conflict", "This idempotency key is being settled; retry shortly.");
  if (row.requestHash !== requestHash) {
    throw new ApiError("conflict", "This idempotency key was already used for a different request.", "Use a new key for a new request.");
  }
  if (row.state === "running") {
    throw new ApiError("conflict", "A request with this idempotency key is still running.", "Retry after it finishes.");
  }
  return { status: row.responseStatus ?? 200, body: row.responseBody ? await openWithSecret(key, row.responseBody) : "" };
}

/** Remembers this claim's answer for IDEMPOTENCY_TTL_MS (only this claim's: a lapsed one taken over keeps the other's). */
async function settle(env: Env, scope: Scope, claimed: string, key: string, status: number, body: string) {
  const expiresAt = new Date(Date.now() + IDEMPOTENCY_TTL_MS).toISOString();
  await settleRow(dbOf(env), scope, claimed, { status, body: await sealWithSecret(key, body), expiresAt });
}

/** The API's `Idempotency-Key` header: a retried request replays the first answer (docs/errors.md). */
export function idempotent(operation: IdempotentOperation): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined) return next();
    const scope = await scopeOf(c.get("principal"), operation, key);
    const raw = await c.req.text();
    const requestHash = await sha256Hex(`${c.req.method} ${new URL(c.req.url).pathname}\n${raw}`);
    const held = await claimOrReplay(c.env, scope, key, requestHash);
    if (!("claimed" in held)) {
      c.header("Idempotency-Replayed", "true");
      c.header("Content-Type", "application/json");
      return c.body(held.body, held.status as 200);
    }
    try {
      await next();
    } catch (err) {
      await forget(c.env, scope, held.claimed);
      throw err;
    }
    const res = c.res;
    if (res.status >= 500) {
      await forget(c.env, scope, held.claimed);
      return;
    }
    await settle(c.env, scope, held.claimed, key, res.status, await res.clone().text());
  };
}

/** A page form's attempt, the key its `once` replays by: the one it carries from its first showing (32 hex), or a new one. */
export const formAttempt = (carried: string | undefined) => (/^[0-9a-f]{32}$/.test(carried ?? "") ? carried! : randomHex(16));

/**
 * The same promise for a page's own form (the tablet's start): `run` once per key and request; a
 * repeat (a double tap) gets the first answer's value back. A refusal is not remembered, so the
 * person can correct and send again under the same key.
 */
export async function once<T>(
  env: Env,
  p: { tenantId: string; mode: string },
  operation: IdempotentOperation | ToolOperation,
  key: string,
  request: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const scope = await scopeOf(p, operation, key);
  const held = await claimOrReplay(env, scope, key, await sha256Hex(`${operation}\n${JSON.stringify(request)}`));
  if (!("claimed" in held)) return JSON.parse(held.body) as T;
  let value: T;
  try {
    value = await run();
  } catch (err) {
    await forget(env, scope, held.claimed);
    throw err;
  }
  await settle(env, scope, held.claimed, key, 200, JSON.stringify(value));
  return value;
}

type Scope = IdempotencyScope;

/**
 * Inserts the running marker, which lapses after IN_FLIGHT_TTL_MS; null when the key is already
 * held (a lapsed marker or an expired answer is replaced). The marker's expiry names the claim.
 */
export async function claim(env: Env, scope: Scope, requestHash: string): Promise<string | null> {
  const now = new Date();
  const expires = new Date(now.getTime() + IN_FLIGHT_TTL_MS).toISOString();
  return (await claimRow(dbOf(env), scope, requestHash, now.toISOString(), expires)) ? expires : null;
}

/** Drops this claim's running marker (a 5xx or a thrown error), so the key can be retried. */
async function forget(env: Env, scope: Scope, claimed: string) {
  await dropClaim(dbOf(env), scope, claimed);
}
