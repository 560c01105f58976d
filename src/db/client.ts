/**
 * The one way the service gets a drizzle instance: one per D1 binding, made once and reused, so
 * a request does not pay for building it (a traced binding is another object and gets its own).
 */
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
