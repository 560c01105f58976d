/**
 * Moving an account to another shard (`POST /ops/v1/tenants/{id}/move`; docs/scale.md, "Past one
 * database"): its writes are held (503 with Retry-After, src/http/shard.ts), every row of the
 * account is copied to the new shard, the copy is checked (row counts table by table, and each
 * certificate's hash), the directory switches, and the old rows are deleted. A failure before the
 * switch deletes what was copied and leaves the account where it was, writable again.
 */
import { abandonMove, beginMove, onShard, placementOf, shardBinding, shardCount, switchAccount } from "../db/shards";
import type { Env } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { logError } from "../lib/log";
import { toHex } from "../lib/bytes";
import { requireTenant } from "./accounts";

const OF_TENANT = "tenant_id = ?1";
const sub = (table: string, column: string, inner: string) => `${column} IN (SELECT id FROM ${table} WHERE ${inner})`;

/**
 * Every table that holds an account's rows, parents before children (the order rows are copied
 * in; deleted in reverse), with the condition that picks the account's rows (`?1` its id). Shared
 * rows (an OAuth client several accounts use) are copied when missing and never deleted.
 */
type Table = { table: string; where: string; shared?: true };

const TABLES: Table[] = [
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

/** How long a move waits, once writes are held, for writes already under way to land (and after the switch, for reads of the old shard). */
export const MOVE_SETTLE_MS = 1_000;
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

export type MoveResult = {
  tenant_id: string;
  from: number;
  to: number;
  /** Rows copied while the account worked on. */
  rows: number;
  /** Rows written or deleted again during the switch (what changed while it was copied). */
  rows_caught_up: number;
  certificates: number;
  /** From the request to the old rows deleted. */
  took_ms: number;
  /** How long its writes answered 503: the switch. */
  writes_held_ms: number;
  old_rows_deleted: boolean;
};

export async function moveAccount(env: Env, tenantId: string, to: number): Promise<MoveResult> {
  const n = shardCount(env);
  if (!Number.isInteger(to) || to < 0 || to >= n) throw invalid(`shard: must be a shard of this deployment, 0 to ${n - 1} (SHARDS is ${n}).`);
  const placement = await placementOf(env, tenantId, true);
  await requireTenant(onShard(env, placement.shard), tenantId);
  if (placement.movingTo !== null) throw new ApiError("conflict", `Account ${tenantId} is already moving to shard ${placement.movingTo}.`);
  if (placement.shard === to) throw invalid(`shard: account ${tenantId} is on shard ${to} already.`);
  const from = placement.shard;
  const [source, target] = [shardBinding(env, from), shardBinding(env, to)];
  const started = Date.now();
  let rows = 0;
  let synced = 0;
  let heldFrom = 0;
  try {
    // 1. The copy, while the account works on as usual.
    rows = await copyAccount(source, target, tenantId);
    // 2. The switch: writes held, those already under way land, the copy catches up and is checked.
    await beginMove(env, tenantId, from, to);
    heldFrom = Date.now();
    await new Promise((r) => setTimeout(r, MOVE_SETTLE_MS));
    synced = await syncCopy(source, target, tenantId);
    const [before, after] = await Promise.all([counts(source, tenantId), counts(target, tenantId)]);
    const differs = TABLES.flatMap((t, i) => (before[i] === after[i] ? [] : [`${t.table} ${before[i]} → ${after[i]}`]));
    if (differs.length) throw new Error(`the copy's rows differ: ${differs.join(", ")}`);
    const [a, b] = await Promise.all([certificateHashes(source, tenantId), certificateHashes(target, tenantId)]);
    if (a !== b) throw new Error("the copy's certificates differ");
  } catch (err) {
    logError("account move failed; the account stays where it was", err, { tenantId, from, to });
    await deleteAccountRows(target, tenantId).catch((e) => logError("account move: the partial copy was not deleted", e, { tenantId, to }));
    await abandonMove(env, tenantId);
    throw new ApiError(
      "conflict",
      `Account ${tenantId} was not moved: ${err instanceof Error ? err.message : String(err)}. It stays on shard ${from}.`,
      "Try the move again.",
    );
  }
  await switchAccount(env, tenantId, to);
  const held = Date.now() - heldFrom;
  let deleted = true;
  try {
    // Reads routed to the old shard just before the switch finish there first.
    await new Promise((r) => setTimeout(r, MOVE_SETTLE_MS));
    await deleteAccountRows(source, tenantId);
  } catch (err) {
    deleted = false;
    logError("account move: the old rows were not deleted", err, { tenantId, from });
  }
  const certificates = (JSON.parse(await certificateHashes(target, tenantId)) as unknown[][]).flat().length;
  return {
    tenant_id: tenantId,
    from,
    to,
    rows,
    rows_caught_up: synced,
    certificates,
    took_ms: Date.now() - started,
    writes_held_ms: held,
    old_rows_deleted: deleted,
  };
}
