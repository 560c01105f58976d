/**
 * The one translator: `t(key, vars)` fills `{name}` placeholders in a catalogue's text, isolating
 * each filled-in value (FSI … PDI) when the page or the value is right to left. The pages' `T`
 * and the dashboard's `DashT` are the same translator over their surface, with the `Intl` helpers
 * each surface already uses (dates, numbers, lists).
 */
import { catalogue, type LangCatalogue } from "./catalogues";
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

/**
 * A catalogue text's pieces: words, `{name}` placeholders and ICU-style plurals
 * `{n, plural, =0 {none} one {# day} few {# dny} other {# days}}` (docs/languages.md "Plurals"):
 * the branch is the exact `=N` one, else the language's CLDR category of the number
 * (`Intl.PluralRules`), else `other`; `#` is the number in the language's digits. A brace that
 * opens neither stays as written.
 */
type Piece = string | { name: string; src: string } | { name: string; src: string; plural: Record<string, Piece[]> };

const PLACEHOLDER = /^\{(\w+)\}/;
const PLURAL = /^\{(\w+),\s*plural\s*,/;

/** Parses a text; an ill-formed plural throws (the catalogue test parses every text). */
function parse(text: string, hash?: string): Piece[] {
  const out: Piece[] = [];
  let i = 0;
  let words = "";
  const flush = () => {
    if (words) out.push(words);
    words = "";
  };
  while (i < text.length) {
    const rest = text.slice(i);
    const ph = PLACEHOLDER.exec(rest);
    const pl = ph ? null : PLURAL.exec(rest);
    if (ph) {
      flush();
      out.push({ name: ph[1]!, src: ph[0] });
      i += ph[0].length;
    } else if (pl) {
      flush();
      const plural: Record<string, Piece[]> = {};
      let j = i + pl[0].length;
      for (;;) {
        const opt = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(text.slice(j));
        if (!opt) break;
        let depth = 1;
        let k = j + opt[0].length;
        for (; k < text.length && depth > 0; k++) depth += text[k] === "{" ? 1 : text[k] === "}" ? -1 : 0;
        if (depth !== 0) throw new Error(`unbalanced plural in: ${text}`);
        plural[opt[1]!] = parse(text.slice(j + opt[0].length, k - 1), pl[1]);
        j = k;
      }
      const close = /^\s*\}/.exec(text.slice(j));
      if (!close || !("other" in plural)) throw new Error(`ill-formed plural (an option without \`other\`, or no closing brace) in: ${text}`);
      j += close[0].length;
      out.push({ name: pl[1]!, src: text.slice(i, j), plural });
      i = j;
    } else if (hash && text[i] === "#") {
      flush();
      out.push({ name: hash, src: "#" });
      i++;
    } else words += text[i++];
  }
  flush();
  return out;
}

const PARSED = new Map<string, Piece[]>();
const piecesOf = (text: string): Piece[] => {
  let p = PARSED.get(text);
  if (!p) {
    p = parse(text);
    PARSED.set(text, p);
  }
  return p;
};

/** Every name a text fills (placeholders, plurals' numbers and what their branches fill), sorted, once each. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (pieces: Piece[]) => {
    for (const p of pieces) {
      if (typeof p === "string") continue;
      names.add(p.name);
      if ("plural" in p) for (const branch of Object.values(p.plural)) walk(branch);
    }
  };
  walk(piecesOf(text));
  return [...names].sort();
}

/** The plurals of a text: each one's number and the branches it gives (`one`, `few`, `=0`, …). */
export function pluralsOf(text: string): { name: string; branches: string[] }[] {
  const found: { name: string; branches: string[] }[] = [];
  const walk = (pieces: Piece[]) => {
    for (const p of pieces)
      if (typeof p !== "string" && "plural" in p) {
        found.push({ name: p.name, branches: Object.keys(p.plural) });
        for (const b of Object.values(p.plural)) walk(b);
      }
  };
  walk(piecesOf(text));
  return found;
}

/**
 * Made once per language and kept for the isolate's life: the `Intl` objects, the dashboard's merged
 * dictionary and the translators themselves (a translator holds nothing of a request).
 */
const once = <X>(make: (lang: Lang) => X): ((lang: Lang) => X) => {
  const made = new Map<Lang, X>();
  return (lang) => {
    let x = made.get(lang);
    if (!x) {
      x = make(lang);
      made.set(lang, x);
    }
    return x;
  };
};

const rulesOf = once((lang: Lang) => ({ plural: new Intl.PluralRules(lang), number: new Intl.NumberFormat(lang) }));

/** How a filled text is written: plain (pages, SMS) or HTML (emails: words escaped, values in <bdi>). */
export type Writer = { words: (s: string) => string; value: (s: string) => string; missing: (src: string) => string };

/**
 * Fills a catalogue text in `lang`: a number is written in the language's digits and grouping
 * (`Intl.NumberFormat`), a plural takes the branch its number asks for.
 */
export function fillText(lang: Lang, text: string, vars: Record<string, string | number> | undefined, w: Writer): string {
  const r = rulesOf(lang);
  const show = (v: string | number) => (typeof v === "number" ? r.number.format(v) : v);
  const render = (pieces: Piece[]): string =>
    pieces
      .map((p) => {
        if (typeof p === "string") return w.words(p);
        const v = vars?.[p.name];
        if (v === undefined) return w.missing(p.src);
        if (!("plural" in p)) return w.value(show(v));
        const n = Number(v);
        if (!Number.isFinite(n)) return w.missing(p.src);
        const branch = p.plural[`=${n}`] ?? p.plural[r.plural.select(n)] ?? p.plural.other!;
        return render(branch);
      })
      .join("");
  return render(piecesOf(text));
}

/** Fills placeholders and plurals from `vars`; a placeholder without a value stays as written. */
const filler = (lang: Lang) => {
  const writer: Writer = { words: (s) => s, value: isolateFor(lang), missing: (src) => src };
  return (text: string, vars?: Record<string, string | number>): string => fillText(lang, text, vars, writer);
};

// ---- The pages (signing, public form, kiosk, verification, OAuth consent) ----

export type Dict = LangCatalogue["pages"];
export type Key = keyof Dict;

export type T = {
  lang: Lang;
  /** The text for `key` with `{name}` placeholders filled; the result is plain text (JSX escapes it). */
  (key: Key, vars?: Record<string, string | number>): string;
  /** A key that may not exist (event kinds, methods): the text, or the fallback as given. */
  maybe(key: string, fallback: string): string;
  date(iso: string | null | undefined): string;
};

export const translator = once((lang: Lang): T => {
  const dict = catalogue(lang).pages;
  const fmt = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  const fill = filler(lang);
  const t = ((key: Key, vars?: Record<string, string | number>) => fill(dict[key], vars)) as T;
  t.lang = lang;
  t.maybe = (key, fallback) => (key in dict ? dict[key as Key] : fallback);
  t.date = (iso) => (iso ? `${fmt.format(new Date(iso))} UTC` : "");
  return t;
});

// ---- The dashboard ----

type Areas = LangCatalogue["dashboard"];
export type DashKey = { [A in keyof Areas]: keyof Areas[A] & string }[keyof Areas];

/** Every area of the dashboard, merged into one dictionary per language (keys are unique across areas). */
const dashDict = once((lang: Lang) => Object.assign({}, ...Object.values(catalogue(lang).dashboard)) as Record<string, string>);

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

export const dashTranslator = once((lang: Lang): DashT => {
  const d = dashDict(lang);
  const fill = filler(lang);
  const dates = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const nums = rulesOf(lang).number;
  const lists = new Intl.ListFormat(lang, { style: "short", type: "unit" });
  const t = ((key: DashKey, vars?: Record<string, string | number>) => fill(d[key] ?? key, vars)) as DashT;
  t.lang = lang;
  t.dir = dirOf(lang);
  t.maybe = (key, fallback) => d[key] ?? fallback;
  t.when = (iso) => (iso ? `${dates.format(new Date(iso))} UTC` : "—");
  t.num = (n) => nums.format(n);
  t.list = (parts) => lists.format(parts);
  return t;
});
