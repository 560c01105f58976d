/**
 * Re-authentication with a reason (contract "Signer identity", docs/identity.md "Re-authentication
 * with a reason"): a document sent with `reauthenticate: true` (or by an account with `part11`)
 * asks each signature for a one-time code confirmed (`/code`, `/verify`) at most 5 minutes before
 * it and for a `reason`: one of the template's `reasons`, or free text of at most 200 characters
 * when the template lists none. The reason and when the code was confirmed are stored with the
 * signature, shown in the certificate ("Approved — signed by Ana Ruiz, 2026-11-27 10:42 UTC") and
 * printed beside the signature on the sealed PDF.
 */
import { z } from "@hono/zod-openapi";
import { invalid } from "../lib/errors";
import { plainText } from "../lib/text";
import type { DocumentRecord, SignerState } from "./document-state";

export const REASONS_MAX = 10;
export const REASON_ITEM_MAX = 100;
export const FREE_REASON_MAX = 200;
/** How long before the signature the one-time code may have been confirmed. */
export const REAUTH_WINDOW_MS = 5 * 60_000;

/** A template's `reasons`: 0-10 distinct strings of 1-100 characters. */
export const Reasons = z
  .array(plainText().trim().min(1).max(REASON_ITEM_MAX))
  .max(REASONS_MAX)
  .refine((a) => new Set(a).size === a.length, "each reason at most once")
  .openapi({
    description:
      "Up to 10 reasons (1-100 characters each) a signer re-authenticating at signing picks from (`reason` of the sign body); empty: the signer writes their own (at most 200 characters).",
    example: ["Approved", "Reviewed", "Authored"],
  });

/** The sign body's `reason`, as parsed (its rules against the document's list are below). */
export const SignReason = plainText().trim().min(1).max(FREE_REASON_MAX).openapi({
  description:
    "Re-authentication only (`reauthentication_required` on the link read): the meaning of the signature, one of the link's `reasons`, or free text (at most 200 characters) when that list is empty.",
  example: "Approved",
});

/** Whether this document's signatures need a fresh code and a reason. */
export const reauthRequired = (doc: Pick<DocumentRecord, "reauthenticate">) => doc.reauthenticate;

/** Whether the signer's confirmed code is recent enough for a signature at `now`. */
export const freshCode = (s: Pick<SignerState, "codeVerifiedAt">, now: number) =>
  s.codeVerifiedAt !== null && now - Date.parse(s.codeVerifiedAt) <= REAUTH_WINDOW_MS;

/**
 * The re-authentication's checks for a signature at `now`: the code (confirmed at most 5 minutes
 * before), then the reason. Each missing part is 422 naming it. Returns what is stored, or null
 * when the document asks for none.
 */
export function reauthChecks(
  doc: Pick<DocumentRecord, "reauthenticate" | "reasons">,
  signer: Pick<SignerState, "codeVerifiedAt">,
  reason: string | undefined,
  now = Date.now(),
): { signReason: string; reauthenticatedAt: string } | null {
  if (!reauthRequired(doc)) return null;
  if (!freshCode(signer, now)) {
    throw invalid(
      "code: this signature needs a one-time code confirmed within the last 5 minutes (re-authentication).",
      "POST /v1/sign/{token}/code, then POST /v1/sign/{token}/verify with the code, then sign within 5 minutes.",
    );
  }
  const given = reason?.trim() ?? "";
  if (!given) {
    throw invalid(
      doc.reasons.length ? `reason: required; one of ${doc.reasons.map((r) => `"${r}"`).join(", ")}.` : "reason: required; say what this signature means.",
      "Send `reason` in the sign body (GET /v1/sign/{token} lists `reasons`).",
    );
  }
  if (doc.reasons.length && !doc.reasons.includes(given)) {
    throw invalid(`reason: must be one of ${doc.reasons.map((r) => `"${r}"`).join(", ")}.`);
  }
  if ([...given].length > FREE_REASON_MAX) throw invalid(`reason: at most ${FREE_REASON_MAX} characters.`);
  return { signReason: given, reauthenticatedAt: signer.codeVerifiedAt! };
}

/** The certificate's and the PDF's line: "Approved — signed by Ana Ruiz, 2026-11-27 10:42 UTC". */
export const reasonLine = (reason: string, fullName: string, signedAt: string) =>
  `${reason} — signed by ${fullName}, ${signedAt.slice(0, 10)} ${signedAt.slice(11, 16)} UTC`;
