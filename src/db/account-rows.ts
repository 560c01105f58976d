/**
 * An account's rows across two shards' databases, for a move (src/domain/shard-move.ts): every
 * table that holds them and which rows are the account's, copied page by page, caught up by their
 * content's hash, compared and deleted. The only queries of the service written by table name:
 * they go over every table of an account alike.
 */
import { toHex } from "../lib/bytes";

const OF_TENANT = "tenant_id = ?1";
const sub = (table: string, column: string, inner: string) => `${column} IN (SELECT id FROM ${table} WHERE ${inner})`;

/**
 * Every table that holds an account's rows, parents before children (the order rows are copied
 * in; deleted in reverse), with the condition that picks the account's rows (`?1` its id). Shared
 * rows (an OAuth client several accounts use) are copied when missing and never deleted.
 */
export type Table = { table: string; where: string; shared?: true };

export const TABLES: Table[] = [
  { table: "tenants", where: "id = ?1" },
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
    where: "id IN (SELECT client_id FROM oauth_connections WHERE tenant_id = ?1 UNION SELECT client_id FROM oauth_requests WHERE tenant_id = ?1)",
    shared: true,
  },
  { table: "oauth_connections", where: OF_TENANT },
  { table: "oauth_requests", where: OF_TENANT },
  { table: "oauth_codes", where: OF_TENANT },
  { table: "oauth_refresh_tokens", where: OF_TENANT },
  { table: "templates", where: OF_TENANT },
  { table: "pdf_templates", where: OF_TENANT },
  { table: "pdf_template_pages", where: sub("templates", "template_id", OF_TENANT) },
  { table: "workflows", where: OF_TENANT },
  { table: "devices", where: OF_TENANT },
  { table: "api_keys", where: OF_TENANT },
  { table: "subjects", where: OF_TENANT },
  { table: "participants", where: sub("subjects", "subject_id", OF_TENANT) },
  { table: "packets", where: OF_TENANT },
  { table: "packet_items", where: sub("packets", "packet_id", OF_TENANT) },
  { table: "envelopes", where: OF_TENANT },
  { table: "envelope_signers", where: sub("envelopes", "envelope_id", OF_TENANT) },
  { table: "documents", where: OF_TENANT },
  { table: "signers", where: OF_TENANT },
  { table: "envelope_signer_documents", where: sub("documents", "document_id", OF_TENANT) },
  { table: "field_values", where: sub("documents", "document_id", OF_TENANT) },
  { table: "signer_files", where: sub("documents", "document_id", OF_TENANT) },
  { table: "signer_codes", where: OF_TENANT },
  { table: "events", where: OF_TENANT },
  { table: "certificates", where: OF_TENANT },
  { table: "sealed_files", where: sub("documents", "document_id", OF_TENANT) },
  { table: "sealed_file_versions", where: sub("documents", "document_id", OF_TENANT) },
  { table: "envelope_certificates", where: OF_TENANT },
  { table: "envelope_sealed_files", where: sub("envelopes", "envelope_id", OF_TENANT) },
  { table: "messages", where: OF_TENANT },
  { table: "webhook_endpoints", where: OF_TENANT },
  { table: "webhook_deliveries", where: OF_TENANT },
  { table: "sms_consents", where: OF_TENANT },
  { table: "identity_events", where: OF_TENANT },
  { table: "embed_sessions", where: OF_TENANT },
  { table: "bulk_sends", where: OF_TENANT },
  { table: "bulk_send_rows", where: sub("bulk_sends", "bulk_send_id", OF_TENANT) },
];

/** Rows read per page while copying. */
const PAGE = 500;

type Row = Record<string, unknown>;

/** Reads the account's rows of one table page by page (in rowid order), each row with its `__rowid`. */
async function eachPage(db: D1Database, t: Table, tenantId: string, visit: (rows: Row[]) => Promise<void>, rowids?: number[]): Promise<void> {
  if (rowids) {
    // Chosen rows only (what a sync adds): at most 90 bound a statement.
    for (let i = 0; i < rowids.length; i += 90) {
      const part = rowids.slice(i, i + 90);
      const page = await db
        .prepare(`SELECT rowid AS __rowid, * FROM ${t.table} WHERE rowid IN (${part.map(() => "?").join(", ")})`)
        .bind(...part)
        .all<Row>();
      await visit(page.results);
    }
    return;
  }
  let after = -1;
  for (;;) {
    const page = await db
      .prepare(`SELECT rowid AS __rowid, * FROM ${t.table} WHERE (${t.where}) AND rowid > ?2 ORDER BY rowid LIMIT ${PAGE}`)
      .bind(tenantId, after)
      .all<Row>();
    const rows = page.results;
    if (rows.length) await visit(rows);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.__rowid as number;
  }
}

const columnsOf = (row: Row) => Object.keys(row).filter((c) => c !== "__rowid");

/** Statements inserting `rows` into a table (D1 binds at most 100 values a statement). */
function inserts(db: D1Database, t: Table, rows: Row[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const columns = columnsOf(rows[0]!);
  const perStatement = Math.max(1, Math.floor(100 / columns.length));
  const verb = t.shared ? "INSERT OR IGNORE" : "INSERT";
  const out: D1PreparedStatement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    const part = rows.slice(i, i + perStatement);
    const values = part.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
    out.push(
      db
        .prepare(`${verb} INTO ${t.table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${values}`)
        .bind(...part.flatMap((r) => columns.map((c) => r[c]))),
    );
  }
  return out;
}

/** Copies the account's rows of one table; how many. */
async function copyTable(from: D1Database, to: D1Database, t: Table, tenantId: string): Promise<number> {
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
  for (const t of TABLES) rows += await copyTable(from, to, t, tenantId);
  return rows;
}

const encoder = new TextEncoder();
const digestOf = async (row: Row) => toHex(await crypto.subtle.digest("SHA-256", encoder.encode(JSON.stringify(columnsOf(row).map((c) => row[c])))));

/** Each of the account's rows of one table, by the SHA-256 of its values: its rowid there. */
async function digests(db: D1Database, t: Table, tenantId: string): Promise<Map<string, number>> {
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
export async function syncCopy(from: D1Database, to: D1Database, tenantId: string): Promise<number> {
  const plans = [];
  for (const t of TABLES) {
    const [src, dst] = await Promise.all([digests(from, t, tenantId), digests(to, t, tenantId)]);
    const gone = [...dst].filter(([h]) => !src.has(h)).map(([, rowid]) => rowid);
    const added = [...src].filter(([h]) => !dst.has(h)).map(([, rowid]) => rowid);
    if (gone.length || added.length) plans.push({ t, gone, added });
  }
  if (plans.length === 0) return 0;
  const statements: D1PreparedStatement[] = [
    to.prepare("PRAGMA defer_foreign_keys = on"),
    to.prepare("INSERT OR IGNORE INTO moved_accounts (tenant_id) VALUES (?1)").bind(tenantId),
  ];
  for (const { t, gone } of [...plans].reverse()) {
    for (let i = 0; i < gone.length; i += 90) {
      const part = gone.slice(i, i + 90);
      statements.push(to.prepare(`DELETE FROM ${t.table} WHERE rowid IN (${part.map(() => "?").join(", ")})`).bind(...part));
    }
  }
  for (const { t, added } of plans) await eachPage(from, t, tenantId, async (rows) => void statements.push(...inserts(to, t, rows)), added);
  statements.push(to.prepare("DELETE FROM moved_accounts WHERE tenant_id = ?1").bind(tenantId));
  await to.batch(statements);
  return plans.reduce((n, p) => n + p.gone.length + p.added.length, 0);
}

async function counts(db: D1Database, tenantId: string): Promise<number[]> {
  const rows = await db.batch(TABLES.map((t) => db.prepare(`SELECT count(*) AS n FROM ${t.table} WHERE ${t.where}`).bind(tenantId)));
  return rows.map((r) => (r.results[0] as { n: number }).n);
}

async function certificateHashes(db: D1Database, tenantId: string): Promise<string> {
  const [own, ofEnvelopes] = await db.batch([
    db.prepare("SELECT id, certificate_sha256 FROM certificates WHERE tenant_id = ?1 ORDER BY id").bind(tenantId),
    db.prepare("SELECT id, certificate_sha256 FROM envelope_certificates WHERE tenant_id = ?1 ORDER BY id").bind(tenantId),
  ]);
  return JSON.stringify([own!.results, ofEnvelopes!.results]);
}

/** Deletes the account's rows from one shard, children first (the trail's events too: the account is marked as gone from there first). */
export async function deleteAccountRows(db: D1Database, tenantId: string): Promise<void> {
  // One batch, one transaction: the mark that lets the trail's rows go never outlives the delete.
  await db.batch([
    db.prepare("INSERT OR IGNORE INTO moved_accounts (tenant_id) VALUES (?1)").bind(tenantId),
    ...[...TABLES]
      .reverse()
      .filter((t) => !t.shared)
      .map((t) => db.prepare(`DELETE FROM ${t.table} WHERE ${t.where}`).bind(tenantId)),
    db.prepare("DELETE FROM moved_accounts WHERE tenant_id = ?1").bind(tenantId),
  ]);
}

/** Where the copy differs from the account's rows (row counts by table, certificates' hashes), or null when it does not. */
export async function copyDiffers(from: D1Database, to: D1Database, tenantId: string): Promise<string | null> {
  const [before, after] = await Promise.all([counts(from, tenantId), counts(to, tenantId)]);
  const differs = TABLES.flatMap((t, i) => (before[i] === after[i] ? [] : [`${t.table} ${before[i]} → ${after[i]}`]));
  if (differs.length) return `the copy's rows differ: ${differs.join(", ")}`;
  const [a, b] = await Promise.all([certificateHashes(from, tenantId), certificateHashes(to, tenantId)]);
  return a === b ? null : "the copy's certificates differ";
}

/** How many certificates (a document's or an envelope's) the account has on this database. */
export async function certificateCount(db: D1Database, tenantId: string): Promise<number> {
  return (JSON.parse(await certificateHashes(db, tenantId)) as unknown[][]).flat().length;
}
