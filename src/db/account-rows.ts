/**
 * An account's rows across two shards' databases, for a move (src/domain/shard-move.ts): every
 * table that holds them and which rows are the account's, copied page by page, caught up by their
 * content's hash, compared and deleted. The only queries of the service that name their table at
 * run time (they go over every table of an account alike): drizzle's `sql` and query builders on
 * a table described at run time (`tableOf`), read and written in batches through the drizzle
 * instance.
 */
import { type SQL, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type SQLiteTable, customType, sqliteTable } from "drizzle-orm/sqlite-core";
import { toHex } from "../lib/bytes";
import { type Db, dbOf } from "./client";
import { movedAccounts } from "./schema";

const OF_TENANT = (id: string) => sql`tenant_id = ${id}`;
const sub = (table: string, column: string) => (id: string) =>
  sql`${sql.identifier(column)} IN (SELECT id FROM ${sql.identifier(table)} WHERE tenant_id = ${id})`;

/**
 * Every table that holds an account's rows, parents before children (the order rows are copied
 * in; deleted in reverse), with the condition that picks the account's rows (of its id). Shared
 * rows (an OAuth client several accounts use) are copied when missing and never deleted.
 */
export type Table = { table: string; where: (tenantId: string) => SQL; shared?: true };

export const TABLES: Table[] = [
  { table: "tenants", where: (id) => sql`id = ${id}` },
  { table: "brandings", where: OF_TENANT },
  { table: "usage", where: OF_TENANT },
  { table: "audit_log", where: OF_TENANT },
  { table: "idempotency_keys", where: OF_TENANT },
  { table: "members", where: OF_TENANT },
  { table: "member_sessions", where: OF_TENANT },
  { table: "sign_in_links", where: OF_TENANT },
  { table: "member_invitations", where: OF_TENANT },
  {
    table: "oauth_clients",
    where: (id) =>
      sql`id IN (SELECT client_id FROM oauth_connections WHERE tenant_id = ${id} UNION SELECT client_id FROM oauth_requests WHERE tenant_id = ${id})`,
    shared: true,
  },
  { table: "oauth_connections", where: OF_TENANT },
  { table: "oauth_requests", where: OF_TENANT },
  { table: "oauth_codes", where: OF_TENANT },
  { table: "oauth_refresh_tokens", where: OF_TENANT },
  { table: "templates", where: OF_TENANT },
  { table: "pdf_templates", where: OF_TENANT },
  { table: "pdf_template_pages", where: sub("templates", "template_id") },
  { table: "workflows", where: OF_TENANT },
  { table: "devices", where: OF_TENANT },
  { table: "api_keys", where: OF_TENANT },
  { table: "subjects", where: OF_TENANT },
  { table: "participants", where: sub("subjects", "subject_id") },
  { table: "packets", where: OF_TENANT },
  { table: "packet_items", where: sub("packets", "packet_id") },
  { table: "envelopes", where: OF_TENANT },
  { table: "envelope_signers", where: sub("envelopes", "envelope_id") },
  { table: "documents", where: OF_TENANT },
  { table: "signers", where: OF_TENANT },
  { table: "envelope_signer_documents", where: sub("documents", "document_id") },
  { table: "field_values", where: sub("documents", "document_id") },
  { table: "signer_files", where: sub("documents", "document_id") },
  { table: "signer_codes", where: OF_TENANT },
  { table: "events", where: OF_TENANT },
  { table: "certificates", where: OF_TENANT },
  { table: "sealed_files", where: sub("documents", "document_id") },
  { table: "sealed_file_versions", where: sub("documents", "document_id") },
  { table: "envelope_certificates", where: OF_TENANT },
  { table: "envelope_sealed_files", where: sub("envelopes", "envelope_id") },
  { table: "messages", where: OF_TENANT },
  { table: "webhook_endpoints", where: OF_TENANT },
  { table: "webhook_deliveries", where: OF_TENANT },
  { table: "sms_consents", where: OF_TENANT },
  { table: "identity_events", where: OF_TENANT },
  { table: "embed_sessions", where: OF_TENANT },
  { table: "bulk_sends", where: OF_TENANT },
  { table: "bulk_send_rows", where: sub("bulk_sends", "bulk_send_id") },
];

/** Rows read per page while copying. */
const PAGE = 500;

type Row = Record<string, unknown>;

const table = (t: Table) => sql.identifier(t.table);
const list = (values: unknown[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Reads the account's rows of one table page by page (in rowid order), each row with its `__rowid`. */
async function eachPage(db: Db, t: Table, tenantId: string, visit: (rows: Row[]) => Promise<void>, rowids?: number[]): Promise<void> {
  if (rowids) {
    // Chosen rows only (what a sync adds): at most 90 bound a statement.
    for (let i = 0; i < rowids.length; i += 90) {
      await visit(await db.all<Row>(sql`SELECT rowid AS __rowid, * FROM ${table(t)} WHERE rowid IN (${list(rowids.slice(i, i + 90))})`));
    }
    return;
  }
  let after = -1;
  for (;;) {
    const rows = await db.all<Row>(
      sql`SELECT rowid AS __rowid, * FROM ${table(t)} WHERE (${t.where(tenantId)}) AND rowid > ${after} ORDER BY rowid LIMIT ${sql.raw(String(PAGE))}`,
    );
    if (rows.length) await visit(rows);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.__rowid as number;
  }
}

const columnsOf = (row: Row) => Object.keys(row).filter((c) => c !== "__rowid");

/** A column whose values are written as they were read: a copy never encodes a value again. */
const asRead = customType<{ data: unknown; driverData: unknown }>({ dataType: () => "" });
const shapes = new Map<string, SQLiteTable>();

/** One of TABLES as drizzle's table of these columns (by their SQL names), to build its writes with. */
function tableOf(name: string, columns: readonly string[] = []): SQLiteTable {
  const key = `${name}(${columns.join(",")})`;
  let t = shapes.get(key);
  if (!t) {
    t = sqliteTable(name, Object.fromEntries(columns.map((c) => [c, asRead(c)])));
    shapes.set(key, t);
  }
  return t;
}

type Write = BatchItem<"sqlite">;
/** The writes as one drizzle batch: one transaction. */
const inOneBatch = (db: Db, writes: Write[]) => (writes.length ? db.batch(writes as [Write, ...Write[]]) : Promise.resolve([]));

/** Inserts of `rows` into a table (D1 binds at most 100 values a statement). */
function inserts(db: Db, t: Table, rows: Row[]): Write[] {
  if (rows.length === 0) return [];
  const columns = columnsOf(rows[0]!);
  const into = tableOf(t.table, columns);
  const perStatement = Math.max(1, Math.floor(100 / columns.length));
  const out: Write[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((r) => Object.fromEntries(columns.map((c) => [c, r[c]])));
    const insert = db.insert(into).values(values);
    out.push(t.shared ? insert.onConflictDoNothing() : insert);
  }
  return out;
}

/** Copies the account's rows of one table; how many. */
async function copyTable(from: Db, to: Db, t: Table, tenantId: string): Promise<number> {
  let copied = 0;
  await eachPage(from, t, tenantId, async (rows) => {
    await inOneBatch(to, inserts(to, t, rows));
    copied += rows.length;
  });
  return copied;
}

/** Copies every row of the account; how many. */
export async function copyAccount(from: D1Database, to: D1Database, tenantId: string): Promise<number> {
  let rows = 0;
  const [source, target] = [dbOf({ DB: from }), dbOf({ DB: to })];
  for (const t of TABLES) rows += await copyTable(source, target, t, tenantId);
  return rows;
}

const encoder = new TextEncoder();
const digestOf = async (row: Row) => toHex(await crypto.subtle.digest("SHA-256", encoder.encode(JSON.stringify(columnsOf(row).map((c) => row[c])))));

/** Each of the account's rows of one table, by the SHA-256 of its values: its rowid there. */
async function digests(db: Db, t: Table, tenantId: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  await eachPage(db, t, tenantId, async (rows) => {
    const hashes = await Promise.all(rows.map(digestOf));
    for (const [i, r] of rows.entries()) out.set(hashes[i]!, r.__rowid as number);
  });
  return out;
}

/**
 * Brings the copy up to what the account holds now (the writes made while it was copied): rows
 * gone or changed since are deleted from the copy, and rows new or changed are copied again. One
 * transaction, with foreign keys checked at its end (a changed parent is deleted and written again
 * under its children) and the trail's rows of this account deletable inside it only. How many
 * rows it wrote or deleted.
 */
export async function syncCopy(fromD1: D1Database, toD1: D1Database, tenantId: string): Promise<number> {
  const [from, to] = [dbOf({ DB: fromD1 }), dbOf({ DB: toD1 })];
  const plans: { t: Table; gone: number[]; added: number[] }[] = [];
  for (const t of TABLES) {
    const [src, dst] = await Promise.all([digests(from, t, tenantId), digests(to, t, tenantId)]);
    const gone = [...dst].filter(([h]) => !src.has(h)).map(([, rowid]) => rowid);
    const added = [...src].filter(([h]) => !dst.has(h)).map(([, rowid]) => rowid);
    if (gone.length || added.length) plans.push({ t, gone, added });
  }
  if (plans.length === 0) return 0;
  const writes: Write[] = [to.run(sql`PRAGMA defer_foreign_keys = on`), markMoved(to, tenantId)];
  for (const { t, gone } of [...plans].reverse()) {
    for (let i = 0; i < gone.length; i += 90) writes.push(to.delete(tableOf(t.table)).where(sql`rowid IN (${list(gone.slice(i, i + 90))})`));
  }
  for (const { t, added } of plans) await eachPage(from, t, tenantId, async (rows) => void writes.push(...inserts(to, t, rows)), added);
  writes.push(unmarkMoved(to, tenantId));
  await inOneBatch(to, writes);
  return plans.reduce((n, p) => n + p.gone.length + p.added.length, 0);
}

/** While a shard deletes an account's rows, the mark that lets the trail's rows go (migration 0044). */
const markMoved = (db: Db, tenantId: string) => db.insert(movedAccounts).values({ tenantId }).onConflictDoNothing();
const unmarkMoved = (db: Db, tenantId: string) => db.delete(movedAccounts).where(eq(movedAccounts.tenantId, tenantId));

async function counts(db: Db, tenantId: string): Promise<number[]> {
  const rows = await Promise.all(TABLES.map((t) => db.get<{ n: number }>(sql`SELECT count(*) AS n FROM ${table(t)} WHERE ${t.where(tenantId)}`)));
  return rows.map((r) => r!.n);
}

async function certificateHashes(db: Db, tenantId: string): Promise<string> {
  const [own, ofEnvelopes] = await Promise.all([
    db.all(sql`SELECT id, certificate_sha256 FROM certificates WHERE tenant_id = ${tenantId} ORDER BY id`),
    db.all(sql`SELECT id, certificate_sha256 FROM envelope_certificates WHERE tenant_id = ${tenantId} ORDER BY id`),
  ]);
  return JSON.stringify([own, ofEnvelopes]);
}

/** Deletes the account's rows from one shard, children first (the trail's events too: the account is marked as gone from there first). */
export async function deleteAccountRows(d1: D1Database, tenantId: string): Promise<void> {
  // One batch, one transaction: the mark that lets the trail's rows go never outlives the delete.
  const db = dbOf({ DB: d1 });
  await inOneBatch(db, [
    markMoved(db, tenantId),
    ...[...TABLES]
      .reverse()
      .filter((t) => !t.shared)
      .map((t) => db.delete(tableOf(t.table)).where(t.where(tenantId))),
    unmarkMoved(db, tenantId),
  ]);
}

/** Where the copy differs from the account's rows (row counts by table, certificates' hashes), or null when it does not. */
export async function copyDiffers(fromD1: D1Database, toD1: D1Database, tenantId: string): Promise<string | null> {
  const [from, to] = [dbOf({ DB: fromD1 }), dbOf({ DB: toD1 })];
  const [before, after] = await Promise.all([counts(from, tenantId), counts(to, tenantId)]);
  const differs = TABLES.flatMap((t, i) => (before[i] === after[i] ? [] : [`${t.table} ${before[i]} → ${after[i]}`]));
  if (differs.length) return `the copy's rows differ: ${differs.join(", ")}`;
  const [a, b] = await Promise.all([certificateHashes(from, tenantId), certificateHashes(to, tenantId)]);
  return a === b ? null : "the copy's certificates differ";
}

/** How many certificates (a document's or an envelope's) the account has on this database. */
export async function certificateCount(db: D1Database, tenantId: string): Promise<number> {
  return (JSON.parse(await certificateHashes(dbOf({ DB: db }), tenantId)) as unknown[][]).flat().length;
}
