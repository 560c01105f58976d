/**
 * Every D1 query of the documents area (prepare, list/search, ownership, expiry) on drizzle's
 * query builder. Row types come from the tables.
 */
import { type SQL, and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { type Db, dbOf } from "./client";
import type { Env, Principal } from "../env";
import type { DocumentStatus, Lang } from "../domain/vocabulary";
import { documents, tenants } from "./schema";

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;

/** `status=open` in the list: the states a document can still move from. */
export const OPEN_STATUSES = ["draft", "sent"] as const satisfies readonly DocumentStatus[];

/** The insert of a new document, for the caller's `db.batch` (it commits with the trail's first event). */
export const insertDocument = (db: Db, row: NewDocumentRow) => db.insert(documents).values(row);

/** The account and mode a document belongs to (one small read), or undefined. */
export async function ownerOf(env: Env, documentId: string): Promise<Pick<DocumentRow, "tenantId" | "mode" | "envelopeId"> | undefined> {
  const [row] = await dbOf(env)
    .select({ tenantId: documents.tenantId, mode: documents.mode, envelopeId: documents.envelopeId })
    .from(documents)
    .where(eq(documents.id, documentId))
    .limit(1);
  return row;
}

/** A document's language: its own (`locale` at prepare), else its account's, else English. */
export async function documentLangOf(env: Env, documentId: string): Promise<Lang> {
  const [row] = await dbOf(env)
    .select({ own: documents.locale, account: tenants.locale })
    .from(documents)
    .innerJoin(tenants, eq(tenants.id, documents.tenantId))
    .where(eq(documents.id, documentId))
    .limit(1);
  return row?.own ?? row?.account ?? "en";
}

/** Queries shorter than this many characters (code points) cannot use the trigram index. */
export const SEARCH_MIN_TRIGRAM = 3;
/** A 1-2 character query looks at this many of the account's newest documents (in the mode). */
export const SHORT_SEARCH_WINDOW = 5000;

/** Text as an FTS5 string: everything inside double quotes is literal (a quote is doubled). */
export const ftsString = (s: string) => `"${s.replaceAll('"', '""')}"`;
/** Text as a LIKE substring pattern with `\` as the escape: `%`, `_` and `\` stand for themselves. */
export const likeSubstring = (s: string) => `%${s.replace(/[\\%_]/g, (m) => "\\" + m)}%`;

/**
 * The `q` condition, raw SQL because drizzle cannot express FTS5 MATCH or LIKE … ESCAPE.
 * Three characters or more: the trigram index (`document_search`), its MATCH limited to this
 * account and mode by the index's own `scope` column; the unary `+` keeps SQLite from walking the
 * account's whole list index, so the matches drive the query. One or two characters (trigrams
 * cannot match them): a LIKE scan of the newest SHORT_SEARCH_WINDOW documents of the account and
 * mode; the pattern is at most 12 bytes, well inside D1's 50-byte LIKE limit.
 */
function searchCondition(p: Principal, raw: string): SQL {
  // FTS5's query parser ends a string at U+0000, so the search ignores that character.
  const q = raw.replaceAll("\u0000", "");
  if (q === "") return sql`0`;
  if (usesTrigrams(raw)) {
    const match = `scope : ${ftsString(`${p.tenantId}:${p.mode}`)} AND text : ${ftsString(q)}`;
    return sql`+"documents"."tenant_id" = ${p.tenantId} AND +"documents"."mode" = ${p.mode} AND "documents"."id" IN (SELECT document_id FROM document_search WHERE document_search MATCH ${match})`;
  }
  const like = likeSubstring(q);
  return sql`"documents"."id" IN (SELECT w.id FROM documents w WHERE w.tenant_id = ${p.tenantId} AND w.mode = ${p.mode} ORDER BY w.created_at DESC, w.id DESC LIMIT ${sql.raw(String(SHORT_SEARCH_WINDOW))})
    AND ("documents"."title" LIKE ${like} ESCAPE '\\' OR "documents"."subject_name" LIKE ${like} ESCAPE '\\'
      OR EXISTS (SELECT 1 FROM signers s WHERE s.document_id = "documents"."id" AND (s.full_name LIKE ${like} ESCAPE '\\' OR s.email LIKE ${like} ESCAPE '\\')))`;
}

const usesTrigrams = (raw: string) => [...raw.replaceAll("\u0000", "")].length >= SEARCH_MIN_TRIGRAM;

export type ListFilter = { status?: DocumentStatus | "open"; q?: string; external_ref?: string; limit: number; offset: number };

/** One round trip: the count and one page of documents, newest first. */
export async function listPage(env: Env, p: Principal, f: ListFilter) {
  // A trigram search scopes itself (unary `+`, so its matches drive the query); otherwise the
  // account's list index (tenant, mode, created_at) does.
  const conds: SQL[] = f.q && usesTrigrams(f.q) ? [] : [eq(documents.tenantId, p.tenantId), eq(documents.mode, p.mode)];
  if (f.status === "open") conds.push(inArray(documents.status, OPEN_STATUSES));
  else if (f.status) conds.push(eq(documents.status, f.status));
  if (f.external_ref) conds.push(eq(documents.externalRef, f.external_ref));
  if (f.q) conds.push(searchCondition(p, f.q));
  const where = and(...conds);
  const db = dbOf(env);
  // Correlated counts and the first pending signer, per listed document. Written as fragments
  // naming the outer row ("documents") because drizzle writes a one-table select's columns
  // without their table name, which would bind to `signers` inside the subquery.
  // A signer who delegated is not counted (their delegate is); nor is a group member once another member signed for the group.
  const signerCount = sql<number>`(SELECT COUNT(*) FROM signers s WHERE s.document_id = "documents"."id" AND s.delegated_to IS NULL)`.mapWith(Number);
  const signedCount = sql<number>`(SELECT COUNT(*) FROM signers s WHERE s.document_id = "documents"."id" AND s.status = 'signed')`.mapWith(Number);
  const waitingOn = sql<
    string | null
  >`CASE WHEN "documents"."status" = 'sent' THEN (SELECT s.full_name FROM signers s WHERE s.document_id = "documents"."id" AND s.status = 'pending' AND s.role <> 'cc' AND s.delegated_to IS NULL AND NOT EXISTS (SELECT 1 FROM signers g WHERE g.document_id = s.document_id AND g.group_id = s.group_id AND g.status = 'signed') ORDER BY s.sign_order, s.created_at, s.id LIMIT 1) END`;
  const [total, rows] = await db.batch([
    db.select({ n: count() }).from(documents).where(where),
    db
      .select({
        id: documents.id,
        title: documents.title,
        status: documents.status,
        templateCode: documents.templateCode,
        templateVersion: documents.templateVersion,
        subjectName: documents.subjectName,
        sequential: documents.sequential,
        expiresAt: documents.expiresAt,
        sentAt: documents.sentAt,
        completedAt: documents.completedAt,
        voidReason: documents.voidReason,
        signers: signerCount,
        signed: signedCount,
        waitingOn,
      })
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(f.limit)
      .offset(f.offset),
  ]);
  return { total: total[0]?.n ?? 0, rows };
}

/** Cron: sent documents past their expiry, at most 200 at a time. */
export async function dueForExpiry(env: Env, nowIso: string): Promise<string[]> {
  const rows = await dbOf(env)
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.status, "sent"), lte(documents.expiresAt, nowIso)))
    .limit(200);
  return rows.map((r) => r.id);
}
