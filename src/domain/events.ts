/**
 * The document trail, written once through `commitWithEvents`: the state change, its trail
 * events and their webhook deliveries go into D1 in one atomic batch, so a crash between them
 * loses nothing. After the commit the endpoints' delivery queues are told to look.
 * The trail is append-only: nothing updates or deletes an `events` row.
 */
import type { Env, Mode } from "../env";
import { dbOf } from "../db/client";
import { newId } from "../lib/ids";
import { TRAIL_KINDS, type TrailKind } from "./vocabulary";
import { type Statement, insertEvent, openEndpointsOf } from "../db/signing";
import { deliveryQueries, kickEndpoints } from "./webhooks";

/**
 * Kinds in a document's trail. Every kind but `verified`, the access code's tries, the ID check's
 * steps and the consumer disclosure's acceptance and withdrawal (a withdrawal's webhook is the
 * decline's `signing.declined`) is also a webhook event `signing.<kind>`.
 */
export { TRAIL_KINDS, type TrailKind };

export const webhookEventName = (kind: TrailKind): string | null => (TRAIL_ONLY.has(kind) || kind.startsWith("id_check_") ? null : `signing.${kind}`);

const TRAIL_ONLY = new Set<TrailKind>(["verified", "access_code_passed", "access_code_failed", "disclosure_accepted", "consent_withdrawn"]);

/** What a webhook payload says about the document (never a token, never a secret). */
export type DocumentSnapshot = {
  id: string;
  tenantId: string;
  mode: Mode;
  title: string;
  status: string;
  bodySha256: string;
  completedAt: string | null;
  metadata: Record<string, string>;
  externalRef: string | null;
};

export type SignerSnapshot = { id: string; email: string; fullName: string; status: string };

export type NewEvent = {
  kind: TrailKind;
  occurredAt: string;
  signer?: SignerSnapshot | null;
  ip?: string | null;
  userAgent?: string | null;
  signatureMethod?: string | null;
  /** Hash of the text the event was made against. */
  againstSha256: string;
  detail?: string | null;
};

/** The JSON body of a `signing.*` webhook delivery. */
export function eventPayload(name: string, doc: DocumentSnapshot, e: NewEvent) {
  const metadata: Record<string, string> = { ...doc.metadata };
  if (doc.externalRef) metadata.external_ref = doc.externalRef;
  return {
    event: name,
    occurred_at: e.occurredAt,
    document: {
      id: doc.id,
      title: doc.title,
      status: doc.status,
      body_sha256: doc.bodySha256,
      completed_at: doc.completedAt,
      metadata,
    },
    signer: e.signer ? { email: e.signer.email, full_name: e.signer.fullName, status: e.signer.status } : null,
    ...(e.detail && (e.kind === "declined" || e.kind === "voided") ? { reason: e.detail } : {}),
  };
}

/**
 * Runs `statements` (the state change, drizzle queries) with the trail rows for `events` and
 * their webhook deliveries in one `db.batch`. `firstSeq` is the next sequence number of the
 * document's trail (the document's sequencer owns it). `after` (reads) run in the same batch after
 * the trail rows, so they see the committed state. Returns the event ids in order, the results
 * of `statements` and those of `after`.
 */
export async function commitWithEvents(
  env: Env,
  doc: DocumentSnapshot,
  statements: Statement[],
  events: NewEvent[],
  firstSeq: number,
  after: Statement[] = [],
): Promise<{ eventIds: string[]; results: unknown[]; afterResults: unknown[] }> {
  const db = dbOf(env);
  const eventIds: string[] = [];
  const trail: Statement[] = [];
  // The trim of full holds is the same statement for every event of one document: once, after every insert.
  let trimHolds: Statement | null = null;
  const names = new Set<string>();
  events.forEach((e, i) => {
    const id = newId("evt");
    eventIds.push(id);
    trail.push(
      insertEvent(db, {
        id,
        documentId: doc.id,
        tenantId: doc.tenantId,
        mode: doc.mode,
        seq: firstSeq + i,
        kind: e.kind,
        occurredAt: e.occurredAt,
        signerId: e.signer?.id ?? null,
        signerEmail: e.signer?.email ?? null,
        ip: e.ip ?? null,
        userAgent: e.userAgent ?? null,
        signatureMethod: e.signatureMethod ?? null,
        againstSha256: e.againstSha256,
        detail: e.detail ?? null,
      }),
    );
    const name = webhookEventName(e.kind);
    if (name) {
      const d = deliveryQueries(db, {
        tenantId: doc.tenantId,
        mode: doc.mode,
        event: name,
        payload: eventPayload(name, doc, e),
        documentId: doc.id,
        documentTitle: doc.title,
      });
      const [insert, trim] = d.queries;
      trail.push(insert);
      trimHolds = trim;
      names.add(name);
    }
  });
  if (trimHolds) trail.push(trimHolds);
  // The endpoints whose queues to kick are read in the same batch (no round trip of their own).
  const lookup = names.size ? [openEndpointsOf(db, doc.tenantId, doc.mode)] : [];
  const batch = [...statements, ...trail, ...after, ...lookup];
  if (batch.length === 0) return { eventIds, results: [], afterResults: [] };
  const all: unknown[] = await db.batch(batch as [Statement, ...Statement[]]);
  const results = all.slice(0, statements.length);
  const afterResults = all.slice(statements.length + trail.length, statements.length + trail.length + after.length);
  if (lookup.length) {
    try {
      const endpoints = (all.at(-1) ?? []) as { id: string; events: string[] }[];
      const due = endpoints.filter((r) => r.events.includes("*") || r.events.some((n) => names.has(n)));
      await kickEndpoints(
        env,
        due.map((r) => r.id),
      );
    } catch (err) {
      // The rows are committed; the cron sweep is the safety net.
      console.error(JSON.stringify({ level: "warn", webhook_kick: String(err) }));
    }
  }
  return { eventIds, results, afterResults };
}
