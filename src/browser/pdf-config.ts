/**
 * The settings and words of the dashboard's PDF tools (src/browser/pdf-tools.ts), read from
 * `<script type="application/json" id="pdf-cfg">` (src/dashboard/pdf-templates/view.tsx).
 * Every word the tools show is one of `words` (the dashboard catalogue's `pdf_js_` keys, in the
 * page's language), its `{placeholders}` filled here with plain text.
 */

export type Place = { page: number; x: number; y: number; w: number; h: number };

/** A field's show_if / required_if: one test of an earlier field, or (set through the API) a group, kept as it is. */
export type Condition = { key: string; op: string; value?: string | string[] } | { all: unknown[] } | { any: unknown[] };

/** A field of the template as the editor keeps it; `fields-json` is these, as JSON. */
export type Field = {
  key: string;
  label: string;
  kind: string;
  required?: boolean;
  /** Asked of: a position in send order, a role label, or any signer (absent). */
  signer?: number | string | null;
  place: Place | null;
  /** One answer drawn at each (initials on every page), instead of `place`. */
  places?: Place[];
  staff_only?: boolean;
  per_child?: boolean;
  options?: string[];
  min_length?: number | string;
  max_length?: number | string;
  pattern?: string;
  pattern_message?: string;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  formula?: string;
  decimals?: number | string;
  show_if?: Condition;
  required_if?: Condition;
};

export type PageInfo = { n: number; width: number; height: number; rotation: number; drawn: boolean };

export type PdfConfig = {
  pdfjs: string;
  worker: string;
  base: string;
  csrf: string;
  lang: string;
  words?: Record<string, string>;
  id?: string;
  pages: PageInfo[];
  fields?: Field[];
  write: boolean;
};

/** A word of the catalogue with its `{placeholders}` filled (the key itself when the page lacks it). */
export type Words = (key: string, values?: Record<string, unknown>) => string;

export function wordsOf(words: Record<string, string>): Words {
  return (k, v) => (words[k] || k).replace(/[{]([a-z]+)[}]/g, (m, n: string) => (v && n in v ? String(v[n]) : m));
}

/** Writes a status line, if the page has it. */
export function say(el: HTMLElement | null, text: string): void {
  if (el) el.textContent = text;
}
