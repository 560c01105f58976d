/**
 * The one way the service gets a drizzle instance: one per D1 binding, made once and reused, so
 * a request does not pay for building it (a traced binding is another object and gets its own).
 */
import type { SQL } from "drizzle-orm";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

const instances = new WeakMap<D1Database, Db>();

export function dbOf(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    instances.set(d1, db);
  }
  return db;
}

/**
 * A raw SQL statement that can ride in `db.batch`. Drizzle's `db.run(sql…)` cannot when it has
 * parameters (its batch binds a prepared statement the raw query never makes), so this prepares
 * it on the same binding. For the few statements drizzle's builders cannot express.
 */
export function rawStatement(db: Db, query: SQL) {
  const raw = db.run(query);
  const built = raw.getQuery();
  const client = (db as unknown as { $client: D1Database }).$client;
  return Object.assign(raw, { stmt: client.prepare(built.sql) });
}
