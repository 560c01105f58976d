/**
 * Text messages: consent recorded through the API (`/v1/sms-consents`) and, from the provider,
 * inbound replies and delivery status (`/hooks/sms/twilio…`). The rules live in
 * src/domain/sms-consent.ts and src/domain/sms-inbound.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { SMS_CONSENT_PURPOSES, SMS_WHY_NOT } from "../db/enums";
import { createRouter, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors } from "../lib/router";
import { text } from "../lib/text";
import { queryConsent, recordConsent } from "../domain/sms-consent";

const Phone = text().min(7).max(20).openapi({
  description: "7-20 characters, any common formatting; without a country code it is read in the account's country (US when none is set)",
  example: "+1 415 555 0123",
});

const ConsentRecord = z
  .object({
    phone: Phone,
    obtained_via: text().min(3).max(200).openapi({ description: "How and where consent was collected (3-200 characters), stored verbatim" }),
    wording: text().min(20).max(2000).openapi({
      description:
        "The words the person agreed to (20-2000 characters), stored verbatim. Must state all four disclosures, recognised case-insensitively: replying STOP opts out; HELP gets help; message and data rates may apply (or msg & data rates); message frequency (varies, or a number per period).",
    }),
  })
  .strict()
  .openapi("SmsConsentRecord");

export const sms = createRouter();

sms.openapi(
  createRoute({
    method: "post",
    path: "/v1/sms-consents",
    operationId: "recordSmsConsent",
    tags: ["sms"],
    summary: "Record consent, collected elsewhere, to text a number",
    description:
      "Consent covers exactly the three purposes signing.link, signing.reminder and signing.completed; no other purpose exists or is accepted. A wording missing any disclosure is 422 naming each missing one, and nothing is recorded. A number that replied STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) is 422 saying it opted out: only the number itself lifts that, by texting START or UNSTOP. Recording again for the same number keeps the earlier record; the newest one is shown.",
    ...keyed("signing:write", { idempotent: "sms_consents.record" }),
    request: jsonBody(ConsentRecord),
    responses: {
      200: jsonResponse(
        z.object({ phone: z.string().openapi({ description: "E.164" }), purposes: z.array(z.enum(SMS_CONSENT_PURPOSES)) }).openapi("SmsConsentRecorded"),
        "Recorded",
      ),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => c.json(await recordConsent(c.env, c.get("principal"), c.req.valid("json")), 200),
);

sms.openapi(
  createRoute({
    method: "get",
    path: "/v1/sms-consents",
    operationId: "getSmsConsent",
    tags: ["sms"],
    summary: "May this account text one number, and if not why not (never a list)",
    description:
      "Answers for exactly one number: `phone` is required and given once. `may_text` is true only when consent is on record and the number neither replied STOP (`revoked`) nor was reported unreachable or a landline by the carrier (`suppressed`); `no_consent` when none is recorded. `obtained_via` and `obtained_at` are those of the newest consent on record, or null.",
    ...keyed("signing:read"),
    request: { query: z.object({ phone: Phone }) },
    responses: {
      200: jsonResponse(
        z
          .object({
            phone: z.string().openapi({ description: "E.164" }),
            may_text: z.boolean(),
            why_not: z.enum(SMS_WHY_NOT).nullable(),
            obtained_via: z.string().nullable(),
            obtained_at: z.string().nullable(),
          })
          .openapi("SmsConsentAnswer"),
        "The answer for this number",
      ),
      ...keyedErrors,
    },
  }),
  // A repeated `phone` reaches the schema as an array and is refused there (422 naming phone).
  async (c) => c.json(await queryConsent(c.env, c.get("principal"), c.req.valid("query").phone), 200),
);
