/**
 * The one way the service gets a drizzle instance: `dbOf(env)`, from the environment that holds
 * the D1 binding (a Worker's, a Durable Object's, or a test's counting copy). One instance per
 * binding, made once and reused, so a request does not pay for building it (a traced binding is
 * another object and gets its own). Query modules take the instance (`db: Db`) as their first
 * parameter; domain code asks for it here.
 */
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

const instances = new WeakMap<D1Database, Db>();

export function dbOf(env: { DB: D1Database }): Db {
  const d1 = env.DB;
  let db = instances.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    instances.set(d1, db);
  }
  return db;
}

const replicas = new WeakMap<D1Database, Db>();

/**
 * The same over a D1 session that may read from the read replica nearest the Worker (D1's
 * Sessions API, `first-unconstrained`); one session per binding and isolate, so reads through it
 * never go back in time. For reads that may lag the primary by a replica's delay (seconds at
 * most): rows that never change once written (`nearestThenPrimary`), and the account's page
 * settings a signer's later reads show (a consent checks the disclosure again as it commits).
 */
export function replicaDbOf(env: { DB: D1Database }): Db {
  const d1 = env.DB;
  let db = replicas.get(d1);
  if (!db) {
    // Drizzle's D1 driver uses only `prepare` and `batch`, which a session has.
    db = drizzle(d1.withSession("first-unconstrained") as unknown as D1Database, { schema });
    replicas.set(d1, db);
  }
  return db;
}

/**
 * A read of rows that never change once written (a link's token, a certificate by its code):
 * from the nearest replica, and from the primary when the replica has not got the row yet
 * (written a moment ago). So a reader never misses what was just written, and
 * nothing that changes is read this way: a signer's own writes are read back from their document's
 * sequencer, on the primary (docs/benchmarks.md, "Reads from the nearest replica").
 */
export async function nearestThenPrimary<T>(env: { DB: D1Database }, read: (db: Db) => Promise<T | undefined>): Promise<T | undefined> {
  return (await read(replicaDbOf(env))) ?? read(dbOf(env));
}
