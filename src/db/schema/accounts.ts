/** Accounts: plans, tenants and their brand, usage, API keys, members and their sessions, sign-in links, the audit log, idempotency keys. (src/db/schema.ts re-exports every table.) */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MEMBER_ROLES, LANGUAGES, MODES } from "../../domain/vocabulary";
import { now } from "./common";

/** An account's consumer disclosure as stored (src/domain/consumer-disclosure.ts checks it). */
export type ConsumerDisclosure = { text: string; withdraw_instructions: string; paper_copy: { how: string; cost: string } };

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
  /** 21 CFR Part 11 (docs/identity.md "Part 11"): every signer re-authenticates with a reason; staff act only through a member's own sign-in. */
  part11: integer("part11", { mode: "boolean" }).notNull().default(false),
  /** The consumer disclosure (ESIGN) every signer accepts before consent; null = none (src/domain/consumer-disclosure.ts). */
  consumerDisclosure: text("consumer_disclosure", { mode: "json" }).$type<ConsumerDisclosure>(),
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
    /** Set when an owner or admin removed the member: the row stays for what references it; they are gone everywhere else. */
    removedAt: text("removed_at"),
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

/**
 * Sign-ups waiting for their emailed check (`SIGNUP=open`, docs/sign-up.md): nothing of the
 * account exists until the link is followed. The token only as its SHA-256, the password only as
 * its PBKDF2 hash; 24 hours, used once.
 */
export const signUps = sqliteTable(
  "sign_ups",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    businessName: text("business_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** The language of the page it was asked from: the new account's. */
    locale: text("locale", { enum: LANGUAGES }).notNull().default("en"),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    /** The account the followed link created. */
    tenantId: text("tenant_id"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("sign_ups_expiry").on(t.expiresAt)],
);

/**
 * Invitations to join an account, sent by email by an owner or admin: the token only as its
 * SHA-256; 7 days, used once (the invitee sets their name and password and becomes a member with
 * `role`); revocable while pending.
 */
export const memberInvitations = sqliteTable(
  "member_invitations",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    email: text("email").notNull(),
    role: text("role", { enum: MEMBER_ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The member who sent it (`member:<id>` in the audit trail). */
    invitedBy: text("invited_by").notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    revokedAt: text("revoked_at"),
    /** The member the accepted invitation made. */
    memberId: text("member_id"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    index("member_invitations_tenant").on(t.tenantId, t.createdAt),
    // The cron's purge of links that ended unused (src/domain/invitations.ts).
    index("member_invitations_unused").on(t.expiresAt).where(sql`used_at IS NULL`),
  ],
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
