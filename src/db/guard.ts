/**
 * A condition checked inside a batch: `guard(db, holds)` is a statement that fails the `db.batch`
 * it rides in, so nothing of that batch commits, unless `holds` is true when it runs. D1 runs a
 * batch's statements in order, in one transaction, so a guard placed after a statement sees its
 * effect (`changes()`) and one placed first sees the rows as the batch finds them. This is how a
 * decision made on a value read earlier (or not read at all) costs no round trip of its own and is
 * still exact: the batch commits only if the value is still what the decision assumed.
 *
 * The failure is SQLite's `json()` raising on text that is not JSON, which the CASE hands it only
 * when the condition does not hold; `guardFailed(err)` tells that failure from any other.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

const NOT_JSON = "guard: the condition does not hold";

export const guard = (db: Db, holds: SQL) => db.select({ held: sql<string>`json(CASE WHEN ${holds} THEN '1' ELSE ${NOT_JSON} END)` }).from(sql`(SELECT 1)`);

/** Whether a batch failed because one of its guards did not hold (D1 reports SQLite's "malformed JSON"). */
export function guardFailed(err: unknown): boolean {
  const text = (e: unknown): string => (e instanceof Error ? `${e.message} ${e.cause === undefined ? "" : text(e.cause)}` : String(e));
  return /malformed JSON/i.test(text(err));
}
