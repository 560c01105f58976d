/**
 * The one language detector. Every HTML surface asks it at most once per request, through
 * `requestLang(c)` of src/http/language.ts, in this order:
 *
 *   1. `?lang=` (the switcher's links, a form's hidden `lang` field passed as `explicit`);
 *   2. the language cookie, only where the surface names one (`cookie`): the dashboard remembers
 *      the member's switcher choice in `__Host-es_lang`; the signer's pages, the public form, the
 *      kiosk and OAuth consent keep no cookies, so they skip this step;
 *   3. the best match of `Accept-Language` (highest `q`, the first on a tie, `q=0` refused);
 *   4. English.
 *
 * Every source is matched as BCP 47 by `matchLang` (src/i18n/lang.ts): `?lang=PT-br`, a cookie or an
 * `Accept-Language` entry of `pt-BR` all reach `pt`; `zh-CN` reaches `zh-Hans` and `no` reaches `nb`
 * once those languages are listed.
 *
 * `chosen` says whether the language came from the visitor (steps 1-3), not the default: the
 * dashboard shows its switcher note from it. The signer's own `locale` is not a step here: it
 * chooses the language of messages, and the message's link carries it as `?lang=`.
 *
 * Not hono's `languageDetector` (hono/language): it has the same order but not the same behaviour.
 * It matches whole tags (`pt-BR` is not `pt` unless `convertDetectedLanguage` strips it), it
 * writes its cookie on every detection by default (the dashboard writes it only from the switcher,
 * /app/language, and the other surfaces keep no cookies), it does not say whether the language was
 * chosen or fell back to English, and a form's own `lang` field is not among its sources.
 */
import { type Lang, matchLang } from "./lang";

/** `fr-CH, fr;q=0.9, en;q=0.8` → the supported language with the highest weight. */
export function fromAcceptLanguage(header: string | null | undefined): Lang | null {
  if (!header) return null;
  let best: { lang: Lang; q: number; i: number } | null = null;
  header.split(",").forEach((part, i) => {
    const [tag, ...params] = part.trim().split(";");
    const lang = matchLang(tag?.trim());
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!lang || !(q > 0)) return;
    if (!best || q > best.q) best = { lang, q, i };
  });
  return (best as { lang: Lang } | null)?.lang ?? null;
}

/** `?lang=` (or a form's `lang`) wins; otherwise Accept-Language; otherwise English. */
export function chooseLang(explicit: string | undefined | null, acceptLanguage: string | null | undefined): { lang: Lang; explicit: boolean } {
  const asked = matchLang(explicit);
  if (asked) return { lang: asked, explicit: true };
  return { lang: fromAcceptLanguage(acceptLanguage) ?? "en", explicit: false };
}

/** What the detector reads of a request (a Hono context gives all of it). */
export type LangSource = {
  /** `?lang=`, or a form's own `lang` field when the surface passes one. */
  query: string | null | undefined;
  /** The value of the surface's language cookie, when it has one (the dashboard). */
  cookie?: string | null | undefined;
  acceptLanguage: string | null | undefined;
};

/** The language of a request: `?lang=` → cookie (where there is one) → Accept-Language → English. */
export function detectLang(src: LangSource): { lang: Lang; chosen: boolean } {
  const lang: Lang | null = matchLang(src.query) ?? matchLang(src.cookie) ?? fromAcceptLanguage(src.acceptLanguage);
  return { lang: lang ?? "en", chosen: lang !== null };
}
