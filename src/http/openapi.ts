/**
 * The parts of /openapi.json that are the same for every operation, declared once: the response
 * headers every response carries (x-request-id; the X-RateLimit trio and Retry-After on rate-limited
 * operations; Idempotency-Replayed on idempotent ones), one named error schema per status, the
 * security schemes (API keys, OAuth 2.0 authorization code with PKCE, signing tokens), the tags,
 * the servers, and the `webhooks` object: every event the service delivers, its payload and its
 * headers. Only the description changes here: no route's behaviour does.
 */
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { DOCUMENT_STATUSES, SIGNER_STATUSES, WEBHOOK_EVENTS, type Scope, type WebhookEvent } from "../domain/vocabulary";
import { publicBaseUrl } from "../lib/config";
import { ATTEMPT_TIMEOUT_MS, PAUSE_AFTER_FAILURES, RETRY_LADDER_SECONDS, USER_AGENT } from "../domain/webhook-attempts";
import { ERROR_SCHEMAS, ErrorSchema } from "./router";

type App = OpenAPIHono<AppEnv>;
type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> };
type Route = {
  method: string;
  path: string;
  security?: unknown[];
  description?: string;
  responses: Record<string, Response>;
  [k: string]: unknown;
};

const header = (description: string, schema: Record<string, unknown>) => ({ description, schema });

/** components/headers: named once, referenced by every response. */
export const HEADERS = {
  RequestId: header("This request's id, on every response (errors, 404 and 405 included): quote it when reporting a problem.", {
    type: "string",
    example: "3f0c1a9e-54b2-4c8e-9d2e-6b1f0a7c2d11",
  }),
  RateLimitLimit: header("Requests allowed in the current one-minute window for this key, signing link or address.", { type: "integer", example: 300 }),
  RateLimitRemaining: header("Requests left in the current window.", { type: "integer", example: 299 }),
  RateLimitReset: header("When the current window ends, in Unix seconds.", { type: "integer", example: 1795430460 }),
  RetryAfter: header("Seconds to wait before trying again.", { type: "integer", example: 12 }),
  Allow: header("The methods this path takes (HEAD wherever GET is).", { type: "string", example: "GET, POST, HEAD" }),
  IdempotencyReplayed: header(
    "`true` when this answer is the stored answer to an earlier request with the same Idempotency-Key and body: the work was not done again.",
    { type: "string", enum: ["true"] },
  ),
} as const;

const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** What each scope lets a key (or an OAuth access token) do. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "signing:read": "Read the account, templates, documents, their certificates and sealed files, workflows, devices and branding.",
  "signing:write": "Prepare, send and void documents, make fresh signing links and reminders, record SMS consent.",
  "signing:templates": "Create, revise and publish templates.",
  "signing:workflows": "Create, edit and start workflows.",
  "signing:subjects": "Manage the subjects (reservations, activities) packets are signed for.",
  "signing:webhooks": "Add, change, rotate, remove and replay webhook endpoints and their deliveries.",
  "signing:device": "A paired tablet's key: heartbeat and the kiosk's own calls.",
};

export const TAGS: { name: string; description: string }[] = [
  { name: "account", description: "The account the key belongs to: name, mode, plan and what is left of it." },
  { name: "templates", description: "Reusable documents with variables and fields; a document is prepared from a published version." },
  { name: "documents", description: "Prepare a document from a template, send it to its signers, follow it, void it; fresh links and reminders." },
  { name: "envelopes", description: "Several documents prepared and sent together to the same people, one link per person; follow or void them as one." },
  { name: "bulk-sends", description: "One template or workflow sent to up to 1,000 people, one document each, in the background; follow each row's outcome." },
  { name: "signing", description: "The signer's side, authorised by the signing token in the path: read, consent, fill, sign or decline." },
  { name: "evidence", description: "The sealed PDF, the evidence bundle, the certificate of completion, and public verification." },
  { name: "webhooks", description: "Endpoints that receive the account's events, signed with Service-Signature; deliveries, retries and replays." },
  { name: "workflows", description: "Ready-made sending: roles, order, expiry and reminders, started by API, by QR code or by a public form." },
  { name: "subjects", description: "Reservations and activities with their guest lists; each has a packet of the documents it needs and whether it is ready." },
  { name: "oauth", description: "OAuth 2.0 authorization code with PKCE for partner apps acting on an account." },
  { name: "sms", description: "Consent to be texted, per phone number, as SMS rules require before any signing message goes by SMS." },
  { name: "devices", description: "Tablets in kiosk mode: pairing codes, pairing, heartbeats, listing and stopping." },
  { name: "branding", description: "The account's colours, logo, wording and signing host on the signer's pages and messages." },
  { name: "embedding", description: "One-use links that open the placement editor or the send step of one template or document inside a partner's page." },
  {
    name: "transparency-log",
    description:
      "The public append-only Merkle log (RFC 9162) of every certificate issued, live and test apart: signed tree heads, inclusion and consistency proofs, and the leaves, which name no one.",
  },
];

/**
 * The 405 every operation may give: the app's not-found handler answers it for any method a
 * described path does not take (src/groups/group.ts), before any route's middleware, so it carries
 * `x-request-id` and `Allow` but never the rate-limit headers.
 */
/** A write while the operator moves its account to another database (`SHARDS` above 1; docs/scale.md). */
const MOVING: Response = {
  description:
    "The account is moving to another database (a deployment with several; the switch takes seconds): nothing was done. Send the same request again after `Retry-After` seconds.",
  headers: { "Retry-After": ref("RetryAfter") },
  content: { "application/json": { schema: ERROR_SCHEMAS[503] } },
};

const METHOD_NOT_ALLOWED: Response = {
  description: "The path exists, but not under this method: `Allow` lists the methods it takes.",
  headers: { Allow: ref("Allow") },
  content: { "application/json": { schema: ERROR_SCHEMAS[405] } },
};

const SIGNING_TOKEN_NOTE =
  "Authorised by the signing token in the path (`{token}`, from the signing link the signer received): it is the signer's credential, valid until the document ends or a fresh link replaces it. No API key.";
const PUBLIC_NOTE = "Public: no key.";

function withDescriptionNote(route: Route, note: string): void {
  route.description = route.description ? `${route.description}\n\n${note}` : note;
}

/**
 * Rewrites the registered routes' declarations (copies, never the shared response objects) and
 * registers the shared components and the webhooks. Call once, after every documented router is
 * mounted and before the description is served.
 */
export function describeApi(app: App): void {
  const registry = app.openAPIRegistry;
  for (const [name, h] of Object.entries(HEADERS)) registry.registerComponent("headers", name, h);
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "mk_live_… or mk_test_…",
    description:
      "An API key (`Authorization: Bearer mk_live_…` or `mk_test_…`), or an OAuth access token issued to a partner app: both carry scopes, the operation's `x-scope` names the one it needs.",
  });
  registry.registerComponent("securitySchemes", "oauth2", {
    type: "oauth2",
    description:
      "Authorization code with PKCE (S256 only; RFC 7636) for partner apps. The access token is then sent like an API key: `Authorization: Bearer …`. Metadata: /.well-known/oauth-authorization-server.",
    flows: {
      authorizationCode: {
        authorizationUrl: "/oauth/authorize",
        tokenUrl: "/oauth/token",
        refreshUrl: "/oauth/token",
        scopes: SCOPE_DESCRIPTIONS,
      },
    },
  });

  for (const def of registry.definitions) {
    if (def.type !== "route") continue;
    const route = def.route as unknown as Route;
    const scope = route["x-scope"] as Scope | undefined;
    if (scope) route.security = [{ apiKey: [] }, { oauth2: [scope] }];
    else if (route.path.includes("{token}")) {
      route.security = [];
      withDescriptionNote(route, SIGNING_TOKEN_NOTE);
    } else if (!route.security) {
      route.security = [];
      withDescriptionNote(route, PUBLIC_NOTE);
    }
    const limited = "429" in route.responses;
    const idempotent = "x-idempotency-operation" in route;
    const responses: Record<string, Response> = {};
    // The OAuth endpoints name no account a move holds (src/http/shard.ts); their errors are RFC 6749's.
    const writes = route.method !== "get" && route.method !== "head" && !route.path.startsWith("/oauth/");
    for (const [status, response] of Object.entries({ ...route.responses, 405: METHOD_NOT_ALLOWED, ...(writes ? { 503: MOVING } : {}) })) {
      const code = Number(status);
      const headers: Record<string, unknown> = { ...response.headers, "x-request-id": ref("RequestId") };
      if (limited && code !== 405) {
        headers["X-RateLimit-Limit"] = ref("RateLimitLimit");
        headers["X-RateLimit-Remaining"] = ref("RateLimitRemaining");
        headers["X-RateLimit-Reset"] = ref("RateLimitReset");
      }
      if (code === 429) headers["Retry-After"] = ref("RetryAfter");
      if (idempotent && code >= 200 && code < 300) headers["Idempotency-Replayed"] = ref("IdempotencyReplayed");
      let content = response.content;
      const json = content?.["application/json"];
      if (code >= 400 && json && (json.schema === ErrorSchema || !json.schema || isErrorEnvelope(json.schema))) {
        const named = ERROR_SCHEMAS[code as keyof typeof ERROR_SCHEMAS];
        if (named) content = { ...content, "application/json": { ...json, schema: named } };
      }
      responses[status] = { ...response, headers, ...(content ? { content } : {}) };
    }
    route.responses = responses;
  }

  for (const event of WEBHOOK_EVENTS) registry.registerWebhook(webhookOf(event) as never);
}

/** An inline `{error: {...}}` zod object declared by a route: replaced by the status's named schema. */
function isErrorEnvelope(schema: unknown): boolean {
  const shape = (schema as { shape?: Record<string, unknown> })?.shape;
  return !!shape && Object.keys(shape).length === 1 && "error" in shape;
}

/** The description's top level: servers and tags (the paths, components and webhooks come from the registry). */
export function documentConfig(c: Context<AppEnv>) {
  let origin: string;
  try {
    origin = publicBaseUrl(c.env);
  } catch {
    origin = new URL(c.req.url).origin;
  }
  return {
    openapi: "3.1.0" as const,
    info: {
      title: "Document Signing Service",
      version: "1.0.0",
      summary: "Electronic signatures: templates, documents, signing, sealed evidence, webhooks.",
      description:
        "Every error is `{error: {code, message, hint?}}` with the status its code names; every response carries `x-request-id`. Operations marked with `Idempotency-Key` replay their first answer for 24 hours. Keys are per mode: `mk_test_…` keys see only test documents, `mk_live_…` keys only live ones.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: origin, description: "This service" }],
    tags: TAGS,
  };
}

// ---- webhooks ---------------------------------------------------------------------------------

const DocumentPart = z
  .object({
    id: z.string().openapi({ example: "doc_01jd3k4m5n6p7q8r9s0t" }),
    title: z.string().openapi({ example: "Mutual NDA: Acme and Globex" }),
    status: z.enum(DOCUMENT_STATUSES),
    body_sha256: z.string().openapi({ description: "SHA-256 (hex) of the document's text as sent." }),
    completed_at: z.string().nullable().openapi({ description: "ISO 8601; null until every signer has signed." }),
    metadata: z
      .record(z.string(), z.string())
      .openapi({ description: "The document's metadata, and `external_ref` when the document has one.", example: { external_ref: "crm-4411" } }),
  })
  .openapi("WebhookDocument");

const SignerPart = z
  .object({
    email: z.string().openapi({ example: "ana@example.com" }),
    full_name: z.string().openapi({ example: "Ana Ruiz" }),
    status: z.enum(SIGNER_STATUSES),
  })
  .nullable()
  .openapi("WebhookSigner", { description: "The signer the event is about; null for events about the whole document." });

const DocumentEvent = z
  .object({
    event: z.enum(WEBHOOK_EVENTS.filter((e) => e.startsWith("signing.") && e !== "signing.ping") as [WebhookEvent, ...WebhookEvent[]]),
    occurred_at: z.string().openapi({ description: "ISO 8601, when it happened (not when it was delivered).", example: "2026-11-23T18:00:00.000Z" }),
    document: DocumentPart,
    signer: SignerPart,
    reason: z.string().optional().openapi({ description: "Only on signing.declined, signing.voided and signing.redacted: the reason given." }),
    redacted_at: z.string().optional().openapi({ description: "Only on signing.redacted: when the personal data was erased (docs/retention.md)." }),
  })
  .openapi("DocumentEvent");

const PingEvent = z
  .object({
    event: z.literal("signing.ping"),
    occurred_at: z.string().openapi({ example: "2026-11-23T18:00:00.000Z" }),
    endpoint: z.object({ id: z.string().openapi({ example: "whe_01jd3k4m5n6p7q8r9s0t" }), label: z.string().nullable() }),
  })
  .openapi("PingEvent");

const PacketEvent = z
  .object({
    event: z.enum(["packet.ready", "packet.blocked"]),
    occurred_at: z.string().openapi({ example: "2026-11-23T18:00:00.000Z" }),
    packet_id: z.string().openapi({ example: "pkt_01jd3k4m5n6p7q8r9s0t" }),
    code: z.string().openapi({ description: "The packet's short code.", example: "PK-7K2M-9QXD" }),
    subject: z.object({
      kind: z.enum(["reservation", "activity"]),
      external_id: z.string().openapi({ example: "RES-1042" }),
      label: z.string().openapi({ example: "Canyon run, Saturday" }),
    }),
    readiness: z.object({
      required: z.number().int(),
      completed: z.number().int(),
      outstanding: z.number().int(),
      blocked: z.number().int(),
    }),
  })
  .openapi("PacketEvent", {
    description:
      "Sent once when a packet moves into `ready` (every required item completed) or `blocked` (a required item declined), by the same transaction that moved it; `readiness` is as committed then.",
  });

const EnvelopeEvent = z
  .object({
    event: z.literal("envelope.completed"),
    occurred_at: z.string().openapi({ example: "2026-11-23T18:00:00.000Z" }),
    envelope_id: z.string().openapi({ example: "env_4m8q2x6k1b9n3p7r5t0v" }),
    title: z.string().openapi({ example: "Onboarding: Ana Ruiz" }),
    status: z.literal("completed"),
    verification_code: z.string().openapi({ description: "The envelope certificate's own code.", example: "9R4T2M8X6K1B3N7Q" }),
    documents: z
      .array(z.object({ document_id: z.string() }))
      .openapi({ description: "In the envelope's order; each also delivered its own `signing.completed`." }),
    completed_at: z.string().openapi({ example: "2026-11-23T18:00:00.000Z" }),
  })
  .openapi("EnvelopeEvent", {
    description:
      "Sent exactly once per envelope, by the same transaction that marks it completed and issues its certificate (after each of its documents' own `signing.completed`).",
  });

const BulkSendEvent = z
  .object({
    event: z.literal("bulk_send.completed"),
    occurred_at: z.string().openapi({ example: "2026-11-23T18:00:00.000Z" }),
    bulk_send_id: z.string().openapi({ example: "bs_4m8q2x6k1b9n3p7r5t0v" }),
    total: z.number().int().openapi({ example: 1000 }),
    sent: z.number().int().openapi({ example: 997 }),
    failed: z.number().int().openapi({ example: 3 }),
  })
  .openapi("BulkSendEvent", {
    description:
      "Sent exactly once per bulk send, by the same write that marks it `done` (every row sent or failed; GET /v1/bulk-sends/{id} lists why each failed row failed).",
  });

const EVENT_TEXT: Record<WebhookEvent, string> = {
  "signing.created": "A document was prepared (draft).",
  "signing.sent": "A document was sent to its signers.",
  "signing.delivered": "A signer's signing message was delivered by the email or SMS provider.",
  "signing.viewed": "A signer opened the signing page.",
  "signing.consented": "A signer consented to sign electronically.",
  "signing.signed": "A signer signed.",
  "signing.completed": "Every signer signed: the document is sealed and its files can be downloaded. `signer` is the one whose signature completed it.",
  "signing.declined": "A signer declined; the document ends. `reason` holds the signer's reason.",
  "signing.voided": "The sender voided the document. `reason` holds the reason given.",
  "signing.expired": "The document reached its expiry unsigned.",
  "signing.reminded": "A signer was reminded.",
  "signing.approved": "An approver approved (the payload's signer; the note is in the document's trail).",
  "signing.acknowledged": "A viewer acknowledged the document.",
  "signing.delegated": "A signer passed their part to someone else; the payload's signer is the one who delegated, the trail's detail names the delegate.",
  "signing.corrected": "The sender corrected a pending signer's email, name or phone; their earlier link ended.",
  "signing.redacted":
    "The document's personal data was erased (POST /v1/documents/{id}/redact, POST /v1/redactions or the account's retention policy; an extension, docs/retention.md). `reason` says why; `metadata` is empty; the earlier deliveries' stored copies keep only the event and the document id.",
  "packet.ready": "Every required document of a subject's packet is completed (sent when the packet becomes ready).",
  "packet.blocked":
    "A required document of a subject's packet was declined (sent when the packet becomes blocked; it is open again once that item is started anew).",
  "envelope.completed":
    "Every document of an envelope completed: the envelope's certificate is issued (its own `verification_code`) and its sealed PDF can be downloaded (GET /v1/envelopes/{id}/pdf).",
  "bulk_send.completed": "Every row of a bulk send (POST /v1/bulk-sends) was sent or failed.",
  "signing.ping": "A test delivery asked for with POST /v1/webhooks/{id}/ping.",
};

/** 60 → "1 min", 7200 → "2 h". */
const wait = (seconds: number) => (seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`);

const DELIVERY_HEADERS = {
  "Service-Event-Id": {
    description: "The delivery's id (`dlv_…`): the same on every retry of it, so deduplicate on it; a replay is a new delivery with a new id.",
    required: true,
    schema: { type: "string", example: "dlv_3f9a0c1b2d4e5f60718293a4" },
  },
  "Service-Timestamp": {
    description: "Unix seconds when this attempt was signed. Refuse deliveries older than five minutes.",
    required: true,
    schema: { type: "integer", example: 1795430400 },
  },
  "Service-Signature": {
    description:
      "`v1=` + hex HMAC-SHA-256, keyed with the endpoint's secret, of `{Service-Timestamp}.{raw body}`. While a rotated secret overlaps, two comma-separated values (`v1=…,v1=…`): accept the delivery if any matches. Compare in constant time.",
    required: true,
    schema: { type: "string", example: "v1=5d41402abc4b2a76b9719d911017c592ae4f0b1c3e2a9d8f7e6c5b4a39281706" },
  },
  "User-Agent": { description: "Always this value.", required: true, schema: { type: "string", enum: [USER_AGENT] } },
} as const;

function exampleOf(event: WebhookEvent): Record<string, unknown> {
  if (event === "signing.ping") return { event, occurred_at: "2026-11-23T18:00:00.000Z", endpoint: { id: "whe_01jd3k4m5n6p7q8r9s0t", label: "CRM" } };
  if (event === "envelope.completed") {
    return {
      event,
      occurred_at: "2026-11-23T18:00:00.000Z",
      envelope_id: "env_4m8q2x6k1b9n3p7r5t0v",
      title: "Onboarding: Ana Ruiz",
      status: "completed",
      verification_code: "9R4T2M8X6K1B3N7Q",
      documents: [{ document_id: "doc_01jd3k4m5n6p7q8r9s0t" }, { document_id: "doc_02ke4l5n6p7q8r9s0t1v" }],
      completed_at: "2026-11-23T18:00:00.000Z",
    };
  }
  if (event === "bulk_send.completed") {
    return { event, occurred_at: "2026-11-23T18:00:00.000Z", bulk_send_id: "bs_4m8q2x6k1b9n3p7r5t0v", total: 1000, sent: 997, failed: 3 };
  }
  if (event.startsWith("packet.")) {
    const ready = event === "packet.ready";
    return {
      event,
      occurred_at: "2026-11-23T18:00:00.000Z",
      packet_id: "pkt_01jd3k4m5n6p7q8r9s0t",
      code: "PK-7K2M-9QXD",
      subject: { kind: "reservation", external_id: "RES-1042", label: "Canyon run, Saturday" },
      readiness: ready ? { required: 4, completed: 4, outstanding: 0, blocked: 0 } : { required: 4, completed: 2, outstanding: 1, blocked: 1 },
    };
  }
  const whole =
    event === "signing.created" || event === "signing.sent" || event === "signing.voided" || event === "signing.expired" || event === "signing.redacted";
  const status = (
    {
      "signing.created": "draft",
      "signing.completed": "completed",
      "signing.declined": "declined",
      "signing.voided": "voided",
      "signing.expired": "expired",
      "signing.redacted": "completed",
    } as Record<string, string>
  )[event];
  return {
    event,
    occurred_at: "2026-11-23T18:00:00.000Z",
    document: {
      id: "doc_01jd3k4m5n6p7q8r9s0t",
      title: "Mutual NDA: Acme and Globex",
      status: status ?? "sent",
      body_sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
      completed_at: event === "signing.completed" || event === "signing.redacted" ? "2026-11-23T18:00:00.000Z" : null,
      metadata: event === "signing.redacted" ? {} : { external_ref: "crm-4411" },
    },
    signer: whole
      ? null
      : {
          email: "ana@example.com",
          full_name: "Ana Ruiz",
          status: event === "signing.signed" || event === "signing.completed" ? "signed" : event === "signing.declined" ? "declined" : "pending",
        },
    ...(event === "signing.declined" || event === "signing.voided" ? { reason: "The dates are wrong." } : {}),
    ...(event === "signing.redacted" ? { reason: "Erasure request of 2026-12-01.", redacted_at: "2026-12-01T09:00:00.000Z" } : {}),
  };
}

function webhookOf(event: WebhookEvent) {
  const schema =
    event === "signing.ping"
      ? PingEvent
      : event.startsWith("packet.")
        ? PacketEvent
        : event === "envelope.completed"
          ? EnvelopeEvent
          : event === "bulk_send.completed"
            ? BulkSendEvent
            : DocumentEvent;
  const id = `webhook${event.replace(/(^|\.|_)([a-z])/g, (_, __, ch: string) => ch.toUpperCase())}`;
  return {
    method: "post",
    path: event,
    operationId: id,
    tags: ["webhooks"],
    summary: `${event} delivery`,
    description: `${EVENT_TEXT[event]}\n\nPOSTed as JSON to every active endpoint subscribed to \`${event}\` (or \`*\`) in the document's mode. Answer 2xx within ${ATTEMPT_TIMEOUT_MS / 1000} seconds; anything else (redirects included: they are not followed) is retried after ${RETRY_LADDER_SECONDS.map(wait).join(", ")}, then the delivery is dead (replayable). ${PAUSE_AFTER_FAILURES} failed attempts in a row pause the endpoint: deliveries are then held until it is made active again.`,
    security: [],
    parameters: Object.entries(DELIVERY_HEADERS).map(([name, h]) => ({ name, in: "header", ...h })),
    request: { body: { required: true, content: { "application/json": { schema, example: exampleOf(event) } } } },
    responses: {
      200: { description: "Any 2xx: delivered; the body is ignored." },
      default: { description: `Any other status, or no answer within ${ATTEMPT_TIMEOUT_MS / 1000} seconds: the attempt failed and is retried.` },
    },
  };
}
