/**
 * Embedded editing (docs/embedding.md): one-use links that open the placement editor or the send
 * step of one template or document inside a partner's page. The link's token and the session
 * cookie's token are stored only as their SHA-256.
 */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { MODES } from "../../domain/vocabulary";
import { now } from "./common";
import { tenants } from "./accounts";

export const EMBED_PURPOSES = ["edit_template", "prepare_document"] as const;

export const embedSessions = sqliteTable(
  "embed_sessions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode", { enum: MODES }).notNull(),
    /** The API key (or OAuth access token) that asked for it: the session acts as that key. */
    keyId: text("key_id").notNull(),
    keyLabel: text("key_label").notNull(),
    purpose: text("purpose", { enum: EMBED_PURPOSES }).notNull(),
    /** Exactly one of the two. */
    templateId: text("template_id"),
    /** The template's code (the send step sends its latest published version). */
    templateCode: text("template_code"),
    documentId: text("document_id"),
    /** SHA-256 of the link's token. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The link works until then (15 minutes), and once. */
    expiresAt: text("expires_at").notNull(),
    openedAt: text("opened_at"),
    /** SHA-256 of the session cookie's token, set by the one open. */
    sessionHash: text("session_hash").unique(),
    sessionExpiresAt: text("session_expires_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("embed_sessions_expiry").on(t.expiresAt)],
);
