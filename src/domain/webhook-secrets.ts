/**
 * Endpoint secrets and delivery signatures. A secret (`whsec_` + 48 hex) is shown once and kept
 * AES-GCM encrypted under WEBHOOK_SECRET_KEY: signing needs the secret itself, so a hash would
 * not do. The HMAC key is the whole secret string, prefix included, as UTF-8 bytes.
 */
import type { Env } from "../env";
import { hmacSha256Hex, randomHex } from "../lib/crypto";
import { openWithKey, sealWithKey } from "../lib/secret-box";

/** How long the previous secret still signs after a rotation. */
export const ROTATION_OVERLAP_SECONDS = 86_400;

export const newWebhookSecret = () => `whsec_${randomHex(24)}`;

function secretKey(env: Env): string {
  const key = env.WEBHOOK_SECRET_KEY;
  if (!key || !/^[0-9a-fA-F]{64}$/.test(key)) {
    throw new Error("WEBHOOK_SECRET_KEY must be set to 64 hex characters (32 bytes) to keep webhook secrets");
  }
  return key;
}

export const sealSecret = (env: Env, secret: string) => sealWithKey(secretKey(env), secret);
export const openSecret = (env: Env, box: string) => openWithKey(secretKey(env), box);

/**
 * The `Service-Signature` value: `v1=<hex>` of HMAC-SHA256(secret, `${timestamp}.${body}`), one per
 * secret, newest first, comma separated.
 */
export async function signatureHeader(secrets: string[], timestamp: number, body: string): Promise<string> {
  const signed = `${timestamp}.${body}`;
  const values = await Promise.all(secrets.map(async (s) => `v1=${await hmacSha256Hex(s, signed)}`));
  return values.join(",");
}

/** The secrets that sign right now: the current one, and the previous one while its overlap lasts. */
export async function signingSecrets(
  env: Env,
  row: { secretEnc: string; previousSecretEnc: string | null; previousValidUntil: string | null },
  now: number,
): Promise<string[]> {
  const out = [await openSecret(env, row.secretEnc)];
  if (row.previousSecretEnc && row.previousValidUntil && Date.parse(row.previousValidUntil) > now) {
    out.push(await openSecret(env, row.previousSecretEnc));
  }
  return out;
}
