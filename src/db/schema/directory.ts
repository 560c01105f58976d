/**
 * The directory of accounts spread over D1 databases ("Past one database", docs/scale.md). It
 * lives in the database bound as `DB`, which is also shard 0; every shard has the same tables (one
 * set of migrations), so these stay empty elsewhere. (src/db/schema.ts re-exports every table.)
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./common";

/** Where each account lives. An account without a row is on shard 0 (every account made before shards). */
export const accountShards = sqliteTable(
  "account_shards",
  {
    tenantId: text("tenant_id").primaryKey(),
    shard: integer("shard").notNull(),
    /** Set while a move copies the account to this shard: its writes answer 503 until the switch. */
    movingTo: integer("moving_to"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("account_shards_shard").on(t.shard)],
);

/**
 * What a public request carries, mapped to its account: `key:`/`session:`/`sign:` and a secret's
 * SHA-256 hex, `code:` and a verification code, `form:` and a public form's address. Filled the
 * first time a key is used (found by asking every shard), never changed by a move (it names the
 * account, not the shard).
 */
export const directoryKeys = sqliteTable(
  "directory_keys",
  {
    key: text("key").primaryKey(),
    tenantId: text("tenant_id").notNull(),
  },
  (t) => [index("directory_keys_tenant").on(t.tenantId)],
);

/**
 * On a shard: the account whose rows a move is deleting there (the copy it left behind or a failed
 * copy), inside that delete's transaction only. The trail's append-only rule lets only its events go.
 */
export const movedAccounts = sqliteTable("moved_accounts", {
  tenantId: text("tenant_id").primaryKey(),
  movedAt: text("moved_at").notNull().default(now),
});
