/**
 * The RateLimiter object's client: the names its instances go by, and its answer's type.
 * Every caller names an instance through these, so a key, a connection and its limiter agree.
 */
import type { Env } from "../../env";

export type { HitResult } from "./object";

/** The RateLimiter object of an API key, named by the key's id (also its revocation authority). */
export const keyLimiterName = (keyId: string) => `key:${keyId}`;
/**
 * The one RateLimiter object of every access token of an OAuth connection: their shared limit and
 * their revocation authority (ending the connection revokes it).
 */
export const connectionLimiterName = (connectionId: string) => `oauth:${connectionId}`;

/** The RateLimiter object of `name` (a key's, a connection's, a token's, an address's). */
export const limiter = (env: Env, name: string) => env.RATE_LIMITER.getByName(name);
