/**
 * Every route the spec (interface.md) and the design contract (contract.md) name, and the one
 * list of what is not built yet. test/openapi.test.ts holds the service to both: each route is
 * served (and declared with its scope and idempotency) or named in NOT_BUILT_YET, and nothing in
 * NOT_BUILT_YET answers. README.md's "Not built yet" section mirrors NOT_BUILT_YET (also tested).
 */
import type { Scope } from "../src/domain/vocabulary";

export type Access = Scope | "token" | "anonymous" | "browser" | "oauth client" | "provider" | "operator or session" | "key or oauth token";

export type SpecRoute = {
  /** `METHOD /path`, paths written as in /openapi.json (`{id}`). */
  route: string;
  access: Access;
  /** The operation name of the spec's Idem operations (and the contract's revise). */
  idem?: string;
  /** Declared in /openapi.json (the integrators' routes under /v1, /oauth, /brand). */
  openapi: boolean;
};

const api = (route: string, access: Access, idem?: string): SpecRoute => ({ route, access, idem, openapi: true });
const page = (route: string, access: Access): SpecRoute => ({ route, access, openapi: false });

export const SPEC_ROUTES: SpecRoute[] = [
  // interface.md, Endpoints
  api("GET /v1/account", "signing:read"),
  api("GET /v1/branding", "signing:read"),
  api("POST /v1/sms-consents", "signing:write", "sms_consents.record"),
  api("GET /v1/sms-consents", "signing:read"),
  api("GET /v1/templates", "signing:read"),
  api("POST /v1/templates", "signing:templates", "templates.create"),
  api("POST /v1/templates/publish", "signing:templates"),
  api("GET /v1/templates/{id}/pdf", "signing:read"),
  api("GET /v1/documents", "signing:read"),
  api("GET /v1/documents/{id}", "signing:read"),
  api("POST /v1/documents", "signing:write", "documents.prepare"),
  api("POST /v1/documents/{id}/send", "signing:write", "documents.send"),
  api("POST /v1/documents/{id}/void", "signing:write", "documents.void"),
  api("GET /v1/documents/{id}/certificate", "signing:read"),
  api("GET /v1/documents/{id}/pdf", "signing:read"),
  api("GET /v1/documents/{id}/bundle", "signing:read"),
  api("GET /v1/workflows", "signing:read"),
  api("GET /v1/workflows/{id}/qr", "signing:read"),
  api("POST /v1/workflows/{id}/start", "signing:workflows", "workflows.start"),
  api("POST /v1/devices/pair", "anonymous"),
  api("POST /v1/devices/heartbeat", "signing:device"),
  api("PUT /v1/subjects", "signing:subjects"),
  api("GET /v1/packets/{id}", "signing:read"),
  api("POST /v1/packets/items/{id}/start", "signing:subjects", "packets.start_item"),
  api("GET /v1/webhooks", "signing:webhooks"),
  api("POST /v1/webhooks", "signing:webhooks", "webhooks.add"),
  api("PATCH /v1/webhooks/{id}", "signing:webhooks"),
  api("POST /v1/webhooks/{id}/rotate", "signing:webhooks"),
  api("GET /v1/webhooks/{id}/deliveries", "signing:webhooks"),
  api("POST /v1/webhooks/deliveries/{id}/replay", "signing:webhooks"),
  api("DELETE /v1/webhooks/{id}", "signing:webhooks"),
  api("GET /v1/sign/{token}", "token"),
  api("POST /v1/sign/{token}/access-code", "token"),
  api("POST /v1/sign/{token}/id-check", "token"),
  api("POST /v1/sign/{token}/provider", "token"),
  api("POST /v1/sign/{token}/consent", "token"),
  api("POST /v1/sign/{token}/code", "token"),
  api("POST /v1/sign/{token}/verify", "token"),
  api("POST /v1/sign/{token}/fields", "token"),
  api("POST /v1/sign/{token}", "token"),
  api("POST /v1/sign/{token}/decline", "token"),
  api("POST /v1/sign/{token}/withdraw", "token"),
  api("GET /v1/verify/{code}", "anonymous"),
  page("GET /s/{token}/page", "token"),
  api("GET /oauth/authorize", "browser"),
  api("POST /oauth/token", "oauth client"),
  page("GET /brand/{tenant_id}/logo.png", "anonymous"),
  page("GET /brand/{tenant_id}/logo-dark.png", "anonymous"),
  page("GET /brand/{tenant_id}/opening.jpg", "anonymous"),
  // contract.md
  api("POST /v1/templates/revise", "signing:templates", "templates.revise"),
  api("POST /v1/templates/pdf", "signing:templates"),
  api("PUT /v1/templates/{id}/pages/{n}", "signing:templates"),
  api("PATCH /v1/templates/{id}", "signing:templates"),
  api("POST /v1/workflows", "signing:templates"),
  api("PATCH /v1/workflows/{id}", "signing:templates"),
  api("GET /v1/workflows/{id}", "signing:read"),
  api("POST /v1/devices/pairing-codes", "signing:workflows"),
  api("GET /v1/devices", "signing:read"),
  api("POST /v1/devices/{id}/stop", "signing:workflows"),
  api("POST /v1/webhooks/{id}/ping", "signing:webhooks"),
  api("POST /v1/documents/{id}/signers/{signer_id}/link", "signing:write", "documents.fresh_link"),
  api("POST /v1/documents/{id}/signers/{signer_id}/remind", "signing:write"),
  page("PUT /v1/branding", "operator or session"),
  page("PUT /v1/branding/logo", "operator or session"),
  page("PUT /v1/branding/logo-dark", "operator or session"),
  page("PUT /v1/branding/opening", "operator or session"),
  page("POST /hooks/sms/twilio", "provider"),
  page("POST /hooks/sms/twilio/status", "provider"),
  page("POST /hooks/identity/stripe", "provider"),
  page("GET /f/{public_slug}", "anonymous"),
  page("GET /t", "browser"),
  page("GET /app", "browser"),
  // contract.md, "Fields that think": uploads from signers
  api("POST /v1/sign/{token}/files/{key}", "token"),
  api("GET /v1/documents/{id}/files/{key}", "signing:read"),
  // contract.md, "Roles, groups, corrections and envelopes"
  api("POST /v1/sign/{token}/approve", "token"),
  api("POST /v1/sign/{token}/acknowledge", "token"),
  // contract.md, "Roles, groups, corrections and envelopes": delegation and correction
  api("POST /v1/sign/{token}/delegate", "token"),
  api("PATCH /v1/documents/{id}/signers/{signer_id}", "signing:write", "documents.correct_signer"),
  // contract.md, "Roles, groups, corrections and envelopes": envelopes
  api("POST /v1/envelopes", "signing:write", "envelopes.create"),
  api("GET /v1/envelopes/{id}", "signing:read"),
  api("POST /v1/envelopes/{id}/void", "signing:write"),
  api("GET /v1/envelopes/{id}/certificate", "signing:read"),
  api("GET /v1/envelopes/{id}/pdf", "signing:read"),
  // contract.md, "Fields from the document, and bulk sending": bulk sends
  api("POST /v1/bulk-sends", "signing:write", "bulk_sends.create"),
  api("GET /v1/bulk-sends/{id}", "signing:read"),
  // contract.md, "Transparency log of certificates"
  api("GET /log/v1/{log}/key", "anonymous"),
  api("GET /log/v1/{log}/sth", "anonymous"),
  api("GET /log/v1/{log}/proof/inclusion", "anonymous"),
  api("GET /log/v1/{log}/proof/consistency", "anonymous"),
  api("GET /log/v1/{log}/entries", "anonymous"),
  // contract.md, "Agents and embedding": embedded editing
  api("POST /v1/embed-sessions", "signing:write"),
  page("GET /embed/{token}", "token"),
  // contract.md, "Agents and embedding"
  api("POST /oauth/register", "anonymous"),
  api("GET /.well-known/oauth-protected-resource", "anonymous"),
  page("POST /mcp", "key or oauth token"),
  page("GET /llms.txt", "anonymous"),
  page("GET /docs/{name}.md", "anonymous"),
  // The signer's and the verifier's pages, built.
  page("GET /s/{token}", "token"),
  page("GET /verify/{code}", "anonymous"),
];

/**
 * What the spec and the contract describe and the service does not do yet: the single list.
 * README.md's "Not built yet" section names each `capability` (test/openapi.test.ts checks it).
 */
export const NOT_BUILT_YET: { capability: string; routes: string[] }[] = [{ capability: "Business dashboard", routes: [] }];

/** Fields the spec names that the service answers but never fills yet (always null). */
export const RESERVED_FIELDS = [] as const;

/**
 * Routes beyond the spec and the contract (extensions): each is declared in /openapi.json with
 * its scope and Idem name, says "extension" in its description, and is named in CHANGELOG.md
 * and its docs page (test/openapi.test.ts checks all four).
 */
export const EXTENSIONS: (SpecRoute & { docs: string })[] = [
  { ...api("POST /v1/documents/{id}/redact", "signing:write", "documents.redact"), docs: "docs/retention.md" },
  { ...api("POST /v1/redactions", "signing:write", "redactions.create"), docs: "docs/retention.md" },
];

export const notBuilt = (route: string) => NOT_BUILT_YET.some((c) => c.routes.includes(route));
