/**
 * Envelopes: 2-20 documents prepared and sent together, one link per person for all of them.
 * Each document stays an ordinary document (documents.envelope_id); each person of the envelope
 * maps to their signer row in each document. (src/db/schema.ts re-exports every table.)
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DOCUMENT_STATUSES, LANGUAGES, SEAL_LEVELS, SIGNER_AUTH } from "../../domain/vocabulary";
import { now } from "./common";
import { tenants } from "./accounts";
import { documents, signers } from "./documents";

export const envelopes = sqliteTable(
  "envelopes",
  {
    /** `env_…` */
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode").notNull(),
    title: text("title").notNull(),
    /** As stored: `sent` once created, `voided` once voided; the answer derives the rest from its documents (src/domain/envelope-state.ts). */
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull(),
    sequential: integer("sequential", { mode: "boolean" }).notNull().default(false),
    /** Whether the service delivers its links and, at completion, each person's copy (the create's `notify`). */
    notify: integer("notify", { mode: "boolean" }).notNull().default(false),
    expiresAt: text("expires_at"),
    createdAt: text("created_at").notNull().default(now),
    sentAt: text("sent_at"),
    completedAt: text("completed_at"),
    voidedAt: text("voided_at"),
    voidReason: text("void_reason"),
  },
  (t) => [index("envelopes_list").on(t.tenantId, t.mode, t.createdAt)],
);

/** One person of an envelope: `esg_…` is the `signer_id` the API answers; one link (token) for every document. */
export const envelopeSigners = sqliteTable(
  "envelope_signers",
  {
    id: text("id").primaryKey(),
    envelopeId: text("envelope_id")
      .notNull()
      .references(() => envelopes.id),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    role: text("role").notNull(),
    signOrder: integer("sign_order").notNull(),
    phone: text("phone"),
    locale: text("locale", { enum: LANGUAGES }).notNull().default("en"),
    auth: text("auth", { enum: SIGNER_AUTH }).notNull().default("none"),
    /** SHA-256 hex of the 64-hex envelope link's token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** SHA-256 hex of the completed copy's link (emailed at completion when the service delivers links); the token itself is never stored. */
    copyTokenHash: text("copy_token_hash").unique(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("envelope_signers_envelope").on(t.envelopeId, t.signOrder)],
);

/** Each person of an envelope's signer row in each of its documents. */
export const envelopeSignerDocuments = sqliteTable(
  "envelope_signer_documents",
  {
    envelopeSignerId: text("envelope_signer_id")
      .notNull()
      .references(() => envelopeSigners.id),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    signerId: text("signer_id")
      .notNull()
      .references(() => signers.id),
  },
  (t) => [primaryKey({ columns: [t.envelopeSignerId, t.documentId] }), index("envelope_signer_documents_signer").on(t.signerId)],
);

/**
 * The envelope's certificate, issued once when its last document completes: its own 16-character
 * code (never one a document's certificate has: the verify lookup checks both tables), the frozen
 * canonical payload listing each document's hash and code, and its SHA-256. The transparency log
 * takes it like a document's (log_leaves.certificate_id holds `ecert_…`).
 */
export const envelopeCertificates = sqliteTable(
  "envelope_certificates",
  {
    /** `ecert_…` */
    id: text("id").primaryKey(),
    envelopeId: text("envelope_id")
      .notNull()
      .unique()
      .references(() => envelopes.id),
    tenantId: text("tenant_id").notNull(),
    /** 16 Crockford base32 characters, stored without dashes, upper case (as certificates.verification_code). */
    verificationCode: text("verification_code").notNull().unique(),
    issuedAt: text("issued_at").notNull(),
    /** RFC 8785 canonical JSON of the frozen payload. */
    payload: text("payload").notNull(),
    certificateSha256: text("certificate_sha256").notNull(),
  },
  (t) => [index("envelope_certificates_issued").on(t.issuedAt)],
);

/**
 * The envelope's one sealed PDF (every document's pages, then the envelope certificate's),
 * made once and kept in R2. Its own table: `sealed_files` is keyed by (and references) a
 * document, and the envelope's file belongs to no single document.
 */
export const envelopeSealedFiles = sqliteTable(
  "envelope_sealed_files",
  {
    envelopeId: text("envelope_id")
      .primaryKey()
      .references(() => envelopes.id),
    r2Key: text("r2_key").notNull(),
    filename: text("filename").notNull(),
    sha256: text("sha256").notNull(),
    bytes: integer("bytes").notNull(),
    seal: text("seal", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** PAdES baseline level of the bytes (B-LTA unless revocation data or the archive timestamp could not be had). */
    level: text("level", { enum: SEAL_LEVELS }).notNull().default("B-T"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("envelope_sealed_files_sha").on(t.sha256)],
);
