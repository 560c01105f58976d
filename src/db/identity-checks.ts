/**
 * Queries of the `id_check` signer method (src/domain/identity-checks.ts): the signer a provider's
 * session names, the events already processed, and the signer's check columns.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { identityEvents, signers } from "./schema";
import type { SignerState } from "./signing";

/** The document and account of a signer, by its id (a provider's webhook names the signer in its metadata). */
export const signerForIdCheck = (db: Db, signerId: string) =>
  db
    .select({ id: signers.id, documentId: signers.documentId, tenantId: signers.tenantId, auth: signers.auth })
    .from(signers)
    .where(eq(signers.id, signerId))
    .get();

/** Whether a provider's event was processed already. */
export const identityEventSeen = async (db: Db, eventId: string) =>
  (await db.select({ id: identityEvents.id }).from(identityEvents).where(eq(identityEvents.id, eventId)).get()) !== undefined;

/** Marks a provider's event processed (in the batch that records what it said). */
export const markIdentityEvent = (db: Db, row: typeof identityEvents.$inferInsert) => db.insert(identityEvents).values(row).onConflictDoNothing();

export type IdCheckChange = Partial<
  Pick<SignerState, "idCheckSession" | "idCheckFailures" | "idCheckPassedAt" | "idCheckVerifiedName" | "idCheckDocumentType" | "idCheckCountry">
>;

/** A check's start, failure or pass; only while the check has not passed. */
export const markIdCheck = (db: Db, signerId: string, change: IdCheckChange) =>
  db
    .update(signers)
    .set(change)
    .where(and(eq(signers.id, signerId), isNull(signers.idCheckPassedAt)));
