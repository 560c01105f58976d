/**
 * D1 access for evidence: certificates, sealed files, and the reads the certificate payload, the
 * sealed PDF and the evidence bundle are made from. drizzle's query builder on the D1 driver; row
 * types come from the schema. Reads that belong together go out as one `db.batch`.
 */
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { type Db, dbOf, nearestThenPrimary } from "./client";
import type { Env } from "../env";
import { type CurrentFile, currentFilesRead } from "./signer-files";
import {
  certificates,
  documents,
  events,
  fieldValues,
  messages,
  sealedFileVersions,
  sealedFiles,
  signers,
  tenants,
  webhookDeliveries,
  webhookEndpoints,
} from "./schema";

export type Certificate = typeof certificates.$inferSelect;
export type NewCertificate = typeof certificates.$inferInsert;
export type SealedFileRow = typeof sealedFiles.$inferSelect;
export type NewSealedFile = typeof sealedFiles.$inferInsert;
export type SealedKind = SealedFileRow["kind"];
export type SealedFileVersionRow = typeof sealedFileVersions.$inferSelect;

type Document = typeof documents.$inferSelect;
type Signer = typeof signers.$inferSelect;
type Event = typeof events.$inferSelect;

// ---- certificates ----------------------------------------------------------------------------

export async function certificateByDocument(env: Env, documentId: string): Promise<Certificate | null> {
  return (await dbOf(env).select().from(certificates).where(eq(certificates.documentId, documentId)).get()) ?? null;
}

/** A certificate never changes once issued: read from the nearest replica (the primary when it is that new). */
export async function certificateByCode(env: Env, code: string): Promise<Certificate | null> {
  return (await nearestThenPrimary(env, (db) => db.select().from(certificates).where(eq(certificates.verificationCode, code)).get())) ?? null;
}

/** Inserts unless the document already has one (unique document_id): a second issue is a no-op. */
export async function insertCertificate(env: Env, row: NewCertificate): Promise<void> {
  await dbOf(env).insert(certificates).values(row).onConflictDoNothing({ target: certificates.documentId }).run();
}

// ---- what a certificate is derived from ------------------------------------------------------

export type RecordDocument = Pick<
  Document,
  | "id"
  | "tenantId"
  | "mode"
  | "title"
  | "status"
  | "body"
  | "bodySha256"
  | "consentText"
  | "templateCode"
  | "templateVersion"
  | "completedAt"
  | "pdfSha256"
  | "level"
>;
export type RecordSigner = Pick<
  Signer,
  | "id"
  | "fullName"
  | "email"
  | "role"
  | "signOrder"
  | "status"
  | "auth"
  | "consentedAt"
  | "signedAt"
  | "signatureMethod"
  | "signatureValueSha256"
  | "signedAgainstSha256"
  | "signIp"
  | "onBehalfOf"
  | "accessCodePassedAt"
  | "idCheckPassedAt"
  | "idCheckVerifiedName"
  | "idCheckDocumentType"
  | "idCheckCountry"
  | "signReason"
  | "reauthenticatedAt"
  | "disclosureAcceptedAt"
  | "witnessFor"
  | "groupId"
  | "groupName"
  | "approvalNote"
  | "delegatedTo"
  | "delegatedAt"
  | "delegationReason"
  | "delegatedFrom"
>;
export type RecordEvent = Pick<Event, "seq" | "kind" | "occurredAt" | "signerId" | "signerEmail" | "ip" | "againstSha256" | "detail">;
export type RecordRows = { tenant: { id: string; name: string }; doc: RecordDocument; signers: RecordSigner[]; events: RecordEvent[]; files: CurrentFile[] };
type RecordResults = readonly [(RecordDocument & { tenantName: string })[], RecordSigner[], RecordEvent[], CurrentFile[]];

/** The document with its account's name, its signers in signing order, its whole trail and its signers' files: one batch. */
export async function recordRows(env: Env, documentId: string): Promise<RecordRows | null> {
  const d = dbOf(env);
  return recordFrom(await d.batch(recordReads(d, documentId)));
}

/** The four selects `recordRows` batches, for a caller that rides them on a batch of its own (after its writes). */
export function recordReads(d: Db, documentId: string) {
  return [
    d
      .select({
        id: documents.id,
        tenantId: documents.tenantId,
        mode: documents.mode,
        title: documents.title,
        status: documents.status,
        body: documents.body,
        bodySha256: documents.bodySha256,
        consentText: documents.consentText,
        templateCode: documents.templateCode,
        templateVersion: documents.templateVersion,
        completedAt: documents.completedAt,
        pdfSha256: documents.pdfSha256,
        level: documents.level,
        tenantName: tenants.name,
      })
      .from(documents)
      .innerJoin(tenants, eq(tenants.id, documents.tenantId))
      .where(eq(documents.id, documentId)),
    d
      .select({
        id: signers.id,
        fullName: signers.fullName,
        email: signers.email,
        role: signers.role,
        signOrder: signers.signOrder,
        status: signers.status,
        auth: signers.auth,
        consentedAt: signers.consentedAt,
        signedAt: signers.signedAt,
        signatureMethod: signers.signatureMethod,
        signatureValueSha256: signers.signatureValueSha256,
        signedAgainstSha256: signers.signedAgainstSha256,
        signIp: signers.signIp,
        onBehalfOf: signers.onBehalfOf,
        accessCodePassedAt: signers.accessCodePassedAt,
        idCheckPassedAt: signers.idCheckPassedAt,
        idCheckVerifiedName: signers.idCheckVerifiedName,
        idCheckDocumentType: signers.idCheckDocumentType,
        idCheckCountry: signers.idCheckCountry,
        signReason: signers.signReason,
        reauthenticatedAt: signers.reauthenticatedAt,
        disclosureAcceptedAt: signers.disclosureAcceptedAt,
        // Roles, groups and delegation (certificate entries say who approved, witnessed, signed for a group, delegated).
        witnessFor: signers.witnessFor,
        groupId: signers.groupId,
        groupName: signers.groupName,
        approvalNote: signers.approvalNote,
        delegatedTo: signers.delegatedTo,
        delegatedAt: signers.delegatedAt,
        delegationReason: signers.delegationReason,
        delegatedFrom: signers.delegatedFrom,
      })
      .from(signers)
      .where(eq(signers.documentId, documentId))
      .orderBy(asc(signers.signOrder), asc(signers.createdAt), asc(signers.id)),
    d
      .select({
        seq: events.seq,
        kind: events.kind,
        occurredAt: events.occurredAt,
        signerId: events.signerId,
        signerEmail: events.signerEmail,
        detail: events.detail,
        ip: events.ip,
        againstSha256: events.againstSha256,
      })
      .from(events)
      .where(eq(events.documentId, documentId))
      .orderBy(asc(events.seq)),
    // Files signers uploaded that their answers hold now.
    currentFilesRead(d, documentId),
  ] as const;
}

/** The record from the results of `recordReads`, in order; null when the document is missing. */
export function recordFrom([docs, signerRows, eventRows, files]: RecordResults): RecordRows | null {
  const row = docs[0];
  if (!row) return null;
  const { tenantName, ...doc } = row;
  return { tenant: { id: doc.tenantId, name: tenantName }, doc, signers: signerRows, events: eventRows, files };
}

export async function documentMode(env: Env, documentId: string): Promise<string | null> {
  const row = await dbOf(env).select({ mode: documents.mode }).from(documents).where(eq(documents.id, documentId)).get();
  return row?.mode ?? null;
}

/** A document of this account and mode, for the keyed evidence routes. */
export async function documentForAccount(env: Env, id: string, tenantId: string, mode: string): Promise<{ id: string; status: string } | null> {
  const row = await dbOf(env)
    .select({ id: documents.id, status: documents.status })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.tenantId, tenantId), eq(documents.mode, mode)))
    .get();
  return row ?? null;
}

// ---- sealed files ----------------------------------------------------------------------------

export async function sealedFileRow(env: Env, documentId: string, kind: SealedKind): Promise<SealedFileRow | null> {
  return (
    (await dbOf(env)
      .select()
      .from(sealedFiles)
      .where(and(eq(sealedFiles.documentId, documentId), eq(sealedFiles.kind, kind)))
      .get()) ?? null
  );
}

/** True when this row was inserted (with its first version); false when another request recorded the file first. */
export async function insertSealedFile(env: Env, row: NewSealedFile): Promise<boolean> {
  const result = await dbOf(env)
    .insert(sealedFiles)
    .values(row)
    .onConflictDoNothing({ target: [sealedFiles.documentId, sealedFiles.kind] })
    .run();
  if (result.meta.changes !== 1) return false;
  await dbOf(env)
    .insert(sealedFileVersions)
    .values({
      documentId: row.documentId,
      kind: row.kind,
      sha256: row.sha256,
      r2Key: row.r2Key,
      bytes: row.bytes,
      level: row.level ?? "B-T",
      createdAt: row.createdAt,
    })
    .onConflictDoNothing()
    .run();
  return true;
}

/** One version of a sealed file by its hash (the current one or an earlier one). */
export async function sealedFileVersion(env: Env, documentId: string, kind: SealedKind, sha256: string): Promise<SealedFileVersionRow | null> {
  return (
    (await dbOf(env)
      .select()
      .from(sealedFileVersions)
      .where(and(eq(sealedFileVersions.documentId, documentId), eq(sealedFileVersions.kind, kind), eq(sealedFileVersions.sha256, sha256)))
      .get()) ?? null
  );
}

/** Sealed files the cron should upgrade or re-timestamp now, oldest due first. */
export async function sealedFilesDue(env: Env, now: string, limit: number): Promise<SealedFileRow[]> {
  return dbOf(env)
    .select()
    .from(sealedFiles)
    .where(and(isNotNull(sealedFiles.nextArchiveAt), lte(sealedFiles.nextArchiveAt, now)))
    .orderBy(asc(sealedFiles.nextArchiveAt))
    .limit(limit)
    .all();
}

/**
 * Points the sealed file at new bytes (an upgrade or a re-timestamp), keeping every earlier
 * version: both versions are recorded (the earlier one may predate the versions table), and the
 * pointer moves only if it still names `fromSha256` (a concurrent upgrade wins once). True when moved.
 */
export async function moveSealedFile(
  env: Env,
  current: SealedFileRow,
  next: {
    r2Key: string;
    sha256: string;
    bytes: number;
    level: SealedFileRow["level"];
    seal: Record<string, unknown>;
    nextArchiveAt: string | null;
    createdAt: string;
  },
): Promise<boolean> {
  const d = dbOf(env);
  const [, moved] = await d.batch([
    d
      .insert(sealedFileVersions)
      .values({
        documentId: current.documentId,
        kind: current.kind,
        sha256: current.sha256,
        r2Key: current.r2Key,
        bytes: current.bytes,
        level: current.level,
        createdAt: current.createdAt,
      })
      .onConflictDoNothing(),
    d
      .update(sealedFiles)
      .set({ r2Key: next.r2Key, sha256: next.sha256, bytes: next.bytes, level: next.level, seal: next.seal, nextArchiveAt: next.nextArchiveAt })
      .where(and(eq(sealedFiles.documentId, current.documentId), eq(sealedFiles.kind, current.kind), eq(sealedFiles.sha256, current.sha256))),
    // The new version is recorded only if the pointer moved to it (copied from the moved row).
    d
      .insert(sealedFileVersions)
      .select(
        d
          .select({
            documentId: sealedFiles.documentId,
            kind: sealedFiles.kind,
            sha256: sealedFiles.sha256,
            r2Key: sealedFiles.r2Key,
            bytes: sealedFiles.bytes,
            level: sealedFiles.level,
            createdAt: sql`${next.createdAt}`.as("created_at"),
          })
          .from(sealedFiles)
          .where(and(eq(sealedFiles.documentId, current.documentId), eq(sealedFiles.kind, current.kind), eq(sealedFiles.sha256, next.sha256))),
      )
      .onConflictDoNothing(),
  ]);
  return moved.meta.changes === 1;
}

/** When the cron should look at the file next (a failed upgrade's retry), and what the seal object says meanwhile. */
export async function setSealedFileNextArchive(env: Env, row: SealedFileRow, nextArchiveAt: string | null, seal: Record<string, unknown>): Promise<void> {
  await dbOf(env)
    .update(sealedFiles)
    .set({ nextArchiveAt, seal })
    .where(and(eq(sealedFiles.documentId, row.documentId), eq(sealedFiles.kind, row.kind), eq(sealedFiles.sha256, row.sha256)))
    .run();
}

/** True when `sha256` is any version (current or earlier) of one of the document's sealed files. */
export async function isSealedFileOf(env: Env, documentId: string, sha256: string): Promise<boolean> {
  const [current, earlier] = await dbOf(env).batch([
    dbOf(env)
      .select({ kind: sealedFiles.kind })
      .from(sealedFiles)
      .where(and(eq(sealedFiles.documentId, documentId), eq(sealedFiles.sha256, sha256)))
      .limit(1),
    dbOf(env)
      .select({ kind: sealedFileVersions.kind })
      .from(sealedFileVersions)
      .where(and(eq(sealedFileVersions.documentId, documentId), eq(sealedFileVersions.sha256, sha256)))
      .limit(1),
  ]);
  return current.length > 0 || earlier.length > 0;
}

/** The verification code of the certificate whose document has a sealed file with this hash. */
export async function codeOfSealedFile(env: Env, sha256: string): Promise<string | null> {
  const [current, earlier] = await dbOf(env).batch([
    dbOf(env)
      .select({ code: certificates.verificationCode })
      .from(sealedFiles)
      .innerJoin(certificates, eq(certificates.documentId, sealedFiles.documentId))
      .where(eq(sealedFiles.sha256, sha256))
      .limit(1),
    dbOf(env)
      .select({ code: certificates.verificationCode })
      .from(sealedFileVersions)
      .innerJoin(certificates, eq(certificates.documentId, sealedFileVersions.documentId))
      .where(eq(sealedFileVersions.sha256, sha256))
      .limit(1),
  ]);
  return current[0]?.code ?? earlier[0]?.code ?? null;
}

// ---- what the sealed PDF and the bundle show -------------------------------------------------

/** The text, fields, marks and answers the sealed PDF draws: one batch. */
export async function documentPagesRows(env: Env, documentId: string) {
  const d = dbOf(env);
  const [docs, signerRows, values] = await d.batch([
    d
      .select({ body: documents.body, fields: documents.fields, mode: documents.mode, templateId: documents.templateId, pdfSha256: documents.pdfSha256 })
      .from(documents)
      .where(eq(documents.id, documentId)),
    d
      .select({
        id: signers.id,
        fullName: signers.fullName,
        role: signers.role,
        signatureMethod: signers.signatureMethod,
        signatureValue: signers.signatureValue,
        signedAt: signers.signedAt,
        signReason: signers.signReason,
      })
      .from(signers)
      .where(eq(signers.documentId, documentId))
      .orderBy(asc(signers.signOrder), asc(signers.createdAt), asc(signers.id)),
    d
      .select({ signerId: fieldValues.signerId, key: fieldValues.key, value: fieldValues.value })
      .from(fieldValues)
      .where(eq(fieldValues.documentId, documentId))
      .orderBy(asc(fieldValues.suppliedAt), asc(fieldValues.key)),
  ]);
  const doc = docs[0];
  if (!doc) throw new Error(`Document ${documentId} is missing.`);
  return { doc, signers: signerRows, values };
}

/** Everything sections 2-5 of the bundle show: one batch. */
export async function bundleRows(env: Env, documentId: string) {
  const d = dbOf(env);
  const [docs, signerRows, trail, sent, deliveries] = await d.batch([
    d.select().from(documents).where(eq(documents.id, documentId)),
    d
      .select({
        full_name: signers.fullName,
        email: signers.email,
        role: signers.role,
        sign_order: signers.signOrder,
        status: signers.status,
        consented_at: signers.consentedAt,
        signed_at: signers.signedAt,
        declined_at: signers.declinedAt,
      })
      .from(signers)
      .where(eq(signers.documentId, documentId))
      .orderBy(asc(signers.signOrder), asc(signers.createdAt), asc(signers.id)),
    d
      .select({
        seq: events.seq,
        kind: events.kind,
        occurred_at: events.occurredAt,
        signer_email: events.signerEmail,
        ip: events.ip,
        user_agent: events.userAgent,
        signature_method: events.signatureMethod,
        against_sha256: events.againstSha256,
        detail: events.detail,
      })
      .from(events)
      .where(eq(events.documentId, documentId))
      .orderBy(asc(events.seq)),
    d
      .select({
        id: messages.id,
        channel: messages.channel,
        purpose: messages.purpose,
        recipient: messages.recipient,
        subject: messages.subject,
        status: messages.status,
        created_at: messages.createdAt,
        body: messages.body,
        provider: messages.provider,
        attempts: messages.attempts,
        sent_at: messages.sentAt,
        last_error: messages.lastError,
      })
      .from(messages)
      .where(eq(messages.documentId, documentId))
      .orderBy(asc(messages.createdAt), asc(messages.id)),
    d
      .select({
        id: webhookDeliveries.id,
        endpoint_id: webhookDeliveries.endpointId,
        endpoint_url: webhookEndpoints.url,
        event: webhookDeliveries.event,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        response_status: webhookDeliveries.responseStatus,
        last_error: webhookDeliveries.lastError,
        created_at: webhookDeliveries.createdAt,
        delivered_at: webhookDeliveries.deliveredAt,
        replay_of: webhookDeliveries.replayOf,
        payload: webhookDeliveries.payload,
      })
      .from(webhookDeliveries)
      .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.documentId, documentId))
      .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id)),
  ]);
  const doc = docs[0];
  if (!doc) throw new Error(`Document ${documentId} is missing.`);
  return { doc, signers: signerRows, trail, messages: sent, deliveries };
}
