/**
 * OAuth 2.0 endpoints (spec, Authentication rule 8): the authorization endpoint and its consent
 * form (pages for a signed-in member), the token endpoint (form-encoded, RFC 6749 §5.2 errors),
 * and the RFC 8414 metadata. Thin: the rules are in src/domain/oauth.ts.
 *
 * /oauth/authorize and /oauth/token are described in /openapi.json (registered paths: the token
 * endpoint's errors are RFC 6749's, not the API's envelope, so no zod hook answers for them).
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createRouter } from "../http/router";
import { OAUTH_ERRORS } from "../domain/vocabulary";
import { logError } from "../lib/log";
import { ConsentExpired, OAuthTokenError, answerConsent, checkAuthorizeRequest, errorRedirect, metadata, openConsent, tokenRequest } from "../domain/oauth";
import type { Lang, T } from "../i18n";
import { translate } from "../http/language";
import { pageHeaders } from "../http/page";
import { MessagePage } from "../pages/layout";
import { ConsentPage } from "../pages/oauth";
import { csrfOk, sessionMember } from "../http/session";
import { formOf } from "../http/forms";

type C = Context<AppEnv>;

// ---------------------------------------------------------------------------------------------
// The dashboard session (src/http/session.ts `sessionMember`): the one seam with member sign-in.

/** Where a member signs in, coming back to `next` (a path on this service) afterwards. */
const signInPath = (next: string) => `/app/sign-in?next=${encodeURIComponent(next)}`;

// ---------------------------------------------------------------------------------------------

/** The same page in another language: the page's own query with `lang` replaced. */
const langHrefOf = (c: C) => (lang: Lang) => {
  const url = new URL(c.req.url);
  url.searchParams.set("lang", lang);
  return `${url.pathname}${url.search}`;
};

function messagePage(c: C, t: T, heading: string, line: string, status: 400 | 403) {
  const nonce = pageHeaders(c);
  return c.html(MessagePage({ t, nonce, langHref: langHrefOf(c), heading, lines: [line] }), status);
}

/**
 * The consent page may only post to this service, and the answer to it redirects to the client's
 * address: browsers hold that redirect to the page's `form-action` too, so the client's origin (or
 * its scheme, for an app's own scheme) is added to the page's policy.
 */
function consentTarget(redirectUri: string): string {
  const u = new URL(redirectUri);
  return u.protocol === "http:" || u.protocol === "https:" ? u.origin : u.protocol;
}

export const oauth = createRouter();

oauth.get("/oauth/authorize", async (c) => {
  const query = new URL(c.req.url).searchParams;
  const t = await translate(c);
  const checked = await checkAuthorizeRequest(c.env, query);
  if (checked.kind === "page") return messagePage(c, t, t("oauthBadTitle"), t(checked.why === "client" ? "oauthBadClient" : "oauthBadRedirect"), 400);
  if (checked.kind === "redirect") return c.redirect(errorRedirect(c.env, checked), 302);

  const member = await sessionMember(c);
  if (!member) {
    const url = new URL(c.req.url);
    return c.redirect(signInPath(`${url.pathname}${url.search}`), 302);
  }
  const consent = await openConsent(c.env, checked, member);
  // Not no-referrer: browsers would then post the form with `Origin: null`, and the dashboard's
  // same-origin check needs the real origin. Nothing leaves this origin with a referrer.
  const nonce = pageHeaders(c, { formTargets: [consentTarget(checked.redirectUri)], referrer: "same-origin" });
  return c.html(
    ConsentPage({
      t,
      nonce,
      consent,
      csrf: member.csrf,
      accountName: member.tenantName,
      memberName: `${member.fullName} <${member.email}>`,
      langHref: langHrefOf(c),
    }),
    200,
  );
});

oauth.post("/oauth/consent", async (c) => {
  const form = await formOf(c);
  const t = await translate(c, form.lang);
  const member = await sessionMember(c);
  if (!member) return messagePage(c, t, t("oauthExpiredTitle"), t("oauthExpiredBody"), 403);
  // The dashboard's CSRF rule (same origin, the session's token) on top of the single-use request id.
  if (!(await csrfOk(c, member.csrf))) return messagePage(c, t, t("oauthExpiredTitle"), t("oauthExpiredBody"), 403);
  const decision = form.decision;
  if (decision !== "allow" && decision !== "deny") return messagePage(c, t, t("oauthExpiredTitle"), t("oauthExpiredBody"), 400);
  try {
    const to = await answerConsent(c.env, form.request ?? "", member, decision === "allow", `member:${member.memberId}`);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    return c.redirect(to, 303);
  } catch (err) {
    if (err instanceof ConsentExpired) return messagePage(c, t, t("oauthExpiredTitle"), t("oauthExpiredBody"), 400);
    throw err;
  }
});

/** The token endpoint's answers never stay in a cache (RFC 6749 §5.1). */
const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

oauth.post("/oauth/token", async (c) => {
  try {
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
      throw new OAuthTokenError("invalid_request", "The body must be application/x-www-form-urlencoded.");
    }
    const form = new URLSearchParams(await c.req.text());
    return c.json(await tokenRequest(c.env, c.req.header("authorization"), form), 200, NO_STORE);
  } catch (err) {
    if (!(err instanceof OAuthTokenError)) {
      logError("token endpoint failed", err, { requestId: c.get("requestId") });
      return c.json({ error: "server_error", error_description: `Something went wrong on our side; quote request id ${c.get("requestId")}.` }, 500, NO_STORE);
    }
    const headers: Record<string, string> = { ...NO_STORE };
    if (err.status === 401) headers["WWW-Authenticate"] = 'Basic realm="oauth"';
    return c.json({ error: err.error, error_description: err.description }, err.status, headers);
  }
});

oauth.get("/.well-known/oauth-authorization-server", (c) =>
  c.json(metadata(c.env), 200, { "Cache-Control": "public, max-age=3600", "Access-Control-Allow-Origin": "*" }),
);

// Described in /openapi.json for integrators; served by the handlers above.
oauth.openAPIRegistry.registerPath({
  method: "get",
  path: "/oauth/authorize",
  operationId: "oauthAuthorize",
  tags: ["oauth"],
  summary: "Authorization endpoint (a page for the business's member): code flow with PKCE S256",
  description: [
    "Query: response_type=code, client_id, redirect_uri (exactly as registered), scope (space separated, within the client's registered scopes;",
    "absent = all of them), state (returned untouched, at most 2000 characters), code_challenge (base64url SHA-256 of the verifier, 43 characters),",
    "code_challenge_method=S256. An unknown client or a redirect_uri that is not registered exactly answers an HTML page (400), never a redirect.",
    "Other errors redirect to redirect_uri with error, error_description, the untouched state and iss (RFC 9207). A member who is not signed in",
    "is sent to sign in and back. The signed-in member sees the consent page: the client's name and homepage and each scope in plain words,",
    "narrowed to what the member's role can do (owner/admin: every scope but signing:device; member: not signing:webhooks; viewer: signing:read).",
    "Agreeing redirects with code (single use, 60 seconds), state and iss; declining with error=access_denied.",
  ].join(" "),
  responses: {
    200: {
      description: "The consent page (HTML) for a signed-in member",
      content: { "text/html": { schema: { type: "string" }, example: '<!doctype html><html lang="en"><head><title>Allow Partner App?</title>…</html>' } },
    },
    302: { description: "To redirect_uri with an error, or to sign in first" },
    400: { description: "Unknown client or redirect_uri not registered (HTML page)", content: { "text/html": { schema: { type: "string" } } } },
  },
});

oauth.openAPIRegistry.registerComponent("schemas", "OAuthError", {
  type: "object",
  description: "An RFC 6749 §5.2 error body, or RFC 7591 §3.2.2 for registration (not the API's envelope).",
  required: ["error"],
  properties: {
    error: { type: "string", enum: [...OAUTH_ERRORS] },
    error_description: { type: "string", description: "What went wrong, in words." },
  },
});
const OAuthErrorBody = { $ref: "#/components/schemas/OAuthError" };

oauth.openAPIRegistry.registerPath({
  method: "post",
  path: "/oauth/token",
  operationId: "oauthToken",
  tags: ["oauth"],
  summary: "Token endpoint: authorization_code (with PKCE) and refresh_token grants",
  description: [
    "Form-encoded. The client authenticates with HTTP Basic (client_id:client_secret) or client_id and client_secret in the body, not both.",
    "grant_type=authorization_code takes code, redirect_uri and code_verifier; grant_type=refresh_token takes refresh_token and an optional,",
    "narrower scope. The answer carries an access token (an API key, mk_live_…, live mode, one hour, the granted scopes) and the next refresh",
    "token; each refresh token works once. A code or refresh token presented a second time ends the whole connection (its tokens then answer",
    "401) and the account's audit trail records why. Errors are RFC 6749 §5.2 bodies {error, error_description}: 400, or 401 for invalid_client, and 413 invalid_request for a body over one megabyte.",
    "Every answer carries Cache-Control: no-store.",
  ].join(" "),
  request: {
    body: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: {
            type: "object",
            required: ["grant_type"],
            properties: {
              grant_type: { type: "string", enum: ["authorization_code", "refresh_token"] },
              code: { type: "string" },
              redirect_uri: { type: "string" },
              code_verifier: { type: "string", minLength: 43, maxLength: 128 },
              refresh_token: { type: "string" },
              scope: { type: "string" },
              client_id: { type: "string" },
              client_secret: { type: "string" },
            },
          },
          example: {
            grant_type: "authorization_code",
            code: "4f1c9a2e7b3d8f6a0c5e1b9d2a7f3c8e6b0d4a9f2c7e1b5d8a3f6c0e9b2d7a41",
            redirect_uri: "https://partner.example/callback",
            code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
            client_id: "cli_7q2m4k9x1b3n5p8r0t6v",
          },
        },
      },
    },
  },
  responses: {
    200: {
      description: "Tokens",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["access_token", "token_type", "expires_in", "scope", "refresh_token"],
            properties: {
              access_token: { type: "string", description: "mk_live_ and 48 hex characters" },
              token_type: { type: "string", enum: ["Bearer"] },
              expires_in: { type: "integer", enum: [3600] },
              scope: { type: "string", description: "Granted scopes, space separated" },
              refresh_token: { type: "string" },
            },
          },
          example: {
            access_token: "mk_live_3b9f0c2a7d4e1f6a8b5c0d9e2f7a4b1c6d3e8f0a5b2c7d4e",
            token_type: "Bearer",
            expires_in: 3600,
            scope: "signing:read signing:write",
            refresh_token: "mrt_9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b",
          },
        },
      },
    },
    400: {
      description: "invalid_request, invalid_grant, invalid_scope, unsupported_grant_type",
      content: {
        "application/json": {
          schema: OAuthErrorBody,
          example: { error: "invalid_grant", error_description: "The code is unknown, spent or expired." },
        },
      },
    },
    401: {
      description: "invalid_client",
      content: {
        "application/json": { schema: OAuthErrorBody, example: { error: "invalid_client", error_description: "Client authentication failed." } },
      },
    },
    413: {
      description: "invalid_request: the body is over one megabyte",
      content: {
        "application/json": {
          schema: OAuthErrorBody,
          example: { error: "invalid_request", error_description: "The request body is larger than one megabyte." },
        },
      },
    },
    500: {
      description: "server_error",
      content: {
        "application/json": {
          schema: OAuthErrorBody,
          example: { error: "server_error", error_description: "Something went wrong on our side; quote request id 3f0c1a9e-54b2-4c8e-9d2e-6b1f0a7c2d11." },
        },
      },
    },
  },
});
