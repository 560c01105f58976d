/**
 * Where answers go on a PDF template's page and how large their text is: the page as a reader
 * sees it (`pageView`), boxes given as fractions of the page as shown and their user-space frames
 * (`shownBoxToUser`), and the fitting of text into a box (`layoutText`). The drawing is
 * src/lib/pdf/stamp.ts (which re-exports these); the rules are docs/pdf-templates.md.
 */
import type { PDFPage } from "pdf-lib";
import type { TemplateFieldKind } from "../../domain/vocabulary";
import { drawable, unicodeFontBytes, widthOf, wrap } from "./text";
import { TrueTypeFont } from "./truetype";

export type StampPlacement = {
  /** 1-based page number. */
  page: number;
  /** Fractions of the page as shown (crop box, turned by /Rotate), origin at the top left. */
  x: number;
  y: number;
  w: number;
  h: number;
  kind: TemplateFieldKind;
  /** What to print: an answer, a formatted date, a select's option, typed signature or initials. */
  text: string | null;
  /** Checkboxes: true draws a check mark; false, null or absent draws nothing. */
  checked?: boolean;
  /** A PNG (drawn or uploaded signature or initials); drawn instead of `text` when present. */
  picture?: Uint8Array | null;
  /** Paint the whole box white and draw nothing else (a text tag's own words, covered). */
  cover?: boolean;
};

export type Rotation = 0 | 90 | 180 | 270;

/** A rectangle in PDF user space (points, y up). */
export type UserRect = { left: number; bottom: number; right: number; top: number };

/**
 * A page as a reader sees it. `box` is the visible area in user space: the crop box (inherited
 * from the page tree when the page has none, the media box when neither has one), cut to the
 * media box as PDF 32000-1 §14.11.2 says (the media box when they do not meet; US Letter when a
 * page has no usable media box, as pdf.js shows it). `width` and `height` are that box's size in
 * points, swapped for a page turned 90° or 270°. `rotation` is /Rotate (inherited too) as
 * `normaliseRotation` reads it: the page is shown turned that many degrees clockwise.
 */
export type PageView = { width: number; height: number; rotation: Rotation; box: UserRect };

/** A box as fractions of the page as shown, origin top left (the `place` of a field). */
export type ShownBox = { x: number; y: number; w: number; h: number };

/** A PDF transformation matrix [a b c d e f]: (x, y) → (a·x + c·y + e, b·x + d·y + f). */
export type Matrix = [number, number, number, number, number, number];

/** US Letter, what readers (pdf.js) show for a page without a usable /MediaBox. */
const LETTER: UserRect = { left: 0, bottom: 0, right: 612, top: 792 };

/** A page box read through the page tree, normalised (written either way round in the wild); null if unusable. */
function boxOf(page: PDFPage, which: "media" | "crop"): UserRect | null {
  let r: { x: number; y: number; width: number; height: number };
  try {
    if (which === "crop" && !page.node.CropBox()) return null;
    r = which === "media" ? page.getMediaBox() : page.getCropBox();
  } catch {
    return null;
  }
  const box = {
    left: Math.min(r.x, r.x + r.width),
    bottom: Math.min(r.y, r.y + r.height),
    right: Math.max(r.x, r.x + r.width),
    top: Math.max(r.y, r.y + r.height),
  };
  return [box.left, box.bottom, box.right, box.top].every(Number.isFinite) && box.right > box.left && box.top > box.bottom ? box : null;
}

/**
 * /Rotate as readers (pdf.js, whose pictures the placements are made on) take it: a multiple of
 * 90 brought into 0-270 (-90 is 270, 450 is 90); anything else reads as 0.
 */
export function normaliseRotation(angle: number): Rotation {
  if (!Number.isFinite(angle) || angle % 90 !== 0) return 0;
  return (((angle % 360) + 360) % 360) as Rotation;
}

/** The page as a reader sees it (see `PageView`). The one definition pages are measured by. */
export function pageView(page: PDFPage): PageView {
  const media = boxOf(page, "media") ?? LETTER;
  const crop = boxOf(page, "crop") ?? media;
  let box: UserRect = {
    left: Math.max(media.left, crop.left),
    bottom: Math.max(media.bottom, crop.bottom),
    right: Math.min(media.right, crop.right),
    top: Math.min(media.top, crop.top),
  };
  // A crop box outside the media box shows nothing; readers fall back to the media box.
  if (!(box.right > box.left && box.top > box.bottom)) box = media;
  const rotation = normaliseRotation(page.getRotation().angle);
  const w = box.right - box.left;
  const h = box.top - box.bottom;
  const sideways = rotation === 90 || rotation === 270;
  return { width: sideways ? h : w, height: sideways ? w : h, rotation, box };
}

/**
 * A point of the page as shown, in points from the shown top-left corner (`u` right, `v` down),
 * in user space.
 */
export function shownPointToUser(view: PageView, u: number, v: number): { x: number; y: number } {
  const { left, bottom, right, top } = view.box;
  switch (view.rotation) {
    case 0:
      return { x: left + u, y: top - v };
    case 90:
      return { x: left + v, y: bottom + u };
    case 180:
      return { x: right - u, y: bottom + v };
    case 270:
      return { x: right - v, y: top - u };
  }
}

/** The inverse of `shownPointToUser`: a user-space point as (u, v) points from the shown top-left corner. */
export function userPointToShown(view: PageView, x: number, y: number): { u: number; v: number } {
  const { left, bottom, right, top } = view.box;
  switch (view.rotation) {
    case 0:
      return { u: x - left, v: top - y };
    case 90:
      return { u: y - bottom, v: x - left };
    case 180:
      return { u: right - x, v: y - bottom };
    case 270:
      return { u: top - y, v: right - x };
  }
}

/**
 * A box of the page as shown (fractions, origin top left, as `place`) in user space:
 * - `width`, `height`: its size in points as shown;
 * - `matrix`: maps the box's own frame — origin at its bottom-left corner as shown, x to the right
 *   and y up as shown, in points — to user space. Drawing inside `q <matrix> cm … Q` in that frame
 *   is drawing upright in the box, whatever the page's rotation and crop box;
 * - `rect`: the box in user space (for a clip, an annotation's /Rect, a test).
 */
export function shownBoxToUser(view: PageView, box: ShownBox): { matrix: Matrix; width: number; height: number; rect: UserRect } {
  const u = box.x * view.width;
  const v = box.y * view.height;
  const width = box.w * view.width;
  const height = box.h * view.height;
  // The frame's origin is the box's bottom-left corner as shown.
  const o = shownPointToUser(view, u, v + height);
  const [a, b, c, d]: [number, number, number, number] =
    view.rotation === 0 ? [1, 0, 0, 1] : view.rotation === 90 ? [0, 1, -1, 0] : view.rotation === 180 ? [-1, 0, 0, -1] : [0, -1, 1, 0];
  const far = { x: o.x + a * width + c * height, y: o.y + b * width + d * height };
  return {
    matrix: [a, b, c, d, o.x, o.y],
    width,
    height,
    rect: { left: Math.min(o.x, far.x), bottom: Math.min(o.y, far.y), right: Math.max(o.x, far.x), top: Math.max(o.y, far.y) },
  };
}

// ---- sizes ------------------------------------------------------------------------------------

/** Largest text size for an answer, and for a typed signature or initials (points). */
export const MAX_SIZE = 12;
export const MAX_MARK_SIZE = 24;
/** Text shrinks to this before it wraps (single-line kinds) … */
const MIN_SIZE = 6;
/** … and past it only to this, after which the lines that do not fit are cut with "…". */
const FLOOR_SIZE = 3;
/** Inner padding: a tenth of the box's shorter side, between 0.5 and 3 points. */
export const padOf = (w: number, h: number) => Math.min(3, Math.max(0.5, Math.min(w, h) * 0.1));
/** Pictures are kept at up to 300 dpi of their box (as the certificate pages keep theirs). */
export const PICTURE_PIXELS_PER_POINT = 300 / 72;
export const CHECK_MARK = "\u2714";
/** Coordinates written to the page: to 1/10000 pt, so the content carries no floating-point noise. */
export const r4 = (n: number) => Math.round(n * 10000) / 10000 + 0;

type Metrics = { ascent: number; descent: number; line: number };
let metrics: Metrics | null = null;
/** Ascent, descent (negative) and line height of the embedded font, per point of size. */
export function fontMetrics(): Metrics {
  if (!metrics) {
    const f = new TrueTypeFont(unicodeFontBytes());
    const ascent = f.ascent / f.unitsPerEm;
    const descent = f.descent / f.unitsPerEm;
    metrics = { ascent, descent, line: ascent - descent };
  }
  return metrics;
}

export type TextLayout = { size: number; lines: string[]; cut: boolean };

const fitsWidth = (lines: string[], size: number, width: number) => lines.every((l) => widthOf(l, size) <= width + 1e-6);

/** The largest size in [lo, hi] (to 0.1 pt) at which `text` wrapped fits `width` × `height`, or null. */
function largestWrapped(text: string, width: number, height: number, lo: number, hi: number): TextLayout | null {
  const { line } = fontMetrics();
  const at = (size: number) => {
    const lines = wrap(text, size, width);
    return lines.length * line * size <= height + 1e-6 && fitsWidth(lines, size, width) ? lines : null;
  };
  if (hi < lo) return null;
  let best = at(hi);
  if (best) return { size: hi, lines: best, cut: false };
  best = at(lo);
  if (!best) return null;
  let good = lo;
  let bad = hi;
  while (bad - good > 0.1) {
    const mid = (good + bad) / 2;
    const lines = at(mid);
    if (lines) {
      good = mid;
      best = lines;
    } else bad = mid;
  }
  return { size: Math.floor(good * 10) / 10, lines: at(Math.floor(good * 10) / 10) ?? best, cut: false };
}

/**
 * How text is set in a box of `width` × `height` points (padding already taken off):
 * - single-line kinds: one line at the largest size up to `max` that fits; below `MIN_SIZE` it
 *   wraps instead if that gives larger text;
 * - `multiline` (textarea): wrapped (paragraphs kept) at the largest size that fits, up to `max`;
 * - either way it may shrink to `FLOOR_SIZE`; at the floor the lines that fit are kept and the
 *   last one ends with "…" (`cut`). Never wider or taller than the box.
 */
export function layoutText(input: string, width: number, height: number, opts: { max: number; multiline: boolean }): TextLayout {
  const { line } = fontMetrics();
  const text = opts.multiline ? input.replace(/\r\n?/g, "\n") : input.replace(/\s*[\r\n]+\s*/g, " ");
  const max = Math.max(FLOOR_SIZE, Math.min(opts.max, height / line));
  if (!opts.multiline) {
    const one = drawable(text);
    const perPoint = widthOf(one, 1);
    const size = Math.min(max, perPoint > 0 ? width / perPoint : max);
    if (size >= MIN_SIZE) return { size: Math.floor(size * 100) / 100, lines: [one], cut: false };
    const wrapped = largestWrapped(text, width, height, Math.max(size, FLOOR_SIZE), max);
    if (wrapped && wrapped.lines.length > 1 && wrapped.size > size) return wrapped;
    if (size >= FLOOR_SIZE) return { size: Math.floor(size * 100) / 100, lines: [one], cut: false };
  } else {
    const wrapped = largestWrapped(text, width, height, MIN_SIZE, max) ?? largestWrapped(text, width, height, FLOOR_SIZE, Math.min(max, MIN_SIZE));
    if (wrapped) return wrapped;
  }
  // Nothing fits even at the floor: keep what fits, end with an ellipsis.
  const size = Math.min(FLOOR_SIZE, max);
  const all = wrap(text, size, width);
  const room = Math.max(1, Math.floor((height + 1e-6) / (line * size)));
  const lines = all.slice(0, room);
  let last = lines[lines.length - 1] ?? "";
  while (last && widthOf(`${last}\u2026`, size) > width) last = [...last].slice(0, -1).join("");
  lines[lines.length - 1] = `${last.trimEnd()}\u2026`;
  return { size, lines, cut: true };
}
