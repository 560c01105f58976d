/**
 * Verification codes: 16 characters of Crockford base32 (`0-9A-Z` without I, L, O, U) drawn from
 * the CSPRNG — 80 bits, so guessing a code is hopeless even without the rate limit. Stored upper
 * case without dashes; printed in groups of four (`7K2M-9QXD-…`). Lookups accept either form in any
 * case, and read I/L as 1 and O as 0 the way Crockford's decoding does (a person copying a code
 * off paper makes exactly those mistakes); U never occurs, so a U makes the code malformed.
 */
export const CROCKFORD_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 16;

export function newVerificationCode(): string {
  // 256 is a multiple of 32, so `byte & 31` is uniform over the alphabet.
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  let code = "";
  for (const b of bytes) code += CROCKFORD_ALPHABET[b & 31];
  return code;
}

/** `7K2M9QXD…` → `7K2M-9QXD-…`. */
export function formatVerificationCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The stored form of a code as typed or scanned, or null when it cannot be a code. */
export function normaliseVerificationCode(input: string): string | null {
  const cleaned = input.replace(/[\s-]/g, "").toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");
  if (cleaned.length !== CODE_LENGTH) return null;
  for (const ch of cleaned) if (!CROCKFORD_ALPHABET.includes(ch)) return null;
  return cleaned;
}
