/**
 * Loads a PDF someone else wrote (a PDF template, at upload and again at completion) with every
 * inflation bounded. pdf-lib inflates object streams and cross-reference streams while it parses,
 * with no limit: a 400 KB file can hold an object stream that inflates to 400 MB. So the file is
 * first walked by pdf-lib's own parser with those two decodes held back (`StreamWalker`: the same
 * parse, so the same streams, found the same way), and every stream's filters are run with a
 * running total across all streams (`inflateBounded` for FlateDecode, pdf-lib's decoders read
 * block by block for the others): past `INFLATE_LIMIT` in all the file is refused, "too large
 * once decompressed". Only then does pdf-lib parse it for real (`InflatedParser`), handed the
 * object and cross-reference streams the walk inflated, so it inflates nothing itself.
 *
 * The walk also finds encryption before anything is inflated: a trailer or cross-reference
 * stream naming /Encrypt (an AES-256 file's object streams are ciphertext, which pdf-lib would
 * otherwise report as a parse error).
 */
import { concatBytes } from "../bytes";
import { decodePDFRawStream, PDFArray, type PDFContext, PDFDict, PDFDocument, PDFName, type PDFObject, PDFParser, PDFRawStream } from "pdf-lib";
import { inflateBounded } from "../inflate";

/** What every stream of a PDF may inflate to, in all (bytes). */
export const INFLATE_LIMIT = 64 * 1024 * 1024;

export type PdfProblem = "not_pdf" | "encrypted" | "damaged" | "too_many_pages" | "too_large_decompressed" | "active_content";

/** Why an upload is refused: `problem` is which, `message` a sentence for the uploader. */
export class PdfRefusal extends Error {
  constructor(
    readonly problem: PdfProblem,
    message: string,
  ) {
    super(message);
  }
}

export const ENCRYPTED_MESSAGE = "The PDF is encrypted (password-protected or restricted); upload an unencrypted copy.";

export const tooLargeDecompressed = () =>
  new PdfRefusal(
    "too_large_decompressed",
    `The PDF is too large once decompressed: its streams inflate to more than 64 MB (${INFLATE_LIMIT} bytes) in all, the most a PDF template may hold.`,
  );

export type LoadOptions = { ignoreEncryption?: boolean; throwOnInvalidObject?: boolean };

const TYPE = PDFName.of("Type");
const XREF = PDFName.of("XRef");
const FLATE = PDFName.of("FlateDecode");
/** The streams pdf-lib decodes while it parses. */
const DECODED_AT_LOAD = new Set([PDFName.of("ObjStm"), XREF]);

/**
 * pdf-lib's parser with every stream set aside instead of decoded: a top-level stream becomes its
 * dictionary in the walk's context, so object and cross-reference streams are never inflated here.
 * Each stream is noted with the offset its parse ended at, which the load's parse meets again.
 */
class StreamWalker extends PDFParser {
  readonly streams: { stream: PDFRawStream; at: number }[] = [];
  encrypted = false;

  constructor(bytes: Uint8Array, throwOnInvalidObject: boolean) {
    super(bytes, Number.POSITIVE_INFINITY, throwOnInvalidObject);
    // Stream contents as views into the file rather than copies: the walk only reads them.
    (this.bytes as unknown as { slice(start: number, end: number): Uint8Array }).slice = (start, end) => bytes.subarray(start, end);
  }

  get walked(): PDFContext {
    return this.context;
  }

  override parseObject(): PDFObject {
    const object = super.parseObject();
    if (!(object instanceof PDFRawStream)) return object;
    this.streams.push({ stream: object, at: this.bytes.offset() });
    if (object.dict.get(TYPE) === XREF && object.dict.has(PDFName.of("Encrypt"))) this.encrypted = true;
    return object.dict;
  }
}

/**
 * pdf-lib's parser again, handed the object and cross-reference streams the walk inflated (by
 * where their parse ends), filters taken off: pdf-lib decodes nothing itself, and the runtime's
 * zlib did the work once instead of pdf-lib's JavaScript inflate doing it again.
 */
class InflatedParser extends PDFParser {
  constructor(
    bytes: Uint8Array,
    private readonly inflated: Map<number, Uint8Array>,
    throwOnInvalidObject: boolean,
  ) {
    super(bytes, Number.POSITIVE_INFINITY, throwOnInvalidObject);
  }

  get parsed(): PDFContext {
    return this.context;
  }

  override parseObject(): PDFObject {
    const object = super.parseObject();
    const plain = object instanceof PDFRawStream ? this.inflated.get(this.bytes.offset()) : undefined;
    if (!plain) return object;
    const { dict } = object as PDFRawStream;
    dict.delete(PDFName.of("Filter"));
    dict.delete(PDFName.of("DecodeParms"));
    return PDFRawStream.of(dict, plain);
  }
}

/** The filters of a stream, in order, with their parameters (a filter the walk cannot resolve ends the list). */
function filtersOf(stream: PDFRawStream): { name: PDFName; params: PDFObject | undefined }[] {
  const filter = stream.dict.lookup(PDFName.of("Filter"));
  const params = stream.dict.lookup(PDFName.of("DecodeParms"));
  if (filter instanceof PDFName) return [{ name: filter, params }];
  if (!(filter instanceof PDFArray)) return [];
  const out: { name: PDFName; params: PDFObject | undefined }[] = [];
  for (let i = 0; i < filter.size(); i++) {
    const name = filter.lookup(i);
    if (!(name instanceof PDFName)) break;
    out.push({ name, params: params instanceof PDFArray ? params.lookup(i) : undefined });
  }
  return out;
}

type Decoded = { size: number; over: boolean; complete: boolean; bytes: Uint8Array | null };

/** pdf-lib's decoders keep their state apart from their output buffer (all but Flate): read a block, count it, empty the buffer. */
type BlockDecoder = { buffer: Uint8Array; bufferLength: number; pos: number; eof: boolean; readBlock(): void };

/** One non-Flate filter through pdf-lib's decoder, block by block: at most `limit` bytes of output (kept when asked). */
function decodeBlocks(context: PDFContext, data: Uint8Array, name: PDFName, params: PDFObject | undefined, limit: number, keep: boolean): Decoded | null {
  const dict = context.obj({ Filter: name });
  if (params instanceof PDFDict) dict.set(PDFName.of("DecodeParms"), params);
  let decoder: BlockDecoder;
  try {
    decoder = decodePDFRawStream(PDFRawStream.of(dict, data)) as unknown as BlockDecoder;
  } catch {
    return null; // a filter pdf-lib does not decode (images, Crypt): nothing is inflated past it
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  let idle = 0;
  let complete = true;
  try {
    while (!decoder.eof && idle < 1000) {
      decoder.readBlock();
      const n = decoder.bufferLength;
      idle = n ? 0 : idle + 1;
      size += n;
      if (size > limit) return { size, over: true, complete: false, bytes: null };
      if (keep && n) chunks.push(decoder.buffer.slice(0, n));
      decoder.bufferLength = 0;
      decoder.pos = 0;
    }
  } catch {
    // A corrupt stream ends where its decoder gives up; what came out so far is counted.
    complete = false;
  }
  if (!decoder.eof) complete = false;
  if (!keep) return { size, over: false, complete, bytes: null };
  return { size, over: false, complete, bytes: concatBytes(chunks) };
}

/**
 * One stream's filters in turn, at most `limit` bytes of output from all of them together (each
 * filter's output counts, so a chain of FlateDecode filters cannot hide a bomb in its middle).
 * `keepLast` keeps the last filter's output; the ones before it are kept to feed the next.
 */
async function runFilters(context: PDFContext, stream: PDFRawStream, limit: number, keepLast: boolean | "exact") {
  const filters = filtersOf(stream);
  let data: Uint8Array | null = stream.contents;
  let size = 0;
  for (let i = 0; i < filters.length && data; i++) {
    const { name, params } = filters[i]!;
    const last = i === filters.length - 1;
    const out: Decoded | null =
      name === FLATE
        ? await inflateBounded(data, limit - size, last ? keepLast : true)
        : decodeBlocks(context, data, name, params, limit - size, !last || keepLast !== false);
    if (out?.over) throw tooLargeDecompressed();
    if (!out) return { size, filtered: true, stopped: true, data: null };
    size += out.size;
    data = out.bytes;
  }
  return { size, filtered: filters.length > 0, stopped: false, data };
}

/**
 * Runs every stream's filters with one budget across the file. Throws "too large once
 * decompressed" as soon as the total passes `limit`. Answers the total, and every filtered object
 * and cross-reference stream inflated (by where its parse ends) for the load to use: inflated a
 * second time, kept, only once the count has found it within the budget; what a corrupt stream
 * gave before its error (as pdf-lib's own inflate would read it), or nothing past a filter the
 * walk does not decode. So pdf-lib is never left a stream to inflate itself.
 */
async function countInflation(context: PDFContext, streams: StreamWalker["streams"], limit: number) {
  let used = 0;
  const inflated = new Map<number, Uint8Array>();
  for (const { stream, at } of streams) {
    const counted = await runFilters(context, stream, limit - used, false);
    used += counted.size;
    if (counted.filtered && DECODED_AT_LOAD.has(stream.dict.get(TYPE) as PDFName)) {
      const kept = counted.stopped ? null : await runFilters(context, stream, counted.size, filtersOf(stream).length === 1 ? "exact" : true);
      inflated.set(at, kept?.data ?? new Uint8Array(0));
    }
  }
  return { used, inflated };
}

/**
 * The bounded walk: throws `PdfRefusal` (damaged when pdf-lib cannot parse the file, encrypted,
 * too large once decompressed); otherwise answers what the streams inflate to, in all, and the
 * streams pdf-lib would inflate while loading, inflated.
 */
export async function checkInflation(bytes: Uint8Array, options: LoadOptions = {}, limit = INFLATE_LIMIT) {
  const walker = new StreamWalker(bytes, options.throwOnInvalidObject ?? false);
  try {
    await walker.parseDocument();
  } catch (err) {
    throw damaged(err);
  }
  const context = walker.walked;
  if (walker.encrypted || context.trailerInfo.Encrypt) throw new PdfRefusal("encrypted", ENCRYPTED_MESSAGE);
  return countInflation(context, walker.streams, limit);
}

const damaged = (err: unknown) =>
  new PdfRefusal("damaged", `The PDF is damaged: it could not be parsed (${String((err as Error)?.message ?? err).slice(0, 160)}).`);

/** pdf-lib's document over a parsed context (what `PDFDocument.load` does after its parse). */
const PdfDocumentOf = PDFDocument as unknown as new (context: PDFContext, ignoreEncryption: boolean, updateMetadata: boolean) => PDFDocument;

/**
 * The bounded walk, then pdf-lib's parse with the streams it would inflate handed over already
 * inflated: nothing is inflated that was not counted, nothing past 64 MB in all. Throws
 * `PdfRefusal` (damaged, encrypted, too large once decompressed).
 */
export async function loadPdf(bytes: Uint8Array, options: LoadOptions = {}): Promise<PDFDocument> {
  const { inflated } = await checkInflation(bytes, options);
  try {
    const parser = new InflatedParser(bytes, inflated, options.throwOnInvalidObject ?? false);
    await parser.parseDocument();
    return new PdfDocumentOf(parser.parsed, options.ignoreEncryption ?? false, false);
  } catch (err) {
    throw damaged(err);
  }
}
