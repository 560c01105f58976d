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
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../env";
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

/** The request id of a context, if the request-id middleware has run. */
export const requestIdOf = (c: Context<AppEnv>): string | undefined => c.get("requestId");

/** Paths whose second segment is a signing token. */
const TOKEN_PATH = /^\/(?:v1\/sign|s)\/([^/?#]+)/;

/** `tok:` + the first 8 hex characters of the token's SHA-256. */
export async function tokenTag(token: string): Promise<string> {
  return `tok:${(await sha256Hex(token)).slice(0, 8)}`;
}

/**
 * The route pattern that answered (`/v1/documents/:id`), or null when no route matched (404/405).
 * Middleware mounted on every path (`*`, `/ops/v1/*`) is skipped: only a handler's own route counts.
 */
export function routePattern(c: Context<AppEnv>): string | null {
  const routes = matchedRoutes(c).filter((r) => r.method !== "ALL" && !r.path.endsWith("*"));
  return routes.at(-1)?.path ?? null;
}

/** One line per request: id, method, route pattern, status, duration; a token only as its tag. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  try {
    await next();
  } finally {
    const fields: Record<string, unknown> = {
      requestId: requestIdOf(c),
      method: c.req.method,
      route: routePattern(c),
      status: c.res.status,
      ms: Date.now() - started,
    };
    const token = TOKEN_PATH.exec(c.req.path)?.[1];
    if (token) fields.token = await tokenTag(token);
    log("info", "request", fields);
  }
};
