/** Identifiers: a short type prefix and 20 random base32 characters (100 bits), time-free. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export function newId(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let s = "";
  for (const b of bytes) s += ALPHABET[b & 31];
  return `${prefix}_${s}`;
}

export const nowIso = () => new Date().toISOString();
