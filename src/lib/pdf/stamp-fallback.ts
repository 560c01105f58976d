/**
 * Interim stamping of placed answers, with the exact signature of `src/lib/pdf/stamp.ts`
 * (`stampPlacements`), used by the completion until that library is on this branch; then this
 * file goes. Boxes are fractions of the page as shown (origin top left), mapped through the
 * page's crop box and /Rotate so text reads upright on the turned page.
 */
import { degrees, type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { drawable, unicodeFontBytes, widthOf } from "./text";
import { truetype } from "./truetype";
import { normaliseRotation } from "./analyse";

export type StampPlacement = {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
  kind: string;
  text: string | null;
  checked?: boolean;
  picture?: Uint8Array | null;
};

type Frame = { page: PDFPage; rotation: 0 | 90 | 180 | 270; cx: number; cy: number; cw: number; ch: number; width: number; height: number };

function frameOf(page: PDFPage): Frame {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  const cx = Math.max(media.x, crop.x);
  const cy = Math.max(media.y, crop.y);
  const cw = Math.min(media.x + media.width, crop.x + crop.width) - cx;
  const ch = Math.min(media.y + media.height, crop.y + crop.height) - cy;
  const rotation = normaliseRotation(page.getRotation().angle);
  const turned = rotation === 90 || rotation === 270;
  return { page, rotation, cx, cy, cw, ch, width: turned ? ch : cw, height: turned ? cw : ch };
}

/** A point of the page as shown (points from its top left) in the page's own user space. */
function toUser(f: Frame, sx: number, sy: number): { x: number; y: number } {
  switch (f.rotation) {
    case 90:
      return { x: f.cx + sy, y: f.cy + sx };
    case 180:
      return { x: f.cx + f.cw - sx, y: f.cy + sy };
    case 270:
      return { x: f.cx + f.cw - sy, y: f.cy + f.ch - sx };
    default:
      return { x: f.cx + sx, y: f.cy + f.ch - sy };
  }
}

function fitText(text: string, boxW: number, boxH: number): number {
  const size = Math.min(boxH * 0.7, 14);
  const w = widthOf(text, size);
  return Math.max(4, w > boxW ? (size * boxW) / w : size);
}

export async function stampPlacements(doc: PDFDocument, placements: StampPlacement[]): Promise<void> {
  if (!placements.length) return;
  doc.registerFontkit(truetype as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
  let font: PDFFont | null = null;
  const pages = doc.getPages();
  const ink = rgb(0.05, 0.1, 0.35);
  for (const p of placements) {
    const page = pages[p.page - 1];
    if (!page) continue;
    const f = frameOf(page);
    const bx = p.x * f.width;
    const by = p.y * f.height;
    const bw = p.w * f.width;
    const bh = p.h * f.height;
    const rotate = degrees(f.rotation);
    if (p.picture) {
      const img = await doc.embedPng(p.picture);
      const scale = Math.min(bw / img.width, bh / img.height);
      const w = img.width * scale;
      const h = img.height * scale;
      const at = toUser(f, bx, by + h);
      page.drawImage(img, { x: at.x, y: at.y, width: w, height: h, rotate });
      continue;
    }
    let text = p.text;
    if (p.kind === "checkbox") {
      if (!p.checked) continue;
      text = "X";
    }
    if (!text) continue;
    font ??= await doc.embedFont(unicodeFontBytes(), { subset: true });
    const line = drawable(text.replace(/\s+/g, " "));
    const size = fitText(line, bw, bh);
    const at = toUser(f, bx + 1, by + bh / 2 + size * 0.35);
    page.drawText(line, { x: at.x, y: at.y, size, font, color: ink, rotate });
  }
}
