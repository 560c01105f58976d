/**
 * Redaction (docs/retention.md): erases a document's personal data from D1 and R2 while the
 * proof of signing stays: the frozen certificate's hash, the document's hash, the verification
 * code, the trail's kinds and times, the hashes of the sealed files, and a `redacted` trail event
 * with the reason. One document goes through its sequencer (`DocumentSequencer.redact`); the cron
 * and the erasure of a person redact many at once in set-based batches and then tell each
 * document's sequencer to forget its copy. Never undone.
 */
import { z } from "@hono/zod-openapi";
import type { Env, Mode, Principal } from "../env";
import { dbOf } from "../db/client";
import { MAX_IDS, certificateUpdate, documentsOfPerson, dueForRetention, erasureStatements, redactionReads, retentionOf } from "../db/redaction";
import { type Statement, insertEvent } from "../db/signing";
import { canonicalJson } from "../lib/canonical-json";
import { ApiError, invalid, notFound } from "../lib/errors";
import { newId, nowIso } from "../lib/ids";
import { logError } from "../lib/log";
import { text } from "../lib/text";
import { PlainReason } from "./reason";
import { type CertificatePayload, redactPayload } from "./certificates";
import { eventPayload } from "./events";
import { type DeliveryTarget, deliveryQueries, kickDeliveryQueues } from "./webhooks";
import { purgeDeliveredOfDocuments } from "../db/webhook-deliveries";
import { ownerOf } from "../db/documents";
import { documentSequencer, refusedAsNull } from "../objects/document-sequencer/client";
import { signerFileR2Key } from "../db/signer-files";

/** Statuses a document may be redacted in: it has ended. A draft or a sent document is voided first. */
export const REDACTABLE = ["completed", "declined", "voided", "expired"] as const;
const redactable = (status: string) => (REDACTABLE as readonly string[]).includes(status);

/** Documents redacted per batch (statements: ~8 set-based + 3 per document; reads bind ≤ 90 ids). */
export const REDACT_BATCH = 25;

export const RedactInput = z.object({ reason: PlainReason }).strict();
export const PersonInput = z.object({ email: text().trim().toLowerCase().pipe(z.email().max(320)) }).strict();

export type Redacted = { document_id: string; redacted_at: string; sealed_files_deleted: number };

type Reads = Awaited<ReturnType<typeof readTargets>>;

async function readTargets(env: Env, ids: string[]) {
  const db = dbOf(env);
  const [docs, signerRows, certs, current, versions, seqs, uploads] = await db.batch(redactionReads(db, ids));
  const files = [...new Map([...current, ...versions].map((f) => [f.r2Key, f] as const)).values()];
  return { docs, signerRows, certs, files, seqs, uploads };
}

/**
 * Redacts the given documents (≤ REDACT_BATCH) that are redactable and not yet redacted, in one D1
 * batch, then deletes their sealed files from R2. Returns what was redacted; the rest is skipped.
 */
async function redactBatch(env: Env, ids: string[], reason: string, known?: Reads): Promise<Redacted[]> {
  if (ids.length === 0) return [];
  const r = known ?? (await readTargets(env, ids));
  const due = r.docs.filter((d) => d.redactedAt === null && redactable(d.status));
  if (due.length === 0) return [];
  const db = dbOf(env);
  const at = nowIso();
  const dueIds = due.map((d) => d.id);
  // The record's retention ended: its delivered webhook deliveries go with it (dead ones stay readable).
  const statements: Statement[] = [...erasureStatements(db, dueIds, at), purgeDeliveredOfDocuments(db, dueIds)];
  const targets: DeliveryTarget[] = [];
  for (const d of due) {
    const cert = r.certs.find((c) => c.documentId === d.id);
    if (cert && cert.redactedAt === null) {
      statements.push(certificateUpdate(db, d.id, canonicalJson(redactPayload(JSON.parse(cert.payload) as CertificatePayload)), at));
    }
    const lastSeq = r.seqs.find((s) => s.documentId === d.id)?.lastSeq ?? 0;
    statements.push(
      insertEvent(db, {
        id: newId("evt"),
        documentId: d.id,
        tenantId: d.tenantId,
        mode: d.mode,
        seq: lastSeq + 1,
        kind: "redacted",
        occurredAt: at,
        againstSha256: d.bodySha256,
        detail: reason,
      }),
    );
    const snapshot = {
      id: d.id,
      tenantId: d.tenantId,
      mode: d.mode as Mode,
      title: d.title,
      status: d.status,
      bodySha256: d.bodySha256,
      completedAt: d.completedAt,
      metadata: {},
      externalRef: d.externalRef,
    };
    const payload = {
      ...eventPayload("signing.redacted", snapshot, { kind: "redacted", occurredAt: at, againstSha256: d.bodySha256 }),
      reason,
      redacted_at: at,
    };
    const q = deliveryQueries(db, { tenantId: d.tenantId, mode: d.mode as Mode, event: "signing.redacted", payload, documentId: d.id, documentTitle: d.title });
    statements.push(...q.queries);
    targets.push(q.target);
  }
  await db.batch(statements as [Statement, ...Statement[]]);
  const keys = r.files.filter((f) => dueIds.includes(f.documentId)).map((f) => f.r2Key);
  const uploads = new Set(r.uploads.filter((u) => dueIds.includes(u.documentId)).map((u) => signerFileR2Key(u.documentId, u.sha256)));
  await deleteFiles(env, [...keys, ...uploads]);
  await kickDeliveryQueues(env, targets);
  return due.map((d) => ({
    document_id: d.id,
    redacted_at: at,
    sealed_files_deleted: keys.filter((k) => r.files.some((f) => f.r2Key === k && f.documentId === d.id)).length,
  }));
}

/** Deletes sealed files and signers' uploads from R2 (1,000 keys per call). A failure is logged: the D1 record is already redacted. */
async function deleteFiles(env: Env, keys: string[]) {
  for (let i = 0; i < keys.length; i += 1000) {
    try {
      await env.FILES.delete(keys.slice(i, i + 1000));
    } catch (err) {
      logError("redaction: sealed files not deleted from R2", err, { keys: keys.length });
    }
  }
}

/** Redacts many documents, REDACT_BATCH at a time, then has each sequencer drop its copy. */
export async function redactMany(env: Env, ids: string[], reason: string): Promise<Redacted[]> {
  const out: Redacted[] = [];
  for (let i = 0; i < ids.length; i += REDACT_BATCH) out.push(...(await redactBatch(env, ids.slice(i, i + REDACT_BATCH), reason)));
  await forgetAll(
    env,
    out.map((x) => x.document_id),
  );
  return out;
}

async function forgetAll(env: Env, ids: string[]) {
  const results = await Promise.allSettled(ids.map((id) => documentSequencer(env, id).forget()));
  for (const r of results) if (r.status === "rejected") logError("redaction: a sequencer did not forget", r.reason);
}

/**
 * One document, inside its sequencer (which drops its copy afterwards): refuses what is not
 * redactable, a repeat, and a reason naming one of the document's signers (it is kept).
 */
export async function redactOneInSequencer(env: Env, documentId: string, reason: string): Promise<Redacted> {
  const r = await readTargets(env, [documentId]);
  const doc = r.docs[0];
  if (!doc) throw notFound("document");
  if (doc.redactedAt) {
    throw new ApiError("conflict", `This document was already redacted at ${doc.redactedAt}; a redaction is never undone or repeated.`);
  }
  if (!redactable(doc.status)) {
    throw invalid(
      `Only a completed, declined, voided or expired document can be redacted; this one is ${doc.status}.`,
      "Void it first (POST /v1/documents/{id}/void), then redact it.",
    );
  }
  const lower = reason.toLowerCase();
  const named = r.signerRows.some((s) => [s.email, s.fullName, s.phone].some((v) => v && v.length >= 3 && lower.includes(v.toLowerCase())));
  if (named) throw invalid("reason: must not name a signer (it is kept on the trail after the redaction).", 'Write why, e.g. "Erasure request of 2026-11-02".');
  const [done] = await redactBatch(env, [documentId], reason, r);
  if (!done) throw new Error(`Document ${documentId} could not be redacted.`);
  return done;
}

/** POST /v1/documents/{id}/redact. */
export async function redactDocument(env: Env, p: Pick<Principal, "tenantId" | "mode">, documentId: string, reason: string) {
  const owner = await ownerOf(env, documentId);
  if (!owner || owner.tenantId !== p.tenantId || owner.mode !== p.mode) throw notFound("document");
  const done = await documentSequencer(env, documentId).redact({ reason });
  return { redacted: true as const, ...done };
}

/** How many documents one erasure request looks at; beyond that, `more: true` asks for another call. */
export const PERSON_LIMIT = 200;

export type Kept = { document_id: string; status: string; reason: "in_progress" | "minimum_retention"; until: string | null };

/**
 * POST /v1/redactions: redacts every document of the account (in the key's mode) with a signer at
 * this email that may go: completed ones older than the account's minimum retention, and declined,
 * voided or expired ones. Keeps the others and says why. The whole document is redacted, every
 * signer on it (see docs/retention.md).
 */
export async function redactPerson(env: Env, p: Pick<Principal, "tenantId" | "mode">, email: string, now = new Date()) {
  const db = dbOf(env);
  const settings = await retentionOf(db, p.tenantId);
  const minimumDays = settings?.minimumDays ?? 0;
  const docs = await documentsOfPerson(db, p.tenantId, p.mode, email, PERSON_LIMIT + 1);
  const more = docs.length > PERSON_LIMIT;
  const seen = docs.slice(0, PERSON_LIMIT);
  const kept: Kept[] = [];
  const go: string[] = [];
  for (const d of seen) {
    // A redacted document no longer holds the address, so it is never found here again.
    if (d.redactedAt) continue;
    if (d.status === "draft" || d.status === "sent") kept.push({ document_id: d.id, status: d.status, reason: "in_progress", until: null });
    else if (d.status === "completed" && d.completedAt && minimumDays > 0) {
      const until = new Date(Date.parse(d.completedAt) + minimumDays * 86_400_000);
      if (until.getTime() > now.getTime()) kept.push({ document_id: d.id, status: d.status, reason: "minimum_retention", until: until.toISOString() });
      else go.push(d.id);
    } else go.push(d.id);
  }
  const redacted = await redactMany(env, go, "Erasure request for a signer (POST /v1/redactions).");
  return { redacted, kept, more };
}

/** Drafts voided by the cron before their redaction. */
const DRAFT_REASON = "Retention policy: the account keeps drafts for a limited time.";
export const RETENTION_REASON = "Retention policy: the account's retention period for this document ended.";

/** Documents the cron redacts per run at most (4 batches); the rest wait for the next minute. */
export const CRON_LIMIT = 100;

/**
 * Cron step: redacts up to CRON_LIMIT documents whose account's retention ran out, voiding stale
 * drafts first through their sequencer (so the trail says why they ended).
 */
export async function applyRetention(env: Env, now: Date, limit = CRON_LIMIT): Promise<{ redacted: number; voided: number }> {
  const db = dbOf(env);
  const due = await dueForRetention(db, now.toISOString(), limit);
  let voided = 0;
  for (const d of due.filter((x) => x.status === "draft")) {
    const o = await documentSequencer(env, d.id).void({ reason: DRAFT_REASON }, { ip: null, userAgent: null }).catch(refusedAsNull);
    if (o) voided++;
  }
  const ids = due.map((d) => d.id);
  const done: Redacted[] = [];
  for (let i = 0; i < ids.length; i += MAX_IDS) done.push(...(await redactMany(env, ids.slice(i, i + MAX_IDS), RETENTION_REASON)));
  return { redacted: done.length, voided };
}
