/**
 * Text as the embedded fonts can draw it. Names and documents arrive in any script. The embedded
 * font (DejaVu Sans subset, a static asset: `fonts.ts` reads it before anything is drawn,
 * `setUnicodeFont`) covers Latin, Greek, Cyrillic, Hebrew and Arabic; Chinese, Japanese and Korean
 * come from a second font kept in R2 (`fonts.ts` loads it when a text needs it, `setFallbackFont`).
 * Neither is part of the Worker's script. Arabic is shaped and right-to-left runs are put in visual
 * order (`shaping.ts`) so every PDF surface draws them right; anything neither font has is printed
 * as `[U+XXXX]`, lossless and readable, never a crash in the middle of a seal. Widths come from a
 * per-code-point cache of advance widths, which is what makes 20 pages cheap to lay out.
 *
 * `drawable(line)` returns the final, drawable form of one line: shaped and in visual order. Do
 * not pass its result through `drawable` again (a right-to-left run would be turned back).
 */
import { hasRtl, shapeArabic, visualOrder } from "./shaping";
import { rememberParsed, TrueTypeFont } from "./truetype";

export { hasRtl, shapeArabic, visualOrder } from "./shaping";

let fontBytes: Uint8Array | null = null;
let metrics: TrueTypeFont | null = null;

/** Makes the embedded font (assets/fonts/DejaVuSans-subset.ttf) available to every PDF surface, once per isolate. */
export function setUnicodeFont(bytes: Uint8Array): void {
  fontBytes = bytes;
  metrics = null;
  advance.clear();
  covered.clear();
}

/** Whether the embedded font is loaded in this isolate. */
export function hasUnicodeFont(): boolean {
  return fontBytes !== null;
}

/** The embedded font's TTF bytes. Reading them before `loadPdfFonts` (./fonts.ts) is a fault of the caller, said at once. */
export function unicodeFontBytes(): Uint8Array {
  if (!fontBytes) throw new Error("the embedded font is read before loadPdfFonts (src/lib/pdf/fonts.ts)");
  return fontBytes;
}

function font(): TrueTypeFont {
  metrics ??= new TrueTypeFont(unicodeFontBytes());
  return metrics;
}

/** The CJK font (from R2) once loaded in this isolate, with its bytes for embedding. */
let fallback: { bytes: Uint8Array; font: TrueTypeFont } | null = null;

/** Makes a second font (CJK, drawn by cmap only) available to every PDF surface; `null` removes it. */
export function setFallbackFont(bytes: Uint8Array | null): void {
  fallback = bytes ? { bytes, font: new TrueTypeFont(bytes, { cmapOnly: true }) } : null;
  if (fallback) rememberParsed(fallback.bytes, fallback.font);
  advance.clear();
  covered.clear();
}

/** The fallback font's bytes and parsed tables, when one is loaded. */
export function fallbackFont(): { bytes: Uint8Array; font: TrueTypeFont } | null {
  return fallback;
}

/** Which font draws a code point: 0 the embedded one, 1 the fallback, -1 neither. */
export function fontIndexOf(cp: number): 0 | 1 | -1 {
  if (font().hasGlyphForCodePoint(cp)) return 0;
  if (fallback?.font.hasGlyphForCodePoint(cp)) return 1;
  return -1;
}

const advance = new Map<number, number>();

/** Advance width of one code point in font units per em (0 for a code point no font has). */
function advanceOf(cp: number): number {
  let w = advance.get(cp);
  if (w === undefined) {
    const which = fontIndexOf(cp);
    const f = which === 1 ? fallback!.font : font();
    w = which === -1 ? 0 : f.glyphForCodePoint(cp).advanceWidth / f.unitsPerEm;
    advance.set(cp, w);
  }
  return w;
}

const covered = new Map<number, boolean>();

/** Whether some loaded font draws the code point. */
export function fontCovers(cp: number): boolean {
  let c = covered.get(cp);
  if (c === undefined) {
    c = fontIndexOf(cp) !== -1;
    covered.set(cp, c);
  }
  return c;
}

/** Whether drawing the text needs a code point the embedded font lacks (then the fallback is worth loading). */
export function needsFallback(text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x2e80 && !font().hasGlyphForCodePoint(cp)) return true;
  }
  return false;
}

/**
 * Logical, shaped text: NFC (so accents sit on their letters), tabs as spaces, other control
 * characters dropped (bidi controls too: the algorithm runs on the letters), Arabic in its joining
 * forms, code points no font has written as `[U+XXXX]`. Newlines are kept.
 */
function clean(input: string): string {
  let out = "";
  for (const ch of input.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x09) out += "    ";
    else if (cp === 0x0a) out += "\n";
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) continue;
    else if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f) continue;
    else if (fontCovers(cp)) out += ch;
    else out += `[U+${cp.toString(16).toUpperCase().padStart(4, "0")}]`;
  }
  return shapeArabic(out);
}

/**
 * One line of drawable text: cleaned and shaped as above, then in visual order (right-to-left
 * runs reversed by UAX #9), ready for a left-to-right `drawText`.
 */
export function drawable(input: string): string {
  return visualOrder(clean(input.replace(/\n/g, " ")));
}

/** Width in points of already-drawable text at `size`. */
export function widthOf(text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += advanceOf(ch.codePointAt(0)!);
  return w * size;
}

/** Drawable text cut into runs of one font each (0 the embedded font, 1 the fallback), in drawing order. */
export function fontRuns(text: string): { text: string; font: 0 | 1 }[] {
  const runs: { text: string; font: 0 | 1 }[] = [];
  for (const ch of text) {
    const which = fontIndexOf(ch.codePointAt(0)!);
    const f: 0 | 1 = which === 1 ? 1 : 0;
    const last = runs[runs.length - 1];
    // Spaces stay in the run they are in: both fonts have one.
    if (last && (last.font === f || ch === " ")) last.text += ch;
    else runs.push({ text: ch, font: f });
  }
  return runs;
}

/**
 * Splits text into drawable lines no wider than `maxWidth`: at spaces where possible, inside a word
 * (hashes, addresses, CJK) only when the word alone is too wide. Keeps paragraphs (`\n`) and blank
 * lines. Lines are cut in logical order, then each is put in visual order.
 */
export function wrap(text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const para of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = clean(para);
    if (widthOf(line, size) <= maxWidth) {
      lines.push(line);
      continue;
    }
    let current = "";
    let currentWidth = 0;
    const spaceWidth = widthOf(" ", size);
    for (const word of line.split(" ")) {
      const ww = widthOf(word, size);
      const needed = current ? currentWidth + spaceWidth + ww : ww;
      if (needed <= maxWidth) {
        current = current ? `${current} ${word}` : word;
        currentWidth = needed;
        continue;
      }
      if (current) lines.push(current);
      current = "";
      currentWidth = 0;
      if (ww <= maxWidth) {
        current = word;
        currentWidth = ww;
        continue;
      }
      for (const ch of word) {
        const cw = widthOf(ch, size);
        if (currentWidth + cw > maxWidth && current) {
          lines.push(current);
          current = "";
          currentWidth = 0;
        }
        current += ch;
        currentWidth += cw;
      }
    }
    lines.push(current);
  }
  return lines.map((l) => (hasRtl(l) ? visualOrder(l) : l));
}
