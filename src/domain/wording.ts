/**
 * The versioned legal wording a signer agrees to. A change of wording is a new version label;
 * the label is recorded with each consent and signature.
 */
import { catalogue, loadLang } from "../i18n";
import { LANGUAGES, type Lang, type MessagePurpose } from "./vocabulary";
import { sha256Hex } from "../lib/crypto";

/** The label of the service's own consent wording. */
export const CONSENT_VERSION = "consent/1";
export const INTENT_VERSION = "intent/1";

/** The English wording of `consent/1` and `intent/1`; their translations are in src/i18n/<lang>/consent.ts. */
export const DEFAULT_CONSENT_TEXT = catalogue("en").consent.consent;

export const INTENT_TEXT = catalogue("en").consent.intent;

/**
 * The consent wording to show: a template's own consent text is shown as written (the business
 * chose those words, in its language); the default `consent/1` wording in the signer's language
 * (the page's, loaded with the page).
 */
export function consentWording(lang: Lang, templateText: string | null): { text: string; translated: boolean } {
  if (isCustomConsent(templateText)) return { text: templateText, translated: false };
  return { text: catalogue(lang).consent.consent, translated: lang !== "en" };
}

/** Whether a document's consent text is its own wording rather than the service's `consent/1`. */
export const isCustomConsent = (consentText: string | null): consentText is string => consentText !== null && consentText !== DEFAULT_CONSENT_TEXT;

/**
 * The version label of the consent wording a document shows: `consent/1` for the service's
 * wording, `consent/custom-<first 12 hex of the text's SHA-256>` for a template's own wording
 * (so the label names exactly the words shown, and changed words get a new label).
 */
export async function consentVersion(consentText: string | null): Promise<string> {
  if (!isCustomConsent(consentText)) return CONSENT_VERSION;
  return `consent/custom-${(await sha256Hex(consentText)).slice(0, 12)}`;
}

/**
 * What the trail's `consented` event records of the wording shown: the version label, and for a
 * translation of the service's wording the language and the SHA-256 of the translated text
 * (`consent/1; fr; text SHA-256 <hex>`), so a translation is named by its exact words as the
 * English is by its label. English and a template's own wording: the label alone.
 */
export async function consentRecord(assets: Fetcher, consentText: string | null, lang: Lang = "en"): Promise<string> {
  const version = await consentVersion(consentText);
  if (isCustomConsent(consentText) || lang === "en") return version;
  return `${version}; ${lang}; text SHA-256 ${await sha256Hex(catalogue(await loadLang(assets, lang)).consent.consent)}`;
}

export function intentWording(lang: Lang): { text: string; translated: boolean } {
  return { text: catalogue(lang).consent.intent, translated: lang !== "en" };
}

/** The kinds of legal wording a business reviews (docs/languages.md "Legal wording"). */
export const LEGAL_TEXTS = ["consent", "intent", "sms"] as const;

/**
 * Every language's legal wording as the service shows it, for a business to review: the consent
 * (`consent/1`, the consumer disclosure part of it) and intent (`intent/1`) texts, and each SMS
 * text that carries the opt-out ("Reply STOP", `purpose` names it), each with the SHA-256 of its exact words
 * (UTF-8), the one a trail records for a translated consent. SMS texts have no label of their own:
 * each message stores the body it sent.
 */
export async function legalWording(assets: Fetcher) {
  const out: { lang: Lang; text: (typeof LEGAL_TEXTS)[number]; purpose: MessagePurpose | null; version: string | null; words: string; sha256: string }[] = [];
  for (const lang of LANGUAGES) {
    const c = catalogue(await loadLang(assets, lang));
    out.push({ lang, text: "consent", purpose: null, version: CONSENT_VERSION, words: c.consent.consent, sha256: await sha256Hex(c.consent.consent) });
    out.push({ lang, text: "intent", purpose: null, version: INTENT_VERSION, words: c.consent.intent, sha256: await sha256Hex(c.consent.intent) });
    for (const [purpose, w] of Object.entries(c.messages.purposes) as [MessagePurpose, { sms: string }][])
      if (catalogue("en").messages.purposes[purpose].sms.includes("STOP"))
        out.push({ lang, text: "sms", purpose, version: null, words: w.sms, sha256: await sha256Hex(w.sms) });
  }
  return out;
}
