/**
 * One delivery attempt and what it writes back: the request (signed, 10-second timeout, no
 * redirects), the retry ladder, dead after the last retry, and the pause after twenty consecutive
 * failures across deliveries. Used by the DeliveryQueue object, which serialises an endpoint's attempts.
 */
import type { Env } from "../env";
import { findEndpoint, type Db, type WebhookEndpoint } from "../db/webhooks";
import { dueDeliveries as dueQuery, endpointFailed, endpointSucceeded, markDelivered, markFailed, nextDue } from "../db/webhook-deliveries";
import { checkWebhookUrl, resolvedRefusal } from "./webhook-url";
import { signatureHeader } from "./webhook-secrets";
import { holdWaitingQuery, trimHoldQuery } from "./webhooks";

/** Waits before retry n (1-based): 1 min, 5 min, 30 min, 2 h, 12 h, then daily. */
export const RETRY_LADDER_SECONDS = [60, 300, 1800, 7200, 43200, 86400] as const;
/** Retries after the first attempt; a delivery whose last retry fails is dead. */
export const MAX_RETRIES = 6;
/** Consecutive failed attempts, across deliveries, that pause an endpoint. */
export const PAUSE_AFTER_FAILURES = 20;
export const ATTEMPT_TIMEOUT_MS = 10_000;
export const USER_AGENT = "edge-sign-webhooks/1.0";

export const retryDelaySeconds = (retry: number) => RETRY_LADDER_SECONDS[Math.min(retry, RETRY_LADDER_SECONDS.length) - 1]!;

export type DueDelivery = { id: string; event: string; payload: string; attempts: number };

export type AttemptOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

export const isOpen = (e: WebhookEndpoint) => e.deletedAt === null && e.active && e.pausedAt === null;

export const loadEndpoint = (db: Db, id: string) => findEndpoint(db, id);

/** The endpoint's deliveries due at `dueIso`, oldest due first. */
export const dueDeliveries = (db: Db, endpointId: string, dueIso: string, limit: number): Promise<DueDelivery[]> => dueQuery(db, endpointId, dueIso, limit);

/** When the endpoint's next waiting delivery falls due (ms), or null when nothing waits. */
export async function nextDueAt(db: Db, endpointId: string): Promise<number | null> {
  const at = await nextDue(db, endpointId);
  return at ? Date.parse(at) : null;
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
export async function attemptDelivery(env: Env, endpoint: Pick<WebhookEndpoint, "url">, secrets: string[], d: DueDelivery): Promise<AttemptOutcome> {
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
export function outcomeQueries(db: Db, endpointId: string, d: DueDelivery, outcome: AttemptOutcome, at: number) {
  const atIso = new Date(at).toISOString();
  if (outcome.ok) return [markDelivered(db, d.id, atIso, outcome.status), endpointSucceeded(db, endpointId, atIso)] as const;
  const attempts = d.attempts + 1;
  const dead = attempts > MAX_RETRIES;
  const next = dead ? null : new Date(at + retryDelaySeconds(attempts) * 1000).toISOString();
  return [
    markFailed(db, d.id, dead, next, outcome.error, outcome.status),
    endpointFailed(db, endpointId, atIso, PAUSE_AFTER_FAILURES),
    holdWaitingQuery(db, endpointId),
    trimHoldQuery(db, endpointId),
  ] as const;
}
