/** An envelope's status and each person's, derived from its documents' (the one rule, unit-tested in test/envelopes.test.ts). */
import type { DocumentStatus, SignerStatus } from "./vocabulary";
import { invalid } from "../lib/errors";

/** A document of an envelope issues no link of its own (fresh link, reminder, correction): its people's links are the envelope's. */
export const envelopeOwnsLinks = (envelopeId: string) =>
  invalid(`This document is part of envelope ${envelopeId}; its signers' links are the envelope's, so the document issues none of its own.`);

/**
 * `voided` once the envelope is voided; `completed` when every document completed; `sent` while
 * any document is sent; otherwise how its documents ended (declined, then expired, then voided).
 */
export function envelopeStatus(stored: DocumentStatus, documents: readonly DocumentStatus[]): DocumentStatus {
  if (stored === "voided") return "voided";
  if (documents.length > 0 && documents.every((s) => s === "completed")) return "completed";
  for (const s of ["sent", "declined", "expired", "voided"] as const) if (documents.includes(s)) return s;
  return stored;
}

/** A person's status across the envelope's documents: declined in any, signed in all, else pending. */
export function envelopeSignerStatus(statuses: readonly SignerStatus[]): SignerStatus {
  if (statuses.includes("declined")) return "declined";
  if (statuses.length > 0 && statuses.every((s) => s === "signed")) return "signed";
  return "pending";
}
