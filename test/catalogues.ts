/**
 * Every language's catalogue, loaded, for the tests that compare languages: the Worker loads a
 * language only when it first needs it (src/i18n/catalogues.ts), these tests read all of them.
 * The views by surface are the shapes the tests compare.
 */
import { env } from "cloudflare:workers";
import { catalogue, type LangCatalogue, LANGS, type Lang, loadLang } from "../src/i18n";

for (const lang of LANGS) await loadLang(env.ASSETS, lang);

const byLang = <V>(pick: (c: LangCatalogue) => V) => Object.fromEntries(LANGS.map((l) => [l, pick(catalogue(l))])) as Record<Lang, V>;

export const CATALOGUES = byLang((c) => c);
/** The pages' words (signing, public form, kiosk, verification, OAuth consent) by language. */
export const DICTS = byLang((c) => c.pages);
/** The messages' words by language. */
export const WORDING = byLang((c) => c.messages);

type Areas = LangCatalogue["dashboard"];
/** The dashboard's words by area, then language: `DASHBOARD_CATALOGUES.pdf.ar` is src/i18n/ar/dashboard/pdf.ts. */
export const DASHBOARD_CATALOGUES = Object.fromEntries(
  Object.keys(catalogue("en").dashboard).map((area) => [area, byLang((c) => c.dashboard[area as keyof Areas])]),
) as { [A in keyof Areas]: Record<Lang, Areas[A]> };
