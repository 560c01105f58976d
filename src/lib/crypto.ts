/** Hashing, random values and constant-time comparison. Secrets are only ever stored as sha256Hex. */
import { toHex } from "./bytes";

const encoder = new TextEncoder();

export async function sha256Hex(data: string | ArrayBuffer | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

export function randomBytes(n: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(n));
}

export function randomHex(bytes: number): string {
  return toHex(randomBytes(bytes));
}

/** Constant-time string comparison (length leaks, content does not). */
export function timingSafeEqual(a: string, b: string): boolean {
  const ab = encoder.encode(a);
  const bb = encoder.encode(b);
  if (ab.length !== bb.length) {
    crypto.subtle.timingSafeEqual(ab, ab);
    return false;
  }
  return crypto.subtle.timingSafeEqual(ab, bb);
}

export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", k, encoder.encode(message)));
}

/** A signing link's token (64 hex, 256 bits) and the SHA-256 that is all the service keeps of it. */
export async function newLinkToken(): Promise<{ token: string; hash: string }> {
  const token = randomHex(32);
  return { token, hash: await sha256Hex(token) };
}
