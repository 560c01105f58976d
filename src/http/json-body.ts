/**
 * The one depth rule for JSON bodies, applied to every request of the API and the operator API
 * (src/groups/group.ts) before any route reads its body: a body nested deeper than `JSON_MAX_DEPTH` levels (the body itself is level 1)
 * is 422 `invalid` naming the path where the depth was passed. Checked once here, iteratively, so
 * no schema, walker or serialiser below ever meets a deeper value and no route can forget it.
 * A body that is not JSON at all is left to the route's own parsing (400 `bad_request`).
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { JSON_MAX_DEPTH, TOO_DEEP, tooDeepPath } from "../lib/text";

/** The media types Hono's JSON validator reads (`application/json`, `application/<x>+json`). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export const tooDeep = (path: (string | number)[]) =>
  new ApiError(
    "invalid",
    `${path.length ? path.join(".") : "body"}: ${TOO_DEEP}`,
    `Objects and arrays may nest at most ${JSON_MAX_DEPTH} levels deep (the body itself is level 1).`,
  );

export const jsonDepthLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim();
  if (c.req.method === "GET" || c.req.method === "HEAD" || !JSON_MEDIA_TYPE.test(mediaType)) return next();
  // Read through Hono's body cache, so the route's validator reads the same text again.
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return next();
  }
  const path = tooDeepPath(body);
  if (path) throw tooDeep(path);
  return next();
};
