/**
 * The closed list of error codes, their HTTP statuses, and the one envelope every error uses:
 * `{error: {code, message, hint?}}`.
 */
import type { z } from "zod";

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
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export interface ErrorBody {
  error: { code: ErrorCode; message: string; hint?: string };
}

export class ApiError extends Error {
  readonly status: ErrorStatus;
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

/**
 * Runs `run` (sync or async); an `invalid` refusal it throws comes back with `prefix` before its
 * message, naming the part of a larger request it was about (`documents.2.`…). Anything else goes on up.
 */
export function refusalAt<T>(prefix: string, run: () => T): T {
  const named = (err: unknown): never => {
    if (err instanceof ApiError && err.code === "invalid") throw invalid(`${prefix}${err.message}`, err.hint);
    throw err;
  };
  try {
    const r = run();
    return (r instanceof Promise ? r.catch(named) : r) as T;
  } catch (err) {
    return named(err);
  }
}

export function errorBody(code: ErrorCode, message: string, hint?: string): ErrorBody {
  return { error: hint ? { code, message, hint } : { code, message } };
}

/** The answer for a path (or method and path) that nothing serves; also the operator API when it is off. */
export const noRoute = (method: string, path: string, hint = "See /openapi.json.") => new ApiError("not_found", `Nothing lives at ${method} ${path}.`, hint);

export const tooLarge = () => new ApiError("too_large", "The request body is larger than one megabyte.", "Signing requests are never that large.");

type Issue = z.core.$ZodIssue;

/** `signers.0.email: …`: every message starts with the offending field's path. */
function describe(issue: Issue, target: string): string[] {
  const path = issue.path.map(String);
  // One of several shapes (a signer or a signing group): the shape the input came closest to speaks.
  if (issue.code === "invalid_union" && issue.errors.length) {
    const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
    if (closest.length) return closest.flatMap((i) => describe({ ...i, path: [...issue.path, ...i.path] } as Issue, target));
  }
  if (issue.code === "unrecognized_keys") return issue.keys.map((k) => `${[...path, k].join(".")}: is not an accepted field`);
  const what = issue.code === "invalid_type" && /received undefined$/.test(issue.message) ? "is required" : issue.message;
  return [`${path.length ? path.join(".") : target}: ${what}`];
}

/**
 * Every validation failure becomes one 422 `invalid` whose message names the offending field; the
 * hint lists up to five more. A body that is not a JSON object at all has no field to name and
 * could not be read as a request: 400 `bad_request`.
 */
export function validationError(issues: readonly Issue[], target: string): ApiError {
  if (target === "json" && issues.some((i) => i.path.length === 0 && i.code !== "unrecognized_keys")) {
    return new ApiError("bad_request", "The request body must be a JSON object.", "Send a JSON object with Content-Type: application/json.");
  }
  const lines = issues.flatMap((i) => describe(i, target));
  const [first = "request: is not valid", ...rest] = lines;
  return new ApiError("invalid", first, rest.length ? rest.slice(0, 5).join("; ") : undefined);
}
