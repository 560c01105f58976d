/**
 * src/lib/pdf/stamp.ts: the page as shown (crop box, /Rotate, inherited from the page tree), the
 * mapping of a placed box to user space, text sizing, and what stampPlacements writes into a page.
 * The real-tool checks (pdftotext -bbox, qpdf --check, pdfimages, rendering) are in
 * test/validators/pdf-stamp.test.mjs.
 */
import { encode } from "fast-png";
import { degrees, PDFArray, PDFContentStream, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { widthOf } from "../src/lib/pdf/text";
import { chunk, deflate, ihdr, PNG_SIGNATURE } from "./png-bytes";
import { loadPdfFonts } from "../src/lib/pdf/fonts";
import {
  layoutText,
  pageView,
  type ShownBox,
  type StampPlacement,
  shownBoxToUser,
  shownPointToUser,
  stampPlacements,
  userPointToShown,
} from "../src/lib/pdf/stamp";

// The embedded font is a static asset, read before anything is drawn (src/lib/pdf/fonts.ts).
await loadPdfFonts(env, []);

const ROTATIONS = [0, 90, 180, 270] as const;

async function reloaded(doc: PDFDocument): Promise<PDFDocument> {
  return PDFDocument.load(await doc.save({ useObjectStreams: false }), { updateMetadata: false });
}

/** A page of `size` with an optional crop box and rotation, saved and loaded again (as a template is). */
async function onePage(opts: { size?: [number, number]; crop?: [number, number, number, number]; rotate?: number } = {}): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage(opts.size ?? [612, 792]);
  if (opts.crop) page.node.set(PDFName.of("CropBox"), doc.context.obj(opts.crop));
  if (opts.rotate !== undefined) page.node.set(PDFName.of("Rotate"), PDFNumber.of(opts.rotate));
  return reloaded(doc);
}

const sameRect = (a: { left: number; bottom: number; right: number; top: number }, b: typeof a) => {
  for (const k of ["left", "bottom", "right", "top"] as const) expect(a[k]).toBeCloseTo(b[k], 6);
};

/** Applies a PDF matrix to a point. */
const apply = (m: number[], x: number, y: number) => ({ x: m[0]! * x + m[2]! * y + m[4]!, y: m[1]! * x + m[3]! * y + m[5]! });

describe("pageView: the page as a reader sees it", () => {
  it("a MediaBox-only page: its size, no rotation", async () => {
    const doc = await onePage({ size: [595.28, 841.89] });
    const v = pageView(doc.getPage(0));
    expect(v).toEqual({ width: 595.28, height: 841.89, rotation: 0, box: { left: 0, bottom: 0, right: 595.28, top: 841.89 } });
  });

  it("width and height swap for 90° and 270°; -90 and 450 are brought to 270 and 90; 45 reads as 0 (as pdf.js)", async () => {
    for (const [rotate, rotation] of [
      [0, 0],
      [90, 90],
      [180, 180],
      [270, 270],
      [-90, 270],
      [450, 90],
      [360, 0],
      [45, 0],
      [-135, 0],
    ] as const) {
      const v = pageView((await onePage({ size: [400, 700], rotate })).getPage(0));
      expect(v.rotation).toBe(rotation);
      expect([v.width, v.height]).toEqual(rotation % 180 === 0 ? [400, 700] : [700, 400]);
    }
  });

  it("the crop box is the page, wherever its origin; cut to the media box; written either way round", async () => {
    let v = pageView((await onePage({ crop: [50, 80, 500, 700] })).getPage(0));
    expect(v).toEqual({ width: 450, height: 620, rotation: 0, box: { left: 50, bottom: 80, right: 500, top: 700 } });
    v = pageView((await onePage({ crop: [500, 700, 50, 80], rotate: 90 })).getPage(0));
    expect(v).toEqual({ width: 620, height: 450, rotation: 90, box: { left: 50, bottom: 80, right: 500, top: 700 } });
    v = pageView((await onePage({ crop: [-100, 100, 400, 900] })).getPage(0));
    expect(v.box).toEqual({ left: 0, bottom: 100, right: 400, top: 792 });
    // A crop box entirely off the media box: readers show the media box.
    v = pageView((await onePage({ crop: [700, 900, 800, 1000] })).getPage(0));
    expect(v.box).toEqual({ left: 0, bottom: 0, right: 612, top: 792 });
    // An empty crop box: the media box.
    v = pageView((await onePage({ size: [400, 500], crop: [10, 10, 10, 300] })).getPage(0));
    expect(v.box).toEqual({ left: 0, bottom: 0, right: 400, top: 500 });
  });

  it("a page without any media box is shown as US Letter, as pdf.js shows it", async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage([400, 500]).node.delete(PDFName.of("MediaBox"));
    const v = pageView((await reloaded(doc)).getPage(0));
    expect(v).toEqual({ width: 612, height: 792, rotation: 0, box: { left: 0, bottom: 0, right: 612, top: 792 } });
  });

  it("/Rotate and /CropBox inherited from the page tree; the page's own entries win", async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage([612, 792]);
    const own = doc.addPage([612, 792]);
    own.node.set(PDFName.of("Rotate"), PDFNumber.of(180));
    const root = doc.catalog.Pages();
    root.set(PDFName.of("Rotate"), PDFNumber.of(90));
    root.set(PDFName.of("CropBox"), doc.context.obj([50, 80, 500, 700]));
    const loaded = await reloaded(doc);
    const inherited = pageView(loaded.getPage(0));
    expect(inherited).toEqual({ width: 620, height: 450, rotation: 90, box: { left: 50, bottom: 80, right: 500, top: 700 } });
    expect(pageView(loaded.getPage(1)).rotation).toBe(180);
  });
});

describe("shownBoxToUser: a placed box in user space", () => {
  const crop: [number, number, number, number] = [50, 80, 500, 700];

  it("the shown top-left corner is the crop box corner the turned page puts there", async () => {
    // Turned clockwise: 90° brings the bottom-left corner to the top left, 180° the bottom-right, 270° the top-right.
    const expected = { 0: [50, 700], 90: [50, 80], 180: [500, 80], 270: [500, 700] };
    for (const r of ROTATIONS) {
      const v = pageView((await onePage({ crop, rotate: r })).getPage(0));
      const p = shownPointToUser(v, 0, 0);
      expect([p.x, p.y]).toEqual(expected[r]);
      // And the shown bottom-right corner is the opposite one.
      const q = shownPointToUser(v, v.width, v.height);
      expect([q.x, q.y]).toEqual([550 - expected[r][0]!, 780 - expected[r][1]!]);
    }
  });

  it("shownPointToUser and userPointToShown are inverse on every rotation", async () => {
    for (const r of ROTATIONS) {
      const v = pageView((await onePage({ crop, rotate: r })).getPage(0));
      for (const [u, w] of [
        [0, 0],
        [13.5, 200],
        [v.width, v.height],
      ] as const) {
        const p = shownPointToUser(v, u, w);
        const back = userPointToShown(v, p.x, p.y);
        expect(back.u).toBeCloseTo(u, 9);
        expect(back.v).toBeCloseTo(w, 9);
      }
    }
  });

  it("the frame is upright as shown: x runs right and y up on the turned page, never mirrored", async () => {
    const box: ShownBox = { x: 0.1, y: 0.2, w: 0.5, h: 0.1 };
    for (const r of ROTATIONS) {
      const v = pageView((await onePage({ crop, rotate: r })).getPage(0));
      const f = shownBoxToUser(v, box);
      expect(f.width).toBeCloseTo(0.5 * v.width, 9);
      expect(f.height).toBeCloseTo(0.1 * v.height, 9);
      const m = f.matrix;
      expect(m[0] * m[3] - m[1] * m[2]).toBe(1); // a rotation: no mirror, no scale
      const shown = (x: number, y: number) => {
        const p = apply(m, x, y);
        const s = userPointToShown(v, p.x, p.y);
        return [s.u / v.width, s.v / v.height];
      };
      const close = (a: number[], b: number[]) => {
        for (const [i, n] of a.entries()) expect(n).toBeCloseTo(b[i]!, 9);
      };
      close(shown(0, 0), [0.1, 0.3]); // frame origin: the box's bottom-left as shown
      close(shown(f.width, 0), [0.6, 0.3]); // x → right as shown
      close(shown(0, f.height), [0.1, 0.2]); // y → up as shown
      // rect is the box in user space.
      const corners = [apply(m, 0, 0), apply(m, f.width, f.height)];
      sameRect(f.rect, {
        left: Math.min(corners[0]!.x, corners[1]!.x),
        bottom: Math.min(corners[0]!.y, corners[1]!.y),
        right: Math.max(corners[0]!.x, corners[1]!.x),
        top: Math.max(corners[0]!.y, corners[1]!.y),
      });
      expect(f.rect.left).toBeGreaterThanOrEqual(50);
      expect(f.rect.top).toBeLessThanOrEqual(700);
    }
  });

  it("known values: a 0.1/0.2/0.4/0.05 box on a 612 × 792 page at each rotation", async () => {
    const box: ShownBox = { x: 0.1, y: 0.2, w: 0.4, h: 0.05 };
    const want = {
      0: { left: 61.2, bottom: 594, right: 306, top: 633.6 },
      90: { left: 122.4, bottom: 79.2, right: 153, top: 396 },
      180: { left: 306, bottom: 158.4, right: 550.8, top: 198 },
      270: { left: 459, bottom: 396, right: 489.6, top: 712.8 },
    };
    for (const r of ROTATIONS) {
      const v = pageView((await onePage({ rotate: r })).getPage(0));
      sameRect(shownBoxToUser(v, box).rect, want[r]);
    }
  });
});

describe("layoutText: sizes that fit", () => {
  const single = { max: 12, multiline: false };
  it("short answers at the largest size the box allows, never above the maximum", () => {
    const big = layoutText("Ada", 200, 40, single);
    expect(big).toEqual({ size: 12, lines: ["Ada"], cut: false });
    const low = layoutText("Ada", 200, 8, single);
    expect(low.size).toBeLessThan(8);
    expect(low.size * 1.164).toBeLessThanOrEqual(8.001);
  });

  it("a long single-line answer shrinks to the width; below 6 pt it wraps if the box is tall enough", () => {
    const text = "Ada Lovelace, 12 St James's Square, London";
    const a = layoutText(text, 150, 14, single);
    expect(a.lines).toHaveLength(1);
    expect(widthOf(a.lines[0]!, a.size)).toBeLessThanOrEqual(150);
    const b = layoutText(text, 60, 40, single);
    expect(b.lines.length).toBeGreaterThan(1);
    expect(b.size).toBeGreaterThanOrEqual(6);
    for (const l of b.lines) expect(widthOf(l, b.size)).toBeLessThanOrEqual(60.001);
    expect(b.lines.length * 1.164 * b.size).toBeLessThanOrEqual(40.01);
  });

  it("a textarea wraps, keeps paragraphs, and fills the box as large as it can", () => {
    const text = "First paragraph with several words in it.\nSecond one.";
    const t = layoutText(text, 120, 100, { max: 12, multiline: true });
    expect(t.cut).toBe(false);
    expect(t.lines.at(-1)).toBe("Second one.");
    expect(t.lines.length * 1.164 * t.size).toBeLessThanOrEqual(100.01);
    for (const l of t.lines) expect(widthOf(l, t.size)).toBeLessThanOrEqual(120.001);
    const bigger = layoutText(text, 120, 100 * 1.3, { max: 12, multiline: true });
    expect(bigger.size).toBeGreaterThanOrEqual(t.size);
  });

  it("what cannot fit even at 3 pt is cut with an ellipsis, still inside the box", () => {
    const text = "word ".repeat(500);
    const t = layoutText(text, 40, 10, { max: 12, multiline: true });
    expect(t.cut).toBe(true);
    expect(t.size).toBe(3);
    expect(t.lines.at(-1)!.endsWith("\u2026")).toBe(true);
    expect(t.lines.length * 1.164 * t.size).toBeLessThanOrEqual(10.01);
    for (const l of t.lines) expect(widthOf(l, t.size)).toBeLessThanOrEqual(40.001);
  });
});

/** The page's content streams, decoded, in order. */
function contents(doc: PDFDocument, index: number): string[] {
  const c = doc.getPage(index).node.Contents();
  const list = c instanceof PDFArray ? c.asArray().map((r) => doc.context.lookup(r)) : [c];
  return list.map((s) => {
    if (s instanceof PDFContentStream) return s.getContentsString();
    if (s instanceof PDFRawStream) return new TextDecoder("latin1").decode(decodePDFRawStream(s).decode());
    return "";
  });
}

const png = (w: number, h: number) => {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([20, 30, 120, i % 7 === 0 ? 0 : 255], i * 4);
  return encode({ width: w, height: h, data, channels: 4, depth: 8 });
};

/** A loaded one-page PDF whose content leaves a scaled, translated matrix behind (no q … Q). */
async function untidyPage(rotate = 0): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([612, 792]);
  const stream = doc.context.flateStream("2 0 0 2 100 100 cm 0 0 1 rg 0 0 10 10 re f");
  page.node.set(PDFName.of("Contents"), doc.context.register(stream));
  if (rotate) page.setRotation(degrees(rotate));
  return reloaded(doc);
}

describe("stampPlacements", () => {
  const text: StampPlacement = { page: 1, x: 0.1, y: 0.2, w: 0.4, h: 0.05, kind: "text", text: "Ada Lovelace" };

  it("draws after the page's own content, which is wrapped in q … Q, each box in its own frame and clip", async () => {
    const doc = await untidyPage();
    await stampPlacements(doc, [text]);
    const streams = contents(doc, 0);
    expect(streams[0]!.trim()).toBe("q");
    expect(streams[1]).toContain("2 0 0 2 100 100 cm");
    expect(streams[2]!.trim()).toBe("Q");
    const ours = streams[3]!;
    // Box frame: q, the matrix to the box's bottom-left corner (x 61.2, y 792 - 0.25·792), the clip.
    expect(ours).toMatch(/^q\n1 0 0 1 61\.2 594 cm\n0 0 244\.8 39\.6 re\nW\nn\n/);
    expect(ours).toContain("Tj");
    expect(ours.trim().endsWith("Q")).toBe(true);
    const q = (ours.match(/^q$/gm) ?? []).length;
    expect(q).toBe((ours.match(/^Q$/gm) ?? []).length);
  });

  it("on a rotated page the frame turns with it", async () => {
    const doc = await untidyPage(90);
    await stampPlacements(doc, [text]);
    // 90°: x runs up the page, y to the left; origin at the box's bottom-left as shown.
    expect(contents(doc, 0).at(-1)).toMatch(/^q\n0 1 -1 0 153 79\.2 cm\n/);
  });

  it("the same input gives the same bytes", async () => {
    const base = await (await untidyPage(270)).save({ useObjectStreams: false });
    const picture = png(60, 20);
    const placements: StampPlacement[] = [
      text,
      { page: 1, x: 0.6, y: 0.6, w: 0.05, h: 0.04, kind: "checkbox", text: null, checked: true },
      { page: 1, x: 0.1, y: 0.7, w: 0.3, h: 0.08, kind: "signature", text: null, picture },
      { page: 1, x: 0.5, y: 0.7, w: 0.3, h: 0.2, kind: "textarea", text: "Ελληνικά, кириллица, 漢字 and more words ".repeat(5) },
    ];
    const once = async () => {
      const doc = await PDFDocument.load(base, { updateMetadata: false });
      await stampPlacements(doc, placements);
      return doc.save();
    };
    const [a, b] = [await once(), await once()];
    expect(a.length).toBeGreaterThan(base.length);
    expect(a.length).toBe(b.length);
    expect(a.every((byte, i) => byte === b[i])).toBe(true);
  });

  it("an unchecked checkbox, an empty answer or a box off the page draws nothing", async () => {
    const doc = await untidyPage();
    await stampPlacements(doc, [
      { page: 1, x: 0.6, y: 0.6, w: 0.05, h: 0.04, kind: "checkbox", text: null, checked: false },
      { page: 1, x: 0.6, y: 0.6, w: 0.05, h: 0.04, kind: "checkbox", text: "yes" },
      { ...text, text: "" },
      { ...text, text: null },
      { ...text, x: 1.2 },
    ]);
    expect(contents(doc, 0).join("")).not.toContain("Tj");
  });

  it("a checked checkbox is a check mark; the same picture twice is embedded once", async () => {
    const doc = await untidyPage();
    const picture = png(300, 100);
    await stampPlacements(doc, [
      { page: 1, x: 0.6, y: 0.6, w: 0.05, h: 0.04, kind: "checkbox", text: null, checked: true },
      { page: 1, x: 0.1, y: 0.7, w: 0.3, h: 0.08, kind: "signature", text: "ignored", picture },
      { page: 1, x: 0.5, y: 0.7, w: 0.3, h: 0.08, kind: "signature", text: null, picture },
    ]);
    const ours = contents(doc, 0).at(-1)!;
    expect((ours.match(/ Do$/gm) ?? []).length).toBe(2);
    expect((ours.match(/Tj$/gm) ?? []).length).toBe(1); // the check mark only: the picture wins over text
    // Two names in the page's resources, one image object in the file.
    const names = [...ours.matchAll(/\/(\S+) Do$/gm)].map((m) => m[1]!);
    const xobjects = doc.getPage(0).node.Resources()!.lookup(PDFName.of("XObject"), PDFDict);
    const refs = new Set(names.map((n) => String(xobjects.get(PDFName.of(n)))));
    expect(refs.size).toBe(1);
  });

  it("a picture is embedded at its size when it fits the box at 300 dpi, and scaled down when larger", async () => {
    const doc = await untidyPage();
    // Boxes of 61.2 × 39.6 pt (at most 255 × 165 px) and 183.6 × 63.36 pt (765 × 264 px).
    await stampPlacements(doc, [
      { page: 1, x: 0.1, y: 0.7, w: 0.1, h: 0.05, kind: "initials", text: null, picture: png(2000, 1000) },
      { page: 1, x: 0.5, y: 0.7, w: 0.3, h: 0.08, kind: "signature", text: null, picture: png(700, 200) },
    ]);
    expect((contents(doc, 0).at(-1)!.match(/ Do$/gm) ?? []).length).toBe(2);
    const saved = await PDFDocument.load(await doc.save(), { updateMetadata: false });
    const dims = saved.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter(
        (o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image") && !!o.dict.get(PDFName.of("SMask")),
      )
      .map((o) => [(o.dict.get(PDFName.of("Width")) as PDFNumber).asNumber(), (o.dict.get(PDFName.of("Height")) as PDFNumber).asNumber()]);
    dims.sort((a, b) => a[0]! - b[0]!);
    // The large one scaled down to the box (255 px wide, give or take the rounding up), its aspect kept.
    expect(dims[0]![0]).toBeGreaterThanOrEqual(254);
    expect(dims[0]![0]).toBeLessThanOrEqual(256);
    expect(dims[0]![1]).toBe(dims[0]![0]! / 2);
    expect(dims[1]).toEqual([700, 200]);
  });

  it("a PNG's pixels reach the PDF as they are: every row filter undone, alpha as a soft mask", async () => {
    const width = 6;
    const height = 10;
    const bpp = 4;
    const pixels = new Uint8Array(width * height * bpp);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37 + ((i * i) % 11) * 13) & 0xff;
    // Each row with one of the five filters (None, Sub, Up, Average, Paeth), twice over.
    const paeth = (a: number, b: number, c: number) => {
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
    };
    const stride = width * bpp;
    // Every filter on the first row too (no row above it): five files, the filters shifted by one each.
    for (let shift = 0; shift < 5; shift++) {
      const raw = new Uint8Array(height * (stride + 1));
      for (let y = 0; y < height; y++) {
        const f = (y + shift) % 5;
        raw[y * (stride + 1)] = f;
        for (let i = 0; i < stride; i++) {
          const x = pixels[y * stride + i]!;
          const a = i >= bpp ? pixels[y * stride + i - bpp]! : 0;
          const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
          const c = y > 0 && i >= bpp ? pixels[(y - 1) * stride + i - bpp]! : 0;
          const pred = [0, a, b, (a + b) >> 1, paeth(a, b, c)][f]!;
          raw[y * (stride + 1) + 1 + i] = (x - pred) & 0xff;
        }
      }
      const idat = await deflate(raw);
      // The image data split over two IDAT chunks, as encoders may write it.
      const file = new Uint8Array([
        ...PNG_SIGNATURE,
        ...ihdr(width, height, 8, 6),
        ...chunk("IDAT", idat.subarray(0, 7)),
        ...chunk("IDAT", idat.subarray(7)),
        ...chunk("IEND", new Uint8Array()),
      ]);
      const doc = await untidyPage();
      await stampPlacements(doc, [{ page: 1, x: 0.1, y: 0.7, w: 0.3, h: 0.08, kind: "signature", text: null, picture: file }]);
      const saved = await PDFDocument.load(await doc.save(), { updateMetadata: false });
      const colour = saved.context
        .enumerateIndirectObjects()
        .map(([, o]) => o)
        .find(
          (o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image") && !!o.dict.get(PDFName.of("SMask")),
        )!;
      const mask = saved.context.lookup(colour.dict.get(PDFName.of("SMask"))) as PDFRawStream;
      expect(colour.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceRGB"));
      expect(mask.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceGray"));
      expect([...decodePDFRawStream(colour).decode()], `filters shifted by ${shift}`).toEqual([...pixels.filter((_, i) => i % 4 !== 3)]);
      expect([...decodePDFRawStream(mask).decode()], `filters shifted by ${shift}`).toEqual([...pixels.filter((_, i) => i % 4 === 3)]);
    }
  });

  it("an opaque picture gets no soft mask; a greyscale one stays grey", async () => {
    const opaque = new Uint8Array(40 * 20 * 4).map((_, i) => (i % 4 === 3 ? 255 : i % 200));
    const grey = new Uint8Array(40 * 20).map((_, i) => i % 256);
    const doc = await untidyPage();
    await stampPlacements(doc, [
      {
        page: 1,
        x: 0.1,
        y: 0.7,
        w: 0.3,
        h: 0.08,
        kind: "signature",
        text: null,
        picture: encode({ width: 40, height: 20, data: opaque, channels: 4, depth: 8 }),
      },
      {
        page: 1,
        x: 0.5,
        y: 0.7,
        w: 0.3,
        h: 0.08,
        kind: "signature",
        text: null,
        picture: encode({ width: 40, height: 20, data: grey, channels: 1, depth: 8 }),
      },
    ]);
    const saved = await PDFDocument.load(await doc.save(), { updateMetadata: false });
    const images = saved.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFRawStream => o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"));
    expect(images).toHaveLength(2);
    expect(images.some((o) => o.dict.get(PDFName.of("SMask")))).toBe(false);
    const spaces = images.map((o) => String(o.dict.get(PDFName.of("ColorSpace")))).sort();
    expect(spaces).toEqual(["/DeviceGray", "/DeviceRGB"]);
    const greyImage = images.find((o) => o.dict.get(PDFName.of("ColorSpace")) === PDFName.of("DeviceGray"))!;
    expect([...decodePDFRawStream(greyImage).decode()]).toEqual([...grey]);
  });

  it("a picture that is not a readable PNG falls back to the typed text", async () => {
    const doc = await untidyPage();
    await stampPlacements(doc, [{ page: 1, x: 0.1, y: 0.7, w: 0.3, h: 0.08, kind: "signature", text: "Ada", picture: Uint8Array.of(1, 2, 3) }]);
    const ours = contents(doc, 0).at(-1)!;
    expect(ours).not.toContain(" Do");
    expect(ours).toContain("Tj");
  });

  it("refuses a page the document does not have, or a coordinate that is not a number", async () => {
    const doc = await untidyPage();
    await expect(stampPlacements(doc, [{ ...text, page: 2 }])).rejects.toThrow(RangeError);
    await expect(stampPlacements(doc, [{ ...text, page: 0 }])).rejects.toThrow(/page 0 is not a page/);
    await expect(stampPlacements(doc, [{ ...text, w: Number.NaN }])).rejects.toThrow(/w is not a number/);
    // Nothing was drawn by the refused calls.
    expect(contents(doc, 0).join("")).not.toContain("Tj");
  });
});
