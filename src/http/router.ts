/**
 * The one router factory and the pieces every route declaration spreads in: the shared error
 * responses and the keyed-access block (security, scope, auth, rate limit, idempotency).
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { AppEnv } from "../env";
import { ERROR_STATUS, type ErrorCode, validationError } from "../lib/errors";
import { requireKey } from "./auth";
import type { Scope } from "../domain/vocabulary";
import { idempotent, type IdempotentOperation } from "./idempotency";

/**
 * Every app and sub-app routes with Hono's trie router. Hono's default first builds its RegExp
 * router and falls back to the trie when that cannot take the routes; it cannot take this
 * service's (a static segment beside a parameter, such as `/v1/devices/pair` beside
 * `/v1/devices/:id/stop`, or `/verify/check.js` beside `/verify/:code`), so the attempt would
 * only cost the first request of each isolate its CPU.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    router: new TrieRouter(),
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error.issues, result.target);
    },
  });
}

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

const errorEnvelope = (code: z.ZodType, message: string, hint?: string) =>
  z.object({
    error: z.object({
      code,
      message: z.string().openapi({ description: "What went wrong, naming the offending field first when there is one.", example: message }),
      hint: z
        .string()
        .optional()
        .openapi({ description: "What to do about it, when there is something to say.", ...(hint ? { example: hint } : {}) }),
    }),
  });

/** The envelope of every error: `code` is one of the closed list of src/lib/errors.ts. */
export const ErrorSchema = errorEnvelope(z.enum(ERROR_CODES).openapi({ example: "invalid" }), "signers.0.email: Invalid email address").openapi("Error");

const ERROR_EXAMPLES: Record<ErrorCode, [string, string?]> = {
  bad_request: ["The request body must be a JSON object.", "Send a JSON object with Content-Type: application/json."],
  unauthorized: ["A valid API key is required.", "Send Authorization: Bearer mk_live_… or mk_test_…."],
  quota_exceeded: [
    "This account has used every agreement its plan includes this month, or reached its spending limit.",
    "Upgrade the plan or raise the spending limit; test-mode documents never count.",
  ],
  forbidden: ["This key lacks the scope signing:write."],
  not_found: ["No such document in this account."],
  method_not_allowed: ["PUT is not allowed on /v1/documents.", "Allowed: GET, POST, HEAD."],
  conflict: ["This Idempotency-Key was used with another body.", "Use a new key for a new request."],
  too_large: ["The body is over one megabyte."],
  invalid: ["signers.0.email: Invalid email address"],
  rate_limited: ["Rate limit reached: 300 requests per 60 seconds per key.", "Retry after 12 seconds."],
  internal: ["Something went wrong on our side.", "Quote the x-request-id when reporting it."],
  unavailable: ["This account is moving to another database; its changes resume in a few seconds.", "Send the request again after Retry-After seconds."],
};

const pascal = (code: string) => code.replace(/(^|_)([a-z])/g, (_, __, ch: string) => ch.toUpperCase());

/** One named error schema per status (each status has exactly one code), e.g. `NotFoundError`. */
export const ERROR_SCHEMAS = Object.fromEntries(
  ERROR_CODES.map((code) => {
    const [message, hint] = ERROR_EXAMPLES[code];
    return [ERROR_STATUS[code], errorEnvelope(z.literal(code), message, hint).openapi(`${pascal(code)}Error`)];
  }),
) as Record<(typeof ERROR_STATUS)[ErrorCode], typeof ErrorSchema>;

export const errorContent = (description: string) => ({ description, content: { "application/json": { schema: ErrorSchema } } });

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

/** The optional header of every operation the spec marks Idem, as /openapi.json declares it. */
const IDEMPOTENCY_HEADER = {
  name: "Idempotency-Key",
  in: "header" as const,
  required: false,
  description:
    "Same key and same body within 24 hours replays the first answer without redoing the work; the same key with another body, or while the first request is still running, is 409 conflict.",
  schema: { type: "string" as const, minLength: 8, maxLength: 255 },
};

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
    ...(opts.idempotent ? { "x-idempotency-operation": opts.idempotent, parameters: [IDEMPOTENCY_HEADER] } : {}),
    middleware,
  };
}

/**
 * A response field whose values are one of a closed list of src/domain/vocabulary.ts: declared as that enum
 * in /openapi.json. The zod type stays a string, so the handlers' types (and what they return) are
 * unchanged; only the description names the list. Request fields validate with `z.enum` instead.
 */
export function listed<const T extends readonly [string, ...string[]]>(list: T) {
  return z.string().openapi({ enum: [...list] });
}

/** `listed`, for a field that may also be null. */
export function listedOrNull<const T extends readonly [string, ...string[]]>(list: T) {
  return z
    .string()
    .nullable()
    .openapi({ enum: [...list, null] });
}

/** JSON request body helper: required, `application/json`, with the example /openapi.json shows (type-checked against the schema). */
export function jsonBody<T extends z.ZodType>(schema: T, example?: z.input<T>) {
  return { body: { required: true, content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } } } };
}

/** JSON response helper, with the example /openapi.json shows (type-checked against the schema). */
export function jsonResponse<T extends z.ZodType>(schema: T, description: string, example?: z.output<T>) {
  return { description, content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } } };
}
