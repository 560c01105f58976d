/**
 * Postmark (https://postmarkapp.com/developer/api/email-api): `POST {base}/email` with
 * `X-Postmark-Server-Token` and a JSON body on the transactional `outbound` stream; 200
 * `{MessageID, ErrorCode: 0}` when accepted. Refusals answer 422 `{ErrorCode, Message}`
 * (e.g. 300 invalid address, 406 inactive recipient), 401 for a bad token, 500/503 when down.
 */
import { type HttpOptions, type OutgoingEmail, type SendOutcome, isPermanentStatus, parseJson, post, refusal } from "./types";

export const POSTMARK_API_BASE = "https://api.postmarkapp.com";

export async function sendWithPostmark(opts: HttpOptions & { apiKey: string }, m: OutgoingEmail): Promise<SendOutcome> {
  const body = {
    From: m.from,
    To: m.to,
    Subject: m.subject,
    TextBody: m.text,
    HtmlBody: m.html,
    ...(m.replyTo ? { ReplyTo: m.replyTo } : {}),
    Headers: Object.entries(m.headers).map(([Name, Value]) => ({ Name, Value })),
    MessageStream: "outbound",
    TrackOpens: false,
    TrackLinks: "None",
    Metadata: { message_id: m.id },
  };
  const r = await post(opts, "/email", {
    headers: { "x-postmark-server-token": opts.apiKey, accept: "application/json", "content-type": "application/json", "user-agent": "edge-sign" },
    body: JSON.stringify(body),
  });
  if (!r.ok) return { ok: false, permanent: false, error: r.error };
  const json = parseJson(r.text);
  if (r.status >= 200 && r.status < 300 && (json?.ErrorCode ?? 0) === 0) {
    const id = typeof json?.MessageID === "string" ? json.MessageID : null;
    return id ? { ok: true, providerMessageId: id } : { ok: false, permanent: false, error: refusal(r.status, r.text, "accepted without a MessageID") };
  }
  const detail = typeof json?.Message === "string" ? `${json.ErrorCode ?? ""} ${json.Message}`.trim() : null;
  return { ok: false, permanent: isPermanentStatus(r.status), error: refusal(r.status, r.text, detail) };
}
