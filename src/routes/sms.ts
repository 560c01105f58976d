/**
 * Text messages: consent recorded through the API (`/v1/sms-consents`) and, from the provider,
 * inbound replies and delivery status (`/hooks/sms/twilio…`). The rules live in
 * src/domain/sms-consent.ts and src/domain/sms-inbound.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { SMS_CONSENT_PURPOSES, SMS_WHY_NOT } from "../domain/vocabulary";
import { createRouter, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors } from "../http/router";
import { ConsentQuery, ConsentRecord, queryConsent, recordConsent } from "../domain/sms-consent";
import { type FormParams, handleInbound, handleStatus, twilioSignatureValid } from "../domain/sms-inbound";
import { ApiError } from "../lib/errors";
import { configOf, publicBaseUrl } from "../lib/config";

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
    request: jsonBody(ConsentRecord, {
      phone: "+34612345678",
      obtained_via: "Booking form checkbox, 2026-11-20",
      wording: "I agree to receive signing links and reminders by text message at this number.",
    }),
    responses: {
      200: jsonResponse(
        z.object({ phone: z.string().openapi({ description: "E.164" }), purposes: z.array(z.enum(SMS_CONSENT_PURPOSES)) }).openapi("SmsConsentRecorded"),
        "Recorded",
        { phone: "+34612345678", purposes: ["signing.link", "signing.reminder", "signing.completed"] },
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
    request: { query: ConsentQuery },
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
        { phone: "+34612345678", may_text: true, why_not: null, obtained_via: "Booking form checkbox, 2026-11-20", obtained_at: "2026-11-20T09:12:00.000Z" },
      ),
      ...keyedErrors,
    },
  }),
  // A repeated `phone` reaches the schema as an array and is refused there (422 naming phone).
  async (c) => c.json(await queryConsent(c.env, c.get("principal"), c.req.valid("query").phone), 200),
);

// ————— from the provider —————

/** The form body as name/value pairs in order (a body that is not a form has none). */
async function formParams(req: Request): Promise<FormParams> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded/i.test(type)) return [];
  return [...new URLSearchParams(await req.text()).entries()];
}

/**
 * Twilio signs each request with the account's auth token over the URL it called, which is the
 * public one (PUBLIC_BASE_URL + path and query; the Host a request arrives with is not trusted).
 * Unsigned, wrongly signed, or no TWILIO_AUTH_TOKEN configured: 403 and nothing recorded.
 */
async function signedParams(c: Context<AppEnv>): Promise<FormParams> {
  const url = new URL(c.req.url);
  const params = await formParams(c.req.raw);
  const ok = await twilioSignatureValid(
    configOf(c.env).TWILIO_AUTH_TOKEN,
    publicBaseUrl(c.env) + url.pathname + url.search,
    params,
    c.req.header("x-twilio-signature"),
  );
  if (!ok)
    throw new ApiError("forbidden", "This request is not signed by the text provider.", "Twilio signs with X-Twilio-Signature using the account's auth token.");
  return params;
}

const hook = { hide: true as const, tags: ["sms"], security: [] as { [k: string]: string[] }[], "x-auth": "provider signature" };
const refused = { 403: { description: "Not signed by the provider" } };

sms.openapi(
  createRoute({
    ...hook,
    method: "post",
    path: "/hooks/sms/twilio",
    operationId: "twilioInbound",
    summary: "A reply to one of our texts: STOP words revoke, START/UNSTOP lift, HELP/INFO answered",
    responses: { 200: { description: "TwiML", content: { "text/xml": { schema: z.string() } } }, ...refused },
  }),
  async (c) => {
    const r = await handleInbound(c.env, await signedParams(c));
    return c.body(r.twiml, 200, { "Content-Type": "text/xml; charset=utf-8" });
  },
);

sms.openapi(
  createRoute({
    ...hook,
    method: "post",
    path: "/hooks/sms/twilio/status",
    operationId: "twilioStatus",
    summary: "Delivery status of one of our texts: errors 30003, 30005, 30006 and 21614 suppress the number",
    responses: { 204: { description: "Noted" }, ...refused },
  }),
  async (c) => {
    await handleStatus(c.env, await signedParams(c));
    return c.body(null, 204);
  },
);
