/**
 * The versioned legal wording a signer agrees to. A change of wording is a new version label;
 * the label is recorded with each consent and signature.
 */
import type { Language } from "./vocabulary";
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
export type WordingLanguage = Language;

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
  pt:
    "Concordo em receber este documento e em assiná-lo eletronicamente. Entendo que minha assinatura eletrônica tem o " +
    "mesmo efeito que uma assinatura manuscrita, que posso pedir uma cópia em papel e que posso retirar este " +
    "consentimento antes de assinar, recusando o documento em vez de assiná-lo.",
  it:
    "Accetto di ricevere questo documento e di firmarlo elettronicamente. Comprendo che la mia firma elettronica ha lo " +
    "stesso effetto di una firma autografa, che posso chiedere una copia cartacea e che posso revocare questo consenso " +
    "prima di firmare, rifiutando invece di firmare.",
  ar:
    "أوافق على تلقي هذا المستند وتوقيعه إلكترونيًا. وأفهم أن لتوقيعي الإلكتروني الأثر نفسه الذي للتوقيع بخط اليد، " +
    "وأنه يحق لي طلب نسخة ورقية، وأنه يمكنني سحب هذه الموافقة قبل التوقيع بأن أرفض التوقيع بدلًا من ذلك.",
  he:
    "אני מסכים/ה לקבל מסמך זה ולחתום עליו באופן אלקטרוני. ידוע לי שלחתימה האלקטרונית שלי אותו תוקף כמו לחתימה " +
    "בכתב יד, שאני רשאי/ת לבקש עותק מודפס, ושאני יכול/ה לחזור בי מהסכמה זו לפני החתימה, על ידי סירוב לחתום.",
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
  pt:
    "Ao assinar, adoto esta assinatura como minha e tenho a intenção de assinar este documento tal como é mostrado, " +
    "identificado pela sua impressão digital abaixo.",
  it:
    "Firmando, adotto questa firma come mia e intendo firmare questo documento così come è mostrato, identificato " + "dalla sua impronta riportata qui sotto.",
  ar: "بتوقيعي، أعتمد هذا التوقيع توقيعًا لي، وأقصد توقيع هذا المستند كما هو معروض، والمعرَّف ببصمته الواردة أدناه.",
  he: "בחתימתי אני מאמץ/ת חתימה זו כחתימתי שלי ומתכוון/ת לחתום על מסמך זה כפי שהוא מוצג, המזוהה באמצעות טביעת האצבע שלו שלהלן.",
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
