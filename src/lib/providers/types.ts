/**
 * What every message provider adapter takes and answers. An adapter makes one HTTP call and says
 * whether the provider took the message; it never retries (the queue does, with backoff).
 */
export type OutgoingEmail = {
  /** The message's own id: sent as the provider's idempotency key where it has one. */
  id: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** Transactional headers (no List-Unsubscribe: these are not bulk mail). */
  headers: Record<string, string>;
};

export type OutgoingSms = { id: string; from: string; to: string; text: string; statusCallback: string | null };

/**
 * `permanent`: the provider refused this message for good (bad address, unsubscribed number,
 * refused credentials); trying again cannot help. Otherwise (timeouts, 429, 5xx, network) the
 * queue tries again later.
 */
export type SendOutcome = { ok: true; providerMessageId: string } | { ok: false; permanent: boolean; error: string };

export type HttpOptions = { base: string; timeoutMs: number; fetch?: typeof fetch };

/** A refusal's text for `last_error`: the status and the provider's own words, cut short. */
export function refusal(status: number, body: string, detail?: string | null): string {
  const words = (detail ?? body).replace(/\s+/g, " ").trim().slice(0, 300);
  return `HTTP ${status}${words ? `: ${words}` : ""}`;
}

/** 4xx other than 408 (timeout) and 429 (slow down) will not change on a retry. */
export const isPermanentStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** One POST with a deadline; a network error or timeout is a transient outcome, never a throw. */
export async function post(
  opts: HttpOptions,
  path: string,
  init: { headers: Record<string, string>; body: string },
): Promise<{ ok: true; status: number; text: string } | { ok: false; error: string }> {
  const url = opts.base.replace(/\/+$/, "") + path;
  try {
    const res = await (opts.fetch ?? fetch)(url, { method: "POST", headers: init.headers, body: init.body, signal: AbortSignal.timeout(opts.timeoutMs) });
    return { ok: true, status: res.status, text: await res.text() };
  } catch (err) {
    const name = (err as { name?: string })?.name;
    if (name === "TimeoutError" || name === "AbortError") return { ok: false, error: `no answer within ${opts.timeoutMs} ms` };
    return { ok: false, error: `network error: ${String((err as Error)?.message ?? err).slice(0, 200)}` };
  }
}

export function parseJson(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
