/**
 * Draws a completed document's answers onto the business's own PDF (a PDF template's copy), each
 * in the box placed on it. The rules are written out in docs/pdf-templates.md ("How answers are
 * drawn"); in short:
 *
 * - A box is given as fractions of the page *as a reader sees it*: the visible (crop) box, turned
 *   by the page's /Rotate, origin at the top left (`pageView`, `shownBoxToUser`). Everything in a
 *   box is drawn in a frame whose x runs right and y runs up *as shown*, so text reads upright on
 *   a turned page and a crop box away from the origin is followed.
 * - Text uses the service's one embedded Unicode font (src/lib/pdf/text.ts): `drawable` for what
 *   the font can draw, `widthOf` / `wrap` for measuring and wrapping. Sizes shrink to fit the box,
 *   then wrap, then (past a floor) the last line that fits ends with "…"; each box is also a clip.
 * - A checked checkbox is a heavy check mark (✔) filling the box; an unchecked one draws nothing.
 * - A picture (a drawn or uploaded signature or initials, a PNG the service wrote) is fitted into
 *   the box keeping its aspect; one larger than the box needs at 300 dpi, or not as the service
 *   writes them, goes through `signaturePictureForPdf` again first.
 *
 * Pure pdf-lib, no I/O, no Node APIs, and the same input gives the same bytes. The page geometry
 * and the fitting of text are src/lib/pdf/stamp-layout.ts; the drawing is here.
 */
import { toBase64 } from "../bytes";
import {
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  fill,
  LineCapStyle,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
} from "pdf-lib";
import { PICTURE_LIMITS, PictureError, signaturePictureForPdf } from "../image";
import { inflateBounded } from "../inflate";
import { INK, unicodeFontOf } from "./layout";
import { fontCovers, widthOf } from "./text";
import {
  type StampPlacement,
  type PageView,
  type ShownBox,
  type Matrix,
  pageView,
  shownBoxToUser,
  MAX_SIZE,
  MAX_MARK_SIZE,
  padOf,
  PICTURE_PIXELS_PER_POINT,
  CHECK_MARK,
  r4,
  fontMetrics,
  type TextLayout,
  layoutText,
} from "./stamp-layout";
export { normaliseRotation, pageView, shownPointToUser, userPointToShown, shownBoxToUser, layoutText } from "./stamp-layout";
export type { StampPlacement, Rotation, UserRect, PageView, ShownBox, Matrix, TextLayout } from "./stamp-layout";

// ---- drawing ----------------------------------------------------------------------------------

type Ctx = {
  doc: PDFDocument;
  pictures: Map<string, Picture>;
};

// The same embedded font as the certificate pages drawn after (src/lib/pdf/layout.ts): one subset.
const fontOf = (ctx: Ctx): Promise<PDFFont> => unicodeFontOf(ctx.doc);

function checkPlacement(p: StampPlacement, pageCount: number, index: number): ShownBox | null {
  if (!Number.isInteger(p.page) || p.page < 1 || p.page > pageCount) {
    throw new RangeError(`placement ${index}: page ${p.page} is not a page of this PDF (1 to ${pageCount})`);
  }
  for (const k of ["x", "y", "w", "h"] as const) {
    if (!Number.isFinite(p[k])) throw new RangeError(`placement ${index}: ${k} is not a number`);
  }
  // Kept on the page: a box running off an edge is cut at the edge.
  const x0 = Math.min(1, Math.max(0, p.x));
  const y0 = Math.min(1, Math.max(0, p.y));
  const x1 = Math.min(1, Math.max(0, p.x + p.w));
  const y1 = Math.min(1, Math.max(0, p.y + p.h));
  if (x1 <= x0 || y1 <= y0) return null;
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** A short content key for a picture (FNV-1a over the bytes, with the length); equal bytes are embedded once. */
function pictureKey(bytes: Uint8Array, maxW: number, maxH: number): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return `${bytes.length}:${(h >>> 0).toString(16)}:${toBase64(bytes.subarray(0, 24))}:${maxW}x${maxH}`;
}

/** A PNG's header fields, when it is a PNG as the service writes them. */
type ServicePng = { width: number; height: number; channels: 1 | 2 | 3 | 4 };

/**
 * The header of a PNG as `signaturePictureForPdf` writes it (signature, header first, 8-bit
 * greyscale/RGB with or without alpha, not interlaced, within the signature-picture limits), or
 * null for anything else.
 */
function servicePng(png: Uint8Array): ServicePng | null {
  const START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
  if (png.length < 33 || START.some((b, i) => png[i] !== b)) return null;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const [depth, colorType, compression, filter, interlace] = png.subarray(24, 29);
  const channels = ({ 0: 1, 4: 2, 2: 3, 6: 4 } as Record<number, 1 | 2 | 3 | 4>)[colorType!];
  if (width < 1 || height < 1 || width > PICTURE_LIMITS.maxWidth || height > PICTURE_LIMITS.maxHeight) return null;
  if (depth !== 8 || !channels || compression !== 0 || filter !== 0 || interlace !== 0) return null;
  return { width, height, channels };
}

/** Deflates with the runtime's zlib (CompressionStream). */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([bytes as unknown as ArrayBuffer]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
}

/** PNG scanlines (filter byte + row) back to plain 8-bit samples. Null when a filter type is unknown. */
function unfilter(raw: Uint8Array, width: number, height: number, bpp: number): Uint8Array | null {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const up = row - stride;
    const first = y === 0;
    // One loop per filter type, the first pixel (no left neighbour) and first row (no upper) apart.
    if (f === 0 || (f === 2 && first)) out.set(raw.subarray(src, src + stride), row);
    else if (f === 1 || (f === 4 && first)) {
      for (let i = 0; i < bpp; i++) out[row + i] = raw[src + i]!;
      for (let i = bpp; i < stride; i++) out[row + i] = (raw[src + i]! + out[row + i - bpp]!) & 0xff;
    } else if (f === 2) {
      for (let i = 0; i < stride; i++) out[row + i] = (raw[src + i]! + out[up + i]!) & 0xff;
    } else if (f === 3) {
      for (let i = 0; i < bpp; i++) out[row + i] = (raw[src + i]! + ((first ? 0 : out[up + i]!) >> 1)) & 0xff;
      for (let i = bpp; i < stride; i++) out[row + i] = (raw[src + i]! + ((out[row + i - bpp]! + (first ? 0 : out[up + i]!)) >> 1)) & 0xff;
    } else if (f === 4) {
      for (let i = 0; i < bpp; i++) out[row + i] = (raw[src + i]! + out[up + i]!) & 0xff;
      for (let i = bpp; i < stride; i++) {
        const a = out[row + i - bpp]!;
        const b = out[up + i]!;
        const c = out[up + i - bpp]!;
        const p = a + b - c;
        const pa = p > a ? p - a : a - p;
        const pb = p > b ? p - b : b - p;
        const pc = p > c ? p - c : c - p;
        out[row + i] = (raw[src + i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
    } else return null;
  }
  return out;
}

/**
 * A service-written PNG as a PDF image XObject (colour samples, and a soft mask for its alpha
 * unless every pixel is opaque), inflated and deflated by the runtime's own zlib
 * (DecompressionStream / CompressionStream) rather than pdf-lib's JavaScript one: the same
 * pixels as pdf-lib's embedPng, at a fraction of the CPU. Null when the data is not what the
 * header says (then the picture goes through `signaturePictureForPdf`).
 */
async function pngXObject(doc: PDFDocument, png: Uint8Array, head: ServicePng): Promise<Picture | null> {
  const { width, height, channels } = head;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 12 <= png.length; ) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > png.length) return null;
    const type = String.fromCharCode(png[at + 4]!, png[at + 5]!, png[at + 6]!, png[at + 7]!);
    if (type === "IDAT") idat.push(png.subarray(at + 8, at + 8 + length));
    if (type === "IEND") break;
    at = end;
  }
  const expected = height * (1 + width * channels);
  const inflated = idat.length ? await inflateBounded(idat, expected, "exact") : null;
  const raw = inflated?.complete ? inflated.bytes : null;
  if (!raw || raw.length !== expected) return null;
  const samples = unfilter(raw, width, height, channels);
  if (!samples) return null;
  const colours = channels === 1 || channels === 2 ? 1 : 3;
  const pixels = width * height;
  let colour = samples;
  let alpha: Uint8Array | null = null;
  if (channels === 2 || channels === 4) {
    colour = new Uint8Array(pixels * colours);
    alpha = new Uint8Array(pixels);
    let opaque = true;
    for (let i = 0, s = 0, c = 0; i < pixels; i++) {
      for (let k = 0; k < colours; k++) colour[c++] = samples[s++]!;
      const a = samples[s++]!;
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
    if (opaque) alpha = null;
  }
  const image = (bytes: Uint8Array, space: "DeviceGray" | "DeviceRGB", extra: Record<string, PDFRef> = {}) =>
    doc.context.register(
      doc.context.stream(bytes, {
        Type: "XObject",
        Subtype: "Image",
        Width: width,
        Height: height,
        ColorSpace: space,
        BitsPerComponent: 8,
        Filter: "FlateDecode",
        ...extra,
      }),
    );
  const mask = alpha ? image(await deflate(alpha), "DeviceGray") : null;
  const ref = image(await deflate(colour), colours === 1 ? "DeviceGray" : "DeviceRGB", mask ? { SMask: mask } : {});
  return { ref, width, height };
}

/** An embedded picture: its image XObject and its size in pixels. */
type Picture = { ref: PDFRef; width: number; height: number };

/**
 * The picture for a box of `width` × `height` points, embedded once per document for the same
 * bytes and size. A PNG as the service writes it that is already no larger than the box needs at
 * 300 dpi (what the caller gets from `signaturePictureForPdf` for the box) is embedded as it is;
 * anything else goes through `signaturePictureForPdf` again: checked, decoded, scaled down and
 * written by the service, so only a PNG the service wrote is ever embedded. Null when the
 * picture is not readable.
 */
async function embedPicture(ctx: Ctx, png: Uint8Array, width: number, height: number): Promise<Picture | null> {
  const maxW = Math.max(1, Math.ceil(width * PICTURE_PIXELS_PER_POINT));
  const maxH = Math.max(1, Math.ceil(height * PICTURE_PIXELS_PER_POINT));
  const key = pictureKey(png, maxW, maxH);
  const cached = ctx.pictures.get(key);
  if (cached) return cached;
  const head = servicePng(png);
  // A pixel and 2 % of slack: the caller sized it from the same box, maybe rounded differently.
  const fits = head !== null && head.width <= maxW * 1.02 + 1 && head.height <= maxH * 1.02 + 1;
  let picture = fits ? await pngXObject(ctx.doc, png, head) : null;
  if (!picture) {
    let bytes: Uint8Array;
    try {
      bytes = (await signaturePictureForPdf(`data:image/png;base64,${toBase64(png)}`, maxW, maxH)).png;
    } catch (err) {
      if (err instanceof PictureError) return null;
      throw err;
    }
    const written = servicePng(bytes);
    picture = written ? await pngXObject(ctx.doc, bytes, written) : null;
    if (!picture) throw new Error("a picture written by signaturePictureForPdf could not be embedded");
  }
  ctx.pictures.set(key, picture);
  return picture;
}

function drawLines(
  page: PDFPage,
  font: PDFFont,
  layout: TextLayout,
  box: { x: number; y: number; width: number; height: number },
  align: "left" | "center",
  valign: "top" | "middle",
): void {
  const { ascent, line } = fontMetrics();
  const { size, lines } = layout;
  const block = lines.length * line * size;
  const top = valign === "top" ? box.y + box.height : box.y + (box.height + block) / 2;
  lines.forEach((l, i) => {
    if (!l) return;
    const baseline = top - i * line * size - ascent * size;
    const x = align === "center" ? box.x + (box.width - widthOf(l, size)) / 2 : box.x;
    page.drawText(l, { x: r4(x), y: r4(baseline), size, font, color: INK });
  });
}

async function drawPlacement(ctx: Ctx, page: PDFPage, view: PageView, p: StampPlacement, box: ShownBox): Promise<void> {
  const frame = shownBoxToUser(view, box);
  const { width, height } = frame;
  if (p.cover) {
    // A text tag's own words, painted over in white before any answer is drawn in its field.
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(...(frame.matrix.map(r4) as Matrix)),
      setFillingRgbColor(1, 1, 1),
      rectangle(0, 0, r4(width), r4(height)),
      fill(),
      popGraphicsState(),
    );
    return;
  }
  const pad = padOf(width, height);
  const inner = { x: pad, y: pad, width: Math.max(0, width - 2 * pad), height: Math.max(0, height - 2 * pad) };
  if (inner.width <= 0 || inner.height <= 0) return;

  type Job = () => Promise<void> | void;
  let job: Job | null = null;
  if (p.kind === "checkbox") {
    if (p.checked === true) {
      const font = await fontOf(ctx);
      job = () => drawCheck(page, font, inner);
    }
  } else if (p.picture && p.picture.length > 0) {
    const image = await embedPicture(ctx, p.picture, width, height);
    if (image) {
      const scale = Math.min(inner.width / image.width, inner.height / image.height);
      const w = image.width * scale;
      const h = image.height * scale;
      const x = p.kind === "initials" ? inner.x + (inner.width - w) / 2 : inner.x;
      const y = inner.y + (inner.height - h) / 2;
      job = () => {
        const name = page.node.newXObject("Image", image.ref);
        page.pushOperators(pushGraphicsState(), concatTransformationMatrix(r4(w), 0, 0, r4(h), r4(x), r4(y)), drawObject(name), popGraphicsState());
      };
    }
  }
  if (!job && p.kind !== "checkbox" && p.text) {
    const text = p.text;
    const font = await fontOf(ctx);
    const mark = p.kind === "signature" || p.kind === "initials";
    const multiline = p.kind === "textarea";
    const layout = layoutText(text, inner.width, inner.height, { max: mark ? MAX_MARK_SIZE : MAX_SIZE, multiline });
    if (layout.lines.some((l) => l)) {
      job = () => drawLines(page, font, layout, inner, p.kind === "initials" ? "center" : "left", multiline ? "top" : "middle");
    }
  }
  if (!job) return;
  // The box's own frame (upright as shown), clipped to the box: nothing drawn can leave it.
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(...(frame.matrix.map(r4) as Matrix)),
    rectangle(0, 0, r4(width), r4(height)),
    clip(),
    endPath(),
  );
  await job();
  page.pushOperators(popGraphicsState());
}

/** A heavy check mark filling the box (the font's ✔, or two strokes if a font lacks it). */
function drawCheck(page: PDFPage, font: PDFFont, box: { x: number; y: number; width: number; height: number }): void {
  const { ascent, descent, line } = fontMetrics();
  if (fontCovers(CHECK_MARK.codePointAt(0)!)) {
    const perPoint = widthOf(CHECK_MARK, 1);
    const size = Math.min(box.height / line, box.width / perPoint);
    const x = box.x + (box.width - perPoint * size) / 2;
    const y = box.y + box.height / 2 - ((ascent + descent) / 2) * size;
    page.drawText(CHECK_MARK, { x: r4(x), y: r4(y), size: r4(size), font, color: INK });
    return;
  }
  const s = Math.min(box.width, box.height);
  const x = box.x + (box.width - s) / 2;
  const y = box.y + (box.height - s) / 2;
  const thickness = Math.max(0.5, s * 0.12);
  const opts = { thickness, color: INK, lineCap: LineCapStyle.Round };
  page.drawLine({ start: { x: x + s * 0.12, y: y + s * 0.5 }, end: { x: x + s * 0.4, y: y + s * 0.15 }, ...opts });
  page.drawLine({ start: { x: x + s * 0.4, y: y + s * 0.15 }, end: { x: x + s * 0.9, y: y + s * 0.88 }, ...opts });
}

/**
 * Draws every placement onto `doc`, in the order given, on top of each page's content. The page's
 * existing content is left as it was: pdf-lib wraps a loaded page's content streams in q … Q before
 * the first thing is drawn on it (so a content stream that ends with a changed matrix, colour or
 * clip does not reach the answers), and each box is drawn inside its own q … Q.
 *
 * Throws a RangeError for a page that is not in the document or a coordinate that is not a
 * number (the caller checked the placements; a mismatch must not seal a half-drawn document).
 * A picture that is not a readable PNG falls back to `text`, or nothing.
 */
export async function stampPlacements(doc: PDFDocument, placements: StampPlacement[]): Promise<void> {
  if (placements.length === 0) return;
  const pages = doc.getPages();
  const ctx: Ctx = { doc, pictures: new Map() };
  const views = new Map<number, PageView>();
  const checked = placements.map((p, i) => checkPlacement(p, pages.length, i));
  for (const [i, p] of placements.entries()) {
    const box = checked[i];
    if (!box) continue;
    const page = pages[p.page - 1]!;
    let view = views.get(p.page);
    if (!view) {
      view = pageView(page);
      views.set(p.page, view);
      // Loaded pages: pdf-lib wraps the existing content in q … Q here (PDFPageLeaf.normalize).
      page.node.normalize();
    }
    await drawPlacement(ctx, page, view, p, box);
  }
}
