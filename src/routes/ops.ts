/**
 * The operator API (`/ops/v1`): how a deployment gets its first account and key without a
 * browser. Exists only when OPERATOR_TOKEN is set (404 for the whole prefix otherwise).
 * Not part of /openapi.json: it is the operator's, not the integrators'.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { isSupportedCountry } from "libphonenumber-js/max";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError, noRoute } from "../lib/errors";
import { sha256Hex, timingSafeEqual } from "../lib/crypto";
import { createRouter, jsonBody, jsonResponse, commonErrors } from "../http/router";
import { SCOPES } from "../domain/vocabulary";
import { LANGUAGES } from "../domain/vocabulary";
import { NOT_WELL_FORMED, isWellFormed, plainText, text } from "../lib/text";
import { endAccountConnection, homepageProblem, listConnections, redirectUriProblem } from "../domain/oauth";
import {
  PublicFormDailyCap,
  TurnstileSiteKey,
  addMember,
  createTenant,
  issueKey,
  listKeys,
  listTenants,
  registerOAuthClient,
  revokeKey,
  updateTenant,
} from "../domain/accounts";
import { listOutbox } from "../domain/messages";
import { RetentionInput } from "../domain/retention";

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
const Scope = z.enum(SCOPES);
const Ok = z.object({}).passthrough();
const op = { hide: true as const, tags: ["operator"] };
const ok = (d: string) => ({ 200: jsonResponse(Ok, d), ...commonErrors });
const idParam = z.object({ id: text().min(1).max(64) });
/** A URL whose text is well formed (URL parsing would silently turn a lone surrogate into U+FFFD). */
const url = () => z.url().refine(isWellFormed, { message: NOT_WELL_FORMED });

export const ops = createRouter();
ops.use("*", operatorOnly);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants",
    request: jsonBody(
      z
        .object({
          name: plainText().min(1).max(200),
          slug: z
            .string()
            .regex(/^[a-z][a-z0-9-]{1,62}$/)
            .optional(),
          plan: text().max(64).optional(),
        })
        .strict(),
    ),
    responses: ok("Account created"),
  }),
  async (c) => c.json(await createTenant(c.env, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "get",
    path: "/tenants",
    request: {
      query: z.object({
        slug: text().min(1).max(64).optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
    },
    responses: ok("Accounts, newest first"),
  }),
  async (c) => c.json(await listTenants(c.env, c.req.valid("query")), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "patch",
    path: "/tenants/{id}",
    request: {
      params: idParam,
      ...jsonBody(
        z
          .object({
            plan: text().max(64).optional(),
            white_label: z.boolean().optional(),
            spending_limit_cents: z.number().int().min(0).nullable().optional(),
            require_signer_code: z.boolean().optional(),
            frame_ancestors: z.array(text().max(200)).optional(),
            default_country: z
              .string()
              .regex(/^[A-Za-z]{2}$/)
              .refine((c) => isSupportedCountry(c.toUpperCase()), "not a country libphonenumber knows")
              .nullable()
              .optional()
              .openapi({ description: "ISO 3166-1 alpha-2: phone numbers without a country code are read in it (US when null)" }),
            /** Default language of the account's messages and signers. */
            locale: z.enum(LANGUAGES).nullable().optional(),
            /** Reply-To of the account's emails. */
            reply_to: z.email().max(320).nullable().optional(),
            /** Retention policy (docs/retention.md): days, null = forever; the cron applies it. */
            retention: RetentionInput.optional(),
            /** Starts all the account's public forms may make per UTC day (default 500). */
            public_form_daily_cap: PublicFormDailyCap.optional(),
            /** Cloudflare Turnstile site key for the account's public forms; null = none. */
            turnstile_site_key: TurnstileSiteKey.optional(),
          })
          .strict(),
      ),
    },
    responses: ok("Account updated"),
  }),
  async (c) => c.json(await updateTenant(c.env, c.req.valid("param").id, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants/{id}/keys",
    request: {
      params: idParam,
      ...jsonBody(
        z
          .object({
            label: plainText().min(1).max(100),
            scopes: z.array(Scope).min(1),
            mode: z.enum(["test", "live"]),
            allowed_ips: z.array(text().max(64)).max(20).optional(),
            expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
          })
          .strict(),
      ),
    },
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
    request: { params: idParam, ...jsonBody(z.object({ reason: text().trim().min(1).max(500) }).strict()) },
    responses: ok("Key revoked"),
  }),
  async (c) => c.json(await revokeKey(c.env, c.req.valid("param").id, c.req.valid("json").reason, ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/tenants/{id}/members",
    request: {
      params: idParam,
      ...jsonBody(
        z
          .object({
            email: z.email(),
            full_name: plainText().min(1).max(200),
            role: z.enum(["owner", "admin", "member", "viewer"]),
            password: text().min(12).max(200).optional(),
          })
          .strict(),
      ),
    },
    responses: ok("Member added"),
  }),
  async (c) => c.json(await addMember(c.env, c.req.valid("param").id, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "post",
    path: "/oauth-clients",
    request: jsonBody(
      z
        .object({
          name: plainText().min(1).max(200),
          homepage: url().superRefine((v, ctx) => {
            const problem = homepageProblem(v);
            if (problem) ctx.addIssue({ code: "custom", message: problem });
          }),
          // Exact addresses the authorization endpoint will redirect to (docs/oauth.md).
          redirect_uris: z
            .array(
              url().superRefine((v, ctx) => {
                const problem = redirectUriProblem(v);
                if (problem) ctx.addIssue({ code: "custom", message: problem });
              }),
            )
            .min(1)
            .max(10),
          scopes: z.array(Scope).min(1),
        })
        .strict(),
    ),
    responses: ok("Client registered; secret shown once"),
  }),
  async (c) => c.json(await registerOAuthClient(c.env, c.req.valid("json"), ACTOR), 200),
);

ops.openapi(
  createRoute({
    ...op,
    method: "get",
    path: "/tenants/{id}/oauth-connections",
    request: { params: idParam, query: z.object({ ended: z.enum(["true", "false"]).optional() }) },
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
      ...jsonBody(z.object({ reason: plainText().min(1).max(500) }).strict()),
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
    request: {
      query: z.object({
        tenant_id: text().max(64).optional(),
        document_id: text().max(64).optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
      }),
    },
    responses: ok("Messages, newest first"),
  }),
  async (c) => c.json(await listOutbox(c.env, c.req.valid("query")), 200),
);
