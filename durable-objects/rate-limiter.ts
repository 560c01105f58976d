import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";

export type HitResult = { allowed: boolean; remaining: number; reset: number };

/**
 * One per limited subject (API key, signing token, address). Counts requests in fixed windows
 * aligned to the window length; single-threaded, so the count is exact across every isolate.
 * The window lives in memory: an object is only evicted after it has been idle longer than a window.
 */
export class RateLimiter extends DurableObject<Env> {
  private windowStart = 0;
  private count = 0;

  /** Counts one request; `reset` is the Unix second at which the current window turns over. */
  hit(limit: number, windowSeconds: number): HitResult {
    const nowSec = Math.floor(Date.now() / 1000);
    const start = nowSec - (nowSec % windowSeconds);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.count = 0;
    }
    const reset = start + windowSeconds;
    if (this.count >= limit) return { allowed: false, remaining: 0, reset };
    this.count++;
    return { allowed: true, remaining: limit - this.count, reset };
  }
}
