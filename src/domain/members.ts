/**
 * Members of an account and their dashboard sign-in: what each role may do (the one table),
 * passwords (PBKDF2-SHA256 as the operator API stores them), the lock-out after repeated
 * failures, sessions (idle for 12 hours ends one) and one-time sign-in links.
 * Free of HTTP: src/http/session.ts carries sessions in cookies and enforces the table.
 */
import { fromHex, toHex } from "../lib/bytes";
import { z } from "@hono/zod-openapi";
import type { Env, Mode } from "../env";
import { dbOf } from "../db/client";
import { envOfKey, everyShard } from "../db/shards";
import { ApiError, invalid } from "../lib/errors";
import { randomHex, sha256Hex, timingSafeEqual } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { MEMBER_ROLES, type MemberRole } from "./vocabulary";
import { insertAudit, tenantById } from "../db/accounts";
import {
  clearFailuresIfUnlocked,
  consumeSignInLink,
  countOwners,
  deleteIdleSessions,
  deleteMemberSessions,
  deleteOtherSessions,
  deleteSession,
  insertSession,
  insertSignInLink,
  listMemberRows,
  memberById,
  membershipsByEmail,
  openLinkCount,
  recordFailure,
  sessionByHash,
  setSessionMode,
  touchSession,
  updateMemberRow,
  type MemberRow,
} from "../db/members";
import { addMember, auditEntry, hashPassword } from "./accounts";

export { MEMBER_ROLES, type MemberRole };

// ---- Roles: the one table every dashboard page and action is checked against ----

/** What a dashboard page or action needs. */
export const ACTIONS = [
  "read",
  "documents.write",
  "templates.write",
  "workflows.write",
  "subjects.write",
  "tablets.write",
  "members.manage",
  "keys.manage",
  "branding.manage",
  "webhooks.manage",
  "oauth.manage",
  "retention.manage",
  "account.manage",
] as const;
export type Action = (typeof ACTIONS)[number];

const MANAGE: Action[] = ["members.manage", "keys.manage", "branding.manage", "webhooks.manage", "oauth.manage", "retention.manage"];
const WORK: Action[] = ["documents.write", "templates.write", "workflows.write", "subjects.write", "tablets.write"];

/**
 * owner and admin manage members, keys, branding, webhooks and OAuth connections (and do
 * everything a member does); member works with templates, documents, workflows, subjects and
 * tablets; viewer reads. The owner alone sets the account's public form limits (`account.manage`).
 */
export const ROLE_ACTIONS: Record<MemberRole, ReadonlySet<Action>> = {
  owner: new Set<Action>(["read", ...WORK, ...MANAGE, "account.manage"]),
  admin: new Set<Action>(["read", ...WORK, ...MANAGE]),
  member: new Set<Action>(["read", ...WORK]),
  viewer: new Set<Action>(["read"]),
};

export const can = (role: MemberRole, action: Action) => ROLE_ACTIONS[role].has(action);

// ---- Passwords ----

/** PBKDF2 stored hashes are `pbkdf2$<iterations>$<salt hex>$<hash hex>` (src/domain/accounts.ts hashPassword). */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const m = /^pbkdf2\$(\d{1,7})\$([0-9a-f]{2,128})\$([0-9a-f]{64})$/.exec(stored ?? "");
  // Without a stored hash the same work is done anyway, so timing does not tell who has a password.
  const iterations = m ? Number(m[1]) : 100_000;
  const salt = m ? fromHex(m[2]!) : new Uint8Array(16);
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: salt as Uint8Array<ArrayBuffer>, iterations }, key, 256);
  return m !== null && timingSafeEqual(toHex(bits), m[3]!);
}

// ---- Lock-out ----

export const LOCK_AFTER_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export const isLocked = (m: Pick<MemberRow, "lockedUntil">, now = Date.now()) => m.lockedUntil !== null && Date.parse(m.lockedUntil) > now;

/** Counts one failed password for the member (atomically; src/db/members.ts recordFailure). */
export async function countFailure(env: Env, memberId: string, now = Date.now()) {
  await recordFailure(dbOf(env), memberId, {
    at: new Date(now).toISOString(),
    windowStart: new Date(now - FAILURE_WINDOW_MS).toISOString(),
    lockUntil: new Date(now + LOCK_MS).toISOString(),
    lockAfter: LOCK_AFTER_FAILURES,
  });
}

// ---- Sessions ----

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often (one write per active 5 minutes, not per page). */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

export type RequestContext = { ip: string | null; userAgent: string | null };

export type Session = {
  sessionId: string;
  memberId: string;
  tenantId: string;
  tenantName: string;
  role: MemberRole;
  email: string;
  fullName: string;
  mode: Mode;
  /** Whether the cookie's lifetime should be renewed with this response. */
  touched: boolean;
};

/** A new session for the member; the token goes into the cookie and only its SHA-256 is stored. */
export async function startSession(env: Env, member: Pick<MemberRow, "id" | "tenantId">, ctx: RequestContext, how: "password" | "link") {
  const db = dbOf(env);
  const token = randomHex(32);
  const at = nowIso();
  await db.batch([
    insertSession(db, {
      id: newId("ses"),
      tenantId: member.tenantId,
      memberId: member.id,
      tokenHash: await sha256Hex(token),
      createdAt: at,
      lastSeenAt: at,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
    }),
    insertAudit(db, auditEntry(member.tenantId, `member:${member.id}`, "member.signed_in", { how, ip: ctx.ip })),
  ]);
  return token;
}

/** The session this token opens, or null (unknown, or idle for 12 hours: then it is deleted). Slides the idle timeout. */
export async function resumeSession(env: Env, token: string, now = Date.now()): Promise<Session | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const db = dbOf(env);
  const row = await sessionByHash(db, await sha256Hex(token));
  if (!row) return null;
  const seen = Date.parse(row.session.lastSeenAt);
  if (seen + SESSION_IDLE_MS <= now) {
    await deleteSession(db, row.session.id);
    return null;
  }
  const touched = seen + SESSION_TOUCH_MS <= now;
  if (touched) await touchSession(db, row.session.id, new Date(now).toISOString());
  return {
    sessionId: row.session.id,
    memberId: row.member.id,
    tenantId: row.member.tenantId,
    tenantName: row.tenantName,
    role: row.member.role,
    email: row.member.email,
    fullName: row.member.fullName,
    mode: row.session.mode,
    touched,
  };
}

export async function endSession(env: Env, s: Pick<Session, "sessionId" | "memberId" | "tenantId">) {
  const db = dbOf(env);
  await db.batch([deleteSession(db, s.sessionId), insertAudit(db, auditEntry(s.tenantId, `member:${s.memberId}`, "member.signed_out", {}))]);
}

/** Ends every session of the member, on every device. */
export async function endAllSessions(env: Env, s: Pick<Session, "memberId" | "tenantId">) {
  const db = dbOf(env);
  await db.batch([deleteMemberSessions(db, s.memberId), insertAudit(db, auditEntry(s.tenantId, `member:${s.memberId}`, "member.signed_out_everywhere", {}))]);
}

export async function switchMode(env: Env, s: Pick<Session, "sessionId">, mode: Mode) {
  await setSessionMode(dbOf(env), s.sessionId, mode);
}

/** Removes sessions idle past the timeout (the cron's sweep; a stale session is refused on arrival anyway). */
export async function purgeIdleSessions(env: Env, now: Date) {
  await deleteIdleSessions(dbOf(env), new Date(now.getTime() - SESSION_IDLE_MS).toISOString());
}

// ---- Sign-in ----

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export type SignInResult =
  | { ok: true; token: string; member: MemberRow }
  /** Wrong email or password, no password set, or locked: one answer for all, so nobody learns which. */
  | { ok: false; why: "refused" }
  /** The email and password match in several accounts: the account's slug is needed. */
  | { ok: false; why: "choose_account"; accounts: { slug: string; name: string }[] };

/**
 * Email and password. Every membership of the email is checked (the same email may belong to
 * several accounts; `account` picks one by slug). Each failure counts against that membership;
 * the 10th within 15 minutes locks its password sign-in for 15 minutes (a correct password is then
 * refused too). The answer never says which of these happened.
 */
export async function passwordSignIn(env: Env, input: { email: string; password: string; account?: string }, ctx: RequestContext): Promise<SignInResult> {
  const email = normaliseEmail(input.email);
  const account = input.account?.trim().toLowerCase() || undefined;
  const all = email && input.password ? await membershipsOnEveryShard(env, email) : [];
  const candidates = all.filter((r) => account === undefined || r.tenantSlug === account);
  if (candidates.length === 0) {
    await verifyPassword(null, input.password); // the same time as a wrong password
    return { ok: false, why: "refused" };
  }
  const now = Date.now();
  const matched: typeof candidates = [];
  const missed: typeof candidates = [];
  for (const c of candidates) {
    if (isLocked(c.member, now)) {
      await verifyPassword(c.member.passwordHash, input.password); // the same time as any other refusal
      continue;
    }
    if (await verifyPassword(c.member.passwordHash, input.password)) matched.push(c);
    else missed.push(c);
  }
  // Failures count per account and member: a password that fits one of the person's accounts was
  // a sign-in to that account, never a failure against their membership of another (which it
  // would otherwise lock). A membership without a password has nothing to guess.
  if (matched.length === 0) for (const c of missed) if (c.member.passwordHash !== null) await countFailure(c.env, c.member.id, now);
  if (matched.length === 0) return { ok: false, why: "refused" };
  if (matched.length > 1) return { ok: false, why: "choose_account", accounts: matched.map((m) => ({ slug: m.tenantSlug, name: m.tenantName })) };
  const { member, env: at } = matched[0]!;
  // The lock is checked again, atomically, as the count is cleared: a burst of guesses that read
  // "not locked" before the 10th failure landed cannot sign in once it has.
  if (!(await clearFailuresIfUnlocked(dbOf(at), member.id, nowIso()))) return { ok: false, why: "refused" };
  return { ok: true, token: await startSession(at, member, ctx, "password"), member };
}

export const SIGN_IN_LINK_MS = 15 * 60 * 1000;
/** At most this many unused links per member at once; more requests send nothing. */
export const OPEN_LINKS_MAX = 3;

/**
 * One-time sign-in links for every membership of the email (one per account). Returns each
 * link's token with its member, for the caller to deliver; nothing for an unknown email.
 */
export async function issueSignInLinks(env: Env, rawEmail: string): Promise<{ token: string; member: MemberRow; tenantName: string }[]> {
  const email = normaliseEmail(rawEmail);
  if (!email) return [];
  const at = nowIso();
  const expiresAt = new Date(Date.now() + SIGN_IN_LINK_MS).toISOString();
  const out = [];
  for (const m of await membershipsOnEveryShard(env, email)) {
    if ((await openLinkCount(dbOf(m.env), m.member.id, at)) >= OPEN_LINKS_MAX) continue;
    out.push({ token: await newSignInLink(m.env, m.member, at, expiresAt), member: m.member, tenantName: m.tenantName });
  }
  return out;
}

/** Every membership of an email, whichever shard its account is on (each with its shard's env). */
async function membershipsOnEveryShard(env: Env, email: string) {
  const found = await Promise.all(everyShard(env).map(async (e) => (await membershipsByEmail(dbOf(e), email)).map((m) => ({ ...m, env: e }))));
  return found.flat();
}

/** Stores one link of a member (only its hash), single use until `expiresAt`; returns its token. */
async function newSignInLink(env: Env, member: Pick<MemberRow, "id" | "tenantId">, at: string, expiresAt: string): Promise<string> {
  const token = randomHex(32);
  await insertSignInLink(dbOf(env), {
    id: newId("sil"),
    tenantId: member.tenantId,
    memberId: member.id,
    tokenHash: await sha256Hex(token),
    expiresAt,
    createdAt: at,
  });
  return token;
}

/** The member of an account with this email, or 404. */
async function memberOf(env: Env, tenantId: string, rawEmail: string): Promise<MemberRow> {
  const email = normaliseEmail(rawEmail);
  const m = email ? (await membershipsByEmail(dbOf(env), email)).find((x) => x.member.tenantId === tenantId) : undefined;
  if (!m) throw new ApiError("not_found", `No member ${rawEmail} in account ${tenantId}.`);
  return m.member;
}

/**
 * Part 11's staff rule (docs/identity.md "Part 11"): every dashboard session of a `part11` account
 * is the member's own sign-in (their password, or a link emailed to their address), so every
 * staff action the trail and the audit log attribute to `member:<id>` was that member's. A
 * sign-in the operator holds (an issued link, a password the operator set) is refused (422).
 */
async function refuseUnderPart11(env: Env, tenantId: string, what: string) {
  const t = await tenantById(dbOf(env), tenantId);
  if (t?.part11) {
    throw invalid(
      `part11: this account requires each member's own sign-in; ${what} is not one.`,
      "The member signs in with their own password or an emailed link (POST /app/sign-in).",
    );
  }
}

/**
 * The operator's sign-in link for one member (`npm start` prints the demo owner's): the same
 * single-use link as an emailed one, 15 minutes, handed back instead of queued.
 */
export async function operatorSignInLink(env: Env, tenantId: string, rawEmail: string): Promise<{ token: string; expires_at: string }> {
  await refuseUnderPart11(env, tenantId, "a sign-in link the operator holds");
  const member = await memberOf(env, tenantId, rawEmail);
  const expiresAt = new Date(Date.now() + SIGN_IN_LINK_MS).toISOString();
  const token = await newSignInLink(env, member, nowIso(), expiresAt);
  await insertAudit(dbOf(env), auditEntry(tenantId, "operator", "member.sign_in_link_issued", { member_id: member.id }));
  return { token, expires_at: expiresAt };
}

/** The operator sets a member's password (`npm start` sets the demo owner's); their sessions end and any lock is lifted. */
export async function operatorSetPassword(env: Env, tenantId: string, rawEmail: string, password: string) {
  await refuseUnderPart11(env, tenantId, "a password the operator chose");
  const member = await memberOf(env, tenantId, rawEmail);
  // The same password again (npm start at every start) changes nothing and keeps the member's sessions.
  if (await verifyPassword(member.passwordHash, password)) return { member_id: member.id, changed: false };
  const db = dbOf(env);
  await db.batch([
    updateMemberRow(db, member.id, { passwordHash: await hashPassword(password), failedSignIns: 0, failedSince: null, lockedUntil: null }),
    deleteMemberSessions(db, member.id),
    insertAudit(db, auditEntry(tenantId, "operator", "member.password_set", { member_id: member.id })),
  ]);
  return { member_id: member.id, changed: true };
}

/** Uses a sign-in link once; a session, or null for an unknown, used or expired link. */
export async function linkSignIn(env: Env, token: string, ctx: RequestContext): Promise<string | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const hash = await sha256Hex(token);
  const at = await envOfKey(env, "signin", hash);
  const db = dbOf(at);
  const used = await consumeSignInLink(db, hash, nowIso());
  if (!used) return null;
  const member = await memberById(db, used.memberId);
  if (!member || member.removedAt !== null) return null;
  return startSession(at, member, ctx, "link");
}

// ---- Members of an account ----

export async function listMembers(env: Env, tenantId: string) {
  const rows = await listMemberRows(dbOf(env), tenantId);
  return rows.map((m) => ({
    member_id: m.id,
    email: m.email,
    full_name: m.fullName,
    role: m.role,
    has_password: m.passwordHash !== null,
    locked_until: isLocked(m) ? m.lockedUntil : null,
    created_at: m.createdAt,
  }));
}

/** A member's role as a form names it. */
export const MemberRoleName = z.enum(MEMBER_ROLES, { error: "owner, admin, member or viewer." });

/** The dashboard's invite form (`inviteMember`): an email of at most 254 characters, a name of 1-200, a role. */
export const MemberInviteInput = z.object({
  email: z
    .string()
    .trim()
    .refine((e) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e) && e.length <= 254, "not an email address."),
  full_name: z.string().trim().min(1, "1 to 200 characters.").max(200, "1 to 200 characters."),
  role: MemberRoleName,
});

/** The dashboard's change of a member's role (`changeRole`). */
export const MemberRoleInput = z.object({ role: MemberRoleName });

/** Adds a member from the dashboard: only an owner may add an owner. They sign in with an email link until a password is set. */
export async function inviteMember(
  env: Env,
  by: Pick<Session, "memberId" | "tenantId" | "role">,
  input: { email: string; full_name: string; role: MemberRole },
) {
  if (input.role === "owner" && by.role !== "owner") throw invalid("role: only an owner may add another owner.");
  return addMember(env, by.tenantId, { email: normaliseEmail(input.email), full_name: input.full_name, role: input.role }, `member:${by.memberId}`);
}

/**
 * Changes a member's role. Only an owner may make or unmake an owner; the account always keeps
 * at least one owner. The member's sessions end, so the new role applies from their next sign-in
 * at the latest (it applies at once anyway: roles are read with each session).
 */
export async function changeRole(env: Env, by: Pick<Session, "memberId" | "tenantId" | "role">, memberId: string, role: MemberRole) {
  const db = dbOf(env);
  const target = await memberById(db, memberId);
  if (!target || target.tenantId !== by.tenantId || target.removedAt !== null) throw new ApiError("not_found", `No member has the id ${memberId}.`);
  if ((role === "owner" || target.role === "owner") && by.role !== "owner") throw invalid("role: only an owner may make or unmake an owner.");
  if (target.role === "owner" && role !== "owner" && (await countOwners(db, by.tenantId, memberId)) === 0)
    throw invalid("role: the account needs at least one owner; make someone else owner first.");
  if (target.role === role) return { updated: false };
  const adb = dbOf(env);
  await db.batch([
    updateMemberRow(db, memberId, { role }),
    insertAudit(adb, auditEntry(by.tenantId, `member:${by.memberId}`, "member.role_changed", { member_id: memberId, from: target.role, to: role })),
  ]);
  return { updated: true };
}

/** 429 while the member's password is locked (too many wrong passwords, at sign-in or here). */
function passwordLocked(until: string) {
  const seconds = Math.max(1, Math.ceil((Date.parse(until) - Date.now()) / 1000));
  return new ApiError("rate_limited", "Too many wrong passwords: your password is locked for 15 minutes.", "Try again later, or sign in with an email link.", {
    "Retry-After": String(seconds),
  });
}

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

/**
 * Sets the member's own password (the current one is required when there is one). Their other
 * sessions end; this one goes on.
 */
export async function setOwnPassword(env: Env, s: Pick<Session, "memberId" | "tenantId" | "sessionId">, input: { current?: string; password: string }) {
  const db = dbOf(env);
  const me = await memberById(db, s.memberId);
  if (!me) throw new ApiError("not_found", "No such member.");
  if (me.passwordHash !== null) {
    // A wrong current password counts in the sign-in lock-out; while locked, even the right one is refused.
    const now = Date.now();
    if (isLocked(me, now)) throw passwordLocked(me.lockedUntil!);
    if (!(await verifyPassword(me.passwordHash, input.current ?? ""))) {
      await countFailure(env, me.id, now);
      throw invalid("current: this is not your current password.");
    }
  }
  if ([...input.password].length < PASSWORD_MIN || [...input.password].length > PASSWORD_MAX)
    throw invalid(`password: ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`, "A phrase of several words is long enough and easy to type.");
  // Checked again, atomically, as the count is cleared: a burst of guesses that read "not locked"
  // before the 10th failure landed cannot change the password once it has.
  if (me.passwordHash !== null && !(await clearFailuresIfUnlocked(db, me.id, nowIso()))) {
    const locked = await memberById(db, s.memberId);
    throw passwordLocked(locked?.lockedUntil ?? new Date(Date.now() + LOCK_MS).toISOString());
  }
  await db.batch([
    updateMemberRow(db, s.memberId, { passwordHash: await hashPassword(input.password), failedSignIns: 0, failedSince: null, lockedUntil: null }),
    deleteOtherSessions(db, s.memberId, s.sessionId),
    insertAudit(dbOf(env), auditEntry(s.tenantId, `member:${s.memberId}`, "member.password_set", {})),
  ]);
  return { updated: true };
}
