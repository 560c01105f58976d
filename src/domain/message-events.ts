/**
 * What messages put on a document's trail. They run inside the document's DocumentSequencer (the
 * owner of the trail's sequence numbers), one call per document and batch of messages.
 */
import type { Env } from "../env";
import type { MessageChannel, MessagePurpose } from "./vocabulary";
import { commitWithEvents, type NewEvent } from "./events";
import { type SequencerState, nextSeq, signerSnapshot, snapshot } from "./document-state";

export type DeliveredItem = { signerId: string; messageId: string; channel: MessageChannel; purpose: MessagePurpose };

/** A link or reminder a provider took: `delivered` on the trail and `signing.delivered` to webhooks, one per message. */
export async function recordDelivered(env: Env, st: SequencerState, items: DeliveredItem[]) {
  const at = new Date().toISOString();
  const events: NewEvent[] = [];
  for (const it of items) {
    const signer = st.signers.find((s) => s.id === it.signerId);
    if (!signer) continue;
    events.push({
      kind: "delivered",
      occurredAt: at,
      signer: signerSnapshot(signer),
      againstSha256: st.doc.bodySha256,
      detail: `${it.purpose === "signing.reminder" ? "Reminder" : "Signing link"} accepted by the ${it.channel === "sms" ? "text" : "email"} provider (message ${it.messageId}).`,
    });
  }
  if (events.length === 0) return { recorded: 0 };
  await commitWithEvents(env, snapshot(st.doc), [], events, nextSeq(st));
  st.lastSeq += events.length;
  return { recorded: events.length };
}
