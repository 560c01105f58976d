/**
 * D1 access for the transparency log of certificates (src/domain/transparency-log.ts): leaves,
 * stored subtree hashes and signed heads. Leaves are appended by one statement each, which reads
 * the next index and inserts in one step, so two appends never take the same index.
 */
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "./client";
import { certificates, documents, logHeads, logLeaves, logNodes } from "./schema";
import { envelopeCertificatesWithoutLeaf } from "./envelope-certificates";

export type LogName = "live" | "test";
export type LogHeadRow = typeof logHeads.$inferSelect;
export type LogLeafRow = typeof logLeaves.$inferSelect;
export type NodeKey = { level: number; index: number };

/** D1 binds at most 100 values per statement. */
const KEYS_PER_QUERY = 45;

/**
 * Certificates issued since `since` that have no leaf yet, oldest first, with their document's (or
 * envelope's) mode: documents' certificates and envelopes' alike (docs/transparency-log.md).
 */
export async function certificatesWithoutLeaf(db: Db, since: string, limit: number) {
  const [own, ofEnvelopes] = await Promise.all([documentCertificatesWithoutLeaf(db, since, limit), envelopeCertificatesWithoutLeaf(db, since, limit)]);
  const byIssue = (a: { issuedAt: string; id: string }, b: { issuedAt: string; id: string }) =>
    a.issuedAt < b.issuedAt ? -1 : a.issuedAt > b.issuedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return [...own, ...ofEnvelopes].sort(byIssue).slice(0, limit);
}

function documentCertificatesWithoutLeaf(db: Db, since: string, limit: number) {
  return db
    .select({ id: certificates.id, issuedAt: certificates.issuedAt, certificateSha256: certificates.certificateSha256, mode: documents.mode })
    .from(certificates)
    .innerJoin(documents, eq(documents.id, certificates.documentId))
    .leftJoin(logLeaves, eq(logLeaves.certificateId, certificates.id))
    .where(and(gte(certificates.issuedAt, since), sql`${logLeaves.certificateId} IS NULL`))
    .orderBy(certificates.issuedAt, certificates.id)
    .limit(limit)
    .all();
}

/** The leaves of these certificates (on a shard other than 0: to keep its copy). */
export async function leavesOfCertificates(db: Db, ids: string[]): Promise<LogLeafRow[]> {
  const out: LogLeafRow[] = [];
  for (let i = 0; i < ids.length; i += KEYS_PER_QUERY) {
    out.push(
      ...(await db
        .select()
        .from(logLeaves)
        .where(inArray(logLeaves.certificateId, ids.slice(i, i + KEYS_PER_QUERY)))
        .all()),
    );
  }
  return out;
}

/** Writes copies of leaves (a shard's own certificates'), keeping any already there. */
export async function copyLeaves(db: Db, rows: LogLeafRow[]): Promise<void> {
  // Five values a row, at most 100 a statement.
  const statements = [];
  for (let i = 0; i < rows.length; i += 20)
    statements.push(
      db
        .insert(logLeaves)
        .values(rows.slice(i, i + 20))
        .onConflictDoNothing(),
    );
  if (statements.length) await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
}

/** The `issued_at` in the newest leaf of either log, or null before the first. */
export async function newestLeafIssuedAt(db: Db): Promise<string | null> {
  const row = await db
    .select({ at: sql<string | null>`max(json_extract(${logLeaves.leaf}, '$.issued_at'))` })
    .from(logLeaves)
    .where(sql`(${logLeaves.log}, ${logLeaves.leafIndex}) IN (SELECT log, max(leaf_index) FROM log_leaves GROUP BY log)`)
    .get();
  return row?.at ?? null;
}

/** The statement appending one leaf at the log's next index (nothing when the certificate has one). */
export function appendLeaf(db: Db, log: LogName, certificateId: string, leaf: string, leafHash: string) {
  const next = db
    .select({
      log: sql<LogName>`${log}`.as("log"),
      leafIndex: sql<number>`coalesce(max(${logLeaves.leafIndex}) + 1, 0)`.as("leaf_index"),
      certificateId: sql<string>`${certificateId}`.as("certificate_id"),
      leaf: sql<string>`${leaf}`.as("leaf"),
      leafHash: sql<string>`${leafHash}`.as("leaf_hash"),
    })
    .from(logLeaves)
    .where(eq(logLeaves.log, log));
  return db.insert(logLeaves).select(next).onConflictDoNothing();
}

export async function leafCount(db: Db, log: LogName): Promise<number> {
  const row = await db
    .select({ n: sql<number | null>`max(${logLeaves.leafIndex})` })
    .from(logLeaves)
    .where(eq(logLeaves.log, log))
    .get();
  return row?.n == null ? 0 : row.n + 1;
}

export async function latestHead(db: Db, log: LogName): Promise<LogHeadRow | null> {
  return (await db.select().from(logHeads).where(eq(logHeads.log, log)).orderBy(desc(logHeads.treeSize)).limit(1).get()) ?? null;
}

export async function leafByCertificate(db: Db, certificateId: string): Promise<LogLeafRow | null> {
  return (await db.select().from(logLeaves).where(eq(logLeaves.certificateId, certificateId)).get()) ?? null;
}

/** The first leaf with this hash (two certificates never share one: their hashes and times differ). */
export async function leafByHash(db: Db, log: LogName, leafHash: string): Promise<LogLeafRow | null> {
  return (
    (await db
      .select()
      .from(logLeaves)
      .where(and(eq(logLeaves.log, log), eq(logLeaves.leafHash, leafHash)))
      .orderBy(logLeaves.leafIndex)
      .limit(1)
      .get()) ?? null
  );
}

/** Leaves `[start, end]` in index order. */
export function leavesBetween(db: Db, log: LogName, start: number, end: number) {
  return db
    .select({ leafIndex: logLeaves.leafIndex, leaf: logLeaves.leaf, leafHash: logLeaves.leafHash })
    .from(logLeaves)
    .where(and(eq(logLeaves.log, log), sql`${logLeaves.leafIndex} BETWEEN ${start} AND ${end}`))
    .orderBy(logLeaves.leafIndex)
    .all();
}

/** Stored hashes (level 0: leaf hashes; above: complete subtrees) by `level:index`, in one batch. */
export async function storedHashes(db: Db, log: LogName, keys: NodeKey[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const leaves = keys.filter((k) => k.level === 0).map((k) => k.index);
  const nodes = keys.filter((k) => k.level > 0);
  const reads = [];
  for (let i = 0; i < leaves.length; i += 90) {
    const part = leaves.slice(i, i + 90);
    reads.push(
      db
        .select({ level: sql<number>`0`, index: logLeaves.leafIndex, hash: logLeaves.leafHash })
        .from(logLeaves)
        .where(and(eq(logLeaves.log, log), sql`${logLeaves.leafIndex} IN ${part}`)),
    );
  }
  for (let i = 0; i < nodes.length; i += KEYS_PER_QUERY) {
    const part = nodes.slice(i, i + KEYS_PER_QUERY);
    const match = sql.join(
      part.map((k) => sql`(${logNodes.level} = ${k.level} AND ${logNodes.idx} = ${k.index})`),
      sql` OR `,
    );
    reads.push(
      db
        .select({ level: logNodes.level, index: logNodes.idx, hash: logNodes.hash })
        .from(logNodes)
        .where(and(eq(logNodes.log, log), sql`(${match})`)),
    );
  }
  if (reads.length === 0) return out;
  const results = (await db.batch(reads as [(typeof reads)[0], ...typeof reads])) as { level: number; index: number; hash: string }[][];
  for (const rows of results) for (const r of rows) out.set(`${r.level}:${r.index}`, r.hash);
  return out;
}

/** Stores new subtree hashes and the head that covers them, in one batch (all idempotent). */
export async function storeNodesAndHead(db: Db, log: LogName, nodes: { level: number; index: number; hash: string }[], head: Omit<LogHeadRow, "log">) {
  const writes = [];
  for (let i = 0; i < nodes.length; i += 24) {
    const rows = nodes.slice(i, i + 24).map((n) => ({ log, level: n.level, idx: n.index, hash: n.hash }));
    writes.push(db.insert(logNodes).values(rows).onConflictDoNothing());
  }
  const last = db
    .insert(logHeads)
    .values({ log, ...head })
    .onConflictDoNothing();
  await db.batch([...writes, last] as unknown as [typeof last]);
}
