/**
 * The public transparency log of certificates (docs/transparency-log.md): every certificate the
 * service issues becomes a leaf `{"certificate_sha256":…,"issued_at":…}` of an append-only Merkle
 * tree built as RFC 9162 says (src/lib/merkle.ts), one log for live certificates and one for test
 * ones. A signed tree head (Ed25519, `LOG_KEY_PEM`) covers new leaves as soon as they are appended:
 * by the document sequencer's alarm a second after a completion, and by the cron each minute for
 * anything left.
 *
 * Nothing in a leaf names a person or an account, so redaction never removes one.
 */
import { canonicalJson } from "../lib/canonical-json";
import { fromBase64, toBase64, toHex, fromHex } from "../lib/bytes";
import { ApiError, invalid } from "../lib/errors";
import { logError } from "../lib/log";
import { consistencyPath, finishedParents, inclusionPath, leafHash, type Nodes, nodeHash, plan, rootHash } from "../lib/merkle";
import { dbOf, type Db } from "../db/client";
import { directoryDb, everyShard } from "../db/shards";
import {
  appendLeaf,
  certificatesWithoutLeaf,
  copyLeaves,
  leavesOfCertificates,
  latestHead,
  leafByCertificate,
  leafByHash,
  leafCount,
  leavesBetween,
  type LogHeadRow,
  type LogName,
  newestLeafIssuedAt,
  storedHashes,
  storeNodesAndHead,
} from "../db/transparency";
import type { Env } from "../env";

export type { LogName } from "../db/transparency";
export const LOG_NAMES = ["live", "test"] as const;

/** A signed tree head as the log publishes it. */
export type SignedTreeHead = { log: LogName; tree_size: number; root_hash: string; timestamp: number; signature: string };

/** At most this many leaves per appending pass (the cron takes the rest the next minute). */
const APPEND_BATCH = 200;
/** At most this many leaves hashed into the tree per head. */
const TREE_BATCH = 2_000;
/** How far before the newest leaf the catch-up looks for certificates issued out of order. */
const LOOKBACK_MS = 3_600_000;
export const MAX_ENTRIES = 1_000;

const encoder = new TextEncoder();

/** The log is one for the deployment, with the directory (shard 0), whichever shard's env asks. */
const logDb = directoryDb;

/** The leaf of a certificate, exactly as the certificate read gives both values. */
export const leafOf = (certificateSha256: string, issuedAt: string) => canonicalJson({ certificate_sha256: certificateSha256, issued_at: issuedAt });

// ---- the log's key ---------------------------------------------------------------------------

type LogKey = { privateKey: CryptoKey; publicKey: Uint8Array; keyId: string };
const keys = new Map<string, Promise<LogKey>>();

function pemBody(pem: string): Uint8Array {
  return fromBase64(pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, ""));
}

/** The log's Ed25519 key from `LOG_KEY_PEM`, or null when the deployment has none (no heads then). */
export function logKey(env: Env): Promise<LogKey> | null {
  const pem = env.LOG_KEY_PEM;
  if (!pem) return null;
  let key = keys.get(pem);
  if (!key) {
    key = (async () => {
      const extractable = await crypto.subtle.importKey("pkcs8", pemBody(pem), { name: "Ed25519" }, true, ["sign"]);
      const jwk = (await crypto.subtle.exportKey("jwk", extractable)) as JsonWebKey;
      const publicKey = fromBase64((jwk.x ?? "").replace(/-/g, "+").replace(/_/g, "/"));
      const privateKey = await crypto.subtle.importKey("pkcs8", pemBody(pem), { name: "Ed25519" }, false, ["sign"]);
      return { privateKey, publicKey, keyId: toHex(await crypto.subtle.digest("SHA-256", publicKey)) };
    })();
    keys.set(pem, key);
  }
  return key;
}

/** 404 naming the setting when the deployment signs no heads. */
function requireKey(env: Env): Promise<LogKey> {
  const key = logKey(env);
  if (!key)
    throw new ApiError(
      "not_found",
      "This deployment signs no log heads.",
      "The operator sets LOG_KEY_PEM (an Ed25519 PKCS#8 key; npm run deploy:setup makes one).",
    );
  return key;
}

export async function publicKey(env: Env): Promise<{ public_key: string; key_id: string }> {
  const key = await requireKey(env);
  return { public_key: toBase64(key.publicKey), key_id: key.keyId };
}

/** What a head's signature covers: the canonical JSON (RFC 8785) of the other four fields. */
export const signedBytes = (h: Omit<SignedTreeHead, "signature">) =>
  encoder.encode(canonicalJson({ log: h.log, root_hash: h.root_hash, timestamp: h.timestamp, tree_size: h.tree_size }));

const headView = (log: LogName, h: LogHeadRow): SignedTreeHead => ({
  log,
  tree_size: h.treeSize,
  root_hash: h.rootHash,
  timestamp: h.timestamp,
  signature: h.signature,
});

// ---- appending and signing ---------------------------------------------------------------------

const keyOf = (level: number, index: number) => `${level}:${index}`;

/**
 * The hash getter for what `walk` reads: the stored hashes it needs, fetched in one batch, and
 * `fresh`, the subtrees this run makes (named in `making`, so they are not fetched).
 */
async function hashesFor(
  db: Db,
  log: LogName,
  walk: (nodes: Nodes) => unknown,
  fresh = new Map<string, Uint8Array>(),
  making: ReadonlySet<string> = new Set(),
): Promise<Nodes> {
  const missing = plan(walk).filter((k) => !making.has(keyOf(k.level, k.index)));
  const stored = await storedHashes(db, log, missing);
  return (level, index) => {
    const key = keyOf(level, index);
    const made = fresh.get(key);
    if (made) return made;
    const hex = stored.get(key);
    if (!hex) throw new Error(`log ${log}: no stored hash for subtree ${key}`);
    return fromHex(hex);
  };
}

/**
 * Appends certificates that have no leaf yet (issue order), oldest first, from every shard. The
 * log is one, in the directory's database (shard 0); another shard keeps a copy of its own
 * certificates' leaves, which is how it tells which are in the log already.
 */
async function appendMissing(env: Env, db: Db): Promise<void> {
  const newest = await newestLeafIssuedAt(db);
  const since = newest ? new Date(Date.parse(newest) - LOOKBACK_MS).toISOString() : "";
  for (const shardEnv of everyShard(env)) {
    const own = dbOf(shardEnv);
    const rows = await certificatesWithoutLeaf(own, since, APPEND_BATCH);
    if (rows.length === 0) continue;
    const statements = rows.map((r) => {
      const leaf = leafOf(r.certificateSha256, r.issuedAt);
      return appendLeaf(db, r.mode === "test" ? "test" : "live", r.id, leaf, toHex(leafHash(encoder.encode(leaf))));
    });
    await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
    if (own !== db)
      await copyLeaves(
        own,
        await leavesOfCertificates(
          db,
          rows.map((r) => r.id),
        ),
      );
  }
}

/**
 * Hashes new leaves into the tree and signs a head over them (or a first, empty head). Without a
 * key nothing is hashed: the leaves wait, in order, for the deployment's first head.
 */
async function advance(env: Env, db: Db, log: LogName): Promise<void> {
  const key = logKey(env);
  if (!key) return;
  const [head, count] = await Promise.all([latestHead(db, log), leafCount(db, log)]);
  const from = head?.treeSize ?? 0;
  if (head && count <= from) return;
  const to = Math.min(count, from + TREE_BATCH);
  // The subtrees the new leaves finish, each from its two halves, then the root: one read of what is stored.
  const parents = finishedParents(from, to);
  const halves = (p: { level: number; index: number }) => [p.level - 1, 2 * p.index, 2 * p.index + 1] as const;
  const fresh = new Map<string, Uint8Array>();
  const nodes = await hashesFor(
    db,
    log,
    (n) => {
      for (const [level, left, right] of parents.map(halves)) n(level, left), n(level, right);
      rootHash(n, to);
    },
    fresh,
    new Set(parents.map((p) => keyOf(p.level, p.index))),
  );
  const made = parents.map((p) => {
    const [level, left, right] = halves(p);
    const h = nodeHash(nodes(level, left), nodes(level, right));
    fresh.set(keyOf(p.level, p.index), h);
    return { level: p.level, index: p.index, hash: toHex(h) };
  });
  const unsigned = { log, tree_size: to, root_hash: toHex(rootHash(nodes, to)), timestamp: Date.now() };
  const signature = new Uint8Array(await crypto.subtle.sign("Ed25519", (await key).privateKey, signedBytes(unsigned)));
  await storeNodesAndHead(db, log, made, { treeSize: to, rootHash: unsigned.root_hash, timestamp: unsigned.timestamp, signature: toBase64(signature) });
}

/**
 * Appends every certificate not yet in a log and signs the heads that cover them. Run by the
 * sequencer's alarm after a completion and by the cron each minute; two runs at once agree (every
 * hash is determined by the leaves, and a head for a size already signed is kept as it was).
 */
export async function recordInLog(env: Env): Promise<void> {
  const db = logDb(env);
  await appendMissing(env, db);
  for (const log of LOG_NAMES) await advance(env, db, log);
}

/** Where a request needs the leaf now (a repaired issue, a sealed file): a failure is logged and left to the cron. */
export async function recordInLogQuietly(env: Env): Promise<void> {
  try {
    await recordInLog(env);
  } catch (err) {
    logError("transparency log: appending failed; the cron retries", err);
  }
}

// ---- reads -------------------------------------------------------------------------------------

export async function signedHead(env: Env, log: LogName): Promise<SignedTreeHead> {
  await requireKey(env);
  const db = logDb(env);
  let head = await latestHead(db, log);
  if (!head) {
    await advance(env, db, log);
    head = await latestHead(db, log);
  }
  if (!head) throw new Error(`log ${log}: no head after signing one`);
  return headView(log, head);
}

function withinHead(name: string, n: number, head: SignedTreeHead) {
  if (n > head.tree_size) throw invalid(`${name}: ${n} is beyond the latest signed tree head (tree_size ${head.tree_size}).`);
}

export async function inclusionProof(env: Env, log: LogName, leafHashHex: string, treeSize: number) {
  if (treeSize < 1) throw invalid("tree_size: must be at least 1.");
  const head = await signedHead(env, log);
  withinHead("tree_size", treeSize, head);
  const db = logDb(env);
  const leaf = await leafByHash(db, log, leafHashHex.toLowerCase());
  if (!leaf || leaf.leafIndex >= treeSize) {
    throw new ApiError("not_found", `No leaf with this hash in the first ${treeSize} leaves of the ${log} log.`);
  }
  const nodes = await hashesFor(db, log, (n) => inclusionPath(n, leaf.leafIndex, treeSize));
  return { leaf_index: leaf.leafIndex, audit_path: inclusionPath(nodes, leaf.leafIndex, treeSize).map(toHex) };
}

export async function consistencyProof(env: Env, log: LogName, first: number, second: number) {
  if (first < 1) throw invalid("first: must be at least 1.");
  const head = await signedHead(env, log);
  withinHead("second", second, head);
  if (first > second) throw invalid(`first: ${first} is larger than second (${second}).`);
  const db = logDb(env);
  const nodes = await hashesFor(db, log, (n) => consistencyPath(n, first, second));
  return { consistency_path: consistencyPath(nodes, first, second).map(toHex) };
}

/** Leaves `start` to `end`, both included (as RFC 6962's get-entries), within the latest head. */
export async function entries(env: Env, log: LogName, start: number, end: number) {
  const head = await signedHead(env, log);
  if (end < start) throw invalid(`end: ${end} is before start (${start}).`);
  if (end - start + 1 > MAX_ENTRIES) throw invalid(`end: at most ${MAX_ENTRIES} entries at a time (start ${start}, end ${end}).`);
  if (start >= head.tree_size) throw invalid(`start: ${start} is beyond the latest signed tree head (tree_size ${head.tree_size}).`);
  const rows = await leavesBetween(logDb(env), log, start, Math.min(end, head.tree_size - 1));
  return { entries: rows.map((r) => JSON.parse(r.leaf) as { certificate_sha256: string; issued_at: string }) };
}

/** Where a certificate stands in its log, once a signed head covers it (else null). */
export async function logProofOf(env: Env, certificateId: string) {
  if (!logKey(env)) return null;
  const db = logDb(env);
  const leaf = await leafByCertificate(db, certificateId);
  if (!leaf) return null;
  const log = leaf.log;
  const head = await latestHead(db, log);
  if (!head || head.treeSize <= leaf.leafIndex) return null;
  const nodes = await hashesFor(db, log, (n) => inclusionPath(n, leaf.leafIndex, head.treeSize));
  return {
    log,
    leaf_index: leaf.leafIndex,
    tree_size: head.treeSize,
    root_hash: head.rootHash,
    sth: headView(log, head),
    audit_path: inclusionPath(nodes, leaf.leafIndex, head.treeSize).map(toHex),
  };
}
