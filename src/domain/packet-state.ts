/**
 * A packet's state, kept in the batch that changes one of its items: the recount
 * (`recomputePacket`) and the packet's event, written only by the batch that moved the packet into
 * that state. An import (src/domain/packets.ts) and a document's own commits
 * (src/domain/transitions.ts, through `followDocument`) both end their batches with these.
 */
import type { SQL } from "drizzle-orm";
import { dbOf } from "../db/client";
import type { Env, Mode } from "../env";
import { PACKET_ITEM_STATUSES, type PacketItemStatus, type PacketStatus } from "./vocabulary";
import type { Statement } from "../db/signing";
import { type Owner, itemFollowsDocument, packetChangedTo, packetEventPayload, packetOfItem, packetState, recomputePacket } from "../db/packets";
import { randomHex } from "../lib/crypto";
import { deliveryQueries, kickDeliveryQueues } from "./webhooks";

/**
 * The packet's recount and its two possible events, for the end of a batch that changed an
 * item: each delivery is written only if this batch (`token`) moved the packet into that state.
 */
export function packetChangeStatements(env: Env, o: Owner, packetId: string | SQL, at: string, token: string): Statement[] {
  const db = dbOf(env);
  const queriesFor = (status: "ready" | "blocked") => {
    const event = `packet.${status}`;
    return deliveryQueries(db, {
      tenantId: o.tenantId,
      mode: o.mode,
      event,
      payload: packetEventPayload(packetId, event, at),
      documentId: null,
      documentTitle: null,
      when: packetChangedTo(packetId, token, status),
    }).queries;
  };
  const [ready, trim] = queriesFor("ready");
  // The trim of full holds is the same statement for both events (the account's and mode's closed endpoints): once, after both inserts.
  const [blocked] = queriesFor("blocked");
  return [...recomputePacket(db, packetId, at, token), ready, blocked, trim];
}

/** After the batch: when it moved the packet to ready or blocked, the endpoints' queues are told (the cron sweep is the net). */
export async function announce(env: Env, o: Owner, state: { status: PacketStatus; changedBy: string | null }, token: string) {
  if (state.changedBy !== token || state.status === "open") return;
  await kickDeliveryQueues(env, [{ tenantId: o.tenantId, mode: o.mode, event: `packet.${state.status}` }]);
}

/**
 * What a document's commit adds when the document belongs to a packet item and its state changes:
 * the item follows (`sent` makes it the item's current document), then the packet is recounted.
 * `after` reads the packet back; `done` (with those results) tells the webhook queues.
 */
export function followDocument(
  env: Env,
  doc: { id: string; tenantId: string; mode: string; packetItemId: string | null; status: string },
  nextStatus: string,
  at: string,
) {
  if (!doc.packetItemId || nextStatus === doc.status || !(PACKET_ITEM_STATUSES as readonly string[]).includes(nextStatus)) return null;
  const db = dbOf(env);
  const o = { tenantId: doc.tenantId, mode: doc.mode as Mode };
  const packetId = packetOfItem(db, doc.packetItemId);
  const token = randomHex(8);
  return {
    statements: [itemFollowsDocument(db, doc.packetItemId, doc.id, nextStatus as PacketItemStatus, at), ...packetChangeStatements(env, o, packetId, at, token)],
    after: [packetState(db, packetId)] as Statement[],
    done: async (afterResults: unknown[]) => {
      const state = (afterResults[0] as { status: PacketStatus; changedBy: string | null }[] | undefined)?.[0];
      if (state) await announce(env, o, state, token);
    },
  };
}
