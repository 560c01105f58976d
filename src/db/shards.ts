/**
 * Accounts spread over D1 databases ("Past one database", docs/scale.md). `SHARDS=n` (1-16)
 * databases: `DB` is shard 0 and holds the directory, `DB_1` … `DB_{n-1}` the others. An account's
 * rows all live on its shard; every shard has the whole schema (one set of migrations).
 *
 * The one accessor stays `dbOf(env)`: what changes is the env. `onShard(env, shard)` is the env
 * whose `DB` is that shard's database (and `DIRECTORY` the directory's), made once per shard and
 * reused, and every request, Durable Object and sweep that works for an account works on the env of
 * the account's shard (src/http/shard.ts finds it for a request, from the directory in one lookup).
 * With `SHARDS=1` (the default) nothing here reads anything: every env is shard 0's.
 */
import { eq, isNotNull, or, sql } from "drizzle-orm";
import type { Env } from "../env";
import { configOf } from "../lib/config";
import { type Db, dbOf } from "./client";
import { type ShardEnv, directoryBinding, onShard, shardBinding } from "./shard-env";
import {
  accountShards,
  apiKeys,
  certificates,
  devices,
  directoryKeys,
  embedSessions,
  envelopeCertificates,
  envelopeSigners,
  envelopes,
  memberInvitations,
  memberSessions,
  oauthCodes,
  oauthRefreshTokens,
  signInLinks,
  signers,
  workflows,
} from "./schema";

export const MAX_SHARDS = 16;

/** How many databases accounts spread over (`SHARDS`, default 1). */
export function shardCount(env: Env): number {
  return Number(configOf(env).SHARDS ?? 1);
}

/**
 * The directory's database through the one accessor: for the directory, and for what the whole
 * deployment shares (the transparency log, OAuth clients), whichever shard's env asks.
 */
export const directoryDb = (env: ShardEnv) => dbOf({ DB: directoryBinding(env) });

/** Every shard's env, shard 0 first: what sweeps and operator lists go over. */
export function everyShard<E extends Env>(env: E): E[] {
  return Array.from({ length: shardCount(env) }, (_, i) => onShard(env, i));
}

// ---- the directory ------------------------------------------------------------------------------

export type Placement = { tenantId: string; shard: number; movingTo: number | null };

/**
 * How long an isolate keeps an account's placement. Shorter than a move's settling time
 * (src/domain/shard-move.ts, `MOVE_SETTLE_MS`, which a test holds above it): a placement read
 * before a move began is gone before the move's catch-up starts, so a write it let through lands
 * in time to be caught up, and none reaches the old shard after the switch.
 */
export const PLACEMENT_CACHE_MS = 500;
const CACHE_MAX = 10_000;
/** Per directory binding (a test's stand-in database gets its own): placements by account, accounts by key (which never change). */
const caches = new WeakMap<D1Database, { placements: Map<string, { p: Placement; until: number }>; keys: Map<string, string> }>();
function cacheOf(env: ShardEnv) {
  const d1 = directoryBinding(env);
  let c = caches.get(d1);
  if (!c) {
    c = { placements: new Map(), keys: new Map() };
    caches.set(d1, c);
  }
  return c;
}
function remember<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= CACHE_MAX) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** Where an account lives: its directory row, or shard 0 (accounts made before shards have none). `fresh` skips the isolate's copy. */
export async function placementOf(env: Env, tenantId: string, fresh = false): Promise<Placement> {
  if (shardCount(env) === 1) return { tenantId, shard: 0, movingTo: null };
  const cache = cacheOf(env).placements;
  const hit = cache.get(tenantId);
  if (!fresh && hit && hit.until > Date.now()) return hit.p;
  const row = await directoryDb(env)
    .select({ shard: accountShards.shard, movingTo: accountShards.movingTo })
    .from(accountShards)
    .where(eq(accountShards.tenantId, tenantId))
    .get();
  const p = { tenantId, shard: row?.shard ?? 0, movingTo: row?.movingTo ?? null };
  remember(cache, tenantId, { p, until: Date.now() + PLACEMENT_CACHE_MS });
  return p;
}

/** The env of an account's shard. */
export async function accountEnv<E extends Env>(env: E, tenantId: string): Promise<E> {
  return onShard(env, (await placementOf(env, tenantId)).shard);
}

/**
 * The shard a new account goes to: the one whose database is smallest (D1 reports each database's
 * size with every answer), the lowest on a tie; recorded in the directory before any of its rows
 * are written.
 */
export async function placeNewAccount(env: Env, tenantId: string): Promise<number> {
  const n = shardCount(env);
  if (n === 1) return 0;
  const sizes = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const r = await dbOf({ DB: shardBinding(env, i) }).run(sql`SELECT 1`);
      return (r.meta as { size_after?: number }).size_after ?? 0;
    }),
  );
  const shard = sizes.indexOf(Math.min(...sizes));
  await directoryDb(env).insert(accountShards).values({ tenantId, shard }).onConflictDoNothing();
  return (await placementOf(env, tenantId)).shard;
}

/** What a public request carries that names its account (src/db/schema/directory.ts). */
export type KeyKind =
  | "key"
  | "session"
  | "sign"
  | "code"
  | "form"
  | "signin"
  | "invite"
  | "oauth_code"
  | "oauth_refresh"
  | "pairing"
  | "embed"
  | "embed_session";

type Probe = (db: Db, value: string) => Promise<{ tenantId: string } | undefined>;
const first = async (...reads: Promise<{ tenantId: string } | undefined>[]) => (await Promise.all(reads)).find((r) => r);

/** How each shard is asked for a key's account the first time it is used. */
const PROBES: Record<KeyKind, Probe> = {
  key: (db, v) => db.select({ tenantId: apiKeys.tenantId }).from(apiKeys).where(eq(apiKeys.keyHash, v)).get(),
  session: (db, v) => db.select({ tenantId: memberSessions.tenantId }).from(memberSessions).where(eq(memberSessions.tokenHash, v)).get(),
  sign: (db, v) =>
    first(
      db
        .select({ tenantId: signers.tenantId })
        .from(signers)
        .where(or(eq(signers.tokenHash, v), eq(signers.copyTokenHash, v)))
        .get(),
      db
        .select({ tenantId: envelopes.tenantId })
        .from(envelopeSigners)
        .innerJoin(envelopes, eq(envelopes.id, envelopeSigners.envelopeId))
        .where(or(eq(envelopeSigners.tokenHash, v), eq(envelopeSigners.copyTokenHash, v)))
        .get(),
    ),
  code: (db, v) =>
    first(
      db.select({ tenantId: certificates.tenantId }).from(certificates).where(eq(certificates.verificationCode, v)).get(),
      db.select({ tenantId: envelopeCertificates.tenantId }).from(envelopeCertificates).where(eq(envelopeCertificates.verificationCode, v)).get(),
    ),
  form: (db, v) => db.select({ tenantId: workflows.tenantId }).from(workflows).where(eq(workflows.publicSlug, v)).get(),
  signin: (db, v) => db.select({ tenantId: signInLinks.tenantId }).from(signInLinks).where(eq(signInLinks.tokenHash, v)).get(),
  invite: (db, v) => db.select({ tenantId: memberInvitations.tenantId }).from(memberInvitations).where(eq(memberInvitations.tokenHash, v)).get(),
  oauth_code: (db, v) => db.select({ tenantId: oauthCodes.tenantId }).from(oauthCodes).where(eq(oauthCodes.codeHash, v)).get(),
  oauth_refresh: (db, v) => db.select({ tenantId: oauthRefreshTokens.tenantId }).from(oauthRefreshTokens).where(eq(oauthRefreshTokens.tokenHash, v)).get(),
  pairing: (db, v) => db.select({ tenantId: devices.tenantId }).from(devices).where(eq(devices.codeHash, v)).get(),
  embed: (db, v) => db.select({ tenantId: embedSessions.tenantId }).from(embedSessions).where(eq(embedSessions.tokenHash, v)).get(),
  embed_session: (db, v) => db.select({ tenantId: embedSessions.tenantId }).from(embedSessions).where(eq(embedSessions.sessionHash, v)).get(),
};

/**
 * The account (and its shard) a key names: one directory lookup. A key the directory has not seen
 * (its first use) is asked of every shard at once and then recorded; a key no shard knows is null.
 */
export async function accountOfKey(env: Env, kind: KeyKind, value: string): Promise<Placement | null> {
  const key = `${kind}:${value}`;
  const known = cacheOf(env).keys.get(key);
  if (known) return placementOf(env, known);
  const dir = directoryDb(env);
  const row = await dir
    .select({ tenantId: directoryKeys.tenantId, shard: accountShards.shard, movingTo: accountShards.movingTo })
    .from(directoryKeys)
    .leftJoin(accountShards, eq(accountShards.tenantId, directoryKeys.tenantId))
    .where(eq(directoryKeys.key, key))
    .get();
  if (row) {
    remember(cacheOf(env).keys, key, row.tenantId);
    const p = { tenantId: row.tenantId, shard: row.shard ?? 0, movingTo: row.movingTo ?? null };
    remember(cacheOf(env).placements, row.tenantId, { p, until: Date.now() + PLACEMENT_CACHE_MS });
    return p;
  }
  const found = await Promise.all(everyShard(env).map((e) => PROBES[kind](dbOf(e), value)));
  const tenantId = found.find((f) => f)?.tenantId;
  if (!tenantId) return null;
  await dir.insert(directoryKeys).values({ key, tenantId }).onConflictDoNothing();
  remember(cacheOf(env).keys, key, tenantId);
  return placementOf(env, tenantId);
}

/** The env of the account a key names (`accountOfKey`); `env` itself with one shard or when no shard knows the key. */
export async function envOfKey<E extends Env>(env: E, kind: KeyKind, value: string): Promise<E> {
  if (shardCount(env) === 1) return env;
  const placement = await accountOfKey(env, kind, value);
  return placement ? onShard(env, placement.shard) : env;
}

/** Whether any account is being moved (sweeps leave those shards alone for that minute). */
export async function movesUnderWay(env: Env): Promise<Set<number>> {
  if (shardCount(env) === 1) return new Set();
  const rows = await directoryDb(env)
    .select({ shard: accountShards.shard, to: accountShards.movingTo })
    .from(accountShards)
    .where(isNotNull(accountShards.movingTo));
  return new Set(rows.flatMap((r) => [r.shard, r.to!]));
}

/** Marks an account as moving to `to` (its writes answer 503 until `switchAccount` or `abandonMove`). */
export async function beginMove(env: Env, tenantId: string, from: number, to: number): Promise<void> {
  await directoryDb(env)
    .insert(accountShards)
    .values({ tenantId, shard: from, movingTo: to })
    .onConflictDoUpdate({ target: accountShards.tenantId, set: { movingTo: to, updatedAt: new Date().toISOString() } });
  cacheOf(env).placements.delete(tenantId);
}

/** The switch: the account lives on `to` from now on. */
export async function switchAccount(env: Env, tenantId: string, to: number): Promise<void> {
  await directoryDb(env)
    .update(accountShards)
    .set({ shard: to, movingTo: null, updatedAt: new Date().toISOString() })
    .where(eq(accountShards.tenantId, tenantId));
  cacheOf(env).placements.delete(tenantId);
}

/** A move that failed: the account stays where it was, writable again. */
export async function abandonMove(env: Env, tenantId: string): Promise<void> {
  await directoryDb(env).update(accountShards).set({ movingTo: null, updatedAt: new Date().toISOString() }).where(eq(accountShards.tenantId, tenantId));
  cacheOf(env).placements.delete(tenantId);
}

/** Lists from every shard, merged as each shard orders them (newest `createdAt` first, then `id` descending); the first `limit`. */
export function newestFirst<T extends { createdAt: string; id: string }>(lists: T[][], limit: number): T[] {
  const key = (r: T) => `${r.createdAt}\u0000${r.id}`;
  return lists
    .flat()
    .sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : 0))
    .slice(0, limit);
}

/** Asks every shard at once; the first shard's (in shard order) answer that is not undefined, with its env. */
export async function findOnShards<E extends Env, T>(env: E, read: (shardEnv: E) => Promise<T | undefined>): Promise<{ env: E; found: T } | undefined> {
  const envs = everyShard(env);
  const answers = await Promise.all(envs.map(read));
  const i = answers.findIndex((a) => a !== undefined);
  return i < 0 ? undefined : { env: envs[i]!, found: answers[i]! };
}
