/**
 * The one input schema of each signer command (consent, supply a field, sign, decline, and the
 * page's submit of answers with the signature). The JSON routes `/v1/sign/{token}/…` declare
 * them, the signer's page forms parse through them, and the document's sequencer parses what it
 * is given again, so a rule lives in one place whichever face a signer uses.
 * Strings are built from `src/lib/text.ts`; closed lists come from `src/domain/vocabulary.ts`.
 */
import { z } from "@hono/zod-openapi";
import { SIGNATURE_METHODS } from "./vocabulary";
import { validationError } from "../lib/errors";
import { firstJsonProblem, plainText, text, tooDeepPath } from "../lib/text";
import { FIELD_KEY_PATTERN } from "./templates";
import { REASON_MAX, Reason } from "./reason";
import { SignReason } from "./reauthentication";
import { DisclosureAccepted } from "./consumer-disclosure";
import { Locale } from "./locale";

export const DECLINE_REASON_MAX = REASON_MAX;
export const FIELD_VALUE_MAX = 20_000;
export const FIELD_ABOUT_MAX = 200;
export const SIGNATURE_VALUE_MAX = 400_000;
export const CAPTURED_MAX_BYTES = 4096;

export const Captured = z
  .object({ at: z.iso.datetime({ offset: true }) })
  .catchall(z.unknown())
  // Measured only when it nests within bounds (the check below names the place otherwise).
  .refine((o) => tooDeepPath(o) !== null || JSON.stringify(o).length <= CAPTURED_MAX_BYTES, "at most 4 KB")
  .superRefine((o, ctx) => {
    const bad = firstJsonProblem(o);
    if (bad) ctx.addIssue({ code: "custom", path: bad.path, message: bad.message });
  })
  .openapi({ description: "A signature taken offline: `at` is the device's clock; other keys (device, …) are kept as given." });
export type Captured = z.infer<typeof Captured>;

export const ConsentCommand = z
  .object({
    captured: Captured.optional(),
    disclosure_accepted: DisclosureAccepted.optional(),
    lang: Locale.optional().openapi({
      description:
        "The language the signer read the service's consent wording (`consent/1`) in, when the caller showed a translation (docs/languages.md \"Legal wording\"): the trail's `consented` event records it with the SHA-256 of that translation. Default `en`, the wording `consent_text` gives. A template's own wording is recorded as it is, whatever the language.",
    }),
  })
  .strict();
export type ConsentCommand = z.infer<typeof ConsentCommand>;

export const SupplyFieldCommand = z
  .object({
    key: z.string().regex(FIELD_KEY_PATTERN),
    value: text()
      .max(SIGNATURE_VALUE_MAX)
      .openapi({ description: "The answer: at most 400,000 characters for a signature field, 20,000 for text, 10 for initials (each kind's rule applies)." }),
    about: text().max(FIELD_ABOUT_MAX).nullable().optional(),
  })
  .strict();
export type SupplyFieldCommand = z.infer<typeof SupplyFieldCommand>;

const SignatureValue = text().min(1).max(SIGNATURE_VALUE_MAX).openapi({
  description:
    "1-400,000 characters for every method: the signer's name (typed, clicked), or a PNG or JPEG data URL of at most 2000 × 1000 pixels (drawn, uploaded).",
});

/**
 * The sign body as `POST /v1/sign/{token}/sign` publishes it in /openapi.json: one object whose
 * `method` is any of the four. The route declares it; `SignCommand` below is what it means.
 */
export const SignBody = z
  .object({
    method: z.enum(SIGNATURE_METHODS),
    value: SignatureValue,
    captured: Captured.optional(),
    reason: SignReason.optional(),
  })
  .strict();

/** Methods whose value is the signer's name: typed, or clicked (the name on the link). A name of spaces only is refused when signing. */
export const NAME_METHODS = ["typed", "clicked"] as const satisfies readonly (typeof SIGNATURE_METHODS)[number][];
/** Methods whose value is a picture: a PNG or JPEG data URL, re-encoded by the service when signing. */
export const PICTURE_METHODS = ["drawn", "uploaded"] as const satisfies readonly (typeof SIGNATURE_METHODS)[number][];

/**
 * The signature, one command discriminated by its method: a name or a picture. Accepts exactly
 * what `SignBody` accepts; the API route, the signer's page (inside `SubmitCommand`) and the
 * document's sequencer all parse with it, and the sequencer's rules narrow on `method`.
 */
export const SignCommand = z.discriminatedUnion("method", [
  z.object({ method: z.enum(NAME_METHODS), value: SignatureValue, captured: Captured.optional(), reason: SignReason.optional() }).strict(),
  z.object({ method: z.enum(PICTURE_METHODS), value: SignatureValue, captured: Captured.optional(), reason: SignReason.optional() }).strict(),
]);
export type SignCommand = z.infer<typeof SignCommand>;

/** A one-time code as the signer types it (spaces and dashes are ignored when it is checked). */
export const VerifyCodeCommand = z
  .object({ code: text().min(4).max(12).openapi({ description: "The code received (6 digits; 4-12 characters accepted)", example: "482913" }) })
  .strict();
export type VerifyCodeCommand = z.infer<typeof VerifyCodeCommand>;

/** An access code as the business gave it to the signer (compared exactly). */
export const AccessCodeCommand = z
  .object({ code: text().min(1).max(256).openapi({ description: "The access code the business gave you (4-64 characters)", example: "blue-harbour-42" }) })
  .strict();
export type AccessCodeCommand = z.infer<typeof AccessCodeCommand>;

export const DeclineCommand = z.object({ reason: Reason }).strict();
/** An approver's approval: an optional note (kept with the approval, in the trail and the certificate). */
export const ApproveCommand = z.object({ note: plainText().trim().min(1).max(REASON_MAX).optional() }).strict();
export type ApproveCommand = z.infer<typeof ApproveCommand>;
export const AcknowledgeCommand = z.object({}).strict();
export type AcknowledgeCommand = z.infer<typeof AcknowledgeCommand>;
export type DeclineCommand = z.infer<typeof DeclineCommand>;

/**
 * The page's sign form as one command: every answer it holds and the signature, stored together
 * or not at all. `answers` maps field keys to values; an absent key leaves that answer as it is.
 */
export const SubmitCommand = z
  .object({
    answers: z.record(z.string().regex(FIELD_KEY_PATTERN), text().max(SIGNATURE_VALUE_MAX)),
    signature: SignCommand,
  })
  .strict();
export type SubmitCommand = z.infer<typeof SubmitCommand>;

/** Parses a command or throws the same 422 `invalid` the JSON routes answer. */
export function parseCommand<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw validationError(r.error.issues, "body");
  return r.data;
}
