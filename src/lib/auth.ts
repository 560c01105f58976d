/**
 * API-key authentication. A key is `mk_test_…` or `mk_live_…`, stored only as its SHA-256.
 * No key, unknown, revoked, expired and wrong-address keys all get the same 401 body.
 * Order: authenticate → rate limit (headers on every keyed response) → scope (403).
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Env, Principal } from "../env";
import { ApiError, unauthorized } from "./errors";
import { sha256Hex } from "./crypto";
import { addressAllowed } from "./ip";
import { limitOrThrow, KEY_LIMIT } from "./rate-limit";

import { SCOPES, type Scope } from "../db/enums";
export { SCOPES, type Scope };

const KEY_PATTERN = /^mk_(test|live)_[0-9a-f]{48}$/;

export function clientAddress(req: Request): string | null {
  return req.headers.get("cf-connecting-ip");
}

type KeyRow = {
  id: string;
  tenant_id: string;
  label: string;
  mode: "test" | "live";
  scopes: string;
  allowed_ips: string | null;
  expires_at: string | null;
  revoked_at: string | null;
};

/** Resolves a bearer key to a principal, or null for every kind of non-live key. */
export async function authenticate(env: Env, authorization: string | undefined, address: string | null): Promise<Principal | null> {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  const key = m?.[1];
  if (!key || !KEY_PATTERN.test(key)) return null;
  const row = await env.DB.prepare(
    "SELECT id, tenant_id, label, mode, scopes, allowed_ips, expires_at, revoked_at FROM api_keys WHERE key_hash = ?",
  )
    .bind(await sha256Hex(key))
    .first<KeyRow>();
  if (!row || row.revoked_at) return null;
  if (row.expires_at && Date.parse(row.expires_at) <= Date.now()) return null;
  if (row.allowed_ips) {
    const list = JSON.parse(row.allowed_ips) as string[] | null;
    if (list && list.length > 0 && !addressAllowed(address, list)) return null;
  }
  return { tenantId: row.tenant_id, mode: row.mode, keyId: row.id, keyLabel: row.label, scopes: JSON.parse(row.scopes) as string[] };
}

export function requireKey(scope: Scope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = await authenticate(c.env, c.req.header("authorization"), clientAddress(c.req.raw));
    if (!principal) throw unauthorized();
    await limitOrThrow(c, `key:${principal.keyId}`, KEY_LIMIT);
    if (!principal.scopes.includes(scope)) {
      throw new ApiError("forbidden", `This key lacks the scope ${scope}.`, `Issue a key that carries ${scope}.`);
    }
    c.set("principal", principal);
    await next();
  };
}
