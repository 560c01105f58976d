/**
 * Builders for webhook tests: a receiver box (see webhook-receiver.mjs), endpoints, documents
 * written straight to D1, trail events through the real `commitWithEvents`, and steps of a queue.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { api } from "./helpers";
import { commitWithEvents, type DocumentSnapshot, type NewEvent, type TrailKind } from "../src/domain/events";
import { deliveryQueue } from "../src/objects/delivery-queue/client";
import type { Mode } from "../src/env";

export const RECEIVER = "https://hooks.receiver.test";

export type Received = { at: number; method: string; path: string; headers: Record<string, string>; body: string };

/** A fresh receiver box; answers 200 until told otherwise. */
export function newBox(): { name: string; url: string } {
  const name = `box${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  return { name, url: `${RECEIVER}/${name}` };
}

export async function setMode(box: { name: string }, mode: "ok" | "fail" | "hang" | "refuse", status?: number) {
  const r = await fetch(`${RECEIVER}/__mode/${box.name}`, { method: "POST", body: JSON.stringify({ mode, status }) });
  expect(r.status).toBe(200);
}

export async function received(box: { name: string }): Promise<Received[]> {
  const r = await fetch(`${RECEIVER}/__log/${box.name}`);
  return (await r.json()) as Received[];
}

export async function addHook(key: string, body: { url: string; events?: string[]; label?: string }) {
  const r = await api("POST", "/v1/webhooks", { key, body: { events: ["*"], ...body } });
  expect(r.status, r.text).toBe(200);
  return r.json as { id: string; secret: string };
}

/** Independent check of a Service-Signature value (noble HMAC, not the service's WebCrypto). */
export function expectedSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${timestamp}.${body}`)))}`;
}

/** Waits for the endpoint's queue to finish what it is doing. */
export async function idle(endpointId: string) {
  await deliveryQueue(env, endpointId).idle();
}

/** Runs the queue's pending alarm now (the next rung of the ladder) and waits for it to finish. */
export async function step(endpointId: string): Promise<boolean> {
  const stub = deliveryQueue(env, endpointId);
  await stub.idle();
  const ran = await runDurableObjectAlarm(stub);
  await stub.idle();
  return ran;
}

export async function alarmAt(endpointId: string): Promise<number | null> {
  return runInDurableObject(deliveryQueue(env, endpointId), (_i, state) => state.storage.getAlarm());
}

export type DeliveryRow = {
  id: string;
  endpoint_id: string;
  event: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  response_status: number | null;
  created_at: string;
  delivered_at: string | null;
  replay_of: string | null;
  document_id: string | null;
  document_title: string | null;
};

export async function deliveries(endpointId: string): Promise<DeliveryRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY rowid").bind(endpointId).all<DeliveryRow>();
  return results;
}

export async function endpointRow(id: string) {
  return env.DB.prepare("SELECT * FROM webhook_endpoints WHERE id = ?").bind(id).first<{
    failures: number;
    paused_at: string | null;
    active: number;
    secret_enc: string;
    previous_secret_enc: string | null;
    previous_valid_until: string | null;
    last_delivered_at: string | null;
  }>();
}

/** A document written straight to D1 (with its template), to hang trail events on. */
export async function seedDocument(tenantId: string, mode: Mode = "live"): Promise<DocumentSnapshot & { nextSeq: number }> {
  const tpl = `tpl_${crypto.randomUUID().slice(0, 12)}`;
  const doc = `doc_${crypto.randomUUID().slice(0, 12)}`;
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO templates (id, tenant_id, mode, code, version, name, kind, body, variables, grants, fields, is_published, published_at, created_at) VALUES (?, ?, ?, ?, 1, 'NDA', 'nda', 'Body', '[]', '{}', '[]', 1, ?, ?)",
    ).bind(tpl, tenantId, mode, `c${tpl.slice(4)}`, now, now),
    env.DB.prepare(
      "INSERT INTO documents (id, tenant_id, mode, template_id, template_code, template_version, template_kind, title, status, body, body_sha256, grants, fields, metadata, created_at) VALUES (?, ?, ?, ?, ?, 1, 'nda', 'Seeded NDA', 'sent', 'Body', ?, '{}', '[]', '{}', ?)",
    ).bind(doc, tenantId, mode, tpl, `c${tpl.slice(4)}`, "ab".repeat(32), now),
  ]);
  return {
    id: doc,
    tenantId,
    mode,
    title: "Seeded NDA",
    status: "sent",
    bodySha256: "ab".repeat(32),
    completedAt: null,
    metadata: {},
    externalRef: null,
    nextSeq: 1,
  };
}

/** Writes `kinds` to the document's trail through the real commit path (fan-out and kick included). */
export async function emit(doc: DocumentSnapshot & { nextSeq: number }, kinds: TrailKind[]) {
  const at = new Date().toISOString();
  const events: NewEvent[] = kinds.map((kind) => ({ kind, occurredAt: at, againstSha256: doc.bodySha256 }));
  const out = await commitWithEvents(env, doc, [], events, doc.nextSeq);
  doc.nextSeq += kinds.length;
  return out;
}

export const repeat = (kind: TrailKind, n: number): TrailKind[] => Array.from({ length: n }, () => kind);
