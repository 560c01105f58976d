/** Builders for tablet tests: a workflow to pair with, a pairing code, a paired device. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { dbOf } from "../src/db/client";
import { devices, documents, workflows } from "../src/db/schema";
import { newId } from "../src/lib/ids";
import { api } from "./helpers";
import { publishedTemplate } from "./signing-helpers";

/**
 * A workflow row of this account and mode, written through the workflows schema (the tablet tests
 * need one to pair with, not the workflow API).
 */
export async function workflowRow(tenantId: string, mode: "test" | "live" = "live", over: Partial<typeof workflows.$inferInsert> = {}) {
  const id = newId("wfl");
  await dbOf(env)
    .insert(workflows)
    .values({
      id,
      tenantId,
      mode,
      code: `wf-${crypto.randomUUID().slice(0, 8)}`,
      name: "Front desk waiver",
      templateCode: "none",
      signerRoles: [{ label: "Guest", role: "signer", order: 1, participant: true }],
      formFields: [],
      ...over,
    });
  return id;
}

/** A workflow to pair with, made through the workflow API: the participant alone signs. */
export async function workflowFor(key: string, over: Record<string, unknown> = {}) {
  const tpl = await publishedTemplate(key, { body: "I accept the rules of the house.", variables: [] });
  const r = await api("POST", "/v1/workflows", {
    key,
    body: {
      code: `wf-${crypto.randomUUID().slice(0, 8)}`,
      name: "Front desk waiver",
      template_code: tpl.code,
      signer_roles: [{ label: "Guest", role: "signer", order: 1, participant: true }],
      form_fields: [],
      ...over,
    },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.id as string;
}

export async function pairingCode(key: string, workflowId: string, name = "Front desk") {
  const r = await api("POST", "/v1/devices/pairing-codes", { key, body: { name, workflow_id: workflowId } });
  expect(r.status, r.text).toBe(200);
  return r.json as { code: string; expires_at: string; device_id: string };
}

let ipCounter = 0;
/** A fresh address per pairing, so tests do not share the 60-a-minute pairing budget. */
export const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

export async function pairedDevice(key: string, workflowId: string, body: Record<string, unknown> = {}) {
  const { code, device_id } = await pairingCode(key, workflowId);
  const r = await api("POST", "/v1/devices/pair", { body: { code, ...body }, ip: freshIp() });
  expect(r.status, r.text).toBe(200);
  expect(r.json.device_id).toBe(device_id);
  return r.json as { device_id: string; name: string; key: string; workflow_id: string; workflow_name: string };
}

export const deviceRow = (id: string) => dbOf(env).select().from(devices).where(eq(devices.id, id)).get();

/** Marks a document as started by a device (what a start by the device key records). */
export const markStartedBy = (documentId: string, deviceId: string) => dbOf(env).update(documents).set({ deviceId }).where(eq(documents.id, documentId));
