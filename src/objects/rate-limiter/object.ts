import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env";
import { traceD1 } from "../../db/trace";
import { type HitResult, type Window, countInWindow, windowOver } from "../fixed-window";

export type { HitResult };

const WINDOW = "window";
/** Set once, never cleared: the subject (an API key) is revoked. */
const REVOKED = "revoked";

/**
 * One per limited subject (API key, OAuth connection, address, an envelope's or an unknown signing
 * token; a document's signing links are counted by their document's sequencer). Counts requests in fixed windows
 * aligned to the window length; single-threaded, so the count is exact across every isolate.
 * The window lives in durable storage (synchronous SQLite-backed KV), so an eviction or a restart
 * in the middle of a window loses nothing. An alarm one window after the last one began clears
 * the window, so idle subjects leave no rows behind.
 *
 * For an API key the object is also the revocation authority: every request with the key passes
 * through `hit`, so once `revoke` has run the very next request is refused in every isolate, even
 * one that still holds the key in its short lookup cache (src/http/auth.ts). That flag is the one
 * thing the object keeps for good.
 */
export class RateLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, traceD1(env));
  } // D1 round trips counted when D1_TRACE is set (src/db/trace.ts)
  /** Counts one request; `reset` is the Unix second at which the current window turns over. */
  async hit(limit: number, windowSeconds: number): Promise<HitResult> {
    const kv = this.ctx.storage.kv;
    if (kv.get<boolean>(REVOKED)) return { allowed: false, remaining: 0, reset: 0, revoked: true };
    const { hit, fresh } = countInWindow(kv, WINDOW, limit, windowSeconds);
    // A new window: schedule the clean-up for when it is over.
    if (fresh) await this.ctx.storage.setAlarm(hit.reset * 1000);
    return hit;
  }

  /** Marks the subject revoked: every later `hit` answers `revoked`. Idempotent. */
  async revoke(): Promise<void> {
    this.ctx.storage.kv.put<boolean>(REVOKED, true);
    this.ctx.storage.kv.delete(WINDOW);
  }

  /** Clears a window that has turned over; a window still running re-arms the alarm for its end. */
  override async alarm(): Promise<void> {
    const kv = this.ctx.storage.kv;
    const w = kv.get<Window>(WINDOW);
    if (!w) return;
    if (!windowOver(w)) await this.ctx.storage.setAlarm((w.start + w.seconds) * 1000);
    else if (kv.get<boolean>(REVOKED)) kv.delete(WINDOW);
    else await this.ctx.storage.deleteAll();
  }
}
