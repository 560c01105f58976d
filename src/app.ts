/**
 * Mounts every router. Cross-cutting rules live here once: request id, body size limit,
 * the single error handler, 404 / 405, and the generated OpenAPI description.
 */
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import type { Context } from "hono";
import type { AppEnv } from "./env";
import { ApiError, noRoute } from "./lib/errors";
import { defaultBodyLimit, isOwnUpload } from "./http/body-limit";
import { errorResponse, onError } from "./http/errors";
import { createRouter } from "./http/router";
import { describeApi, documentConfig } from "./http/openapi";
import { log } from "./lib/log";
import { requestLog } from "./http/request-log";
import { accountShard } from "./http/shard";
import { jsonDepthLimit } from "./http/json-body";
import { ConfigError, configOf, emailOutboxInProduction } from "./lib/config";
import { account } from "./routes/account";
import { ops } from "./routes/ops";
import { templates } from "./routes/templates";
import { documents } from "./routes/documents";
import { envelopes } from "./routes/envelopes";
import { bulkSends } from "./routes/bulk-sends";
import { signing } from "./routes/signing";
import { evidence } from "./routes/evidence";
import { webhooks } from "./routes/webhooks";
import { identityHooks } from "./routes/identity-hooks";
import { qualified } from "./routes/qualified";
import { workflows } from "./routes/workflows";
import { subjects } from "./routes/subjects";
import { publicForm } from "./routes/public-form";
import { pages } from "./routes/pages";
import { pdfPages } from "./routes/pdf-pages";
import { oauth } from "./routes/oauth";
import { signerLinks } from "./routes/signer-links";
import { embedSessions } from "./routes/embed-sessions";
import { signerChanges } from "./routes/signer-changes";
import { sms } from "./routes/sms";
import { devices } from "./routes/devices";
import { dashboard } from "./dashboard";
import { branding } from "./routes/branding";
import { signingHostGate } from "./routes/signing-host";
import { kiosk } from "./routes/kiosk";
import { apiReference, withCurlSamples } from "./routes/api-reference";
import { pdfjsAssets } from "./routes/pdfjs-assets";
import { pki } from "./routes/pki";
import { redaction } from "./routes/redaction";
import { home } from "./routes/home";
import { transparencyLog } from "./routes/transparency-log";
import { agents } from "./routes/agents";
import { agentDocs } from "./routes/agent-docs";

export const app = createRouter();

// A fresh id for every request (an incoming X-Request-Id is not trusted: the id is ours to quote).
app.use("*", requestId({ headerName: "" }));
// On every response, including errors, 404 and 405, which are made after the handlers ran.
app.use("*", async (c, next) => {
  c.header("x-request-id", c.get("requestId"));
  await next();
  c.res.headers.set("x-request-id", c.get("requestId"));
});
app.use("*", requestLog);

// The JSON API, the operator API and the description are never a page: Hono's secure headers,
// with framing and every content source refused. (The signer's and verification pages set their
// own policy, with nonces and the account's frame ancestors: src/http/page.ts.)
const apiHeaders = secureHeaders({
  xFrameOptions: "DENY",
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
});
app.use("/v1/*", apiHeaders);
app.use("/ops/*", apiHeaders);
app.use("/openapi.json", apiHeaders);
app.use("/oauth/token", apiHeaders);
app.use("/.well-known/*", apiHeaders);
app.use("/mcp", apiHeaders);
app.use("/oauth/register", apiHeaders);

const reported = new WeakSet<object>();
let outboxWarned = false; // once per isolate
// Nothing is served on a configuration that does not pass src/lib/config.ts (logged once per env).
app.use("*", async (c, next) => {
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
});

// With accounts spread over several databases, the rest of the request works on its account's (src/http/shard.ts).
app.use("*", accountShard);

// Every request is under the default body limit unless its route declares its own (src/http/body-limit.ts).
app.use("*", defaultBodyLimit);

// A request on an account's signing host reaches only that account's pages and signing routes.
app.use("*", signingHostGate);

// JSON bodies nest at most 32 levels, whichever route of the API or the operator API reads them
// (the only ones that take JSON; pages read forms, and uploads with limits of their own raw bytes).
const jsonRoutes = (c: Context<AppEnv>, next: () => Promise<void>) => (isOwnUpload(c) ? next() : jsonDepthLimit(c, next));
app.use("/v1/*", jsonRoutes);
app.use("/ops/*", jsonRoutes);

app.route("/", account);
app.route("/", templates);
app.route("/", documents);
app.route("/", envelopes);
app.route("/", bulkSends);
app.route("/", signerLinks);
app.route("/", embedSessions);
app.route("/", signing);
app.route("/", identityHooks);
app.route("/", qualified);
app.route("/", signerChanges);
app.route("/", evidence);
app.route("/", webhooks);
app.route("/", workflows);
app.route("/", subjects);
app.route("/", pdfPages);
app.route("/", pages);
app.route("/", oauth);
app.route("/", sms);
app.route("/", publicForm);
app.route("/", devices);
app.route("/", dashboard);
app.route("/", branding);
app.route("/", kiosk);
app.route("/", apiReference);
app.route("/", pdfjsAssets);
app.route("/", pki);
app.route("/", redaction);
app.route("/", home);
app.route("/", transparencyLog);
app.route("/", agents);

// Response headers, error schemas, security schemes and webhooks, declared once for every operation.
describeApi(app);
app.doc31("/openapi.json", documentConfig);
// The reference page's copy of it (src/routes/api-reference.ts): titled for the service, a curl sample per operation.
app.use("/docs/openapi.json", apiHeaders);
app.get("/docs/openapi.json", async (c) => c.json(withCurlSamples(await (await app.request("/openapi.json", {}, c.env)).json())));
// Every other address under /docs/ is a Markdown copy of the documentation, or nothing (src/routes/agent-docs.ts).
app.route("/", agentDocs);

// The operator API is not part of the integrators' contract, so it stays out of /openapi.json.
app.route("/ops/v1", ops);

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
