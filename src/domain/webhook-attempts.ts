/**
 * One delivery attempt and what it writes back: the request (signed, 10-second timeout, no
 * redirects), the retry ladder, dead after the last retry, and the pause after twenty consecutive
 * failures across deliveries. Used by the DeliveryQueue object, which serialises an endpoint's attempts.
 */
import type { Env } from "../env";
import { checkWebhookUrl, resolvedRefusal } from "./webhook-url";
import { signatureHeader } from "./webhook-secrets";
import { holdWaitingStatement, trimHoldStatement } from "./webhooks";

/** Waits before retry n (1-based): 1 min, 5 min, 30 min, 2 h, 12 h, then daily. */
export const RETRY_LADDER_SECONDS = [60, 300, 1800, 7200, 43200, 86400] as const;
/** Retries after the first attempt; a delivery whose last retry fails is dead. */
export const MAX_RETRIES = 6;
/** Consecutive failed attempts, across deliveries, that pause an endpoint. */
export const PAUSE_AFTER_FAILURES = 20;
export const ATTEMPT_TIMEOUT_MS = 10_000;
export const USER_AGENT = "edge-sign-webhooks/1.0";

export const retryDelaySeconds = (retry: number) => RETRY_LADDER_SECONDS[Math.min(retry, RETRY_LADDER_SECONDS.length) - 1]!;

export type EndpointRow = {
  id: string;
  url: string;
  active: number;
  paused_at: string | null;
  failures: number;
  deleted_at: string | null;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_valid_until: string | null;
};

export type DueDelivery = { id: string; event: string; payload: string; attempts: number };

export type AttemptOutcome =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string };

export const isOpen = (e: EndpointRow) => e.deleted_at === null && e.active === 1 && e.paused_at === null;

export function loadEndpoint(env: Env, id: string) {
  return env.DB.prepare(
    "SELECT id, url, active, paused_at, failures, deleted_at, secret_enc, previous_secret_enc, previous_valid_until FROM webhook_endpoints WHERE id = ?",
  )
    .bind(id)
    .first<EndpointRow>();
}

/** The endpoint's deliveries due at `dueIso`, oldest due first. */
export async function dueDeliveries(env: Env, endpointId: string, dueIso: string, limit: number): Promise<DueDelivery[]> {
  const { results } = await env.DB.prepare(
    `SELECT id, event, payload, attempts FROM webhook_deliveries
     WHERE endpoint_id = ? AND status IN ('queued', 'failed') AND next_attempt_at <= ?
     ORDER BY next_attempt_at, rowid LIMIT ?`,
  )
    .bind(endpointId, dueIso, limit)
    .all<DueDelivery>();
  return results;
}

/** When the endpoint's next waiting delivery falls due (ms), or null when nothing waits. */
export async function nextDueAt(env: Env, endpointId: string): Promise<number | null> {
  const row = await env.DB.prepare(
    "SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE endpoint_id = ? AND status IN ('queued', 'failed')",
  )
    .bind(endpointId)
    .first<{ at: string | null }>();
  return row?.at ? Date.parse(row.at) : null;
}

function describeError(err: unknown): string {
  if (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError")) {
    return `timed out: no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`;
  }
  const msg = err instanceof Error ? err.message : String(err);
  return `connection failed: ${msg}`.slice(0, 300);
}

/**
 * Sends one delivery, signed with `secrets` (from `signingSecrets`, newest first). Only a 2xx
 * answer counts as delivered; redirects are not followed; the answer's body is never read.
 */
export async function attemptDelivery(env: Env, endpoint: EndpointRow, secrets: string[], d: DueDelivery): Promise<AttemptOutcome> {
  let url: string;
  try {
    url = checkWebhookUrl(env, endpoint.url);
  } catch (err) {
    return { ok: false, status: null, error: `refused before sending: ${(err as Error).message}` };
  }
  const refusal = await resolvedRefusal(env, url);
  if (refusal) return { ok: false, status: null, error: `refused before sending: ${refusal}` };
  const timestamp = Math.floor(Date.now() / 1000);
  // A timer cleared on every path (AbortSignal.timeout's would linger and keep the object busy).
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new DOMException("attempt timed out", "TimeoutError")), ATTEMPT_TIMEOUT_MS);
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        "Service-Event-Id": d.id,
        "Service-Timestamp": String(timestamp),
        "Service-Signature": await signatureHeader(secrets, timestamp, d.payload),
      },
      body: d.payload,
      redirect: "manual",
      signal: abort.signal,
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
    const note = res.status >= 300 && res.status < 400 ? " (redirects are not followed)" : "";
    return { ok: false, status: res.status, error: `HTTP ${res.status}${note}` };
  } catch (err) {
    return { ok: false, status: null, error: describeError(abort.signal.aborted ? abort.signal.reason : err) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What an outcome writes, in one batch. A success clears the endpoint's failure count. A failure
 * schedules the next retry (or marks the delivery dead), counts against the endpoint, pauses it at
 * the twentieth consecutive failure, and then moves its waiting deliveries into the hold.
 * Rows that were moved to the hold while the attempt ran keep waiting there.
 */
export function outcomeStatements(env: Env, endpointId: string, d: DueDelivery, outcome: AttemptOutcome, at: number): D1PreparedStatement[] {
  const atIso = new Date(at).toISOString();
  if (outcome.ok) {
    return [
      env.DB.prepare(
        `UPDATE webhook_deliveries SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, response_status = ?,
           last_error = NULL, next_attempt_at = NULL
         WHERE id = ? AND status IN ('queued', 'failed', 'held')`,
      ).bind(atIso, outcome.status, d.id),
      env.DB.prepare("UPDATE webhook_endpoints SET failures = 0, last_delivered_at = ? WHERE id = ?").bind(atIso, endpointId),
    ];
  }
  const attempts = d.attempts + 1;
  const dead = attempts > MAX_RETRIES;
  const next = dead ? null : new Date(at + retryDelaySeconds(attempts) * 1000).toISOString();
  return [
    env.DB.prepare(
      `UPDATE webhook_deliveries SET
         status = CASE WHEN ?1 THEN 'dead' WHEN status = 'held' THEN 'held' ELSE 'failed' END,
         next_attempt_at = CASE WHEN ?1 OR status = 'held' THEN NULL ELSE ?2 END,
         attempts = attempts + 1, last_error = ?3, response_status = ?4
       WHERE id = ?5 AND status IN ('queued', 'failed', 'held')`,
    ).bind(dead ? 1 : 0, next, outcome.error, outcome.status, d.id),
    env.DB.prepare(
      `UPDATE webhook_endpoints SET failures = failures + 1,
         paused_at = CASE WHEN paused_at IS NULL AND failures + 1 >= ? THEN ? ELSE paused_at END
       WHERE id = ? AND deleted_at IS NULL`,
    ).bind(PAUSE_AFTER_FAILURES, atIso, endpointId),
    holdWaitingStatement(env, endpointId),
    trimHoldStatement(env, endpointId),
  ];
}
