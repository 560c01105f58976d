/**
 * The fixed parts of the service's OAuth 2.0 (RFC 6749, RFC 7636, RFC 8414): lifetimes, PKCE (S256),
 * the parameter rules, what a client may register as its redirect address and homepage, and the
 * server's metadata. No storage: the grants, tokens and connections are src/domain/oauth.ts, which
 * re-exports these.
 */
import type { Env } from "../env";
import { ROLE_SCOPES, SCOPES, type MemberRole, type Scope } from "./vocabulary";
import { nowIso } from "../lib/ids";
import { publicBaseUrl } from "../lib/config";
import type { Session } from "./members";

export const CODE_TTL_SECONDS = 60;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_DAYS = 90;
/** How long a consent page may wait for the member's answer. */
export const REQUEST_TTL_SECONDS = 600;
/** The longest `state` taken back untouched. */
export const MAX_STATE_LENGTH = 2000;

/** The signed-in member agreeing (from the dashboard session). */
export type SessionMember = Pick<Session, "memberId" | "tenantId" | "role">;

export const later = (seconds: number, from = nowIso()) => new Date(Date.parse(from) + seconds * 1000).toISOString();
export const isPast = (iso: string) => Date.parse(iso) <= Date.now();
export const sortScopes = (s: Iterable<string>) => SCOPES.filter((x) => new Set(s).has(x));
/** The scopes OAuth knows: every scope but `signing:device`, which belongs to paired tablets alone. */
export const OAUTH_SCOPES = SCOPES.filter((s) => s !== "signing:device");

/** What a member of this role can grant out of `scopes`, in the spec's order. */
export function narrowToRole(scopes: readonly string[], role: MemberRole): Scope[] {
  const can = new Set<string>(ROLE_SCOPES[role] ?? []);
  return sortScopes(scopes.filter((s) => can.has(s)));
}

export const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** RFC 7636 §4.2: BASE64URL(SHA256(ASCII(code_verifier))). */
export async function s256(verifier: string): Promise<string> {
  return base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
}

export const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** The S256 challenge of a verifier is 32 bytes in base64url: 43 characters. */
export const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Parameters that must appear at most once (RFC 6749 §3.1, §3.2). */
export function duplicated(params: URLSearchParams): string | null {
  const seen = new Set<string>();
  for (const k of params.keys()) {
    if (seen.has(k)) return k;
    seen.add(k);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Registration

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Schemes that run or embed content instead of reaching an app: never a redirect address. */
const NEVER = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:", "about:", "ftp:", "ws:", "wss:"]);

/**
 * Why a redirect address cannot be registered, or null (RFC 6749 §3.1.2, RFC 9700 §4.1, RFC 8252
 * §7): https; http only to a loopback host (a native app's local server); or an app's own
 * reverse-domain scheme (`com.example.app:/callback`). Never a fragment or credentials.
 */
export function redirectUriProblem(uri: string): string | null {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return "is not an absolute URL";
  }
  if (u.hash || uri.includes("#")) return "must not contain a fragment (#)";
  if (u.username || u.password) return "must not contain credentials";
  if (u.protocol === "https:") return null;
  if (u.protocol === "http:") return LOOPBACK.has(u.hostname) ? null : "must use https (http only for localhost, 127.0.0.1 or [::1])";
  if (NEVER.has(u.protocol)) return `must not use ${u.protocol}`;
  if (!/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(u.protocol)) return "must use https, or an app's own reverse-domain scheme such as com.example.app:";
  return null;
}

/** The homepage is a link on the consent page: an http(s) address only. */
export const homepageProblem = (uri: string): string | null =>
  URL.canParse(uri) && /^https?:$/.test(new URL(uri).protocol) ? null : "must be an http or https address";

// ---------------------------------------------------------------------------------------------
// Metadata and clean-up

/** The issuer identifier: the public origin, as clients compare it (RFC 8414 §2, RFC 9207). */
export const issuer = (env: Env) => publicBaseUrl(env);

/** RFC 8414 authorization server metadata. */
export function metadata(env: Env) {
  const base = issuer(env);
  return {
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    registration_endpoint: `${base}/oauth/register`,
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
    scopes_supported: OAUTH_SCOPES,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/openapi.json`,
  };
}

/** RFC 9728 protected resource metadata of `/mcp`: who issues its tokens and what they carry. */
export function protectedResourceMetadata(env: Env) {
  const base = issuer(env);
  return {
    resource: `${base}/mcp`,
    authorization_servers: [base],
    scopes_supported: OAUTH_SCOPES,
    bearer_methods_supported: ["header"],
    resource_name: "edge-sign MCP server",
    resource_documentation: `${base}/docs/agents.md`,
  };
}

/** Where a client finds the metadata above: the `resource_metadata` of a 401 from `/mcp` (RFC 9728 §5.1). */
export const protectedResourceMetadataUrl = (env: Env) => `${issuer(env)}/.well-known/oauth-protected-resource`;
