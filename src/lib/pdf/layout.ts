/**
 * A small flowing writer over pdf-lib: A4 pages, one embedded Unicode font (subset into the file),
 * wrapped paragraphs, label/value rows, headings, and a footer stamped on every page at the end.
 * It knows nothing about certificates; `certificate.ts` and `bundle.ts` say what goes where.
 */
import { degrees, PDFDocument, PDFHexString, PDFName, PDFOperator, PDFOperatorNames, type PDFFont, type PDFPage, rgb, type RGB } from "pdf-lib";
import { drawable, fallbackFont, fontRuns, unicodeFontBytes, widthOf, wrap } from "./text";
import { truetype } from "./truetype";

export const PAGE = { width: 595.28, height: 841.89, margin: 50 };
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.4, 0.45);
export const ACCENT = rgb(0.1, 0.28, 0.55);

type FontkitGlyph = { id: number };
type SubsetEmbedder = {
  font: { glyphForCodePoint(cp: number): FontkitGlyph };
  subset: { includeGlyph(g: FontkitGlyph): number };
  glyphs: FontkitGlyph[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
  encodeText(text: string): PDFHexString;
};

/**
 * pdf-lib runs every string through fontkit's shaping engine, which is most of the drawing time.
 * The embedded subset has no layout tables (no ligatures, no contextual forms), so a plain cmap
 * lookup yields exactly the same glyphs. Applied only when pdf-lib's subset embedder looks as
 * expected; otherwise pdf-lib's own encoding stays.
 */
export function encodeByCmap(font: PDFFont): void {
  const e = (font as unknown as { embedder?: Partial<SubsetEmbedder> }).embedder;
  if (!e || typeof e.encodeText !== "function" || !e.subset || !e.font || !Array.isArray(e.glyphs) || !(e.glyphIdMap instanceof Map) || !e.glyphCache) return;
  const embedder = e as SubsetEmbedder;
  const codes = new Map<number, string>();
  embedder.encodeText = (text: string) => {
    let hex = "";
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let code = codes.get(cp);
      if (code === undefined) {
        const glyph = embedder.font.glyphForCodePoint(cp);
        const subsetId = embedder.subset.includeGlyph(glyph);
        embedder.glyphs[subsetId - 1] = glyph;
        embedder.glyphIdMap.set(glyph.id, subsetId);
        embedder.glyphCache.invalidate();
        code = subsetId.toString(16).toUpperCase().padStart(4, "0");
        codes.set(cp, code);
      }
      hex += code;
    }
    return PDFHexString.of(hex);
  };
}

/**
 * Draws one drawable line (`drawable`/`wrap` output) on a page, each run in the font that has its
 * glyphs: the embedded font, or the CJK fallback for Chinese, Japanese and Korean. Use it wherever
 * a PDF surface draws text that may hold names (certificate, bundle, stamped documents).
 */
export function drawRuns(
  page: PDFPage,
  text: string,
  opts: { x: number; y: number; size: number; color?: RGB; opacity?: number; rotate?: ReturnType<typeof degrees> },
  fonts: { font: PDFFont; fallback: PDFFont | null },
): void {
  const runs = fontRuns(text);
  if (runs.length === 1 || !fonts.fallback) {
    page.drawText(text, { ...opts, font: runs[0]?.font === 1 && fonts.fallback ? fonts.fallback : fonts.font });
    return;
  }
  let x = opts.x;
  for (const run of runs) {
    const font = run.font === 1 ? fonts.fallback : fonts.font;
    page.drawText(run.text, { ...opts, x, font });
    x += widthOf(run.text, opts.size);
  }
}

const embedded = new WeakMap<PDFDocument, Promise<PDFFont>>();

/**
 * The document's one Unicode font, embedded on first use and shared by everything that draws into
 * the document (the answers stamped on a PDF template's pages, then the certificate pages): one
 * subset of all the glyphs drawn, not one per drawer.
 */
export function unicodeFontOf(doc: PDFDocument): Promise<PDFFont> {
  let font = embedded.get(doc);
  if (!font) {
    // The font module pdf-lib embeds through (src/lib/pdf/truetype.ts, in place of @pdf-lib/fontkit).
    doc.registerFontkit(truetype as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
    // Subset fonts carry a six-letter tag (PDF 32000-1 §9.6.4), so readers and pdffonts see subsets.
    font = doc.embedFont(unicodeFontBytes(), { subset: true, customName: "ESDJVS+DejaVuSans" }).then((f) => {
      encodeByCmap(f);
      return f;
    });
    embedded.set(doc, font);
  }
  return font;
}

export type TextStyle = { size?: number; color?: RGB; indent?: number; after?: number };

export class PdfWriter {
  page!: PDFPage;
  y = 0;
  /** The CJK font, embedded (as a subset of the glyphs drawn) on first use. */
  fallback: PDFFont | null = null;
  /**
   * Right to left (Arabic, Hebrew pages): lines, paragraphs and rows are set from the right margin,
   * a row's label on the right and its value to its left. Footers and marks are not affected.
   */
  rtl = false;
  private constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    /** Pages before this index belong to a loaded document (`base`): footers and marks leave them alone. */
    readonly firstOwnPage = 0,
  ) {}

  /**
   * A writer over a new document, or over `base` (a loaded PDF, e.g. a PDF template's original):
   * then the writer's pages come after the base's, and the first is added by the caller (`newPage`).
   */
  static async create(meta: { title: string; author: string; subject: string }, base?: PDFDocument): Promise<PdfWriter> {
    const doc = base ?? (await PDFDocument.create());
    const font = await unicodeFontOf(doc);
    doc.setTitle(drawable(meta.title));
    doc.setAuthor(drawable(meta.author));
    doc.setSubject(meta.subject);
    doc.setProducer("edge-sign evidence");
    doc.setCreator("edge-sign");
    const w = new PdfWriter(doc, font, base ? base.getPageCount() : 0);
    const fb = fallbackFont();
    if (fb) {
      // A subset of the glyphs drawn. The fallback is loaded (fonts.ts) only for a file whose text
      // needs it, so a Latin-only file carries no second font.
      w.fallback = await doc.embedFont(fb.bytes, {
        subset: true,
        customName: `ESCJKF+${(fb.font.postscriptName ?? "CJK").replace(/[^\x21-\x7e]|[()<>[\]{}/%#]/g, "")}`,
      });
      encodeByCmap(w.fallback);
    }
    if (!base) w.newPage();
    return w;
  }

  get contentWidth(): number {
    return PAGE.width - 2 * PAGE.margin;
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `height` points still fit above the bottom margin (and footer). */
  ensure(height: number): void {
    if (this.y - height < PAGE.margin + 14) this.newPage();
  }

  space(points: number): void {
    this.y -= points;
  }

  /** Where drawable `text` starts that is set at `x` from the left margin's side: mirrored when right to left. */
  at(x: number, text: string, size: number): number {
    return this.rtl ? PAGE.width - x - widthOf(text, size) : x;
  }

  /** Draws one already-fitted line at the cursor. */
  private line(text: string, x: number, size: number, color: RGB): void {
    this.ensure(size * 1.35);
    this.y -= size * 1.35;
    if (text) this.draw(this.page, text, { x: this.at(x, text, size), y: this.y + size * 0.3, size, color });
  }

  /** A wrapped paragraph (newlines kept). */
  text(text: string, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    for (const l of wrap(text, size, this.contentWidth - indent)) this.line(l, PAGE.margin + indent, size, style.color ?? INK);
    this.y -= style.after ?? 0;
  }

  heading(text: string, size = 14): void {
    this.ensure(size * 3);
    this.y -= size * 0.6;
    this.text(text, { size, color: ACCENT, after: size * 0.3 });
  }

  /** Label / value rows; values wrap inside their column. */
  rows(rows: [string, string | null | undefined][], opts: { labelWidth?: number; size?: number; indent?: number } = {}): void {
    const size = opts.size ?? 9;
    const indent = opts.indent ?? 0;
    const labelWidth = opts.labelWidth ?? 130;
    const valueX = PAGE.margin + indent + labelWidth;
    const valueWidth = this.contentWidth - indent - labelWidth;
    for (const [label, value] of rows) {
      const lines = wrap(value ?? "—", size, valueWidth);
      // A label wraps in its column (a translated label with the English beside it is long).
      const labels = wrap(label, size, labelWidth - 4);
      const n = Math.max(lines.length, labels.length);
      this.ensure(size * 1.35 * Math.min(n, 3));
      for (let i = 0; i < n; i++) {
        this.line(lines[i] ?? "", valueX, size, INK);
        const l = labels[i];
        if (l) this.draw(this.page, l, { x: this.at(PAGE.margin + indent, l, size), y: this.y + size * 0.3, size, color: MUTED });
      }
    }
  }

  rule(): void {
    this.ensure(8);
    this.y -= 4;
    this.page.drawLine({ start: { x: PAGE.margin, y: this.y }, end: { x: PAGE.width - PAGE.margin, y: this.y }, thickness: 0.5, color: MUTED });
    this.y -= 4;
  }

  /** One drawable line in the fonts that have its glyphs. */
  draw(page: PDFPage, text: string, opts: Parameters<typeof drawRuns>[2]): void {
    drawRuns(page, text, opts, { font: this.font, fallback: this.fallback });
  }

  width(text: string, size: number): number {
    return widthOf(drawable(text), size);
  }

  /** Stamps `footer(pageNumber, pageCount)` at the foot of every page. */
  /**
   * A mark on every page: a line at the top and a large faint diagonal copy across the page, in
   * a marked-content sequence `/Artifact <</Type /Pagination /Subtype /Watermark /ActualText …>>`
   * (PDF 32000-1 §14.8.2.2), so text extraction and readers see it as a watermark with its words.
   */
  stamp(text: string): void {
    const t = drawable(text);
    const red = rgb(0.75, 0.05, 0.05);
    for (const p of this.ownPages()) {
      // An inline property dictionary: pdf-lib's operand type omits dictionaries, its writer does not.
      const props = this.doc.context.obj({ Type: "Pagination", Subtype: "Watermark", ActualText: PDFHexString.fromText(text) });
      p.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Artifact"), props as unknown as PDFName]));
      this.draw(p, t, { x: PAGE.margin, y: PAGE.height - PAGE.margin + 16, size: 11, color: red });
      const size = 46;
      const width = widthOf(t, size);
      const angle = 35;
      const rad = (angle * Math.PI) / 180;
      // Centre of the text on the centre of the page.
      const x = PAGE.width / 2 - (Math.cos(rad) * width) / 2 + (Math.sin(rad) * size) / 3;
      const y = PAGE.height / 2 - (Math.sin(rad) * width) / 2 - (Math.cos(rad) * size) / 3;
      this.draw(p, t, { x, y, size, color: red, opacity: 0.12, rotate: degrees(angle) });
      p.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    }
  }

  /** The pages this writer added (all of them unless it started from a loaded document). */
  ownPages(): PDFPage[] {
    return this.doc.getPages().slice(this.firstOwnPage);
  }

  /** Footers on the writer's own pages; `n` and `count` number the whole document. */
  footers(footer: (n: number, count: number) => string): void {
    const pages = this.doc.getPages();
    pages.forEach((p, i) => {
      if (i < this.firstOwnPage) return;
      const t = drawable(footer(i + 1, pages.length));
      this.draw(p, t, { x: PAGE.margin, y: PAGE.margin - 20, size: 7, color: MUTED });
    });
  }
}
