/**
 * Importing a subject (`PUT /v1/subjects`): the input schema, the guest-list rules (who signs
 * for whom), the items a packet should have, and the import itself, which creates or updates the
 * subject, its participants and its packet in one batch. Reading packets and starting an item are
 * src/domain/packets.ts, which re-exports these.
 */
import { z } from "@hono/zod-openapi";
import { dbOf } from "../db/client";
import type { Env } from "../env";
import { type PacketStatus, SUBJECT_KINDS } from "./vocabulary";
import type { Statement } from "../db/signing";
import type { WorkflowPacket } from "../db/schema";
import {
  type NewPacketItemRow,
  type NewParticipantRow,
  type Owner,
  type PacketItemRow,
  type SubjectRow,
  deleteUnsentItems,
  dropItems,
  droppedSentItems,
  importReads,
  insertPacket,
  insertSubject,
  packetState,
  removeParticipants,
  updateSubject,
  upsertItemsSql,
  upsertParticipantsSql,
} from "../db/packets";
import { invalid } from "../lib/errors";
import { randomHex } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { logError } from "../lib/log";
import { jsonObject, plainText, text } from "../lib/text";
import { CROCKFORD_ALPHABET } from "../lib/verification-code";
import { type PhoneNumbers, phoneNumbersIf, requirePhones } from "../lib/phone-numbers";
import { announce, packetChangeStatements } from "./packet-state";
import { voidForPacket } from "./documents";

export const PARTICIPANTS_MAX = 60;
/** The reason on a document voided because its participant left the subject. */
export const PARTICIPANT_REMOVED = "participant removed";
/** The reason on a document voided because its item's signer changed (a new guardian, a new first adult). */
export const SIGNER_CHANGED = "signer changed";
/** `facts` is the caller's own record of the subject; it is stored and returned, at most this large. */
export const FACTS_MAX_BYTES = 16_384;

// ---- Input, defined once: the route validates with these. ----

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "not a calendar date");

const Ref = plainText().trim().min(1).max(200);

const ParticipantInput = z
  .object({
    ref: Ref.openapi({ description: "Your id for the person, unique in the subject: a later import with the same ref updates them." }),
    full_name: plainText().trim().min(1).max(200),
    email: z.email().max(254).nullable().optional().openapi({ description: "Needed to start a document this person signs." }),
    phone: text().max(40).nullable().optional().openapi({ description: "With its country code; stored in E.164." }),
    is_minor: z.boolean().optional().openapi({ description: "Default false. A minor's documents are signed by their guardian." }),
    guardian_ref: Ref.nullable().optional().openapi({ description: "Required for a minor: the ref of the adult participant who signs for them." }),
  })
  .strict()
  .openapi("ParticipantInput");

export const SubjectInput = z
  .object({
    kind: z.enum(SUBJECT_KINDS).optional().openapi({ description: "Default reservation on create; an update without it keeps the stored kind." }),
    provider: z
      .string()
      .max(40)
      .regex(/^[a-z][a-z0-9_-]*$/, "a lowercase letter, then lowercase letters, digits, underscores or hyphens")
      .optional()
      .openapi({ description: "The system the subject comes from (e.g. a booking system). Part of the key." }),
    external_id: plainText().trim().min(1).max(200).openapi({ description: "Your id for the subject. With provider, the key of the upsert." }),
    label: plainText().trim().max(200).optional(),
    starts_on: isoDate,
    ends_on: isoDate.nullable().optional(),
    facts: jsonObject()
      .optional()
      .openapi({ description: "Your own facts about the subject: stored and returned; scalar ones also fill template variables of the same name." }),
    participants: z.array(ParticipantInput).max(PARTICIPANTS_MAX).optional().openapi({ description: "0-60 people. The list is the whole guest list." }),
  })
  .strict()
  .openapi("SubjectImport");

export type SubjectInput = z.infer<typeof SubjectInput>;
type ParticipantInput = z.infer<typeof ParticipantInput>;

// ---- Answers ----

export type ImportSummary = {
  packet_id: string;
  code: string;
  added: number;
  dropped: number;
  state: PacketStatus;
  required: number;
  completed: number;
  outstanding: number;
  not_started: number;
};

type Counts = { required: number; completed: number; blocked: number; notStarted: number };
export const readiness = (c: Counts) => ({
  required: c.required,
  completed: c.completed,
  outstanding: c.required - c.completed - c.blocked,
  blocked: c.blocked,
});

// ---- The rules of a guest list ----

/** A participant named in a message: its place in the list and its name. */
const who = (i: number, p: ParticipantInput) => `participants.${i} ("${p.full_name}")`;

/**
 * The checks zod cannot make: refs unique, every minor with a guardian who is an adult of the same
 * list, no guardian on an adult, phones valid. Each refusal names the participant.
 */
export function checkParticipants(
  list: readonly ParticipantInput[],
  phones: PhoneNumbers | undefined,
): Map<string, ParticipantInput & { phone: string | null }> {
  const byRef = new Map<string, ParticipantInput & { phone: string | null }>();
  list.forEach((p, i) => {
    if (byRef.has(p.ref)) throw invalid(`${who(i, p)}: ref "${p.ref}" is used twice; each participant needs their own.`);
    let phone: string | null = null;
    if (p.phone && p.phone.trim() !== "") {
      phone = requirePhones(phones, who(i, p)).toE164(p.phone);
      if (!phone) throw invalid(`${who(i, p)}: phone is not a valid phone number; include the country code.`);
    }
    byRef.set(p.ref, { ...p, phone });
  });
  list.forEach((p, i) => {
    if (p.is_minor) {
      if (!p.guardian_ref) throw invalid(`${who(i, p)}: a minor needs a guardian_ref, the ref of the adult participant who signs for them.`);
      const g = byRef.get(p.guardian_ref);
      if (!g) throw invalid(`${who(i, p)}: guardian_ref "${p.guardian_ref}" is not a participant of this subject.`);
      if (g.is_minor) throw invalid(`${who(i, p)}: the guardian "${p.guardian_ref}" is a minor; a guardian must be an adult participant.`);
    } else if (p.guardian_ref) {
      throw invalid(`${who(i, p)}: guardian_ref is for minors only; this participant is not a minor (is_minor is false).`);
    }
  });
  return byRef;
}

/** A packet's code: `PK-` and 8 Crockford base32 characters in two groups (40 bits; unique per account). */
export function newPacketCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let s = "";
  for (const b of bytes) s += CROCKFORD_ALPHABET[b & 31];
  return `PK-${s.slice(0, 4)}-${s.slice(4)}`;
}

/** An item a packet should have: one per (workflow, slot). */
type WantedItem = {
  workflowId: string;
  per: "participant" | "subject";
  slot: string;
  required: boolean;
  participantRef: string | null;
  signerRef: string | null;
};

/**
 * The items the account's packet workflows ask of this guest list: per participant, one each (a
 * minor's signed by the guardian, or none with `minors: skip`); per subject, one signed by the
 * first adult (none named while there is no adult).
 */
export function wantedItems(workflows: readonly { id: string; packet: WorkflowPacket | null }[], list: readonly ParticipantInput[]): WantedItem[] {
  const firstAdult = list.find((p) => !p.is_minor) ?? null;
  return workflows.flatMap((w): WantedItem[] => {
    const rule = w.packet!;
    const required = rule.required;
    if (rule.per === "subject") {
      const ref = firstAdult?.ref ?? null;
      return [{ workflowId: w.id, per: "subject" as const, slot: "", required, participantRef: ref, signerRef: ref }];
    }
    return list
      .filter((p) => !(p.is_minor && rule.minors === "skip"))
      .map((p) => ({
        workflowId: w.id,
        per: "participant" as const,
        slot: p.ref,
        required,
        participantRef: p.ref,
        signerRef: p.is_minor ? p.guardian_ref! : p.ref,
      }));
  });
}

// ---- Import ----

const isConflict = (err: unknown) => /UNIQUE constraint failed/i.test(String((err as Error)?.message ?? err));

/** The checks of an import that need no stored data (dates in order, facts' size, the guest list); a refusal names the field. */
/** The phone rules when a participant has a number (read then): what `checkSubject` needs. */
export const phonesForSubject = (assets: Fetcher, input: SubjectInput) =>
  phoneNumbersIf(
    assets,
    (input.participants ?? []).some((p) => p.phone && p.phone.trim() !== ""),
  );

export function checkSubject(input: SubjectInput, phones: PhoneNumbers | undefined): Map<string, ParticipantInput & { phone: string | null }> {
  if (input.ends_on && input.ends_on < input.starts_on) throw invalid("ends_on: must not be before starts_on.");
  if (input.facts && new TextEncoder().encode(JSON.stringify(input.facts)).length > FACTS_MAX_BYTES)
    throw invalid(`facts: at most ${FACTS_MAX_BYTES / 1024} KB of JSON.`);
  return checkParticipants(input.participants ?? [], phones);
}

/**
 * PUT /v1/subjects. One read (subject, packet, participants, items, the kind's workflows), one
 * batch of writes ending with the packet's recount and its event if its state changed. Two imports
 * of the same key at once: the loser's batch fails on a unique index and is planned again from
 * what the winner wrote.
 */
export async function importSubject(env: Env, o: Owner, input: SubjectInput): Promise<{ subject_id: string; packet: ImportSummary }> {
  const byRef = checkSubject(input, await phonesForSubject(env.ASSETS, input));
  for (let attempt = 0; ; attempt++) {
    try {
      return await importOnce(env, o, input, byRef);
    } catch (err) {
      if (attempt < 3 && isConflict(err)) continue;
      throw err;
    }
  }
}

async function importOnce(env: Env, o: Owner, input: SubjectInput, byRef: Map<string, ParticipantInput & { phone: string | null }>) {
  const db = dbOf(env);
  const provider = input.provider ?? "";
  const at = nowIso();
  // The kind decides which workflows apply, and an update without one keeps the stored kind: the
  // read takes every packet workflow and keeps the kind's once the subject is known.
  const [subjects, packets, people, items, packetWorkflows] = await db.batch(importReads(db, o, { provider, externalId: input.external_id }));
  const was: SubjectRow | undefined = subjects[0];
  const kind = input.kind ?? was?.kind ?? "reservation";
  const workflows = packetWorkflows.filter((w) => w.packet?.kind === kind);
  const subjectId = was?.id ?? newId("sub");
  const packetId = packets[0]?.id ?? newId("pkt");
  const code = packets[0]?.code ?? newPacketCode();
  const statements: Statement[] = [];
  const subjectFields = {
    kind,
    label: input.label ?? "",
    startsOn: input.starts_on,
    endsOn: input.ends_on ?? null,
    facts: input.facts ?? {},
    updatedAt: at,
  };
  // Only what changed is written: a nightly sync re-importing unchanged bookings writes almost nothing.
  const sameSubject =
    was &&
    was.kind === kind &&
    was.label === subjectFields.label &&
    was.startsOn === subjectFields.startsOn &&
    was.endsOn === subjectFields.endsOn &&
    JSON.stringify(was.facts) === JSON.stringify(subjectFields.facts);
  if (was && !sameSubject) statements.push(updateSubject(db, subjectId, subjectFields));
  else if (!was)
    statements.push(
      insertSubject(db, { id: subjectId, tenantId: o.tenantId, mode: o.mode, provider, externalId: input.external_id, createdAt: at, ...subjectFields }),
    );
  if (!packets[0]) statements.push(insertPacket(db, { id: packetId, tenantId: o.tenantId, mode: o.mode, subjectId, code, createdAt: at, updatedAt: at }));

  // Participants: upserted by ref (ids kept), those left out marked removed.
  const known = new Map(people.map((p) => [p.ref, p] as const));
  const idOf = new Map<string, string>();
  const rows: NewParticipantRow[] = [...byRef.values()].map((p, position) => {
    const id = known.get(p.ref)?.id ?? newId("ptc");
    idOf.set(p.ref, id);
    return {
      id,
      subjectId,
      ref: p.ref,
      position,
      fullName: p.full_name,
      email: p.email ?? null,
      phone: p.phone,
      isMinor: p.is_minor ?? false,
      guardianRef: p.is_minor ? (p.guardian_ref ?? null) : null,
      removedAt: null,
    };
  });
  const changed = rows.filter((r) => {
    const k = known.get(r.ref);
    return (
      !k ||
      k.removedAt !== null ||
      k.position !== r.position ||
      k.fullName !== r.fullName ||
      k.email !== r.email ||
      k.phone !== r.phone ||
      k.isMinor !== r.isMinor ||
      k.guardianRef !== r.guardianRef
    );
  });
  if (changed.length) statements.push(upsertParticipantsSql(db, changed));
  const removed = people.filter((p) => p.removedAt === null && !byRef.has(p.ref));
  if (removed.length)
    statements.push(
      removeParticipants(
        db,
        removed.map((p) => p.id),
        at,
      ),
    );

  // Items: the wanted ones kept or added; those of removed participants dropped.
  const live = items.filter((i) => i.droppedAt === null);
  const liveBySlot = new Map(live.map((i) => [`${i.workflowId}|${i.slot}`, i] as const));
  const wanted = wantedItems(workflows, [...byRef.values()]);
  const upserts: NewPacketItemRow[] = [];
  let added = 0;
  const voidLater: { item: PacketItemRow; reason: string }[] = [];
  for (const w of wanted) {
    const have = liveBySlot.get(`${w.workflowId}|${w.slot}`);
    const participantId = w.participantRef ? idOf.get(w.participantRef)! : null;
    const signerParticipantId = w.signerRef ? idOf.get(w.signerRef)! : null;
    if (!have) {
      added++;
      upserts.push({
        id: newId("pki"),
        packetId,
        workflowId: w.workflowId,
        per: w.per,
        slot: w.slot,
        required: w.required,
        participantId,
        signerParticipantId,
        status: "not_started",
        createdAt: at,
        updatedAt: at,
      });
    } else if (have.participantId !== participantId || have.signerParticipantId !== signerParticipantId || have.required !== w.required) {
      // Who signs changed (a new guardian, a new first adult): a document out to the old signer
      // is voided, and the item can be started again for the new one.
      upserts.push({ ...have, participantId, signerParticipantId, required: w.required, updatedAt: at });
      if (have.status === "sent" && have.signerParticipantId !== signerParticipantId) {
        const gone = removed.some((p) => p.id === have.signerParticipantId);
        voidLater.push({ item: have, reason: gone ? PARTICIPANT_REMOVED : SIGNER_CHANGED });
      }
    }
  }
  const removedRefs = new Set(removed.map((p) => p.ref));
  const leaving = live.filter((i) => i.per === "participant" && removedRefs.has(i.slot));
  if (upserts.length) statements.push(upsertItemsSql(db, upserts));
  if (leaving.length) {
    const ids = leaving.map((i) => i.id);
    statements.push(deleteUnsentItems(db, ids), dropItems(db, ids, at));
    voidLater.push(...leaving.filter((i) => i.status === "sent").map((item) => ({ item, reason: PARTICIPANT_REMOVED })));
  }
  const token = randomHex(8);
  statements.push(...packetChangeStatements(env, o, packetId, at, token));
  const [state] = (await db.batch([...(statements as [Statement, ...Statement[]]), packetState(db, packetId)])).at(-1) as Awaited<
    ReturnType<typeof packetState>
  >;
  const after = state!;
  await announce(env, o, after, token);
  await voidDocuments(env, voidLater);
  return {
    subject_id: subjectId,
    packet: {
      packet_id: packetId,
      code,
      added,
      dropped: leaving.length,
      state: after.status,
      required: after.required,
      completed: after.completed,
      outstanding: readiness(after).outstanding,
      not_started: after.notStarted,
    },
  };
}

/** Voids the documents of items whose signer left the subject; one that completed meanwhile stays completed. */
async function voidDocuments(env: Env, list: readonly { item: Pick<PacketItemRow, "id" | "documentId">; reason: string }[]) {
  await Promise.all(
    list
      .filter(({ item }) => item.documentId)
      .map(({ item, reason }) => voidForPacket(env, item.documentId!, reason).catch((err) => logError("packet item void failed", err, { itemId: item.id }))),
  );
}

/** Cron: documents of dropped items still out for signing (an import's void that did not happen) are voided. */
export async function sweepDroppedItems(env: Env): Promise<{ voided: number }> {
  const items = await droppedSentItems(dbOf(env), 50);
  await voidDocuments(
    env,
    items.map((item) => ({ item, reason: PARTICIPANT_REMOVED })),
  );
  return { voided: items.length };
}
