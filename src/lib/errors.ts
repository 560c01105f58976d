/**
 * The closed list of error codes, their HTTP statuses, and the one envelope every error uses:
 * `{error: {code, message, hint?}}`.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../env";
import { logError } from "./log";

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
  new ApiError("unauthorized", "A valid API key is required.", "Send Authorization: Bearer mk_live_… or mk_test_….", {
    "WWW-Authenticate": 'Bearer realm="api"',
  });

export const notFound = (what: string) => new ApiError("not_found", `No such ${what} in this account.`);

export const invalid = (message: string, hint?: string) => new ApiError("invalid", message, hint);

export function errorBody(code: ErrorCode, message: string, hint?: string): ErrorBody {
  return { error: hint ? { code, message, hint } : { code, message } };
}

export function errorResponse(c: Context<AppEnv>, err: ApiError): Response {
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(errorBody(err.code, err.message, err.hint), err.status);
}

/** The answer for a path (or method and path) that nothing serves; also the operator API when it is off. */
export const noRoute = (method: string, path: string, hint = "See /openapi.json.") => new ApiError("not_found", `Nothing lives at ${method} ${path}.`, hint);

/** Maps the framework's own exceptions (body parsing, media type) onto the closed list of codes. */
function fromHttpException(err: HTTPException): ApiError | null {
  switch (err.status) {
    case 400:
      return /json/i.test(err.message)
        ? new ApiError("bad_request", "The request body could not be read as JSON.", "Send a JSON object with Content-Type: application/json.")
        : new ApiError("bad_request", "The request could not be read.");
    // The spec's error table has no 415: a body in another media type is a request that could not be read.
    case 415:
      return new ApiError("bad_request", "The request body must be JSON.", "Send it with Content-Type: application/json.");
    case 401:
      return unauthorized();
    case 413:
      return tooLarge();
    default:
      return null;
  }
}

/** The app's single `onError`: known errors keep their code; anything else is a 500 without a stack. */
export function onError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    const mapped = fromHttpException(err);
    if (mapped) return errorResponse(c, mapped);
  }
  const requestId = c.get("requestId") ?? "unknown";
  logError("unhandled error", err, { requestId });
  return errorResponse(c, new ApiError("internal", `Something went wrong on our side. Quote request id ${requestId} when you contact support.`));
}

export const tooLarge = () => new ApiError("too_large", "The request body is larger than one megabyte.", "Signing requests are never that large.");
