/** Documents: messages, templates, documents, workflows, signers, field values, the trail, certificates and sealed files. (src/db/schema.ts re-exports every table.) */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  DOCUMENT_STATUSES,
  LANGUAGES,
  MESSAGE_CHANNELS,
  MESSAGE_PROVIDERS,
  MESSAGE_PURPOSES,
  MESSAGE_STATUSES,
  SEALED_FILE_KINDS,
  SEAL_LEVELS,
  SIGNER_AUTH,
  SIGNER_FILE_TYPES,
  SIGNER_STATUSES,
} from "../../domain/vocabulary";
import { now } from "./common";
import { tenants } from "./accounts";

/**
 * Messages (email, SMS) about documents. With no provider configured they stay here as the
 * development outbox (`GET /ops/v1/outbox`). `body` never holds a signing token in production.
 */
export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    /**
     * The account, or `sign-up` for the check emails of sign-ups (src/domain/sign-up.ts), sent
     * before any account exists: hence no foreign key to tenants.
     */
    tenantId: text("tenant_id").notNull(),
    mode: text("mode").notNull(),
    documentId: text("document_id"),
    signerId: text("signer_id"),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    purpose: text("purpose", { enum: MESSAGE_PURPOSES }).notNull(),
    recipient: text("recipient").notNull(),
    /** Subject and plain-text body as sent, except that a link's token and a code read as •••. */
    subject: text("subject"),
    body: text("body").notNull(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull(),
    locale: text("locale", { enum: LANGUAGES }).notNull().default("en"),
    /** The values the wording is filled with that are not secret (title, names), JSON. */
    vars: text("vars", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    /** The secret values (link, code), AES-GCM under WEBHOOK_SECRET_KEY; cleared once a provider took the message. */
    secretBox: text("secret_box"),
    /** Who carried it (set at the first attempt) and the id that provider gave it. */
    provider: text("provider", { enum: MESSAGE_PROVIDERS }),
    providerMessageId: text("provider_message_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When a queued message is next tried; null once it is sent, failed or suppressed. */
    nextAttemptAt: text("next_attempt_at"),
    sentAt: text("sent_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    index("messages_document").on(t.documentId),
    index("messages_tenant").on(t.tenantId, t.createdAt),
    index("messages_due").on(t.status, t.nextAttemptAt),
    index("messages_signer").on(t.signerId, t.createdAt),
    // The cron's erasure of boxed links and codes 7 days after queuing walks only the rows that still hold one.
    index("messages_boxed").on(t.createdAt).where(sql`secret_box IS NOT NULL`),
  ],
);

export type TemplateField = {
  key: string;
  label: string;
  kind: string;
  required: boolean;
  about?: string | null;
  sensitive: boolean;
  per_child: boolean;
  staff_only: boolean;
  options?: string[];
  place?: { page: number; x: number; y: number; w: number; h: number } | null;
  /**
   * The one signing party this field is asked of: its 1-based position among the signers who sign
   * (cc recipients not counted), in the order the send lists them, or its role label. Absent:
   * every signer is asked it.
   */
  signer?: number | string;
  /** On a sent document's copy only: the signer `signer` named, resolved once at send. */
  signer_id?: string;
  /** One answer drawn at each of these places (instead of `place`). */
  places?: { page: number; x: number; y: number; w: number; h: number }[];
  /** number: decimal strings; date: YYYY-MM-DD; checkboxes: counts of chosen options. */
  min?: string | number;
  max?: string | number;
  step?: string;
  min_length?: number;
  max_length?: number;
  pattern?: string;
  pattern_message?: string;
  show_if?: FieldCondition;
  required_if?: FieldCondition;
  formula?: string;
  decimals?: number;
};

/** One test of an earlier field's answer. */
export type FieldConditionTest = {
  key: string;
  op: "equals" | "not_equals" | "in" | "checked" | "unchecked" | "filled" | "empty";
  value?: string | number | boolean | (string | number | boolean)[];
};
type ConditionGroup<T> = { all: T[] } | { any: T[] };
/** A field's condition: one test, or all/any of up to 10 (nested at most twice). */
export type FieldCondition = FieldConditionTest | ConditionGroup<FieldConditionTest | ConditionGroup<FieldConditionTest>>;

export const templates = sqliteTable(
  "templates",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode").notNull(),
    code: text("code").notNull(),
    version: integer("version").notNull(),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    variables: text("variables", { mode: "json" }).$type<string[]>().notNull(),
    grants: text("grants", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    consentText: text("consent_text"),
    fields: text("fields", { mode: "json" }).$type<TemplateField[]>().notNull(),
    /** The reasons a re-authenticating signer picks from (0-10, each ≤ 100); empty: free text. */
    reasons: text("reasons", { mode: "json" }).$type<string[]>().notNull().default([]),
    isPublished: integer("is_published", { mode: "boolean" }).notNull().default(false),
    publishedAt: text("published_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("templates_code_version").on(t.tenantId, t.mode, t.code, t.version)],
);

export const documents = sqliteTable(
  "documents",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode").notNull(),
    templateId: text("template_id")
      .notNull()
      .references(() => templates.id),
    templateCode: text("template_code").notNull(),
    templateVersion: integer("template_version").notNull(),
    templateKind: text("template_kind").notNull(),
    title: text("title").notNull(),
    status: text("status", { enum: DOCUMENT_STATUSES }).notNull(),
    body: text("body").notNull(),
    bodySha256: text("body_sha256").notNull(),
    /**
     * Where the merged values sit in `body`: JSON `[[start, end], …]` in UTF-16 code units, so the
     * signer's page can isolate each one (`<bdi>`) while `body` stays the plain hashed text.
     */
    mergeSpans: text("merge_spans", { mode: "json" }).$type<[number, number][]>().notNull().default([]),
    grants: text("grants", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    consentText: text("consent_text"),
    /** Fields frozen from the template version (placements included). */
    fields: text("fields", { mode: "json" }).$type<TemplateField[]>().notNull(),
    /** The template version's signing reasons, frozen at prepare (src/domain/reauthentication.ts). */
    reasons: text("reasons", { mode: "json" }).$type<string[]>().notNull().default([]),
    sequential: integer("sequential", { mode: "boolean" }).notNull().default(false),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull(),
    externalRef: text("external_ref"),
    subjectName: text("subject_name"),
    createdAt: text("created_at").notNull().default(now),
    sentAt: text("sent_at"),
    completedAt: text("completed_at"),
    voidedAt: text("voided_at"),
    voidReason: text("void_reason"),
    declinedAt: text("declined_at"),
    expiredAt: text("expired_at"),
    expiresAt: text("expires_at"),
    /** Sent with `notify`: the service emails the links, reminders and completed copies. */
    notify: integer("notify", { mode: "boolean" }).notNull().default(false),
    /** Sent with `allow_delegation`: a pending signer may pass their part to someone else. */
    allowDelegation: integer("allow_delegation", { mode: "boolean" }).notNull().default(false),
    /** Sent with `reauthenticate` (or by a `part11` account): each signature needs a fresh code and a reason. */
    reauthenticate: integer("reauthenticate", { mode: "boolean" }).notNull().default(false),
    /** The cron reminds pending signers this many days after their last message (1-30); null = never. */
    remindAfterDays: integer("remind_after_days"),
    /** The workflow that started this document (API start, public form or tablet), or null. */
    workflowId: text("workflow_id"),
    /** The paired device whose key started it (api_keys.device_id), or null. */
    deviceId: text("device_id"),
    /** The packet item this document was started for (`packet_items.id`), or null: its state follows this document's. */
    packetItemId: text("packet_item_id"),
    /** PDF templates only: SHA-256 of the template's original PDF, frozen at prepare (checked again at sealing); null for text. */
    pdfSha256: text("pdf_sha256"),
    /** The signature level (src/domain/qualified-signatures.ts): `ses` sealed evidence, `aes`/`qes` each signer's own certificate through a CSC provider. */
    level: text("level", { enum: ["ses", "aes", "qes"] })
      .notNull()
      .default("ses"),
    /** When its personal data was erased (docs/retention.md); never cleared. */
    redactedAt: text("redacted_at"),
    /** The envelope it was sent in (`envelopes.id`, src/db/schema/envelopes.ts) and its 0-based place there; null otherwise. */
    envelopeId: text("envelope_id"),
    envelopePosition: integer("envelope_position"),
    /** The document's language (`locale` at prepare): its certificate and bundle pages; null = the account's. */
    locale: text("locale", { enum: LANGUAGES }),
  },
  (t) => [
    index("documents_list").on(t.tenantId, t.mode, t.createdAt),
    index("documents_envelope").on(t.envelopeId, t.envelopePosition),
    index("documents_retention").on(t.tenantId, t.status, t.redactedAt),
    // With created_at last, a lookup by external_ref or status also yields the list's order
    // (newest first), so SQLite uses these rather than documents_list plus a scan of the account.
    index("documents_external_ref").on(t.tenantId, t.mode, t.externalRef, t.createdAt),
    index("documents_status_list").on(t.tenantId, t.mode, t.status, t.createdAt),
    index("documents_expiry").on(t.status, t.expiresAt),
    index("documents_workflow").on(t.workflowId, t.status),
  ],
);

export type WorkflowRole = {
  label: string;
  role: string;
  order: number;
  participant: boolean;
  /** Fixed roles only: who signs for the business. */
  email?: string;
  full_name?: string;
};
export type WorkflowFormField = { key: string; label: string; required: boolean };
export type WorkflowPacket = { kind: string; per: string; required: boolean; minors: string };

/**
 * A published template with its running rules: who signs (the participant and fixed roles),
 * order, expiry, reminders, and the optional public form address `/f/{public_slug}`.
 */
export const workflows = sqliteTable(
  "workflows",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** Documents use this code's latest published version at each start. */
    templateCode: text("template_code").notNull(),
    signerRoles: text("signer_roles", { mode: "json" }).$type<WorkflowRole[]>().notNull(),
    sequential: integer("sequential", { mode: "boolean" }).notNull().default(false),
    /** The last fixed signing role signs after everyone else. */
    countersign: integer("countersign", { mode: "boolean" }).notNull().default(false),
    /** Its documents are sent with `reauthenticate`. */
    reauthenticate: integer("reauthenticate", { mode: "boolean" }).notNull().default(false),
    expiresDays: integer("expires_days").notNull().default(30),
    /** 0 = no reminders. */
    remindAfterDays: integer("remind_after_days").notNull().default(0),
    /** Whether `/f/{public_slug}` serves the public form. */
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    /** Made the first time the workflow goes public and kept, so a printed QR code keeps working. */
    publicSlug: text("public_slug").unique(),
    intro: text("intro").notNull().default(""),
    formFields: text("form_fields", { mode: "json" }).$type<WorkflowFormField[]>().notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** For subjects: which subjects get an item of this workflow in their packet, one per what, required or not. */
    packet: text("packet", { mode: "json" }).$type<WorkflowPacket | null>(),
    draftedByRun: text("drafted_by_run"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("workflows_code").on(t.tenantId, t.mode, t.code)],
);

export const signers = sqliteTable(
  "signers",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    tenantId: text("tenant_id").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    role: text("role").notNull(),
    signOrder: integer("sign_order").notNull(),
    phone: text("phone"),
    auth: text("auth", { enum: SIGNER_AUTH }).notNull().default("none"),
    partyId: text("party_id"),
    /** The minor this signer signs for (their guardian signs a packet item about them): the minor's full name. */
    onBehalfOf: text("on_behalf_of"),
    /** Language of this signer's messages and page (one of LANGUAGES). */
    locale: text("locale", { enum: LANGUAGES }).notNull().default("en"),
    status: text("status", { enum: SIGNER_STATUSES }).notNull().default("pending"),
    /** SHA-256 hex of the 64-hex signing token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /**
     * SHA-256 hex of the token of the link in the completed copy (issued at completion, read and
     * download only, lives as long as completed links do); the signer's own link keeps working too.
     */
    copyTokenHash: text("copy_token_hash").unique(),
    tokenExpiresAt: text("token_expires_at").notNull(),
    viewedAt: text("viewed_at"),
    consentedAt: text("consented_at"),
    consentVersion: text("consent_version"),
    signedAt: text("signed_at"),
    signatureMethod: text("signature_method"),
    /** The signature as given (typed name, drawn image data URL, …), kept for the sealed PDF. */
    signatureValue: text("signature_value"),
    signatureValueSha256: text("signature_value_sha256"),
    signedAgainstSha256: text("signed_against_sha256"),
    signIp: text("sign_ip"),
    /** JSON {claimed_at, received_at, skew_ms, …} when the signature was taken offline. */
    captured: text("captured", { mode: "json" }).$type<Record<string, unknown>>(),
    declinedAt: text("declined_at"),
    declineReason: text("decline_reason"),
    createdAt: text("created_at").notNull().default(now),
    /** Must confirm a one-time code before signing: `auth` asks for one, or the account required it at send. */
    codeRequired: integer("code_required", { mode: "boolean" }).notNull().default(false),
    /** When the signer confirmed a one-time code, and how (`email_otp` | `sms_otp`). */
    codeVerifiedAt: text("code_verified_at"),
    codeVerifiedVia: text("code_verified_via"),
    /**
     * `auth` `access_code`: the code the business gave the signer through another channel, kept
     * only as `pbkdf2-sha256$<iterations>$<salt>$<hex>` (a random salt) (never returned, never
     * logged); wrong tries since the last lock, the end of a lock (5 wrong tries: 15 minutes), and
     * when the right code was given (src/domain/access-codes.ts).
     */
    accessCodeHash: text("access_code_hash"),
    accessCodeTries: integer("access_code_tries").notNull().default(0),
    accessCodeLockedUntil: text("access_code_locked_until"),
    accessCodePassedAt: text("access_code_passed_at"),
    /**
     * `auth` `id_check` (src/domain/identity-checks.ts): the provider's session started for this
     * signer, failed checks (the third ends the link), and the pass with what the provider
     * verified: name, document type, issuing country (never images, file ids, birth date or number).
     */
    idCheckSession: text("id_check_session"),
    idCheckFailures: integer("id_check_failures").notNull().default(0),
    idCheckPassedAt: text("id_check_passed_at"),
    idCheckVerifiedName: text("id_check_verified_name"),
    idCheckDocumentType: text("id_check_document_type"),
    idCheckCountry: text("id_check_country"),
    /** Re-authentication (src/domain/reauthentication.ts): the reason given with the signature, and when the code it rested on was confirmed. */
    signReason: text("sign_reason"),
    reauthenticatedAt: text("reauthenticated_at"),
    /** When the signer accepted the account's consumer disclosure (src/domain/consumer-disclosure.ts). */
    disclosureAcceptedAt: text("disclosure_accepted_at"),
    /** A witness's: the id of the signer they witness (they sign only after that signer). */
    witnessFor: text("witness_for"),
    /** A signing group's members share `group_id` (`grp_…`) and its name; the first member to sign acts for the group. */
    groupId: text("group_id"),
    groupName: text("group_name"),
    /** An approver's note with the approval. */
    approvalNote: text("approval_note"),
    /** Delegation: the signer who took this one's place (their link ended), when, and why. */
    delegatedTo: text("delegated_to"),
    delegatedAt: text("delegated_at"),
    delegationReason: text("delegation_reason"),
    /** The delegate's: the signer whose place they took. */
    delegatedFrom: text("delegated_from"),
  },
  (t) => [index("signers_document").on(t.documentId, t.signOrder)],
);

export const fieldValues = sqliteTable(
  "field_values",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    signerId: text("signer_id")
      .notNull()
      .references(() => signers.id),
    key: text("key").notNull(),
    value: text("value").notNull(),
    about: text("about"),
    suppliedAt: text("supplied_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.signerId, t.key] })],
);

/** The document trail. Append-only: no code path updates or deletes a row. */
export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    tenantId: text("tenant_id").notNull(),
    mode: text("mode").notNull(),
    /** Order within the document, assigned by the document's sequencer. */
    seq: integer("seq").notNull(),
    kind: text("kind").notNull(),
    occurredAt: text("occurred_at").notNull(),
    signerId: text("signer_id"),
    signerEmail: text("signer_email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    signatureMethod: text("signature_method"),
    againstSha256: text("against_sha256").notNull(),
    detail: text("detail"),
  },
  (t) => [uniqueIndex("events_document_seq").on(t.documentId, t.seq)],
);

export const certificates = sqliteTable(
  "certificates",
  {
    id: text("id").primaryKey(),
    documentId: text("document_id")
      .notNull()
      .unique()
      .references(() => documents.id),
    tenantId: text("tenant_id").notNull(),
    /** 16 Crockford base32 characters, stored without dashes, upper case. */
    verificationCode: text("verification_code").notNull().unique(),
    issuedAt: text("issued_at").notNull(),
    /** RFC 8785 canonical JSON of the frozen payload. */
    payload: text("payload").notNull(),
    certificateSha256: text("certificate_sha256").notNull(),
    documentSha256: text("document_sha256").notNull(),
    /** Set when the document was redacted: `payload` is then the redacted payload, and `certificate_sha256` still the hash of the one issued. */
    redactedAt: text("redacted_at"),
  },
  // The transparency log's catch-up reads the certificates of the last hour (docs/transparency-log.md).
  (t) => [index("certificates_issued").on(t.issuedAt)],
);

/** Sealed files made once and kept in R2, so every download is byte-identical. */
export const sealedFiles = sqliteTable(
  "sealed_files",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    kind: text("kind", { enum: SEALED_FILE_KINDS }).notNull(),
    r2Key: text("r2_key").notNull(),
    filename: text("filename").notNull(),
    sha256: text("sha256").notNull(),
    bytes: integer("bytes").notNull(),
    seal: text("seal", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull().default(now),
    /** PAdES baseline level of the current bytes (B-T until the long-term data is added). */
    level: text("level", { enum: SEAL_LEVELS }).notNull().default("B-T"),
    /** When the cron should next look at this file: retry the upgrade, or re-timestamp (null: nothing due). */
    nextArchiveAt: text("next_archive_at"),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.kind] }), index("sealed_files_sha").on(t.sha256), index("sealed_files_archive").on(t.nextArchiveAt)],
);

/**
 * Every version of a sealed file (the first B-T bytes, each upgrade and re-timestamp): each stays
 * in R2 and downloadable by its hash, and verification accepts each hash. `sealed_files` points at
 * the newest.
 */
export const sealedFileVersions = sqliteTable(
  "sealed_file_versions",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    kind: text("kind", { enum: SEALED_FILE_KINDS }).notNull(),
    sha256: text("sha256").notNull(),
    r2Key: text("r2_key").notNull(),
    bytes: integer("bytes").notNull(),
    level: text("level", { enum: SEAL_LEVELS }).notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.kind, t.sha256] }), index("sealed_file_versions_sha").on(t.sha256)],
);

/**
 * Files signers uploaded to `image`, `stamp` and `file` fields (docs/documents.md), stored in R2 under
 * `signer-files/<document_id>/<sha256>`. The field's answer (field_values) is `sha256:<hex>`; this
 * row holds the upload's size and type. A row whose hash is no longer the answer (replaced while
 * pending, cleared) is left until the document's redaction, which deletes every row and object.
 */
export const signerFiles = sqliteTable(
  "signer_files",
  {
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id),
    signerId: text("signer_id")
      .notNull()
      .references(() => signers.id),
    key: text("key").notNull(),
    sha256: text("sha256").notNull(),
    size: integer("size").notNull(),
    contentType: text("content_type", { enum: SIGNER_FILE_TYPES }).notNull(),
    uploadedAt: text("uploaded_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.signerId, t.key, t.sha256] })],
);
