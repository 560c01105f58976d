/** Accounts (tenants), their API keys and members, and the account audit trail. */
import type { Env, Mode } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { randomHex, sha256Hex, toHex, randomBytes } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { parseRange } from "../lib/ip";
import type { Scope } from "../lib/auth";

export function auditStatement(env: Env, tenantId: string | null, actor: string, action: string, detail: Record<string, unknown>) {
  return env.DB.prepare("INSERT INTO audit_log (id, tenant_id, actor, action, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)").bind(
    newId("aud"),
    tenantId,
    actor,
    action,
    JSON.stringify(detail),
    nowIso(),
  );
}

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

export async function createTenant(env: Env, input: { name: string; slug?: string; plan?: string }, actor: string) {
  const plan = input.plan ?? "free";
  await requirePlan(env, plan);
  let slug = input.slug ?? slugify(input.name);
  if (!input.slug) {
    const taken = await env.DB.prepare("SELECT 1 FROM tenants WHERE slug = ?").bind(slug).first();
    if (taken) slug = `${slug}-${randomHex(3)}`;
  } else if (await env.DB.prepare("SELECT 1 FROM tenants WHERE slug = ?").bind(slug).first()) {
    throw invalid(`slug: "${slug}" is already used by another account.`);
  }
  const id = newId("ten");
  await env.DB.batch([
    env.DB.prepare("INSERT INTO tenants (id, name, slug, plan, created_at) VALUES (?, ?, ?, ?, ?)").bind(id, input.name, slug, plan, nowIso()),
    auditStatement(env, id, actor, "tenant.created", { name: input.name, slug, plan }),
  ]);
  return { tenant_id: id, slug };
}

async function requirePlan(env: Env, plan: string) {
  const row = await env.DB.prepare("SELECT code FROM plans WHERE code = ?").bind(plan).first();
  if (!row) throw invalid(`plan: no plan named "${plan}".`);
}

export async function requireTenant(env: Env, id: string) {
  const row = await env.DB.prepare("SELECT id, name, slug, plan FROM tenants WHERE id = ?").bind(id).first<{ id: string; name: string; slug: string; plan: string }>();
  if (!row) throw new ApiError("not_found", `No account has the id ${id}.`);
  return row;
}

/** How many origins an account may allow to frame its signing page. */
export const MAX_FRAME_ANCESTORS = 10;

/**
 * Origins allowed to frame the signing page, each exactly `https://host[:port]` (no path, no
 * wildcard: the page posts its messages to these exact origins). Returned normalised and unique.
 */
export function normaliseFrameAncestors(list: string[]): string[] {
  if (list.length > MAX_FRAME_ANCESTORS) throw invalid(`frame_ancestors: at most ${MAX_FRAME_ANCESTORS} origins.`);
  const out = list.map((raw, i) => {
    const bad = () => invalid(`frame_ancestors.${i}: "${raw}" is not an https origin such as https://app.example.com.`, "No path, query or wildcard.");
    let u: URL;
    try {
      u = new URL(raw.trim());
    } catch {
      throw bad();
    }
    const extra = u.pathname !== "/" || /[?#]/.test(raw) || u.username || u.password;
    if (u.protocol !== "https:" || extra || !/^[a-z0-9.-]+$/.test(u.hostname)) throw bad();
    return u.origin;
  });
  return [...new Set(out)];
}

/** The stored list, re-checked on the way out so a header is never built from a bad row. */
export function parseFrameAncestors(stored: string | null | undefined): string[] {
  try {
    const list = JSON.parse(stored ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((o): o is string => typeof o === "string" && /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(o)) : [];
  } catch {
    return [];
  }
}

export async function updateTenant(
  env: Env,
  id: string,
  patch: { plan?: string; white_label?: boolean; spending_limit_cents?: number | null; require_signer_code?: boolean; frame_ancestors?: string[] },
  actor: string,
) {
  await requireTenant(env, id);
  if (patch.plan !== undefined) await requirePlan(env, patch.plan);
  const checked = { ...patch, ...(patch.frame_ancestors ? { frame_ancestors: normaliseFrameAncestors(patch.frame_ancestors) } : {}) };
  const sets: string[] = [];
  const values: unknown[] = [];
  const columns = {
    plan: "plan",
    white_label: "white_label",
    spending_limit_cents: "spending_limit_cents",
    require_signer_code: "require_signer_code",
    frame_ancestors: "frame_ancestors",
  } as const;
  for (const [k, col] of Object.entries(columns)) {
    const v = checked[k as keyof typeof checked];
    if (v === undefined) continue;
    sets.push(`${col} = ?`);
    values.push(typeof v === "boolean" ? (v ? 1 : 0) : Array.isArray(v) ? JSON.stringify(v) : v);
  }
  if (sets.length === 0) return { updated: true };
  await env.DB.batch([
    env.DB.prepare(`UPDATE tenants SET ${sets.join(", ")} WHERE id = ?`).bind(...values, id),
    auditStatement(env, id, actor, "tenant.updated", checked),
  ]);
  return { updated: true };
}

/** Accounts, newest first; `slug` picks the one account with that slug (an empty list if none). */
export async function listTenants(env: Env, q: { slug?: string; limit: number }) {
  const where = q.slug === undefined ? "" : "WHERE slug = ?";
  const binds = q.slug === undefined ? [q.limit] : [q.slug, q.limit];
  const rows = await env.DB.prepare(
    `SELECT id, name, slug, plan, white_label, spending_limit_cents, require_signer_code, frame_ancestors, created_at FROM tenants ${where} ORDER BY created_at DESC, id DESC LIMIT ?`,
  )
    .bind(...binds)
    .all<{
      id: string;
      name: string;
      slug: string;
      plan: string;
      white_label: number;
      spending_limit_cents: number | null;
      require_signer_code: number;
      frame_ancestors: string;
      created_at: string;
    }>();
  return {
    tenants: rows.results.map((t) => ({
      tenant_id: t.id,
      name: t.name,
      slug: t.slug,
      plan: t.plan,
      white_label: !!t.white_label,
      spending_limit_cents: t.spending_limit_cents,
      require_signer_code: !!t.require_signer_code,
      frame_ancestors: parseFrameAncestors(t.frame_ancestors),
      created_at: t.created_at,
    })),
  };
}

/**
 * An account's keys, newest first. Never the key (only its hash is stored): the first characters
 * (`key_prefix`) recognise it. `status` is `revoked`, `expired` or `active`.
 */
export async function listKeys(env: Env, tenantId: string) {
  await requireTenant(env, tenantId);
  const rows = await env.DB.prepare(
    "SELECT id, label, mode, key_prefix, scopes, allowed_ips, expires_at, revoked_at, revoke_reason, device_id, created_at FROM api_keys WHERE tenant_id = ? ORDER BY created_at DESC, id DESC",
  )
    .bind(tenantId)
    .all<{
      id: string;
      label: string;
      mode: Mode;
      key_prefix: string;
      scopes: string;
      allowed_ips: string | null;
      expires_at: string | null;
      revoked_at: string | null;
      revoke_reason: string | null;
      device_id: string | null;
      created_at: string;
    }>();
  const now = Date.now();
  return {
    keys: rows.results.map((k) => ({
      key_id: k.id,
      label: k.label,
      mode: k.mode,
      key_prefix: k.key_prefix,
      scopes: JSON.parse(k.scopes) as string[],
      allowed_ips: k.allowed_ips ? (JSON.parse(k.allowed_ips) as string[]) : null,
      expires_at: k.expires_at,
      created_at: k.created_at,
      revoked_at: k.revoked_at,
      revoke_reason: k.revoke_reason,
      device_id: k.device_id,
      status: k.revoked_at ? "revoked" : k.expires_at && Date.parse(k.expires_at) <= now ? "expired" : "active",
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
  const key = `mk_${input.mode}_${randomHex(24)}`;
  const id = newId("key");
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO api_keys (id, tenant_id, label, mode, key_hash, key_prefix, scopes, allowed_ips, expires_at, device_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(
      id,
      tenantId,
      input.label,
      input.mode,
      await sha256Hex(key),
      key.slice(0, 12),
      JSON.stringify([...new Set(input.scopes)]),
      ips.length ? JSON.stringify(ips) : null,
      input.expires_at ?? null,
      input.device_id ?? null,
      nowIso(),
    ),
    auditStatement(env, tenantId, actor, "key.issued", { key_id: id, label: input.label, mode: input.mode, scopes: input.scopes, allowed_ips: ips }),
  ]);
  return { key_id: id, key };
}

/** Revokes a key with a reason; the very next request with it is refused. */
export async function revokeKey(env: Env, keyId: string, reason: string, actor: string) {
  const row = await env.DB.prepare("SELECT tenant_id, revoked_at FROM api_keys WHERE id = ?").bind(keyId).first<{ tenant_id: string; revoked_at: string | null }>();
  if (!row) throw new ApiError("not_found", `No key has the id ${keyId}.`);
  if (row.revoked_at) return { revoked: true as const };
  await env.DB.batch([
    env.DB.prepare("UPDATE api_keys SET revoked_at = ?, revoke_reason = ? WHERE id = ? AND revoked_at IS NULL").bind(nowIso(), reason, keyId),
    auditStatement(env, row.tenant_id, actor, "key.revoked", { key_id: keyId, reason }),
  ]);
  return { revoked: true as const };
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
  const email = input.email.trim().toLowerCase();
  const exists = await env.DB.prepare("SELECT 1 FROM members WHERE tenant_id = ? AND email = ?").bind(tenantId, email).first();
  if (exists) throw new ApiError("invalid", `email: ${email} is already a member of this account.`);
  const id = newId("mem");
  await env.DB.batch([
    env.DB.prepare("INSERT INTO members (id, tenant_id, email, full_name, role, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
      id,
      tenantId,
      email,
      input.full_name,
      input.role,
      input.password ? await hashPassword(input.password) : null,
      nowIso(),
    ),
    auditStatement(env, tenantId, actor, "member.added", { member_id: id, email, role: input.role }),
  ]);
  return { member_id: id };
}

export async function registerOAuthClient(
  env: Env,
  input: { name: string; homepage: string; redirect_uris: string[]; scopes: Scope[] },
  actor: string,
) {
  const clientId = newId("cli");
  const secret = `mcs_${randomHex(32)}`;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO oauth_clients (id, name, homepage, redirect_uris, scopes, secret_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").bind(
      clientId,
      input.name,
      input.homepage,
      JSON.stringify(input.redirect_uris),
      JSON.stringify(input.scopes),
      await sha256Hex(secret),
      nowIso(),
    ),
    auditStatement(env, null, actor, "oauth_client.registered", { client_id: clientId, name: input.name }),
  ]);
  return { client_id: clientId, client_secret: secret };
}
