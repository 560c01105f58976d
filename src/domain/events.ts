/**
 * The document trail, written once through `commitWithEvents`: the state change, its trail
 * events and their webhook deliveries go into D1 in one atomic batch, so a crash between them
 * loses nothing. After the commit the endpoints' delivery queues are told to look.
 * The trail is append-only: nothing updates or deletes an `events` row.
 */
import type { Env, Mode } from "../env";
import { newId } from "../lib/ids";
import { deliveryStatements, kickEndpoints } from "./webhooks";

/** Kinds in a document's trail. Every kind but `verified` is also a webhook event `signing.<kind>`. */
export const TRAIL_KINDS = [
  "created",
  "sent",
  "delivered",
  "viewed",
  "consented",
  "verified",
  "signed",
  "completed",
  "declined",
  "voided",
  "expired",
  "reminded",
] as const;
export type TrailKind = (typeof TRAIL_KINDS)[number];

export const webhookEventName = (kind: TrailKind): string | null => (kind === "verified" ? null : `signing.${kind}`);

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
 * Runs `statements` (the state change) with the trail rows for `events` and their webhook
 * deliveries in one D1 batch. `firstSeq` is the next sequence number of the document's trail
 * (the document's sequencer owns it). Returns the event ids in order.
 */
export async function commitWithEvents(
  env: Env,
  doc: DocumentSnapshot,
  statements: D1PreparedStatement[],
  events: NewEvent[],
  firstSeq: number,
): Promise<{ eventIds: string[]; results: D1Result[] }> {
  const eventIds: string[] = [];
  const trail: D1PreparedStatement[] = [];
  const names = new Set<string>();
  events.forEach((e, i) => {
    const id = newId("evt");
    eventIds.push(id);
    trail.push(
      env.DB.prepare(
        "INSERT INTO events (id, document_id, tenant_id, mode, seq, kind, occurred_at, signer_id, signer_email, ip, user_agent, signature_method, against_sha256, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(
        id,
        doc.id,
        doc.tenantId,
        doc.mode,
        firstSeq + i,
        e.kind,
        e.occurredAt,
        e.signer?.id ?? null,
        e.signer?.email ?? null,
        e.ip ?? null,
        e.userAgent ?? null,
        e.signatureMethod ?? null,
        e.againstSha256,
        e.detail ?? null,
      ),
    );
    const name = webhookEventName(e.kind);
    if (name) {
      const d = deliveryStatements(env, { tenantId: doc.tenantId, mode: doc.mode, event: name, payload: eventPayload(name, doc, e), documentId: doc.id, documentTitle: doc.title });
      trail.push(...d.statements);
      names.add(name);
    }
  });
  // The endpoints whose queues to kick are read in the same batch (no round trip of their own).
  const lookup = names.size
    ? [
        env.DB.prepare(
          "SELECT id, events FROM webhook_endpoints WHERE tenant_id = ? AND mode = ? AND deleted_at IS NULL AND active = 1 AND paused_at IS NULL",
        ).bind(doc.tenantId, doc.mode),
      ]
    : [];
  const all = await env.DB.batch([...statements, ...trail, ...lookup]);
  const results = all.slice(0, statements.length + trail.length);
  if (lookup.length) {
    try {
      const endpoints = (all.at(-1)!.results ?? []) as { id: string; events: string }[];
      const due = endpoints.filter((r) => {
        const subscribed = JSON.parse(r.events) as string[];
        return subscribed.includes("*") || subscribed.some((n) => names.has(n));
      });
      await kickEndpoints(env, due.map((r) => r.id));
    } catch (err) {
      // The rows are committed; the cron sweep is the safety net.
      console.error(JSON.stringify({ level: "warn", webhook_kick: String(err) }));
    }
  }
  return { eventIds, results };
}
