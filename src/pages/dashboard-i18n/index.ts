/**
 * The dashboard's words in the eight languages of the pages (src/pages/i18n.ts has the signer's
 * pages). The same catalogue format: each area of the dashboard is one file with a `Dict` per
 * language holding exactly English's keys and the same `{placeholders}`; keys are unique across
 * areas (test/i18n-catalogue.test.ts checks both). The language is chosen by
 * src/dashboard/kit.ts: `?lang=` (the switcher, remembered in a cookie), the cookie, then
 * `Accept-Language`, then English.
 *
 * What stays English whatever the language: the API's own refusal messages shown in a flash (they
 * are the API's words, the same as integrators read), status and event names that are API values
 * (`completed`, `signing.completed`), and what a member typed.
 */
import { dirOf, isolateFor, type Lang } from "../i18n";
import { documents } from "./documents";
import { frame } from "./frame";
import { manage } from "./manage";
import { notices } from "./notices";
import { packets } from "./packets";
import { pdf } from "./pdf";
import { publicForms } from "./public-forms";
import { retention } from "./retention";
import { sending } from "./sending";
import { settings } from "./settings";
import { templates } from "./templates";
import { webhooks } from "./webhooks";
import { workflows } from "./workflows";

/** One area's catalogue: English defines the keys; every other language has exactly those. */
export type Catalogue<E extends Record<string, string>> = { en: E } & Record<Exclude<Lang, "en">, { [K in keyof E]: string }>;

/** Every area of the dashboard, merged into one dictionary per language. */
export const DASHBOARD_CATALOGUES = {
  frame,
  documents,
  sending,
  settings,
  templates,
  webhooks,
  workflows,
  manage,
  pdf,
  packets,
  retention,
  notices,
  publicForms,
} as const;

type Areas = typeof DASHBOARD_CATALOGUES;
export type DashKey = { [A in keyof Areas]: keyof Areas[A]["en"] & string }[keyof Areas];

const merged = (lang: Lang): Record<string, string> =>
  Object.assign({}, ...Object.values(DASHBOARD_CATALOGUES).map((area) => (area as Record<Lang, Record<string, string>>)[lang]));
const DICTS = new Map<Lang, Record<string, string>>();

export type DashT = {
  lang: Lang;
  dir: "ltr" | "rtl";
  /** The text for `key` with `{name}` placeholders filled (isolated where the page or the value is right to left). */
  (key: DashKey, vars?: Record<string, string | number>): string;
  /** A date and time in the language, in UTC, marked "UTC"; "—" for none. */
  when(iso: string | null | undefined): string;
  /** A number with the language's grouping. */
  num(n: number): string;
  /** Short phrases listed the language's way ("a, b, c"; Arabic "a، وb"). */
  list(parts: string[]): string;
};

export function dashTranslator(lang: Lang): DashT {
  let dict = DICTS.get(lang);
  if (!dict) {
    dict = merged(lang);
    DICTS.set(lang, dict);
  }
  const d = dict;
  const fill = isolateFor(lang);
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const nums = new Intl.NumberFormat(lang);
  const lists = new Intl.ListFormat(lang, { style: "short", type: "unit" });
  const t = ((key: DashKey, vars?: Record<string, string | number>) =>
    (d[key] ?? key).replace(/\{(\w+)\}/g, (m, name: string) => (vars && name in vars ? fill(vars[name]!) : m))) as DashT;
  t.lang = lang;
  t.dir = dirOf(lang);
  t.when = (iso) => (iso ? `${dates.format(new Date(iso))} UTC` : "—");
  t.num = (n) => nums.format(n);
  t.list = (parts) => lists.format(parts);
  return t;
}
