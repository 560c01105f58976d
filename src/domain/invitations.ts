/**
 * Invitations to join an account (docs/dashboard.md, Members). An owner or admin invites an email
 * address with a role: the invitation stores only its link's SHA-256 and goes out through the
 * messages queue (purpose `member.invitation`). The link works once, within 7 days, until revoked;
 * following it, the invitee sets their name and password (the members' rule) and is signed in as a
 * member of the account with that role. At most 50 invitations a day per account.
 */
import { z } from "@hono/zod-openapi";
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { envOfKey } from "../db/shards";
import { insertAudit, memberExists } from "../db/accounts";
import {
  consumeInvitation,
  deleteUnusedInvitations,
  insertInvitation,
  invitationsSince,
  pendingInvitationByHash,
  pendingInvitations,
  revokeInvitationRow,
  setInvitationMember,
} from "../db/invitations";
import { ApiError, invalid } from "../lib/errors";
import { randomHex, sha256Hex, timingSafeEqual } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { addMember, auditEntry } from "./accounts";
import { MemberRoleName, PASSWORD_MAX, PASSWORD_MIN, type RequestContext, type Session, normaliseEmail, startSession } from "./members";
import { queueMessages } from "./messages";
import type { Lang } from "./vocabulary";

/** An invitation's link works once, within 7 days. */
export const INVITATION_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations an account may send in 24 hours. */
export const INVITATIONS_PER_DAY = 50;

export const invitationUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, "")}/app/invitation?token=${token}`;

/** The invite form: an email of at most 254 characters and a role. */
export const InvitationInput = z.object({
  email: z
    .string()
    .trim()
    .refine((e) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e) && e.length <= 254, "not an email address."),
  role: MemberRoleName,
});

/** The invitee's form: their name (1-200) and a password as members have (12-200). */
export const AcceptInvitationInput = z.object({
  full_name: z.string().trim().min(1, "1 to 200 characters.").max(200, "1 to 200 characters."),
  password: z.string().refine((p) => [...p].length >= PASSWORD_MIN && [...p].length <= PASSWORD_MAX, `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`),
});

/**
 * Invites an address: refused for one already a member of the account, an owner invited by a
 * non-owner, and past 50 invitations in 24 hours (429).
 */
export async function inviteByEmail(
  env: Env,
  by: Pick<Session, "memberId" | "tenantId" | "tenantName" | "role">,
  input: z.output<typeof InvitationInput>,
  opts: { baseUrl: string; lang: Lang },
) {
  const db = dbOf(env);
  const email = normaliseEmail(input.email);
  if (input.role === "owner" && by.role !== "owner") throw invalid("role: only an owner may invite an owner.");
  if (await memberExists(db, by.tenantId, email)) throw invalid(`email: ${email} is already a member of this account.`);
  const at = nowIso();
  if ((await invitationsSince(db, by.tenantId, new Date(Date.parse(at) - 24 * 60 * 60 * 1000).toISOString())) >= INVITATIONS_PER_DAY)
    throw new ApiError("rate_limited", `At most ${INVITATIONS_PER_DAY} invitations a day per account.`, "Try again tomorrow.", { "Retry-After": "3600" });
  const token = randomHex(32);
  const id = newId("inv");
  await db.batch([
    insertInvitation(db, {
      id,
      tenantId: by.tenantId,
      email,
      role: input.role,
      tokenHash: await sha256Hex(token),
      invitedBy: by.memberId,
      expiresAt: new Date(Date.parse(at) + INVITATION_MS).toISOString(),
      createdAt: at,
    }),
    insertAudit(db, auditEntry(by.tenantId, `member:${by.memberId}`, "member.invited", { invitation_id: id, email, role: input.role })),
  ]);
  await queueMessages(env, [
    {
      tenantId: by.tenantId,
      mode: "live",
      documentId: null,
      signerId: null,
      channel: "email",
      purpose: "member.invitation",
      recipient: email,
      locale: opts.lang,
      values: { tenant: by.tenantName, title: "", name: "", link: invitationUrl(opts.baseUrl, token) },
    },
  ]);
  return { invitation_id: id, email };
}

/** How long an invitation that ended unused (expired or revoked) is kept before the cron deletes it; the audit trail keeps its story. */
export const UNUSED_INVITATION_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The cron's step: deletes invitations never accepted whose link ended 30 days ago. */
export async function purgeUnusedInvitations(env: Env, now: Date) {
  await deleteUnusedInvitations(dbOf(env), new Date(now.getTime() - UNUSED_INVITATION_KEPT_MS).toISOString());
}

export async function listInvitations(env: Env, tenantId: string) {
  return (await pendingInvitations(dbOf(env), tenantId, nowIso())).map((i) => ({ invitation_id: i.id, email: i.email, role: i.role, expires_at: i.expiresAt }));
}

/** Revokes a pending invitation: its link is dead at once. 404 when none is pending with this id. */
export async function revokeInvitation(env: Env, by: Pick<Session, "memberId" | "tenantId">, id: string) {
  const db = dbOf(env);
  const row = await revokeInvitationRow(db, by.tenantId, id, nowIso());
  if (!row) throw new ApiError("not_found", `No pending invitation has the id ${id}.`);
  await insertAudit(db, auditEntry(by.tenantId, `member:${by.memberId}`, "member.invitation_revoked", { invitation_id: id, email: row.email }));
  return { email: row.email };
}

const hashOf = async (token: string) => (/^[0-9a-f]{64}$/.test(token) ? sha256Hex(token) : null);

/** The pending invitation a link opens (for its page), or null. */
export async function openInvitation(env: Env, token: string) {
  const hash = await hashOf(token);
  const row = hash ? await pendingInvitationByHash(dbOf(await envOfKey(env, "invite", hash)), hash, nowIso()) : undefined;
  return row && timingSafeEqual(row.tokenHash, hash!) ? { email: row.email, role: row.role } : null;
}

/**
 * Accepts an invitation: uses the link up (atomically: two submits make one member), adds the
 * member with the invitation's role and the chosen name and password, and starts their session.
 * Null for an unknown, used, revoked or expired link; 422 when the address became a member meanwhile.
 */
export async function acceptInvitation(env: Env, token: string, input: z.output<typeof AcceptInvitationInput>, ctx: RequestContext) {
  const hash = await hashOf(token);
  if (!hash) return null;
  env = await envOfKey(env, "invite", hash);
  const db = dbOf(env);
  const row = await consumeInvitation(db, hash, nowIso());
  // The row was found by its hash; the comparison itself is constant-time as well.
  if (!row || !timingSafeEqual(row.tokenHash, hash)) return null;
  const actor = `invitation:${row.id}`;
  const { member_id } = await addMember(env, row.tenantId, { email: row.email, full_name: input.full_name, role: row.role, password: input.password }, actor);
  await setInvitationMember(db, row.id, member_id);
  return { session: await startSession(env, { id: member_id, tenantId: row.tenantId }, ctx, "link"), tenantId: row.tenantId };
}
