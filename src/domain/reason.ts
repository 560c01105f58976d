/**
 * The one reason a person gives for an act that ends something (void, decline, revoke a key,
 * delete a webhook endpoint, end an OAuth connection, redact): trimmed, 1-500 characters of
 * well-formed text. Every face (API, operator API, dashboard, signer's page) parses with these;
 * none restates the rule. Unnamed in /openapi.json: each use is inlined where it stands.
 */
import { z } from "@hono/zod-openapi";
import { plainText, text } from "../lib/text";

export const REASON_MAX = 500;

/** A reason: trimmed, 1-500 characters of well-formed text. */
export const Reason = text().trim().min(1).max(REASON_MAX);

/** A body or form that holds only a reason (revoke a key, end a connection from the dashboard). */
export const ReasonInput = z.object({ reason: Reason }).strict();

/**
 * A reason that is also free of bidirectional controls, where it is kept beside erased personal
 * data (redaction).
 */
export const PlainReason = plainText().trim().min(1).max(REASON_MAX);

/**
 * The operator API's reason for ending an OAuth connection: free of bidirectional controls and
 * kept as sent (not trimmed), as that route has always taken it.
 */
export const UntrimmedPlainReason = plainText().min(1).max(REASON_MAX);
