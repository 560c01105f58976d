/**
 * What an agent talks to (contract, "Agents and embedding"; docs/agents.md):
 *
 * - `POST /mcp`: the Model Context Protocol server (Streamable HTTP, stateless). The caller is
 *   admitted here (key or OAuth access token, its rate limit); a 401 names the protected resource
 *   metadata (RFC 9728 §5.1). The server itself (src/http/mcp.ts, with the SDK) is loaded on the
 *   first call, so the Worker's start-up does not pay for it.
 * - `GET /.well-known/oauth-protected-resource` (and the same under `/mcp`, where clients look
 *   first): RFC 9728 metadata naming this service as the authorization server.
 * - `POST /oauth/register`: RFC 7591 dynamic registration of public clients (src/domain/oauth-register.ts).
 */
import { cors } from "hono/cors";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createRouter } from "../http/router";
import { admitBearer, clientAddress } from "../http/auth";
import { limitOrThrow } from "../http/rate-limit";
import { deviceForbidden } from "../http/device-access";
import { ApiError } from "../lib/errors";
import { protectedResourceMetadata, protectedResourceMetadataUrl } from "../domain/oauth-protocol";
import { accountAllowsOrigin } from "../domain/accounts";
import { publicBaseUrl } from "../lib/config";
import { REGISTER_LIMIT, RegistrationError, registerAgent } from "../domain/oauth-register";

export const agents = createRouter();

/** Agents may run in a browser: bearer tokens, never cookies, so any origin may call. */
const agentCors = cors({
  origin: "*",
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ["Authorization", "Content-Type", "Accept", "Mcp-Protocol-Version", "Mcp-Session-Id", "Last-Event-ID"],
  exposeHeaders: ["WWW-Authenticate", "Mcp-Session-Id", "Mcp-Protocol-Version", "x-request-id", "Retry-After"],
  maxAge: 86400,
});
agents.use("/mcp", agentCors);
agents.use("/oauth/register", agentCors);
agents.use("/.well-known/oauth-protected-resource", agentCors);
agents.use("/.well-known/oauth-protected-resource/mcp", agentCors);

/**
 * DNS rebinding protection (MCP transport, "Security Warning"): a browser request from another
 * origin is refused before its message is read, unless that origin is this service's own or one
 * the calling account lets frame its pages (`frame_ancestors`). Requests without Origin (agents
 * running outside a browser) are not concerned.
 */
const foreignOrigin = (origin: string) =>
  new ApiError(
    "forbidden",
    `Origin ${origin.slice(0, 200)} may not call /mcp.`,
    "Call from this service's origin or add yours to the account's frame_ancestors.",
  );

agents.post("/mcp", async (c) => {
  const origin = c.req.header("origin");
  const ownOrigin = origin === undefined || origin === publicBaseUrl(c.env);
  if (!ownOrigin && (origin === "null" || !URL.canParse(origin))) throw foreignOrigin(origin);
  let principal: Awaited<ReturnType<typeof admitBearer>>;
  try {
    principal = await admitBearer(c, c.req.header("authorization"));
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== "unauthorized") throw err;
    // RFC 9728 §5.1: where the client learns which authorization server issues tokens for this resource.
    throw new ApiError("unauthorized", "A valid API key or OAuth access token is required.", "Send Authorization: Bearer <token>.", {
      "WWW-Authenticate": `Bearer resource_metadata="${protectedResourceMetadataUrl(c.env)}"`,
    });
  }
  if (principal.deviceId) throw deviceForbidden();
  if (!ownOrigin && !(await accountAllowsOrigin(c.env, principal.tenantId, origin))) throw foreignOrigin(origin);
  const { serveMcp } = await import("../http/mcp");
  return serveMcp(c, principal);
});

const resourceMetadata = (c: Context<AppEnv>) => c.json(protectedResourceMetadata(c.env), 200, { "Cache-Control": "public, max-age=3600" });
agents.get("/.well-known/oauth-protected-resource", resourceMetadata);
agents.get("/.well-known/oauth-protected-resource/mcp", resourceMetadata);

agents.post("/oauth/register", async (c) => {
  const address = clientAddress(c.req.raw);
  await limitOrThrow(c, `register:${address ?? "unknown"}`, REGISTER_LIMIT);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    body = undefined;
  }
  // Not a JSON object at all: the request could not be read (the API's own answer for that).
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("bad_request", "The request body must be a JSON object.", "Send the client metadata (RFC 7591) as a JSON object.");
  }
  try {
    return c.json(await registerAgent(c.env, body, address), 201, { "Cache-Control": "no-store" });
  } catch (err) {
    if (!(err instanceof RegistrationError)) throw err;
    return c.json({ error: err.error, error_description: err.description }, 400, { "Cache-Control": "no-store" });
  }
});

// Described in /openapi.json for integrators; served by the handlers above.
agents.openAPIRegistry.registerPath({
  method: "get",
  path: "/.well-known/oauth-protected-resource",
  operationId: "oauthProtectedResource",
  tags: ["oauth"],
  summary: "Protected resource metadata of /mcp (RFC 9728)",
  description:
    'Names the MCP server\'s resource identifier and the authorization server that issues its tokens (this service), with the scopes it knows. A 401 from /mcp carries `WWW-Authenticate: Bearer resource_metadata="…/.well-known/oauth-protected-resource"`. Also served at /.well-known/oauth-protected-resource/mcp.',
  responses: {
    200: {
      description: "The metadata",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["resource", "authorization_servers", "scopes_supported", "bearer_methods_supported"],
            properties: {
              resource: { type: "string" },
              authorization_servers: { type: "array", items: { type: "string" } },
              scopes_supported: { type: "array", items: { type: "string" } },
              bearer_methods_supported: { type: "array", items: { type: "string", enum: ["header"] } },
              resource_name: { type: "string" },
              resource_documentation: { type: "string" },
            },
          },
          example: {
            resource: "https://sign.example.com/mcp",
            authorization_servers: ["https://sign.example.com"],
            scopes_supported: ["signing:read", "signing:write", "signing:templates", "signing:workflows", "signing:subjects", "signing:webhooks"],
            bearer_methods_supported: ["header"],
            resource_name: "edge-sign MCP server",
            resource_documentation: "https://sign.example.com/docs/agents.md",
          },
        },
      },
    },
  },
});

agents.openAPIRegistry.registerPath({
  method: "post",
  path: "/oauth/register",
  operationId: "oauthRegister",
  tags: ["oauth"],
  summary: "Dynamic client registration for agents (RFC 7591): public clients with PKCE",
  description: [
    "An agent (an MCP client) registers itself. Public clients only: token_endpoint_auth_method is none (no secret is issued; the code flow's",
    "PKCE S256 binds each code to its client). redirect_uris: 1-10, each https or http to 127.0.0.1, localhost or [::1] (any port); no app",
    "schemes, fragments or credentials. client_name (1-100 characters) is what the consent page shows, marked as the agent's own claim.",
    "scope: space separated, any scope but signing:device (default: all of them). Other metadata is ignored. Registrations are rate-limited",
    "per address (20 an hour, 429); one no member has connected within 24 hours is deleted. Errors are RFC 7591 bodies {error, error_description}",
    "(400); a body that is not a JSON object is the API's 400 bad_request.",
  ].join(" "),
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["redirect_uris", "client_name"],
            properties: {
              redirect_uris: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 10 },
              client_name: { type: "string", minLength: 1, maxLength: 100 },
              client_uri: { type: "string" },
              token_endpoint_auth_method: { type: "string", enum: ["none"] },
              grant_types: { type: "array", items: { type: "string", enum: ["authorization_code", "refresh_token"] } },
              response_types: { type: "array", items: { type: "string", enum: ["code"] } },
              scope: { type: "string" },
            },
          },
          example: { client_name: "Claude", redirect_uris: ["http://127.0.0.1:33418/callback"], token_endpoint_auth_method: "none" },
        },
      },
    },
  },
  responses: {
    201: {
      description: "Registered",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: [
              "client_id",
              "client_id_issued_at",
              "client_name",
              "redirect_uris",
              "grant_types",
              "response_types",
              "token_endpoint_auth_method",
              "scope",
            ],
            properties: {
              client_id: { type: "string" },
              client_id_issued_at: { type: "integer" },
              client_name: { type: "string" },
              client_uri: { type: "string" },
              redirect_uris: { type: "array", items: { type: "string" } },
              grant_types: { type: "array", items: { type: "string", enum: ["authorization_code", "refresh_token"] } },
              response_types: { type: "array", items: { type: "string", enum: ["code"] } },
              token_endpoint_auth_method: { type: "string", enum: ["none"] },
              scope: { type: "string" },
            },
          },
          example: {
            client_id: "cli_7q2m4k9x1b3n5p8r0t6v",
            client_id_issued_at: 1795456800,
            client_name: "Claude",
            redirect_uris: ["http://127.0.0.1:33418/callback"],
            grant_types: ["authorization_code", "refresh_token"],
            response_types: ["code"],
            token_endpoint_auth_method: "none",
            scope: "signing:read signing:write signing:templates signing:workflows signing:subjects signing:webhooks",
          },
        },
      },
    },
    400: {
      description: "invalid_redirect_uri or invalid_client_metadata (RFC 7591), or a body that is not a JSON object (the API's bad_request)",
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/OAuthError" },
          example: { error: "invalid_redirect_uri", error_description: "redirect_uris.0: must use https (http only for localhost, 127.0.0.1 or [::1])." },
        },
      },
    },
    429: { description: "Too many registrations from this address; see Retry-After." },
  },
});
