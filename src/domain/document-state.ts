/**
 * Reading a document's full state from D1 and the small derivations every rule uses
 * (who must sign, whose turn it is). D1 is the system of record; the sequencer reads from here.
 */
import type { Env, Mode } from "../env";
import type { TemplateField } from "../db/schema";
import type { DocumentSnapshot, SignerSnapshot } from "./events";
import { ApiError } from "../lib/errors";

export type DocRow = {
  id: string;
  tenant_id: string;
  mode: Mode;
  template_id: string;
  template_code: string;
  template_version: number;
  template_kind: string;
  title: string;
  status: "draft" | "sent" | "completed" | "declined" | "voided" | "expired";
  body: string;
  body_sha256: string;
  merge_spans: string;
  grants: string;
  consent_text: string | null;
  fields: string;
  sequential: number;
  metadata: string;
  external_ref: string | null;
  subject_name: string | null;
  created_at: string;
  sent_at: string | null;
  completed_at: string | null;
  voided_at: string | null;
  void_reason: string | null;
  declined_at: string | null;
  expired_at: string | null;
  expires_at: string | null;
};

export type SignerRow = {
  id: string;
  document_id: string;
  email: string;
  full_name: string;
  role: string;
  sign_order: number;
  phone: string | null;
  auth: string;
  party_id: string | null;
  status: "pending" | "signed" | "declined";
  token_expires_at: string;
  viewed_at: string | null;
  consented_at: string | null;
  consent_version: string | null;
  signed_at: string | null;
  signature_method: string | null;
  signature_value_sha256: string | null;
  signed_against_sha256: string | null;
  sign_ip: string | null;
  captured: string | null;
  declined_at: string | null;
  decline_reason: string | null;
};

export type FieldValueRow = { signer_id: string; key: string; value: string; about: string | null; supplied_at: string };

export type EventRow = {
  id: string;
  seq: number;
  kind: string;
  occurred_at: string;
  signer_id: string | null;
  signer_email: string | null;
  ip: string | null;
  user_agent: string | null;
  signature_method: string | null;
  against_sha256: string;
  detail: string | null;
};

/**
 * What the rules need: the document, its signers in order, their answers and the trail's last
 * sequence number. The document's sequencer keeps this in memory (it is the only writer).
 */
export type SequencerState = { doc: DocRow; signers: SignerRow[]; values: FieldValueRow[]; lastSeq: number };
/** A live link as its sequencer sees it, with the account's page settings and the certificate's code. */
export type LinkState = { st: SequencerState; tenant: { name: string; frame_ancestors: string } | null; verificationCode: string | null };

/** The same with the whole trail, for staff reads. */
export type DocState = SequencerState & { events: EventRow[] };

const SIGNER_COLUMNS =
  "id, document_id, email, full_name, role, sign_order, phone, auth, party_id, status, token_expires_at, viewed_at, consented_at, consent_version, signed_at, signature_method, signature_value_sha256, signed_against_sha256, sign_ip, captured, declined_at, decline_reason";

/** One round trip: the document, its signers in order, supplied values and the trail. */
export async function loadState(env: Env, documentId: string): Promise<DocState | null> {
  const [d, s, v, e] = await env.DB.batch([
    env.DB.prepare("SELECT * FROM documents WHERE id = ?").bind(documentId),
    env.DB.prepare(`SELECT ${SIGNER_COLUMNS} FROM signers WHERE document_id = ? ORDER BY sign_order, created_at, id`).bind(documentId),
    env.DB.prepare("SELECT signer_id, key, value, about, supplied_at FROM field_values WHERE document_id = ?").bind(documentId),
    env.DB.prepare(
      "SELECT id, seq, kind, occurred_at, signer_id, signer_email, ip, user_agent, signature_method, against_sha256, detail FROM events WHERE document_id = ? ORDER BY seq",
    ).bind(documentId),
  ]);
  const doc = d!.results[0] as DocRow | undefined;
  if (!doc) return null;
  const events = e!.results as EventRow[];
  return { doc, signers: s!.results as SignerRow[], values: v!.results as FieldValueRow[], events, lastSeq: events.at(-1)?.seq ?? 0 };
}

/** One round trip: what the sequencer keeps (the trail only as its last sequence number). */
export async function loadSequencerState(env: Env, documentId: string): Promise<SequencerState | null> {
  const [d, s, v, e] = await env.DB.batch([
    env.DB.prepare("SELECT * FROM documents WHERE id = ?").bind(documentId),
    env.DB.prepare(`SELECT ${SIGNER_COLUMNS} FROM signers WHERE document_id = ? ORDER BY sign_order, created_at, id`).bind(documentId),
    env.DB.prepare("SELECT signer_id, key, value, about, supplied_at FROM field_values WHERE document_id = ?").bind(documentId),
    env.DB.prepare("SELECT COALESCE(MAX(seq), 0) AS last FROM events WHERE document_id = ?").bind(documentId),
  ]);
  const doc = d!.results[0] as DocRow | undefined;
  if (!doc) return null;
  return { doc, signers: s!.results as SignerRow[], values: v!.results as FieldValueRow[], lastSeq: (e!.results[0] as { last: number }).last };
}

export const mustSign = (s: SignerRow) => s.role !== "cc";
export const nextSeq = (st: SequencerState) => st.lastSeq + 1;
export const docFields = (st: SequencerState) => JSON.parse(st.doc.fields) as TemplateField[];
/** Fields a signer answers through the link (staff-only fields are not asked of signers). */
export const signerFields = (st: SequencerState) => docFields(st).filter((f) => !f.staff_only);

/** On a sequential document a signer's turn comes when everyone ordered before them has signed. */
export function isMyTurn(st: SequencerState, signer: SignerRow): boolean {
  if (st.doc.status !== "sent" || signer.status !== "pending" || !mustSign(signer)) return false;
  if (!st.doc.sequential) return true;
  return st.signers.every((o) => !mustSign(o) || o.sign_order >= signer.sign_order || o.status === "signed");
}

/** The first signer the document waits on (lowest order still pending), or null. */
export function waitingOn(st: SequencerState): SignerRow | null {
  if (st.doc.status !== "sent") return null;
  return st.signers.find((s) => mustSign(s) && s.status === "pending") ?? null;
}

export function snapshot(doc: DocRow, changes: Partial<DocRow> = {}): DocumentSnapshot {
  const d = { ...doc, ...changes };
  return {
    id: d.id,
    tenantId: d.tenant_id,
    mode: d.mode,
    title: d.title,
    status: d.status,
    bodySha256: d.body_sha256,
    completedAt: d.completed_at,
    metadata: JSON.parse(d.metadata) as Record<string, string>,
    externalRef: d.external_ref,
  };
}

export const signerSnapshot = (s: SignerRow, status = s.status): SignerSnapshot => ({ id: s.id, email: s.email, fullName: s.full_name, status });

/** How long a link keeps working after its document completed (read and sealed-PDF download). */
export const COMPLETED_LINK_DAYS = 30;

/**
 * Whether a link still works: the document is sent (before its expiry and the link's) or
 * completed less than 30 days ago. Otherwise it answers like a link that matches nothing.
 */
export function linkIsLive(
  doc: Pick<DocRow, "status" | "expires_at" | "completed_at">,
  signer: Pick<SignerRow, "token_expires_at">,
  now = Date.now(),
): boolean {
  if (doc.status === "completed") return doc.completed_at !== null && Date.parse(doc.completed_at) + COMPLETED_LINK_DAYS * 86400_000 > now;
  if (doc.status !== "sent") return false;
  if (doc.expires_at && Date.parse(doc.expires_at) <= now) return false;
  if (Date.parse(signer.token_expires_at) <= now) return false;
  return true;
}

export const DEAD_LINK_REASON = "This signing link is not valid. It may have expired, been withdrawn, or been mistyped.";

/** The one refusal for a token that matches nothing or whose document is no longer live. */
export const deadLink = () => new ApiError("not_found", DEAD_LINK_REASON, "Ask the sender for a new link.");
