/**
 * The visible appearance of a signer's own PAdES signature (docs/evidence.md "Advanced and
 * qualified signatures"): a form XObject for the widget of the signature field placed on the page,
 * a thin frame and the lines given (who signed, the level, the time), each shrunk to fit the box,
 * in the service's one embedded Unicode font (src/lib/pdf/layout.ts). `matrix` turns the drawing
 * upright on a rotated page (the rotation part of `shownBoxToUser`'s matrix).
 */
import {
  type PDFDocument,
  PDFName,
  type PDFRef,
  beginText,
  endText,
  moveText,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  showText,
  stroke,
} from "pdf-lib";
import { unicodeFontOf } from "../pdf/layout";

const r2 = (n: number) => Math.round(n * 100) / 100 + 0;

export async function signatureAppearance(
  doc: PDFDocument,
  box: { width: number; height: number; matrix: [number, number, number, number] },
  lines: string[],
): Promise<PDFRef> {
  const font = await unicodeFontOf(doc);
  const { width: w, height: h } = box;
  const pad = Math.min(4, Math.max(1, Math.min(w, h) * 0.08));
  let size = Math.min(11, (h - 2 * pad) / (lines.length * 1.25));
  for (const l of lines) {
    const lw = font.widthOfTextAtSize(l, size);
    if (lw > w - 2 * pad) size = (size * (w - 2 * pad)) / lw;
  }
  size = Math.max(1, r2(size));
  const F = PDFName.of("F1");
  const ops = [
    pushGraphicsState(),
    setLineWidth(0.6),
    setStrokingRgbColor(0.1, 0.3, 0.6),
    rectangle(0.3, 0.3, r2(w - 0.6), r2(h - 0.6)),
    stroke(),
    setFillingRgbColor(0.1, 0.1, 0.1),
    beginText(),
    setFontAndSize(F, size),
    moveText(r2(pad), r2(h - pad - size)),
  ];
  lines.forEach((l, i) => {
    if (i > 0) ops.push(moveText(0, -r2(size * 1.25)));
    ops.push(showText(font.encodeText(l)));
  });
  ops.push(endText(), popGraphicsState());
  const stream = doc.context.formXObject(ops, {
    BBox: [0, 0, r2(w), r2(h)],
    Matrix: [...box.matrix, 0, 0],
    Resources: { Font: { F1: font.ref } },
  });
  return doc.context.register(stream);
}
