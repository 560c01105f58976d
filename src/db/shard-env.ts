/**
 * Which database an env works on, with nothing to read: the part of the shards (src/db/shards.ts)
 * a Durable Object needs when it is made, kept apart so that making one loads no query code.
 */
import type { Env } from "../env";
import { ApiError } from "../lib/errors";
import { shardOfObjectName } from "../lib/object-names";

/** An env of one shard: `DB` is that shard's database, `DIRECTORY` the directory's (shard 0's). */
export type ShardEnv = { DB: D1Database; DIRECTORY?: D1Database; SHARD?: number };

/** The database of the directory (and of shard 0), whichever shard's env this is. */
export function directoryBinding(env: ShardEnv): D1Database {
  return env.DIRECTORY ?? env.DB;
}

/** One shard's database binding; a shard without its binding is a configuration fault. */
export function shardBinding(env: Env, shard: number): D1Database {
  if (shard === 0) return directoryBinding(env);
  const d1 = (env as unknown as Record<string, D1Database | undefined>)[`DB_${shard}`];
  if (!d1) throw new ApiError("internal", `Shard ${shard} has no database.`, `Bind a D1 database as DB_${shard} (SHARDS is ${env.SHARDS ?? 1}).`);
  return d1;
}

/** Which shard an env works on (0 unless made by `onShard`). */
export const shardOf = (env: ShardEnv): number => env.SHARD ?? 0;

const bases = new WeakMap<object, Env>();
const copies = new WeakMap<Env, Map<number, Env>>();

/** The env whose `DB` is `shard`'s database, the same object each time for one env and shard. */
export function onShard<E extends Env>(env: E, shard: number): E {
  const base = (bases.get(env) ?? env) as E;
  if (shard === 0 && base === env) return env;
  let byShard = copies.get(base);
  if (!byShard) {
    byShard = new Map();
    copies.set(base, byShard);
  }
  let copy = byShard.get(shard);
  if (!copy) {
    copy = shard === 0 ? base : { ...base, DB: shardBinding(base, shard), DIRECTORY: base.DB, SHARD: shard };
    byShard.set(shard, copy);
    bases.set(copy, base);
  }
  return copy as E;
}

/** The env an object named by `objectName` (src/lib/object-names.ts) works on: its shard's. */
export function objectEnv<E extends Env>(ctx: DurableObjectState, env: E): E {
  return onShard(env, shardOfObjectName(ctx.id.name));
}
