/**
 * Consent to text a number (the spec's "SMS consent", behaviour rules 5-7): recorded through the
 * API with the wording the person agreed to, which must state the four disclosures; refused for
 * a number that replied STOP; and the one question every sender of texts asks, `textPermission`:
 * may this account text this number now, and if not, why not.
 *
 * Consent belongs to the account (both modes; the recording key's mode is kept). A STOP, START or
 * carrier error belongs to the number, for every account that texts from the service's sender
 * (src/domain/sms-inbound.ts).
 */
import { dbOf } from "../db/client";
import { z } from "@hono/zod-openapi";
import type { Env, Principal } from "../env";
import { text } from "../lib/text";
import { SMS_CONSENT_PURPOSES, type SmsWhyNot } from "./vocabulary";
import type { Db } from "../db/client";
import { type SmsConsentRow, type SmsNumberRow, consentAndNumber, insertConsent, latestConsent, numberState, tenantDefaultCountry } from "../db/sms";
import { invalid } from "../lib/errors";
import { newId, nowIso } from "../lib/ids";
import { type CountryCode, type PhoneNumbers, phoneNumbers } from "../lib/phone-numbers";

export type TextPermission = { may_text: boolean; why_not: SmsWhyNot | null };

/** The country assumed for a number written without a country code when the account sets none. */
export const FALLBACK_COUNTRY: CountryCode = "US";

/** The account's default country if it is one libphonenumber knows, else US. */
export function countryOrFallback(phones: PhoneNumbers, country: string | null | undefined): CountryCode {
  const c = country?.toUpperCase();
  return c && phones.isCountry(c) ? c : FALLBACK_COUNTRY;
}

/** E.164 of a number, read in the account's default country when it has no country code; 422 naming `field` when it is not a number. */
export async function accountE164(env: Env, tenantId: string, raw: string, field = "phone"): Promise<string> {
  const [phones, stored] = await Promise.all([phoneNumbers(env.ASSETS), tenantDefaultCountry(dbOf(env), tenantId)]);
  const country = countryOrFallback(phones, stored);
  const e164 = phones.toE164(raw, country);
  if (!e164)
    throw invalid(`${field}: not a valid phone number (read in ${country} when it has no country code).`, "Write it with its country code, e.g. +14155550123.");
  return e164;
}

/**
 * The four disclosures every consent wording must state (rule 5), each recognised
 * case-insensitively: how to opt out (STOP), how to get help (HELP), that message and data rates
 * may apply (also "msg & data rates"), and the message frequency ("varies" or a number per period).
 */
export const DISCLOSURES: { name: string; present: (w: string) => boolean }[] = [
  { name: "replying STOP opts out", present: (w) => /\bstop\b/i.test(w) },
  { name: "HELP gets help", present: (w) => /\bhelp\b/i.test(w) },
  {
    name: "message and data rates may apply",
    present: (w) => /\b(?:messages?|msgs?)\s*(?:and|&|\+)\s*data\s+rates?\b/i.test(w),
  },
  {
    name: "message frequency (varies, or a number per period)",
    present: (w) =>
      /\bvar(?:y|ies)\b/i.test(w) ||
      /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|up to \d+)\s*(?:[a-z]+\s+){0,3}?(?:\/|per|a|an|each|every)\s*(?:hour|day|week|month|quarter|year)s?\b/i.test(
        w,
      ) ||
      /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:msgs?|messages?|texts?)\s*(?:\/|per)\s*(?:hr|hour|day|wk|week|mo|month|year|yr)\b/i.test(
        w,
      ),
  },
];

/** The disclosures a wording does not state, in the order above. */
export const missingDisclosures = (wording: string): string[] => DISCLOSURES.filter((d) => !d.present(wording)).map((d) => d.name);

/** Rules 6 and 7: texting needs live consent and a number that is neither revoked nor suppressed. */
export function permissionOf(consent: SmsConsentRow | undefined, number: SmsNumberRow | undefined): TextPermission {
  if (number?.revokedAt) return { may_text: false, why_not: "revoked" };
  if (number?.suppressedAt) return { may_text: false, why_not: "suppressed" };
  if (!consent) return { may_text: false, why_not: "no_consent" };
  return { may_text: true, why_not: null };
}

/**
 * May this account text this number now? `phoneE164` is the number as stored on a signer (E.164);
 * anything else matches no consent and answers `no_consent`. One D1 round trip.
 */
export async function textPermission(env: Env, tenantId: string, phoneE164: string): Promise<{ may_text: boolean; why_not: string | null }> {
  const { consent, number } = await consentAndNumber(dbOf(env), tenantId, phoneE164);
  return permissionOf(consent, number);
}

/** `textPermission` for several numbers, as reads for the caller's batch (two per number); `textPermissionsOf` reads their answers. */
export const textPermissionReads = (db: Db, tenantId: string, phonesE164: readonly string[]) =>
  phonesE164.flatMap((ph) => [latestConsent(db, tenantId, ph), numberState(db, ph)] as const);

/** The answers of `textPermissionReads` (in its order), per number. */
export function textPermissionsOf(phonesE164: readonly string[], results: readonly unknown[]): Map<string, TextPermission> {
  return new Map(phonesE164.map((ph, i) => [ph, permissionOf((results[2 * i] as SmsConsentRow[])[0], (results[2 * i + 1] as SmsNumberRow[])[0])] as const));
}

/** `textPermission` for several numbers in one round trip (none for no numbers). */
export async function textPermissions(env: Env, tenantId: string, phonesE164: readonly string[]): Promise<Map<string, TextPermission>> {
  if (phonesE164.length === 0) return new Map();
  const db = dbOf(env);
  const [first, ...rest] = textPermissionReads(db, tenantId, phonesE164);
  return textPermissionsOf(phonesE164, await db.batch([first!, ...rest]));
}

/** A phone number as a caller writes it (`POST /v1/sms/consent`, `GET /v1/sms/consent?phone=`). */
export const ConsentPhone = text().min(7).max(20).openapi({
  description: "7-20 characters, any common formatting; without a country code it is read in the account's country (US when none is set)",
  example: "+1 415 555 0123",
});

/** `POST /v1/sms/consent`'s body (`recordConsent`). */
export const ConsentRecord = z
  .object({
    phone: ConsentPhone,
    obtained_via: text().min(3).max(200).openapi({ description: "How and where consent was collected (3-200 characters), stored verbatim" }),
    wording: text().min(20).max(2000).openapi({
      description:
        "The words the person agreed to (20-2000 characters), stored verbatim. Must state all four disclosures, recognised case-insensitively: replying STOP opts out; HELP gets help; message and data rates may apply (or msg & data rates); message frequency (varies, or a number per period).",
    }),
  })
  .strict()
  .openapi("SmsConsentRecord");

/** `GET /v1/sms/consent`'s query (`queryConsent`). */
export const ConsentQuery = z.object({ phone: ConsentPhone });

export type ConsentInput = { phone: string; obtained_via: string; wording: string };

/**
 * Records consent for the three purposes. Refused (422, nothing recorded) when the wording misses
 * a disclosure (naming each one missing), when the phone is not a number, or when the number
 * replied STOP (only the number itself lifts that, by texting START).
 */
export async function recordConsent(env: Env, p: Principal, input: ConsentInput) {
  const missing = missingDisclosures(input.wording);
  if (missing.length) {
    throw invalid(
      `wording: missing ${missing.length === 1 ? "a required disclosure" : `${missing.length} required disclosures`}: ${missing.join("; ")}.`,
      "Consent wording must state that replying STOP opts out, that HELP gets help, that message and data rates may apply, and how often messages come (varies, or a number per period).",
    );
  }
  const phone = await accountE164(env, p.tenantId, input.phone);
  const db = dbOf(env);
  const { number } = await consentAndNumber(db, p.tenantId, phone);
  if (number?.revokedAt) {
    throw invalid(
      `phone: ${phone} opted out by replying ${number.revokedKeyword ?? "STOP"}; consent cannot be recorded for it through the API.`,
      "Only the number itself can opt back in, by texting START.",
    );
  }
  const at = nowIso();
  await insertConsent(db, {
    id: newId("smc"),
    tenantId: p.tenantId,
    mode: p.mode,
    phone,
    phoneAsGiven: input.phone,
    obtainedVia: input.obtained_via,
    wording: input.wording,
    obtainedAt: at,
    recordedBy: p.keyId,
  }).run();
  return { phone, purposes: [...SMS_CONSENT_PURPOSES] };
}

/** The answer for one number (never a list): may it be texted, why not, and the consent on record. */
export async function queryConsent(env: Env, p: Principal, rawPhone: string) {
  const phone = await accountE164(env, p.tenantId, rawPhone);
  const { consent, number } = await consentAndNumber(dbOf(env), p.tenantId, phone);
  const perm = permissionOf(consent, number);
  return { phone, ...perm, obtained_via: consent?.obtainedVia ?? null, obtained_at: consent?.obtainedAt ?? null };
}
