/**
 * Fixed one-minute windows counted exactly by a RateLimiter Durable Object per subject
 * (a key, a signing token, an address). Every limited response carries the X-RateLimit headers.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import type { HitResult } from "../objects/rate-limiter/client";
import { limiter } from "../objects/rate-limiter/client";
import { clientAddress } from "./auth";

export type Limit = { limit: number; windowSeconds: number; what: string };

export const KEY_LIMIT: Limit = { limit: 300, windowSeconds: 60, what: "key" };
export const ADDRESS_LIMIT: Limit = { limit: 60, windowSeconds: 60, what: "address" };
export const TOKEN_LIMIT: Limit = { limit: 120, windowSeconds: 60, what: "signing link" };

export async function limitOrThrow(c: Context<AppEnv>, subject: string, l: Limit): Promise<void> {
  applyLimit(c, await limiter(c.env, subject).hit(l.limit, l.windowSeconds), l);
}

/** Puts the three headers on the response and refuses (429) past the limit. */
export function applyLimit(c: Context<AppEnv>, r: HitResult, l: Limit): void {
  c.header("X-RateLimit-Limit", String(l.limit));
  c.header("X-RateLimit-Remaining", String(r.remaining));
  c.header("X-RateLimit-Reset", String(r.reset));
  if (!r.allowed) {
    const retryAfter = Math.max(1, r.reset - Math.floor(Date.now() / 1000));
    throw new ApiError(
      "rate_limited",
      `Rate limit reached: ${l.limit} requests per ${l.windowSeconds} seconds per ${l.what}.`,
      `Retry after ${retryAfter} seconds.`,
      { "Retry-After": String(retryAfter) },
    );
  }
}

/**
 * The anonymous budget per network address (60 a minute), one bucket shared by every face that
 * spends it: verification, the transparency log, sign-in, sign-up links, invitations.
 */
export const limitPerAddress = (c: Context<AppEnv>) => limitOrThrow(c, `addr:${clientAddress(c.req.raw) ?? "unknown"}`, ADDRESS_LIMIT);

/** One budget per signing token, whichever face (JSON `/v1/sign/…` or page `/s/…`) spends it. */
export const perToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  await limitOrThrow(c, `token:${await sha256Hex(c.req.param("token") ?? "")}`, TOKEN_LIMIT);
  await next();
};
