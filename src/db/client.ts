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
