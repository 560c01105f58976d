/**
 * Text as the embedded font can draw it. Names and documents arrive in any script; the font covers
 * Latin, Greek and Cyrillic. Anything else is printed as `[U+XXXX]` — lossless and readable, and
 * never a crash in the middle of a seal. Widths come from a per-code-point cache of advance widths
 * (no shaping: the font carries no layout tables), which is what makes 20 pages cheap to lay out.
 */
import { fromBase64 } from "../seal/der";
import { DEJAVU_SANS_SUBSET_BASE64 } from "./font-data";
import { TrueTypeFont } from "./truetype";

let fontBytes: Uint8Array | null = null;
let metrics: TrueTypeFont | null = null;

/** The TTF bytes (decoded once per isolate). */
export function unicodeFontBytes(): Uint8Array {
  fontBytes ??= fromBase64(DEJAVU_SANS_SUBSET_BASE64);
  return fontBytes;
}

function font(): TrueTypeFont {
  metrics ??= new TrueTypeFont(unicodeFontBytes());
  return metrics;
}

const advance = new Map<number, number>();

/** Advance width of one code point in font units per em (0 for a code point the font lacks). */
function advanceOf(cp: number): number {
  let w = advance.get(cp);
  if (w === undefined) {
    const f = font();
    w = f.hasGlyphForCodePoint(cp) ? f.glyphForCodePoint(cp).advanceWidth / f.unitsPerEm : 0;
    advance.set(cp, w);
  }
  return w;
}

const covered = new Map<number, boolean>();

export function fontCovers(cp: number): boolean {
  let c = covered.get(cp);
  if (c === undefined) {
    c = font().hasGlyphForCodePoint(cp);
    covered.set(cp, c);
  }
  return c;
}

/**
 * One line of drawable text: NFC (so accents sit on their letters), tabs as spaces, other control
 * characters dropped, code points outside the font written as `[U+XXXX]`.
 */
export function drawable(input: string): string {
  let out = "";
  for (const ch of input.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x09) out += "    ";
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) continue;
    else if (fontCovers(cp)) out += ch;
    else out += `[U+${cp.toString(16).toUpperCase().padStart(4, "0")}]`;
  }
  return out;
}

/** Width in points of already-drawable text at `size`. */
export function widthOf(text: string, size: number): number {
  let w = 0;
  for (const ch of text) w += advanceOf(ch.codePointAt(0)!);
  return w * size;
}

/**
 * Splits drawable text into lines no wider than `maxWidth`: at spaces where possible, inside a word
 * (hashes, addresses) only when the word alone is too wide. Keeps paragraphs (`\n`) and blank lines.
 */
export function wrap(text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const para of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = drawable(para);
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
  return lines;
}
