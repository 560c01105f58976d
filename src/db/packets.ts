/**
 * Every D1 query about subjects, participants, packets and packet items, on drizzle's query
 * builder. A packet's status and counts are written only by `recomputePacket`, which
 * every batch that changes an item runs after its change: the counts always match the items, and
 * however two batches interleave (an import and a completing signature), the last one leaves the
 * right state. The packet's events ride in the batch that changed its status (`changed_by`).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Mode } from "../env";
import type { PacketItemStatus, PacketStatus } from "../domain/vocabulary";
import type { Db } from "./client";
import { packetItems, packets, participants, subjects, workflows } from "./schema";

export type SubjectRow = typeof subjects.$inferSelect;
export type NewSubjectRow = typeof subjects.$inferInsert;
export type ParticipantRow = typeof participants.$inferSelect;
export type NewParticipantRow = typeof participants.$inferInsert;
export type PacketRow = typeof packets.$inferSelect;
export type NewPacketRow = typeof packets.$inferInsert;
export type PacketItemRow = typeof packetItems.$inferSelect;
export type NewPacketItemRow = typeof packetItems.$inferInsert;

export type Owner = { tenantId: string; mode: Mode };

// ————— reads —————

const subjectIdByKey = (db: Db, o: Owner, provider: string, externalId: string) =>
  db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.tenantId, o.tenantId), eq(subjects.mode, o.mode), eq(subjects.provider, provider), eq(subjects.externalId, externalId)));

/**
 * What an import needs, as reads for one batch, found by the subject's key (nothing is known of
 * its ids yet): the subject, its packet, every participant (removed ones too), every item (dropped
 * ones too) and the account's active workflows that make items for this kind of subject.
 */
export function importReads(db: Db, o: Owner, key: { provider: string; externalId: string }) {
  const subjectId = subjectIdByKey(db, o, key.provider, key.externalId);
  const packetId = db.select({ id: packets.id }).from(packets).where(inArray(packets.subjectId, subjectId));
  return [
    db.select().from(subjects).where(inArray(subjects.id, subjectId)),
    db.select().from(packets).where(inArray(packets.subjectId, subjectId)),
    db.select().from(participants).where(inArray(participants.subjectId, subjectId)).orderBy(asc(participants.position)),
    db.select().from(packetItems).where(inArray(packetItems.packetId, packetId)).orderBy(asc(packetItems.createdAt), asc(sql`"packet_items"."rowid"`)),
    packetWorkflows(db, o),
  ] as const;
}

/** The account's active workflows with packet settings (the caller keeps those of the subject's kind). */
export const packetWorkflows = (db: Db, o: Owner) =>
  db
    .select({ id: workflows.id, packet: workflows.packet })
    .from(workflows)
    .where(and(eq(workflows.tenantId, o.tenantId), eq(workflows.mode, o.mode), eq(workflows.active, true), isNotNull(workflows.packet)))
    .orderBy(asc(workflows.createdAt), asc(workflows.id));

/** A packet of this account and mode with its subject, its items and every participant, in one batch. */
export function packetReads(db: Db, o: Owner, packetId: string) {
  const owned = and(eq(packets.id, packetId), eq(packets.tenantId, o.tenantId), eq(packets.mode, o.mode));
  const subjectId = db.select({ id: packets.subjectId }).from(packets).where(owned);
  // No joins of two whole tables: in a D1 batch, rows come back keyed by column name, so two `id`s collide.
  return [
    db.select().from(packets).where(owned),
    db.select().from(subjects).where(inArray(subjects.id, subjectId)),
    db
      .select({ item: packetItems, workflowCode: workflows.code, workflowName: workflows.name })
      .from(packetItems)
      .leftJoin(workflows, eq(workflows.id, packetItems.workflowId))
      .where(inArray(packetItems.packetId, db.select({ id: packets.id }).from(packets).where(owned)))
      .orderBy(asc(packetItems.createdAt), asc(sql`"packet_items"."rowid"`)),
    db.select().from(participants).where(inArray(participants.subjectId, subjectId)),
  ] as const;
}

/** The account's packets, newest first, each with its subject (the dashboard's list). */
export const listPacketRows = (db: Db, o: Owner, limit: number) =>
  db
    .select({
      packetId: packets.id,
      code: packets.code,
      status: packets.status,
      required: packets.requiredCount,
      completed: packets.completedCount,
      blocked: packets.blockedCount,
      kind: subjects.kind,
      label: subjects.label,
      externalId: subjects.externalId,
      startsOn: subjects.startsOn,
    })
    .from(packets)
    .innerJoin(subjects, eq(subjects.id, packets.subjectId))
    .where(and(eq(packets.tenantId, o.tenantId), eq(packets.mode, o.mode)))
    .orderBy(desc(packets.createdAt), desc(packets.id))
    .limit(limit);

/** The packet of an item of this account and mode. */
export const itemPacketId = (db: Db, o: Owner, itemId: string) =>
  db
    .select({ packetId: packetItems.packetId })
    .from(packetItems)
    .innerJoin(packets, eq(packets.id, packetItems.packetId))
    .where(and(eq(packetItems.id, itemId), eq(packets.tenantId, o.tenantId), eq(packets.mode, o.mode)))
    .get();

/** An item of this account and mode with its packet, subject and participants (what a start needs). */
export function itemToStartReads(db: Db, o: Owner, itemId: string) {
  const packetId = db.select({ id: packetItems.packetId }).from(packetItems).where(eq(packetItems.id, itemId));
  const owned = and(inArray(packets.id, packetId), eq(packets.tenantId, o.tenantId), eq(packets.mode, o.mode));
  return [
    db.select().from(packetItems).where(eq(packetItems.id, itemId)),
    db.select().from(packets).where(owned),
    db
      .select()
      .from(subjects)
      .where(inArray(subjects.id, db.select({ id: packets.subjectId }).from(packets).where(owned))),
    db
      .select()
      .from(participants)
      .where(inArray(participants.subjectId, db.select({ id: packets.subjectId }).from(packets).where(owned))),
  ] as const;
}

/** The counts and state of a packet as committed (read at the end of a batch). */
export const packetState = (db: Db, packetId: string | SQL) =>
  db
    .select({
      id: packets.id,
      code: packets.code,
      status: packets.status,
      changedBy: packets.changedBy,
      required: packets.requiredCount,
      completed: packets.completedCount,
      blocked: packets.blockedCount,
      notStarted: packets.notStartedCount,
    })
    .from(packets)
    .where(eq(packets.id, packetId));

/** Items of removed participants whose document is still out (the import voids them; the cron retries a missed one). */
export const droppedSentItems = (db: Db, limit: number) =>
  db
    .select({ id: packetItems.id, documentId: packetItems.documentId })
    .from(packetItems)
    .where(and(eq(packetItems.status, "sent"), sql`${packetItems.droppedAt} IS NOT NULL`))
    .limit(limit);

// ————— writes —————

export const insertSubject = (db: Db, row: NewSubjectRow) => db.insert(subjects).values(row);
export const updateSubject = (db: Db, id: string, set: Partial<NewSubjectRow>) => db.update(subjects).set(set).where(eq(subjects.id, id));

// A guest list is up to 60 rows and a packet a few times that: each set is bound as ONE JSON
// parameter and unpacked with json_each (D1 allows 100 bound parameters per statement, and one
// statement per row would make a large import a long batch).

/** Rows bound as one JSON parameter, read back per row with `field(name)` (a json_each source for INSERT … SELECT). */
function jsonRows(rows: readonly object[]) {
  const source = sql`json_each(${JSON.stringify(rows)})`;
  const field = <T>(name: string) => sql<T>`json_extract(value, ${`$.${name}`})`;
  return { source, field };
}

/**
 * Participants by id: new ones inserted, known ones (same id) updated and back if removed. A
 * racing import that inserted the same ref under another id makes this fail on `participants_ref`
 * (the caller plans again).
 */
export function upsertParticipantsSql(db: Db, rows: NewParticipantRow[]) {
  const { source, field } = jsonRows(rows.map((r) => ({ ...r, isMinor: r.isMinor ? 1 : 0 })));
  const excluded = (col: string) => sql.raw(`excluded.${col}`);
  return db
    .insert(participants)
    .select(
      db
        .select({
          id: field<string>("id").as("id"),
          subjectId: field<string>("subjectId").as("subject_id"),
          ref: field<string>("ref").as("ref"),
          position: field<number>("position").as("position"),
          fullName: field<string>("fullName").as("full_name"),
          email: field<string | null>("email").as("email"),
          phone: field<string | null>("phone").as("phone"),
          isMinor: field<boolean>("isMinor").as("is_minor"),
          guardianRef: field<string | null>("guardianRef").as("guardian_ref"),
          removedAt: sql<string | null>`NULL`.as("removed_at"),
        })
        .from(source)
        // SQLite needs a WHERE before an upsert's ON CONFLICT after INSERT … SELECT.
        .where(sql`true`),
    )
    .onConflictDoUpdate({
      target: participants.id,
      set: {
        position: excluded("position"),
        fullName: excluded("full_name"),
        email: excluded("email"),
        phone: excluded("phone"),
        isMinor: excluded("is_minor"),
        guardianRef: excluded("guardian_ref"),
        removedAt: null,
      },
    });
}

/**
 * Items by id: new ones inserted; known ones take their new signer and `required`, unless their
 * document completed meanwhile (a completed item keeps who signed it). A racing import's item for
 * the same slot makes this fail on `packet_items_slot` (the caller plans again).
 */
export function upsertItemsSql(db: Db, rows: NewPacketItemRow[]) {
  const { source, field } = jsonRows(rows.map((r) => ({ ...r, required: r.required ? 1 : 0 })));
  const excluded = (col: string) => sql.raw(`excluded.${col}`);
  return db
    .insert(packetItems)
    .select(
      db
        .select({
          id: field<string>("id").as("id"),
          packetId: field<string>("packetId").as("packet_id"),
          workflowId: field<string>("workflowId").as("workflow_id"),
          per: field<"participant" | "subject">("per").as("per"),
          slot: field<string>("slot").as("slot"),
          required: field<boolean>("required").as("required"),
          participantId: field<string | null>("participantId").as("participant_id"),
          signerParticipantId: field<string | null>("signerParticipantId").as("signer_participant_id"),
          status: sql<"not_started">`'not_started'`.as("status"),
          documentId: sql<string | null>`NULL`.as("document_id"),
          droppedAt: sql<string | null>`NULL`.as("dropped_at"),
          createdAt: field<string>("createdAt").as("created_at"),
          updatedAt: field<string>("updatedAt").as("updated_at"),
        })
        .from(source)
        .where(sql`true`),
    )
    .onConflictDoUpdate({
      target: packetItems.id,
      set: {
        required: excluded("required"),
        participantId: excluded("participant_id"),
        signerParticipantId: excluded("signer_participant_id"),
        updatedAt: excluded("updated_at"),
      },
      setWhere: sql`${packetItems.status} <> 'completed'`,
    });
}

/** `col IN (ids)` with the ids bound as one JSON parameter (see above). */
const inJson = (col: SQL.Aliased | typeof packetItems.id | typeof participants.id, ids: readonly string[]) =>
  sql`${col} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`;
export const removeParticipants = (db: Db, ids: string[], at: string) =>
  db
    .update(participants)
    .set({ removedAt: at })
    .where(and(inJson(participants.id, ids), isNull(participants.removedAt)));
export const insertPacket = (db: Db, row: NewPacketRow) => db.insert(packets).values(row);

/** Items of removed participants: never-sent ones go (only if still never sent as this runs); the others stay, dropped. */
export const deleteUnsentItems = (db: Db, ids: string[]) =>
  db.delete(packetItems).where(and(inJson(packetItems.id, ids), eq(packetItems.status, "not_started")));
export const dropItems = (db: Db, ids: string[], at: string) =>
  db
    .update(packetItems)
    .set({ droppedAt: at, updatedAt: at })
    .where(and(inJson(packetItems.id, ids), isNull(packetItems.droppedAt)));

/**
 * The item follows its document: a send makes the document its current one (`sent`); any later
 * change counts only for that current document (an older document of a restarted item changes
 * nothing). A completed item is never sent again.
 */
export function itemFollowsDocument(db: Db, itemId: string, documentId: string, status: PacketItemStatus, at: string) {
  const which =
    status === "sent"
      ? and(eq(packetItems.id, itemId), sql`${packetItems.status} <> 'completed'`)
      : and(eq(packetItems.id, itemId), eq(packetItems.documentId, documentId));
  return db.update(packetItems).set({ status, documentId, updatedAt: at }).where(which);
}

/** The packet an item belongs to, as SQL for statements that know only the item. */
export const packetOfItem = (db: Db, itemId: string): SQL =>
  sql`(${db.select({ id: packetItems.packetId }).from(packetItems).where(eq(packetItems.id, itemId))})`;

/** A sum over a packet's live (not dropped) items. */
const liveSum = (packetId: string | SQL, what: SQL) =>
  sql<number>`(SELECT coalesce(sum(${what}), 0) FROM packet_items WHERE packet_id = ${packetId} AND dropped_at IS NULL)`;

/** A packet's state from its counts: blocked while a required item is declined, ready when all (at least one) are completed. */
const NEW_STATUS = sql<PacketStatus>`CASE WHEN ${packets.blockedCount} > 0 THEN 'blocked'
  WHEN ${packets.requiredCount} > 0 AND ${packets.completedCount} = ${packets.requiredCount} THEN 'ready' ELSE 'open' END`;

/**
 * Writes a packet's counts from its live items, then its status from the counts. When the status
 * changes, `changed_by` takes `token`, so the batch's event statements (`packetChangedTo`) fire
 * only for the batch that made the change. Two statements for the caller's batch (one
 * transaction): the second reads the counts the first wrote.
 */
export function recomputePacket(db: Db, packetId: string | SQL, at: string, token: string) {
  return [
    db
      .update(packets)
      .set({
        requiredCount: liveSum(packetId, sql`required`),
        completedCount: liveSum(packetId, sql`required AND status = 'completed'`),
        blockedCount: liveSum(packetId, sql`required AND status = 'declined'`),
        notStartedCount: liveSum(packetId, sql`status = 'not_started'`),
        updatedAt: at,
      })
      .where(eq(packets.id, packetId)),
    db
      .update(packets)
      .set({
        // Every SET expression reads the row as it was before this statement.
        readyAt: sql`CASE WHEN ${NEW_STATUS} = 'ready' THEN (CASE WHEN ${packets.status} = 'ready' THEN ${packets.readyAt} ELSE ${at} END) END`,
        changedBy: sql`CASE WHEN ${NEW_STATUS} <> ${packets.status} THEN ${token} ELSE ${packets.changedBy} END`,
        status: NEW_STATUS,
      })
      .where(eq(packets.id, packetId)),
  ] as const;
}

/** True, as the statement runs, when the batch `token` has just moved the packet to `status`. */
export const packetChangedTo = (packetId: string | SQL, token: string, status: PacketStatus): SQL =>
  sql`EXISTS (SELECT 1 FROM packets p WHERE p.id = ${packetId} AND p.changed_by = ${token} AND p.status = ${status})`;

/**
 * The body of a `packet.ready` / `packet.blocked` delivery, made inside the statement from the
 * committed counts. Raw SQL: json_object over a join, as a scalar subquery.
 */
export const packetEventPayload = (packetId: string | SQL, event: string, at: string): SQL =>
  sql`(SELECT json_object('event', ${event}, 'occurred_at', ${at}, 'packet_id', p.id, 'code', p.code,
        'subject', json_object('kind', s.kind, 'external_id', s.external_id, 'label', s.label),
        'readiness', json_object('required', p.required_count, 'completed', p.completed_count,
          'outstanding', p.required_count - p.completed_count - p.blocked_count, 'blocked', p.blocked_count))
      FROM packets p JOIN subjects s ON s.id = p.subject_id WHERE p.id = ${packetId})`;
