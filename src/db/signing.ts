/**
 * Queries of the signing core (the signing links, the document's sequencer and its transitions,
 * the trail) on drizzle's D1 driver. Row types come from the schema. Functions that take a `Db`
 * and return a query builder (not a promise) are statements for the caller's `db.batch([...])`:
 * a state change, its trail rows and its webhook deliveries commit together.
 */
import { and, asc, eq, getTableColumns, inArray, isNull, max, or, sql } from "drizzle-orm";
import { type Db, dbOf, nearestThenPrimary } from "./client";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import type { Env } from "../env";
import { type TemplateField, certificates, documents, events, fieldValues, signers, tenants, webhookEndpoints } from "./schema";

export type { Db };
/** One statement of a `db.batch`. */
export type Statement = BatchItem<"sqlite">;

export type DocumentRecord = typeof documents.$inferSelect;
export type SignerRecord = typeof signers.$inferSelect;
export type NewSignerRecord = typeof signers.$inferInsert;
export type FieldValueRecord = typeof fieldValues.$inferSelect;
export type EventRecord = typeof events.$inferSelect;
export type NewEventRecord = typeof events.$inferInsert;

/**
 * A signer as the sequencer keeps it: the row without the signature's value (a drawn picture can
 * be large; only the sealed PDF reads it). The token's hash stays: a fresh link replaces it, and
 * the sequencer refuses a token that is no longer the signer's current one.
 */
export type SignerState = Omit<SignerRecord, "signatureValue">;
const { signatureValue: _signatureValue, ...signerStateColumns } = getTableColumns(signers);

/** The signer, document and account a token hash belongs to (the mapping never changes once issued). */
export async function linkByTokenHash(env: Env, tokenHash: string): Promise<Pick<SignerRecord, "id" | "documentId" | "tenantId"> | undefined> {
  const s = signers;
  // A completed copy's link (copy_token_hash) opens the same signer's page. A hash names its signer
  // for good (a replaced link's old hash is refused by the sequencer), so the nearest replica serves it.
  return nearestThenPrimary(env, (db) =>
    db
      .select({ id: s.id, documentId: s.documentId, tenantId: s.tenantId })
      .from(s)
      .where(or(eq(s.tokenHash, tokenHash), eq(s.copyTokenHash, tokenHash)))
      .get(),
  );
}

// ————— a document's state (one round trip) —————

export type LoadedDocument = { doc: DocumentRecord; signers: SignerState[]; values: FieldValueRecord[] };

/** The document, its signers in order and their answers: three selects for one batch. */
export const documentReads = (db: Db, documentId: string) =>
  [
    db.select().from(documents).where(eq(documents.id, documentId)),
    db
      .select(signerStateColumns)
      .from(signers)
      .where(eq(signers.documentId, documentId))
      .orderBy(asc(signers.signOrder), asc(signers.createdAt), asc(signers.id)),
    db.select().from(fieldValues).where(eq(fieldValues.documentId, documentId)),
  ] as const;

/** One round trip: the document, its signers in order, their answers and the trail's last sequence number. */
export async function loadDocumentWithLastSeq(env: Env, documentId: string): Promise<(LoadedDocument & { lastSeq: number }) | null> {
  const db = dbOf(env);
  const [d, s, v, e] = await db.batch([
    ...documentReads(db, documentId),
    db
      .select({ last: max(events.seq) })
      .from(events)
      .where(eq(events.documentId, documentId)),
  ]);
  const doc = d[0];
  if (!doc) return null;
  return { doc, signers: s, values: v, lastSeq: e[0]?.last ?? 0 };
}

/** One round trip: the same with the whole trail in order (staff reads). */
export async function loadDocumentWithTrail(env: Env, documentId: string): Promise<(LoadedDocument & { events: EventRecord[] }) | null> {
  const db = dbOf(env);
  const [d, s, v, e] = await db.batch([
    ...documentReads(db, documentId),
    db.select().from(events).where(eq(events.documentId, documentId)).orderBy(asc(events.seq)),
  ]);
  const doc = d[0];
  if (!doc) return null;
  return { doc, signers: s, values: v, events: e };
}

// ————— reads riding on a signer's view —————

/** The account's name, framing rule, white-label and consumer disclosure (for the signer's page). */
export const tenantPageSettings = (db: Db, tenantId: string) =>
  db
    .select({
      name: tenants.name,
      frameAncestors: tenants.frameAncestors,
      whiteLabel: tenants.whiteLabel,
      // As stored (JSON text): what the page shows, parsed, and what a later consent checks it against (`disclosureStill`).
      consumerDisclosureJson: sql<string | null>`${tenants.consumerDisclosure}`,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));

/** The account's consumer disclosure as stored (JSON text; null: none), read when a signer consents. */
export const consumerDisclosureOf = (db: Db, tenantId: string) =>
  db
    .select({ json: sql<string | null>`${tenants.consumerDisclosure}` })
    .from(tenants)
    .where(eq(tenants.id, tenantId));

/** Holds while the account's consumer disclosure is still `seen` (its stored JSON text, or null for none): for `guard`. */
export const disclosureStill = (tenantId: string, seen: string | null) =>
  sql`(SELECT ${tenants.consumerDisclosure} FROM ${tenants} WHERE ${tenants.id} = ${tenantId}) IS ${seen ?? sql`NULL`}`;

/** The certificate's public code, once issued. */
export const verificationCodeOf = (db: Db, documentId: string) =>
  db.select({ verificationCode: certificates.verificationCode }).from(certificates).where(eq(certificates.documentId, documentId));

// ————— the trail —————

/** One trail row (the trail is append-only: nothing here updates or deletes one). */
export const insertEvent = (db: Db, row: NewEventRecord) => db.insert(events).values(row);

/** The account's open endpoints in the mode, to kick their queues after a commit. */
export const openEndpointsOf = (db: Db, tenantId: string, mode: string) =>
  db
    .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.tenantId, tenantId),
        eq(webhookEndpoints.mode, mode),
        isNull(webhookEndpoints.deletedAt),
        eq(webhookEndpoints.active, true),
        isNull(webhookEndpoints.pausedAt),
      ),
    );

// ————— transitions (each guarded by the state it leaves, so a stale copy changes nothing) —————

/** A new signer's row; a column may be an SQL expression (`code_required` reads the account's setting). */
export const insertSigner = (db: Db, row: SQLiteInsertValue<typeof signers>) => db.insert(signers).values(row);

/** The account's require_signer_code, as an expression for a signer's insert (false for an unknown account). */
export const requireSignerCodeOf = (db: Db, tenantId: string) =>
  sql<boolean>`coalesce((${db.select({ r: tenants.requireSignerCode }).from(tenants).where(eq(tenants.id, tenantId))}), 0)`;

/** The account's language, as an expression ("en" when it has none). */
export const accountLocaleOf = (db: Db, tenantId: string) =>
  sql<string>`coalesce((${db.select({ l: tenants.locale }).from(tenants).where(eq(tenants.id, tenantId))}), 'en')`;

/** The account's part11, as an expression: it forces re-authentication at send (false for an unknown account). */
export const part11Of = (db: Db, tenantId: string) =>
  sql<boolean>`coalesce((${db.select({ r: tenants.part11 }).from(tenants).where(eq(tenants.id, tenantId))}), 0)`;

export const markSent = (
  db: Db,
  documentId: string,
  tenantId: string,
  sentAt: string,
  expiresAt: string,
  opts: { notify?: boolean; allowDelegation?: boolean; reauthenticate?: boolean },
) =>
  db
    .update(documents)
    .set({
      status: "sent",
      sentAt,
      expiresAt,
      notify: opts.notify ?? false,
      allowDelegation: opts.allowDelegation ?? false,
      // Asked by the send, or forced by the account's part11 (read in the same statement).
      reauthenticate: opts.reauthenticate ? true : part11Of(db, tenantId),
    })
    .where(and(eq(documents.id, documentId), eq(documents.status, "draft")));

/** A draft's fields as sent (each field for one signing party with its signer resolved); written with `markSent`. */
export const setDocumentFields = (db: Db, documentId: string, fields: TemplateField[]) =>
  db
    .update(documents)
    .set({ fields })
    .where(and(eq(documents.id, documentId), eq(documents.status, "sent")));

export const markViewed = (db: Db, signerId: string, at: string) =>
  db
    .update(signers)
    .set({ viewedAt: at })
    .where(and(eq(signers.id, signerId), isNull(signers.viewedAt)));

export const markConsented = (db: Db, signerId: string, at: string, consentVersion: string, disclosureAcceptedAt: string | null = null) =>
  db
    .update(signers)
    .set({ consentedAt: at, consentVersion, ...(disclosureAcceptedAt ? { disclosureAcceptedAt } : {}) })
    .where(and(eq(signers.id, signerId), isNull(signers.consentedAt)));

/** An access code's try: the count, the lock (the fifth wrong try) or the pass; only while not yet passed. */
export const markAccessCodeTry = (db: Db, signerId: string, change: Pick<SignerRecord, "accessCodeTries" | "accessCodeLockedUntil" | "accessCodePassedAt">) =>
  db
    .update(signers)
    .set(change)
    .where(and(eq(signers.id, signerId), isNull(signers.accessCodePassedAt)));

/** Stores (or replaces) one answer. */
export const upsertAnswer = (db: Db, row: FieldValueRecord) =>
  db
    .insert(fieldValues)
    .values(row)
    .onConflictDoUpdate({
      target: [fieldValues.documentId, fieldValues.signerId, fieldValues.key],
      set: { value: row.value, about: row.about, suppliedAt: row.suppliedAt },
    });

/** Clears one answer. */
export const deleteAnswer = (db: Db, documentId: string, signerId: string, key: string) =>
  db.delete(fieldValues).where(and(eq(fieldValues.documentId, documentId), eq(fieldValues.signerId, signerId), eq(fieldValues.key, key)));

/** What marks a signer's part done: their signature, or (an approver, a viewer) the act alone, with an approver's note. */
export type SignatureRecord = Pick<
  SignerRecord,
  "signedAt" | "signatureMethod" | "signatureValue" | "signatureValueSha256" | "signedAgainstSha256" | "signIp" | "captured"
> & { approvalNote?: string | null } & Partial<Pick<SignerRecord, "signReason" | "reauthenticatedAt">>;

export const markSigned = (db: Db, signerId: string, s: SignatureRecord) =>
  db
    .update(signers)
    .set({ status: "signed", ...s })
    .where(and(eq(signers.id, signerId), eq(signers.status, "pending")));

export const markSignerDeclined = (db: Db, signerId: string, at: string, reason: string) =>
  db
    .update(signers)
    .set({ status: "declined", declinedAt: at, declineReason: reason })
    .where(and(eq(signers.id, signerId), eq(signers.status, "pending")));

export const markCompleted = (db: Db, documentId: string, at: string) =>
  db
    .update(documents)
    .set({ status: "completed", completedAt: at })
    .where(and(eq(documents.id, documentId), eq(documents.status, "sent")));

export const markDeclined = (db: Db, documentId: string, at: string) =>
  db
    .update(documents)
    .set({ status: "declined", declinedAt: at })
    .where(and(eq(documents.id, documentId), eq(documents.status, "sent")));

/** Statuses a void moves from: anything not completed and not already voided. */
export const VOIDABLE = ["draft", "sent", "declined", "expired"] as const;

export const markVoided = (db: Db, documentId: string, at: string, reason: string) =>
  db
    .update(documents)
    .set({ status: "voided", voidedAt: at, voidReason: reason })
    .where(and(eq(documents.id, documentId), inArray(documents.status, VOIDABLE)));

export const markExpired = (db: Db, documentId: string, at: string) =>
  db
    .update(documents)
    .set({ status: "expired", expiredAt: at })
    .where(and(eq(documents.id, documentId), eq(documents.status, "sent")));
