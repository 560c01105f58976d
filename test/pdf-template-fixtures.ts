/** PDF and picture fixtures for the PDF template tests, made here with pdf-lib and fast-png. */
import { degrees, type PDFDict, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { encode } from "fast-png";

export type PageSpec = { size?: [number, number]; rotate?: 0 | 90 | 180 | 270; crop?: [number, number, number, number] };

/** A PDF with one page per spec, each printing its number. */
export async function makePdf(pages: PageSpec[] = [{}]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pages.forEach((spec, i) => {
    const page = doc.addPage(spec.size ?? [595.28, 841.89]);
    page.drawText(`Page ${i + 1}`, { x: 72, y: page.getHeight() - 72, size: 18, font });
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
    if (spec.crop) page.setCropBox(...spec.crop);
  });
  return doc.save({ useObjectStreams: false });
}

/** A PDF whose trailer names an /Encrypt dictionary (what any encrypted file carries). */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  const enc = doc.context.obj({ Filter: "Standard", V: 2, R: 3, Length: 128, P: -44 });
  doc.context.trailerInfo.Encrypt = doc.context.register(enc as PDFDict);
  return doc.save({ useObjectStreams: false });
}

/** A solid PNG of this many pixels. */
export function png(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 3).fill(230);
  return encode({ width, height, data, channels: 3, depth: 8 });
}

export { PDFName };
