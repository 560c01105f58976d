/**
 * D1 access for retention and redaction (docs/retention.md): what a redaction reads about a set of
 * documents, the set-based statements that erase their personal data, and the cron's choice of
 * documents whose retention has run out. Every statement binds at most `MAX_IDS` document ids
 * (D1 allows 100 bound parameters per statement), so a caller chunks larger sets.
 */
import { deleteUploads, uploadsRead } from "./signer-files";
import { and, asc, eq, inArray, isNotNull, isNull, max, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { certificates, documents, events, fieldValues, messages, sealedFileVersions, sealedFiles, signers, tenants, webhookDeliveries } from "./schema";

/** Ids bound by one statement: under D1's 100 parameters, with room for the others. */
export const MAX_IDS = 90;

/** What stands in for an erased name or address in columns that cannot be null. */
export const REDACTED = "redacted";

/** One batch of reads: the documents, their signers, certificates, sealed files (current, then every version) and last trail number. */
export function redactionReads(db: Db, ids: string[]) {
  return [
    db
      .select({
        id: documents.id,
        tenantId: documents.tenantId,
        mode: documents.mode,
        status: documents.status,
        title: documents.title,
        bodySha256: documents.bodySha256,
        completedAt: documents.completedAt,
        externalRef: documents.externalRef,
        redactedAt: documents.redactedAt,
      })
      .from(documents)
      .where(inArray(documents.id, ids)),
    db
      .select({ documentId: signers.documentId, email: signers.email, fullName: signers.fullName, phone: signers.phone })
      .from(signers)
      .where(inArray(signers.documentId, ids)),
    db
      .select({ documentId: certificates.documentId, payload: certificates.payload, redactedAt: certificates.redactedAt })
      .from(certificates)
      .where(inArray(certificates.documentId, ids)),
    db.select({ documentId: sealedFiles.documentId, r2Key: sealedFiles.r2Key }).from(sealedFiles).where(inArray(sealedFiles.documentId, ids)),
    // Earlier versions (an upgrade to B-LTA, a re-timestamp) are copies with the same personal data.
    db
      .select({ documentId: sealedFileVersions.documentId, r2Key: sealedFileVersions.r2Key })
      .from(sealedFileVersions)
      .where(inArray(sealedFileVersions.documentId, ids)),
    db
      .select({ documentId: events.documentId, lastSeq: max(events.seq) })
      .from(events)
      .where(inArray(events.documentId, ids))
      .groupBy(events.documentId),
    // Files signers uploaded (current or replaced): personal data, erased with the record.
    uploadsRead(db, ids),
  ] as const;
}

/**
 * The statements that erase the personal data of these documents (not yet marked redacted), in
 * one batch with the caller's trail rows. Certificates are rewritten one by one (`certificateUpdate`).
 */
export function erasureStatements(db: Db, ids: string[], at: string) {
  return [
    db
      .update(documents)
      .set({ body: "", mergeSpans: sql`'[]'`, metadata: {}, subjectName: null, redactedAt: at })
      .where(and(inArray(documents.id, ids), isNull(documents.redactedAt))),
    db
      .update(signers)
      .set({
        fullName: REDACTED,
        email: REDACTED,
        phone: null,
        signatureValue: null,
        signatureValueSha256: null,
        signIp: null,
        captured: null,
        declineReason: null,
        onBehalfOf: sql`CASE WHEN ${signers.onBehalfOf} IS NULL THEN NULL ELSE ${REDACTED} END`,
        // Free text a person wrote (may name anyone): kept only as "redacted", so the record still says there was one.
        approvalNote: sql`CASE WHEN ${signers.approvalNote} IS NULL THEN NULL ELSE ${REDACTED} END`,
        delegationReason: sql`CASE WHEN ${signers.delegationReason} IS NULL THEN NULL ELSE ${REDACTED} END`,
      })
      .where(inArray(signers.documentId, ids)),
    db.delete(fieldValues).where(inArray(fieldValues.documentId, ids)),
    deleteUploads(db, ids),
    // The files are deleted: nothing is left for the archive cron to upgrade or re-timestamp.
    db.update(sealedFiles).set({ nextArchiveAt: null }).where(inArray(sealedFiles.documentId, ids)),
    // A message not yet sent must not go out to the erased address.
    db
      .update(messages)
      .set({ status: "failed", lastError: "The document was redacted before this message was sent.", nextAttemptAt: null })
      .where(and(inArray(messages.documentId, ids), eq(messages.status, "queued"))),
    db.update(messages).set({ recipient: REDACTED, subject: "", body: "", vars: {}, secretBox: null }).where(inArray(messages.documentId, ids)),
    // The trigger on `events` allows exactly this update: personal columns to null, nothing else.
    db.update(events).set({ signerEmail: null, ip: null, userAgent: null }).where(inArray(events.documentId, ids)),
    db
      .update(events)
      .set({ detail: null })
      .where(and(inArray(events.documentId, ids), or(eq(events.kind, "declined"), eq(events.kind, "voided")))),
    // The copy of each webhook body sent about these documents: only the event and the document id stay.
    db
      .update(webhookDeliveries)
      .set({
        payload: sql`json_object('event', ${webhookDeliveries.event}, 'document', json_object('id', ${webhookDeliveries.documentId}), 'redacted', json('true'))`,
      })
      .where(inArray(webhookDeliveries.documentId, ids)),
  ];
}

export const certificateUpdate = (db: Db, documentId: string, payload: string, at: string) =>
  db
    .update(certificates)
    .set({ payload, redactedAt: at })
    .where(and(eq(certificates.documentId, documentId), isNull(certificates.redactedAt)));

export type RetentionSettings = { completedDays: number | null; endedDays: number | null; minimumDays: number };

export async function retentionOf(db: Db, tenantId: string): Promise<RetentionSettings | null> {
  const row = await db
    .select({ completedDays: tenants.retentionCompletedDays, endedDays: tenants.retentionEndedDays, minimumDays: tenants.retentionMinimumDays })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .get();
  return row ?? null;
}

export const updateRetention = (db: Db, tenantId: string, set: Partial<typeof tenants.$inferInsert>) =>
  db.update(tenants).set(set).where(eq(tenants.id, tenantId));

/** The document's age in days at `now` (fractional), from the given time column. */
const ageDays = (now: string, column: unknown) => sql`(julianday(${now}) - julianday(${column}))`;

/**
 * Documents of any account whose retention ran out at `now`, not yet redacted, oldest first: completed
 * ones `retention_completed_days` after completion; declined, voided and expired ones
 * `retention_ended_days` after they ended; drafts that long after creation (the cron voids them first).
 */
export function dueForRetention(db: Db, now: string, limit: number) {
  const ended = sql`coalesce(${documents.declinedAt}, ${documents.voidedAt}, ${documents.expiredAt})`;
  return db
    .select({ id: documents.id, tenantId: documents.tenantId, mode: documents.mode, status: documents.status })
    .from(tenants)
    .innerJoin(documents, and(eq(documents.tenantId, tenants.id), isNull(documents.redactedAt)))
    .where(
      or(
        and(
          isNotNull(tenants.retentionCompletedDays),
          eq(documents.status, "completed"),
          sql`${ageDays(now, documents.completedAt)} >= ${tenants.retentionCompletedDays}`,
        ),
        and(
          isNotNull(tenants.retentionEndedDays),
          inArray(documents.status, ["declined", "voided", "expired"]),
          sql`${ageDays(now, ended)} >= ${tenants.retentionEndedDays}`,
        ),
        and(isNotNull(tenants.retentionEndedDays), eq(documents.status, "draft"), sql`${ageDays(now, documents.createdAt)} >= ${tenants.retentionEndedDays}`),
      ),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(limit);
}

/** The account's documents in this mode with a signer at this email (lower case), newest first. */
export function documentsOfPerson(db: Db, tenantId: string, mode: string, email: string, limit: number) {
  return db
    .selectDistinct({
      id: documents.id,
      status: documents.status,
      completedAt: documents.completedAt,
      redactedAt: documents.redactedAt,
      createdAt: documents.createdAt,
    })
    .from(signers)
    .innerJoin(documents, eq(documents.id, signers.documentId))
    .where(and(eq(signers.tenantId, tenantId), eq(documents.mode, mode), sql`lower(${signers.email}) = ${email}`))
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(limit);
}
