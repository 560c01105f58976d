/** Reading sealed PDFs back inside workerd: attachments, byte ranges, the CMS in /Contents. */
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFString, type PDFHexString, decodePDFRawStream } from "pdf-lib";

export function fromB64(b64: string): Uint8Array {
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** The attachments of a PDF by file name. */
export async function attachments(bytes: Uint8Array): Promise<Record<string, Uint8Array>> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const names = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const ef = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  const list = ef?.lookupMaybe(PDFName.of("Names"), PDFArray);
  const out: Record<string, Uint8Array> = {};
  if (!list) return out;
  for (let i = 0; i < list.size(); i += 2) {
    const name = list.lookup(i) as PDFString | PDFHexString;
    const spec = list.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F")) as PDFRawStream;
    out[name.decodeText()] = decodePDFRawStream(stream).decode();
  }
  return out;
}

/** The /ByteRange numbers and the DER CMS from /Contents (trailing '0' padding cut off). */
export function signatureParts(pdf: Uint8Array): { range: number[]; signed: Uint8Array; cms: Uint8Array; paddingIsAsciiZero: boolean } {
  const text = new TextDecoder("latin1").decode(pdf);
  const m = /\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(text);
  if (!m) throw new Error("no /ByteRange");
  const range = m.slice(1).map(Number);
  const [a, b, c, d] = range as [number, number, number, number];
  const signed = new Uint8Array(b + d);
  signed.set(pdf.subarray(a, a + b), 0);
  signed.set(pdf.subarray(c, c + d), b);
  const hex = text.slice(b + 1, c - 1);
  const all = Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16)));
  // Outer DER SEQUENCE length
  const lenByte = all[1]!;
  const n = lenByte & 0x7f;
  let len = lenByte;
  let hdr = 2;
  if (lenByte & 0x80) {
    len = 0;
    for (let i = 0; i < n; i++) len = (len << 8) | all[2 + i]!;
    hdr = 2 + n;
  }
  const cms = all.subarray(0, hdr + len);
  const padding = hex.slice(cms.length * 2);
  return { range, signed, cms, paddingIsAsciiZero: /^0*$/.test(padding) };
}

/** The decoded content streams of each page, as latin1 text. */
export async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? Array.from({ length: contents.size() }, (_, i) => contents.lookup(i)) : [contents];
    return streams.map((st) => new TextDecoder("latin1").decode(decodePDFRawStream(st as PDFRawStream).decode())).join("\n");
  });
}
