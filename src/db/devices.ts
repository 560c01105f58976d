/**
 * D1 access for paired tablets: their rows, the workflow each runs, and what a device key may
 * read. Functions returning a query builder are statements for a caller's `db.batch([...])`.
 */
import { and, desc, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import type { Mode } from "../domain/vocabulary";
import type { Db } from "./client";
import { devices, documents, tenants, workflows } from "./schema";

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceInsert = typeof devices.$inferInsert;
export type { Db };

export const insertDevice = (db: Db, row: DeviceInsert) => db.insert(devices).values(row);

/** A workflow of this account and mode, with what a tablet shows of it. */
export const workflowForDevice = (db: Db, tenantId: string, mode: string, workflowId: string) =>
  db
    .select({ id: workflows.id, name: workflows.name, active: workflows.active })
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.tenantId, tenantId), eq(workflows.mode, mode)))
    .get();

/**
 * Spends a live pairing code (not spent, not stopped, not expired) and records the device's key:
 * one statement, so two tablets racing with one code cannot both win. Answers the device, or
 * nothing for every kind of dead code alike.
 */
export const claimPairing = (db: Db, codeHash: string, now: string, set: Pick<DeviceInsert, "keyId" | "platform" | "appVersion" | "osVersion">) =>
  db
    .update(devices)
    .set({ ...set, pairedAt: now, lastSeenAt: now, codeHash: null })
    .where(and(eq(devices.codeHash, codeHash), isNull(devices.pairedAt), isNull(devices.stoppedAt), gt(devices.codeExpiresAt, now)))
    .returning()
    .get();

/** The device with its workflow's name, in this account and mode. */
/** A device with its workflow's name and its account's white-label flag (the tablet's pages read the brand only when it is on). */
export const deviceWithWorkflow = (db: Db, tenantId: string, mode: Mode, id: string) =>
  db
    .select({ device: devices, workflowName: workflows.name, whiteLabel: tenants.whiteLabel })
    .from(devices)
    .leftJoin(workflows, eq(workflows.id, devices.workflowId))
    .leftJoin(tenants, eq(tenants.id, devices.tenantId))
    .where(and(eq(devices.id, id), eq(devices.tenantId, tenantId), eq(devices.mode, mode)))
    .get();

export const touchDevice = (db: Db, id: string, set: Pick<DeviceInsert, "appVersion" | "osVersion" | "lastSeenAt">) =>
  db.update(devices).set(set).where(eq(devices.id, id));

/**
 * The account's tablets, newest first: every paired device (stopped ones too) and those whose
 * pairing code can still be used. A code that ran out unused leaves nothing worth listing.
 */
export const listDeviceRows = (db: Db, tenantId: string, mode: Mode, now: string) =>
  db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.mode, mode), or(isNotNull(devices.pairedAt), gt(devices.codeExpiresAt, now))))
    .orderBy(desc(devices.createdAt), desc(devices.id))
    .all();

/** Stops a device that is not stopped yet; answers its key id (null when it never paired). */
export const stopDeviceRow = (db: Db, tenantId: string, mode: Mode, id: string, now: string) =>
  db
    .update(devices)
    .set({ stoppedAt: now, codeHash: null })
    .where(and(eq(devices.id, id), eq(devices.tenantId, tenantId), eq(devices.mode, mode), isNull(devices.stoppedAt)))
    .returning({ keyId: devices.keyId });

/** What the auth layer needs to scope a device key: its workflow (null for a device not found). */
export const deviceWorkflowId = async (db: Db, deviceId: string) =>
  (await db.select({ workflowId: devices.workflowId }).from(devices).where(eq(devices.id, deviceId)).get())?.workflowId ?? null;

/** Whether this document was started by this device (documents.device_id). */
export async function documentStartedBy(db: Db, documentId: string, deviceId: string): Promise<boolean> {
  const row = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.deviceId, deviceId)))
    .get();
  return row !== undefined;
}

/** What the tablet's page shows of its workflow: the intro, the questions, whether it is open. */
export const workflowForKiosk = (db: Db, tenantId: string, mode: string, workflowId: string) =>
  db
    .select({ id: workflows.id, name: workflows.name, intro: workflows.intro, formFields: workflows.formFields, active: workflows.active })
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.tenantId, tenantId), eq(workflows.mode, mode)))
    .get();
