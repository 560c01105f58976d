/**
 * Byte helpers shared by the seal: PEM blocks, base64 and concatenation. Plain Web APIs only
 * (atob/btoa, TextEncoder), so the seal runs the same in workerd and in Node.
 */

export class SealConfigError extends Error {}

/** Every `-----BEGIN <label>-----` block of a PEM text, as DER. Accepts `\n` written as two characters. */
export function pemBlocks(pem: string, label: string): Uint8Array[] {
  const text = pem.replace(/\\n/g, "\n").replace(/\r/g, "");
  const re = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, "g");
  const out: Uint8Array[] = [];
  for (const m of text.matchAll(re)) out.push(fromBase64(m[1]!.replace(/\s+/g, "")));
  return out;
}

export function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let bin = "";
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) bin += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(bin);
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Lexicographic byte order, the order DER gives the members of a SET OF. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

export async function sha256(data: Uint8Array | ArrayBuffer): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data as BufferSource));
}

/** An ArrayBuffer holding exactly these bytes (asn1js and WebCrypto want whole buffers). */
export function buf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
