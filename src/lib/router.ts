/**
 * The one router factory and the pieces every route declaration spreads in: the shared error
 * responses and the keyed-access block (security, scope, auth, rate limit, idempotency).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";
import { requireKey, type Scope } from "./auth";
import { idempotent, type IdempotentOperation } from "./idempotency";

/** Every validation failure becomes one 422 `invalid` naming the offending field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issues = result.error.issues;
        const first = issues[0];
        const where = first && first.path.length ? first.path.join(".") : result.target;
        const message = `${where}: ${first?.message ?? "invalid value"}`;
        const hint =
          issues.length > 1
            ? issues.slice(1, 6).map((i) => `${i.path.join(".") || result.target}: ${i.message}`).join("; ")
            : undefined;
        throw new ApiError("invalid", message, hint);
      }
    },
  });
}

export const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: "invalid" }),
      message: z.string(),
      hint: z.string().optional(),
    }),
  })
  .openapi("Error");

const errorContent = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

/** Responses every route may give. */
export const commonErrors = {
  400: errorContent("The request could not be read."),
  404: errorContent("No such thing in this account."),
  413: errorContent("Body over one megabyte."),
  422: errorContent("The body did not validate, or the rules refused it; the message says why."),
  429: errorContent("Too many requests; see Retry-After."),
  500: errorContent("Server fault; quote x-request-id."),
} as const;

/** Responses of keyed routes. */
export const keyedErrors = {
  ...commonErrors,
  401: errorContent("No key, or a key that is not live."),
  403: errorContent("The key lacks the scope."),
} as const;

export const idempotentErrors = {
  409: errorContent("Idempotency key reused for another request, or the first request is still running."),
} as const;

/**
 * Spread into `createRoute` of an API-key route: declares the bearer security and the scope
 * (`x-scope`, read by tests and integrators) and installs auth, rate limit and, for operations
 * the spec marks Idem, the shared idempotency mechanism.
 */
export function keyed<const S extends Scope>(scope: S, opts: { idempotent?: IdempotentOperation } = {}) {
  const middleware: MiddlewareHandler<AppEnv>[] = [requireKey(scope)];
  if (opts.idempotent) middleware.push(idempotent(opts.idempotent));
  return {
    security: [{ apiKey: [] }],
    "x-scope": scope,
    ...(opts.idempotent ? { "x-idempotency-operation": opts.idempotent } : {}),
    middleware,
  };
}

/** JSON request body helper: required, `application/json`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { "application/json": { schema } } } };
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}
