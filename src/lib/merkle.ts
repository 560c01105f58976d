/**
 * The Merkle tree of RFC 9162 (Certificate Transparency 2.0), section 2.1: leaf hash
 * `SHA-256(0x00 ‖ leaf)`, node hash `SHA-256(0x01 ‖ left ‖ right)`, `MTH` of the empty tree the
 * hash of the empty string, inclusion (2.1.3) and consistency (2.1.4) proofs.
 *
 * A tree is read through `nodes`: the hash of a complete, aligned subtree (level `k`, index `i`
 * covers leaves `[i·2^k, (i+1)·2^k)`; level 0 is the leaf hashes), which the log stores once each.
 * Every subtree a proof or a head needs is either such a subtree or the right edge of the tree,
 * made from them, so nothing here reads more than O(log² n) stored hashes. `plan` runs the same
 * walk without hashes to learn which stored ones a call will read, so they come in one query.
 */
import { sha256 } from "@noble/hashes/sha2.js";

export type NodeKey = { level: number; index: number };
export type Nodes = (level: number, index: number) => Uint8Array;

const EMPTY_ROOT = sha256(new Uint8Array(0));

export function leafHash(leaf: Uint8Array): Uint8Array {
  const buf = new Uint8Array(leaf.length + 1);
  buf.set(leaf, 1);
  return sha256(buf);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  const buf = new Uint8Array(65);
  buf[0] = 1;
  buf.set(left, 1);
  buf.set(right, 33);
  return sha256(buf);
}

/** The largest power of two smaller than `n` (n ≥ 2). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const isPow2 = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** MTH of leaves `[start, start + size)`, `start` aligned to the largest power of two ≤ size. */
function subtree(nodes: Nodes, start: number, size: number): Uint8Array {
  if (size === 0) return EMPTY_ROOT;
  if (isPow2(size) && start % size === 0) return nodes(Math.log2(size), start / size);
  const k = split(size);
  return nodeHash(subtree(nodes, start, k), subtree(nodes, start + k, size - k));
}

/** The root hash of the first `size` leaves. */
export const rootHash = (nodes: Nodes, size: number) => subtree(nodes, 0, size);

/** RFC 9162 2.1.3.1: the inclusion proof of leaf `m` in the tree of the first `n` leaves. */
export function inclusionPath(nodes: Nodes, m: number, n: number): Uint8Array[] {
  const path = (m: number, start: number, n: number): Uint8Array[] => {
    if (n <= 1) return [];
    const k = split(n);
    return m < k ? [...path(m, start, k), subtree(nodes, start + k, n - k)] : [...path(m - k, start + k, n - k), subtree(nodes, start, k)];
  };
  return path(m, 0, n);
}

/** RFC 9162 2.1.4.1: the consistency proof between the trees of the first `m` and `n` leaves (0 < m ≤ n). */
export function consistencyPath(nodes: Nodes, m: number, n: number): Uint8Array[] {
  const subproof = (m: number, start: number, n: number, whole: boolean): Uint8Array[] => {
    if (m === n) return whole ? [] : [subtree(nodes, start, n)];
    const k = split(n);
    return m <= k
      ? [...subproof(m, start, k, whole), subtree(nodes, start + k, n - k)]
      : [...subproof(m - k, start + k, n - k, false), subtree(nodes, start, k)];
  };
  return subproof(m, 0, n, true);
}

/** The stored hashes `walk` reads, found by running it over zeros. */
export function plan(walk: (nodes: Nodes) => unknown): NodeKey[] {
  const seen = new Map<string, NodeKey>();
  const zero = new Uint8Array(32);
  walk((level, index) => {
    seen.set(`${level}:${index}`, { level, index });
    return zero;
  });
  return [...seen.values()];
}

/**
 * The complete subtrees above level 0 that leaves `[from, to)` finish, in the order they can be
 * made (each from two hashes that exist by then): what appending those leaves adds to the store.
 */
export function finishedParents(from: number, to: number): NodeKey[] {
  const out: NodeKey[] = [];
  for (let i = from; i < to; i++) {
    for (let level = 1; (i + 1) % 2 ** level === 0; level++) out.push({ level, index: (i + 1) / 2 ** level - 1 });
  }
  return out;
}

/**
 * RFC 9162 2.1.3.2: the root hash an inclusion proof leads to from the hash of leaf `index` in a
 * tree of `size` leaves, or null when the proof's length does not fit the tree.
 */
export function rootFromInclusion(index: number, size: number, leaf: Uint8Array, path: Uint8Array[]): Uint8Array | null {
  if (index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else r = nodeHash(r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}
