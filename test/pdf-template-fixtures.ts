/** PDF and picture fixtures for the PDF template tests, made here with pdf-lib and fast-png. */
import { degrees, PDFArray, type PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from "pdf-lib";
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

/**
 * An AES-256 encrypted PDF with an empty user password and object streams (the AES-256 file once
 * called "damaged": its object streams are ciphertext). Made from `makePdf()`'s one page with
 * `qpdf --object-streams=generate --encrypt '' owner 256 -- plain.pdf aes256.pdf`.
 */
export const aes256Pdf = (): Uint8Array => Uint8Array.from(atob(AES256_B64), (c) => c.charCodeAt(0));
const AES256_B64 =
  "JVBERi0xLjcKJb/3ov4KMSAwIG9iago8PCAvRXh0ZW5zaW9ucyA8PCAvQURCRSA8PCAvQmFzZVZlcnNpb24gLzEuNyAvRXh0ZW5zaW9uTGV2ZWwgOCA+PiA+PiAvUGFnZXMgMyAwIFIgL1R5cGUgL0NhdGFsb2cgPj4KZW5kb2JqCjIgMCBvYmoKPDwgL1R5cGUgL09ialN0bSAvTGVuZ3RoIDM2OCAvRmlsdGVyIC9GbGF0ZURlY29kZSAvTiA0IC9GaXJzdCAyMSA+PgpzdHJlYW0Kyh77quapMKiRtAe95mFOpbB8SizZiRBX0bAlq+cFfF7u1H/+0Um3EscTGn4vnugpbwHLN9EMtRjbu74hYX90e5RU9h+etR7AWYpNWku7mmI28AQM9pG+Lhv8X6tF1KFcK9+kmo/sbYIcbb0LE9RFIVULxpdMmnaDJhzhe+fwu35wMZSdtn7OpP6XqmA12h0HZbUBwkbhkqzn7yOQPfoKUagx+tpaE9PqmDcCL6ACvzz6szmI/T7PVCWyPrPEFnJfloeLWUbvBlXGsuFul1WaizAUk8ED2U8AwXS1bHepl4u/6Q37zjIG6wEJvH34xsnBFCrjESERFwHMD8wpQq13MZsRBdSG/WivVUyGVJqDtXQihrglVisXsdvfXywA9FvvScPNLaMrdum2l9Al/KaC9E9Ugw84tYHJZ8fvWas4eGKLzzdSTYkdDeM8DgKcN0jSB7ar3Yh/qDGbi8xCPl/+HDZg+BwAChr9e6SBoy7WbqdlbmRzdHJlYW0KZW5kb2JqCjcgMCBvYmoKPDwgL0ZpbHRlciAvRmxhdGVEZWNvZGUgL0xlbmd0aCAxMTIgPj4Kc3RyZWFtCsRY/YQbNpXp5kkmwUk1vAl4ukYcqOs/z/SXzmVCGg/wxkwTIHdjZzxXlg6s/Atiy8YIizUJSSehiSb/oEvIsx2SN1XGTWKzVvw93fHa31lYEPtAprZ67UQGoO8qh72vK7BNjyd1aV0YfFPFoBBKxoBlbmRzdHJlYW0KZW5kb2JqCjggMCBvYmoKPDwgL0NGIDw8IC9TdGRDRiA8PCAvQXV0aEV2ZW50IC9Eb2NPcGVuIC9DRk0gL0FFU1YzIC9MZW5ndGggMzIgPj4gPj4gL0ZpbHRlciAvU3RhbmRhcmQgL0xlbmd0aCAyNTYgL08gPDA0YTVlMDBlMjVlN2M2MWFkNTE5MjM4MzJjYTQwNGU5N2JkY2ViNGRkNGFkYWVhMGU0NjJjNjk5MjQ0MTI1OTQ4ZGY3OWUyYjc1ODQ1NGY3OTRhNzA1NWRkZWJhM2I0MD4gL09FIDxlMGYzNDQ4N2E2NzIyZjE1NjU2Y2FkODdhYjMxMzJmNWE3NjlmZWI5ZGFmY2YyMGNhODM0MTdjM2I1OGIyYzUwPiAvUCAtNCAvUGVybXMgPGRhZDlkNzE1MDhkZjA5MTY1NTNmNzA3OTc3Y2VlZTg5PiAvUiA2IC9TdG1GIC9TdGRDRiAvU3RyRiAvU3RkQ0YgL1UgPGEzY2RhMjYzNzAyNGU5NWEzYzFkYzA3N2JlNmU0NmQ0ZmNiOWE0ZDI3OWNmYTRjMTExN2I0MWIxMGZlY2NiOTBmM2I1NzE1MmQ3OGY3N2ZhOTExMTIwYTkwZjE5ZDE5Mj4gL1VFIDw4MzRlMjQyNDY4ZjQ0ZWNjYTY2YWE5Y2VlZWE0NzlkMWVjNjFhNWYwZTg1ZjMwODJjYTE5ODgwMjNkN2Y1ZjhmPiAvViA1ID4+CmVuZG9iago5IDAgb2JqCjw8IC9UeXBlIC9YUmVmIC9MZW5ndGggNDIgL0ZpbHRlciAvRmxhdGVEZWNvZGUgL0RlY29kZVBhcm1zIDw8IC9Db2x1bW5zIDQgL1ByZWRpY3RvciAxMiA+PiAvVyBbIDEgMiAxIF0gL0luZm8gNCAwIFIgL1Jvb3QgMSAwIFIgL1NpemUgMTAgL0lEIFs8OGJiN2MxZDFhMDYzZDEzOWQ0ZDRlYzllMThmZmI5Yzg+PDc3MWJmODU3ZDJmNTk2NmFmNDRiMjk2ZWNiNjllMzNjPl0gL0VuY3J5cHQgOCAwIFIgPj4Kc3RyZWFtCnicY2IAAiZGBn4GJgaGYhCrAcRiYEQi/jOF/GViYNwOlGBSZgAASCoESwplbmRzdHJlYW0KZW5kb2JqCnN0YXJ0eHJlZgoxMzI4CiUlRU9GCg==";

/** `mb` megabytes of zeros, deflated (zlib) by the runtime: about a thousandth of the size. */
export async function deflatedZeros(mb: number): Promise<Uint8Array> {
  const cs = new CompressionStream("deflate");
  const writer = cs.writable.getWriter();
  const chunk = new Uint8Array(1024 * 1024);
  const written = (async () => {
    for (let i = 0; i < mb; i++) await writer.write(chunk);
    await writer.close();
  })();
  const out = new Uint8Array(await new Response(cs.readable).arrayBuffer());
  await written;
  return out;
}

/**
 * A one-page PDF with a zlib bomb: `where` "objstm" puts `mb` MB of zeros in an object stream
 * (which pdf-lib inflates while parsing), "content" in a stream hung on the page.
 */
export async function bombPdf(mb: number, where: "objstm" | "content"): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const z = await deflatedZeros(mb);
  if (where === "objstm") doc.context.register(doc.context.stream(z, { Type: "ObjStm", N: 1, First: 4, Filter: "FlateDecode" }));
  else page.node.set(PDFName.of("PieceInfo"), doc.context.register(doc.context.stream(z, { Filter: "FlateDecode" })));
  return doc.save({ useObjectStreams: false });
}

export type ActiveKind =
  | "openaction-goto"
  | "openaction-js"
  | "page-aa-submit"
  | "names-js"
  | "escaped-js-link"
  | "launch-link"
  | "import-data"
  | "rich-media"
  | "widget-aa";

/**
 * A one-page PDF carrying these kinds of active content. `objectStreams` saves it with object
 * streams, so the offending objects sit inside one (compressed) and only a parse finds them.
 */
export async function activePdf(kinds: ActiveKind | ActiveKind[], objectStreams = false): Promise<Uint8Array> {
  const has = (k: ActiveKind) => (Array.isArray(kinds) ? kinds.includes(k) : kinds === k);
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  const ctx = doc.context;
  const annot = (extra: Record<string, unknown>) => {
    const ref = ctx.register(ctx.obj({ Type: "Annot", Rect: [10, 10, 100, 40], ...extra } as never));
    const annots = page.node.lookup(PDFName.of("Annots"));
    if (annots instanceof PDFArray) annots.push(ref);
    else page.node.set(PDFName.of("Annots"), ctx.obj([ref]));
  };
  const js = (code: string) => ctx.obj({ S: "JavaScript", JS: PDFString.of(code) });
  // Not active: opening at a page, as pdfTeX writes into every file.
  if (has("openaction-goto")) doc.catalog.set(PDFName.of("OpenAction"), ctx.register(ctx.obj({ S: "GoTo", D: [page.ref, "Fit"] })));
  if (has("openaction-js")) doc.catalog.set(PDFName.of("OpenAction"), ctx.register(js("app.alert('hi')")));
  if (has("page-aa-submit")) {
    const submit = ctx.obj({ S: "SubmitForm", F: ctx.obj({ FS: "URL", F: PDFString.of("https://collector.example.net/x") }), Flags: 4 });
    page.node.set(PDFName.of("AA"), ctx.obj({ O: submit }));
  }
  if (has("names-js")) doc.catalog.set(PDFName.of("Names"), ctx.obj({ JavaScript: ctx.obj({ Names: [PDFHexString.fromText("x"), ctx.register(js("1"))] }) }));
  if (has("escaped-js-link")) annot({ Subtype: "Link", A: js("####this.print()") });
  if (has("launch-link")) annot({ Subtype: "Link", A: ctx.obj({ S: "Launch", F: PDFString.of("calc.exe") }) });
  if (has("import-data")) annot({ Subtype: "Link", A: ctx.obj({ S: "ImportData", F: PDFString.of("data.fdf") }) });
  if (has("rich-media")) annot({ Subtype: "RichMedia", RichMediaContent: ctx.obj({}) });
  if (has("widget-aa")) annot({ Subtype: "Widget", FT: "Tx", T: PDFString.of("name"), AA: ctx.obj({ K: js("event.rc = true") }) });
  const bytes = await doc.save({ useObjectStreams: objectStreams });
  if (!has("escaped-js-link") || objectStreams) return bytes;
  // Both names written with #xx escapes, the object's length kept (so the xref still holds).
  const text = Array.from(bytes, (b) => String.fromCharCode(b))
    .join("")
    .replace("/S /JavaScript\n/JS (####", "/S /J#61vaScript\n/J#53 (");
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** A solid PNG of this many pixels. */
export function png(width: number, height: number): Uint8Array {
  const data = new Uint8Array(width * height * 3).fill(230);
  return encode({ width, height, data, channels: 3, depth: 8 });
}

export { PDFName };
