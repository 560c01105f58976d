/**
 * The part of a font library the sealed PDFs need, for a TrueType font without layout tables (the
 * embedded DejaVu subset, assets/fonts/README.md): code point → glyph through the `cmap`, advance
 * widths from `hmtx`, the metrics pdf-lib puts in the font descriptor, and a glyph subset written
 * as a TrueType file for the PDF's FontFile2.
 *
 * It stands in for @pdf-lib/fontkit (about 940 KB minified, a third of the Worker's compressed
 * size: shaping engines, CFF, WOFF2/brotli, legacy text encodings) behind the same interface
 * pdf-lib calls (`registerFontkit({ create })`), and it does what fontkit does for such a font, to
 * the byte: the same cmap subtable choice, each glyph remembering the code point it was first
 * asked for (the PDF's ToUnicode map comes from it), composite glyphs pulling in their components,
 * and the subset's tables (head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm) in fontkit's order
 * and encoding. `test/pdf-truetype.test.ts` checks that against fontkit.
 *
 * No shaping: a font with substitution lookups (ligatures, contextual forms) would need it, and
 * `create` refuses a font that has any, or CFF outlines, rather than draw something else.
 */

export type Glyph = { readonly id: number; readonly codePoints: number[]; readonly advanceWidth: number };
type Metric = { advance: number; bearing: number };
type Table = { offset: number; length: number };

class Reader {
  readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u16 = (at: number) => this.view.getUint16(at);
  i16 = (at: number) => this.view.getInt16(at);
  u32 = (at: number) => this.view.getUint32(at);
  i32 = (at: number) => this.view.getInt32(at);
}

/** Glyph id of a code point through one cmap subtable (formats 4 and 12, as fontkit reads them). */
type CmapLookup = { lookup(cp: number): number; codePoints(): number[] };

function cmapFormat4(r: Reader, at: number): CmapLookup {
  const segCount = r.u16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  const glyphIds = rangeOffsets + segCount * 2;
  const glyphIdCount = (at + r.u16(at + 2) - glyphIds) / 2;
  const seg = (i: number) => ({
    start: r.u16(starts + 2 * i),
    end: r.u16(ends + 2 * i),
    delta: r.i16(deltas + 2 * i),
    rangeOffset: r.u16(rangeOffsets + 2 * i),
  });
  const gidIn = (i: number, cp: number) => {
    const s = seg(i);
    if (s.rangeOffset === 0) return (cp + s.delta) & 0xffff;
    const index = s.rangeOffset / 2 + (cp - s.start) - (segCount - i);
    const gid = index >= 0 && index < glyphIdCount ? r.u16(glyphIds + 2 * index) : 0;
    return gid === 0 ? 0 : (gid + s.delta) & 0xffff;
  };
  return {
    lookup(cp) {
      let min = 0;
      let max = segCount - 1;
      while (min <= max) {
        const mid = (min + max) >> 1;
        if (cp < r.u16(starts + 2 * mid)) max = mid - 1;
        else if (cp > r.u16(ends + 2 * mid)) min = mid + 1;
        else return gidIn(mid, cp);
      }
      return 0;
    },
    // Every code of every segment, as fontkit lists them (the closing 0xFFFF segment included).
    codePoints() {
      const out: number[] = [];
      for (let i = 0; i < segCount; i++) for (let cp = r.u16(starts + 2 * i); cp <= r.u16(ends + 2 * i); cp++) out.push(cp);
      return out;
    },
  };
}

function cmapFormat12(r: Reader, at: number): CmapLookup {
  const n = r.u32(at + 12);
  const group = (i: number) => ({ start: r.u32(at + 16 + 12 * i), end: r.u32(at + 20 + 12 * i), glyph: r.u32(at + 24 + 12 * i) });
  return {
    lookup(cp) {
      let min = 0;
      let max = n - 1;
      while (min <= max) {
        const mid = (min + max) >> 1;
        const g = group(mid);
        if (cp < g.start) max = mid - 1;
        else if (cp > g.end) min = mid + 1;
        else return g.glyph + (cp - g.start);
      }
      return 0;
    },
    codePoints() {
      const out: number[] = [];
      for (let i = 0; i < n; i++) for (let cp = group(i).start; cp <= group(i).end; cp++) out.push(cp);
      return out;
    },
  };
}

/** Composite glyph flags (glyf table). */
const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

export class TrueTypeFont {
  private readonly r: Reader;
  private readonly tables = new Map<string, Table>();
  private readonly cmap: CmapLookup;
  private readonly glyphCache = new Map<number, Glyph>();
  private readonly metrics: Metric[];
  readonly numGlyphs: number;
  readonly locaOffsets: number[];
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number | undefined;
  readonly xHeight: number | undefined;
  readonly italicAngle: number;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  readonly postscriptName: string | null;
  readonly head: { macStyle: { italic: boolean } };
  readonly post: { isFixedPitch: number };
  readonly "OS/2": { sFamilyClass: number } | undefined;
  /** pdf-lib asks; a TrueType font has no CFF outlines. */
  readonly cff = undefined;

  /**
   * `cmapOnly`: a font whose layout lookups may be ignored because only code points drawn by their
   * default glyph are asked of it (the CJK fallback: ideographs, kana and Hangul syllables).
   */
  constructor(bytes: Uint8Array, options: { cmapOnly?: boolean } = {}) {
    const r = new Reader(bytes);
    this.r = r;
    const count = r.u16(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + 16 * i;
      const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
      this.tables.set(tag, { offset: r.u32(at + 8), length: r.u32(at + 12) });
    }
    for (const required of ["head", "hhea", "maxp", "hmtx", "loca", "glyf", "cmap", "post"]) {
      if (!this.tables.has(required)) throw new Error(`TrueType font without a ${required} table`);
    }
    if (this.tables.has("CFF ") || this.tables.has("CFF2")) throw new Error("CFF outlines are not supported");
    if (!options.cmapOnly && (this.hasLookups("GSUB") || this.hasLookups("morx") || this.hasLookups("GPOS") || this.tables.has("kern"))) {
      throw new Error("a font with layout lookups needs shaping, which this module does not do");
    }
    const head = this.table("head").offset;
    const hhea = this.table("hhea").offset;
    const post = this.table("post").offset;
    this.unitsPerEm = r.u16(head + 18);
    this.bbox = { minX: r.i16(head + 36), minY: r.i16(head + 38), maxX: r.i16(head + 40), maxY: r.i16(head + 42) };
    this.head = { macStyle: { italic: (r.u16(head + 44) & 0x2) !== 0 } };
    this.ascent = r.i16(hhea + 4);
    this.descent = r.i16(hhea + 6);
    this.italicAngle = r.i32(post + 4) / 65536;
    this.post = { isFixedPitch: r.u32(post + 12) };
    const os2 = this.tables.get("OS/2");
    this["OS/2"] = os2 ? { sFamilyClass: r.i16(os2.offset + 30) } : undefined;
    const os2Version = os2 ? r.u16(os2.offset) : 0;
    // fontkit reads capHeight and xHeight from OS/2 version 2 and later only.
    this.capHeight = os2 ? (os2Version >= 2 ? r.i16(os2.offset + 88) : undefined) : this.ascent;
    this.xHeight = os2 ? (os2Version >= 2 ? r.i16(os2.offset + 86) : undefined) : 0;
    this.numGlyphs = r.u16(this.table("maxp").offset + 4);
    const longLoca = r.i16(head + 50) === 1;
    const loca = this.table("loca").offset;
    this.locaOffsets = Array.from({ length: this.numGlyphs + 1 }, (_, i) => (longLoca ? r.u32(loca + 4 * i) : r.u16(loca + 2 * i) * 2));
    const numberOfMetrics = r.u16(hhea + 34);
    const hmtx = this.table("hmtx").offset;
    this.metrics = Array.from({ length: this.numGlyphs }, (_, gid) => {
      const last = Math.min(gid, numberOfMetrics - 1);
      const advance = numberOfMetrics ? r.u16(hmtx + 4 * last) : 0;
      const bearing = gid < numberOfMetrics ? r.i16(hmtx + 4 * gid + 2) : r.i16(hmtx + 4 * numberOfMetrics + 2 * (gid - numberOfMetrics));
      return { advance, bearing };
    });
    this.cmap = this.pickCmap();
    this.postscriptName = this.nameRecord(6);
  }

  private table(tag: string): Table {
    return this.tables.get(tag)!;
  }

  /** Whether an OpenType layout table holds any lookup (a subsetter may leave an empty shell). */
  private hasLookups(tag: string): boolean {
    const t = this.tables.get(tag);
    if (!t) return false;
    if (tag === "morx") return true;
    const lookupList = this.r.u16(t.offset + 8);
    return lookupList !== 0 && this.r.u16(t.offset + lookupList) > 0;
  }

  /** fontkit's preference: a 32-bit Unicode subtable first, then the BMP ones. */
  private pickCmap(): CmapLookup {
    const r = this.r;
    const cmap = this.table("cmap").offset;
    const subtables = Array.from({ length: r.u16(cmap + 2) }, (_, i) => ({
      platform: r.u16(cmap + 4 + 8 * i),
      encoding: r.u16(cmap + 6 + 8 * i),
      at: cmap + r.u32(cmap + 8 + 8 * i),
    }));
    const order = [
      [3, 10],
      [0, 6],
      [0, 4],
      [3, 1],
      [0, 3],
      [0, 2],
      [0, 1],
      [0, 0],
    ];
    for (const [platform, encoding] of order) {
      const s = subtables.find((x) => x.platform === platform && x.encoding === encoding);
      if (!s) continue;
      const format = r.u16(s.at);
      if (format === 4) return cmapFormat4(r, s.at);
      if (format === 12) return cmapFormat12(r, s.at);
      throw new Error(`cmap format ${format} is not supported`);
    }
    throw new Error("TrueType font without a Unicode cmap");
  }

  /** A name record (6 = PostScript name) from the Windows Unicode or the Macintosh Roman table. */
  private nameRecord(id: number): string | null {
    const t = this.tables.get("name");
    if (!t) return null;
    const r = this.r;
    const count = r.u16(t.offset + 2);
    const strings = t.offset + r.u16(t.offset + 4);
    let mac: string | null = null;
    for (let i = 0; i < count; i++) {
      const at = t.offset + 6 + 12 * i;
      if (r.u16(at + 6) !== id) continue;
      const platform = r.u16(at);
      const length = r.u16(at + 8);
      const start = strings + r.u16(at + 10);
      const raw = this.r.bytes.subarray(start, start + length);
      if (platform === 3 || platform === 0) {
        let s = "";
        for (let k = 0; k + 1 < raw.length; k += 2) s += String.fromCharCode((raw[k]! << 8) | raw[k + 1]!);
        return s;
      }
      if (platform === 1 && mac === null) mac = String.fromCharCode(...raw);
    }
    return mac;
  }

  hasGlyphForCodePoint(cp: number): boolean {
    return this.cmap.lookup(cp) !== 0;
  }

  /** The glyph of a code point (`.notdef`, id 0, when the font lacks it). */
  glyphForCodePoint(cp: number): Glyph {
    return this.getGlyph(this.cmap.lookup(cp), logicalCodePoints(cp));
  }

  /** Like fontkit, a glyph keeps the code points it was first asked for. */
  getGlyph(id: number, codePoints: number[] = []): Glyph {
    let g = this.glyphCache.get(id);
    if (!g) {
      g = { id, codePoints, advanceWidth: this.metrics[id]?.advance ?? 0 };
      this.glyphCache.set(id, g);
    }
    return g;
  }

  get characterSet(): number[] {
    return this.cmap.codePoints();
  }

  /** Glyphs for a string, one per code point (no shaping: the constructor refused fonts that need it). */
  layout(text: string): { glyphs: Glyph[] } {
    const glyphs: Glyph[] = [];
    for (const ch of text) glyphs.push(this.glyphForCodePoint(ch.codePointAt(0)!));
    return { glyphs };
  }

  createSubset(): TrueTypeSubset {
    return new TrueTypeSubset(this);
  }

  /** Raw bytes of a table (empty when the font has none). */
  tableBytes(tag: string): Uint8Array | null {
    const t = this.tables.get(tag);
    return t ? this.r.bytes.subarray(t.offset, t.offset + t.length) : null;
  }

  metricOf(gid: number): Metric {
    return this.metrics[gid] ?? { advance: 0, bearing: 0 };
  }
}

/** A growing set of glyphs renumbered from 0 (`.notdef`), written as a standalone TrueType file. */
export class TrueTypeSubset {
  readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();
  readonly cff = undefined;

  constructor(readonly font: TrueTypeFont) {
    this.includeGlyph(0);
  }

  /** The glyph's id in the subset (added on first use). */
  includeGlyph(glyph: number | { id: number }): number {
    const id = typeof glyph === "object" ? glyph.id : glyph;
    let sub = this.mapping.get(id);
    if (sub === undefined) {
      this.glyphs.push(id);
      sub = this.glyphs.length - 1;
      this.mapping.set(id, sub);
    }
    return sub;
  }

  /** The subset file, as fontkit's TTFSubset writes it. */
  encode(): Uint8Array {
    const font = this.font;
    const glyf = font.tableBytes("glyf")!;
    const parts: Uint8Array[] = [];
    const offsets: number[] = [];
    const metrics: Metric[] = [];
    let offset = 0;
    // Components of composite glyphs join the subset as they are met, so the list grows while read.
    for (let i = 0; i < this.glyphs.length; i++) {
      const gid = this.glyphs[i]!;
      const start = font.locaOffsets[gid]!;
      const end = font.locaOffsets[gid + 1]!;
      let data = glyf.subarray(start, end);
      if (data.length >= 10 && new DataView(data.buffer, data.byteOffset, data.byteLength).getInt16(0) < 0) {
        data = data.slice();
        const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
        let at = 10;
        for (;;) {
          const flags = v.getUint16(at);
          v.setUint16(at + 2, this.includeGlyph(v.getUint16(at + 2)));
          at += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
          if (flags & WE_HAVE_A_SCALE) at += 2;
          else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) at += 4;
          else if (flags & WE_HAVE_A_TWO_BY_TWO) at += 8;
          if (!(flags & MORE_COMPONENTS)) break;
        }
      }
      parts.push(data);
      offsets.push(offset);
      metrics.push(font.metricOf(gid));
      offset += data.length;
    }
    offsets.push(offset);
    const shortLoca = offset <= 0xffff;

    const head = font.tableBytes("head")!.slice();
    new DataView(head.buffer).setInt16(50, shortLoca ? 0 : 1);
    const hhea = font.tableBytes("hhea")!.slice();
    new DataView(hhea.buffer).setUint16(34, metrics.length);
    const maxp = font.tableBytes("maxp")!.slice();
    new DataView(maxp.buffer).setUint16(4, parts.length);
    const loca = new Uint8Array(offsets.length * (shortLoca ? 2 : 4));
    const lv = new DataView(loca.buffer);
    offsets.forEach((o, i) => {
      if (shortLoca) lv.setUint16(2 * i, o >>> 1);
      else lv.setUint32(4 * i, o);
    });
    const hmtx = new Uint8Array(metrics.length * 4);
    const hv = new DataView(hmtx.buffer);
    metrics.forEach((m, i) => {
      hv.setUint16(4 * i, m.advance);
      hv.setInt16(4 * i + 2, m.bearing);
    });
    const glyfOut = new Uint8Array(offset);
    let at = 0;
    for (const p of parts) {
      glyfOut.set(p, at);
      at += p.length;
    }

    const tables: [string, Uint8Array | null][] = [
      ["head", head],
      ["hhea", hhea],
      ["loca", loca],
      ["maxp", maxp],
      ["cvt ", font.tableBytes("cvt ")],
      ["prep", font.tableBytes("prep")],
      ["glyf", glyfOut],
      ["hmtx", hmtx],
      ["fpgm", font.tableBytes("fpgm")],
    ];
    const present = tables.filter((t): t is [string, Uint8Array] => t[1] !== null);
    const n = present.length;
    const headerSize = 12 + 16 * n;
    const out = new Uint8Array(headerSize + present.reduce((s, [, b]) => s + b.length, 0));
    const ov = new DataView(out.buffer);
    // fontkit writes the tag "true", no checksums, and the tables back to back in this order.
    out.set([0x74, 0x72, 0x75, 0x65], 0);
    const maxPowerOf2 = 2 ** Math.floor(Math.log2(n));
    ov.setUint16(4, n);
    ov.setUint16(6, maxPowerOf2 * 16);
    ov.setUint16(8, Math.log2(maxPowerOf2));
    ov.setUint16(10, n * 16 - maxPowerOf2 * 16);
    let dataAt = headerSize;
    present.forEach(([tag, bytes], i) => {
      const entry = 12 + 16 * i;
      for (let k = 0; k < 4; k++) out[entry + k] = tag.charCodeAt(k);
      ov.setUint32(entry + 4, 0);
      ov.setUint32(entry + 8, dataAt);
      ov.setUint32(entry + 12, bytes.length);
      out.set(bytes, dataAt);
      dataAt += bytes.length;
    });
    return out;
  }

  /** pdf-lib reads the subset as a stream: one `data`, then `end`, after its listeners are attached. */
  encodeStream() {
    const listeners: Record<string, ((arg?: unknown) => void)[]> = {};
    const stream = {
      on(event: string, fn: (arg?: unknown) => void) {
        listeners[event] = [...(listeners[event] ?? []), fn];
        return stream;
      },
    };
    queueMicrotask(() => {
      let bytes: Uint8Array;
      try {
        bytes = this.encode();
      } catch (err) {
        for (const fn of listeners.error ?? []) fn(err);
        return;
      }
      for (const fn of listeners.data ?? []) fn(bytes);
      for (const fn of listeners.end ?? []) fn();
    });
    return stream;
  }
}

/** What pdf-lib's `registerFontkit` needs. */
/**
 * The letters a presentation form stands for (Arabic joining forms and ligatures, Hebrew
 * presentation forms): the PDF's ToUnicode map then gives back the letters that were typed, so
 * copying and text extraction (pdftotext) see `محمد`, not its contextual glyphs.
 */
function logicalCodePoints(cp: number): number[] {
  if ((cp >= 0xfb1d && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff)) {
    const letters = [...String.fromCodePoint(cp).normalize("NFKC")].map((c) => c.codePointAt(0)!);
    // A right-to-left ligature (lam-alef) is drawn in visual order and extractors (poppler) turn
    // a right-to-left run back to logical order character by character, its ToUnicode letters
    // included: so they are listed in visual order, and come out as typed (lam, then alef).
    if (letters.length > 1 && cp >= 0xfb50) letters.reverse();
    if (letters.length) return letters;
  }
  return [cp];
}

/** Fonts already parsed (the R2 fallback), reused when pdf-lib embeds the same bytes again. */
const parsed = new WeakMap<Uint8Array, TrueTypeFont>();
export function rememberParsed(bytes: Uint8Array, font: TrueTypeFont): void {
  parsed.set(bytes, font);
}

export const truetype = { create: (bytes: Uint8Array) => parsed.get(bytes) ?? new TrueTypeFont(bytes) };
