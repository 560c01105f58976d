/** OAuth: the registered clients, the accounts' connections, authorization requests, codes and refresh tokens. (src/db/schema.ts re-exports every table.) */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { now } from "./common";
import { tenants, members } from "./accounts";

export const oauthClients = sqliteTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  homepage: text("homepage").notNull(),
  redirectUris: text("redirect_uris", { mode: "json" }).$type<string[]>().notNull(),
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  /** SHA-256 of the client secret; empty for a public client (self-registered: it has no secret, PKCE alone binds its codes). */
  secretHash: text("secret_hash").notNull(),
  createdAt: text("created_at").notNull().default(now),
  /**
   * Registered by the client itself (RFC 7591, `POST /oauth/register`): a public client
   * (`token_endpoint_auth_method: none`), marked as such on the consent page; deleted by the cron
   * when no member has connected it within a day of registering.
   */
  selfRegistered: integer("self_registered", { mode: "boolean" }).notNull().default(false),
});

/**
 * A member's agreement that a client acts for the account: (account, client, member), at most one
 * live per triple (agreeing again updates its scopes). Ending it ends its tokens at once.
 */
export const oauthConnections = sqliteTable(
  "oauth_connections",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id")
      .notNull()
      .references(() => tenants.id),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id),
    /** JSON string[]: the scopes granted at the last agreement (registered ∩ asked ∩ the member's role). */
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    createdAt: text("created_at").notNull().default(now),
    /** Last token issued or last API call with one of its access tokens (to the minute). */
    lastUsedAt: text("last_used_at"),
    revokedAt: text("revoked_at"),
    revokeReason: text("revoke_reason"),
  },
  (t) => [
    uniqueIndex("oauth_connections_live").on(t.tenantId, t.clientId, t.memberId).where(sql`revoked_at is null`),
    index("oauth_connections_tenant").on(t.tenantId, t.createdAt),
  ],
);

/**
 * An authorization request a signed-in member is looking at (the consent page), waiting for the
 * answer. Its random id is the consent form's hidden field: bound to the member, single use, ten
 * minutes. Only the id's SHA-256 is stored.
 */
export const oauthRequests = sqliteTable("oauth_requests", {
  idHash: text("id_hash").primaryKey(),
  tenantId: text("tenant_id").notNull(),
  memberId: text("member_id").notNull(),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  /** JSON string[]: what the client asked for (the grant is narrowed again on agreement). */
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  /** The client's `state`, returned untouched; null when it sent none. */
  state: text("state"),
  codeChallenge: text("code_challenge").notNull(),
  expiresAt: text("expires_at").notNull(),
});

/** Authorization codes: SHA-256 only, 60 seconds, single use (`used_at`). */
export const oauthCodes = sqliteTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  connectionId: text("connection_id").notNull(),
  tenantId: text("tenant_id").notNull(),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
  expiresAt: text("expires_at").notNull(),
  usedAt: text("used_at"),
  createdAt: text("created_at").notNull().default(now),
});

/** Refresh tokens: SHA-256 only, single use (`used_at`), each use answered with the next. */
export const oauthRefreshTokens = sqliteTable(
  "oauth_refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    connectionId: text("connection_id").notNull(),
    tenantId: text("tenant_id").notNull(),
    clientId: text("client_id").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    revokedAt: text("revoked_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [index("oauth_refresh_tokens_connection").on(t.connectionId)],
);
