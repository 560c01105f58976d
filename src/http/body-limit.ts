/**
 * Request body limits, declared by the routes themselves. Every request is under the default of
 * one megabyte (`defaultBodyLimit`, applied once in src/groups/group.ts, 404 and 405 paths included) unless
 * the route it reaches declares a larger limit among its own middleware:
 *
 * - `bodyLimitOf(bytes, onError?)`: the route's limit takes the default's place, before the
 *   signing-host gate and JSON reading (the signing requests, up to 4 MB);
 * - `uploadLimitOf(bytes, onError)`: a raw upload (a PDF, a picture) whose limit runs where the
 *   route declares it (after its authentication, under its router's error pages); a route whose
 *   upload limit is larger than the default is exempt from the default and from JSON depth.
 *
 * A declared limit no larger than the default runs in addition to it, where the route declares it.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../env";
import { ApiError, tooLarge } from "../lib/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

type OnError = (c: Context<AppEnv>) => Response | Promise<Response>;
type Declared = { bytes: number; early: boolean };

const declared = new WeakMap<object, Declared>();
/** Requests whose early limit already ran in the default's place. */
const applied = new WeakSet<object>();

const rejectTooLarge: OnError = () => {
  throw tooLarge();
};

/** A limit that takes the default's place for the route that declares it. */
export function bodyLimitOf(bytes: number, onError?: OnError): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({ maxSize: bytes, onError: (onError ?? rejectTooLarge) as never });
  const mw: MiddlewareHandler<AppEnv> = (c, next) => (applied.has(c) ? next() : limit(c, next));
  declared.set(mw, { bytes, early: true });
  return mw;
}

/** A raw upload's limit, run where the route declares it. */
export function uploadLimitOf(bytes: number, onError: OnError): MiddlewareHandler<AppEnv> {
  const mw = bodyLimit({ maxSize: bytes, onError: onError as never }) as MiddlewareHandler<AppEnv>;
  declared.set(mw, { bytes, early: false });
  return mw;
}

/** The handler as registered (a router with an error handler of its own wraps its handlers on mounting). */
const original = (handler: unknown) => ((handler as Record<string, unknown>).__COMPOSED_HANDLER as object | undefined) ?? (handler as object);

/** The largest limit declared among the handlers a request reaches, with its middleware. */
export function declaredLimit(handlers: readonly unknown[]): (Declared & { mw: MiddlewareHandler<AppEnv> }) | null {
  let found: (Declared & { mw: MiddlewareHandler<AppEnv> }) | null = null;
  for (const h of handlers) {
    const mw = original(h);
    const d = declared.get(mw);
    if (d && (!found || d.bytes > found.bytes)) found = { ...d, mw: mw as MiddlewareHandler<AppEnv> };
  }
  return found;
}

const ownLimit = (c: Context<AppEnv>) => {
  const d = declaredLimit(c.req.matchedRoutes.map((r) => r.handler));
  return d && d.bytes > MAX_BODY_BYTES ? d : null;
};

const generalBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => {
    // The token endpoint answers in RFC 6749's shape even here: its clients read `error`.
    if (c.req.path === "/oauth/token") {
      return c.json({ error: "invalid_request", error_description: "The request body is larger than one megabyte." }, 413, { "Cache-Control": "no-store" });
    }
    throw tooLarge();
  },
});

/** The default, applied once for every request: the route's own larger limit in its place, else one megabyte. */
export const defaultBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const own = ownLimit(c);
  if (!own) return generalBodyLimit(c, next);
  if (!own.early) return next();
  return own.mw(c, () => {
    applied.add(c);
    return next();
  });
};

/** True when the request reaches a raw upload with a limit of its own (its body is not JSON to read). */
export const isOwnUpload = (c: Context<AppEnv>) => ownLimit(c)?.early === false;

/**
 * Signing requests carry a signature value of up to 400,000 characters (docs/evidence.md), which
 * JSON's \u escapes or a form's percent-encoding may make several bytes each: up to 4 MB. Declared
 * by `POST /v1/sign/{token}`, `/s/{token}/sign` and `/t/sign/sign`.
 */
export const MAX_SIGN_BODY_BYTES = 4 * 1024 * 1024;
export const signBodyLimit = bodyLimitOf(MAX_SIGN_BODY_BYTES, () => {
  throw new ApiError("too_large", "The request body is larger than 4 MB.", "A signature value is at most 400,000 characters.");
});
