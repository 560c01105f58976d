/**
 * The one way a route hands out a file of the Worker's static assets (wrangler.toml `[assets]`,
 * filled by scripts/assets.mjs: Redoc, pdf.js, the offline verifier's core, the docs as Markdown).
 * Every request reaches the Worker first (`run_worker_first`); the route decides which file a path
 * names and its type, and this fetches it from the `ASSETS` binding with the route's headers. A
 * conditional request (`If-None-Match`) is passed on, so an unchanged file answers 304 with its ETag.
 *
 * A file that should be there and is not is a fault of the deployment (made without `npm ci` or
 * `npm run build:browser`): logged, and answered as `internal` naming what is missing. A file a
 * client may well ask for in vain (`missing` given) is a plain 404.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { logError } from "../lib/log";

/** Versioned paths (the library's version is in the URL): cached for a year. */
export const ASSET_CACHE = "public, max-age=31536000, immutable";

export interface AssetAnswer {
  /** Content-Type of the answer. */
  type: string;
  /** Cache-Control of the answer. */
  cache: string;
  /** What the deployment lacks when the file is not there (an `internal` error's message). */
  fault: string;
  /** When given, a file not found is this 404 instead of a fault. */
  missing?: () => ApiError;
  /** Further response headers (a worker's policy, CORS). */
  headers?: Record<string, string>;
}

export async function serveAsset(c: Context<AppEnv>, assetPath: string, answer: AssetAnswer): Promise<Response> {
  const ask = new Headers();
  const etag = c.req.header("if-none-match");
  if (etag) ask.set("if-none-match", etag);
  const asset = await c.env.ASSETS.fetch(new Request(new URL(assetPath, c.req.url), { headers: ask }));
  if (asset.status !== 200 && asset.status !== 304) {
    if (asset.status === 404 && answer.missing) throw answer.missing();
    logError("static asset missing", new Error(`ASSETS answered ${asset.status} for ${assetPath}`), { requestId: c.get("requestId") });
    throw new ApiError("internal", answer.fault, "Deploy after `npm ci`: scripts/assets.mjs copies the static assets.");
  }
  const out = new Headers({
    "Content-Type": answer.type,
    "Cache-Control": answer.cache,
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    ...answer.headers,
  });
  const tag = asset.headers.get("etag");
  if (tag) out.set("ETag", tag);
  return new Response(asset.status === 304 ? null : asset.body, { status: asset.status, headers: out });
}
