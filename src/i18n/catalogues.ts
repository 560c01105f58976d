/**
 * Every language's catalogue, one folder each (src/i18n/<lang>/): its `index.ts` gathers the
 * surfaces (`pages.ts`, `dashboard/<area>.ts`, `messages.ts`, `consent.ts`, `certificate.ts`).
 * English defines the keys; each other language's file is a catalogue of the same shape. Adding a
 * language (docs/languages.md): its code in `LANGUAGES` (src/domain/vocabulary.ts), its name in
 * `LANG_NAMES` (./lang.ts), a copy of src/i18n/en/ translated, and its line in `LOADERS` here.
 *
 * Only English is part of the Worker's start-up; every other language is loaded the first time an
 * isolate needs it (`loadLang`), so start-up does not pay for 23 catalogues a request rarely uses.
 * Whoever picks a language loads it (the request's language in src/http/language.ts, a message's,
 * a certificate's, a consent's); past that point `catalogue(lang)` reads it without waiting.
 */
import { en } from "./en";
import type { Lang } from "./lang";

export type LangCatalogue = typeof en;

const LOADERS: Record<Exclude<Lang, "en">, () => Promise<LangCatalogue>> = {
  es: () => import("./es").then((m) => m.es),
  fr: () => import("./fr").then((m) => m.fr),
  de: () => import("./de").then((m) => m.de),
  pt: () => import("./pt").then((m) => m.pt),
  it: () => import("./it").then((m) => m.it),
  ar: () => import("./ar").then((m) => m.ar),
  he: () => import("./he").then((m) => m.he),
  nl: () => import("./nl").then((m) => m.nl),
  pl: () => import("./pl").then((m) => m.pl),
  uk: () => import("./uk").then((m) => m.uk),
  cs: () => import("./cs").then((m) => m.cs),
  sk: () => import("./sk").then((m) => m.sk),
  ro: () => import("./ro").then((m) => m.ro),
  hu: () => import("./hu").then((m) => m.hu),
  sv: () => import("./sv").then((m) => m.sv),
  da: () => import("./da").then((m) => m.da),
  fi: () => import("./fi").then((m) => m.fi),
  nb: () => import("./nb").then((m) => m.nb),
  el: () => import("./el").then((m) => m.el),
  tr: () => import("./tr").then((m) => m.tr),
  ja: () => import("./ja").then((m) => m.ja),
  "zh-Hans": () => import("./zh-Hans").then((m) => m.zhHans),
  ko: () => import("./ko").then((m) => m.ko),
};

const loaded: Partial<Record<Lang, LangCatalogue>> = { en };

/** Loads a language's catalogue into the isolate (once) and gives the language back. */
export async function loadLang(lang: Lang): Promise<Lang> {
  if (!loaded[lang]) loaded[lang] = await LOADERS[lang as Exclude<Lang, "en">]();
  return lang;
}

/** A loaded language's catalogue. Reading one nobody loaded is a fault of the caller, said at once. */
export function catalogue(lang: Lang): LangCatalogue {
  const c = loaded[lang];
  if (!c) throw new Error(`the ${lang} catalogue is read before loadLang("${lang}")`);
  return c;
}
