/**
 * The request log: one line per request (the line format and `log` itself live in src/lib/log.ts).
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
import { log, tokenTag } from "../lib/log";

/** The request id of a context, if the request-id middleware has run. */
export const requestIdOf = (c: Context<AppEnv>): string | undefined => c.get("requestId");

/** Paths whose second segment is a signing token. */
const TOKEN_PATH = /^\/(?:v1\/sign|s)\/([^/?#]+)/;

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
