/**
 * Dynamic client registration for agents (RFC 7591; contract, "Agents and embedding"): an MCP
 * client registers itself and then runs the ordinary code flow with PKCE (src/domain/oauth.ts).
 *
 * - Public clients only: `token_endpoint_auth_method` is `none` (no secret is issued; PKCE S256,
 *   which the authorization endpoint always requires, binds each code to the client that asked).
 * - Redirect addresses: https, or http to a loopback host (127.0.0.1, localhost, [::1]) on any
 *   port; never an app scheme, a fragment or credentials.
 * - The consent page names the client as it registered itself and says so.
 * - A registration no member has connected within a day is deleted by the cron (`purgeOAuth`).
 * - Rate-limited per address by the route (REGISTER_LIMIT).
 */
import { z } from "@hono/zod-openapi";
import type { Env } from "../env";
import { type Db, dbOf } from "../db/client";
import { directoryDb, everyShard } from "../db/shards";
import { shardOf } from "../db/shard-env";
import { clientsWithConnections, deleteClients, purgeOAuthRows, unusedClientIds } from "../db/oauth";
import { insertAudit, insertOAuthClient } from "../db/accounts";
import { plainText, text } from "../lib/text";
import { newId, nowIso } from "../lib/ids";
import type { OAuthError } from "./vocabulary";
import { auditEntry } from "./accounts";
import { OAUTH_SCOPES, homepageProblem, redirectUriProblem, sortScopes } from "./oauth-protocol";

/** Registrations per address: 20 an hour. */
export const REGISTER_LIMIT = { limit: 20, windowSeconds: 3600, what: "address (client registrations)" } as const;

export type RegistrationErrorCode = Extract<OAuthError, "invalid_redirect_uri" | "invalid_client_metadata">;

/** An RFC 7591 §3.2.2 error: always 400, `{error, error_description}`. */
export class RegistrationError extends Error {
  constructor(
    readonly error: RegistrationErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/** The client metadata read (RFC 7591 §2); any other member is ignored, as the RFC says. */
export const ClientRegistration = z.object({
  redirect_uris: z.array(text().min(1).max(2000)).min(1).max(10),
  client_name: plainText().trim().min(1).max(100),
  client_uri: text().max(2000).optional(),
  token_endpoint_auth_method: z.literal("none").optional(),
  grant_types: z
    .array(z.enum(["authorization_code", "refresh_token"]))
    .min(1)
    .optional(),
  response_types: z.array(z.literal("code")).min(1).optional(),
  scope: text().max(1000).optional(),
});

/** Why a redirect address cannot be an agent's: https, or http to a loopback host only. */
export function agentRedirectProblem(uri: string): string | null {
  const problem = redirectUriProblem(uri);
  if (problem) return problem;
  return /^https?:$/.test(new URL(uri).protocol) ? null : "must use https (or http to 127.0.0.1, localhost or [::1])";
}

/** `POST /oauth/register`: reads the metadata, registers a public client, answers RFC 7591's response. */
export async function registerAgent(env: Env, body: unknown, address: string | null) {
  const parsed = ClientRegistration.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join(".");
    if (where.startsWith("redirect_uris")) throw new RegistrationError("invalid_redirect_uri", `${where}: ${issue.message}`);
    if (where === "token_endpoint_auth_method")
      throw new RegistrationError("invalid_client_metadata", "token_endpoint_auth_method: only none (public clients with PKCE) can register.");
    throw new RegistrationError("invalid_client_metadata", `${where || "body"}: ${issue.message}`);
  }
  const m = parsed.data;
  m.redirect_uris.forEach((uri, i) => {
    const problem = agentRedirectProblem(uri);
    if (problem) throw new RegistrationError("invalid_redirect_uri", `redirect_uris.${i}: ${problem}.`);
  });
  if (m.client_uri !== undefined) {
    const problem = homepageProblem(m.client_uri);
    if (problem) throw new RegistrationError("invalid_client_metadata", `client_uri: ${problem}.`);
  }
  let scopes: string[] = [...OAUTH_SCOPES];
  if (m.scope !== undefined && m.scope.trim() !== "") {
    const words = m.scope.trim().split(/\s+/);
    const unknown = words.filter((w) => !(OAUTH_SCOPES as readonly string[]).includes(w));
    if (unknown.length) throw new RegistrationError("invalid_client_metadata", `scope: not a scope an agent can ask for: ${unknown.join(" ")}.`);
    scopes = sortScopes(words);
  }
  // Clients are the deployment's, registered with the directory (shard 0).
  const db = directoryDb(env);
  const clientId = newId("cli");
  const now = nowIso();
  await db.batch([
    insertOAuthClient(db, {
      id: clientId,
      name: m.client_name,
      homepage: m.client_uri ?? "",
      redirectUris: m.redirect_uris,
      scopes,
      secretHash: "",
      selfRegistered: true,
      createdAt: now,
    }),
    insertAudit(db, auditEntry(null, `address:${address ?? "unknown"}`, "oauth_client.self_registered", { client_id: clientId, name: m.client_name })),
  ]);
  return {
    client_id: clientId,
    client_id_issued_at: Math.floor(Date.parse(now) / 1000),
    client_name: m.client_name,
    ...(m.client_uri ? { client_uri: m.client_uri } : {}),
    redirect_uris: m.redirect_uris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none" as const,
    scope: scopes.join(" "),
  };
}

// ---- the cron's clean-up ----

/** Cron: drops stale requests, codes and refresh tokens a day past their end, and unused self-registered clients. */
export async function purgeOAuth(env: Env, now: Date): Promise<void> {
  const db = dbOf(env);
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  await db.batch([...purgeOAuthRows(db, now.toISOString(), dayAgo)]);
  // Clients are registered with the directory (shard 0); one that only other shards' connections
  // use has none there, so those are asked before an unused self-registered client goes.
  if (shardOf(env) === 0) await purgeUnusedClients(env, db, dayAgo);
}

/** Self-registered clients created before `before` that no connection on any shard has used. */
async function purgeUnusedClients(env: Env, db: Db, before: string): Promise<void> {
  const candidates = await unusedClientIds(db, before);
  if (candidates.length === 0) return;
  const used = new Set((await Promise.all(everyShard(env).map((e) => clientsWithConnections(dbOf(e), candidates)))).flat());
  const gone = candidates.filter((id) => !used.has(id));
  if (gone.length) await deleteClients(db, gone);
}
