/**
 * Incremental updates of a PDF (ISO 32000-1 §7.5.6): the bytes already there are never rewritten;
 * each update appends the objects it changes or adds, an xref section and a trailer pointing back
 * (`/Prev`) at the previous one, so every earlier signature stays valid.
 *
 * `appendSignatureField` adds one signature field (a widget on page 1, invisible unless a `widget`
 * with its appearance is given) whose `/V` is a signature dictionary with a `/ByteRange` and a `/Contents` hole; the
 * bytes it covers (the whole file but the hole) go to `contents`, whose answer (a CMS signature or
 * a timestamp token) is written into the hole. It serves document timestamps (src/lib/seal/ltv.ts)
 * and the signers' own PAdES signatures (src/lib/seal/pades.ts).
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type PDFObject, PDFRef, PDFString } from "pdf-lib";
import { concatBytes, toHex } from "../bytes";

const ascii = (s: string) => new TextEncoder().encode(s);

export type Raw = { ref: PDFRef; text: Uint8Array };

export const loadForUpdate = (pdf: Uint8Array) => PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: false });

function lastStartXref(pdf: Uint8Array): number {
  const tail = new TextDecoder("latin1").decode(pdf.subarray(Math.max(0, pdf.length - 1024)));
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new Error("The PDF has no final startxref.");
  return Number(m[1]);
}

function serialise(ref: PDFRef, obj: PDFObject): Uint8Array {
  const head = ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
  const body = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(body, 0);
  return concatBytes([head, body, ascii("\nendobj\n")]);
}

/** Appends `changed` (objects of `doc` to write again or anew) and `raw` objects, with an xref section and trailer. */
export function appendUpdate(pdf: Uint8Array, doc: PDFDocument, changed: PDFRef[], raw: Raw[]): Uint8Array {
  const prev = lastStartXref(pdf);
  const parts: Uint8Array[] = [pdf];
  let at = pdf.length;
  if (pdf[pdf.length - 1] !== 0x0a) {
    parts.push(ascii("\n"));
    at += 1;
  }
  const offsets: { n: number; g: number; at: number }[] = [];
  const seen = new Set<string>();
  for (const ref of changed) {
    if (seen.has(ref.tag)) continue;
    seen.add(ref.tag);
    const bytes = serialise(ref, doc.context.lookup(ref)!);
    offsets.push({ n: ref.objectNumber, g: ref.generationNumber, at });
    parts.push(bytes);
    at += bytes.length;
  }
  for (const r of raw) {
    offsets.push({ n: r.ref.objectNumber, g: r.ref.generationNumber, at });
    parts.push(r.text);
    at += r.text.length;
  }
  offsets.sort((a, b) => a.n - b.n);
  let xref = "xref\n";
  for (const o of offsets) xref += `${o.n} 1\n${String(o.at).padStart(10, "0")} ${String(o.g).padStart(5, "0")} n \n`;
  const t = doc.context.trailerInfo;
  const trailer = doc.context.obj({ Size: doc.context.largestObjectNumber + 1, Root: t.Root!, Prev: prev });
  if (t.Info) trailer.set(PDFName.of("Info"), t.Info);
  if (t.ID) trailer.set(PDFName.of("ID"), t.ID);
  const tb = new Uint8Array(trailer.sizeInBytes());
  trailer.copyBytesInto(tb, 0);
  parts.push(ascii(xref), ascii("trailer\n"), tb, ascii(`\nstartxref\n${at}\n%%EOF\n`));
  return concatBytes(parts);
}

const BYTE_RANGE_WIDTH = 10;

export type SignatureField = {
  fieldName: string;
  /** The signature dictionary's entries before /ByteRange and /Contents (`/Type /Sig /Filter … /SubFilter …`). */
  dict: string;
  /** Bytes the hole holds. */
  reserve: number;
  /** What goes into the hole, given the bytes the signature covers. */
  contents: (signed: Uint8Array) => Promise<Uint8Array>;
  /**
   * A visible widget, placed on the document the field is added to (already loaded, so its pages
   * are measured without reading the file again): on page `page` (0-based) at `rect` (user space),
   * its appearance drawn by `appearance` (a form XObject). Undefined from it: invisible after all.
   */
  widget?: (doc: PDFDocument) => Promise<SignatureWidget | undefined>;
};

export type SignatureWidget = { page: number; rect: [number, number, number, number]; appearance: (doc: PDFDocument) => Promise<PDFRef> };

/** Adds a signature field (invisible on page 1, or `field.widget`) and fills its signature over the whole file as it then is. */
export async function appendSignatureField(pdf: Uint8Array, field: SignatureField): Promise<Uint8Array> {
  const doc = await loadForUpdate(pdf);
  const ctx = doc.context;
  const catalogRef = ctx.trailerInfo.Root as PDFRef;
  let changed: PDFRef[] = [];
  const shown = field.widget ? await field.widget(doc) : undefined;
  const page = doc.getPage(shown?.page ?? 0);
  // With an appearance (and its font), what changed is found by comparing, as appendChanges does.
  const before = shown ? snapshot(doc) : null;
  const ap = shown ? await shown.appearance(doc) : null;

  const sigRef = ctx.nextRef();
  const widget = ctx.obj({
    Type: "Annot",
    Subtype: "Widget",
    FT: "Sig",
    Rect: shown?.rect ?? [0, 0, 0, 0],
    F: 132, // Print + Locked
    P: page.ref,
    T: PDFString.of(field.fieldName),
    V: sigRef,
    ...(ap ? { AP: { N: ap } } : {}),
  });
  const widgetRef = ctx.register(widget);
  changed.push(widgetRef);

  // The page's /Annots: an array in the page or an object of its own.
  const annotsRaw = page.node.get(PDFName.of("Annots"));
  if (annotsRaw instanceof PDFRef) {
    (ctx.lookup(annotsRaw, PDFArray) as PDFArray).push(widgetRef);
    changed.push(annotsRaw);
  } else {
    const annots = (annotsRaw as PDFArray | undefined) ?? (ctx.obj([]) as PDFArray);
    annots.push(widgetRef);
    page.node.set(PDFName.of("Annots"), annots);
    changed.push(page.ref);
  }

  // The form's /Fields, wherever it lives (catalog, its own object, or an array object).
  const acroRaw = doc.catalog.get(PDFName.of("AcroForm"));
  let acro: PDFDict;
  if (acroRaw instanceof PDFRef) {
    acro = ctx.lookup(acroRaw, PDFDict);
    changed.push(acroRaw);
  } else {
    acro = (acroRaw as PDFDict | undefined) ?? (ctx.obj({}) as PDFDict);
    doc.catalog.set(PDFName.of("AcroForm"), acro);
    changed.push(catalogRef);
  }
  const fieldsRaw = acro.get(PDFName.of("Fields"));
  if (fieldsRaw instanceof PDFRef) {
    (ctx.lookup(fieldsRaw, PDFArray) as PDFArray).push(widgetRef);
    changed.push(fieldsRaw);
  } else {
    const fields = (fieldsRaw as PDFArray | undefined) ?? (ctx.obj([]) as PDFArray);
    fields.push(widgetRef);
    acro.set(PDFName.of("Fields"), fields);
  }
  acro.set(PDFName.of("SigFlags"), PDFNumber.of(3));
  if (before) {
    await doc.flush();
    changed = changedSince(doc, before);
  }

  const reserve = field.reserve;
  const zeros = "0".repeat(BYTE_RANGE_WIDTH);
  const brPlaceholder = `/ByteRange [0 ${zeros} ${zeros} ${zeros}]`;
  const head = `${sigRef.objectNumber} 0 obj\n<< ${field.dict} ${brPlaceholder} /Contents <`;
  const tail = ">\n>>\nendobj\n";
  const sigText = ascii(head + "0".repeat(reserve * 2) + tail);
  const out = appendUpdate(pdf, doc, changed, [{ ref: sigRef, text: sigText }]);

  // Where our object landed: it is the last raw object before the xref section.
  const objAt = lastIndexOf(out, ascii(`${sigRef.objectNumber} 0 obj\n<< ${field.dict}`));
  const brAt = objAt + head.indexOf("/ByteRange");
  const holeStart = objAt + head.length - 1; // at '<'
  const holeEnd = holeStart + 2 + reserve * 2; // after '>'
  const range = [0, holeStart, holeEnd, out.length - holeEnd];
  const written = `/ByteRange [${range.map((n, i) => (i === 0 ? String(n) : String(n).padStart(BYTE_RANGE_WIDTH, "0"))).join(" ")}]`;
  if (written.length !== brPlaceholder.length) throw new Error("The file is too large for the byte range.");
  out.set(ascii(written), brAt);
  const token = await field.contents(concatBytes([out.subarray(0, holeStart), out.subarray(holeEnd)]));
  if (token.length > reserve) throw new Error(`The signature (${token.length} bytes) does not fit its placeholder (${reserve}).`);
  out.set(ascii(toHex(token)), holeStart + 1);
  return out;
}

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = haystack.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const bytesOf = (obj: PDFObject) => {
  const b = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(b, 0);
  return b;
};
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Loads `pdf`, lets `change` draw on it (pages, attachments, metadata), and appends only the
 * objects that changed or are new as one incremental update: the signatures already in the file
 * stay valid over their own revisions.
 */
export async function appendChanges(pdf: Uint8Array, change: (doc: PDFDocument) => Promise<void>): Promise<Uint8Array> {
  const doc = await loadForUpdate(pdf);
  const before = snapshot(doc);
  await change(doc);
  await doc.flush();
  return appendUpdate(pdf, doc, changedSince(doc, before), []);
}

/** Every indirect object's bytes as loaded, to find what a change touched. */
const snapshot = (doc: PDFDocument) => new Map(doc.context.enumerateIndirectObjects().map(([ref, obj]) => [ref.tag, bytesOf(obj)] as const));

/** The objects new or different since `before`. */
function changedSince(doc: PDFDocument, before: Map<string, Uint8Array>): PDFRef[] {
  return doc.context
    .enumerateIndirectObjects()
    .filter(([ref, obj]) => {
      const was = before.get(ref.tag);
      return !was || !sameBytes(was, bytesOf(obj));
    })
    .map(([ref]) => ref);
}
