/** Accounts (tenants), their API keys and members, and the account audit trail. */
import { toHex } from "../lib/bytes";
import { z } from "@hono/zod-openapi";
import { type Db, dbOf } from "../db/client";
import { directoryDb, everyShard, findOnShards, newestFirst, placeNewAccount } from "../db/shards";
import { onShard } from "../db/shard-env";
import type { Env, Mode } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { randomHex, sha256Hex, randomBytes } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { parseRange } from "../lib/ip";
import { phoneNumbers } from "../lib/phone-numbers";
import { keyLimiterName } from "../objects/rate-limiter/client";
import { newApiKey } from "./api-keys";
import type { Scope } from "./vocabulary";
import type { Lang } from "./vocabulary";
import { type RetentionPatch, retentionSet, retentionView } from "./retention";
import type { ConsumerDisclosure } from "./consumer-disclosure";
import {
  insertAudit,
  insertKey,
  insertMember,
  insertOAuthClient,
  insertTenant,
  keyById,
  listKeyRows,
  listTenantRows,
  memberExists,
  reinstateMember,
  removedMemberId,
  planExists,
  revokeKeyRow,
  slugTaken,
  tenantById,
  updateTenantRow,
  type AuditInsert,
  type TenantInsert,
} from "../db/accounts";
import { limiter } from "../objects/rate-limiter/client";

/** One audit entry (the account's own trail), to batch with the change it records. */
export const auditEntry = (tenantId: string | null, actor: string, action: string, detail: Record<string, unknown>): AuditInsert => ({
  id: newId("aud"),
  tenantId,
  actor,
  action,
  detail,
  createdAt: nowIso(),
});

function slugify(name: string): string {
  const s = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return /^[a-z]/.test(s) ? s : `a-${s || "account"}`;
}

/** A new account, on the least-filled shard (src/db/shards.ts); its slug is unique across every shard. */
export async function createTenant(env: Env, input: { name: string; slug?: string; plan?: string }, actor: string) {
  await requirePlan(dbOf(env), input.plan ?? "free");
  const taken = async (slug: string) => (await findOnShards(env, async (e) => ((await slugTaken(dbOf(e), slug)) ? true : undefined))) !== undefined;
  let slug = input.slug ?? slugify(input.name);
  if (!input.slug) {
    if (await taken(slug)) slug = `${slug}-${randomHex(3)}`;
  } else if (await taken(slug)) {
    throw invalid(`slug: "${slug}" is already used by another account.`);
  }
  const id = newId("ten");
  const db = dbOf(onShard(env, await placeNewAccount(env, id)));
  const plan = input.plan ?? "free";
  await db.batch([
    insertTenant(db, { id, name: input.name, slug, plan, createdAt: nowIso() }),
    insertAudit(db, auditEntry(id, actor, "tenant.created", { name: input.name, slug, plan })),
  ]);
  return { tenant_id: id, slug };
}

async function requirePlan(db: Db, plan: string) {
  if (!(await planExists(db, plan))) throw invalid(`plan: no plan named "${plan}".`);
}

export async function requireTenant(env: Env, id: string) {
  const row = await tenantById(dbOf(env), id);
  if (!row) throw new ApiError("not_found", `No account has the id ${id}.`);
  return row;
}

/** How many origins an account may allow to frame its signing page. */
export const MAX_FRAME_ANCESTORS = 10;

/** `http://localhost`, `http://127.0.0.1`, `http://[::1]` (any port): pages served from the signer's own machine, as browsers treat them as secure. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Origins allowed to frame the signing page, each exactly `https://host[:port]`, or a loopback
 * `http://` origin for an integration run locally (no path, no wildcard: the page posts its
 * messages to these exact origins). Returned normalised and unique.
 */
export function normaliseFrameAncestors(list: string[]): string[] {
  if (list.length > MAX_FRAME_ANCESTORS) throw invalid(`frame_ancestors: at most ${MAX_FRAME_ANCESTORS} origins.`);
  const out = list.map((raw, i) => {
    const bad = () =>
      invalid(
        `frame_ancestors.${i}: "${raw}" is not an https origin such as https://app.example.com.`,
        "No path, query or wildcard; plain http only for localhost, 127.0.0.1 and [::1].",
      );
    let u: URL;
    try {
      u = new URL(raw.trim());
    } catch {
      throw bad();
    }
    const extra = u.pathname !== "/" || /[?#]/.test(raw) || u.username || u.password;
    const loopback = u.protocol === "http:" && LOOPBACK_HOSTS.has(u.hostname);
    if ((u.protocol !== "https:" && !loopback) || extra || (!loopback && !/^[a-z0-9.-]+$/.test(u.hostname))) throw bad();
    return u.origin;
  });
  return [...new Set(out)];
}

/** An origin as normaliseFrameAncestors stores it. */
const STORED_ORIGIN = /^(https:\/\/[a-z0-9.-]+|http:\/\/(localhost|127\.0\.0\.1|\[::1\]))(:\d{1,5})?$/;

/**
 * Whether a browser page of `origin` may call this account's MCP server (src/routes/agents.ts):
 * the origins the account lets frame its pages (`frame_ancestors`) are its partners' apps.
 */
export async function accountAllowsOrigin(env: Env, tenantId: string, origin: string): Promise<boolean> {
  const row = await tenantById(dbOf(env), tenantId);
  return parseFrameAncestors(row?.frameAncestors).includes(origin);
}

/** The stored list, re-checked on the way out so a header is never built from a bad row. */
export function parseFrameAncestors(stored: string | null | undefined): string[] {
  try {
    const list = JSON.parse(stored ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === "string" && STORED_ORIGIN.test(o)) : [];
  } catch {
    return [];
  }
}

/** Starts all of an account's public forms may make per UTC day (contract: default 500). */
export const PUBLIC_FORM_DAILY_CAP_DEFAULT = 500;
export const PublicFormDailyCap = z
  .number()
  .int()
  .min(0)
  .max(1_000_000)
  .openapi({ description: "Starts all the account's public forms may make per UTC day (default 500; 0 closes them); past it a start is 429." });
/** A Cloudflare Turnstile site key as Cloudflare issues them (`0x…`, or the documented test keys). */
export const TurnstileSiteKey = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z_-]{8,100}$/, "a Cloudflare Turnstile site key: 8-100 letters, digits, - or _")
  .nullable()
  .openapi({
    description:
      "Cloudflare Turnstile site key; set, the public forms show the widget and a start needs its token (checked with TURNSTILE_SECRET). Null: none.",
  });

/** The account's public form settings together: the owner's form on the dashboard's account page. */
export const PublicFormSettings = z.object({ public_form_daily_cap: PublicFormDailyCap, turnstile_site_key: TurnstileSiteKey });

export async function updateTenant(
  env: Env,
  id: string,
  patch: {
    plan?: string;
    white_label?: boolean;
    spending_limit_cents?: number | null;
    require_signer_code?: boolean;
    frame_ancestors?: string[];
    default_country?: string | null;
    locale?: Lang | null;
    reply_to?: string | null;
    retention?: RetentionPatch;
    public_form_daily_cap?: number;
    turnstile_site_key?: string | null;
    part11?: boolean;
    consumer_disclosure?: ConsumerDisclosure | null;
  },
  actor: string,
) {
  const db = dbOf(env);
  // A country libphonenumber knows (its metadata is read from the static assets, so not in the body's schema).
  if (patch.default_country && !(await phoneNumbers(env.ASSETS)).isCountry(patch.default_country.toUpperCase()))
    throw invalid("default_country: not a country libphonenumber knows");
  await requireTenant(env, id);
  if (patch.plan !== undefined) await requirePlan(db, patch.plan);
  const checked = { ...patch, ...(patch.frame_ancestors ? { frame_ancestors: normaliseFrameAncestors(patch.frame_ancestors) } : {}) };
  const set: Partial<TenantInsert> = {};
  if (checked.plan !== undefined) set.plan = checked.plan;
  if (checked.white_label !== undefined) set.whiteLabel = checked.white_label;
  if (checked.spending_limit_cents !== undefined) set.spendingLimitCents = checked.spending_limit_cents;
  if (checked.require_signer_code !== undefined) set.requireSignerCode = checked.require_signer_code;
  if (checked.frame_ancestors !== undefined) set.frameAncestors = JSON.stringify(checked.frame_ancestors);
  if (checked.default_country !== undefined) set.defaultCountry = checked.default_country?.toUpperCase() ?? null;
  if (checked.locale !== undefined) set.locale = checked.locale;
  if (checked.reply_to !== undefined) set.replyTo = checked.reply_to;
  if (checked.retention) Object.assign(set, retentionSet(checked.retention));
  if (checked.public_form_daily_cap !== undefined) set.publicFormDailyCap = checked.public_form_daily_cap;
  if (checked.turnstile_site_key !== undefined) set.turnstileSiteKey = checked.turnstile_site_key;
  if (checked.part11 !== undefined) set.part11 = checked.part11;
  if (checked.consumer_disclosure !== undefined) set.consumerDisclosure = checked.consumer_disclosure;
  if (Object.keys(set).length === 0) return { updated: true };
  await db.batch([updateTenantRow(db, id, set), insertAudit(db, auditEntry(id, actor, "tenant.updated", checked))]);
  return { updated: true };
}

/** Accounts, newest first; `slug` picks the one account with that slug (an empty list if none). */
export async function listTenants(env: Env, q: { slug?: string; limit: number }) {
  // Every shard's newest, merged in the same order (newest first, then id).
  const rows = newestFirst(await Promise.all(everyShard(env).map((e) => listTenantRows(dbOf(e), q))), q.limit);
  return {
    tenants: rows.map((t) => ({
      tenant_id: t.id,
      name: t.name,
      slug: t.slug,
      plan: t.plan,
      white_label: t.whiteLabel,
      spending_limit_cents: t.spendingLimitCents,
      require_signer_code: t.requireSignerCode,
      frame_ancestors: parseFrameAncestors(t.frameAncestors),
      default_country: t.defaultCountry,
      locale: t.locale,
      reply_to: t.replyTo,
      retention: retentionView({ completedDays: t.retentionCompletedDays, endedDays: t.retentionEndedDays, minimumDays: t.retentionMinimumDays }),
      public_form_daily_cap: t.publicFormDailyCap,
      turnstile_site_key: t.turnstileSiteKey,
      part11: t.part11,
      consumer_disclosure: t.consumerDisclosure ?? null,
      created_at: t.createdAt,
    })),
  };
}

/**
 * An account's keys, newest first. Never the key (only its hash is stored): the first characters
 * (`key_prefix`) recognise it. `status` is `revoked`, `expired` or `active`.
 */
export async function listKeys(env: Env, tenantId: string) {
  await requireTenant(env, tenantId);
  const rows = await listKeyRows(dbOf(env), tenantId);
  const now = Date.now();
  return {
    keys: rows.map((k) => ({
      key_id: k.id,
      label: k.label,
      mode: k.mode,
      key_prefix: k.keyPrefix,
      scopes: k.scopes,
      allowed_ips: k.allowedIps ?? null,
      expires_at: k.expiresAt,
      created_at: k.createdAt,
      revoked_at: k.revokedAt,
      revoke_reason: k.revokeReason,
      device_id: k.deviceId,
      status: k.revokedAt ? "revoked" : k.expiresAt && Date.parse(k.expiresAt) <= now ? "expired" : "active",
    })),
  };
}

export type KeyInput = { label: string; scopes: Scope[]; mode: Mode; allowed_ips?: string[]; expires_at?: string | null; device_id?: string };

/** Issues a key: returned once, stored only as its SHA-256. */
export async function issueKey(env: Env, tenantId: string, input: KeyInput, actor: string) {
  await requireTenant(env, tenantId);
  const ips = input.allowed_ips ?? [];
  if (ips.length > 20) throw invalid("allowed_ips: at most 20 addresses or ranges.");
  ips.forEach((ip, i) => {
    if (!parseRange(ip)) throw invalid(`allowed_ips.${i}: "${ip}" is not an IPv4 or IPv6 address or CIDR range.`);
  });
  if (input.expires_at && Date.parse(input.expires_at) <= Date.now()) throw invalid("expires_at: must be in the future.");
  const { key, keyHash, keyPrefix } = await newApiKey(input.mode);
  const id = newId("key");
  const db = dbOf(env);
  await db.batch([
    insertKey(db, {
      id,
      tenantId,
      label: input.label,
      mode: input.mode,
      keyHash,
      keyPrefix,
      scopes: [...new Set(input.scopes)],
      allowedIps: ips.length ? ips : null,
      expiresAt: input.expires_at ?? null,
      deviceId: input.device_id ?? null,
      createdAt: nowIso(),
    }),
    insertAudit(db, auditEntry(tenantId, actor, "key.issued", { key_id: id, label: input.label, mode: input.mode, scopes: input.scopes, allowed_ips: ips })),
  ]);
  return { key_id: id, key };
}

/**
 * Revokes a key with a reason; the very next request with it is refused. The key's RateLimiter
 * object, which every request with the key passes through, is told first: it is the authority
 * that refuses the key even in isolates that still hold the key in their short cache
 * (src/http/auth.ts). Then the row and the audit entry, in one batch.
 */
export async function revokeKey(env: Env, keyId: string, reason: string, actor: string, tenantId?: string) {
  // The operator names only the key: it is on whichever shard holds its account.
  const hit = tenantId === undefined ? await findOnShards(env, (e) => keyById(dbOf(e), keyId)) : undefined;
  const db = dbOf(hit?.env ?? env);
  const row = hit ? hit.found : await keyById(db, keyId);
  // From the dashboard: only the member's own account's keys (another account's key is "no such key").
  if (!row || (tenantId !== undefined && row.tenantId !== tenantId)) throw new ApiError("not_found", `No key has the id ${keyId}.`);
  await revokeAtLimiter(env, keyId);
  if (row.revokedAt) return { revoked: true as const };
  await db.batch([revokeKeyRow(db, keyId, nowIso(), reason), insertAudit(db, auditEntry(row.tenantId, actor, "key.revoked", { key_id: keyId, reason }))]);
  return { revoked: true as const };
}

async function revokeAtLimiter(env: Env, keyId: string) {
  await limiter(env, keyLimiterName(keyId)).revoke();
}

const PBKDF2_ITERATIONS = 100_000;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: PBKDF2_ITERATIONS }, key, 256);
  return `pbkdf2$${PBKDF2_ITERATIONS}$${toHex(salt)}$${toHex(bits)}`;
}

export async function addMember(
  env: Env,
  tenantId: string,
  input: { email: string; full_name: string; role: "owner" | "admin" | "member" | "viewer"; password?: string },
  actor: string,
) {
  await requireTenant(env, tenantId);
  const db = dbOf(env);
  const email = input.email.trim().toLowerCase();
  if (await memberExists(db, tenantId, email)) throw new ApiError("invalid", `email: ${email} is already a member of this account.`);
  const removed = await removedMemberId(db, tenantId, email);
  const id = removed ?? newId("mem");
  const row = {
    id,
    tenantId,
    email,
    fullName: input.full_name,
    role: input.role,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    createdAt: nowIso(),
  };
  await db.batch([
    removed ? reinstateMember(db, row) : insertMember(db, row),
    insertAudit(db, auditEntry(tenantId, actor, "member.added", { member_id: id, email, role: input.role })),
  ]);
  return { member_id: id };
}

export async function registerOAuthClient(env: Env, input: { name: string; homepage: string; redirect_uris: string[]; scopes: Scope[] }, actor: string) {
  // Clients are the deployment's, registered with the directory (shard 0).
  const db = directoryDb(env);
  const clientId = newId("cli");
  const secret = `mcs_${randomHex(32)}`;
  await db.batch([
    insertOAuthClient(db, {
      id: clientId,
      name: input.name,
      homepage: input.homepage,
      redirectUris: input.redirect_uris,
      scopes: input.scopes,
      secretHash: await sha256Hex(secret),
      createdAt: nowIso(),
    }),
    insertAudit(db, auditEntry(null, actor, "oauth_client.registered", { client_id: clientId, name: input.name })),
  ]);
  return { client_id: clientId, client_secret: secret };
}
