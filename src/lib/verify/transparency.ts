/**
 * The offline check of a sealed PDF's `transparency.json` (docs/transparency-log.md): the audit
 * path leads from the certificate's leaf `{"certificate_sha256","issued_at"}` to the root hash of
 * the signed tree head beside it, and, given the log's public key (`GET /log/v1/{log}/key`, taken
 * from the service, never from the file), the head's Ed25519 signature checks.
 */
import { canonicalJson } from "../canonical-json";
import { fromBase64, fromHex, toHex } from "../bytes";
import { leafHash, rootFromInclusion } from "../merkle";

export type LogCheck = {
  log: string;
  leafIndex: number;
  treeSize: number;
  rootHash: string;
  /** The audit path leads from this certificate's leaf to the head's root hash. */
  included: boolean;
  /** The head's signature checks with the key given; null when no key was given. */
  headSigned: boolean | null;
};

type Head = { log: string; tree_size: number; root_hash: string; timestamp: number; signature: string };
type Proof = { log: string; leaf_index: number; tree_size: number; root_hash: string; sth: Head; audit_path: string[] };

const HEX64 = /^[0-9a-f]{64}$/;

function wellFormed(p: Proof): boolean {
  return (
    typeof p?.log === "string" &&
    Number.isSafeInteger(p.leaf_index) &&
    Number.isSafeInteger(p.tree_size) &&
    typeof p.root_hash === "string" &&
    HEX64.test(p.root_hash) &&
    Array.isArray(p.audit_path) &&
    p.audit_path.length <= 64 &&
    p.audit_path.every((h) => typeof h === "string" && HEX64.test(h)) &&
    typeof p.sth?.signature === "string"
  );
}

/** Whether `signature` is the log key's Ed25519 signature over the head's other four fields. */
async function headSignedBy(head: Head, publicKeyBase64: string): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey("raw", fromBase64(publicKeyBase64) as Uint8Array<ArrayBuffer>, { name: "Ed25519" }, false, ["verify"]);
    const signed = new TextEncoder().encode(canonicalJson({ log: head.log, root_hash: head.root_hash, timestamp: head.timestamp, tree_size: head.tree_size }));
    return await crypto.subtle.verify("Ed25519", key, fromBase64(head.signature) as Uint8Array<ArrayBuffer>, signed);
  } catch {
    return false;
  }
}

/**
 * The check of `transparency.json` for the certificate with this SHA-256, issued at one of
 * `issueTimes` (the times the certificate page prints), or null when the file is not a proof.
 */
export async function checkTransparency(json: string, certificateSha256: string, issueTimes: string[], logKey?: string): Promise<LogCheck | null> {
  let p: Proof;
  try {
    p = JSON.parse(json) as Proof;
  } catch {
    return null;
  }
  if (!wellFormed(p)) return null;
  const path = p.audit_path.map(fromHex);
  const leads = (issuedAt: string) => {
    const leaf = new TextEncoder().encode(canonicalJson({ certificate_sha256: certificateSha256, issued_at: issuedAt }));
    const root = rootFromInclusion(p.leaf_index, p.tree_size, leafHash(leaf), path);
    return root !== null && toHex(root) === p.root_hash;
  };
  const included = p.sth.root_hash === p.root_hash && p.sth.tree_size === p.tree_size && p.sth.log === p.log && issueTimes.some(leads);
  return {
    log: p.log,
    leafIndex: p.leaf_index,
    treeSize: p.tree_size,
    rootHash: p.root_hash,
    included,
    headSigned: logKey ? await headSignedBy(p.sth, logKey) : null,
  };
}
