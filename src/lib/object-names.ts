/**
 * The name of an account's Durable Object (a document's sequencer, an account's message queue, an
 * endpoint's deliveries, a bulk send) on the env's shard (docs/scale.md, "Past one database"): the
 * plain name on shard 0, `name@n` on shard n. The object works on the shard its name says
 * (src/db/shards.ts `objectEnv`), so after a move the account's objects are fresh ones on the new
 * shard.
 */
export const objectName = (env: { SHARD?: number }, name: string): string => (env.SHARD ? `${name}@${env.SHARD}` : name);

/** The shard an object's name says (0 for a plain name). */
export function shardOfObjectName(name: string | undefined): number {
  const m = /@(\d+)$/.exec(name ?? "");
  return m ? Number(m[1]) : 0;
}
