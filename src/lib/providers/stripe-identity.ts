/**
 * Stripe Identity (https://docs.stripe.com/identity): the subset the `id_check` signer method uses
 * (docs/identity.md "ID check").
 *
 * - `POST {base}/v1/identity/verification_sessions` (Bearer secret key, form body, an
 *   `Idempotency-Key`) starts a document check with a live selfie; the answer's `url` is the
 *   provider's hosted page.
 * - After the `identity.verification_session.verified` event, the verified outputs are read with
 *   `GET /v1/identity/verification_sessions/{id}?expand[]=verified_outputs` and the document's
 *   type and issuing country from `GET /v1/identity/verification_reports/{report}`. Only the name,
 *   the document type and the country leave this module: never images, file ids, the date of
 *   birth or the document's number.
 * - Webhooks carry `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (several
 *   v1 possible); one must match (constant-time) and `t` be within 5 minutes of now.
 */
import { hmacSha256Hex, timingSafeEqual } from "../crypto";
import { type HttpOptions, parseJson, post, refusal } from "./types";

export const STRIPE_API_BASE = "https://api.stripe.com";
/** Where a verification session's `url` leads (the signer's page form redirects there). */
export const STRIPE_VERIFY_ORIGIN = "https://verify.stripe.com";
/** How far a webhook's `t` may be from now (replays of an old, correctly signed body are refused). */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

export type StripeHttp = HttpOptions & { secretKey: string };

const headers = (opts: StripeHttp) => ({
  authorization: `Bearer ${opts.secretKey}`,
  accept: "application/json",
  "user-agent": "edge-sign",
});

async function get(opts: StripeHttp, path: string): Promise<{ ok: true; json: Record<string, unknown> } | { ok: false; error: string }> {
  try {
    const res = await (opts.fetch ?? fetch)(opts.base.replace(/\/+$/, "") + path, { headers: headers(opts), signal: AbortSignal.timeout(opts.timeoutMs) });
    const text = await res.text();
    const json = parseJson(text);
    if (!res.ok || !json) return { ok: false, error: refusal(res.status, text, stripeError(json)) };
    return { ok: true, json };
  } catch (err) {
    return { ok: false, error: `network error: ${String((err as Error)?.message ?? err).slice(0, 200)}` };
  }
}

const stripeError = (json: Record<string, unknown> | null) => {
  const e = json?.error as { message?: unknown } | undefined;
  return typeof e?.message === "string" ? e.message : null;
};

export type StartedSession = { ok: true; id: string; url: string } | { ok: false; error: string };

/** Starts a verification session (document + matching live selfie) for one signer. */
export async function createVerificationSession(
  opts: StripeHttp,
  s: { signerId: string; documentId: string; returnUrl: string; idempotencyKey: string },
): Promise<StartedSession> {
  const form = new URLSearchParams({
    type: "document",
    "options[document][require_matching_selfie]": "true",
    "options[document][require_live_capture]": "true",
    return_url: s.returnUrl,
    "metadata[signer_id]": s.signerId,
    "metadata[document_id]": s.documentId,
    client_reference_id: s.signerId,
  });
  const r = await post(opts, "/v1/identity/verification_sessions", {
    headers: { ...headers(opts), "content-type": "application/x-www-form-urlencoded", "idempotency-key": s.idempotencyKey },
    body: form.toString(),
  });
  if (!r.ok) return r;
  const json = parseJson(r.text);
  if (r.status < 200 || r.status >= 300) return { ok: false, error: refusal(r.status, r.text, stripeError(json)) };
  const id = typeof json?.id === "string" && json.id.startsWith("vs_") ? json.id : null;
  const url = typeof json?.url === "string" && /^https?:\/\//.test(json.url) ? json.url : null;
  return id && url ? { ok: true, id, url } : { ok: false, error: refusal(r.status, r.text, "answered without a session id and url") };
}

export type VerifiedOutputs =
  | { ok: true; firstName: string; lastName: string; documentType: string | null; country: string | null }
  | { ok: false; error: string };

/** What the provider verified for a session: the name, and the document's type and issuing country (nothing else is kept). */
export async function readVerifiedOutputs(opts: StripeHttp, sessionId: string): Promise<VerifiedOutputs> {
  const s = await get(opts, `/v1/identity/verification_sessions/${encodeURIComponent(sessionId)}?expand[]=verified_outputs`);
  if (!s.ok) return s;
  const out = (s.json.verified_outputs ?? {}) as { first_name?: unknown; last_name?: unknown };
  const firstName = typeof out.first_name === "string" ? out.first_name : "";
  const lastName = typeof out.last_name === "string" ? out.last_name : "";
  let documentType: string | null = null;
  let country: string | null = null;
  const report = s.json.last_verification_report;
  const reportId = typeof report === "string" ? report : typeof (report as { id?: unknown })?.id === "string" ? (report as { id: string }).id : null;
  if (reportId) {
    const r = await get(opts, `/v1/identity/verification_reports/${encodeURIComponent(reportId)}`);
    if (!r.ok) return r;
    const doc = (r.json.document ?? {}) as { type?: unknown; issuing_country?: unknown };
    documentType = typeof doc.type === "string" && /^[a-z_]{1,40}$/.test(doc.type) ? doc.type : null;
    country = typeof doc.issuing_country === "string" && /^[A-Z]{2}$/.test(doc.issuing_country) ? doc.issuing_country : null;
  }
  return { ok: true, firstName, lastName, documentType, country };
}

/** Whether `Stripe-Signature` signs this raw body with the secret, at a `t` within 5 minutes of `nowS`. */
export async function stripeSignatureValid(secret: string, header: string | null | undefined, rawBody: string, nowS = Math.floor(Date.now() / 1000)) {
  if (!header) return false;
  let t: string | null = null;
  const v1: string[] = [];
  for (const part of header.split(",")) {
    const [k, ...rest] = part.trim().split("=");
    const v = rest.join("=");
    if (k === "t") t = v;
    else if (k === "v1") v1.push(v.toLowerCase());
  }
  if (!t || !/^\d{1,12}$/.test(t) || v1.length === 0) return false;
  if (Math.abs(nowS - Number(t)) > STRIPE_SIGNATURE_TOLERANCE_S) return false;
  const expected = await hmacSha256Hex(secret, `${t}.${rawBody}`);
  let ok = false;
  for (const sig of v1) ok = timingSafeEqual(sig, expected) || ok;
  return ok;
}
