/**
 * What crosses a Durable Object's RPC boundary: a value, or the ApiError to rethrow on the
 * caller's side (an Error thrown inside an object loses its class on the way out).
 */
import { ApiError, type ErrorCode } from "./errors";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: { code: ErrorCode; message: string; hint?: string; headers?: Record<string, string> } };

/** Runs `fn`, turning an ApiError it throws into a failed Outcome; any other error goes on up. */
export async function outcome<T>(fn: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, error: { code: err.code, message: err.message, hint: err.hint, headers: err.headers } };
    throw err;
  }
}

export function unwrap<T>(o: Outcome<T>): T {
  if (o.ok) return o.value;
  throw new ApiError(o.error.code, o.error.message, o.error.hint, o.error.headers);
}
