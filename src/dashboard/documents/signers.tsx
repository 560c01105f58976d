/** @jsxImportSource hono/jsx */
/**
 * A document's signers in words on its page: each person's role (Approver, Viewer, Witness of
 * <name>, Signing group <name>, Delegate of <name>) and what they did (approved, acknowledged,
 * signed, declined, signed for the group or another member signed, delegated to <name>), with
 * when and the note or reason. The raw values stay in `data-role` and `data-status`.
 */
import type { DashT } from "../../i18n";
import type { getDocument } from "../../domain/documents";

type Signer = Awaited<ReturnType<typeof getDocument>>["signers"][number];
type Signers = readonly Signer[];

const nameOf = (all: Signers, id: string | null) => (id ? (all.find((o) => o.signer_id === id)?.full_name ?? id) : null);
/** The member of `s`'s signing group who signed for it (someone else), if any. */
const signedForGroup = (all: Signers, s: Signer) =>
  s.group_id ? (all.find((o) => o.group_id === s.group_id && o.signer_id !== s.signer_id && o.status === "signed") ?? null) : null;

/** The role cell: the role in words (a free label as typed), the signing group, and whose delegate they are. */
export function SignerRole(p: { t: DashT; s: Signer; all: Signers }) {
  const { t, s } = p;
  const parts: string[] = [];
  if (s.role === "witness") parts.push(t("doc_role_witness_of", { name: nameOf(p.all, s.witness_for) ?? "—" }));
  else if (s.role === "signer") {
    if (!s.group_name) parts.push(t("doc_role_signer"));
  } else parts.push(t.maybe(`doc_role_${s.role}`, s.role));
  if (s.group_name) parts.push(t("doc_role_group", { name: s.group_name }));
  if (s.delegated_from) parts.push(t("doc_delegate_of", { name: nameOf(p.all, s.delegated_from)! }));
  // The method only: the code itself is never read back.
  if (s.auth === "access_code") parts.push(t("doc_auth_access_code"));
  if (s.auth === "id_check") parts.push(t("doc_auth_id_check"));
  return <span data-role={s.role}>{parts.join(" · ")}</span>;
}

/** The status cell: what the person did, in words. */
export function SignerDid(p: { t: DashT; s: Signer; all: Signers }) {
  const { t, s } = p;
  let words = t.maybe(`doc_signer_st_${s.status}`, s.status);
  if (s.status === "signed") {
    if (s.role === "approver") words = t("doc_did_approved");
    else if (s.role === "viewer") words = t("doc_did_acknowledged");
    else if (s.group_name) words = t("doc_did_signed_for", { group: s.group_name });
  } else if (s.status === "pending") {
    const other = signedForGroup(p.all, s);
    if (s.delegated_to) words = t("doc_did_delegated", { name: nameOf(p.all, s.delegated_to)! });
    else if (other) words = t("doc_did_other_member", { name: other.full_name });
  }
  return <span data-status={s.status}>{words}</span>;
}

/** The "signed or declined" cell: when, with the approval note, the decline reason or the delegation reason. */
export function signerWhen(t: DashT, s: Signer): string {
  const withText = (at: string, text: string | null) => (text ? `${t.when(at)}: ${text}` : t.when(at));
  // A re-authenticated signature shows its reason.
  if (s.signed_at) return withText(s.signed_at, s.sign_reason ? t("doc_sign_reason", { reason: s.sign_reason }) : s.approval_note);
  if (s.declined_at) return `${t.when(s.declined_at)}: ${s.decline_reason ?? ""}`;
  if (s.delegated_at) return withText(s.delegated_at, s.delegation_reason);
  return "—";
}
