/**
 * The transparency log of certificates (docs/transparency-log.md): two public append-only Merkle
 * logs, `live` and `test`, whose leaves name no person and no account. (src/db/schema.ts
 * re-exports every table.)
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One leaf per issued certificate, appended in issue order; never updated, never deleted (redaction keeps it). */
export const logLeaves = sqliteTable(
  "log_leaves",
  {
    log: text("log", { enum: ["live", "test"] }).notNull(),
    leafIndex: integer("leaf_index").notNull(),
    /** The certificate the leaf stands for: how a verification finds its leaf. */
    certificateId: text("certificate_id").notNull(),
    /** Canonical JSON `{"certificate_sha256":…,"issued_at":…}`. */
    leaf: text("leaf").notNull(),
    /** SHA-256(0x00 ‖ leaf), hex. */
    leafHash: text("leaf_hash").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.log, t.leafIndex] }),
    uniqueIndex("log_leaves_certificate").on(t.certificateId),
    index("log_leaves_hash").on(t.log, t.leafHash),
  ],
);

/** The hash of each complete subtree above the leaves (level ≥ 1), stored once when its last leaf is appended. */
export const logNodes = sqliteTable(
  "log_nodes",
  {
    log: text("log", { enum: ["live", "test"] }).notNull(),
    level: integer("level").notNull(),
    idx: integer("idx").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.log, t.level, t.idx] })],
);

/** Signed tree heads: one per tree size the log has signed. */
export const logHeads = sqliteTable(
  "log_heads",
  {
    log: text("log", { enum: ["live", "test"] }).notNull(),
    treeSize: integer("tree_size").notNull(),
    rootHash: text("root_hash").notNull(),
    /** Milliseconds since the epoch. */
    timestamp: integer("timestamp").notNull(),
    /** Ed25519 over the canonical JSON of {log, root_hash, timestamp, tree_size}, base64. */
    signature: text("signature").notNull(),
  },
  (t) => [primaryKey({ columns: [t.log, t.treeSize] })],
);
