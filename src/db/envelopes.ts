/** Every D1 query of envelopes: the envelope, its people and which signer row each is in each document. */
import { and, asc, desc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "./client";
import { documents, envelopeSignerDocuments, envelopeSigners, envelopes, signers } from "./schema";

export type EnvelopeRow = typeof envelopes.$inferSelect;
export type NewEnvelopeRow = typeof envelopes.$inferInsert;
export type NewEnvelopeSignerRow = typeof envelopeSigners.$inferInsert;
export type NewEnvelopeSignerDocumentRow = typeof envelopeSignerDocuments.$inferInsert;

/** The envelope, its people and the join rows, for one batch. */
export const insertEnvelope = (db: Db, row: NewEnvelopeRow) => db.insert(envelopes).values(row);
export const insertEnvelopeSigners = (db: Db, rows: NewEnvelopeSignerRow[]) => db.insert(envelopeSigners).values(rows);
export const insertEnvelopeSignerDocuments = (db: Db, rows: NewEnvelopeSignerDocumentRow[]) => db.insert(envelopeSignerDocuments).values(rows);

/** The envelope, its documents in order, its people in order, and each person's signer status in each document: one batch. */
export async function envelopeWithParts(db: Db, envelopeId: string) {
  const [envelope, docs, people, parts] = await db.batch([
    db.select().from(envelopes).where(eq(envelopes.id, envelopeId)),
    db
      .select({ id: documents.id, status: documents.status, title: documents.title })
      .from(documents)
      .where(eq(documents.envelopeId, envelopeId))
      .orderBy(asc(documents.envelopePosition)),
    db.select().from(envelopeSigners).where(eq(envelopeSigners.envelopeId, envelopeId)).orderBy(asc(envelopeSigners.signOrder), asc(envelopeSigners.createdAt)),
    db
      .select({ envelopeSignerId: envelopeSignerDocuments.envelopeSignerId, status: signers.status })
      .from(envelopeSignerDocuments)
      .innerJoin(envelopeSigners, eq(envelopeSigners.id, envelopeSignerDocuments.envelopeSignerId))
      .innerJoin(signers, eq(signers.id, envelopeSignerDocuments.signerId))
      .where(eq(envelopeSigners.envelopeId, envelopeId)),
  ]);
  const row = envelope[0];
  return row ? { envelope: row, documents: docs, people, parts } : null;
}

/** Voids the envelope (its documents are voided first, each through its sequencer). */
export const markEnvelopeVoided = (db: Db, envelopeId: string, at: string, reason: string) =>
  db
    .update(envelopes)
    .set({ status: "voided", voidedAt: at, voidReason: reason })
    .where(and(eq(envelopes.id, envelopeId), eq(envelopes.status, "sent")));

/** An envelope link's holder by its token's hash: the person, their envelope's account, and their signer row in each document, in order. */
export async function envelopeLinkByTokenHash(db: Db, tokenHash: string) {
  // The link, or the completed copy's link emailed at completion.
  const holds = or(eq(envelopeSigners.tokenHash, tokenHash), eq(envelopeSigners.copyTokenHash, tokenHash));
  // No join of two tables' same-named columns: D1 answers rows keyed by column name.
  const holder = db.select({ id: envelopeSigners.envelopeId }).from(envelopeSigners).where(holds);
  const [person, envelope, parts] = await db.batch([
    db.select({ id: envelopeSigners.id }).from(envelopeSigners).where(holds),
    db.select({ envelopeId: envelopes.id, title: envelopes.title, tenantId: envelopes.tenantId }).from(envelopes).where(inArray(envelopes.id, holder)),
    db
      .select({ documentId: envelopeSignerDocuments.documentId, signerId: envelopeSignerDocuments.signerId })
      .from(envelopeSignerDocuments)
      .innerJoin(envelopeSigners, eq(envelopeSigners.id, envelopeSignerDocuments.envelopeSignerId))
      .innerJoin(documents, eq(documents.id, envelopeSignerDocuments.documentId))
      .where(holds)
      .orderBy(asc(documents.envelopePosition)),
  ]);
  const [row, of] = [person[0], envelope[0]];
  return row && of ? { ...row, ...of, parts } : null;
}

/** The account's latest envelopes in a mode, newest first, with each one's documents' statuses. */
export async function latestEnvelopes(db: Db, tenantId: string, mode: string, limit: number) {
  const rows = await db
    .select({ id: envelopes.id, title: envelopes.title, status: envelopes.status, createdAt: envelopes.createdAt })
    .from(envelopes)
    .where(and(eq(envelopes.tenantId, tenantId), eq(envelopes.mode, mode)))
    .orderBy(desc(envelopes.createdAt))
    .limit(limit);
  if (!rows.length) return { rows, docs: [] };
  const docs = await db
    .select({ envelopeId: documents.envelopeId, status: documents.status })
    .from(documents)
    .where(
      inArray(
        documents.envelopeId,
        rows.map((r) => r.id),
      ),
    );
  return { rows, docs };
}

/** The people of an envelope who have no completed copy's link yet. */
export const peopleWithoutCopy = (db: Db, envelopeId: string) =>
  db
    .select()
    .from(envelopeSigners)
    .where(and(eq(envelopeSigners.envelopeId, envelopeId), isNull(envelopeSigners.copyTokenHash)))
    .orderBy(asc(envelopeSigners.signOrder), asc(envelopeSigners.createdAt));

/** Stores a person's completed copy's link hash, once (a second issue changes nothing). */
export const setEnvelopeCopyTokenHash = (db: Db, personId: string, hash: string) =>
  db
    .update(envelopeSigners)
    .set({ copyTokenHash: hash })
    .where(and(eq(envelopeSigners.id, personId), isNull(envelopeSigners.copyTokenHash)));

/** Each person's completed copy's link hash (null until issued). */
export const envelopeCopyHashes = (db: Db, envelopeId: string) =>
  db.select({ copyTokenHash: envelopeSigners.copyTokenHash }).from(envelopeSigners).where(eq(envelopeSigners.envelopeId, envelopeId));
