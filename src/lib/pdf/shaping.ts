/**
 * Right-to-left text for PDF pages, which place glyphs left to right and know nothing of scripts:
 * Arabic letters take their joining forms (isolated, initial, medial, final) and lam-alef becomes
 * its ligature, through the Arabic Presentation Forms-B the embedded DejaVu subset carries; then a
 * line is put in visual order by the Unicode bidirectional algorithm (UAX #9, `bidi-js`), mirrored
 * brackets included. Each presentation-form glyph maps back to its logical letters in the PDF's
 * ToUnicode table (truetype.ts), so copying or extracting text gives the letters that were typed.
 *
 * Shaping from the presentation forms is what the embedded font can do without layout tables and
 * without fontkit's shaping engine in the Worker (about a third of its compressed size): it covers
 * the 36 letters of the Arabic alphabet, hamza carriers and lam-alef. A letter outside that table
 * (Persian, Urdu extensions) is drawn in its isolated form, still in the right order.
 */
import bidiFactory from "bidi-js";

type Forms = { isolated: number; final: number; initial?: number; medial?: number };

/** Letter → its first presentation form; `true` for dual-joining (4 forms), `false` right-joining (2). */
const LETTERS: [number, number, boolean][] = [
  [0x0622, 0xfe81, false],
  [0x0623, 0xfe83, false],
  [0x0624, 0xfe85, false],
  [0x0625, 0xfe87, false],
  [0x0626, 0xfe89, true],
  [0x0627, 0xfe8d, false],
  [0x0628, 0xfe8f, true],
  [0x0629, 0xfe93, false],
  [0x062a, 0xfe95, true],
  [0x062b, 0xfe99, true],
  [0x062c, 0xfe9d, true],
  [0x062d, 0xfea1, true],
  [0x062e, 0xfea5, true],
  [0x062f, 0xfea9, false],
  [0x0630, 0xfeab, false],
  [0x0631, 0xfead, false],
  [0x0632, 0xfeaf, false],
  [0x0633, 0xfeb1, true],
  [0x0634, 0xfeb5, true],
  [0x0635, 0xfeb9, true],
  [0x0636, 0xfebd, true],
  [0x0637, 0xfec1, true],
  [0x0638, 0xfec5, true],
  [0x0639, 0xfec9, true],
  [0x063a, 0xfecd, true],
  [0x0641, 0xfed1, true],
  [0x0642, 0xfed5, true],
  [0x0643, 0xfed9, true],
  [0x0644, 0xfedd, true],
  [0x0645, 0xfee1, true],
  [0x0646, 0xfee5, true],
  [0x0647, 0xfee9, true],
  [0x0648, 0xfeed, false],
  [0x0649, 0xfeef, false],
  [0x064a, 0xfef1, true],
];
const FORMS = new Map<number, Forms>(
  LETTERS.map(([cp, base, dual]) => [
    cp,
    dual ? { isolated: base, final: base + 1, initial: base + 2, medial: base + 3 } : { isolated: base, final: base + 1 },
  ]),
);
const HAMZA = 0x0621; // non-joining, isolated form U+FE80
const TATWEEL = 0x0640; // join-causing
/** Lam followed by one of these alefs: [isolated ligature, final ligature]. */
const LAM = 0x0644;
const LAM_ALEF = new Map<number, [number, number]>([
  [0x0622, [0xfef5, 0xfef6]],
  [0x0623, [0xfef7, 0xfef8]],
  [0x0625, [0xfef9, 0xfefa]],
  [0x0627, [0xfefb, 0xfefc]],
]);

/** Transparent for joining: harakat and other combining marks between letters. */
function transparent(cp: number): boolean {
  return (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670 || (cp >= 0x06d6 && cp <= 0x06ed) || (cp >= 0x0300 && cp <= 0x036f);
}
/** Can join to the letter after it (dual-joining or join-causing). */
function joinsForward(cp: number | undefined): boolean {
  if (cp === undefined) return false;
  if (cp === TATWEEL) return true;
  return FORMS.get(cp)?.initial !== undefined;
}
/** Can join to the letter before it (any joining letter or tatweel). */
function joinsBackward(cp: number | undefined): boolean {
  return cp !== undefined && (cp === TATWEEL || FORMS.has(cp));
}

const ARABIC = /[\u0600-\u06ff]/;

/** Arabic letters in their contextual forms (logical order kept; other text untouched). */
export function shapeArabic(text: string): string {
  if (!ARABIC.test(text)) return text;
  const cps = [...text].map((c) => c.codePointAt(0)!);
  const neighbour = (i: number, step: 1 | -1): number | undefined => {
    for (let k = i + step; k >= 0 && k < cps.length; k += step) if (!transparent(cps[k]!)) return cps[k];
    return undefined;
  };
  let out = "";
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    const forms = FORMS.get(cp);
    if (!forms) {
      out += String.fromCodePoint(cp === HAMZA ? 0xfe80 : cp);
      continue;
    }
    const prev = neighbour(i, -1);
    const joinsPrev = joinsForward(prev);
    if (cp === LAM) {
      // Lam directly followed by an alef (marks in between keep them apart, as most fonts do).
      const lig = LAM_ALEF.get(cps[i + 1] ?? -1);
      if (lig) {
        out += String.fromCodePoint(joinsPrev ? lig[1] : lig[0]);
        i++;
        continue;
      }
    }
    const joinsNext = forms.initial !== undefined && joinsBackward(neighbour(i, 1));
    const form = joinsPrev && joinsNext ? forms.medial : joinsPrev ? forms.final : joinsNext ? forms.initial : forms.isolated;
    out += String.fromCodePoint(form ?? forms.isolated);
  }
  return out;
}

let bidi: ReturnType<typeof bidiFactory> | null = null;
const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]|\ud802[\udc00-\udfff]|\ud83a/;

/** Whether text holds any right-to-left letter (the bidi algorithm is skipped otherwise). */
export function hasRtl(text: string): boolean {
  return STRONG_RTL.test(text);
}

/**
 * One line in visual (left-to-right drawing) order by UAX #9: the paragraph direction from its
 * first strong letter, right-to-left runs reversed, mirrored characters (brackets) swapped in them.
 */
export function visualOrder(line: string): string {
  if (!hasRtl(line)) return line;
  bidi ??= bidiFactory();
  const levels = bidi.getEmbeddingLevels(line, "auto");
  const chars = line.split("");
  for (const [i, m] of bidi.getMirroredCharactersMap(line, levels.levels)) chars[i] = m;
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    const part = chars.slice(start!, end! + 1).reverse();
    chars.splice(start!, part.length, ...part);
  }
  // Reversing UTF-16 units turned surrogate pairs around: put them back.
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const n = chars[i + 1];
    const code = c.charCodeAt(0);
    if (code >= 0xdc00 && code <= 0xdfff && n && n.charCodeAt(0) >= 0xd800 && n.charCodeAt(0) <= 0xdbff) {
      out += n + c;
      i++;
    } else out += c;
  }
  return out;
}
