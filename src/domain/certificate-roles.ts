/**
 * What a certificate entry adds for roles that act otherwise than by signing, signing groups and
 * delegation (docs/evidence.md "Roles, groups and delegation"). Every field is present only when it
 * applies, so the entry of a signer without any of these is exactly what it was before they existed.
 * The payload names people by email (as `events` does); the verification answer and the certificate
 * pages name them by name.
 */
import type { RecordRows } from "../db/evidence";
import { REDACTED } from "../db/redaction";
import { actingFor } from "./document-state";

/** What a participant of a role that acts differently did: an approver approved, a viewer acknowledged, a witness witnessed. */
export const SIGNER_ACTIONS = ["approved", "acknowledged", "witnessed"] as const;
export type SignerAction = (typeof SIGNER_ACTIONS)[number];

export type PayloadRoleFields = {
  /** Approvers, viewers and witnesses, once they acted (status `signed`): what they did. */
  action?: SignerAction;
  /** A witness: the email of the signer witnessed (the delegate's, when that signer delegated). */
  witness_for?: string;
  /** An approver: the note given with the approval, when there was one. */
  approval_note?: string;
  /** A signing group's member (every member is listed): the group's name. */
  group_name?: string;
  /** The group's member who signed for the group; absent on the members who did not (they stay `pending`). */
  signed_for_group?: true;
  /** The person who delegated their part: the delegate's email, when and why. */
  delegated_to?: string;
  delegated_at?: string;
  delegation_reason?: string;
  /** The delegate: the email of the person whose part they took. */
  delegated_from?: string;
};

type RecordSigner = RecordRows["signers"][number];

const ACTIONS: Record<string, SignerAction> = { approver: "approved", viewer: "acknowledged", witness: "witnessed" };

/** The fields a signer's certificate entry adds for their role, group and delegation; empty when none applies. */
export function roleFields(s: RecordSigner, all: readonly RecordSigner[]): PayloadRoleFields {
  const byId = new Map(all.map((o) => [o.id, o] as const));
  const emailOf = (id: string) => byId.get(id)?.email ?? "";
  const action = s.status === "signed" ? ACTIONS[s.role] : undefined;
  const witnessed = s.witnessFor ? actingFor(all, s.witnessFor) : null;
  return {
    ...(action ? { action } : {}),
    ...(s.witnessFor ? { witness_for: witnessed?.email ?? "" } : {}),
    ...(s.approvalNote ? { approval_note: s.approvalNote } : {}),
    ...(s.groupId ? { group_name: s.groupName ?? "" } : {}),
    ...(s.groupId && s.status === "signed" ? { signed_for_group: true as const } : {}),
    ...(s.delegatedTo ? { delegated_to: emailOf(s.delegatedTo) } : {}),
    ...(s.delegatedTo && s.delegatedAt ? { delegated_at: s.delegatedAt } : {}),
    ...(s.delegatedTo && s.delegationReason ? { delegation_reason: s.delegationReason } : {}),
    ...(s.delegatedFrom ? { delegated_from: emailOf(s.delegatedFrom) } : {}),
  };
}

/**
 * The role fields erased (docs/retention.md): the emails they name, and the free text a person
 * wrote (an approval note, a delegation's reason), as a decline's reason is. The rest stays.
 */
export function redactRoleFields<T extends PayloadRoleFields>(s: T): T {
  const out = { ...s };
  for (const k of ["witness_for", "approval_note", "delegated_to", "delegation_reason", "delegated_from"] as const) {
    if (k in out) out[k] = REDACTED;
  }
  return out;
}

/**
 * A live entry in the shape a frozen one was issued in: `action` is derived from the role and the
 * status (both compared), so an entry of a certificate issued before `action` existed (a free label
 * such as "witness" that signed) is compared without it.
 */
export function asIssuedRoleFields<T extends PayloadRoleFields>(frozen: PayloadRoleFields | undefined, live: T): T {
  if (!frozen || "action" in frozen || !("action" in live)) return live;
  const { action: _action, ...rest } = live;
  return rest as T;
}
