/**
 * D1 access for text-message consent and what numbers said back (STOP, START, HELP, carrier
 * errors). Row types come from the schema; the rules live in src/domain/sms-consent.ts and
 * src/domain/sms-inbound.ts.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "./client";
import { smsConsents, smsNumberEvents, smsNumbers, tenants } from "./schema";

export type SmsConsentRow = typeof smsConsents.$inferSelect;
export type SmsConsentInsert = typeof smsConsents.$inferInsert;
export type SmsNumberRow = typeof smsNumbers.$inferSelect;
export type SmsNumberEventInsert = typeof smsNumberEvents.$inferInsert;

/** The newest consent of an account for a number. */
export const latestConsent = (db: Db, tenantId: string, phone: string) =>
  db
    .select()
    .from(smsConsents)
    .where(and(eq(smsConsents.tenantId, tenantId), eq(smsConsents.phone, phone)))
    .orderBy(desc(smsConsents.obtainedAt), desc(smsConsents.id))
    .limit(1);

/** What is known of a number across accounts (revoked, suppressed). */
export const numberState = (db: Db, phone: string) => db.select().from(smsNumbers).where(eq(smsNumbers.phone, phone));

/** One round trip: the account's newest consent for the number and the number's state. */
export async function consentAndNumber(
  db: Db,
  tenantId: string,
  phone: string,
): Promise<{ consent: SmsConsentRow | undefined; number: SmsNumberRow | undefined }> {
  const [c, n] = await db.batch([latestConsent(db, tenantId, phone), numberState(db, phone)]);
  return { consent: c[0], number: n[0] };
}

export const insertConsent = (db: Db, row: SmsConsentInsert) => db.insert(smsConsents).values(row);

/** The account's country for numbers written without a country code (null when not set). */
export async function tenantDefaultCountry(db: Db, tenantId: string): Promise<string | null> {
  const r = await db.select({ c: tenants.defaultCountry }).from(tenants).where(eq(tenants.id, tenantId)).get();
  return r?.c ?? null;
}

/** A STOP word: the number is revoked (whatever it was before). */
export const markRevoked = (db: Db, phone: string, at: string, keyword: string, sender: string | null) =>
  db
    .insert(smsNumbers)
    .values({ phone, revokedAt: at, revokedKeyword: keyword, revokedSender: sender, updatedAt: at })
    .onConflictDoUpdate({ target: smsNumbers.phone, set: { revokedAt: at, revokedKeyword: keyword, revokedSender: sender, updatedAt: at } });

/** A START word from the number itself: the revocation is lifted. */
export const markLifted = (db: Db, phone: string, at: string) =>
  db
    .insert(smsNumbers)
    .values({ phone, liftedAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: smsNumbers.phone, set: { revokedAt: null, revokedKeyword: null, revokedSender: null, liftedAt: at, updatedAt: at } });

/** The carrier reports the number unreachable or a landline. */
export const markSuppressed = (db: Db, phone: string, at: string, error: string) =>
  db
    .insert(smsNumbers)
    .values({ phone, suppressedAt: at, suppressedError: error, updatedAt: at })
    .onConflictDoUpdate({ target: smsNumbers.phone, set: { suppressedAt: at, suppressedError: error, updatedAt: at } });

export const insertNumberEvent = (db: Db, row: SmsNumberEventInsert) => db.insert(smsNumberEvents).values(row);

/** A number's inbound history, oldest first (tests and support). */
export const numberEvents = (db: Db, phone: string) =>
  db.select().from(smsNumberEvents).where(eq(smsNumberEvents.phone, phone)).orderBy(smsNumberEvents.occurredAt, smsNumberEvents.id).all();
