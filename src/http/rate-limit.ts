/**
 * Fixed one-minute windows counted exactly by a RateLimiter Durable Object per subject (a key, an
 * address, an envelope's signing token); a document's signing link is counted by its document's
 * sequencer. Every limited response carries the X-RateLimit headers.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import type { HitResult } from "../objects/rate-limiter/client";
import { limiter } from "../objects/rate-limiter/client";
import { clientAddress } from "./auth";
import { lookupToken } from "../domain/link-lookup";
import { type LinkBudget, documentSequencer, withLinkBudget } from "../objects/document-sequencer/client";

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

const linkBudget = (tokenHash: string): LinkBudget => ({ tokenHash, limit: TOKEN_LIMIT.limit, windowSeconds: TOKEN_LIMIT.windowSeconds });

/**
 * One budget per signing token, whichever face (JSON `/v1/sign/…` or page `/s/…`) spends it,
 * counted before the route runs. A document's link is counted by its document's sequencer (no
 * object of its own); any other token (an envelope's, one that matches nothing) by a RateLimiter.
 */
export const perToken: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.param("token") ?? "";
  const link = await lookupToken(c.env, token);
  if (link) applyLimit(c, await documentSequencer(c.env, link.documentId).hit(linkBudget(link.tokenHash)), TOKEN_LIMIT);
  else await limitOrThrow(c, `token:${await sha256Hex(token)}`, TOKEN_LIMIT);
  await next();
};

/**
 * The same budget for a route whose first effect is its call to the link's document sequencer:
 * the count rides on that call (one object call, not two), and past the limit the command does
 * not run and the answer is the same 429. A request that made no such call (refused before it,
 * bad input) is counted after, and answers 429 instead when it was over: it changed nothing.
 */
export const perTokenOnCall: MiddlewareHandler<AppEnv> = async (c, next) => {
  const link = await lookupToken(c.env, c.req.param("token") ?? "");
  if (!link) return perToken(c, next);
  const budget = linkBudget(link.tokenHash);
  const hit = (await withLinkBudget(link.documentId, budget, next)) ?? (await documentSequencer(c.env, link.documentId).hit(budget));
  applyLimit(c, hit, TOKEN_LIMIT);
};
