/**
 * Byte helpers of the seal: PEM blocks and byte comparison (hex, base64 and joining are
 * src/lib/bytes.ts). Plain Web APIs only, so the seal runs the same in workerd and in Node.
 */
import { fromBase64 } from "../bytes";

export class SealConfigError extends Error {}

/** Every `-----BEGIN <label>-----` block of a PEM text, as DER. Accepts `\n` written as two characters. */
export function pemBlocks(pem: string, label: string): Uint8Array[] {
  const text = pem.replace(/\\n/g, "\n").replace(/\r/g, "");
  const re = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, "g");
  const out: Uint8Array[] = [];
  for (const m of text.matchAll(re)) out.push(fromBase64(m[1]!.replace(/\s+/g, "")));
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
