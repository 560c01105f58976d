/**
 * The one language detection of the HTML faces: a middleware, mounted once in src/app.ts before
 * any face, sets `c.var.lang` (and `c.var.langChosen`) for the request with the one detector of
 * src/i18n/detect.ts: `?lang=` → the dashboard's language cookie (under `/app` only: the
 * signer's pages, verification, the public form, the kiosk and OAuth consent keep no cookies)
 * → `Accept-Language` → English. Every face reads `c.var.lang`; a face whose form posts its own
 * `lang` field reads `langFor(c, form.lang)` instead.
 *
 * Not hono's `languageDetector` (hono/language), though it has the same order of sources: it
 * matches whole tags (`pt-BR` is not `pt` unless `convertDetectedLanguage` strips it), its
 * Accept-Language reading does not refuse `q=0`, it cannot read the cookie on one face and not
 * on the others, and it does not say whether the language was chosen or fell back to English
 * (the dashboard's switcher note needs that). Its cookie caching is not wanted either: the
 * dashboard writes the cookie only from its switcher (`/app/language`, `rememberLang`).
 */
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { chooseLang, detectLang, isLang, type Lang } from "../i18n";

/** The dashboard member's language, set by the switcher (`/app/language`), read before `Accept-Language`. */
export const LANG_COOKIE = "__Host-es_lang";

/** The face that remembers a language in a cookie: the dashboard, under `/app`. */
const readsCookie = (path: string) => path === "/app" || path.startsWith("/app/");

export const language: MiddlewareHandler<AppEnv> = async (c, next) => {
  const cookie = readsCookie(c.req.path) ? getCookie(c, LANG_COOKIE) : undefined;
  const { lang, chosen } = detectLang({ query: c.req.query("lang"), cookie, acceptLanguage: c.req.header("accept-language") });
  c.set("lang", lang);
  c.set("langChosen", chosen);
  await next();
};

/**
 * The language of a form's answer: the form's own `lang` field when it posted one (a valid one
 * wins; an unknown one falls to `Accept-Language`, as it always has), else the request's.
 */
export function langFor(c: Context<AppEnv>, formLang?: unknown): Lang {
  if (typeof formLang !== "string") return c.var.lang;
  return isLang(formLang) ? formLang : chooseLang(formLang, c.req.header("accept-language")).lang;
}

/** Remembers the dashboard member's switcher choice for a year. */
export const rememberLang = (c: Context<AppEnv>, lang: Lang) =>
  setCookie(c, LANG_COOKIE, lang, { path: "/", secure: true, httpOnly: true, sameSite: "Lax", maxAge: 365 * 86_400 });
