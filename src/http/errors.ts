/**
 * Errors as HTTP answers: the envelope of src/lib/errors.ts written onto a response, and the app's
 * one `onError`.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../env";
import { ApiError, errorBody, tooLarge, unauthorized } from "../lib/errors";
import { logError } from "../lib/log";

export function errorResponse(c: Context<AppEnv>, err: ApiError): Response {
  if (err.headers) for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(errorBody(err.code, err.message, err.hint), err.status);
}

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
