/** What the schema's areas share. */
import { sql } from "drizzle-orm";

/** The default of every time column: now, as an ISO 8601 UTC string. */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
