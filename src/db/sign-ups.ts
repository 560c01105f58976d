/**
 * D1 access for self-service sign-up (src/domain/sign-up.ts): the sign-ups waiting for their
 * emailed check, and whether the deployment has any account yet (the first-run page).
 */
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "./client";
import { signUps, tenants } from "./schema";

export type SignUpInsert = typeof signUps.$inferInsert;
export type SignUpRow = typeof signUps.$inferSelect;

export const insertSignUp = (db: Db, row: SignUpInsert) => db.insert(signUps).values(row);

/** Uses a sign-up's link once, atomically: the row, or undefined for an unknown, used or expired link. */
export const consumeSignUp = (db: Db, tokenHash: string, at: string) =>
  db
    .update(signUps)
    .set({ usedAt: at })
    .where(and(eq(signUps.tokenHash, tokenHash), isNull(signUps.usedAt), gt(signUps.expiresAt, at)))
    .returning()
    .get();

/** Records the account a followed link created. */
export const setSignUpTenant = (db: Db, id: string, tenantId: string) => db.update(signUps).set({ tenantId }).where(eq(signUps.id, id));

/** Sign-ups whose link expired before `at` (with their password hashes): the cron's clean-up. */
export const deleteExpiredSignUps = (db: Db, at: string) => db.delete(signUps).where(lt(signUps.expiresAt, at));

/** Whether the deployment has at least one account. */
export const anyTenant = async (db: Db) => (await db.select({ id: tenants.id }).from(tenants).limit(1).get()) !== undefined;
