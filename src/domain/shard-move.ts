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
import { requireTenant } from "./accounts";

const OF_TENANT = "tenant_id = ?1";
const sub = (table: string, column: string, inner: string) => `${column} IN (SELECT id FROM ${table} WHERE ${inner})`;

/**
 * Every table that holds an account's rows, parents before children (the order rows are copied
 * in; deleted in reverse), with the condition that picks the account's rows (`?1` its id). Shared
 * rows (an OAuth client several accounts use) are copied when missing and never deleted.
 */
const TABLES: { table: string; where: string; shared?: true }[] = [
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

/** How long a move waits, once writes are held, for writes already under way to land. */
export const MOVE_SETTLE_MS = 1_000;
/** Rows read per page while copying. */
const PAGE = 500;

type Row = Record<string, unknown>;

async function copyTable(from: D1Database, to: D1Database, table: string, where: string, tenantId: string, shared: boolean): Promise<number> {
  let after = -1;
  let copied = 0;
  for (;;) {
    const page = await from
      .prepare(`SELECT rowid AS __rowid, * FROM ${table} WHERE (${where}) AND rowid > ?2 ORDER BY rowid LIMIT ${PAGE}`)
      .bind(tenantId, after)
      .all<Row>();
    const rows = page.results;
    if (rows.length === 0) return copied;
    after = rows[rows.length - 1]!.__rowid as number;
    const columns = Object.keys(rows[0]!).filter((c) => c !== "__rowid");
    // D1 binds at most 100 values per statement.
    const perStatement = Math.max(1, Math.floor(100 / columns.length));
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < rows.length; i += perStatement) {
      const part = rows.slice(i, i + perStatement);
      const values = part.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
      const verb = shared ? "INSERT OR IGNORE" : "INSERT";
      statements.push(
        to
          .prepare(`${verb} INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${values}`)
          .bind(...part.flatMap((r) => columns.map((c) => r[c]))),
      );
    }
    await to.batch(statements);
    copied += rows.length;
    if (rows.length < PAGE) return copied;
  }
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
async function deleteAccountRows(db: D1Database, tenantId: string): Promise<void> {
  await db.prepare("INSERT OR IGNORE INTO moved_accounts (tenant_id) VALUES (?1)").bind(tenantId).run();
  await db.batch([
    ...[...TABLES]
      .reverse()
      .filter((t) => !t.shared)
      .map((t) => db.prepare(`DELETE FROM ${t.table} WHERE ${t.where}`).bind(tenantId)),
    db.prepare("DELETE FROM moved_accounts WHERE tenant_id = ?1").bind(tenantId),
  ]);
}

export type MoveResult = { tenant_id: string; from: number; to: number; rows: number; certificates: number; writes_held_ms: number; old_rows_deleted: boolean };

export async function moveAccount(env: Env, tenantId: string, to: number): Promise<MoveResult> {
  const n = shardCount(env);
  if (!Number.isInteger(to) || to < 0 || to >= n) throw invalid(`shard: must be a shard of this deployment, 0 to ${n - 1} (SHARDS is ${n}).`);
  const placement = await placementOf(env, tenantId);
  await requireTenant(onShard(env, placement.shard), tenantId);
  if (placement.movingTo !== null) throw new ApiError("conflict", `Account ${tenantId} is already moving to shard ${placement.movingTo}.`);
  if (placement.shard === to) throw invalid(`shard: account ${tenantId} is on shard ${to} already.`);
  const from = placement.shard;
  const [source, target] = [shardBinding(env, from), shardBinding(env, to)];
  const started = Date.now();
  await beginMove(env, tenantId, from, to);
  let rows = 0;
  try {
    await new Promise((r) => setTimeout(r, MOVE_SETTLE_MS));
    for (const t of TABLES) rows += await copyTable(source, target, t.table, t.where, tenantId, t.shared === true);
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
  const held = Date.now() - started;
  let deleted = true;
  try {
    await deleteAccountRows(source, tenantId);
  } catch (err) {
    deleted = false;
    logError("account move: the old rows were not deleted", err, { tenantId, from });
  }
  const certificates = (JSON.parse(await certificateHashes(target, tenantId)) as unknown[][]).flat().length;
  return { tenant_id: tenantId, from, to, rows, certificates, writes_held_ms: held, old_rows_deleted: deleted };
}
