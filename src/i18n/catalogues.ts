/**
 * Every language's catalogue, one folder each (src/i18n/<lang>/): its `index.ts` gathers the
 * surfaces (`pages.ts`, `dashboard/<area>.ts`, `messages.ts`, `consent.ts`). English defines the
 * keys; each other language's file is a `Catalogue<typeof en>` of the same surface. Adding a
 * language (docs/languages.md): its code in `LANGUAGES` (src/domain/vocabulary.ts), its name in
 * `LANG_NAMES` (./lang.ts), a copy of src/i18n/en/ translated, and its line here.
 */
import type { Lang } from "./lang";
import { ar } from "./ar";
import { cs } from "./cs";
import { da } from "./da";
import { de } from "./de";
import { el } from "./el";
import { en } from "./en";
import { es } from "./es";
import { fi } from "./fi";
import { fr } from "./fr";
import { he } from "./he";
import { hu } from "./hu";
import { it } from "./it";
import { ja } from "./ja";
import { ko } from "./ko";
import { nb } from "./nb";
import { nl } from "./nl";
import { pl } from "./pl";
import { pt } from "./pt";
import { ro } from "./ro";
import { sk } from "./sk";
import { sv } from "./sv";
import { tr } from "./tr";
import { uk } from "./uk";
import { zhHans } from "./zh-Hans";

export type LangCatalogue = typeof en;

export const CATALOGUES: Record<Lang, LangCatalogue> = {
  en,
  es,
  fr,
  de,
  pt,
  it,
  ar,
  he,
  nl,
  pl,
  uk,
  cs,
  sk,
  ro,
  hu,
  sv,
  da,
  fi,
  nb,
  el,
  tr,
  ja,
  "zh-Hans": zhHans,
  ko,
};

type Areas = LangCatalogue["dashboard"];
/** The dashboard's catalogues seen by area: `DASHBOARD_CATALOGUES.pdf.ar` is src/i18n/ar/dashboard/pdf.ts. */
export const DASHBOARD_CATALOGUES = Object.fromEntries(
  Object.keys(en.dashboard).map((area) => [area, Object.fromEntries(Object.entries(CATALOGUES).map(([l, c]) => [l, c.dashboard[area as keyof Areas]]))]),
) as { [A in keyof Areas]: Record<Lang, Areas[A]> };
