/**
 * Subjects, packets and items: every document about one reservation or activity, and whether it
 * is ready.
 *
 * - `importSubject` (PUT /v1/subjects; src/domain/packet-import.ts) upserts the subject by
 *   (provider, external_id), its participants by ref, and builds or rebuilds its packet, all in
 *   one D1 batch after one read.
 * - `startItem` prepares and sends an item's workflow document (for a minor, to the guardian).
 * - `followDocument` keeps an item's state with its document's: the document's own commits carry
 *   the statements, so the item and the packet change in the same transaction as the document.
 *
 * A packet's status and counts are written only by `recomputePacket`, run last by every
 * batch that changes an item; its events are written by the batch that changed its status, so a
 * completing signature and a re-import racing each other cannot lose or double `packet.ready`.
 */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import type { PacketItemStatus } from "./vocabulary";
import { type Owner, type ParticipantRow, type SubjectRow, itemPacketId, itemToStartReads, listPacketRows, packetReads } from "../db/packets";
import { workflowToStart } from "../db/workflows";
import { ApiError, invalid, notFound } from "../lib/errors";
import { type StartResult, startLoaded } from "./workflows";
import type { Actor } from "./transitions";
import { readiness } from "./packet-import";
export {
  PARTICIPANTS_MAX,
  PARTICIPANT_REMOVED,
  SIGNER_CHANGED,
  FACTS_MAX_BYTES,
  checkParticipants,
  newPacketCode,
  wantedItems,
  checkSubject,
  importSubject,
  sweepDroppedItems,
  SubjectInput,
} from "./packet-import";
export type { ImportSummary } from "./packet-import";

// ---- Reads ----

const participantView = (p: ParticipantRow | undefined) =>
  p
    ? {
        id: p.id,
        ref: p.ref,
        full_name: p.fullName,
        email: p.email,
        is_minor: p.isMinor,
        signs_for_them: p.isMinor && p.guardianRef ? p.guardianRef : null,
        removed: p.removedAt !== null,
      }
    : null;

/** The account's latest packets with their subjects and readiness (the dashboard's list; no API route). */
export async function listPackets(env: Env, o: Owner, limit = 100) {
  const rows = await listPacketRows(dbOf(env), o, limit);
  return rows.map((r) => ({
    packet_id: r.packetId,
    code: r.code,
    status: r.status,
    readiness: readiness({ required: r.required, completed: r.completed, blocked: r.blocked, notStarted: 0 }),
    subject: { kind: r.kind, label: r.label, external_id: r.externalId, starts_on: r.startsOn },
  }));
}

/** The packet an item of this account belongs to, or 404. */
export async function packetOfItemFor(env: Env, o: Owner, itemId: string): Promise<string> {
  const row = await itemPacketId(dbOf(env), o, itemId);
  if (!row) throw notFound("packet item");
  return row.packetId;
}

/** GET /v1/packets/{id}: the packet, its subject, readiness and every item (dropped ones marked). One round trip. */
export async function getPacket(env: Env, o: Owner, packetId: string) {
  const db = dbOf(env);
  const [packetRows, subjectRows, rows, people] = await db.batch(packetReads(db, o, packetId));
  const p = packetRows[0];
  const s = subjectRows[0];
  if (!p || !s) throw notFound("packet");
  const byId = new Map(people.map((x) => [x.id, x] as const));
  const counts = { required: p.requiredCount, completed: p.completedCount, blocked: p.blockedCount, notStarted: p.notStartedCount };
  return {
    packet_id: p.id,
    code: p.code,
    status: p.status,
    ready_at: p.readyAt,
    subject: {
      id: s.id,
      kind: s.kind,
      label: s.label,
      provider: s.provider === "" ? null : s.provider,
      external_id: s.externalId,
      starts_on: s.startsOn,
      ends_on: s.endsOn,
      facts: s.facts,
    },
    readiness: readiness(counts),
    not_started: counts.notStarted,
    items: rows.map(({ item: i, workflowCode, workflowName }) => {
      const signer = i.signerParticipantId ? byId.get(i.signerParticipantId) : undefined;
      return {
        item_id: i.id,
        requirement: workflowName ?? workflowCode ?? i.workflowId,
        workflow: { workflow_id: i.workflowId, code: workflowCode, name: workflowName },
        per: i.per,
        required: i.required,
        participant: participantView(i.participantId ? byId.get(i.participantId) : undefined),
        signer: signer ? { id: signer.id, ref: signer.ref, full_name: signer.fullName, email: signer.email } : null,
        document_id: i.documentId,
        status: i.status,
        dropped: i.droppedAt !== null,
      };
    }),
  };
}

// ---- Start ----

/** The template values a packet document may use (only where its template declares them). */
function packetValues(subject: SubjectRow, about: ParticipantRow | null, signer: ParticipantRow): Map<string, string> {
  const values = new Map<string, string>();
  for (const [k, v] of Object.entries(subject.facts ?? {})) {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") values.set(k, String(v));
  }
  values.set("subject_label", subject.label || subject.externalId);
  values.set("starts_on", subject.startsOn);
  if (subject.endsOn) values.set("ends_on", subject.endsOn);
  values.set("participant_name", (about ?? signer).fullName);
  values.set("signer_name", signer.fullName);
  if (about?.isMinor) {
    values.set("minor_name", about.fullName);
    values.set("guardian_name", signer.fullName);
  }
  return values;
}

/** Item states a start may begin from: never sent, or its last document ended without completing. */
const STARTABLE: readonly PacketItemStatus[] = ["not_started", "declined", "voided", "expired"];

/**
 * POST /v1/packets/items/{id}/start: prepares the item's workflow document and sends it to the
 * person who signs it (the guardian for a minor), through the workflow's own start. The document
 * carries the subject's name, its external_id as `external_ref`, and the packet in its metadata.
 */
export async function startItem(env: Env, o: Owner, itemId: string, actor: Actor): Promise<StartResult> {
  const db = dbOf(env);
  const [itemRows, packetRows, subjectRows, people] = await db.batch(itemToStartReads(db, o, itemId));
  const item = itemRows[0];
  const packet = packetRows[0];
  const subject = subjectRows[0];
  if (!item || !packet || !subject) throw notFound("packet item");
  if (item.droppedAt) throw invalid("This item's participant was removed from the subject; it cannot be started.");
  if (!STARTABLE.includes(item.status))
    throw new ApiError(
      "invalid",
      `This item is ${item.status}; only an item not started, or whose document was declined, voided or expired, can be started.`,
      item.status === "sent" ? "Void its document first to start it again." : undefined,
    );
  const byId = new Map(people.map((p) => [p.id, p] as const));
  const signer = item.signerParticipantId ? byId.get(item.signerParticipantId) : undefined;
  if (!signer) throw invalid("This subject has no adult participant to sign this item.", "Import the subject with at least one adult participant.");
  if (!signer.email)
    throw invalid(`Participant "${signer.ref}" (${signer.fullName}) has no email; a document needs one to be sent.`, "Add their email with PUT /v1/subjects.");
  const about = item.participantId ? (byId.get(item.participantId) ?? null) : null;
  const w = await workflowToStart(env, o, item.workflowId);
  if (!w) throw invalid("This item's workflow no longer exists.");
  const values = packetValues(subject, about, signer);
  // The workflow's form fields are answered from the packet's values where they have one.
  const fields = Object.fromEntries(w.row.formFields.filter((f) => values.has(f.key)).map((f) => [f.key, values.get(f.key)!] as const));
  return startLoaded(
    env,
    o,
    w,
    { email: signer.email, full_name: signer.fullName, phone: signer.phone ?? undefined, external_ref: subject.externalId, fields },
    actor,
    {
      packetItemId: item.id,
      subjectName: subject.label || subject.externalId,
      answers: values,
      metadata: { packet_id: packet.id, packet_code: packet.code, packet_item_id: item.id, participant_ref: (about ?? signer).ref },
      onBehalfOf: about?.isMinor ? about.fullName : null,
    },
  );
}
