/**
 * What comes back from the text provider (Twilio): replies to our texts and delivery status.
 *
 * - A reply that is exactly a STOP word (STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT; any case,
 *   surrounding spaces and punctuation ignored) revokes the number for every account: every
 *   account texts from the service's one sender, so the person asked that sender to stop.
 * - START or UNSTOP from the number itself lifts the revocation (recorded). The API still cannot
 *   consent a revoked number: only its owner can opt back in.
 * - HELP or INFO is answered with the help text (TwiML).
 * - A status callback with error 30003 (unreachable), 30005 (unknown number), 30006 (landline or
 *   unreachable carrier) or 21614 (not a mobile number) suppresses the number.
 *
 * Each is recorded in `sms_number_events`; other replies are neither stored nor answered (their
 * text may be personal and nobody reads it here).
 */
import type { Env } from "../env";
import { type Db, dbOf } from "../db/client";
import { everyShard } from "../db/shards";
import { insertNumberEvent, markLifted, markRevoked, markSuppressed } from "../db/sms";
import { timingSafeEqual } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { phoneNumbers } from "../lib/phone-numbers";
import { FALLBACK_COUNTRY } from "./sms-consent";

export const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const START_WORDS = ["START", "UNSTOP"] as const;
export const HELP_WORDS = ["HELP", "INFO"] as const;
/** Twilio errors that mean the number cannot receive texts. */
export const SUPPRESSING_ERRORS = ["30003", "30005", "30006", "21614"] as const;

export const HELP_TEXT =
  "Edge Sign: texts about documents you are asked to sign, sent for the business that asked you. Msg frequency varies. Msg & data rates may apply. Reply STOP to opt out.";

export type FormParams = [string, string][];

/**
 * Twilio's request signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL
 * followed by every POST parameter's name and value, sorted by name.
 * https://www.twilio.com/docs/usage/security#validating-requests
 */
export async function twilioSignature(authToken: string, url: string, params: FormParams): Promise<string> {
  const sorted = [...params].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const data = url + sorted.map(([k, v]) => k + v).join("");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data)));
  return btoa(String.fromCharCode(...mac));
}

/** Whether `signature` is Twilio's for this URL and body (constant-time compare). */
export async function twilioSignatureValid(authToken: string | undefined, url: string, params: FormParams, signature: string | undefined): Promise<boolean> {
  if (!authToken || !signature) return false;
  return timingSafeEqual(await twilioSignature(authToken, url, params), signature);
}

const first = (params: FormParams, name: string) => params.find(([k]) => k === name)?.[1] ?? null;
/** The keyword a reply is, if it is one word alone (surrounding spaces and punctuation ignored). */
const keywordOf = (body: string) =>
  body
    .trim()
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "")
    .toUpperCase();
/** The number as stored (E.164, read in the fallback country without a country code), or as written when it reads as none. */
const numberOf = async (env: Env, raw: string | null) => (raw ? ((await phoneNumbers(env.ASSETS)).toE164(raw, FALLBACK_COUNTRY) ?? raw.trim()) : null);

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
export const messageTwiml = (text: string) => `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${xmlEscape(text)}</Message></Response>`;

export type InboundOutcome = { kind: "revoked" | "lifted" | "help" | "ignored"; twiml: string };

/**
 * A reply from a number. STOP and START are answered with an empty response: the carrier and
 * Twilio's own opt-out handling confirm them (a reply of ours to a STOP would be blocked).
 */
export async function handleInbound(env: Env, params: FormParams): Promise<InboundOutcome> {
  const phone = await numberOf(env, first(params, "From"));
  const sender = first(params, "To");
  const word = keywordOf(first(params, "Body") ?? "");
  const providerRef = first(params, "MessageSid") ?? first(params, "SmsSid");
  if (!phone) return { kind: "ignored", twiml: EMPTY_TWIML };
  const at = nowIso();
  const id = newId("sne");
  const event = (db: Db, kind: "revoked" | "lifted" | "help") => insertNumberEvent(db, { id, phone, kind, sender, detail: word, providerRef, occurredAt: at });
  if ((STOP_WORDS as readonly string[]).includes(word)) {
    await onEveryShard(env, (db) => db.batch([markRevoked(db, phone, at, word, sender), event(db, "revoked")]));
    return { kind: "revoked", twiml: EMPTY_TWIML };
  }
  if ((START_WORDS as readonly string[]).includes(word)) {
    await onEveryShard(env, (db) => db.batch([markLifted(db, phone, at), event(db, "lifted")]));
    return { kind: "lifted", twiml: EMPTY_TWIML };
  }
  if ((HELP_WORDS as readonly string[]).includes(word)) {
    await onEveryShard(env, (db) => event(db, "help").run());
    return { kind: "help", twiml: messageTwiml(HELP_TEXT) };
  }
  return { kind: "ignored", twiml: EMPTY_TWIML };
}

/**
 * A number's state is the deployment's, not an account's: every shard keeps it (and its history)
 * beside its accounts' consents, so a permission is read where the account is (docs/scale.md).
 */
const onEveryShard = (env: Env, write: (db: Db) => Promise<unknown>) => Promise.all(everyShard(env).map((e) => write(dbOf(e))));

/** A delivery status callback: an unreachable or landline number is suppressed. */
export async function handleStatus(env: Env, params: FormParams): Promise<{ suppressed: boolean }> {
  const error = first(params, "ErrorCode");
  const phone = await numberOf(env, first(params, "To"));
  if (!phone || !error || !(SUPPRESSING_ERRORS as readonly string[]).includes(error)) return { suppressed: false };
  const at = nowIso();
  const id = newId("sne");
  await onEveryShard(env, (db) =>
    db.batch([
      markSuppressed(db, phone, at, error),
      insertNumberEvent(db, {
        id,
        phone,
        kind: "suppressed",
        sender: first(params, "From"),
        detail: error,
        providerRef: first(params, "MessageSid") ?? first(params, "SmsSid"),
        occurredAt: at,
      }),
    ]),
  );
  return { suppressed: true };
}
