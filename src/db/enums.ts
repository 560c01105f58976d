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
] as const;
export type OAuthError = (typeof OAUTH_ERRORS)[number];

export const TEMPLATE_KINDS = ["nda", "waiver", "contract", "consent", "policy", "other"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const TEMPLATE_FIELD_KINDS = ["text", "textarea", "email", "phone", "number", "date", "checkbox", "select", "initials", "signature"] as const;
export type TemplateFieldKind = (typeof TEMPLATE_FIELD_KINDS)[number];

export const DOCUMENT_STATUSES = ["draft", "sent", "completed", "declined", "voided", "expired"] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** The list filter also takes `open`: draft and sent. */
export const DOCUMENT_STATUS_FILTERS = [...DOCUMENT_STATUSES, "open"] as const;

export const SIGNER_STATUSES = ["pending", "signed", "declined"] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];

export const SIGNER_AUTH = ["none", "email_otp", "sms_otp"] as const;
export type SignerAuth = (typeof SIGNER_AUTH)[number];

export const SIGNATURE_METHODS = ["typed", "drawn", "clicked", "uploaded"] as const;
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
  "packet.ready",
  "packet.blocked",
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
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "suppressed", "failed"] as const;

export const SEALED_FILE_KINDS = ["pdf", "bundle"] as const;
