/**
 * One route group: a router with the rules every request meets once, whichever group serves it
 * (request id, secure headers, the configuration check, the account's shard, body limits, signing
 * hosts, JSON depth), the group's routers mounted in order, then 404 / 405 and the single error
 * handler. src/app.ts says which group an address belongs to and loads the group on first use.
 */
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { ApiError, noRoute } from "../lib/errors";
import { defaultBodyLimit, isOwnUpload } from "../http/body-limit";
import { errorResponse, onError } from "../http/errors";
import { createRouter } from "../http/router";
import { log } from "../lib/log";
import { requestLog } from "../http/request-log";
import { accountShard } from "../http/shard";
import { jsonDepthLimit } from "../http/json-body";
import { ConfigError, configOf, emailOutboxInProduction } from "../lib/config";
import { signingHostGate } from "../routes/signing-host";

export type Group = ReturnType<typeof createRouter>;

// The JSON API, the operator API and the description are never a page: Hono's secure headers,
// with framing and every content source refused. (The signer's and verification pages set their
// own policy, with nonces and the account's frame ancestors: src/http/page.ts.)
export const apiHeaders = secureHeaders({
  xFrameOptions: "DENY",
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
});

const reported = new WeakSet<object>();
let outboxWarned = false; // once per isolate

/** Nothing is served on a configuration that does not pass src/lib/config.ts (logged once per env). */
async function configured(c: Context<AppEnv>, next: () => Promise<void>) {
  try {
    configOf(c.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    if (!reported.has(c.env)) {
      reported.add(c.env);
      log("error", "configuration refused", { requestId: c.get("requestId"), problems: err.problems });
    }
    throw new ApiError("internal", err.message, "The operator sets variables in wrangler.toml and secrets with `wrangler secret put`; see README.");
  }
  if (!outboxWarned && emailOutboxInProduction(c.env)) {
    outboxWarned = true;
    log("warn", "email outbox in production", {
      requestId: c.get("requestId"),
      hint: "No EMAIL_PROVIDER is set: signing links, codes and sign-in links stay in the outbox and reach nobody. Set EMAIL_PROVIDER, EMAIL_API_KEY and EMAIL_FROM (docs/deploy.md).",
    });
  }
  await next();
}

// JSON bodies nest at most 32 levels, whichever route of the API or the operator API reads them
// (the only ones that take JSON; pages read forms, and uploads with limits of their own raw bytes).
const jsonRoutes = (c: Context<AppEnv>, next: () => Promise<void>) => (isOwnUpload(c) ? next() : jsonDepthLimit(c, next));

/** A group's router: the shared rules, then what `mount` registers, then 404 / 405 and errors. */
export function group(mount: (app: Group) => void): Group {
  const app = createRouter();
  // A fresh id for every request (an incoming X-Request-Id is not trusted: the id is ours to quote).
  app.use("*", requestId({ headerName: "" }));
  // On every response, including errors, 404 and 405, which are made after the handlers ran.
  app.use("*", async (c, next) => {
    c.header("x-request-id", c.get("requestId"));
    await next();
    c.res.headers.set("x-request-id", c.get("requestId"));
  });
  app.use("*", requestLog);
  for (const path of ["/v1/*", "/ops/*", "/openapi.json", "/oauth/token", "/.well-known/*", "/mcp", "/oauth/register"]) app.use(path, apiHeaders);
  app.use("*", configured);
  // With accounts spread over several databases, the rest of the request works on its account's (src/http/shard.ts).
  app.use("*", accountShard);
  // Every request is under the default body limit unless its route declares its own (src/http/body-limit.ts).
  app.use("*", defaultBodyLimit);
  // A request on an account's signing host reaches only that account's pages and signing routes.
  app.use("*", signingHostGate);
  app.use("/v1/*", jsonRoutes);
  app.use("/ops/*", jsonRoutes);

  mount(app);

  let routeTable: { method: string; pattern: RegExp }[] | null = null;
  /** Methods served at exactly this path (no trailing-slash leniency: `/v1/documents/` is not `/v1/documents`). */
  function allowedMethods(path: string): string[] {
    routeTable ??= app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(`^${r.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]+/g, "[^/]+")}$`),
      }));
    const methods = new Set(routeTable.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods];
  }

  app.notFound((c: Context<AppEnv>) => {
    const { method, path } = c.req;
    const allow = allowedMethods(path);
    // 405 only when the path exists under other methods; a handler that answers "not found" under
    // its own method stays a 404.
    if (allow.length > 0 && !allow.includes(method)) {
      return errorResponse(
        c,
        new ApiError("method_not_allowed", `${method} is not allowed on ${path}.`, `Allowed: ${allow.join(", ")}.`, {
          Allow: allow.join(", "),
        }),
      );
    }
    const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
    if (trimmed !== path && trimmed && allowedMethods(trimmed).length > 0) {
      return errorResponse(c, noRoute(method, path, `Did you mean ${trimmed}? Paths take no trailing slash.`));
    }
    return errorResponse(c, noRoute(method, path));
  });

  app.onError(onError);
  return app;
}
