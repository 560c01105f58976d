/**
 * The one way the service writes to its logs: one JSON object per line, with the request id
 * wherever there is one.
 *
 * Workers Logs' automatic invocation logs are off (wrangler.toml), because they record every
 * request URL and a signing link's URL is its credential. Instead `requestLog` writes one line
 * per request with the route pattern (`/v1/sign/:token`), never the path, and a signing token
 * only as `tok:` + the first 8 hex characters of its SHA-256 (enough to follow one link through
 * the logs, useless to sign with). Query strings are never logged.
 */
import { sha256Hex } from "./crypto";

export type LogLevel = "info" | "warn" | "error";

/** Writes one structured line. `fields` must hold no secrets (tokens, keys, bodies). */
export function log(level: LogLevel, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, msg, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** The fields describing a caught error: its text and, for an Error, its stack. */
export function errorFields(err: unknown): { error: string; stack?: string } {
  return err instanceof Error && err.stack ? { error: String(err), stack: err.stack } : { error: String(err) };
}

/** Logs an error; `requestId` when the error belongs to a request. */
export function logError(msg: string, err: unknown, fields: Record<string, unknown> = {}): void {
  log("error", msg, { ...fields, ...errorFields(err) });
}

/** `tok:` + the first 8 hex characters of the token's SHA-256. */
export async function tokenTag(token: string): Promise<string> {
  return `tok:${(await sha256Hex(token)).slice(0, 8)}`;
}
