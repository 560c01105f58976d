/** Intake: tablets (devices), subjects and participants, packets, PDF templates and their page pictures. (src/db/schema.ts re-exports every table.) */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DEVICE_PLATFORMS, MODES, PAGE_PICTURE_TYPES, PACKET_ITEM_STATUSES, PACKET_PER, PACKET_STATUSES, SUBJECT_KINDS } from "../../domain/vocabulary";
import { now } from "./common";
import { tenants } from "./accounts";
import { templates } from "./documents";

/**
 * A paired tablet. Made with its pairing code (`POST /v1/devices/pairing-codes`); pairing spends
 * the code and issues the device's own key (`api_keys.device_id` = this id), which acts for this
 * device and its one workflow only. Stopping ends the key at once.
 */
export const devices = sqliteTable(
  "devices",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** The mode of the key that asked for the pairing code; the device key has the same. */
    mode: text("mode", { enum: MODES }).notNull(),
    name: text("name").notNull(),
    /** The workflow the tablet runs (`workflows.id`, same account and mode). */
    workflowId: text("workflow_id").notNull(),
    /** SHA-256 hex of the normalised pairing code; null once spent or stopped. */
    codeHash: text("code_hash").unique(),
    codeExpiresAt: text("code_expires_at").notNull(),
    pairedAt: text("paired_at"),
    /** The device's key (`api_keys.id`), set when paired. */
    keyId: text("key_id"),
    platform: text("platform", { enum: DEVICE_PLATFORMS }),
    appVersion: text("app_version"),
    osVersion: text("os_version"),
    lastSeenAt: text("last_seen_at"),
    stoppedAt: text("stopped_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("devices_tenant").on(t.tenantId, t.mode, t.createdAt)],
);

/**
 * A reservation or activity, imported with `PUT /v1/subjects` and keyed on (account, mode,
 * provider, external_id): importing the same key again updates it. `provider` is '' when none was
 * given (SQLite's unique index treats NULLs as distinct).
 */
export const subjects = sqliteTable(
  "subjects",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode", { enum: MODES }).notNull(),
    kind: text("kind", { enum: SUBJECT_KINDS }).notNull(),
    provider: text("provider").notNull().default(""),
    externalId: text("external_id").notNull(),
    label: text("label").notNull().default(""),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on"),
    facts: text("facts", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("subjects_key").on(t.tenantId, t.mode, t.provider, t.externalId)],
);

/**
 * A person of a subject, keyed on the caller's `ref` within it. A participant left out of a later
 * import is kept with `removed_at` (their completed items stay on record); listed again, they are back.
 */
export const participants = sqliteTable(
  "participants",
  {
    id: text("id").primaryKey(),
    subjectId: text("subject_id")
      .notNull()
      .references(() => subjects.id),
    ref: text("ref").notNull(),
    /** Where the last import listed them (the first adult signs per-subject items). */
    position: integer("position").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    isMinor: integer("is_minor", { mode: "boolean" }).notNull().default(false),
    /** The `ref` of the participant who signs for this minor. */
    guardianRef: text("guardian_ref"),
    removedAt: text("removed_at"),
  },
  (t) => [uniqueIndex("participants_ref").on(t.subjectId, t.ref)],
);

/**
 * Every document about one subject, and whether it is ready. `status` and the counts are written
 * only by `recomputePacket` (src/db/packets.ts), whose statements run in every batch changing
 * an item, so they always match the items. `changed_by` names the batch that last changed
 * `status`: the packet's events are written by that batch alone, so each change is announced once.
 */
export const packets = sqliteTable(
  "packets",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode", { enum: MODES }).notNull(),
    subjectId: text("subject_id")
      .notNull()
      .unique()
      .references(() => subjects.id),
    /** A short code people can read out (`PK-XXXX-XXXX`), unique per account. */
    code: text("code").notNull(),
    status: text("status", { enum: PACKET_STATUSES }).notNull().default("open"),
    readyAt: text("ready_at"),
    requiredCount: integer("required_count").notNull().default(0),
    completedCount: integer("completed_count").notNull().default(0),
    blockedCount: integer("blocked_count").notNull().default(0),
    notStartedCount: integer("not_started_count").notNull().default(0),
    changedBy: text("changed_by"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("packets_code").on(t.tenantId, t.code)],
);

/**
 * One document a packet needs: a workflow's, about one participant (`per: participant`) or the
 * whole subject (`per: subject`, signed by the first adult). `slot` is the participant's ref, or
 * '' for the subject: one live item per (packet, workflow, slot). An item of a removed participant
 * is `dropped_at` and no longer counts; its state keeps following its document.
 */
export const packetItems = sqliteTable(
  "packet_items",
  {
    id: text("id").primaryKey(),
    packetId: text("packet_id")
      .notNull()
      .references(() => packets.id),
    workflowId: text("workflow_id").notNull(),
    per: text("per", { enum: PACKET_PER }).notNull(),
    slot: text("slot").notNull(),
    required: integer("required", { mode: "boolean" }).notNull(),
    /** Who the document is about (`participants.id`); null for a subject's item without an adult yet. */
    participantId: text("participant_id"),
    /** Who signs it: the participant, or their guardian for a minor. */
    signerParticipantId: text("signer_participant_id"),
    status: text("status", { enum: PACKET_ITEM_STATUSES }).notNull().default("not_started"),
    /** The document it started last. */
    documentId: text("document_id"),
    droppedAt: text("dropped_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    index("packet_items_packet").on(t.packetId),
    uniqueIndex("packet_items_slot").on(t.packetId, t.workflowId, t.slot).where(sql`dropped_at IS NULL`),
    // The cron's look for dropped items whose document is still out (normally none).
    index("packet_items_dropped_sent").on(t.droppedAt).where(sql`status = 'sent' AND dropped_at IS NOT NULL`),
  ],
);

/** One page of a PDF template as a reader shows it (rotation applied): points, and the crop box it shows. */
export type PdfTemplatePage = {
  n: number;
  /** Width and height of the visible (crop) box as shown: swapped for /Rotate 90 and 270. */
  width: number;
  height: number;
  /** /Rotate normalised to 0, 90, 180 or 270. */
  rotation: number;
  /** The visible box in the page's own (unrotated) user space: [x, y, width, height]. */
  crop: [number, number, number, number];
};

/** A box on a page as shown (fractions, origin top left), as a field's `place` is. */
export type PdfShownBox = { page: number; x: number; y: number; w: number; h: number };

/** Something in an uploaded file that was not made a field: where (page, when known), its text, and why. */
export type PdfNotRead = { page: number | null; text: string; reason: string };

/**
 * The original PDF of a PDF template version (one row per template version; a revision keeps the
 * same file, so several rows may name one R2 object). Kept byte for byte in R2.
 */
export const pdfTemplates = sqliteTable(
  "pdf_templates",
  {
    templateId: text("template_id")
      .primaryKey()
      .references(() => templates.id),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    r2Key: text("r2_key").notNull(),
    sha256: text("sha256").notNull(),
    bytes: integer("bytes").notNull(),
    originalName: text("original_name").notNull(),
    uploadedAt: text("uploaded_at").notNull(),
    pageCount: integer("page_count").notNull(),
    pages: text("pages", { mode: "json" }).$type<PdfTemplatePage[]>().notNull(),
    /** The text tags read from the file (`?fields=tags|both`): painted white when the file is stamped. */
    covers: text("covers", { mode: "json" }).$type<PdfShownBox[]>().notNull().default(sql`'[]'`),
    /** The AcroForm fields read from the file (`?fields=acroform|both`), by full name: their widgets are taken out when stamped. */
    formFields: text("form_fields", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** What the read found but could not make a field of (a tag that does not parse, a push button…), shown in the editor. */
    notRead: text("not_read", { mode: "json" }).$type<PdfNotRead[]>().notNull().default(sql`'[]'`),
  },
  (t) => [index("pdf_templates_r2_key").on(t.r2Key)],
);

/** A page picture of a PDF template version (drawn by the uploader's browser), stored in R2. */
export const pdfTemplatePages = sqliteTable(
  "pdf_template_pages",
  {
    templateId: text("template_id")
      .notNull()
      .references(() => templates.id),
    n: integer("n").notNull(),
    r2Key: text("r2_key").notNull(),
    contentType: text("content_type", { enum: PAGE_PICTURE_TYPES }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    drawnAt: text("drawn_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.n] }), index("pdf_template_pages_r2_key").on(t.r2Key)],
);
