/**
 * AES-256-GCM boxes. `sealWithKey`/`openWithKey` take a 32-byte hex key (e.g. a Worker secret);
 * `sealWithSecret`/`openWithSecret` derive the key from a caller-held string with HKDF-SHA256.
 * Box format: base64(iv 12 bytes || ciphertext+tag).
 */
import { fromHex } from "./bytes";

const enc = new TextEncoder();
const dec = new TextDecoder();

function b64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function unb64(s: string): Uint8Array {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function seal(key: CryptoKey, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, enc.encode(plaintext)));
  const out = new Uint8Array(12 + ct.length);
  out.set(iv);
  out.set(ct, 12);
  return b64(out);
}

async function open(key: CryptoKey, box: string): Promise<string> {
  const bytes = unb64(box);
  const pt = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, key, bytes.subarray(12));
  return dec.decode(pt);
}

export async function aesKeyFromHex(hex: string): Promise<CryptoKey> {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error("encryption key must be 64 hex characters");
  return crypto.subtle.importKey("raw", fromHex(hex), "AES-GCM", false, ["encrypt", "decrypt"]);
}

async function derivedKey(secret: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", enc.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: enc.encode("edge-sign/idempotency"), info: new Uint8Array() },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

export const sealWithKey = async (hexKey: string, plaintext: string) => seal(await aesKeyFromHex(hexKey), plaintext);
/** The same with a key imported once (many boxes in a row). */
export const sealWithCryptoKey = (key: CryptoKey, plaintext: string) => seal(key, plaintext);
export const openWithKey = async (hexKey: string, box: string) => open(await aesKeyFromHex(hexKey), box);
export const sealWithSecret = async (secret: string, plaintext: string) => seal(await derivedKey(secret), plaintext);
export const openWithSecret = async (secret: string, box: string) => open(await derivedKey(secret), box);
