/**
 * Removing a member from an account (owner or admin, from the members page). The row stays, marked
 * removed, for what references it (OAuth connections, the audit trail); everywhere else the member
 * is gone: their sessions and sign-in links end at once, their OAuth connections end the way the
 * dashboard's "end connection" ends one (their tokens answer 401), sign-in refuses them like an
 * unknown member, and the members list leaves them out.
 */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { insertAudit } from "../db/accounts";
import { countOwners, deleteMemberLinks, deleteMemberSessions, markMemberRemoved, memberById } from "../db/members";
import { liveConnectionIdsOfMember } from "../db/oauth";
import { ApiError, invalid } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { auditEntry } from "./accounts";
import { endConnection } from "./oauth";
import type { Session } from "./members";

/** The account's member with this id (not removed), or 404. */
export async function liveMember(env: Env, tenantId: string, memberId: string) {
  const target = await memberById(dbOf(env), memberId);
  if (!target || target.tenantId !== tenantId || target.removedAt !== null) throw new ApiError("not_found", `No member has the id ${memberId}.`);
  return target;
}

/**
 * Removes a member. Refused: yourself (another owner or admin must do it), the account's last
 * owner, and an owner unless an owner asks.
 */
export async function removeMember(env: Env, by: Pick<Session, "memberId" | "tenantId" | "role">, memberId: string) {
  const db = dbOf(env);
  const target = await liveMember(env, by.tenantId, memberId);
  if (target.id === by.memberId) throw invalid("member: you cannot remove yourself; another owner or admin can.");
  if (target.role === "owner" && (await countOwners(db, by.tenantId, target.id)) === 0)
    throw invalid("member: the account's last owner cannot be removed; make someone else owner first.");
  if (target.role === "owner" && by.role !== "owner") throw invalid("member: only an owner may remove an owner.");
  const actor = `member:${by.memberId}`;
  const [marked] = await db.batch([
    markMemberRemoved(db, target.id, nowIso()),
    deleteMemberSessions(db, target.id),
    deleteMemberLinks(db, target.id),
    insertAudit(db, auditEntry(by.tenantId, actor, "member.removed", { member_id: target.id, email: target.email, role: target.role })),
  ]);
  for (const id of await liveConnectionIdsOfMember(db, target.id)) await endConnection(env, id, "member removed", actor);
  return { removed: (marked.meta.changes ?? 0) === 1, full_name: target.fullName };
}
