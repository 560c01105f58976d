/**
 * The operator API (`/ops/v1`): how a deployment gets its first account and key without a
 * browser. Exists only when OPERATOR_TOKEN is set (404 for the whole prefix otherwise).
 * Not part of /openapi.json: it is the operator's, not the integrators'.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError, noRoute } from "../lib/errors";
import { sha256Hex, timingSafeEqual } from "../lib/crypto";
import { createRouter, jsonBody, jsonResponse, commonErrors } from "../http/router";
import { text } from "../lib/text";
import { endAccountConnection, listConnections } from "../domain/oauth";
import { addMember, createTenant, issueKey, listKeys, listTenants, registerOAuthClient, revokeKey, updateTenant } from "../domain/accounts";
import {
  ConnectionEndInput,
  ConnectionsQuery,
  KeyIssueInput,
  KeyRevokeInput,
  MemberAddInput,
  MemberPasswordInput,
  MemberSignInLinkInput,
  OAuthClientInput,
  OutboxQuery,
  TenantCreateInput,
  TenantListQuery,
  TenantPatchInput,
} from "../domain/account-commands";
import { listOutbox } from "../domain/messages";
import { operatorSetPassword, operatorSignInLink } from "../domain/members";
import { signInUrl } from "../domain/sign-in-links";
import { publicBaseUrl } from "../lib/config";
import { MAX_SHARDS } from "../db/shards";
import { moveAccount } from "../domain/shard-move";

const operatorOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.env.OPERATOR_TOKEN;
  // Off: every path under the prefix answers exactly as a path that does not exist.
  if (!token) throw noRoute(c.req.method, c.req.path);
  const m = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "");
  // Hashing both sides first keeps the comparison constant-time in the length too.
  if (!m || !timingSafeEqual(await sha256Hex(m[1]!), await sha256Hex(token))) {
    throw new ApiError("unauthorized", "The operator token is required.", undefined, { "WWW-Authenticate": 'Bearer realm="operator"' });
  }
  await next();
};

const ACTOR = "operator";
const Ok = z.object({}).passthrough();
const op = { hide: true as const, tags: ["operator"] };
const ok = (d: string) => ({ 200: jsonResponse(Ok, d), ...commonErrors });
const idParam = z.object({ id: text().min(1).max(64) });

export const ops = createRouter();
ops.use("*", operatorOnly);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants",
    request: jsonBody(TenantCreateInput),
    responses: ok("Account created"),
  }),
  async (c) => c.json(await createTenant(c.env, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "get",
    path: "/tenants",
    request: { query: TenantListQuery },
    responses: ok("Accounts, newest first"),
  }),
  async (c) => c.json(await listTenants(c.env, c.req.valid("query")), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "patch",
    path: "/tenants/{id}",
    request: { params: idParam, ...jsonBody(TenantPatchInput) },
    responses: ok("Account updated"),
  }),
  async (c) => c.json(await updateTenant(c.env, c.req.valid("param").id, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants/{id}/keys",
    request: { params: idParam, ...jsonBody(KeyIssueInput) },
    responses: ok("Key issued; shown once"),
  }),
  async (c) => c.json(await issueKey(c.env, c.req.valid("param").id, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "get",
    path: "/tenants/{id}/keys",
    request: { params: idParam },
    responses: ok("The account's keys, newest first; never the keys themselves"),
  }),
  async (c) => c.json(await listKeys(c.env, c.req.valid("param").id), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/keys/{id}/revoke",
    request: { params: idParam, ...jsonBody(KeyRevokeInput) },
    responses: ok("Key revoked"),
  }),
  async (c) => c.json(await revokeKey(c.env, c.req.valid("param").id, c.req.valid("json").reason, ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants/{id}/members",
    request: { params: idParam, ...jsonBody(MemberAddInput) },
    responses: ok("Member added"),
  }),
  async (c) => c.json(await addMember(c.env, c.req.valid("param").id, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants/{id}/members/sign-in-link",
    request: { params: idParam, ...jsonBody(MemberSignInLinkInput) },
    responses: ok("A one-time dashboard sign-in link for the member (single use, 15 minutes), handed back, not emailed"),
  }),
  async (c) => {
    const { token, expires_at } = await operatorSignInLink(c.env, c.req.valid("param").id, c.req.valid("json").email);
    return c.json({ url: signInUrl(publicBaseUrl(c.env), token), expires_at }, 200);
  },
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants/{id}/members/password",
    request: { params: idParam, ...jsonBody(MemberPasswordInput) },
    responses: ok("The member's password is set (their sessions end unless it was already that password)"),
  }),
  async (c) => {
    const { email, password } = c.req.valid("json");
    return c.json(await operatorSetPassword(c.env, c.req.valid("param").id, email, password), 200);
  },
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants/{id}/move",
    request: {
      params: idParam,
      ...jsonBody(
        z
          .object({
            shard: z
              .number()
              .int()
              .min(0)
              .max(MAX_SHARDS - 1),
          })
          .strict(),
      ),
    },
    responses: ok(
      "The account moved to another shard (docs/scale.md): copied, checked (row counts, certificates' hashes), switched, old rows deleted; its writes answer 503 with Retry-After while it moves; a failed move (409) leaves it where it was",
    ),
  }),
  async (c) => c.json(await moveAccount(c.env, c.req.valid("param").id, c.req.valid("json").shard), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/oauth-clients",
    request: jsonBody(OAuthClientInput),
    responses: ok("Client registered; secret shown once"),
  }),
  async (c) => c.json(await registerOAuthClient(c.env, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "get",
    path: "/tenants/{id}/oauth-connections",
    request: { params: idParam, query: ConnectionsQuery },
    responses: ok("The account's OAuth connections, newest first (live ones; ended=true adds ended ones)"),
  }),
  async (c) => c.json(await listConnections(c.env, c.req.valid("param").id, { ended: c.req.valid("query").ended === "true" }), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants/{id}/oauth-connections/{connection_id}/end",
    request: {
      params: z.object({ id: text().min(1).max(64), connection_id: text().min(1).max(64) }),
      ...jsonBody(ConnectionEndInput),
    },
    responses: ok("Connection ended: its access and refresh tokens stop at once"),
  }),
  async (c) => {
    const { id, connection_id } = c.req.valid("param");
    return c.json(await endAccountConnection(c.env, id, connection_id, c.req.valid("json").reason, ACTOR), 200);
  },
);

ops.openapi(
  createRoute({
    ...op,
    method: "get",
    path: "/outbox",
    request: { query: OutboxQuery },
    responses: ok("Messages, newest first"),
  }),
  async (c) => c.json(await listOutbox(c.env, c.req.valid("query")), 200),
);
