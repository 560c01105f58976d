/**
 * An account's rows across two shards' databases, for a move (src/domain/shard-move.ts): every
 * table that holds them and which rows are the account's, copied page by page, caught up by their
 * content's hash, compared and deleted. The only queries of the service that name their table at
 * run time (they go over every table of an account alike): drizzle's `sql`, read through the
 * drizzle instance, written in D1 batches (`statement`).
 */
import { type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { toHex } from "../lib/bytes";
import { type Db, dbOf } from "./client";

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

const dialect = new SQLiteAsyncDialect();

/**
 * One write of a move's batch, its SQL built by drizzle (identifiers quoted, values bound). The
 * batch is D1's own: drizzle's batch cannot carry a `sql` statement with values (it binds a
 * prepared statement a raw `sql` query does not have), and a move's writes must commit together.
 */
function statement(d1: D1Database, query: SQL): D1PreparedStatement {
  const q = dialect.sqlToQuery(query);
  return d1.prepare(q.sql).bind(...q.params);
}

/** Statements inserting `rows` into a table (D1 binds at most 100 values a statement). */
function inserts(d1: D1Database, t: Table, rows: Row[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const columns = columnsOf(rows[0]!);
  const perStatement = Math.max(1, Math.floor(100 / columns.length));
  const verb = sql.raw(t.shared ? "INSERT OR IGNORE" : "INSERT");
  const names = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const out: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((r) => sql`(${list(columns.map((c) => r[c]))})`);
    out.push(statement(d1, sql`${verb} INTO ${table(t)} (${names}) VALUES ${sql.join(values, sql`, `)}`));
  }
  return out;
}

/** Copies the account's rows of one table; how many. */
async function copyTable(from: Db, to: D1Database, t: Table, tenantId: string): Promise<number> {
  let copied = 0;
  await eachPage(from, t, tenantId, async (rows) => {
    await to.batch(inserts(to, t, rows));
    copied += rows.length;
  });
  return copied;
}

/** Copies every row of the account; how many. */
export async function copyAccount(from: D1Database, to: D1Database, tenantId: string): Promise<number> {
  let rows = 0;
  const source = dbOf({ DB: from });
  for (const t of TABLES) rows += await copyTable(source, to, t, tenantId);
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
  const statements = [statement(toD1, sql`PRAGMA defer_foreign_keys = on`), markMoved(toD1, tenantId)];
  for (const { t, gone } of [...plans].reverse()) {
    for (let i = 0; i < gone.length; i += 90) statements.push(statement(toD1, sql`DELETE FROM ${table(t)} WHERE rowid IN (${list(gone.slice(i, i + 90))})`));
  }
  for (const { t, added } of plans) await eachPage(from, t, tenantId, async (rows) => void statements.push(...inserts(toD1, t, rows)), added);
  statements.push(unmarkMoved(toD1, tenantId));
  await toD1.batch(statements);
  return plans.reduce((n, p) => n + p.gone.length + p.added.length, 0);
}

/** While a shard deletes an account's rows, the mark that lets the trail's rows go (migration 0044). */
const markMoved = (d1: D1Database, tenantId: string) => statement(d1, sql`INSERT OR IGNORE INTO moved_accounts (tenant_id) VALUES (${tenantId})`);
const unmarkMoved = (d1: D1Database, tenantId: string) => statement(d1, sql`DELETE FROM moved_accounts WHERE tenant_id = ${tenantId}`);

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
  await d1.batch([
    markMoved(d1, tenantId),
    ...[...TABLES]
      .reverse()
      .filter((t) => !t.shared)
      .map((t) => statement(d1, sql`DELETE FROM ${table(t)} WHERE ${t.where(tenantId)}`)),
    unmarkMoved(d1, tenantId),
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
