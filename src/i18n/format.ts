/**
 * Times on the certificate pages: the language's own long form (Intl, in UTC) with the exact UTC
 * timestamp as recorded beside it, e.g. `23 novembre 2026 à 14:05:09 UTC · 2026-11-23T14:05:09.120Z`.
 * Arabic keeps Latin digits (`-u-nu-latn`), like the hashes and codes around it.
 */
import { catalogue, type LangCatalogue } from "./catalogues";
import type { Lang } from "./lang";

const formats = new Map<Lang, { date: Intl.DateTimeFormat; number: Intl.NumberFormat }>();

function formatsOf(lang: Lang) {
  let f = formats.get(lang);
  if (!f) {
    const locale = lang === "ar" ? "ar-u-nu-latn" : lang;
    f = {
      date: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "medium", timeZone: "UTC" }),
      number: new Intl.NumberFormat(locale),
    };
    formats.set(lang, f);
  }
  return f;
}

/** A recorded time for the certificate: localised, then the exact UTC timestamp; "—" for none. */
export function certificateTime(iso: string | null | undefined, lang: Lang = "en"): string {
  if (!iso) return "—";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${formatsOf(lang).date.format(d)} UTC · ${iso}`;
}

/** A count in the language's digits and grouping. */
export const certificateNumber = (n: number, lang: Lang = "en") => formatsOf(lang).number.format(n);

export type CertificateWords = LangCatalogue["certificate"];
export type CertificateLabel = keyof CertificateWords;

/**
 * The labels of the certificate and bundle pages: in English, the English label; in another
 * language, its label with the English one beside it ("Unterzeichner / Signers"), so evidence reads
 * in the document's language and still in English for a court abroad; once when both are the same
 * word ("Documents"). `words` is the language's catalogue (a test may pass its own).
 */
export function certificateLabels(lang: Lang = "en", words: CertificateWords = catalogue(lang).certificate): (key: CertificateLabel) => string {
  const en = catalogue("en").certificate;
  return (key) => (words[key] === en[key] ? en[key] : `${words[key]} / ${en[key]}`);
}

/** Every label of a language's certificate pages, for loading the fonts they need (src/lib/pdf/fonts.ts). */
export const certificateLabelText = (lang: Lang = "en"): string => Object.values(catalogue(lang).certificate).join(" ");
