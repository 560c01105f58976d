/**
 * One fixed-window request budget kept in a Durable Object's synchronous KV storage: windows aligned
 * to their length, counted exactly because the object is single-threaded. Used by the RateLimiter
 * (one subject per object) and by the DocumentSequencer (one budget per signing link of its document).
 */

export type HitResult = { allowed: boolean; remaining: number; reset: number; revoked?: true };

/** A budget's current window, as stored. */
export type Window = { start: number; seconds: number; count: number };

/**
 * Counts one request against the window stored under `key`; `fresh` says a new window began (the
 * caller may clear the finished one's storage later). `reset` is the Unix second the window turns over.
 */
export function countInWindow(kv: SyncKvStorage, key: string, limit: number, windowSeconds: number): { hit: HitResult; fresh: boolean } {
  const nowSec = Math.floor(Date.now() / 1000);
  const start = nowSec - (nowSec % windowSeconds);
  const reset = start + windowSeconds;
  const saved = kv.get<Window>(key);
  const current = saved && saved.start === start && saved.seconds === windowSeconds ? saved : null;
  const count = current?.count ?? 0;
  if (count >= limit) return { hit: { allowed: false, remaining: 0, reset }, fresh: false };
  kv.put<Window>(key, { start, seconds: windowSeconds, count: count + 1 });
  return { hit: { allowed: true, remaining: limit - count - 1, reset }, fresh: !current };
}

/** Whether a stored window has turned over at `now` (ms). */
export const windowOver = (w: Window, now = Date.now()) => (w.start + w.seconds) * 1000 <= now;
