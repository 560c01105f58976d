/**
 * Queries of the message queue: rows of `messages` (emails and texts about documents), what the
 * account's queue drains, the outbox listing and the reminder sweep's reads. Row types come from
 * the schema; the rules live in src/domain/messages.ts.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, max, type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";
import { brandings, documents, events, messages, signers, tenants } from "./schema";

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

export const insertMessage = (db: Db, row: NewMessageRow) => db.insert(messages).values(row);

/** The brand columns messages wear (null without a saved brand), read with the account's row. */
export const messageBrandColumns = {
  whiteLabel: tenants.whiteLabel,
  businessName: brandings.businessName,
  primaryColor: brandings.primaryColor,
  buttonTextColor: brandings.buttonTextColor,
  footerText: brandings.footerText,
};

/**
 * What the wording needs about the account: its name, default language and Reply-To, and its
 * brand (worn by the messages under white-label), in the same read.
 */
export const tenantMessageSettings = (db: Db, tenantId: string) =>
  db
    .select({ name: tenants.name, locale: tenants.locale, replyTo: tenants.replyTo, ...messageBrandColumns })
    .from(tenants)
    .leftJoin(brandings, eq(brandings.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));

/**
 * A document's owner, title, its account's name and default language, and what makes its signing
 * links' origin (the white-label flag and the saved brand's host), in one read (send). A query for
 * the caller's batch.
 */
export const documentWithAccount = (db: Db, documentId: string) =>
  db
    .select({
      tenantId: documents.tenantId,
      mode: documents.mode,
      title: documents.title,
      level: documents.level,
      tenantName: tenants.name,
      locale: tenants.locale,
      ...messageBrandColumns,
      // Named apart from documents.tenant_id: D1's batch answers rows as objects keyed by column
      // name, and two columns called tenant_id would collapse into one (shifting every later value).
      brandTenantId: sql<string | null>`${brandings.tenantId}`.as("brand_tenant_id"),
      signingHost: brandings.signingHost,
    })
    .from(documents)
    .innerJoin(tenants, eq(tenants.id, documents.tenantId))
    .leftJoin(brandings, eq(brandings.tenantId, documents.tenantId))
    .where(eq(documents.id, documentId));

/** The document's title (for the wording), read in the caller's batch. */
export const documentTitle = (db: Db, documentId: string) => db.select({ title: documents.title }).from(documents).where(eq(documents.id, documentId));

/** The account's queued messages due by `at`, oldest due first. */
export function dueMessages(db: Db, tenantId: string, at: string, limit: number) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.status, "queued"), lte(messages.nextAttemptAt, at)))
    .orderBy(asc(messages.nextAttemptAt), asc(messages.id))
    .limit(limit)
    .all();
}

/** When the account's next queued message falls due (ISO), or null. */
export async function nextDueAt(db: Db, tenantId: string): Promise<string | null> {
  const row = await db
    .select({ at: messages.nextAttemptAt })
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.status, "queued"), isNotNull(messages.nextAttemptAt)))
    .orderBy(asc(messages.nextAttemptAt))
    .limit(1)
    .get();
  return row?.at ?? null;
}

/** Accounts with a queued message due by `at` (the cron's safety sweep). */
export async function tenantsWithDueMessages(db: Db, at: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tenantId: messages.tenantId })
    .from(messages)
    .where(and(eq(messages.status, "queued"), lte(messages.nextAttemptAt, at)))
    .limit(500)
    .all();
  return rows.map((r) => r.tenantId);
}

/** The provider took it: `sent`, and the secret values are dropped unless the outbox keeps them (for 7 days after queuing: `eraseOldSecrets`). */
export const markMessageSent = (
  db: Db,
  id: string,
  o: { provider: MessageRow["provider"]; providerMessageId: string; attempts: number; sentAt: string; keepSecrets: boolean },
) =>
  db
    .update(messages)
    .set({
      status: "sent",
      provider: o.provider,
      providerMessageId: o.providerMessageId,
      attempts: o.attempts,
      sentAt: o.sentAt,
      nextAttemptAt: null,
      lastError: null,
      ...(o.keepSecrets ? {} : { secretBox: null }),
    })
    .where(and(eq(messages.id, id), eq(messages.status, "queued")));

/** A transient failure: stays `queued`, tried again at `nextAttemptAt`. */
export const markMessageRetry = (db: Db, id: string, o: { provider: MessageRow["provider"]; attempts: number; lastError: string; nextAttemptAt: string }) =>
  db
    .update(messages)
    .set({ provider: o.provider, attempts: o.attempts, lastError: o.lastError, nextAttemptAt: o.nextAttemptAt })
    .where(and(eq(messages.id, id), eq(messages.status, "queued")));

/** Refused for good or retries spent: `failed` with the error; the secret values are dropped. */
export const markMessageFailed = (db: Db, id: string, o: { provider: MessageRow["provider"]; attempts: number; lastError: string }) =>
  db
    .update(messages)
    .set({ status: "failed", provider: o.provider, attempts: o.attempts, lastError: o.lastError, nextAttemptAt: null, secretBox: null })
    .where(and(eq(messages.id, id), eq(messages.status, "queued")));

/**
 * The cron's erasure of boxed links and codes: of messages queued before `beforeIso` that still
 * hold a box (the partial index `messages_boxed`), at most `limit`. A message still queued that
 * late is failed with `reason` (it can no longer be sent whole); every other one (an outbox
 * message kept as it arrived) only loses its box. Two statements for one batch, in this order.
 */
export function eraseOldSecrets(db: Db, beforeIso: string, limit: number, reason: string) {
  const due = () =>
    db
      .select({ id: messages.id })
      .from(messages)
      .where(and(isNotNull(messages.secretBox), lt(messages.createdAt, beforeIso)))
      .orderBy(asc(messages.createdAt))
      .limit(limit);
  return [
    db
      .update(messages)
      .set({ status: "failed", lastError: reason, nextAttemptAt: null, secretBox: null })
      .where(and(inArray(messages.id, due()), eq(messages.status, "queued"))),
    db.update(messages).set({ secretBox: null }).where(inArray(messages.id, due())),
  ] as const;
}

/** The outbox listing, newest first, optionally for one account or document. */
export function listMessages(db: Db, q: { tenant_id?: string; document_id?: string; limit: number }) {
  const where: SQL[] = [];
  if (q.tenant_id) where.push(eq(messages.tenantId, q.tenant_id));
  if (q.document_id) where.push(eq(messages.documentId, q.document_id));
  return db
    .select()
    .from(messages)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(q.limit)
    .all();
}

export const messageById = (db: Db, id: string) => db.select().from(messages).where(eq(messages.id, id)).get();

/** Per signer of the given ones: when their last link or reminder was queued (ISO). */
export async function lastLinkMessageAt(db: Db, signerIds: string[]): Promise<Map<string, string>> {
  if (signerIds.length === 0) return new Map();
  const rows = await db
    .select({ signerId: messages.signerId, at: max(messages.createdAt) })
    .from(messages)
    .where(and(inArray(messages.signerId, signerIds), inArray(messages.purpose, ["signing.link", "signing.reminder"])))
    .groupBy(messages.signerId)
    .all();
  return new Map(rows.filter((r) => r.signerId && r.at).map((r) => [r.signerId!, r.at!] as const));
}

/** Signers' contact details and language, for completed copies and reminders. */
export const recipientsOf = (db: Db, documentId: string) =>
  db
    .select({ id: signers.id, email: signers.email, fullName: signers.fullName, role: signers.role, phone: signers.phone, locale: signers.locale })
    .from(signers)
    .where(eq(signers.documentId, documentId))
    .orderBy(asc(signers.signOrder), asc(signers.createdAt), asc(signers.id));

// ————— fresh links and reminders —————

/** A fresh link: the signer's token hash is replaced (the earlier link stops working). A statement for the caller's batch. */
export const setSignerTokenHash = (db: Db, signerId: string, tokenHash: string) => db.update(signers).set({ tokenHash }).where(eq(signers.id, signerId));

/** The completed copy's link: its hash beside the signer's own. A statement for the caller's batch. */
export const setCopyTokenHash = (db: Db, signerId: string, copyTokenHash: string) =>
  db
    .update(signers)
    .set({ copyTokenHash })
    .where(and(eq(signers.id, signerId), isNull(signers.copyTokenHash)));

/** When the signer was last reminded (the trail's `reminded` events), or null. */
export async function lastReminderAt(db: Db, documentId: string, signerId: string): Promise<string | null> {
  const row = await db
    .select({ at: max(events.occurredAt) })
    .from(events)
    .where(and(eq(events.documentId, documentId), eq(events.signerId, signerId), eq(events.kind, "reminded")))
    .get();
  return row?.at ?? null;
}

/** Sent documents whose messages the service delivers, with reminders on and not yet expired (the cron's reminder step), oldest sent first. */
export function documentsWithReminders(db: Db, at: string, limit: number) {
  return db
    .select({ id: documents.id, tenantId: documents.tenantId, mode: documents.mode, remindAfterDays: documents.remindAfterDays, sentAt: documents.sentAt })
    .from(documents)
    .where(and(eq(documents.status, "sent"), eq(documents.notify, true), isNotNull(documents.remindAfterDays), gt(documents.expiresAt, at)))
    .orderBy(asc(documents.sentAt))
    .limit(limit)
    .all();
}
