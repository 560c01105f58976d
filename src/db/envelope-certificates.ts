/**
 * D1 access for an envelope's completion (src/domain/envelope-completion.ts): the completing
 * statements, the envelope's certificate, its sealed PDF, and the reads its payload is made from.
 */
import { and, asc, eq, max, notExists, sql } from "drizzle-orm";
import type { Db } from "./client";
import { certificates, documents, envelopeCertificates, envelopeSealedFiles, envelopeSignerDocuments, envelopeSigners, envelopes, signers } from "./schema";

export type EnvelopeCertificate = typeof envelopeCertificates.$inferSelect;
export type NewEnvelopeCertificate = typeof envelopeCertificates.$inferInsert;
export type EnvelopeSealedFileRow = typeof envelopeSealedFiles.$inferSelect;

export const envelopeCertificateOf = async (db: Db, envelopeId: string): Promise<EnvelopeCertificate | null> =>
  (await db.select().from(envelopeCertificates).where(eq(envelopeCertificates.envelopeId, envelopeId)).get()) ?? null;

export const envelopeCertificateByCode = async (db: Db, code: string): Promise<EnvelopeCertificate | null> =>
  (await db.select().from(envelopeCertificates).where(eq(envelopeCertificates.verificationCode, code)).get()) ?? null;

/** The envelope moves to `completed` only from `sent`: of concurrent settles, exactly one statement changes it. */
export const markEnvelopeCompleted = (db: Db, envelopeId: string, at: string) =>
  db
    .update(envelopes)
    .set({ status: "completed", completedAt: at })
    .where(and(eq(envelopes.id, envelopeId), eq(envelopes.status, "sent")));

/**
 * Inserts the certificate when the envelope is completed (in the same batch, after the statement
 * above), it has none yet (unique envelope_id: a second is a no-op) and no document's certificate
 * has the code (nor an envelope's: unique verification_code).
 */
export function insertEnvelopeCertificate(db: Db, row: NewEnvelopeCertificate) {
  const values = db
    .select({
      id: sql<string>`${row.id}`.as("id"),
      envelopeId: sql<string>`${row.envelopeId}`.as("envelope_id"),
      tenantId: sql<string>`${row.tenantId}`.as("tenant_id"),
      verificationCode: sql<string>`${row.verificationCode}`.as("verification_code"),
      issuedAt: sql<string>`${row.issuedAt}`.as("issued_at"),
      payload: sql<string>`${row.payload}`.as("payload"),
      certificateSha256: sql<string>`${row.certificateSha256}`.as("certificate_sha256"),
    })
    .from(envelopes)
    .where(
      and(
        eq(envelopes.id, row.envelopeId),
        eq(envelopes.status, "completed"),
        notExists(db.select({ id: certificates.id }).from(certificates).where(eq(certificates.verificationCode, row.verificationCode))),
      ),
    );
  return db.insert(envelopeCertificates).select(values).onConflictDoNothing();
}

/** True inside a batch once the certificate with this id was inserted: what queues `envelope.completed` exactly once. */
export const certificateInserted = (certificateId: string) => sql`EXISTS (SELECT 1 FROM envelope_certificates WHERE id = ${certificateId})`;

/** The envelope's documents in order, each with its certificate's code and the body hash it carries (null before it is issued). */
export const envelopeDocumentCertificates = (db: Db, envelopeId: string) =>
  db
    .select({
      id: documents.id,
      title: documents.title,
      position: documents.envelopePosition,
      status: documents.status,
      verificationCode: certificates.verificationCode,
      documentSha256: certificates.documentSha256,
    })
    .from(documents)
    .leftJoin(certificates, eq(certificates.documentId, documents.id))
    .where(eq(documents.envelopeId, envelopeId))
    .orderBy(asc(documents.envelopePosition))
    .all();

/** Each person of the envelope with the latest time they signed any of its documents (null if none). */
export const envelopePeopleSignedAt = (db: Db, envelopeId: string) =>
  db
    .select({
      id: envelopeSigners.id,
      fullName: envelopeSigners.fullName,
      email: envelopeSigners.email,
      role: envelopeSigners.role,
      signOrder: envelopeSigners.signOrder,
      signedAt: max(signers.signedAt),
    })
    .from(envelopeSigners)
    .leftJoin(envelopeSignerDocuments, eq(envelopeSignerDocuments.envelopeSignerId, envelopeSigners.id))
    .leftJoin(signers, eq(signers.id, envelopeSignerDocuments.signerId))
    .where(eq(envelopeSigners.envelopeId, envelopeId))
    .groupBy(envelopeSigners.id)
    .orderBy(asc(envelopeSigners.signOrder), asc(envelopeSigners.createdAt))
    .all();

// ---- the sealed PDF ----------------------------------------------------------------------------

export const envelopeSealedFileOf = async (db: Db, envelopeId: string): Promise<EnvelopeSealedFileRow | null> =>
  (await db.select().from(envelopeSealedFiles).where(eq(envelopeSealedFiles.envelopeId, envelopeId)).get()) ?? null;

/** Inserts unless the envelope already has its file (primary key): false when another request stored first. */
export async function insertEnvelopeSealedFile(db: Db, row: typeof envelopeSealedFiles.$inferInsert): Promise<boolean> {
  const r = await db.insert(envelopeSealedFiles).values(row).onConflictDoNothing({ target: envelopeSealedFiles.envelopeId }).run();
  return r.meta.changes === 1;
}

/** The code of the envelope certificate whose sealed PDF has this SHA-256. */
export async function envelopeCodeOfSealedFile(db: Db, sha256: string): Promise<string | null> {
  const row = await db
    .select({ code: envelopeCertificates.verificationCode })
    .from(envelopeSealedFiles)
    .innerJoin(envelopeCertificates, eq(envelopeCertificates.envelopeId, envelopeSealedFiles.envelopeId))
    .where(eq(envelopeSealedFiles.sha256, sha256))
    .get();
  return row?.code ?? null;
}

/** Envelope certificates issued since `since` without a transparency-log leaf, oldest first, with the envelope's mode. */
export const envelopeCertificatesWithoutLeaf = (db: Db, since: string, limit: number) =>
  db
    .select({
      id: envelopeCertificates.id,
      issuedAt: envelopeCertificates.issuedAt,
      certificateSha256: envelopeCertificates.certificateSha256,
      mode: envelopes.mode,
    })
    .from(envelopeCertificates)
    .innerJoin(envelopes, eq(envelopes.id, envelopeCertificates.envelopeId))
    .where(and(sql`${envelopeCertificates.issuedAt} >= ${since}`, sql`NOT EXISTS (SELECT 1 FROM log_leaves WHERE certificate_id = ${envelopeCertificates.id})`))
    .orderBy(envelopeCertificates.issuedAt, envelopeCertificates.id)
    .limit(limit)
    .all();
