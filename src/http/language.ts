/**
 * The one language detection of the HTML faces: `requestLang(c)` reads the request's language once
 * (remembered for the rest of the request) with the one detector of src/i18n/detect.ts: `?lang=` →
 * the dashboard's language cookie (under `/app` only: the signer's pages, verification, the public
 * form, the kiosk and OAuth consent keep no cookies) → `Accept-Language` → English. Only a face
 * that speaks asks, so a JSON API request never pays for the detection. A face whose form posts its
 * own `lang` field reads `langFor(c, form.lang)` instead.
 *
 * Not hono's `languageDetector` (hono/language), though it has the same order of sources: it
 * matches whole tags (`pt-BR` is not `pt` unless `convertDetectedLanguage` strips it), its
 * Accept-Language reading does not refuse `q=0`, it cannot read the cookie on one face and not
 * on the others, and it does not say whether the language was chosen or fell back to English
 * (the dashboard's switcher note needs that). Its cookie caching is not wanted either: the
 * dashboard writes the cookie only from its switcher (`/app/language`, `rememberLang`).
 *
 * The language found is loaded (`loadLang`, src/i18n/catalogues.ts) before it is given, so the
 * face's translator reads its catalogue without waiting.
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { chooseLang, detectLang, type Lang, loadLang, translator } from "../i18n";

/** The dashboard member's language, set by the switcher (`/app/language`), read before `Accept-Language`. */
export const LANG_COOKIE = "__Host-es_lang";

/** The face that remembers a language in a cookie: the dashboard, under `/app`. */
const readsCookie = (path: string) => path === "/app" || path.startsWith("/app/");

/** A request's language, once per request. */
const detected = new WeakMap<Request, { lang: Lang; chosen: boolean }>();

/**
 * The request's language and whether it came from the visitor (`?lang=`, the dashboard's cookie,
 * Accept-Language) rather than the English default (the dashboard's switcher note needs that).
 */
export async function requestLang(c: Context<AppEnv>): Promise<{ lang: Lang; chosen: boolean }> {
  let found = detected.get(c.req.raw);
  if (found) return found;
  const cookie = readsCookie(c.req.path) ? getCookie(c, LANG_COOKIE) : undefined;
  found = detectLang({ query: c.req.query("lang"), cookie, acceptLanguage: c.req.header("accept-language") });
  await loadLang(c.env.ASSETS, found.lang);
  detected.set(c.req.raw, found);
  return found;
}

/**
 * The language of a form's answer: the form's own `lang` field when it posted one (a valid one
 * wins; an unknown one falls to `Accept-Language`, as it always has), else the request's.
 */
export async function langFor(c: Context<AppEnv>, formLang?: unknown): Promise<Lang> {
  if (typeof formLang !== "string") return (await requestLang(c)).lang;
  return loadLang(c.env.ASSETS, chooseLang(formLang, c.req.header("accept-language")).lang);
}

/** A page's translator: the language a form posted (`lang`) when it names one, else the request's (`langFor`). */
export const translate = async (c: Context<AppEnv>, formLang?: unknown) => translator(await langFor(c, formLang));

/** Remembers the dashboard member's switcher choice for a year. */
export const rememberLang = (c: Context<AppEnv>, lang: Lang) =>
  setCookie(c, LANG_COOKIE, lang, { path: "/", secure: true, httpOnly: true, sameSite: "Lax", maxAge: 365 * 86_400 });
