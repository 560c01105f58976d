/**
 * OAuth 2.0 for partner apps (spec, Authentication rule 8; RFC 6749, RFC 7636, RFC 9700): the
 * authorization code flow with PKCE (S256 only), refresh tokens that rotate on every use, and
 * connections the business can end. Free of HTTP: src/routes/oauth.ts reads requests and writes
 * answers.
 *
 * - A connection is (account, client, member); agreeing creates it or updates its scopes.
 * - Access tokens are API keys (`mk_live_…`, SHA-256 only, one hour) carrying the granted scopes
 *   and the connection's id; they all share the connection's RateLimiter object, which is both their
 *   one rate limit (minting tokens buys no extra budget) and their revocation authority.
 * - Codes (60 s) and refresh tokens (90 days) are stored as SHA-256 and claimed by one conditional
 *   UPDATE, so a second use is recognised even when both arrive together. A second use of either
 *   ends the whole connection, recorded on the account's audit trail.
 */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { directoryDb, envOfKey } from "../db/shards";
import { shardOf } from "../db/shard-env";
import { SCOPES, type MemberRole, type OAuthError, type Scope } from "./vocabulary";
import { insertAudit, insertKey } from "../db/accounts";
import {
  claimCode,
  claimRefresh,
  clientById,
  codeByHash,
  connectionById,
  insertCode,
  insertRefresh,
  insertRequest,
  listConnectionRows,
  copyClient,
  refreshByHash,
  revokeConnectionKeys,
  revokeConnectionRefreshTokens,
  revokeConnectionRow,
  takeRequest,
  touchConnection,
  upsertConnection,
  type ConnectionWithMember,
  type OAuthClientRow,
} from "../db/oauth";
import { randomHex, sha256Hex, timingSafeEqual } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { connectionLimiterName } from "../objects/rate-limiter/client";
import { newApiKey } from "./api-keys";
import { ApiError } from "../lib/errors";
import { auditEntry, requireTenant } from "./accounts";
import { limiter } from "../objects/rate-limiter/client";
import {
  CODE_TTL_SECONDS,
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_DAYS,
  REQUEST_TTL_SECONDS,
  MAX_STATE_LENGTH,
  type SessionMember,
  later,
  isPast,
  sortScopes,
  narrowToRole,
  s256,
  VERIFIER,
  CHALLENGE,
  duplicated,
  issuer,
} from "./oauth-protocol";
export {
  CODE_TTL_SECONDS,
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_DAYS,
  REQUEST_TTL_SECONDS,
  MAX_STATE_LENGTH,
  narrowToRole,
  s256,
  redirectUriProblem,
  homepageProblem,
  issuer,
  metadata,
} from "./oauth-protocol";
export type { SessionMember } from "./oauth-protocol";

// ---------------------------------------------------------------------------------------------
// Authorization endpoint

/** Why the request cannot go back to the client: the answer is a page, never a redirect. */
export type PageRefusal = { kind: "page"; why: "client" | "redirect" };
/** An error the client hears about at its own redirect address (RFC 6749 §4.1.2.1). */
export type RedirectRefusal = { kind: "redirect"; redirectUri: string; error: OAuthError; description: string; state: string | null };
/** A request fit to show the member. */
export type AuthorizeRequest = {
  kind: "ok";
  client: OAuthClientRow;
  redirectUri: string;
  scopes: Scope[];
  state: string | null;
  codeChallenge: string;
};

/**
 * Checks `GET /oauth/authorize`'s query in RFC 6749's order: the client and its exact redirect
 * address first (failing either, nothing is sent back to an address nobody vouched for), then the
 * rest, which is answered at the redirect address with the untouched `state`.
 */
export async function checkAuthorizeRequest(env: Env, q: URLSearchParams): Promise<PageRefusal | RedirectRefusal | AuthorizeRequest> {
  const clientIds = q.getAll("client_id");
  const clientId = clientIds.length === 1 ? clientIds[0]! : "";
  const client = clientId && clientId.length <= 64 ? await clientById(directoryDb(env), clientId) : undefined;
  if (!client) return { kind: "page", why: "client" };
  const redirects = q.getAll("redirect_uri");
  const redirectUri = redirects.length === 1 ? redirects[0]! : "";
  // Exact string match (RFC 9700 §4.1.3): no normalising, no prefix, no pattern.
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) return { kind: "page", why: "redirect" };

  const states = q.getAll("state");
  const state = states.length > 0 ? states[0]! : null;
  const refuse = (error: OAuthError, description: string): RedirectRefusal => ({ kind: "redirect", redirectUri, error, description, state });

  const dup = duplicated(q);
  if (dup) return refuse("invalid_request", `${dup} is given more than once.`);
  if (state !== null && state.length > MAX_STATE_LENGTH) return refuse("invalid_request", `state is longer than ${MAX_STATE_LENGTH} characters.`);
  const responseType = q.get("response_type");
  if (!responseType) return refuse("invalid_request", "response_type is required.");
  if (responseType !== "code") return refuse("unsupported_response_type", "Only response_type=code is supported (no implicit flow).");
  const method = q.get("code_challenge_method");
  const challenge = q.get("code_challenge");
  if (!challenge) return refuse("invalid_request", "code_challenge is required (PKCE with S256).");
  if (method !== "S256") return refuse("invalid_request", "code_challenge_method must be S256 (plain is not supported).");
  if (!CHALLENGE.test(challenge)) return refuse("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier (43 characters).");

  const asked = q.get("scope");
  let scopes: Scope[];
  if (asked === null || asked.trim() === "") scopes = sortScopes(client.scopes);
  else {
    const words = asked.trim().split(/ +/);
    const unknown = words.filter((w) => !client.scopes.includes(w) || !(SCOPES as readonly string[]).includes(w));
    if (unknown.length) return refuse("invalid_scope", `Not registered for this client: ${unknown.join(" ")}.`);
    scopes = sortScopes(words);
  }
  return { kind: "ok", client, redirectUri, scopes, state, codeChallenge: challenge };
}

/** The client's redirect address with the answer's parameters added (its own query kept). */
export function redirectWith(env: Env, redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.append(k, v);
  // RFC 9207: the issuer names who answered, so a client talking to several servers cannot be mixed up.
  url.searchParams.append("iss", issuer(env));
  return url.href;
}

export const errorRedirect = (env: Env, r: RedirectRefusal) =>
  redirectWith(env, r.redirectUri, { error: r.error, error_description: r.description, state: r.state });

/** What the consent page shows, and the id its form sends back. */
export type Consent = {
  requestId: string;
  /** `selfRegistered`: the client registered itself (RFC 7591): its name is its own claim. */
  client: { id: string; name: string; homepage: string; selfRegistered: boolean };
  /** Scopes that will be granted (asked, registered and within the member's role). */
  granted: Scope[];
  /** Scopes asked for that the member's role cannot grant. */
  withheld: Scope[];
};

/**
 * Opens the consent step for a signed-in member: the request is kept (ten minutes) under a random
 * id that only this member's answer can redeem, once. The form carries that id, so a page on
 * another site cannot answer for the member (and the session cookie is SameSite=Lax).
 */
export async function openConsent(env: Env, req: AuthorizeRequest, member: SessionMember): Promise<Consent> {
  const requestId = randomHex(32);
  await insertRequest(dbOf(env), {
    idHash: await sha256Hex(requestId),
    tenantId: member.tenantId,
    memberId: member.memberId,
    clientId: req.client.id,
    redirectUri: req.redirectUri,
    scopes: req.scopes,
    state: req.state,
    codeChallenge: req.codeChallenge,
    expiresAt: later(REQUEST_TTL_SECONDS),
  });
  const granted = narrowToRole(req.scopes, member.role);
  return {
    requestId,
    client: { id: req.client.id, name: req.client.name, homepage: req.client.homepage, selfRegistered: req.client.selfRegistered },
    granted,
    withheld: req.scopes.filter((s) => !granted.includes(s)),
  };
}

/** The consent form's answer could not be matched to a request of this member (stale or forged). */
export class ConsentExpired extends Error {}

/**
 * The member's answer: agreeing creates or updates the connection and issues a code (60 s); either
 * way the answer is the redirect to the client, carrying `state` untouched.
 */
export async function answerConsent(env: Env, requestId: string, member: SessionMember, allow: boolean, actor: string): Promise<string> {
  const db = dbOf(env);
  const req = /^[0-9a-f]{64}$/.test(requestId) ? await takeRequest(db, await sha256Hex(requestId)) : undefined;
  if (!req || req.memberId !== member.memberId || req.tenantId !== member.tenantId || isPast(req.expiresAt)) throw new ConsentExpired();
  const client = await clientById(directoryDb(env), req.clientId);
  if (!client?.redirectUris.includes(req.redirectUri)) throw new ConsentExpired();
  const granted = narrowToRole(req.scopes, member.role).filter((s) => client.scopes.includes(s));
  if (!allow || granted.length === 0) {
    return redirectWith(env, req.redirectUri, {
      error: "access_denied",
      error_description: allow ? "The member's role cannot grant any of the scopes asked for." : "The member did not agree.",
      state: req.state,
    });
  }
  const now = nowIso();
  // On a shard other than 0, the account's connections point at a copy of the client (kept as registered).
  if (shardOf(env) !== 0) await copyClient(db, client);
  const connection = await upsertConnection(db, {
    id: newId("con"),
    tenantId: member.tenantId,
    clientId: client.id,
    memberId: member.memberId,
    scopes: granted,
    createdAt: now,
  });
  if (!connection) throw new Error("connection upsert returned nothing");
  const code = randomHex(32);
  await db.batch([
    insertCode(db, {
      codeHash: await sha256Hex(code),
      connectionId: connection.id,
      tenantId: member.tenantId,
      clientId: client.id,
      redirectUri: req.redirectUri,
      codeChallenge: req.codeChallenge,
      scopes: granted,
      expiresAt: later(CODE_TTL_SECONDS, now),
      createdAt: now,
    }),
    insertAudit(
      db,
      auditEntry(member.tenantId, actor, "oauth.connected", { connection_id: connection.id, client_id: client.id, client_name: client.name, scopes: granted }),
    ),
  ]);
  return redirectWith(env, req.redirectUri, { code, state: req.state });
}

// ---------------------------------------------------------------------------------------------
// Token endpoint

/** An RFC 6749 §5.2 error: 400, or 401 for `invalid_client`. */
export class OAuthTokenError extends Error {
  constructor(
    readonly error: OAuthError,
    readonly description: string,
  ) {
    super(description);
  }
  get status(): 400 | 401 {
    return this.error === "invalid_client" ? 401 : 400;
  }
}

export type TokenAnswer = { access_token: string; token_type: "Bearer"; expires_in: number; scope: string; refresh_token: string };

/** A stand-in hash compared when the client is unknown, so both answers take the same time. */
const NO_CLIENT_HASH = "0".repeat(64);

/** `application/x-www-form-urlencoded` decoding of one Basic credential part (RFC 6749 §2.3.1). */
function formDecode(s: string): string | null {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/** The client, authenticated by HTTP Basic or by client_id and client_secret in the body (not both). */
async function authenticateClient(env: Env, authorization: string | undefined, form: URLSearchParams): Promise<OAuthClientRow> {
  let id: string | null = null;
  let secret: string | null = null;
  const basic = /^Basic\s+(\S*)\s*$/i.exec(authorization ?? "");
  if (basic) {
    let decoded: string;
    try {
      decoded = atob(basic[1]!);
    } catch {
      throw new OAuthTokenError("invalid_client", "The Basic credentials could not be read.");
    }
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new OAuthTokenError("invalid_client", "The Basic credentials must be client_id:client_secret.");
    id = formDecode(decoded.slice(0, colon));
    secret = formDecode(decoded.slice(colon + 1));
    if (form.has("client_secret")) throw new OAuthTokenError("invalid_request", "Use one way to authenticate the client: Basic or the body, not both.");
    if (form.has("client_id") && form.get("client_id") !== id)
      throw new OAuthTokenError("invalid_request", "client_id in the body differs from the Basic credentials.");
  } else {
    id = form.get("client_id");
    secret = form.get("client_secret");
  }
  const client = id && id.length <= 64 ? await clientById(directoryDb(env), id) : undefined;
  // A public client (self-registered, RFC 7591) has no secret: it names itself, and PKCE binds its codes.
  if (client?.selfRegistered) {
    if (secret) throw new OAuthTokenError("invalid_client", "This client is public: send client_id only, no secret.");
    return client;
  }
  if (!id || !secret) throw new OAuthTokenError("invalid_client", "Client authentication is required (HTTP Basic or client_id and client_secret).");
  const ok = timingSafeEqual(await sha256Hex(secret), client?.secretHash ?? NO_CLIENT_HASH);
  if (!client || !ok) throw new OAuthTokenError("invalid_client", "Unknown client or wrong secret.");
  return client;
}

function required(form: URLSearchParams, name: string): string {
  const v = form.get(name);
  if (!v) throw new OAuthTokenError("invalid_request", `${name} is required.`);
  return v;
}

/**
 * `POST /oauth/token`: `form` is the urlencoded body, `authorization` the header. Answers the
 * tokens or throws OAuthTokenError. Client authentication comes first, so nobody without the
 * client's secret learns anything about a code or token (or can spend one).
 */
export async function tokenRequest(env: Env, authorization: string | undefined, form: URLSearchParams): Promise<TokenAnswer> {
  const dup = duplicated(form);
  if (dup) throw new OAuthTokenError("invalid_request", `${dup} is given more than once.`);
  const client = await authenticateClient(env, authorization, form);
  const grant = form.get("grant_type");
  if (!grant) throw new OAuthTokenError("invalid_request", "grant_type is required.");
  if (grant === "authorization_code") return redeemCode(env, client, form);
  if (grant === "refresh_token") return redeemRefresh(env, client, form);
  throw new OAuthTokenError("unsupported_grant_type", "Supported grants: authorization_code and refresh_token.");
}

async function redeemCode(env: Env, client: OAuthClientRow, form: URLSearchParams): Promise<TokenAnswer> {
  const code = required(form, "code");
  const redirectUri = required(form, "redirect_uri");
  const verifier = required(form, "code_verifier");
  if (!VERIFIER.test(verifier)) throw new OAuthTokenError("invalid_request", "code_verifier must be 43-128 characters of A-Z, a-z, 0-9, -, ., _, ~.");
  const codeHash = await sha256Hex(code);
  env = await envOfKey(env, "oauth_code", codeHash);
  const db = dbOf(env);
  const { claimed, found } = code.length <= 200 ? await claimCode(db, codeHash, client.id, nowIso()) : { claimed: undefined, found: undefined };
  if (!claimed) {
    const seen = code.length <= 200 ? await codeByHash(db, codeHash) : undefined;
    // Another client's code is refused as it is: not spent, not counted as a reuse.
    if (seen && seen.clientId !== client.id) throw new OAuthTokenError("invalid_grant", "The code was issued to another client.");
    if (seen?.usedAt) {
      // RFC 6749 §4.1.2: a code used twice may have been stolen; what it granted is withdrawn.
      await endConnection(env, seen.connectionId, "authorization code used twice", `client:${client.id}`, "oauth.code_reused");
      throw new OAuthTokenError("invalid_grant", "The code was already used; the connection it opened is ended.");
    }
    throw new OAuthTokenError("invalid_grant", "Unknown or used code.");
  }
  if (isPast(claimed.expiresAt)) throw new OAuthTokenError("invalid_grant", `The code has expired (codes live ${CODE_TTL_SECONDS} seconds).`);
  if (claimed.redirectUri !== redirectUri) throw new OAuthTokenError("invalid_grant", "redirect_uri differs from the one the code was issued for.");
  if (!timingSafeEqual(await s256(verifier), claimed.codeChallenge))
    throw new OAuthTokenError("invalid_grant", "code_verifier does not match the code_challenge.");
  return issueTokens(env, client, found, claimed.scopes, null);
}

async function redeemRefresh(env: Env, client: OAuthClientRow, form: URLSearchParams): Promise<TokenAnswer> {
  const token = required(form, "refresh_token");
  const askedScope = form.get("scope");
  const tokenHash = await sha256Hex(token);
  env = await envOfKey(env, "oauth_refresh", tokenHash);
  const db = dbOf(env);
  const { claimed, found } = token.length <= 200 ? await claimRefresh(db, tokenHash, client.id, nowIso()) : { claimed: undefined, found: undefined };
  if (!claimed) {
    const seen = token.length <= 200 ? await refreshByHash(db, tokenHash) : undefined;
    // Another client's token is refused as it is: not spent, not counted as a reuse.
    if (seen && seen.clientId !== client.id) throw new OAuthTokenError("invalid_grant", "The refresh token was issued to another client.");
    if (seen?.usedAt) {
      // The spec: a refresh token presented twice is treated as stolen.
      await endConnection(env, seen.connectionId, "refresh token used twice", `client:${client.id}`, "oauth.refresh_token_reused");
      throw new OAuthTokenError("invalid_grant", "The refresh token was already used; the connection is ended.");
    }
    throw new OAuthTokenError("invalid_grant", "Unknown, used or revoked refresh token.");
  }
  if (isPast(claimed.expiresAt)) throw new OAuthTokenError("invalid_grant", "The refresh token has expired.");
  let narrower: string[] | null = null;
  if (askedScope !== null && askedScope.trim() !== "") {
    narrower = askedScope.trim().split(/ +/);
    const extra = narrower.filter((s) => !claimed.scopes.includes(s));
    if (extra.length) throw new OAuthTokenError("invalid_scope", `Not granted to this connection: ${extra.join(" ")}.`);
  }
  return issueTokens(env, client, found, claimed.scopes, narrower);
}

/**
 * Access and next refresh token for a live connection. The grant is narrowed again to what the
 * member's role can do now and what the client is registered for now (a member moved to viewer
 * stops granting writes at the next refresh); `narrower` is the refresh request's own `scope`.
 */
async function issueTokens(
  env: Env,
  client: OAuthClientRow,
  found: ConnectionWithMember | undefined,
  grantScopes: string[],
  narrower: string[] | null,
): Promise<TokenAnswer> {
  const db = dbOf(env);
  if (!found || found.revokedAt) throw new OAuthTokenError("invalid_grant", "The connection has been ended.");
  const connection = found;
  const grant = narrowToRole(grantScopes, found.role).filter((s) => client.scopes.includes(s));
  const scopes = narrower ? grant.filter((s) => narrower.includes(s)) : grant;
  if (scopes.length === 0)
    throw new OAuthTokenError("invalid_grant", "Nothing is left to grant: the member's role or the client's registration no longer allows these scopes.");
  const { key: accessToken, keyHash, keyPrefix } = await newApiKey("live");
  const refreshToken = `mrt_${randomHex(32)}`;
  const now = nowIso();
  await db.batch([
    insertKey(db, {
      id: newId("key"),
      tenantId: connection.tenantId,
      label: `OAuth: ${client.name}`,
      mode: "live",
      keyHash,
      keyPrefix,
      scopes,
      allowedIps: null,
      expiresAt: later(ACCESS_TOKEN_TTL_SECONDS, now),
      oauthConnectionId: connection.id,
      createdAt: now,
    }),
    insertRefresh(db, {
      tokenHash: await sha256Hex(refreshToken),
      connectionId: connection.id,
      tenantId: connection.tenantId,
      clientId: client.id,
      scopes: grant,
      expiresAt: later(REFRESH_TOKEN_TTL_DAYS * 86400, now),
      createdAt: now,
    }),
    touchConnection(db, connection.id, now),
  ]);
  return { access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS, scope: scopes.join(" "), refresh_token: refreshToken };
}

// ---------------------------------------------------------------------------------------------
// Connections

/**
 * Ends a connection: its access tokens answer 401 from the very next request (the connection's
 * RateLimiter object, which every request with one of them passes through, is told first, so even
 * an isolate still holding a token in its lookup cache refuses it), its refresh tokens and unused
 * codes stop working, and the account's audit trail records who ended it and why. Idempotent.
 */
export async function endConnection(env: Env, connectionId: string, reason: string, actor: string, action = "oauth.connection_ended"): Promise<boolean> {
  const db = dbOf(env);
  const row = await connectionById(db, connectionId);
  if (!row) return false;
  await limiter(env, connectionLimiterName(connectionId)).revoke();
  const now = nowIso();
  await db.batch([
    revokeConnectionRow(db, connectionId, now, reason),
    revokeConnectionKeys(db, connectionId, now, `OAuth connection ended: ${reason}`),
    revokeConnectionRefreshTokens(db, connectionId, now),
    ...(row.revokedAt
      ? []
      : [insertAudit(db, auditEntry(row.tenantId, actor, action, { connection_id: connectionId, client_id: row.clientId, member_id: row.memberId, reason }))]),
  ]);
  return true;
}

/** Ends one of the account's connections (dashboard or operator); 404 when it is not the account's. */
export async function endAccountConnection(env: Env, tenantId: string, connectionId: string, reason: string, actor: string) {
  const row = await connectionById(dbOf(env), connectionId);
  if (!row || row.tenantId !== tenantId) throw new ApiError("not_found", `No OAuth connection has the id ${connectionId} in this account.`);
  await endConnection(env, connectionId, reason, actor);
  return { ended: true as const };
}

export type ConnectionView = {
  connection_id: string;
  client: { client_id: string; name: string; homepage: string };
  member: { member_id: string; email: string; full_name: string; role: MemberRole };
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
};

/** The account's connections, newest first: live ones, or all with `ended`. */
export async function listConnections(env: Env, tenantId: string, opts: { ended?: boolean } = {}): Promise<{ connections: ConnectionView[] }> {
  await requireTenant(env, tenantId);
  const rows = await listConnectionRows(dbOf(env), tenantId, opts.ended ?? false);
  return {
    connections: rows.map(({ connection: c, client, member }) => ({
      connection_id: c.id,
      client: { client_id: client.id, name: client.name, homepage: client.homepage },
      member: { member_id: member.id, email: member.email, full_name: member.fullName, role: member.role },
      scopes: c.scopes,
      created_at: c.createdAt,
      last_used_at: c.lastUsedAt,
      ended_at: c.revokedAt,
      end_reason: c.revokeReason,
    })),
  };
}
