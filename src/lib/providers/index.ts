/**
 * The providers this deployment uses, chosen by its secrets (src/lib/config.ts): email through
 * the outbox (default), Resend or Postmark; texts through the outbox (default) or Twilio. Each
 * real provider's base URL can be overridden (`EMAIL_API_BASE`, `TWILIO_API_BASE`), so tests and
 * the benchmark run the real adapter against a local server that speaks the provider's API.
 */
import type { MessageProvider } from "../../domain/vocabulary";
import { type ConfigVars, configOf, publicBaseUrl } from "../config";
import { POSTMARK_API_BASE, sendWithPostmark } from "./postmark";
import { RESEND_API_BASE, sendWithResend } from "./resend";
import { TWILIO_API_BASE, sendWithTwilio } from "./twilio";
import type { OutgoingEmail, OutgoingSms, SendOutcome } from "./types";

export type { OutgoingEmail, OutgoingSms, SendOutcome } from "./types";

/** How long one call to a provider may take before it counts as a transient failure. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** The From of emails when none is configured (the outbox only). */
export const DEFAULT_EMAIL_FROM = "Edge Sign <no-reply@localhost>";

export type Carrier<M> = { name: MessageProvider; from: string; send: (m: M) => Promise<SendOutcome> };

/** The outbox: the message stays in D1 (readable at GET /ops/v1/outbox); acceptance is immediate. */
const outboxSend = async (m: { id: string }): Promise<SendOutcome> => ({ ok: true, providerMessageId: m.id });

export function emailCarrier(env: ConfigVars, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}): Carrier<OutgoingEmail> {
  const c = configOf(env);
  const timeoutMs = opts.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const from = c.EMAIL_FROM ?? DEFAULT_EMAIL_FROM;
  switch (c.EMAIL_PROVIDER ?? "outbox") {
    case "resend": {
      const http = { base: c.EMAIL_API_BASE ?? RESEND_API_BASE, timeoutMs, fetch: opts.fetch, apiKey: c.EMAIL_API_KEY! };
      return { name: "resend", from, send: (m) => sendWithResend(http, m) };
    }
    case "postmark": {
      const http = { base: c.EMAIL_API_BASE ?? POSTMARK_API_BASE, timeoutMs, fetch: opts.fetch, apiKey: c.EMAIL_API_KEY! };
      return { name: "postmark", from, send: (m) => sendWithPostmark(http, m) };
    }
    default:
      return { name: "outbox", from, send: outboxSend };
  }
}

export function smsCarrier(env: ConfigVars, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}): Carrier<OutgoingSms> & { statusCallback: string | null } {
  const c = configOf(env);
  const timeoutMs = opts.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  if (c.SMS_PROVIDER === "twilio") {
    const http = {
      base: c.TWILIO_API_BASE ?? TWILIO_API_BASE,
      timeoutMs,
      fetch: opts.fetch,
      accountSid: c.TWILIO_ACCOUNT_SID!,
      authToken: c.TWILIO_AUTH_TOKEN!,
    };
    return { name: "twilio", from: c.TWILIO_FROM!, statusCallback: `${publicBaseUrl(env)}/hooks/sms/twilio/status`, send: (m) => sendWithTwilio(http, m) };
  }
  return { name: "outbox", from: "outbox", statusCallback: null, send: outboxSend };
}
