/**
 * Fonts of a page's content as the text reader (src/lib/pdf/content-text.ts) needs them: the
 * character codes of a shown string, each with its Unicode text and its advance (thousandths of
 * an em). ToUnicode CMaps (bfchar, bfrange with the array form, code lengths from the codespace
 * ranges), Type0 fonts (2-byte codes for Identity-H, /W and /DW widths), simple fonts with
 * /Encoding (WinAnsi, MacRoman, Standard, /Differences by glyph name, `uniXXXX` names) and
 * /Widths, the standard 14 fonts' widths from pdf-lib's metrics. Whatever cannot be read reads as
 * no text with half an em of advance; nothing here throws on a PDF's content. The encodings and
 * metrics come from src/lib/pdf/standard-fonts.ts: the reader's caller loads them first
 * (`loadStandardFonts`), and reading without them is the caller's fault, said at once.
 */
import { Encodings, Font } from "./standard-fonts";
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFObject } from "pdf-lib";

/** One character code of a shown string. */
export type Glyph = { text: string; width: number; space: boolean };

export type FontDecoder = { decode(bytes: Uint8Array): Glyph[]; vertical: boolean };

/** Inflates a stream within the reading's budget (null: unreadable). */
export type StreamBytes = (stream: PDFRawStream) => Promise<Uint8Array | null>;

// ---- glyph names and encodings --------------------------------------------------------------

type Tables = {
  /** Glyph name → Unicode (ASCII + Latin-1 + WinAnsi's extras, from pdf-lib's WinAnsi table). */
  glyphUnicode: Map<string, string>;
  /** WinAnsi code → [Unicode, glyph name]. */
  winAnsi: ([string, string] | undefined)[];
};
let tables: Tables | null = null;

/** The WinAnsi tables, built from pdf-lib's encoding on first use. */
function winAnsiTables(): Tables {
  if (tables) return tables;
  const glyphUnicode = new Map<string, string>();
  const winAnsi: Tables["winAnsi"] = [];
  const mappings = (Encodings.WinAnsi as unknown as { unicodeMappings: Record<string, [number, string]> }).unicodeMappings;
  for (const [cp, [code, name]] of Object.entries(mappings)) {
    const text = String.fromCodePoint(Number(cp));
    glyphUnicode.set(name, text);
    winAnsi[code] = [text, name];
  }
  for (const [name, text] of [
    ["fi", "fi"],
    ["fl", "fl"],
    ["ff", "ff"],
    ["ffi", "ffi"],
    ["ffl", "ffl"],
    ["nbspace", "\u00a0"],
    ["sfthyphen", "\u00ad"],
    ["minus", "\u2212"],
    ["quoteright", "\u2019"],
    ["quoteleft", "\u2018"],
  ] as const)
    glyphUnicode.set(name, text);
  tables = { glyphUnicode, winAnsi };
  return tables;
}

/** MacRoman 0x80-0xFF. */
const MAC_HIGH = "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»… ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ";
/** Standard encoding's differences from ASCII below 0x80. */
const STANDARD_LOW: Record<number, string> = { 39: "quoteright", 96: "quoteleft" };

export function glyphToUnicode(name: string): string | null {
  const known = winAnsiTables().glyphUnicode.get(name);
  if (known) return known;
  const uni = /^uni([0-9A-Fa-f]{4})+$/.exec(name);
  if (uni) {
    let out = "";
    for (let i = 3; i < name.length; i += 4) out += String.fromCharCode(Number.parseInt(name.slice(i, i + 4), 16));
    return out;
  }
  const u = /^u([0-9A-Fa-f]{4,6})$/.exec(name);
  if (u) {
    const cp = Number.parseInt(u[1]!, 16);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : null;
  }
  const base = name.split(".")[0]!;
  return base !== name ? glyphToUnicode(base) : null;
}

type Base = "WinAnsi" | "MacRoman" | "Standard";

/** A code of a base encoding → [Unicode, glyph name]. */
function baseEntry(base: Base, code: number): [string, string] | null {
  const { glyphUnicode, winAnsi } = winAnsiTables();
  if (base === "WinAnsi") return winAnsi[code] ?? null;
  if (code < 0x80) {
    const name = base === "Standard" ? STANDARD_LOW[code] : undefined;
    if (name) return [glyphUnicode.get(name)!, name];
    const ascii = winAnsi[code];
    return ascii && code >= 0x20 ? ascii : null;
  }
  if (base === "MacRoman") {
    const text = MAC_HIGH[code - 0x80]!;
    const cp = text.codePointAt(0)!;
    const win = winAnsi.find((e) => e?.[0].codePointAt(0) === cp);
    return [text, win?.[1] ?? ""];
  }
  return null;
}

// ---- standard 14 metrics --------------------------------------------------------------------

const STANDARD_NAMES: [RegExp, string][] = [
  [/^(Helvetica|Arial)(MT)?$/, "Helvetica"],
  [/^(Helvetica|Arial)(MT)?[-,]?Bold(MT)?$/, "Helvetica-Bold"],
  [/^(Helvetica|Arial)(MT)?[-,]?(Oblique|Italic)(MT)?$/, "Helvetica-Oblique"],
  [/^(Helvetica|Arial)(MT)?[-,]?Bold(Oblique|Italic)(MT)?$/, "Helvetica-BoldOblique"],
  [/^(Times-Roman|TimesNewRoman(PS)?(MT)?|Times)$/, "Times-Roman"],
  [/^(Times|TimesNewRoman(PS)?)(MT)?[-,]?Bold(MT)?$/, "Times-Bold"],
  [/^(Times|TimesNewRoman(PS)?)(MT)?[-,]?Italic(MT)?$/, "Times-Italic"],
  [/^(Times|TimesNewRoman(PS)?)(MT)?[-,]?BoldItalic(MT)?$/, "Times-BoldItalic"],
  [/^Courier(New)?(PS)?(MT)?$/, "Courier"],
  [/^Courier(New)?(PS)?(MT)?[-,]?Bold(MT)?$/, "Courier-Bold"],
  [/^Courier(New)?(PS)?(MT)?[-,]?(Oblique|Italic)(MT)?$/, "Courier-Oblique"],
  [/^Courier(New)?(PS)?(MT)?[-,]?Bold(Oblique|Italic)(MT)?$/, "Courier-BoldOblique"],
  [/^Symbol$/, "Symbol"],
  [/^ZapfDingbats$/, "ZapfDingbats"],
];

/** The standard 14 font a /BaseFont names (subset prefix and common aliases aside), with its metrics. */
function standardFont(baseFont: string | undefined): Font | null {
  if (!baseFont) return null;
  const bare = baseFont.replace(/^[A-Z]{6}\+/, "");
  const name = STANDARD_NAMES.find(([re]) => re.test(bare))?.[1];
  if (!name) return null;
  return Font.load(name);
}

// ---- ToUnicode CMaps ------------------------------------------------------------------------

type CodeSpace = { bytes: number; lo: number; hi: number }[];
type CMap = { space: CodeSpace; map: Map<number, string> };

const hexOf = (s: string) => Number.parseInt(s || "0", 16);
const utf16Of = (hex: string) => {
  let out = "";
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  if (hex.length % 4 === 2) out += String.fromCharCode(Number.parseInt(hex.slice(-2), 16));
  return out;
};
/** Adds `n` to the last UTF-16 unit of a destination (bfrange's incrementing form). */
const bump = (text: string, n: number) => text.slice(0, -1) + String.fromCharCode(text.charCodeAt(text.length - 1) + n);

const MAX_RANGE = 65536;

/** Parses a CMap's codespace ranges and bfchar/bfrange (or cidchar/cidrange as numbers). */
export function parseCMap(source: string): CMap {
  const space: CodeSpace = [];
  const map = new Map<number, string>();
  const body = source.replace(/%[^\r\n]*/g, "");
  for (const block of body.matchAll(/begincodespacerange([\s\S]*?)endcodespacerange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]*)>\s*<([0-9A-Fa-f]*)>/g)) {
      space.push({ bytes: Math.max(1, Math.ceil(m[1]!.length / 2)), lo: hexOf(m[1]!), hi: hexOf(m[2]!) });
    }
  }
  for (const block of body.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]*)>\s*<([0-9A-Fa-f]*)>/g)) map.set(hexOf(m[1]!), utf16Of(m[2]!));
  }
  for (const block of body.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9A-Fa-f]*)>\s*<([0-9A-Fa-f]*)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])/g)) {
      const lo = hexOf(m[1]!);
      const hi = Math.min(hexOf(m[2]!), lo + MAX_RANGE);
      const dest = m[3]!;
      if (dest.startsWith("[")) {
        const items = [...dest.matchAll(/<([0-9A-Fa-f]*)>/g)].map((x) => utf16Of(x[1]!));
        for (let c = lo; c <= hi && c - lo < items.length; c++) map.set(c, items[c - lo]!);
      } else {
        const start = utf16Of(dest.slice(1, -1));
        if (start) for (let c = lo; c <= hi; c++) map.set(c, bump(start, c - lo));
      }
    }
  }
  return { space, map };
}

/** Splits bytes into codes by codespace ranges (or `fallback` bytes each when there are none). */
function splitCodes(bytes: Uint8Array, space: CodeSpace, fallback: number): number[] {
  const codes: number[] = [];
  const lengths = [...new Set(space.map((s) => s.bytes))].sort((a, b) => a - b);
  let i = 0;
  while (i < bytes.length) {
    let taken = 0;
    let code = 0;
    for (const n of lengths.length ? lengths : [fallback]) {
      if (i + n > bytes.length) break;
      let c = 0;
      for (let k = 0; k < n; k++) c = c * 256 + bytes[i + k]!;
      if (!lengths.length || space.some((s) => s.bytes === n && c >= s.lo && c <= s.hi)) {
        taken = n;
        code = c;
        break;
      }
    }
    if (!taken) {
      // Outside every range: as many bytes as the shortest range (PDF 32000-1 §9.7.6.3).
      taken = Math.min(lengths[0] ?? fallback, bytes.length - i);
      for (let k = 0; k < taken; k++) code = code * 256 + bytes[i + k]!;
    }
    codes.push(code);
    i += taken;
  }
  return codes;
}

const latin1 = (bytes: Uint8Array) => {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
};

const num = (o: PDFObject | undefined, or: number) => (o instanceof PDFNumber ? o.asNumber() : or);

// ---- the decoders ----------------------------------------------------------------------------

async function toUnicodeOf(font: PDFDict, bytesOf: StreamBytes): Promise<CMap | null> {
  const stream = font.lookup(PDFName.of("ToUnicode"));
  if (!(stream instanceof PDFRawStream)) return null;
  const bytes = await bytesOf(stream);
  return bytes ? parseCMap(latin1(bytes)) : null;
}

/** /W of a CID font: [c [w1 w2 …]] and [cfirst clast w]. */
function cidWidths(w: PDFArray | undefined): Map<number, number> {
  const out = new Map<number, number>();
  if (!w) return out;
  for (let i = 0; i < w.size(); ) {
    const first = num(w.lookup(i), Number.NaN);
    const next = w.lookup(i + 1);
    if (next instanceof PDFArray) {
      for (let k = 0; k < next.size() && k < MAX_RANGE; k++) out.set(first + k, num(next.lookup(k), 1000));
      i += 2;
    } else {
      const last = num(next, Number.NaN);
      const width = num(w.lookup(i + 2), 1000);
      for (let c = first; c <= last && c - first < MAX_RANGE; c++) out.set(c, width);
      i += 3;
    }
    if (!Number.isFinite(first)) break;
  }
  return out;
}

async function type0(font: PDFDict, bytesOf: StreamBytes): Promise<FontDecoder> {
  const unicode = await toUnicodeOf(font, bytesOf);
  const encoding = font.lookup(PDFName.of("Encoding"));
  let space: CodeSpace = [];
  let vertical = false;
  if (encoding instanceof PDFName) vertical = encoding.asString().endsWith("-V");
  else if (encoding instanceof PDFRawStream) {
    const bytes = await bytesOf(encoding);
    if (bytes) space = parseCMap(latin1(bytes)).space;
  }
  if (!space.length) space = [{ bytes: 2, lo: 0, hi: 0xffff }];
  const descendants = font.lookup(PDFName.of("DescendantFonts"));
  const cid = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
  const cidDict = cid instanceof PDFDict ? cid : undefined;
  const dw = num(cidDict?.lookup(PDFName.of("DW")), 1000);
  const wArray = cidDict?.lookup(PDFName.of("W"));
  const widths = cidWidths(wArray instanceof PDFArray ? wArray : undefined);
  return {
    vertical,
    decode(bytes) {
      return splitCodes(bytes, space, 2).map((code) => {
        const text = unicode?.map.get(code) ?? "";
        return { text, width: widths.get(code) ?? dw, space: false };
      });
    },
  };
}

async function simple(font: PDFDict, bytesOf: StreamBytes): Promise<FontDecoder> {
  const unicode = await toUnicodeOf(font, bytesOf);
  const baseFontName = font.lookup(PDFName.of("BaseFont"));
  const standard = standardFont(baseFontName instanceof PDFName ? baseFontName.decodeText() : undefined);
  const symbolic = standard?.FontName === "Symbol" || standard?.FontName === "ZapfDingbats";
  const encoding = font.lookup(PDFName.of("Encoding"));
  const encName = encoding instanceof PDFName ? encoding : encoding instanceof PDFDict ? encoding.lookup(PDFName.of("BaseEncoding")) : undefined;
  const baseName = encName instanceof PDFName ? encName.decodeText() : "";
  const base: Base =
    baseName === "MacRomanEncoding"
      ? "MacRoman"
      : baseName === "WinAnsiEncoding"
        ? "WinAnsi"
        : standard && !baseName
          ? "Standard"
          : baseName
            ? "Standard"
            : "WinAnsi";
  const differences = new Map<number, string>();
  const diff = encoding instanceof PDFDict ? encoding.lookup(PDFName.of("Differences")) : undefined;
  if (diff instanceof PDFArray) {
    let code = 0;
    for (let i = 0; i < diff.size() && i < 4096; i++) {
      const item = diff.lookup(i);
      if (item instanceof PDFNumber) code = item.asNumber();
      else if (item instanceof PDFName) differences.set(code++, item.decodeText());
    }
  }
  const widthsArray = font.lookup(PDFName.of("Widths"));
  const first = num(font.lookup(PDFName.of("FirstChar")), 0);
  const descriptor = font.lookup(PDFName.of("FontDescriptor"));
  const missing = num(descriptor instanceof PDFDict ? descriptor.lookup(PDFName.of("MissingWidth")) : undefined, Number.NaN);
  const table: Glyph[] = [];
  for (let code = 0; code < 256; code++) {
    const name = differences.get(code) ?? (symbolic ? undefined : baseEntry(base, code)?.[1]);
    const text =
      unicode?.map.get(code) ?? (differences.has(code) ? glyphToUnicode(differences.get(code)!) : symbolic ? null : baseEntry(base, code)?.[0]) ?? "";
    let width: number | undefined;
    if (widthsArray instanceof PDFArray && code >= first && code - first < widthsArray.size()) width = num(widthsArray.lookup(code - first), Number.NaN);
    if (width === undefined || !Number.isFinite(width)) {
      const std = standard && name ? standard.getWidthOfGlyph(name) : undefined;
      width = typeof std === "number" ? std : Number.isFinite(missing) ? missing : 500;
    }
    table.push({ text, width, space: code === 32 });
  }
  return { vertical: false, decode: (bytes) => Array.from(bytes, (b) => table[b]!) };
}

/** A font dictionary's decoder; an unreadable font reads as no text, half an em per byte. */
export async function fontDecoder(font: PDFObject | undefined, bytesOf: StreamBytes): Promise<FontDecoder> {
  try {
    if (font instanceof PDFDict) {
      const subtype = font.lookup(PDFName.of("Subtype"));
      return subtype === PDFName.of("Type0") ? await type0(font, bytesOf) : await simple(font, bytesOf);
    }
  } catch {
    // fall through: unreadable
  }
  return { vertical: false, decode: (bytes) => Array.from(bytes, (b) => ({ text: "", width: 500, space: b === 32 })) };
}
