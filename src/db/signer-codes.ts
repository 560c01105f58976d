/**
 * D1 access for signers' one-time codes. Row types come from the schema; the rules live in
 * src/domain/signer-codes.ts and run inside the document's sequencer.
 */
import { and, desc, eq, gt, inArray, isNull, notInArray } from "drizzle-orm";
import type { Db } from "./client";
import { messages, signerCodes, signers } from "./schema";

export type SignerCodeRow = typeof signerCodes.$inferSelect;
export type SignerCodeInsert = typeof signerCodes.$inferInsert;

/** The signer's codes made since `since`, newest first (the limits count them). */
export const codesSince = (db: Db, signerId: string, since: string) =>
  db
    .select({ createdAt: signerCodes.createdAt })
    .from(signerCodes)
    .where(and(eq(signerCodes.signerId, signerId), gt(signerCodes.createdAt, since)))
    .orderBy(desc(signerCodes.createdAt));

/** The signer's newest code, whatever its state. */
export const newestCode = (db: Db, signerId: string) =>
  db.select().from(signerCodes).where(eq(signerCodes.signerId, signerId)).orderBy(desc(signerCodes.createdAt), desc(signerCodes.id)).limit(1);

/**
 * A signing link (or a reminder carrying one) that the service sent or is sending to this signer:
 * any such message not failed or suppressed. A link only ever handed to the integrator is none.
 */
export const linkMessageTo = (db: Db, signerId: string) =>
  db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.signerId, signerId),
        inArray(messages.purpose, ["signing.link", "signing.reminder"]),
        notInArray(messages.status, ["failed", "suppressed"]),
      ),
    )
    .limit(1);

/** Earlier codes still open stop working when a new one is sent. */
export const killOpenCodes = (db: Db, signerId: string, at: string) =>
  db
    .update(signerCodes)
    .set({ deadAt: at })
    .where(and(eq(signerCodes.signerId, signerId), isNull(signerCodes.verifiedAt), isNull(signerCodes.deadAt)));

export const insertCode = (db: Db, row: SignerCodeInsert) => db.insert(signerCodes).values(row);

/** A wrong try; the fifth kills the code (`deadAt`). */
export const countWrongTry = (db: Db, id: string, wrongTries: number, deadAt: string | null) =>
  db.update(signerCodes).set({ wrongTries, deadAt }).where(eq(signerCodes.id, id));

export const markCodeSpent = (db: Db, id: string, at: string) => db.update(signerCodes).set({ verifiedAt: at }).where(eq(signerCodes.id, id));

/** A confirmed code on the signer; `again` (re-authentication) replaces an earlier confirmation. */
export const markSignerVerified = (db: Db, signerId: string, at: string, via: string, again = false) =>
  db
    .update(signers)
    .set({ codeVerifiedAt: at, codeVerifiedVia: via })
    .where(again ? eq(signers.id, signerId) : and(eq(signers.id, signerId), isNull(signers.codeVerifiedAt)));
