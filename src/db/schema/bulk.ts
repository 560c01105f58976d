/**
 * Bulk sends: one template or workflow sent to up to 1,000 people, one document each, in the
 * background (the BulkSender Durable Object). Each row records its outcome; a row's document id is
 * derived from `bulk:<bulk_send_id>:<n>`, so a retried row can never make a second document.
 * (src/db/schema.ts re-exports every table.)
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { BULK_ROW_STATUSES, BULK_SEND_STATES } from "../../domain/vocabulary";
import { now } from "./common";
import { tenants } from "./accounts";

export const bulkSends = sqliteTable(
  "bulk_sends",
  {
    /** `bs_…` */
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode").notNull(),
    /** Exactly one of the two names what each row is sent from. */
    templateCode: text("template_code"),
    workflowId: text("workflow_id"),
    state: text("state", { enum: BULK_SEND_STATES }).notNull().default("queued"),
    total: integer("total").notNull(),
    sent: integer("sent").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Who created it: the API key's id, or the member's id from the dashboard. */
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull().default(now),
    finishedAt: text("finished_at"),
  },
  (t) => [index("bulk_sends_list").on(t.tenantId, t.mode, t.createdAt), index("bulk_sends_unfinished").on(t.state, t.createdAt)],
);

export const bulkSendRows = sqliteTable(
  "bulk_send_rows",
  {
    bulkSendId: text("bulk_send_id")
      .notNull()
      .references(() => bulkSends.id),
    /** 1-based, in the order given. */
    n: integer("n").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    phone: text("phone"),
    values: text("values", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: BULK_ROW_STATUSES }).notNull().default("queued"),
    /** The row's document (set in the same write as `sent`); unique, so one document serves one row only. */
    documentId: text("document_id").unique(),
    /** Why the row failed: the message of the refusal its send met. */
    error: text("error"),
    doneAt: text("done_at"),
  },
  (t) => [primaryKey({ columns: [t.bulkSendId, t.n] }), index("bulk_send_rows_status").on(t.bulkSendId, t.status, t.n)],
);
