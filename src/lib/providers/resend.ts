/**
 * Resend (https://resend.com/docs/api-reference/emails/send-email): `POST {base}/emails` with
 * `Authorization: Bearer <key>` and a JSON body; 200 `{id}` when accepted. Errors answer
 * `{statusCode, name, message}`. `Idempotency-Key` (the message id) makes a retry after a lost
 * answer safe.
 */
import { type HttpOptions, type OutgoingEmail, type SendOutcome, isPermanentStatus, parseJson, post, refusal } from "./types";

export const RESEND_API_BASE = "https://api.resend.com";

export async function sendWithResend(opts: HttpOptions & { apiKey: string }, m: OutgoingEmail): Promise<SendOutcome> {
  const body = {
    from: m.from,
    to: [m.to],
    subject: m.subject,
    text: m.text,
    html: m.html,
    ...(m.replyTo ? { reply_to: m.replyTo } : {}),
    headers: m.headers,
  };
  const r = await post(opts, "/emails", {
    headers: { authorization: `Bearer ${opts.apiKey}`, "content-type": "application/json", "idempotency-key": m.id, "user-agent": "edge-sign" },
    body: JSON.stringify(body),
  });
  if (!r.ok) return { ok: false, permanent: false, error: r.error };
  const json = parseJson(r.text);
  if (r.status >= 200 && r.status < 300) {
    const id = typeof json?.id === "string" ? json.id : null;
    return id ? { ok: true, providerMessageId: id } : { ok: false, permanent: false, error: refusal(r.status, r.text, "accepted without an id") };
  }
  const detail = typeof json?.message === "string" ? `${typeof json.name === "string" ? `${json.name}: ` : ""}${json.message}` : null;
  return { ok: false, permanent: isPermanentStatus(r.status), error: refusal(r.status, r.text, detail) };
}
