/**
 * The versioned legal wording a signer agrees to. A change of wording is a new version label;
 * the label is recorded with each consent and signature.
 */
import { sha256Hex } from "../lib/crypto";

/** The label of the service's own consent wording. */
export const CONSENT_VERSION = "consent/1";
export const INTENT_VERSION = "intent/1";

export const DEFAULT_CONSENT_TEXT =
  "I agree to receive this document and to sign it electronically. I understand that my electronic " +
  "signature has the same effect as a handwritten one, that I may ask for a paper copy, and that I " +
  "may withdraw this consent before I sign by declining instead.";

export const INTENT_TEXT = "By signing, I adopt this signature as my own and intend to sign this document as shown, " + "identified by its fingerprint below.";

/** Languages the wording is shown in. What is recorded is always the version label, never the language. */
export type WordingLanguage = "en" | "es" | "fr" | "de";

/**
 * Translations of `consent/1`, shown to signers who read another language. Each says what the
 * English wording says; the English wording is the one a version label names.
 */
const CONSENT_1: Record<WordingLanguage, string> = {
  en: DEFAULT_CONSENT_TEXT,
  es:
    "Acepto recibir este documento y firmarlo electrónicamente. Entiendo que mi firma electrónica tiene el mismo " +
    "efecto que una firma manuscrita, que puedo pedir una copia en papel y que puedo retirar este consentimiento " +
    "antes de firmar, rechazando el documento en su lugar.",
  fr:
    "J'accepte de recevoir ce document et de le signer électroniquement. Je comprends que ma signature électronique " +
    "a le même effet qu'une signature manuscrite, que je peux demander une copie papier et que je peux retirer ce " +
    "consentement avant de signer, en refusant plutôt de signer.",
  de:
    "Ich bin einverstanden, dieses Dokument zu erhalten und elektronisch zu unterschreiben. Mir ist bewusst, dass " +
    "meine elektronische Unterschrift dieselbe Wirkung hat wie eine handschriftliche, dass ich eine Papierkopie " +
    "verlangen kann und dass ich diese Einwilligung vor dem Unterschreiben widerrufen kann, indem ich stattdessen ablehne.",
};

/** Translations of `intent/1`. */
const INTENT_1: Record<WordingLanguage, string> = {
  en: INTENT_TEXT,
  es:
    "Al firmar, adopto esta firma como propia y tengo la intención de firmar este documento tal como se muestra, " +
    "identificado por su huella digital que figura a continuación.",
  fr:
    "En signant, j'adopte cette signature comme la mienne et j'entends signer ce document tel qu'il est présenté, " + "identifié par son empreinte ci-dessous.",
  de:
    "Mit meiner Unterschrift übernehme ich diese Unterschrift als meine eigene und beabsichtige, dieses Dokument wie " +
    "angezeigt zu unterschreiben, gekennzeichnet durch seinen unten stehenden digitalen Fingerabdruck.",
};

/**
 * The consent wording to show: a template's own consent text is shown as written (the business
 * chose those words, in its language); the default `consent/1` wording in the signer's language.
 */
export function consentWording(lang: WordingLanguage, templateText: string | null): { text: string; translated: boolean } {
  if (isCustomConsent(templateText)) return { text: templateText, translated: false };
  return { text: CONSENT_1[lang], translated: lang !== "en" };
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

export function intentWording(lang: WordingLanguage): { text: string; translated: boolean } {
  return { text: INTENT_1[lang], translated: lang !== "en" };
}
