/**
 * Every closed list of values the service speaks, in one place. The drizzle schema, the zod input
 * schemas, the OpenAPI description and the domain rules all import from here: a value is added
 * once and shows up everywhere.
 */

export const MODES = ["test", "live"] as const;
export type Mode = (typeof MODES)[number];

/** API key scopes (the spec's table). There is no all-access scope. */
export const SCOPES = [
  "signing:read",
  "signing:write",
  "signing:templates",
  "signing:workflows",
  "signing:subjects",
  "signing:webhooks",
  "signing:device",
] as const;
export type Scope = (typeof SCOPES)[number];

export const MEMBER_ROLES = ["owner", "admin", "member", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * What each member role can do through the API, as scopes: an OAuth grant is narrowed to the
 * agreeing member's role (owner/admin manage webhooks too; member works with templates, documents,
 * workflows and subjects; viewer reads). `signing:device` belongs to paired tablets alone and is
 * never granted through OAuth.
 */
export const ROLE_SCOPES: Record<MemberRole, readonly Scope[]> = {
  owner: ["signing:read", "signing:write", "signing:templates", "signing:workflows", "signing:subjects", "signing:webhooks"],
  admin: ["signing:read", "signing:write", "signing:templates", "signing:workflows", "signing:subjects", "signing:webhooks"],
  member: ["signing:read", "signing:write", "signing:templates", "signing:workflows", "signing:subjects"],
  viewer: ["signing:read"],
};

/** OAuth errors of the authorization and token endpoints (RFC 6749 §4.1.2.1 and §5.2). */
export const OAUTH_ERRORS = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "unsupported_response_type",
  "invalid_scope",
  "access_denied",
  "server_error",
  // RFC 7591 §3.2.2: dynamic client registration (POST /oauth/register).
  "invalid_redirect_uri",
  "invalid_client_metadata",
] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];

export const TEMPLATE_KINDS = ["nda", "waiver", "contract", "consent", "policy", "other"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const TEMPLATE_FIELD_KINDS = [
  "text",
  "textarea",
  "email",
  "phone",
  "number",
  "date",
  "checkbox",
  "select",
  "initials",
  "signature",
  "radio",
  "checkboxes",
  "label",
  "image",
  "stamp",
  "file",
  "formula",
  "date_signed",
  "signer_name",
  "signer_email",
] as const;
export type TemplateFieldKind = (typeof TEMPLATE_FIELD_KINDS)[number];

/** What a signer may upload to an `image`/`stamp` field (the pictures) and a `file` field (all three), judged by the bytes. */
export const SIGNER_FILE_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;
export type SignerFileType = (typeof SIGNER_FILE_TYPES)[number];
/** The file name extension of each (downloads, the sealed PDF's attachments). */
export const SIGNER_FILE_EXTENSIONS: Record<SignerFileType, string> = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" };

export const DOCUMENT_STATUSES = ["draft", "sent", "completed", "declined", "voided", "expired"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** The list filter also takes `open`: draft and sent. */
export const DOCUMENT_STATUS_FILTERS = [...DOCUMENT_STATUSES, "open"] as const;

export const SIGNER_STATUSES = ["pending", "signed", "declined"] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

export const SIGNER_AUTH = ["none", "email_otp", "sms_otp", "access_code", "id_check"] as const;
export type SignerAuth = (typeof SIGNER_AUTH)[number];

export const SIGNATURE_METHODS = ["typed", "drawn", "clicked", "uploaded"] as const;
/** A document's signature level: `ses` sealed evidence; `aes`/`qes` each signer's own certificate at a CSC trust service provider. */
export const SIGNATURE_LEVELS = ["ses", "aes", "qes"] as const;
export type SignatureLevel = (typeof SIGNATURE_LEVELS)[number];
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

/** Kinds of entries in a document's own trail. */
export const TRAIL_KINDS = [
  "created",
  "sent",
  "delivered",
  "viewed",
  "consented",
  "verified",
  "signed",
  "completed",
  "declined",
  "voided",
  "expired",
  "reminded",
  "redacted",
  "approved",
  "acknowledged",
  "delegated",
  "corrected",
  "access_code_passed",
  "access_code_failed",
  "id_check_started",
  "id_check_passed",
  "id_check_failed",
  "disclosure_accepted",
  "consent_withdrawn",
] as const;
export type TrailKind = (typeof TRAIL_KINDS)[number];

/** Events a webhook endpoint may subscribe to (`*` means all of them). */
export const WEBHOOK_EVENTS = [
  "signing.created",
  "signing.sent",
  "signing.delivered",
  "signing.viewed",
  "signing.consented",
  "signing.signed",
  "signing.completed",
  "signing.declined",
  "signing.voided",
  "signing.expired",
  "signing.reminded",
  "signing.redacted",
  "signing.approved",
  "signing.acknowledged",
  "signing.delegated",
  "signing.corrected",
  "packet.ready",
  "packet.blocked",
  "envelope.completed",
  "bulk_send.completed",
  "signing.ping",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * queued (due at next_attempt_at), failed (last attempt failed, retry at next_attempt_at),
 * held (endpoint paused or inactive), delivered, dead (retries spent), dropped (pushed out of
 * a full hold; becomes dead, counted in PATCH's `dropped`, when the hold is released).
 */
export const DELIVERY_STATUSES = ["queued", "held", "delivered", "failed", "dead", "dropped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/**
 * queued (waiting for its next attempt at next_attempt_at) → sent (the provider accepted it) |
 * failed (refused for good, or retries spent; last_error says why) | suppressed (never sent: a text
 * to a number without live consent; no provider was called). `delivered` is reserved for a
 * provider's delivery receipt and not written today.
 */
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "suppressed", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** What a message is for; the wording of each is in src/domain/message-wording.ts. */
/** `dashboard.sign_in`: a member's one-time sign-in link to the dashboard (no document). */
/** `account.sign_up`: a sign-up's check link; `account.sign_up_known`: the same request for an address already a member. */
/** `signing.delegated`: the link of a delegate, naming the signer who passed the request on. */
/** `member.invitation`: an invitation to join an account, with its single-use link (7 days). */
export const MESSAGE_PURPOSES = [
  "signing.link",
  "signing.reminder",
  "signing.delegated",
  "signing.code",
  "signing.completed",
  "dashboard.sign_in",
  "account.sign_up",
  "account.sign_up_known",
  "member.invitation",
] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];
/**
 * The languages the pages and messages speak: the spec's four (en, es, fr, de) and Portuguese,
 * Italian, Arabic and Hebrew. A signer's and an account's `locale` is one of them; pages are also
 * reached in any of them through Accept-Language and the switcher (docs/pages.md "Languages").
 */
export const LANGUAGES = [
  "en",
  "es",
  "fr",
  "de",
  "pt",
  "it",
  "ar",
  "he",
  "nl",
  "pl",
  "uk",
  "cs",
  "sk",
  "ro",
  "hu",
  "sv",
  "da",
  "fi",
  "nb",
  "el",
  "tr",
  "ja",
  "zh-Hans",
  "ko",
] as const;
/** The one language type of the service (src/i18n/ re-exports it). */
export type Lang = (typeof LANGUAGES)[number];
/** Languages written right to left: pages get `dir="rtl"`. */
export const RTL_LANGUAGES: readonly Lang[] = ["ar", "he"];
/** Who carries a message: the outbox (D1 only, the default) or a provider's HTTP API. */
export const EMAIL_PROVIDERS = ["outbox", "resend", "postmark"] as const;
export const SMS_PROVIDERS = ["outbox", "twilio"] as const;
export const MESSAGE_PROVIDERS = ["outbox", "resend", "postmark", "twilio"] as const;
export type MessageProvider = (typeof MESSAGE_PROVIDERS)[number];

export const SEALED_FILE_KINDS = ["pdf", "bundle"] as const;
/** PAdES baseline levels of a sealed file (ETSI EN 319 142-1): timestamped, with validation data, archived. */
export const SEAL_LEVELS = ["B-T", "B-LT", "B-LTA"] as const;
export type SealLevel = (typeof SEAL_LEVELS)[number];

/** The purposes text consent covers; no other purpose exists. */
export const SMS_CONSENT_PURPOSES = ["signing.link", "signing.reminder", "signing.completed"] as const;
/** Why a number may not be texted: replied STOP, unreachable or a landline, no consent on record. */
export const SMS_WHY_NOT = ["revoked", "suppressed", "no_consent"] as const;
export type SmsWhyNot = (typeof SMS_WHY_NOT)[number];
/** What happened to a number: a STOP word, a START word, a HELP word, a carrier's error. */
export const SMS_NUMBER_EVENT_KINDS = ["revoked", "lifted", "help", "suppressed"] as const;
/** Subjects (reservations or activities) and how a workflow makes packet items about them. */
export const SUBJECT_KINDS = ["reservation", "activity"] as const;
export const PACKET_PER = ["participant", "subject"] as const;
export const PACKET_MINORS = ["guardian", "skip"] as const;
/** A packet's state: `ready` once every required item is completed, `blocked` while a required item is declined. */
export const PACKET_STATUSES = ["open", "ready", "blocked"] as const;
export type PacketStatus = (typeof PACKET_STATUSES)[number];
/** A packet item's state: never sent, or the state of the document it started last. */
export const PACKET_ITEM_STATUSES = ["not_started", "sent", "completed", "declined", "voided", "expired"] as const;
export type PacketItemStatus = (typeof PACKET_ITEM_STATUSES)[number];
/** What a paired tablet says it runs on (`POST /v1/devices/pair`). */
export const DEVICE_PLATFORMS = ["ios", "android", "other"] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** Picture formats a PDF template's page pictures are uploaded in. */
export const PAGE_PICTURE_TYPES = ["image/png", "image/jpeg"] as const;

/** A bulk send: queued (created, nothing sent yet) → running → done (every row sent or failed). */
export const BULK_SEND_STATES = ["queued", "running", "done"] as const;
export type BulkSendState = (typeof BULK_SEND_STATES)[number];
/** One row of a bulk send: queued → sent (its document sent) | failed (`error` says why). */
export const BULK_ROW_STATUSES = ["queued", "sent", "failed"] as const;
export type BulkRowStatus = (typeof BULK_ROW_STATUSES)[number];
