/**
 * A signing link's token → its signer, document and account: what a signer's request needs before
 * it can reach the document's sequencer (the rate limit, the signing routes), without the signing
 * rules themselves.
 */
import type { Env } from "../env";
import { sha256Hex } from "../lib/crypto";
import { linkByTokenHash } from "../db/signing";

export const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
export type Link = { signerId: string; documentId: string; tenantId: string; tokenHash: string };

/**
 * Token hash → signer, document and account. That mapping never changes once a link is issued,
 * so each isolate remembers it (bounded); whether the link still works is decided by the
 * document's sequencer against its current state on every request, never from this cache: the
 * sequencer is handed the token's hash and refuses one a fresh link has replaced.
 */
const LINKS = new Map<string, Link>();
const LINKS_MAX = 10_000;

/** Finds the signer, document and account a token belongs to (one query, none when remembered); null when it matches nothing. */
export async function lookupToken(env: Env, token: string): Promise<Link | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = await sha256Hex(token);
  const known = LINKS.get(hash);
  if (known) return known;
  const row = await linkByTokenHash(env, hash);
  if (!row) return null;
  const link = { signerId: row.id, documentId: row.documentId, tenantId: row.tenantId, tokenHash: hash };
  if (LINKS.size >= LINKS_MAX) LINKS.delete(LINKS.keys().next().value!);
  LINKS.set(hash, link);
  return link;
}
