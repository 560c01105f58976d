/**
 * Reading a document's full state from D1 and the small derivations every rule uses
 * (who must sign, whose turn it is). D1 is the system of record; the sequencer reads from here.
 */
import type { Env, Mode } from "../env";
import type { ConsumerDisclosure, TemplateField } from "../db/schema";
import { type DocumentRecord, type EventRecord, type FieldValueRecord, type SignerState, loadDocumentWithLastSeq, loadDocumentWithTrail } from "../db/signing";
import type { DocumentSnapshot, SignerSnapshot } from "./events";
import { ApiError, invalid } from "../lib/errors";
import { isFieldFor } from "./field-parties";

export type { DocumentRecord, EventRecord, FieldValueRecord, SignerState } from "../db/signing";

/**
 * What the rules need: the document, its signers in order, their answers and the trail's last
 * sequence number. The document's sequencer keeps this in memory (it is the only writer).
 */
export type SequencerState = {
  doc: DocumentRecord;
  signers: SignerState[];
  values: FieldValueRecord[];
  lastSeq: number;
  /**
   * The account's consumer disclosure as this sequencer last read it (stored JSON text, or null
   * for none), from a signer's link read or an earlier consent; a consent uses it and commits only
   * if it is still the account's (`disclosureStill`). Absent: not read yet.
   */
  disclosureSeen?: { json: string | null };
};
/** A live link as its sequencer sees it, with the account's page settings and the certificate's code. */
export type LinkState = { st: SequencerState; tenant: LinkTenant | null; verificationCode: string | null };
/** The account as a signer's page needs it: name, framing rule, white-label and consumer disclosure. */
export type LinkTenant = { name: string; frameAncestors: string; whiteLabel: boolean; consumerDisclosure: ConsumerDisclosure | null };

/** The same with the whole trail, for staff reads. */
export type DocState = SequencerState & { events: EventRecord[] };

/** One round trip: the document, its signers in order, supplied values and the trail. */
export async function loadState(env: Env, documentId: string): Promise<DocState | null> {
  const r = await loadDocumentWithTrail(env, documentId);
  return r && { ...r, lastSeq: r.events.at(-1)?.seq ?? 0 };
}

/** One round trip: what the sequencer keeps (the trail only as its last sequence number). */
export function loadSequencerState(env: Env, documentId: string): Promise<SequencerState | null> {
  return loadDocumentWithLastSeq(env, documentId);
}

/**
 * Whether the signer still has a part to play: everyone but `cc`, except one who delegated
 * their part (the delegate plays it). "Must sign" in the rules below means "must act":
 * an approver approves and a viewer acknowledges (src/domain/participant-actions.ts).
 */
export const mustSign = (s: Pick<SignerState, "role" | "delegatedTo">) => s.role !== "cc" && s.delegatedTo === null;
/** Roles that act without a signature: an approver approves, a viewer acknowledges. */
export const actsWithoutSignature = (s: Pick<SignerState, "role">) => s.role === "approver" || s.role === "viewer";

/** The member who signed for this signer's group (someone else), or null. */
export function groupSignedBy(st: Pick<SequencerState, "signers">, s: Pick<SignerState, "id" | "groupId">): SignerState | null {
  if (!s.groupId) return null;
  return st.signers.find((o) => o.groupId === s.groupId && o.id !== s.id && o.status === "signed") ?? null;
}

/** Whether the signer's part is done: they acted, or (a group's member) another member signed for the group. */
export const partDone = (st: Pick<SequencerState, "signers">, s: SignerState) => s.status === "signed" || groupSignedBy(st, s) !== null;

/** The signer who now plays the part of `signerId`: them, or the delegate they passed it to (followed to the end). */
export function actingFor<S extends { id: string; delegatedTo: string | null }>(signers: readonly S[], signerId: string): S | null {
  let s = signers.find((o) => o.id === signerId) ?? null;
  for (let hops = 0; s?.delegatedTo && hops < signers.length; hops++) {
    const next: string = s.delegatedTo;
    s = signers.find((o) => o.id === next) ?? null;
  }
  return s;
}

/** Everyone who must still act (a group counts as each of its members until one signs). */
export const outstanding = (st: Pick<SequencerState, "signers">) => st.signers.filter((s) => mustSign(s) && !partDone(st, s));

export const nextSeq = (st: SequencerState) => st.lastSeq + 1;
export const docFields = (st: SequencerState): TemplateField[] => st.doc.fields;
/**
 * Fields this signer answers through the link: staff-only fields are asked of no signer, and a
 * field for one signing party (`signer`) only of that party.
 */
export const signerFields = (st: SequencerState, signer: Pick<SignerState, "id">) => docFields(st).filter((f) => !f.staff_only && isFieldFor(f, signer.id));

/**
 * The answers a signer's conditions and formulas read: their own, and those of fields asked of one
 * other party (whoever answered them), so a condition may follow another party's answer.
 */
export function answersFor(st: SequencerState, signerId: string): Map<string, string> {
  const fields = new Map(docFields(st).map((f) => [f.key, f] as const));
  const out = new Map<string, string>();
  for (const v of st.values) if (v.signerId === signerId) out.set(v.key, v.value);
  for (const v of st.values) {
    const f = fields.get(v.key);
    if (!out.has(v.key) && f && (f.staff_only || (f.signer_id && f.signer_id === v.signerId))) out.set(v.key, v.value);
  }
  return out;
}

/**
 * Whether the signer may act now. Always: a witness waits for the signer they witness, and an
 * approver holds back everyone ordered after them. On a sequential document, everyone waits for
 * all who are ordered before them.
 */
export function isMyTurn(st: SequencerState, signer: SignerState): boolean {
  if (st.doc.status !== "sent" || signer.status !== "pending" || !mustSign(signer) || partDone(st, signer)) return false;
  const open = outstanding(st).filter((o) => o.id !== signer.id && (o.groupId === null || o.groupId !== signer.groupId));
  const witnessed = signer.witnessFor ? actingFor(st.signers, signer.witnessFor) : null;
  if (witnessed && open.some((o) => o.id === witnessed.id)) return false;
  if (open.some((o) => o.role === "approver" && o.signOrder < signer.signOrder)) return false;
  if (!st.doc.sequential) return true;
  return open.every((o) => o.signOrder >= signer.signOrder);
}

/** The first signer the document waits on (lowest order still to act), or null. */
export function waitingOn(st: SequencerState): SignerState | null {
  if (st.doc.status !== "sent") return null;
  return outstanding(st)[0] ?? null;
}

export function snapshot(doc: DocumentRecord, changes: Partial<DocumentRecord> = {}): DocumentSnapshot {
  const d = { ...doc, ...changes };
  return {
    id: d.id,
    tenantId: d.tenantId,
    // The column holds only the modes the service writes (`live`, `test`).
    mode: d.mode as Mode,
    title: d.title,
    status: d.status,
    bodySha256: d.bodySha256,
    completedAt: d.completedAt,
    metadata: d.metadata,
    externalRef: d.externalRef,
  };
}

export const signerSnapshot = (s: SignerState, status = s.status): SignerSnapshot => ({ id: s.id, email: s.email, fullName: s.fullName, status });

/** How long a link keeps working after its document completed (read and sealed-PDF download). */
export const COMPLETED_LINK_DAYS = 30;

/** When a completed document's links stop working (30 days after completion), or null before completion. */
export function completedLinkEnd(doc: Pick<DocumentRecord, "status" | "completedAt">): string | null {
  if (doc.status !== "completed" || !doc.completedAt) return null;
  return new Date(Date.parse(doc.completedAt) + COMPLETED_LINK_DAYS * 86400_000).toISOString();
}

/**
 * Whether a link still works: the document is sent (before its expiry and the link's) or
 * completed less than 30 days ago. Otherwise it answers like a link that matches nothing.
 */
export function linkIsLive(
  doc: Pick<DocumentRecord, "status" | "expiresAt" | "completedAt">,
  signer: Pick<SignerState, "tokenExpiresAt">,
  now = Date.now(),
): boolean {
  if (doc.status === "completed") return doc.completedAt !== null && Date.parse(doc.completedAt) + COMPLETED_LINK_DAYS * 86400_000 > now;
  if (doc.status !== "sent") return false;
  if (doc.expiresAt && Date.parse(doc.expiresAt) <= now) return false;
  if (Date.parse(signer.tokenExpiresAt) <= now) return false;
  return true;
}

export const DEAD_LINK_REASON = "This signing link is not valid. It may have expired, been withdrawn, or been mistyped.";

/** The one refusal for a token that matches nothing or whose document is no longer live. */
export const deadLink = () => new ApiError("not_found", DEAD_LINK_REASON, "Ask the sender for a new link.");

/** Refuses an action out of turn, saying whom the signer waits for. */
export function requireTurn(st: SequencerState, signer: SignerState) {
  if (isMyTurn(st, signer)) return;
  const witnessed = signer.witnessFor ? actingFor(st.signers, signer.witnessFor) : null;
  const approver = outstanding(st).find((o) => o.role === "approver" && o.signOrder < signer.signOrder);
  const why = approver
    ? `This document waits for ${approver.fullName}'s approval first.`
    : witnessed && outstanding(st).some((o) => o.id === witnessed.id)
      ? `A witness signs after the signer they witness (${witnessed.fullName}).`
      : "It is not this signer's turn: this document is signed in order.";
  throw invalid(why, "Wait until the signers before you have acted.");
}
