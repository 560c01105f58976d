/**
 * The one language type and what is known about each language. `Lang` is derived from the one
 * list, `LANGUAGES` in src/domain/vocabulary.ts (the API's `locale` enum uses the same list).
 */
import { LANGUAGES, type Lang, RTL_LANGUAGES } from "../domain/vocabulary";

export type { Lang };
export const LANGS: readonly Lang[] = LANGUAGES;
/** Each language's name in itself, for the switcher. */
export const LANG_NAMES: Record<Lang, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  pt: "Português",
  it: "Italiano",
  ar: "العربية",
  he: "עברית",
};
/** The writing direction of a language, for `dir` on <html> and in emails. */
export const dirOf = (lang: Lang): "rtl" | "ltr" => (RTL_LANGUAGES.includes(lang) ? "rtl" : "ltr");

export const isLang = (x: string | undefined | null): x is Lang => !!x && (LANGS as readonly string[]).includes(x);
