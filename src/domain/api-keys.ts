/** API keys as the service mints them: one shape for operators' keys, devices' keys and OAuth access tokens. */
import type { Mode } from "../env";
import { randomHex, sha256Hex } from "../lib/crypto";

/**
 * A new API key in `mode` (an operator's key, a device's key, an OAuth access token): the key,
 * shown once, and what its row stores of it (the SHA-256 and the prefix shown in lists).
 */
export async function newApiKey(mode: Mode): Promise<{ key: string; keyHash: string; keyPrefix: string }> {
  const key = `mk_${mode}_${randomHex(24)}`;
  return { key, keyHash: await sha256Hex(key), keyPrefix: key.slice(0, 12) };
}
