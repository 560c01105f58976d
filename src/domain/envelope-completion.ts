/** An envelope's completion: once every document of it is completed, the envelope is. */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { envelopeWithParts, markEnvelopeCompleted } from "../db/envelopes";
import { nowIso } from "../lib/ids";

/** When every document of the envelope is completed and the envelope is not yet: marks it completed (once). Safe to call any time. */
export async function settleEnvelope(env: Env, envelopeId: string): Promise<void> {
  const db = dbOf(env);
  const found = await envelopeWithParts(db, envelopeId);
  if (found?.envelope.status !== "sent") return;
  if (!found.documents.every((d) => d.status === "completed")) return;
  await markEnvelopeCompleted(db, envelopeId, nowIso());
}
