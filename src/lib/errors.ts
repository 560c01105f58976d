/**
 * The closed list of error codes, their HTTP statuses, and the one envelope every error uses:
 * `{error: {code, message, hint?}}`.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env";

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  quota_exceeded: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  invalid: 422,
  rate_limited: 429,
  internal: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; hint?: string };
}

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** The one 401 body: no key, unknown, revoked, expired and wrong-address keys are indistinguishable. */
export const unauthorized = () =>
  new ApiError("unauthorized", "A valid API key is required.", "Send Authorization: Bearer mk_live_… or mk_test_….");

export const notFound = (what: string) => new ApiError("not_found", `No such ${what} in this account.`);

export const invalid = (message: string, hint?: string) => new ApiError("invalid", message, hint);

export function errorBody(code: ErrorCode, message: string, hint?: string): ErrorBody {
  return { error: hint ? { code, message, hint } : { code, message } };
}

export function errorResponse(c: Context<AppEnv>, err: ApiError): Response {
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(errorBody(err.code, err.message, err.hint), err.status);
}

/** The app's single `onError`: known errors keep their code; anything else is a 500 without a stack. */
export function onError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    if (err.status === 400) return errorResponse(c, new ApiError("bad_request", "The request body could not be read as JSON."));
    if (err.status === 413) return errorResponse(c, tooLarge());
    if (err.status === 401) return errorResponse(c, unauthorized());
  }
  const requestId = c.get("requestId") ?? "unknown";
  console.error(JSON.stringify({ level: "error", requestId, error: String(err), stack: err.stack }));
  return errorResponse(
    c,
    new ApiError("internal", `Something went wrong on our side. Quote request id ${requestId} when you contact support.`),
  );
}

export const tooLarge = () =>
  new ApiError("too_large", "The request body is larger than one megabyte.", "Signing requests are never that large.");
