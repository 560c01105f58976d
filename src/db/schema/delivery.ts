/** Delivery: webhook endpoints and deliveries, SMS consents, numbers and their events, signer codes. (src/db/schema.ts re-exports every table.) */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DELIVERY_STATUSES, MESSAGE_CHANNELS, SMS_NUMBER_EVENT_KINDS } from "../../domain/vocabulary";
import { now } from "./common";
import { tenants } from "./accounts";
import { signers } from "./documents";

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

/** Identity provider webhook events already processed (a replayed event id changes nothing; src/routes/identity-hooks.ts). */
export const identityEvents = sqliteTable("identity_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  tenantId: text("tenant_id").notNull(),
  signerId: text("signer_id").notNull(),
  receivedAt: text("received_at").notNull(),
});
