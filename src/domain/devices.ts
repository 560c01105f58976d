/**
 * Paired tablets: pairing codes (shown once, stored hashed, 15 minutes, spent on first use),
 * pairing (the device's own key, in the mode of the code's issuer, scope `signing:device`),
 * heartbeats, the list, and stopping (the key ends at once). What a device key may do beyond its
 * heartbeat is decided in one place, the auth layer (src/http/device-access.ts).
 */
import { z } from "@hono/zod-openapi";
import type { Env, Principal } from "../env";
import { dbOf } from "../db/client";
import { envOfKey } from "../db/shards";
import { ApiError, invalid, notFound } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { newApiKey } from "./api-keys";
import { newId, nowIso } from "../lib/ids";
import { CROCKFORD_ALPHABET } from "../lib/verification-code";
import { keyLimiterName } from "../objects/rate-limiter/client";
import { insertAudit, insertKey } from "../db/accounts";
import { DEVICE_PLATFORMS, type DevicePlatform } from "./vocabulary";
import { plainText, text } from "../lib/text";
import { claimPairing, deviceWithWorkflow, insertDevice, listDeviceRows, stopDeviceRow, touchDevice, workflowForDevice, type DeviceRow } from "../db/devices";
import { auditEntry, revokeKey } from "./accounts";
import { limiter } from "../objects/rate-limiter/client";

/** A pairing code's request: POST /v1/devices/pairing-codes and the dashboard's tablets form. */
export const PairingCodeInput = z
  .object({ name: plainText().min(1).max(200).openapi({ description: "1-200 characters, e.g. Front desk" }), workflow_id: text().min(1).max(64) })
  .strict()
  .openapi("PairingCodeCreate");

const Version = plainText().max(40).openapi({ description: "0-40 characters" });

/** Pairing with a code: POST /v1/devices/pair and the kiosk's pairing form. */
export const DevicePairInput = z
  .object({
    code: text().min(8).max(32),
    platform: z.enum(DEVICE_PLATFORMS).optional(),
    app_version: Version.optional(),
    os_version: Version.optional(),
  })
  .strict()
  .openapi("DevicePairInput");

/** A heartbeat's optional body: POST /v1/devices/heartbeat. */
export const DeviceHeartbeatInput = z.object({ app_version: Version.optional(), os_version: Version.optional() }).strict().openapi("DeviceHeartbeatInput");

/** Pairing code lifetime (the spec's limits table). */
export const PAIRING_CODE_MS = 15 * 60 * 1000;
/** 12 Crockford base32 characters from the CSPRNG: 60 bits, printed `XXXX-XXXX-XXXX`. */
const PAIRING_CODE_LENGTH = 12;

export const DEVICE_SCOPE = "signing:device" as const;

function newPairingCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(PAIRING_CODE_LENGTH));
  let code = "";
  for (const b of bytes) code += CROCKFORD_ALPHABET[b & 31];
  return code.match(/.{4}/g)!.join("-");
}

/**
 * The stored form of a code as typed: dashes and spaces dropped, upper case, I/L read as 1 and O
 * as 0 (Crockford). Anything that cannot be a code still hashes to something that matches nothing,
 * so a malformed code is refused exactly like a wrong one.
 */
export function normalisePairingCode(input: string): string {
  return input.replace(/[\s-]/g, "").toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");
}

const codeHashOf = (code: string) => sha256Hex(`pairing:${normalisePairingCode(code)}`);

/** The one refusal of `POST /v1/devices/pair`: wrong, expired, spent and stopped codes alike. */
export const pairingRefused = () =>
  new ApiError("unauthorized", "This pairing code cannot be used.", "Ask for a new pairing code: each works once, for 15 minutes.", {
    "WWW-Authenticate": 'Bearer realm="api"',
  });

/** The audit trail's actor: a key, or a dashboard member (whose principal's keyId is already `member:<id>`). */
const actorOf = (p: Principal) => (p.keyId.startsWith("member:") ? p.keyId : `key:${p.keyId}`);

/** A new device and its pairing code, shown once. The workflow must be this account's, same mode. */
export async function createPairingCode(env: Env, p: Principal, input: { name: string; workflow_id: string }) {
  const db = dbOf(env);
  const workflow = await workflowForDevice(db, p.tenantId, p.mode, input.workflow_id);
  if (!workflow) throw invalid(`workflow_id: no workflow ${input.workflow_id} in this account.`);
  const code = newPairingCode();
  const id = newId("dev");
  const now = Date.now();
  const expiresAt = new Date(now + PAIRING_CODE_MS).toISOString();
  await db.batch([
    insertDevice(db, {
      id,
      tenantId: p.tenantId,
      mode: p.mode,
      name: input.name,
      workflowId: workflow.id,
      codeHash: await codeHashOf(code),
      codeExpiresAt: expiresAt,
      createdAt: new Date(now).toISOString(),
    }),
    insertAudit(db, auditEntry(p.tenantId, actorOf(p), "device.pairing_code", { device_id: id, name: input.name, workflow_id: workflow.id, mode: p.mode })),
  ]);
  return { device_id: id, code, expires_at: expiresAt };
}

export type PairInput = { code: string; platform?: DevicePlatform; app_version?: string; os_version?: string };

/**
 * Spends the code and issues the device's key (shown once, stored as its SHA-256). The claim is
 * one conditional statement; only its winner inserts a key.
 */
export async function pairDevice(env: Env, input: PairInput) {
  const codeHash = await codeHashOf(input.code);
  env = await envOfKey(env, "pairing", codeHash);
  const db = dbOf(env);
  const now = nowIso();
  const keyId = newId("key");
  const device = await claimPairing(db, codeHash, now, {
    keyId,
    platform: input.platform ?? null,
    appVersion: input.app_version ?? null,
    osVersion: input.os_version ?? null,
  });
  if (!device) throw pairingRefused();
  const { key, keyHash, keyPrefix } = await newApiKey(device.mode);
  const label = `device: ${device.name}`.slice(0, 200);
  const adb = dbOf(env);
  const [, workflow] = await Promise.all([
    adb.batch([
      insertKey(adb, {
        id: keyId,
        tenantId: device.tenantId,
        label,
        mode: device.mode,
        keyHash,
        keyPrefix,
        scopes: [DEVICE_SCOPE],
        allowedIps: null,
        expiresAt: null,
        deviceId: device.id,
        createdAt: now,
      }),
      insertAudit(adb, auditEntry(device.tenantId, `device:${device.id}`, "device.paired", { device_id: device.id, key_id: keyId, platform: device.platform })),
    ]),
    workflowForDevice(db, device.tenantId, device.mode, device.workflowId),
  ]);
  return { device_id: device.id, name: device.name, key, workflow_id: device.workflowId, workflow_name: workflow?.name ?? "" };
}

/** The device behind a device key. */
async function ownDevice(env: Env, p: Principal) {
  if (!p.deviceId) throw new ApiError("forbidden", "Only a paired device's key sends heartbeats.");
  const found = await deviceWithWorkflow(dbOf(env), p.tenantId, p.mode, p.deviceId);
  if (!found) throw notFound("device");
  return found;
}

/** Records that the device is alive (and what it now runs); the credential names the device. */
export async function heartbeat(env: Env, p: Principal, input: { app_version?: string; os_version?: string }) {
  const { device, workflowName } = await ownDevice(env, p);
  const set = {
    lastSeenAt: nowIso(),
    ...(input.app_version !== undefined ? { appVersion: input.app_version } : {}),
    ...(input.os_version !== undefined ? { osVersion: input.os_version } : {}),
  };
  await touchDevice(dbOf(env), device.id, set);
  return { device_id: device.id, name: device.name, workflow_id: device.workflowId, workflow_name: workflowName ?? "" };
}

/** What a tablet page shows about the device behind its key. */
export const deviceOfKey = ownDevice;

const listed = (d: DeviceRow) => ({
  device_id: d.id,
  name: d.name,
  workflow_id: d.workflowId,
  platform: d.platform,
  app_version: d.appVersion,
  os_version: d.osVersion,
  last_seen_at: d.lastSeenAt,
  stopped_at: d.stoppedAt,
});

export async function listDevices(env: Env, p: Principal) {
  const rows = await listDeviceRows(dbOf(env), p.tenantId, p.mode, nowIso());
  return { devices: rows.map(listed) };
}

/**
 * Stops a device: its pairing code dies and its key is revoked through the key's RateLimiter
 * object first (src/domain/accounts.ts `revokeKey`), so the very next request with it is refused
 * in every isolate, even one holding the key in its cache. Stopping twice answers the same.
 */
export async function stopDevice(env: Env, p: Principal, id: string) {
  const db = dbOf(env);
  const found = await deviceWithWorkflow(db, p.tenantId, p.mode, id);
  if (!found) throw notFound("device");
  const now = nowIso();
  const stopped = await stopDeviceRow(db, p.tenantId, p.mode, id, now).get();
  const keyId = stopped?.keyId ?? found.device.keyId;
  if (keyId) {
    // The key's RateLimiter object refuses it from now on, even if a racing pair has not
    // written the key's row yet; then the row and the audit entry.
    await limiter(env, keyLimiterName(keyId)).revoke();
    await revokeKey(env, keyId, "device stopped", actorOf(p)).catch((err) => {
      if (!(err instanceof ApiError && err.code === "not_found")) throw err;
    });
  }
  if (stopped) await insertAudit(db, auditEntry(p.tenantId, actorOf(p), "device.stopped", { device_id: id }));
  return { stopped: true as const, device_id: id, stopped_at: stopped ? now : (found.device.stoppedAt ?? now) };
}
