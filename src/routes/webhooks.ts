import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from "../domain/vocabulary";
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { createRouter, errorContent, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors, listed } from "../http/router";
import {
  WebhookAdd,
  WebhookDeleteQuery,
  WebhookUpdate,
  addEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  pingEndpoint,
  replayDelivery,
  rotateSecret,
  updateEndpoint,
} from "../domain/webhook-endpoints";

const Id = z.object({ id: z.string().min(1).max(64) });

/**
 * A body-taking webhook route needs a JSON object. Without a Content-Type the validator would read
 * an empty body as `{}` (a PATCH would answer 200 doing nothing), so an empty body without one is
 * 400 `bad_request`; a non-empty body without one is left to the media-type check (400 `bad_request`, as every body that is not JSON). `{}` sent
 * as JSON stays a valid (no-op) PATCH.
 */
const jsonObjectBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header("content-type") && (await c.req.arrayBuffer()).byteLength === 0) {
    throw new ApiError("bad_request", "The request body must be a JSON object.", "Send a JSON object with Content-Type: application/json.");
  }
  await next();
};

/** `keyed(...)` with the body check after auth, rate limit and idempotency. */
function keyedWithBody(...args: Parameters<typeof keyed>) {
  const k = keyed(...args);
  return { ...k, middleware: [...k.middleware, jsonObjectBody] };
}

const conflict = { 409: errorContent("Still waiting") };

const Endpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    label: z.string(),
    events: z.array(listed(["*", ...WEBHOOK_EVENTS])),
    active: z.boolean(),
    failures: z.number().int(),
    paused_at: z.string().nullable(),
    last_delivered_at: z.string().nullable(),
    created_at: z.string(),
    queued: z.number().int().openapi({ description: "Deliveries not yet delivered: queued, awaiting a retry, or held" }),
    dead: z.number().int().openapi({ description: "Deliveries that will not be attempted again" }),
  })
  .openapi("WebhookEndpoint");

const Delivery = z
  .object({
    id: z.string().openapi({ description: "Also the Service-Event-Id header" }),
    endpoint_id: z.string(),
    event: listed(WEBHOOK_EVENTS),
    status: listed(DELIVERY_STATUSES).openapi({ description: "queued, failed (a retry is due), held, delivered, dead, dropped" }),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_error: z.string().nullable(),
    response_status: z.number().int().nullable(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    replay_of: z.string().nullable(),
    document_id: z.string().nullable(),
    document_title: z.string().nullable(),
  })
  .openapi("WebhookDelivery");

export const webhooks = createRouter();

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/v1/webhooks",
    operationId: "listWebhooks",
    tags: ["webhooks"],
    summary: "Webhook endpoints of this account, with queue counts",
    description:
      "Every webhook endpoint of the account in this key's mode, oldest first, with its subscribed events and its queue counts. Secrets are never shown here.",
    ...keyed("signing:webhooks"),
    responses: {
      200: jsonResponse(z.object({ endpoints: z.array(Endpoint) }), "Every endpoint", {
        endpoints: [
          {
            id: "whe_01jd3k4m5n6p7q8r9s0t",
            url: "https://crm.example.com/hooks/edge-sign",
            label: "CRM",
            events: ["signing.completed", "signing.declined"],
            active: true,
            failures: 0,
            paused_at: null,
            last_delivered_at: "2026-11-23T18:00:02.000Z",
            created_at: "2026-11-20T09:00:00.000Z",
            queued: 0,
            dead: 0,
          },
        ],
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await listEndpoints(c.env, c.get("principal")), 200),
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/v1/webhooks",
    operationId: "addWebhook",
    tags: ["webhooks"],
    summary: "Add an endpoint; its signing secret is returned once",
    description:
      "At most 50 endpoints per account and mode (422 beyond). A URL is live once per account and mode: a second endpoint with the same URL, compared after `new URL()` normalisation and without the fragment, is 409 conflict. The host must be public: address literals and every address the name resolves to are checked (embedded IPv4 of mapped, compatible, NAT64, 6to4, SIIT and Teredo forms included), and a name that cannot be resolved is 422 (could not resolve).",
    ...keyedWithBody("signing:webhooks", { idempotent: "webhooks.add" }),
    request: jsonBody(WebhookAdd.openapi("WebhookAdd"), {
      url: "https://crm.example.com/hooks/edge-sign",
      events: ["signing.completed", "signing.declined"],
      label: "CRM",
    }),
    responses: {
      200: jsonResponse(z.object({ id: z.string(), secret: z.string().openapi({ description: "whsec_ + 48 hex, shown once" }) }), "Added", {
        id: "whe_01jd3k4m5n6p7q8r9s0t",
        secret: "whsec_0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071",
      }),
      ...keyedErrors,
      409: {
        ...idempotentErrors[409],
        description:
          "An endpoint with this URL already exists in this account and mode; or the idempotency key was reused for another request, or the first request is still running.",
      },
    },
  }),
  async (c) => c.json(await addEndpoint(c.env, c.get("principal"), c.req.valid("json")), 200),
);

webhooks.openapi(
  createRoute({
    method: "patch",
    path: "/v1/webhooks/{id}",
    operationId: "updateWebhook",
    tags: ["webhooks"],
    summary: "Change active, events or label; active: true lifts a pause and releases the hold",
    description:
      "Changes an endpoint. `active: false` moves its waiting deliveries into the hold, and new ones wait there too; `active: true` lifts a pause and releases the held deliveries in order (`dropped` counts those pushed out of a full hold).",
    ...keyedWithBody("signing:webhooks"),
    request: {
      params: Id,
      ...jsonBody(WebhookUpdate, {
        active: true,
        events: ["*"],
      }),
    },
    responses: {
      200: jsonResponse(
        z.object({
          updated: z.literal(true),
          released: z.number().int().openapi({ description: "Held deliveries now queued" }),
          dropped: z.number().int().openapi({ description: "Deliveries lost to a full hold (kept as dead, replayable)" }),
        }),
        "Updated",
        { updated: true, released: 12, dropped: 0 },
      ),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await updateEndpoint(c.env, c.get("principal"), c.req.valid("param").id, c.req.valid("json")), 200),
);

webhooks.openapi(
  createRoute({
    method: "delete",
    path: "/v1/webhooks/{id}",
    operationId: "deleteWebhook",
    tags: ["webhooks"],
    summary: "Delete an endpoint; the reason is recorded on the account's audit trail",
    description: "Deletes an endpoint: nothing more is delivered to it. The reason is kept on the account's audit trail.",
    ...keyed("signing:webhooks"),
    request: { params: Id, query: WebhookDeleteQuery },
    responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), "Deleted", { deleted: true }), ...keyedErrors },
  }),
  async (c) => c.json(await deleteEndpoint(c.env, c.get("principal"), c.req.valid("param").id, c.req.valid("query").reason), 200),
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/v1/webhooks/{id}/rotate",
    operationId: "rotateWebhookSecret",
    tags: ["webhooks"],
    summary: "New signing secret, shown once; the previous one also signs for 24 hours",
    description:
      "Makes a new signing secret and returns it once. For 24 hours every delivery carries two signatures (new and previous) in Service-Signature, so the receiver can switch without losing a delivery.",
    ...keyed("signing:webhooks"),
    request: { params: Id },
    responses: {
      200: jsonResponse(z.object({ secret: z.string(), previous_valid_for_seconds: z.number().int() }), "Rotated", {
        secret: "whsec_6f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a6978",
        previous_valid_for_seconds: 86400,
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await rotateSecret(c.env, c.get("principal"), c.req.valid("param").id), 200),
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/v1/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tags: ["webhooks"],
    summary: "The endpoint's last fifty deliveries, newest first",
    description: "The endpoint's last fifty deliveries, newest first, with their status and attempts.",
    ...keyed("signing:webhooks"),
    request: { params: Id },
    responses: {
      200: jsonResponse(z.object({ deliveries: z.array(Delivery) }), "Deliveries", {
        deliveries: [
          {
            id: "dlv_7a8b9c0d1e2f3a4b5c6d7e8f",
            endpoint_id: "whe_01jd3k4m5n6p7q8r9s0t",
            event: "signing.completed",
            status: "delivered",
            attempts: 1,
            next_attempt_at: null,
            last_error: null,
            response_status: 200,
            created_at: "2026-11-23T18:00:00.000Z",
            delivered_at: "2026-11-23T18:00:02.000Z",
            replay_of: null,
            document_id: "doc_01jd3k4m5n6p7q8r9s0t",
            document_title: "Mutual NDA: Acme and Globex",
          },
        ],
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await listDeliveries(c.env, c.get("principal"), c.req.valid("param").id), 200),
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/v1/webhooks/deliveries/{id}/replay",
    operationId: "replayWebhookDelivery",
    tags: ["webhooks"],
    summary: "Send a delivered, failed or dead delivery again, as a new delivery",
    description:
      "Queues the delivery's payload again as a new delivery (a new `dlv_` id, `replay_of` naming the first, the same payload) once the first was delivered, failed or is dead. 409 while it is still queued or held, or while an earlier replay of it is still waiting. Use after fixing a receiver.",
    ...keyed("signing:webhooks"),
    request: { params: Id },
    responses: {
      200: jsonResponse(z.object({ delivery_id: z.string() }), "Replay queued (or held)", { delivery_id: "dlv_7a8b9c0d1e2f3a4b5c6d7e8f" }),
      ...keyedErrors,
      ...conflict,
    },
  }),
  async (c) => c.json(await replayDelivery(c.env, c.get("principal"), c.req.valid("param").id), 200),
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/v1/webhooks/{id}/ping",
    operationId: "pingWebhook",
    tags: ["webhooks"],
    summary: "Send a signing.ping test delivery",
    description:
      "Queues a `signing.ping` delivery to this endpoint, whatever events it subscribes to, signed like any other: a way to test a receiver end to end.",
    ...keyed("signing:webhooks"),
    request: { params: Id },
    responses: {
      200: jsonResponse(z.object({ delivery_id: z.string() }), "Ping queued (or held)", { delivery_id: "dlv_0f1e2d3c4b5a69788796a5b4" }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await pingEndpoint(c.env, c.get("principal"), c.req.valid("param").id), 200),
);
