/**
 * The one language type and what is known about each language. `Lang` is derived from the one
 * list, `LANGUAGES` in src/domain/vocabulary.ts (the API's `locale` enum uses the same list).
 *
 * `matchLang` is the one BCP 47 matching (docs/languages.md "Matching"): `?lang=`, the dashboard's
 * cookie, `Accept-Language`, the account's language and a signer's `locale` all go through it.
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
  nl: "Nederlands",
  sv: "Svenska",
  da: "Dansk",
  nb: "Norsk bokmål",
  pl: "Polski",
  cs: "Čeština",
  sk: "Slovenčina",
  hu: "Magyar",
  fi: "Suomi",
  tr: "Türkçe",
  uk: "Українська",
  ro: "Română",
  el: "Ελληνικά",
  "zh-Hans": "简体中文",
  ko: "한국어",
  ja: "日本語",
};
/** The writing direction of a language, for `dir` on <html> and in emails. */
export const dirOf = (lang: Lang): "rtl" | "ltr" => (RTL_LANGUAGES.includes(lang) ? "rtl" : "ltr");

/**
 * Tags (lower case) that mean another one: Norwegian (`no`) and Nynorsk (`nn`) readers get Bokmål
 * (`nb`); the deprecated codes of Hebrew (`iw`) and Romanian for Moldova (`mo`). An alias leads
 * only to a language in the list: until `nb` is listed, `no` matches nothing.
 */
const ALIASES: Readonly<Record<string, string>> = { no: "nb", nn: "nb", iw: "he", mo: "ro" };

/**
 * Chinese is matched by script, never by language alone: an explicit script subtag wins (`zh-Hans-CN`,
 * `zh-Hant`), else the region's (Taiwan, Hong Kong and Macao write Traditional, everyone else,
 * and `zh` alone, Simplified). A Traditional tag does not fall back to Simplified.
 */
const TRADITIONAL_REGIONS = new Set(["tw", "hk", "mo"]);
const chineseScript = (subtags: string[]): string => {
  const script = subtags.find((s) => s.length === 4);
  if (script) return `zh-${script}`;
  return subtags.some((s) => TRADITIONAL_REGIONS.has(s)) ? "zh-hant" : "zh-hans";
};

/** Well-formed enough to match: letters, digits and hyphens (or underscores, `pt_BR`), at most 35 characters. */
const TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{1,8})*$/i;

/**
 * The language of `tags` that a BCP 47 tag reaches, case-insensitive, or null: the tag itself
 * (`zh-Hans`), else Chinese by script (`zh`, `zh-CN`, `zh-SG`, `zh-Hans-CN` → `zh-Hans`), else the
 * tag cut from the right, subtag by subtag, each cut through the aliases (`pt-BR` → `pt`,
 * `nb-NO` → `nb`, `no` → `nb`). `tags` is the list to match against; the service's is `LANGS`.
 */
export function matchTag<L extends string>(tag: string | null | undefined, tags: readonly L[]): L | null {
  if (!tag || tag.length > 35 || !TAG.test(tag.trim())) return null;
  const wanted = tag.trim().toLowerCase().replaceAll("_", "-");
  const find = (t: string) => tags.find((l) => l.toLowerCase() === t) ?? null;
  const exact = find(wanted);
  if (exact) return exact;
  const subtags = wanted.split("-");
  if (subtags[0] === "zh") return find(chineseScript(subtags.slice(1)));
  for (let n = subtags.length; n > 0; n--) {
    const cut = subtags.slice(0, n).join("-");
    const found = find(cut) ?? find(ALIASES[cut] ?? "");
    if (found) return found;
  }
  return null;
}

/** The service's language a tag reaches (`PT-br` → `pt`), or null. */
export const matchLang = (tag: string | null | undefined): Lang | null => matchTag(tag, LANGS);
