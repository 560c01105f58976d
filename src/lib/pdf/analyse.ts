/**
 * Reads what the service needs from an uploaded PDF without changing it: that it is a PDF, that
 * it is whole (header, `startxref` pointing at a cross-reference table or stream, a trailer with a
 * catalogue, `%%EOF` at the end), that it is not encrypted, that its streams do not inflate past
 * 64 MB in all, that it carries no active content, and each page's visible (crop) box and
 * rotation as a reader shows it.
 *
 * pdf-lib parses the object structure after `loadPdf` has counted what every stream inflates to
 * (src/lib/pdf/load.ts); content streams are never kept inflated, so a 20 MB, 200-page file
 * costs about its own size again in memory (bench/pdf-templates.bench.mjs measures it). Free of
 * Workers-only APIs so Node can run it too.
 */
import type { PDFDocument } from "pdf-lib";
import { activeContent } from "./active-content";
import { ENCRYPTED_MESSAGE, loadPdf, PdfRefusal } from "./load";
import { type FieldSources, type FoundFields, readDocumentFields } from "./read-fields";

export { type PdfProblem, PdfRefusal } from "./load";

export type AnalysedPage = {
  n: number;
  /** The visible (crop) box as shown: swapped for /Rotate 90 and 270. Points, rounded to 0.01. */
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  /** The visible box in the page's own (unrotated) user space: [x, y, width, height]. */
  crop: [number, number, number, number];
};

export type PdfAnalysis = {
  pageCount: number;
  pages: AnalysedPage[];
  version: string;
  /** The fields read from the document, when `analysePdf` was asked to read them (src/lib/pdf/read-fields.ts). */
  found?: FoundFields;
};

const latin1 = (bytes: Uint8Array, from: number, to: number) => {
  let s = "";
  for (let i = Math.max(0, from); i < Math.min(bytes.length, to); i++) s += String.fromCharCode(bytes[i]!);
  return s;
};

const round = (v: number) => Math.round(v * 100) / 100;

/** Normalises /Rotate the way readers do: a multiple of 90, into 0-270; anything else reads as 0. */
export function normaliseRotation(angle: number): 0 | 90 | 180 | 270 {
  if (!Number.isFinite(angle) || angle % 90 !== 0) return 0;
  return (((angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
}

/** Checks the file's frame (header, startxref, %%EOF) from its first and last kilobytes only. */
function checkFrame(bytes: Uint8Array): void {
  const head = latin1(bytes, 0, 1024);
  const at = head.indexOf("%PDF-");
  if (at < 0) throw new PdfRefusal("not_pdf", "The file is not a PDF: it does not start with the %PDF- header.");
  const tail = latin1(bytes, bytes.length - 2048, bytes.length);
  if (!tail.slice(-1024).includes("%%EOF")) {
    throw new PdfRefusal("damaged", "The PDF is damaged: it is truncated (no %%EOF marker at its end).");
  }
  const sx = /startxref\s+(\d+)\s+%%EOF/g;
  let last: RegExpExecArray | null = null;
  for (let m = sx.exec(tail); m; m = sx.exec(tail)) last = m;
  if (!last) throw new PdfRefusal("damaged", "The PDF is damaged: it has no startxref, so its cross-reference table cannot be found.");
  // Offsets count from the header (a few files carry bytes before it).
  const offset = Number(last[1]) + at;
  const there = latin1(bytes, offset, offset + 64);
  if (!/^\s*(xref\b|\d+\s+\d+\s+obj\b)/.test(there)) {
    throw new PdfRefusal("damaged", "The PDF is damaged: its startxref does not point at a cross-reference table (no xref where the file says).");
  }
}

/**
 * Analyses an upload; throws `PdfRefusal` naming the problem. `maxPages` bounds the page tree
 * before any page is looked at. `read` also reads the document's fields (AcroForm, text tags or
 * both) from the same loaded document, as `found`.
 */
export async function analysePdf(bytes: Uint8Array, maxPages = 200, read?: FieldSources): Promise<PdfAnalysis> {
  checkFrame(bytes);
  const doc: PDFDocument = await loadPdf(bytes, { ignoreEncryption: true, throwOnInvalidObject: true });
  if (doc.isEncrypted) throw new PdfRefusal("encrypted", ENCRYPTED_MESSAGE);
  const trailer = doc.context.trailerInfo;
  if (!trailer.Root) throw new PdfRefusal("damaged", "The PDF is damaged: its trailer names no document catalogue (/Root).");
  const active = activeContent(doc);
  if (active.length) {
    throw new PdfRefusal(
      "active_content",
      `The PDF carries active content (${active.join(", ")}); a PDF template may not hold JavaScript, /OpenAction or /AA actions, /Launch, /SubmitForm, /ImportData or rich media.`,
    );
  }
  let count: number;
  try {
    count = doc.getPageCount();
  } catch (err) {
    throw new PdfRefusal("damaged", `The PDF is damaged: its page tree cannot be read (${String((err as Error)?.message ?? err).slice(0, 160)}).`);
  }
  if (count === 0) throw new PdfRefusal("damaged", "The PDF is damaged: it has no pages.");
  if (count > maxPages) throw new PdfRefusal("too_many_pages", `The PDF has ${count} pages; a PDF template may have at most ${maxPages}.`);
  const pages: AnalysedPage[] = [];
  try {
    doc.getPages().forEach((page, i) => {
      const media = page.getMediaBox();
      const cropRaw = page.getCropBox();
      // The visible box is the crop box clipped to the media box (PDF 32000-1 §14.11.2).
      const x0 = Math.max(Math.min(media.x, media.x + media.width), Math.min(cropRaw.x, cropRaw.x + cropRaw.width));
      const y0 = Math.max(Math.min(media.y, media.y + media.height), Math.min(cropRaw.y, cropRaw.y + cropRaw.height));
      const x1 = Math.min(Math.max(media.x, media.x + media.width), Math.max(cropRaw.x, cropRaw.x + cropRaw.width));
      const y1 = Math.min(Math.max(media.y, media.y + media.height), Math.max(cropRaw.y, cropRaw.y + cropRaw.height));
      const w = x1 - x0;
      const h = y1 - y0;
      if (!(w > 0 && h > 0)) throw new PdfRefusal("damaged", `The PDF is damaged: page ${i + 1} has an empty page box.`);
      const rotation = normaliseRotation(page.getRotation().angle);
      const turned = rotation === 90 || rotation === 270;
      pages.push({
        n: i + 1,
        width: round(turned ? h : w),
        height: round(turned ? w : h),
        rotation,
        crop: [round(x0), round(y0), round(w), round(h)],
      });
    });
  } catch (err) {
    if (err instanceof PdfRefusal) throw err;
    throw new PdfRefusal("damaged", `The PDF is damaged: a page cannot be read (${String((err as Error)?.message ?? err).slice(0, 160)}).`);
  }
  const analysis: PdfAnalysis = { pageCount: count, pages, version: latin1(bytes, 0, 1024).match(/%PDF-(\d\.\d)/)?.[1] ?? "unknown" };
  if (read) analysis.found = await readDocumentFields(doc, pages, read);
  return analysis;
}
