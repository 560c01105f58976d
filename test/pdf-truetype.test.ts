/**
 * src/lib/pdf/truetype.ts stands in for @pdf-lib/fontkit (a devDependency kept for this
 * comparison only): for the embedded font it must answer every question pdf-lib and the layout
 * code ask exactly as fontkit does, write the same subset file to the byte, and so make the same PDF.
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb } from "pdf-lib";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { unicodeFontBytes } from "../src/lib/pdf/text";
import { TrueTypeFont, truetype } from "../src/lib/pdf/truetype";
import { loadPdfFonts } from "../src/lib/pdf/fonts";

// The embedded font is a static asset, read before anything is drawn (src/lib/pdf/fonts.ts).
await loadPdfFonts(env, []);

const SAMPLES = [
  "Ada Lovelace, Charles Babbage",
  "Ελληνική Εταιρεία ΑΕ — Συμφωνία",
  "Соглашение о неразглашении — Їжак Ґанок",
  "ÅÉÎõüçñ Ǆ ǅ Ḁ ẞ ŉ Ŋ ǻ ḉ",
  "✓ ✔ € ½ → ∑ − “quotes” ‘single’ …",
  "not in the font: 漢字 🙂 \u{10FFFF}",
];

type Kit = Parameters<PDFDocument["registerFontkit"]>[0];

async function pdfWith(kit: Kit): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(kit);
  const font = await doc.embedFont(unicodeFontBytes(), { subset: true });
  const page = doc.addPage([595.28, 841.89]);
  for (const [i, s] of SAMPLES.entries()) page.drawText(s, { x: 50, y: 780 - 20 * i, size: 11, font, color: rgb(0.1, 0.1, 0.12) });
  return doc.save({ useObjectStreams: false });
}

function subsetBytes(subset: { encodeStream(): { on(e: string, f: (x?: unknown) => void): unknown } }): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const s = subset.encodeStream() as { on(e: string, f: (x?: unknown) => void): typeof s };
    s.on("data", (d) => parts.push(d as Uint8Array))
      .on("end", () => {
        const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of parts) {
          out.set(p, at);
          at += p.length;
        }
        resolve(out);
      })
      .on("error", reject);
  });
}

describe("the embedded font without fontkit", () => {
  const ours = new TrueTypeFont(unicodeFontBytes());
  const theirs = fontkit.create(unicodeFontBytes() as unknown as Parameters<typeof fontkit.create>[0]);

  it("reads the metrics pdf-lib puts in the font descriptor as fontkit does", () => {
    const pick = (f: typeof ours | typeof theirs) => {
      const x = f as unknown as TrueTypeFont;
      return [
        x.unitsPerEm,
        x.ascent,
        x.descent,
        x.capHeight,
        x.xHeight,
        x.italicAngle,
        { ...x.bbox },
        x.postscriptName,
        x["OS/2"]?.sFamilyClass,
        x.post.isFixedPitch,
        x.head.macStyle.italic,
        Boolean(x.cff),
      ];
    };
    expect(pick(ours)).toEqual(pick(theirs));
    expect(ours.characterSet).toEqual((theirs as unknown as { characterSet: number[] }).characterSet);
  });

  it("maps every BMP code point to the same glyph, width and code points", () => {
    const differ: number[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) {
      const a = ours.glyphForCodePoint(cp);
      const b = theirs.glyphForCodePoint(cp);
      if (
        ours.hasGlyphForCodePoint(cp) !== theirs.hasGlyphForCodePoint(cp) ||
        a.id !== b.id ||
        a.advanceWidth !== b.advanceWidth ||
        // Presentation forms deliberately map back to their letters (ToUnicode); checked below.
        (a.codePoints.join() !== b.codePoints.join() && !(cp >= 0xfb1d && cp <= 0xfeff))
      ) {
        differ.push(cp);
      }
    }
    expect(differ).toEqual([]);
    // Arabic joining forms give back their letter; lam-alef its two letters in visual order.
    expect(ours.glyphForCodePoint(0xfee3).codePoints).toEqual([0x0645]);
    expect(ours.glyphForCodePoint(0xfefb).codePoints).toEqual([0x0627, 0x0644]);
    // Greek and Cyrillic are drawn, not replaced by .notdef.
    for (const ch of "ΑΩαωЖЯжя") expect(ours.hasGlyphForCodePoint(ch.codePointAt(0)!)).toBe(true);
  });

  it("writes the same subset file, composite glyphs and their components included", async () => {
    const a = ours.createSubset();
    const b = theirs.createSubset();
    for (const s of SAMPLES) {
      for (const ch of s) {
        a.includeGlyph(ours.glyphForCodePoint(ch.codePointAt(0)!));
        b.includeGlyph(theirs.glyphForCodePoint(ch.codePointAt(0)!));
      }
    }
    const mine = await subsetBytes(a);
    expect(mine).toEqual(await subsetBytes(b as unknown as Parameters<typeof subsetBytes>[0]));
    // Composite glyphs (accented letters) pulled their components in beyond the characters asked for.
    expect(a.glyphs.length).toBeGreaterThan(new Set([...SAMPLES.join("")].filter((ch) => ours.hasGlyphForCodePoint(ch.codePointAt(0)!))).size);
  });

  it("makes a PDF identical to the byte to fontkit's", async () => {
    const [a, b] = await Promise.all([pdfWith(truetype as unknown as Kit), pdfWith(fontkit as unknown as Kit)]);
    expect(a.length).toBeGreaterThan(1000);
    expect(a).toEqual(b);
  });
});
