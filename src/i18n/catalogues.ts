/**
 * Every language's catalogue, one folder each (src/i18n/<lang>/): its `index.ts` gathers the
 * surfaces (`pages.ts`, `dashboard/<area>.ts`, `messages.ts`, `consent.ts`, `certificate.ts`).
 * English defines the keys; each other language's file is a catalogue of the same shape. Adding a
 * language (docs/languages.md): its code in `LANGUAGES` (src/domain/vocabulary.ts), its name in
 * `LANG_NAMES` (./lang.ts) and a copy of src/i18n/en/ translated.
 *
 * Only English is part of the Worker's script. Every other catalogue is a static asset
 * (`i18n/<lang>.json`, made from its folder by scripts/assets.mjs when the Worker is built or
 * started), read through the `ASSETS` binding the first time an isolate needs that language
 * (`loadLang`): 23 catalogues, about 2.5 MB, neither uploaded with the script nor parsed at
 * start-up. Whoever picks a language loads it (the request's language in src/http/language.ts, a
 * message's, a certificate's, a consent's); past that point `catalogue(lang)` reads it without
 * waiting.
 */
import { en } from "./en";
import type { Lang } from "./lang";
import { readAsset } from "../lib/read-asset";

export type LangCatalogue = typeof en;

const loaded: Partial<Record<Lang, LangCatalogue>> = { en };
const loading = new Map<Lang, Promise<LangCatalogue>>();

const fetchCatalogue = async (assets: Fetcher, lang: Lang) =>
  (await (await readAsset(assets, `i18n/${lang}.json`, `the ${lang} catalogue`)).json()) as LangCatalogue;

/** Loads a language's catalogue into the isolate (once) from the static assets and gives the language back. */
export async function loadLang(assets: Fetcher, lang: Lang): Promise<Lang> {
  if (loaded[lang]) return lang;
  let pending = loading.get(lang);
  if (!pending) {
    pending = fetchCatalogue(assets, lang).finally(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  loaded[lang] = await pending;
  return lang;
}

/** A loaded language's catalogue. Reading one nobody loaded is a fault of the caller, said at once. */
export function catalogue(lang: Lang): LangCatalogue {
  const c = loaded[lang];
  if (!c) throw new Error(`the ${lang} catalogue is read before loadLang("${lang}")`);
  return c;
}
