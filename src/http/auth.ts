/**
 * API-key authentication. A key is `mk_test_…` or `mk_live_…`, stored only as its SHA-256.
 * No key, unknown, revoked, expired and wrong-address keys all get the same 401 body.
 * Order: authenticate → rate limit (headers on every keyed response) → scope (403).
 *
 * Round trips: a key's row is cached in the isolate for a minute after a D1 lookup, so a request
 * with a key seen lately makes no D1 round trip before its own work. The cache cannot outlive a
 * revocation: every keyed request passes through the key's RateLimiter object anyway (the rate
 * limit), and that object, told first by `revokeKey`, answers `revoked` from then on, in every
 * isolate. Expiry and pinned addresses are checked on every request from the row itself; a key's
 * scopes, addresses and expiry never change after issue.
 *
 * OAuth access tokens are keys too (`oauth_connection_id` set): every token of one connection
 * passes through the connection's RateLimiter object instead (one budget, one revocation point
 * for all of them; src/domain/oauth.ts), and each use is noted as the connection's last use.
 */
import type { Context, MiddlewareHandler } from "hono";
import { dbOf } from "../db/client";
import type { AppEnv, Env, Principal } from "../env";
import { ApiError, unauthorized } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { addressAllowed } from "../lib/ip";
import { KEY_LIMIT, applyLimit } from "./rate-limit";
import { connectionLimiterName, keyLimiterName } from "../objects/rate-limiter/client";
import { keyByHash, type ApiKeyRow } from "../db/accounts";
import { noteConnectionUse } from "../db/oauth";
import { logError } from "../lib/log";
import { checkDeviceAccess } from "./device-access";

import type { Scope } from "../domain/vocabulary";
import { limiter } from "../objects/rate-limiter/client";

const KEY_PATTERN = /^mk_(test|live)_[0-9a-f]{48}$/;

/**
 * The caller's address: `CF-Connecting-IP`, set by Cloudflare's edge (a caller cannot forge it
 * there). Trusted only behind Cloudflare: served any other way the header is the caller's word.
 */
export function clientAddress(req: Request): string | null {
  return req.headers.get("cf-connecting-ip");
}

/** Who acted, for a document's trail: the address at the edge and the user agent. */
export const signerContext = (req: Request) => ({ ip: clientAddress(req), userAgent: req.headers.get("user-agent") });

/** How long an isolate keeps a live key's row; revocation does not wait for it (see above). */
export const KEY_CACHE_MS = 60_000;
const KEY_CACHE_MAX = 2000;
/** Per D1 binding (a test's stand-in database gets its own), by key hash. */
const keyCache = new WeakMap<D1Database, Map<string, { row: ApiKeyRow; until: number }>>();

async function lookupKey(env: Env, keyHash: string): Promise<ApiKeyRow | undefined> {
  let cache = keyCache.get(env.DB);
  if (!cache) {
    cache = new Map();
    keyCache.set(env.DB, cache);
  }
  const cached = cache.get(keyHash);
  if (cached && cached.until > Date.now()) return cached.row;
  cache.delete(keyHash);
  const row = await keyByHash(dbOf(env), keyHash);
  if (row && !row.revokedAt) {
    // Oldest first out: a Map iterates in insertion order.
    if (cache.size >= KEY_CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(keyHash, { row, until: Date.now() + KEY_CACHE_MS });
  }
  return row;
}

function forgetKey(env: Env, keyHash: string) {
  keyCache.get(env.DB)?.delete(keyHash);
}

/** Resolves a bearer key to a principal, or null for every kind of non-live key. */
export async function authenticate(
  env: Env,
  authorization: string | undefined,
  address: string | null,
): Promise<(Principal & { keyHash: string; limiter: string; connectionId: string | null }) | null> {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  const key = m?.[1];
  if (!key || !KEY_PATTERN.test(key)) return null;
  const keyHash = await sha256Hex(key);
  const row = await lookupKey(env, keyHash);
  if (!row || row.revokedAt) return null;
  if (row.expiresAt && Date.parse(row.expiresAt) <= Date.now()) return null;
  if (row.allowedIps && row.allowedIps.length > 0 && !addressAllowed(address, row.allowedIps)) return null;
  const connectionId = row.oauthConnectionId ?? null;
  const limiter = connectionId ? connectionLimiterName(connectionId) : keyLimiterName(row.id);
  return {
    tenantId: row.tenantId,
    mode: row.mode,
    keyId: row.id,
    keyLabel: row.label,
    scopes: row.scopes,
    deviceId: row.deviceId,
    keyHash,
    limiter,
    connectionId,
  };
}

export function requireKey(scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set("principal", await admitKey(c, c.req.header("authorization"), scope));
    await next();
  };
}

/**
 * The whole keyed check for one request: key (401), rate limit (429, headers from here on), then
 * scope (403), or for a paired device's key the device's grants. Also used by the tablet's page,
 * whose key comes from its cookie rather than a header.
 */
export async function admitKey(c: Context<AppEnv>, authorization: string | undefined, scope: Scope): Promise<Principal> {
  const principal = await admitBearer(c, authorization);
  // A paired device's key is scoped to its device and its workflow: decided in one place.
  if (principal.deviceId) await checkDeviceAccess(c, { ...principal, deviceId: principal.deviceId }, scope);
  else requireScope(principal, scope);
  return principal;
}

/**
 * The key (401) and its rate limit (429, headers from here on), without a scope: the first half of
 * `admitKey`, and the whole admission of one `/mcp` request, whose tools then ask `requireScope`.
 */
export async function admitBearer(c: Context<AppEnv>, authorization: string | undefined): Promise<Principal> {
  const found = await authenticate(c.env, authorization, clientAddress(c.req.raw));
  if (!found) throw unauthorized();
  const { keyHash, limiter: limiterName, connectionId, ...principal } = found;
  const hit = await limiter(c.env, limiterName).hit(KEY_LIMIT.limit, KEY_LIMIT.windowSeconds);
  if (hit.revoked) {
    forgetKey(c.env, keyHash);
    throw unauthorized();
  }
  applyLimit(c, hit, KEY_LIMIT);
  if (connectionId) c.executionCtx.waitUntil(noteConnectionUse(c.env, connectionId).catch((err) => logError("connection last use not noted", err)));
  return { ...principal, connectionId };
}

/** 403 unless the key carries `scope`. */
export function requireScope(principal: Pick<Principal, "scopes">, scope: Scope): void {
  if (!principal.scopes.includes(scope)) throw new ApiError("forbidden", `This key lacks the scope ${scope}.`, `Issue a key that carries ${scope}.`);
}
