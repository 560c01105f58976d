/**
 * Twilio Programmable Messaging (https://www.twilio.com/docs/messaging/api/message-resource):
 * `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP Basic with the account SID
 * and auth token, a form body (`To`, `From`, `Body`, `StatusCallback`); 201 `{sid, status}` when
 * accepted. Refusals answer `{code, message, status}` (21211 invalid number, 21610 the number
 * replied STOP, 21614 not a mobile number); 429 and 5xx are worth a retry.
 */
import { type HttpOptions, type OutgoingSms, type SendOutcome, isPermanentStatus, parseJson, post, refusal } from "./types";

export const TWILIO_API_BASE = "https://api.twilio.com";

export async function sendWithTwilio(opts: HttpOptions & { accountSid: string; authToken: string }, m: OutgoingSms): Promise<SendOutcome> {
  const form = new URLSearchParams({ To: m.to, From: m.from, Body: m.text });
  if (m.statusCallback) form.set("StatusCallback", m.statusCallback);
  const r = await post(opts, `/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`, {
    headers: {
      authorization: `Basic ${btoa(`${opts.accountSid}:${opts.authToken}`)}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      "user-agent": "edge-sign",
    },
    body: form.toString(),
  });
  if (!r.ok) return { ok: false, permanent: false, error: r.error };
  const json = parseJson(r.text);
  if (r.status >= 200 && r.status < 300) {
    const sid = typeof json?.sid === "string" ? json.sid : null;
    return sid ? { ok: true, providerMessageId: sid } : { ok: false, permanent: false, error: refusal(r.status, r.text, "accepted without a sid") };
  }
  const detail = typeof json?.message === "string" ? `${json.code ?? ""} ${json.message}`.trim() : null;
  return { ok: false, permanent: isPermanentStatus(r.status), error: refusal(r.status, r.text, detail) };
}
