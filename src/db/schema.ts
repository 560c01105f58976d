/**
 * The single source of truth for D1 tables. `docs/storage.md` maps every table and column.
 * Every row that belongs to an account carries `tenant_id`, and every row of signing data also
 * carries `mode` ("test" | "live"): a test key never reads live data and vice versa.
 * Times are ISO 8601 UTC strings. Secrets (keys, tokens, codes) are stored only as SHA-256 hex.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  DEVICE_PLATFORMS,
  DELIVERY_STATUSES,
  DOCUMENT_STATUSES,
  MEMBER_ROLES,
  LANGUAGES,
  MESSAGE_CHANNELS,
  MESSAGE_PROVIDERS,
  MESSAGE_PURPOSES,
  MESSAGE_STATUSES,
  MODES,
  PAGE_PICTURE_TYPES,
  PACKET_ITEM_STATUSES,
  PACKET_PER,
  PACKET_STATUSES,
  SEALED_FILE_KINDS,
  SEAL_LEVELS,
  SIGNER_AUTH,
  SIGNER_STATUSES,
  SMS_NUMBER_EVENT_KINDS,
  SUBJECT_KINDS,
} from "../domain/vocabulary";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const plans = sqliteTable("plans", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  /** Agreements (documents sent in live mode) included each calendar month; null = unlimited. */
  monthlyAgreements: integer("monthly_agreements"),
  /** Price of one agreement beyond the included ones; null = no overage (402 once spent). */
  overageCents: integer("overage_cents"),
});

export const tenants = sqliteTable("tenants", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  plan: text("plan")
    .notNull()
    .default("free")
    .references(() => plans.code),
  whiteLabel: integer("white_label", { mode: "boolean" }).notNull().default(false),
  /** Cap on overage spending per month, in cents; null = no cap. */
  spendingLimitCents: integer("spending_limit_cents"),
  requireSignerCode: integer("require_signer_code", { mode: "boolean" }).notNull().default(false),
  /** ISO 3166-1 alpha-2 country for phone numbers written without a country code; null = US. */
  defaultCountry: text("default_country"),
  /** JSON string[]: origins allowed to frame the signing page. */
  frameAncestors: text("frame_ancestors").notNull().default("[]"),
  /** Default language of the account's messages and signers (null: English). */
  locale: text("locale", { enum: LANGUAGES }),
  /** Reply-To of the account's emails (null: none). */
  replyTo: text("reply_to"),
  /** Retention (docs/retention.md): days a completed document's personal data is kept after completion; null = forever. */
  retentionCompletedDays: integer("retention_completed_days"),
  /** Days a draft (from creation) or a declined, voided or expired document (from its end) keeps its personal data; null = forever. */
  retentionEndedDays: integer("retention_ended_days"),
  /** Days after completion during which `POST /v1/redactions` keeps a completed document (the legal minimum); 0 = none. */
  retentionMinimumDays: integer("retention_minimum_days").notNull().default(0),
  /** Starts the account's public forms may make per UTC day, all its forms together (docs/workflows.md). */
  publicFormDailyCap: integer("public_form_daily_cap").notNull().default(500),
  /** Cloudflare Turnstile site key: set, the public forms show the widget and their starts need its token; null = none. */
  turnstileSiteKey: text("turnstile_site_key"),
  createdAt: text("created_at").notNull().default(now),
});

/**
 * An account's saved brand (one row once anything of it is saved). It is worn only while the
 * account also has `tenants.white_label`; the pictures live in R2 under `brand/<tenant>/…`.
 */
export const brandings = sqliteTable("brandings", {
  tenantId: text("tenant_id")
    .primaryKey()
    .references(() => tenants.id),
  businessName: text("business_name").notNull(),
  primaryColor: text("primary_color").notNull(),
  accentColor: text("accent_color").notNull(),
  backgroundColor: text("background_color").notNull(),
  textColor: text("text_color").notNull(),
  buttonTextColor: text("button_text_color").notNull(),
  footerText: text("footer_text").notNull().default(""),
  /** Lower-case host name signing links use; null = the service's own host. Unique across accounts. */
  signingHost: text("signing_host").unique(),
  /** When each picture was stored (null = none); also its cache-busting version. */
  logoUpdatedAt: text("logo_updated_at"),
  logoDarkUpdatedAt: text("logo_dark_updated_at"),
  openingUpdatedAt: text("opening_updated_at"),
  updatedAt: text("updated_at").notNull().default(now),
});

/** Agreements counted per account and calendar month (UTC), live mode only. */
export const usage = sqliteTable(
  "usage",
  {
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    period: text("period").notNull(), // YYYY-MM
    agreements: integer("agreements").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.period] })],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    label: text("label").notNull(),
    mode: text("mode", { enum: MODES }).notNull(),
    /** SHA-256 hex of the whole key; the key itself is never stored. */
    keyHash: text("key_hash").notNull().unique(),
    /** First characters of the key (`mk_live_ab12`), to recognise it in lists. */
    keyPrefix: text("key_prefix").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    /** JSON string[] of addresses or CIDR ranges; null = any address. Fixed at issue. */
    allowedIps: text("allowed_ips", { mode: "json" }).$type<string[] | null>(),
    expiresAt: text("expires_at"),
    revokedAt: text("revoked_at"),
    revokeReason: text("revoke_reason"),
    /** Set for a paired device's key: the key acts for that device alone. */
    deviceId: text("device_id"),
    /** Set for an OAuth access token: the connection it was issued to (ending it ends the token). */
    oauthConnectionId: text("oauth_connection_id"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("api_keys_tenant").on(t.tenantId), index("api_keys_oauth_connection").on(t.oauthConnectionId)],
);

export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    /** PBKDF2-SHA256 `pbkdf2$<iterations>$<salt hex>$<hash hex>`; null until a password is set. */
    passwordHash: text("password_hash"),
    createdAt: text("created_at").notNull().default(now),
    /** Failed password sign-ins counted since `failed_since` (a 15-minute window). */
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    failedSince: text("failed_since"),
    /** Password sign-in refused until this time (10 failures in 15 minutes lock it for 15 minutes). */
    lockedUntil: text("locked_until"),
  },
  (t) => [uniqueIndex("members_tenant_email").on(t.tenantId, t.email), index("members_email").on(t.email)],
);

/** Dashboard sessions: the cookie's token is stored only as its SHA-256; idle for 12 hours ends one. */
export const memberSessions = sqliteTable(
  "member_sessions",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id),
    tokenHash: text("token_hash").notNull().unique(),
    /** Which data the dashboard shows: test or live (switchable within the session). */
    mode: text("mode", { enum: MODES }).notNull().default("test"),
    createdAt: text("created_at").notNull().default(now),
    lastSeenAt: text("last_seen_at").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("member_sessions_member").on(t.memberId)],
);

/** One-time sign-in links sent by email: the token only as its SHA-256; 15 minutes, used once. */
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("sign_in_links_member").on(t.memberId, t.createdAt)],
);

/** The account's own audit trail (key issue and revocation, members, settings). Append-only. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").references(() => tenants.id),
    actor: text("actor").notNull(), // "operator", "key:<id>", "member:<id>"
    action: text("action").notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("audit_log_tenant").on(t.tenantId, t.createdAt)],
);

export const oauthClients = sqliteTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  homepage: text("homepage").notNull(),
  redirectUris: text("redirect_uris", { mode: "json" }).$type<string[]>().notNull(),
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  secretHash: text("secret_hash").notNull(),
  createdAt: text("created_at").notNull().default(now),
});

/**
 * A member's agreement that a client acts for the account: (account, client, member), at most one
 * live per triple (agreeing again updates its scopes). Ending it ends its tokens at once.
 */
export const oauthConnections = sqliteTable(
  "oauth_connections",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id),
    /** JSON string[]: the scopes granted at the last agreement (registered ∩ asked ∩ the member's role). */
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull().default(now),
    /** Last token issued or last API call with one of its access tokens (to the minute). */
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
    revokeReason: text("revoke_reason"),
  },
  (t) => [
    uniqueIndex("oauth_connections_live").on(t.tenantId, t.clientId, t.memberId).where(sql`revoked_at is null`),
    index("oauth_connections_tenant").on(t.tenantId, t.createdAt),
  ],
);

/**
 * An authorization request a signed-in member is looking at (the consent page), waiting for the
 * answer. Its random id is the consent form's hidden field: bound to the member, single use, ten
 * minutes. Only the id's SHA-256 is stored.
 */
export const oauthRequests = sqliteTable("oauth_requests", {
  idHash: text("id_hash").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  memberId: text("member_id").notNull(),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  /** JSON string[]: what the client asked for (the grant is narrowed again on agreement). */
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  /** The client's `state`, returned untouched; null when it sent none. */
  state: text("state"),
  codeChallenge: text("code_challenge").notNull(),
  expiresAt: text("expires_at").notNull(),
});

/** Authorization codes: SHA-256 only, 60 seconds, single use (`used_at`). */
export const oauthCodes = sqliteTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  connectionId: text("connection_id").notNull(),
  tenantId: text("tenant_id").notNull(),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
  createdAt: text("created_at").notNull().default(now),
});

/** Refresh tokens: SHA-256 only, single use (`used_at`), each use answered with the next. */
export const oauthRefreshTokens = sqliteTable(
  "oauth_refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    connectionId: text("connection_id").notNull(),
    tenantId: text("tenant_id").notNull(),
    clientId: text("client_id").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    revokedAt: text("revoked_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("oauth_refresh_tokens_connection").on(t.connectionId)],
);

/** Remembered responses of idempotent operations, per account, mode, operation and key; 24 hours. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    tenantId: text("tenant_id").notNull(),
    mode: text("mode").notNull(),
    operation: text("operation").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path and raw body: a different request under the same key is refused. */
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["running", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: text("created_at").notNull().default(now),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.mode, t.operation, t.key] }), index("idempotency_expires").on(t.expiresAt)],
);

/**
 * Messages (email, SMS) about documents. With no provider configured they stay here as the
 * development outbox (`GET /ops/v1/outbox`). `body` never holds a signing token in production.
 */
export const messages = sqliteTable(
  "messages",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
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
};

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
    /** When its personal data was erased (docs/retention.md); never cleared. */
    redactedAt: text("redacted_at"),
  },
  (t) => [
    index("documents_list").on(t.tenantId, t.mode, t.createdAt),
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

export const certificates = sqliteTable("certificates", {
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
});

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

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    mode: text("mode").notNull(),
    url: text("url").notNull(),
    label: text("label").notNull().default(""),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    failures: integer("failures").notNull().default(0),
    pausedAt: text("paused_at"),
    /** AES-GCM ciphertext (base64 iv||ct) of the `whsec_` secret. */
    secretEnc: text("secret_enc").notNull(),
    previousSecretEnc: text("previous_secret_enc"),
    previousValidUntil: text("previous_valid_until"),
    lastDeliveredAt: text("last_delivered_at"),
    createdAt: text("created_at").notNull().default(now),
    deletedAt: text("deleted_at"),
    deleteReason: text("delete_reason"),
  },
  (t) => [
    index("webhook_endpoints_tenant").on(t.tenantId, t.mode),
    // A URL (as normalised by `new URL()`) is live at most once per account and mode.
    uniqueIndex("webhook_endpoints_live_url").on(t.tenantId, t.mode, t.url).where(sql`deleted_at IS NULL`),
  ],
);

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    /** Also the `Service-Event-Id` header: stable across retries, new on replay. */
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id),
    tenantId: text("tenant_id").notNull(),
    event: text("event").notNull(),
    /** The exact JSON body sent. */
    payload: text("payload").notNull(),
    /**
     * queued (due at next_attempt_at), failed (last attempt failed, retry at next_attempt_at),
     * held (endpoint paused or inactive), delivered, dead (retries spent), dropped (pushed out of
     * a full hold; becomes dead, counted in PATCH's `dropped`, when the hold is released).
     */
    status: text("status", { enum: DELIVERY_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: text("next_attempt_at"),
    lastError: text("last_error"),
    responseStatus: integer("response_status"),
    createdAt: text("created_at").notNull().default(now),
    deliveredAt: text("delivered_at"),
    replayOf: text("replay_of"),
    documentId: text("document_id"),
    documentTitle: text("document_title"),
  },
  (t) => [
    index("webhook_deliveries_endpoint").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_due").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_document").on(t.documentId),
    // One endpoint's queue by state: due items, hold size, queued/dead counts, pending replays.
    index("webhook_deliveries_endpoint_status").on(t.endpointId, t.status, t.nextAttemptAt),
    // The cron's 30-day purge walks, by age, only what it may delete: delivered deliveries of no
    // document (a document's go with its redaction), never the kept ones piling up before them.
    index("webhook_deliveries_purge").on(t.createdAt).where(sql`status = 'delivered' AND document_id IS NULL`),
  ],
);

/**
 * Consent to text a number for the account's signing messages, recorded through the API. Every
 * record is kept (the newest counts); input is stored verbatim beside the E.164 form.
 */
export const smsConsents = sqliteTable(
  "sms_consents",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    /** The mode of the key that recorded it (the consent holds for the account in both modes). */
    mode: text("mode").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    phoneAsGiven: text("phone_as_given").notNull(),
    obtainedVia: text("obtained_via").notNull(),
    wording: text("wording").notNull(),
    obtainedAt: text("obtained_at").notNull(),
    /** The API key that recorded it. */
    recordedBy: text("recorded_by").notNull(),
  },
  (t) => [index("sms_consents_phone").on(t.tenantId, t.phone, t.obtainedAt)],
);

/**
 * What a number's owner and the carrier said about it, for every account texting from the
 * service's sender: revoked by a STOP (until the number itself sends START), suppressed when the
 * carrier reports it unreachable or a landline.
 */
export const smsNumbers = sqliteTable("sms_numbers", {
  /** E.164. */
  phone: text("phone").primaryKey(),
  revokedAt: text("revoked_at"),
  /** The word the number sent (STOP, UNSUBSCRIBE, …) and the sender it sent it to. */
  revokedKeyword: text("revoked_keyword"),
  revokedSender: text("revoked_sender"),
  /** The last START/UNSTOP from the number itself. */
  liftedAt: text("lifted_at"),
  suppressedAt: text("suppressed_at"),
  /** The provider's error code (30003, 30005, 30006, 21614). */
  suppressedError: text("suppressed_error"),
  updatedAt: text("updated_at").notNull(),
});

/** Every inbound keyword and status callback that changed (or asked about) a number. Append-only. */
export const smsNumberEvents = sqliteTable(
  "sms_number_events",
  {
    id: text("id").primaryKey(),
    phone: text("phone").notNull(),
    kind: text("kind", { enum: SMS_NUMBER_EVENT_KINDS }).notNull(),
    /** The service's number the text was sent to (or from, for a status callback). */
    sender: text("sender"),
    /** The keyword received or the provider's error code. */
    detail: text("detail"),
    /** The provider's message id (Twilio MessageSid). */
    providerRef: text("provider_ref"),
    occurredAt: text("occurred_at").notNull(),
  },
  (t) => [index("sms_number_events_phone").on(t.phone, t.occurredAt)],
);

/**
 * One-time codes sent to signers. Only a salted SHA-256 of the code is kept. Every code sent is
 * kept (its `created_at` counts toward the 1-a-minute and 5-an-hour limits); the newest one not
 * dead, spent or past `expires_at` is the live one.
 */
export const signerCodes = sqliteTable(
  "signer_codes",
  {
    id: text("id").primaryKey(),
    signerId: text("signer_id")
      .notNull()
      .references(() => signers.id),
    documentId: text("document_id").notNull(),
    tenantId: text("tenant_id").notNull(),
    channel: text("channel", { enum: MESSAGE_CHANNELS }).notNull(),
    /** SHA-256 hex of `<id>:<code>`. */
    codeHash: text("code_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    /** Set when the code was confirmed (spent) or killed by the fifth wrong try. */
    verifiedAt: text("verified_at"),
    deadAt: text("dead_at"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("signer_codes_signer").on(t.signerId, t.createdAt)],
);

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
