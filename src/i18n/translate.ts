/**
 * The one translator: `t(key, vars)` fills `{name}` placeholders in a catalogue's text, isolating
 * each filled-in value (FSI … PDI) when the page or the value is right to left. The pages' `T`
 * and the dashboard's `DashT` are the same translator over their surface, with the `Intl` helpers
 * each surface already uses (dates, numbers, lists).
 */
import { CATALOGUES } from "./catalogues";
import { dirOf, type Lang } from "./lang";

const RTL_TEXT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * A filled-in value (a name, a title, a date) is isolated (FSI … PDI) when the page or the value
 * is right to left, so a Latin name inside Arabic text, or the reverse, keeps its own order.
 */
export function isolateFor(lang: Lang): (v: string | number) => string {
  const rtlPage = dirOf(lang) === "rtl";
  return (v) => {
    const s = String(v);
    return s && (rtlPage || RTL_TEXT.test(s)) ? `\u2068${s}\u2069` : s;
  };
}

/** Fills `{name}` placeholders from `vars`; a placeholder without a value stays as written. */
const filler =
  (lang: Lang) =>
  (text: string, vars?: Record<string, string | number>): string => {
    const fill = isolateFor(lang);
    return text.replace(/\{(\w+)\}/g, (m, name: string) => (vars && name in vars ? fill(vars[name]!) : m));
  };

// ---- The pages (signing, public form, kiosk, verification, OAuth consent) ----

export type Dict = (typeof CATALOGUES)["en"]["pages"];
export type Key = keyof Dict;
export const DICTS: Record<Lang, Dict> = Object.fromEntries(Object.entries(CATALOGUES).map(([l, c]) => [l, c.pages])) as Record<Lang, Dict>;

export type T = {
  lang: Lang;
  /** The text for `key` with `{name}` placeholders filled; the result is plain text (JSX escapes it). */
  (key: Key, vars?: Record<string, string | number>): string;
  /** A key that may not exist (event kinds, methods): the text, or the fallback as given. */
  maybe(key: string, fallback: string): string;
  date(iso: string | null | undefined): string;
};

export function translator(lang: Lang): T {
  const dict = DICTS[lang];
  const fmt = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  const fill = filler(lang);
  const t = ((key: Key, vars?: Record<string, string | number>) => fill(dict[key], vars)) as T;
  t.lang = lang;
  t.maybe = (key, fallback) => (key in dict ? dict[key as Key] : fallback);
  t.date = (iso) => (iso ? `${fmt.format(new Date(iso))} UTC` : "");
  return t;
}

// ---- The dashboard ----

type Areas = (typeof CATALOGUES)["en"]["dashboard"];
export type DashKey = { [A in keyof Areas]: keyof Areas[A] & string }[keyof Areas];

const DASH_DICTS = new Map<Lang, Record<string, string>>();
/** Every area of the dashboard, merged into one dictionary per language (keys are unique across areas). */
const dashDict = (lang: Lang): Record<string, string> => {
  let dict = DASH_DICTS.get(lang);
  if (!dict) {
    dict = Object.assign({}, ...Object.values(CATALOGUES[lang].dashboard)) as Record<string, string>;
    DASH_DICTS.set(lang, dict);
  }
  return dict;
};

export type DashT = {
  lang: Lang;
  dir: "ltr" | "rtl";
  /** The text for `key` with `{name}` placeholders filled (isolated where the page or the value is right to left). */
  (key: DashKey, vars?: Record<string, string | number>): string;
  /** A key that may not exist (a status, an event kind, a method): the text, or the fallback as given. */
  maybe(key: string, fallback: string): string;
  /** A date and time in the language, in UTC, marked "UTC"; "—" for none. */
  when(iso: string | null | undefined): string;
  /** A number with the language's grouping. */
  num(n: number): string;
  /** Short phrases listed the language's way ("a, b, c"; Arabic "a، وb"). */
  list(parts: string[]): string;
};

export function dashTranslator(lang: Lang): DashT {
  const d = dashDict(lang);
  const fill = filler(lang);
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const nums = new Intl.NumberFormat(lang);
  const lists = new Intl.ListFormat(lang, { style: "short", type: "unit" });
  const t = ((key: DashKey, vars?: Record<string, string | number>) => fill(d[key] ?? key, vars)) as DashT;
  t.lang = lang;
  t.dir = dirOf(lang);
  t.maybe = (key, fallback) => d[key] ?? fallback;
  t.when = (iso) => (iso ? `${dates.format(new Date(iso))} UTC` : "—");
  t.num = (n) => nums.format(n);
  t.list = (parts) => lists.format(parts);
  return t;
}
