/**
 * Statements of a signer change (src/domain/signer-changes.ts), for the caller's batch: a signer
 * who passed their part on, and a signer corrected in place. Each replaces the token hash, so the
 * earlier link ends.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { signers } from "./schema";

/** The signer who delegated: to whom, when, why, and a token hash nobody holds. */
export const markDelegated = (db: Db, signerId: string, d: { delegatedTo: string; delegatedAt: string; delegationReason: string; tokenHash: string }) =>
  db
    .update(signers)
    .set(d)
    .where(and(eq(signers.id, signerId), eq(signers.status, "pending"), isNull(signers.delegatedTo)));

/** A pending signer corrected before consent: address, name, phone and a new token hash. */
export const markCorrected = (db: Db, signerId: string, c: { email: string; fullName: string; phone: string | null; tokenHash: string }) =>
  db
    .update(signers)
    .set(c)
    .where(and(eq(signers.id, signerId), eq(signers.status, "pending"), isNull(signers.consentedAt)));
