/**
 * Signature pictures (a drawn or uploaded signature sent as a `data:image/png` or
 * `data:image/jpeg` base64 URL). Every picture is checked and decoded when it is signed, and
 * stored as a PNG written by the service, so the PDF code only ever embeds pictures the service
 * wrote. The checks run in this order, each before any work the next one would cost:
 *
 * 1. the data URL's shape and length (≤ 400,000 characters, the length of every signature value);
 * 2. the dimensions read from the header — PNG `IHDR`, JPEG `SOFn` — (≤ 2000 × 1000 px), so a
 *    1-bit 8000 × 8000 PNG is refused without inflating a byte;
 * 3. PNG only: the image data is inflated with a bound (it must be a zlib stream of exactly the
 *    size the header implies, no more), so neither a non-zlib stream nor a zlib bomb reaches the
 *    decoder; ancillary chunks (text, colour profiles, animation) are dropped unread;
 * 4. a real decoder (`fast-png`, `jpeg-js`), then the pixels are written out again as an 8-bit
 *    PNG (`fast-png`).
 *
 * The decoders are loaded on first use, so requests that never see a picture do not load them.
 */
import { concatBytes, toBase64 } from "./bytes";
import { invalid } from "./errors";
import { inflateBounded } from "./inflate";

/** A picture is judged by its dimensions and the length of its data URL (the signature value's 400,000 characters). */
export const PICTURE_LIMITS = { maxWidth: 2000, maxHeight: 1000, maxChars: 400_000 } as const;

export type SignaturePicture = { dataUrl: string; png: Uint8Array; width: number; height: number };

const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Thrown for a picture the service will not take; the message names the limit or the fault. */
export class PictureError extends Error {}

/**
 * Checks, decodes and re-encodes a signature picture. Throws `PictureError` with a sentence for
 * the signer; nothing else (a decoder's own error is wrapped).
 */
export async function normaliseSignaturePicture(value: string): Promise<SignaturePicture> {
  return encodePicture(await decodeSignaturePicture(value));
}

/**
 * The picture for a PDF: the same checks and decoding, then scaled down (never up) to fit
 * `maxWidth` × `maxHeight` pixels, so drawing a large picture in a small box costs little.
 */
export async function signaturePictureForPdf(value: string, maxWidth: number, maxHeight: number): Promise<SignaturePicture> {
  return encodePicture(fitWithin(await decodeSignaturePicture(value), maxWidth, maxHeight));
}

async function encodePicture(pixels: Pixels): Promise<SignaturePicture> {
  const { encode } = await import("fast-png");
  const png = encode({ width: pixels.width, height: pixels.height, data: pixels.data, channels: pixels.channels, depth: 8 });
  return { dataUrl: `data:image/png;base64,${toBase64(png)}`, png, width: pixels.width, height: pixels.height };
}

/** Checks and decodes a signature picture to 8-bit pixels. */
async function decodeSignaturePicture(value: string): Promise<Pixels> {
  if (value.length > PICTURE_LIMITS.maxChars) {
    throw new PictureError(`the picture's data URL is ${value.length} characters; a signature value may be at most 400,000 characters.`);
  }
  const m = DATA_URL.exec(value);
  if (!m) throw new PictureError("a drawn or uploaded signature is a data:image/png or data:image/jpeg base64 URL.");
  const [, kind, b64] = m as unknown as [string, "png" | "jpeg", string];
  if (b64.length % 4 !== 0) throw new PictureError("the picture's base64 is cut short (its length is not a multiple of 4).");
  const bytes = base64Bytes(b64);
  return kind === "png" ? decodePngPicture(bytes) : decodeJpegPicture(bytes);
}

/** Box-filter downscale (alpha-weighted) to fit within the bounds; pictures that fit are kept as they are. */
function fitWithin(p: Pixels, maxWidth: number, maxHeight: number): Pixels {
  const scale = Math.max(p.width / maxWidth, p.height / maxHeight);
  if (scale <= 1) return p;
  const width = Math.max(1, Math.round(p.width / scale));
  const height = Math.max(1, Math.round(p.height / scale));
  const c = p.channels;
  const alpha = c === 2 || c === 4 ? c - 1 : -1;
  const out = new Uint8Array(width * height * c);
  const sums = new Float64Array(c);
  for (let oy = 0; oy < height; oy++) {
    const y0 = Math.floor((oy * p.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((oy + 1) * p.height) / height));
    for (let ox = 0; ox < width; ox++) {
      const x0 = Math.floor((ox * p.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((ox + 1) * p.width) / width));
      sums.fill(0);
      let weight = 0;
      let n = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * p.width + x) * c;
          const a = alpha < 0 ? 1 : p.data[i + alpha]! / 255;
          for (let k = 0; k < c; k++) sums[k]! += k === alpha ? p.data[i + k]! : p.data[i + k]! * a;
          weight += a;
          n++;
        }
      }
      const o = (oy * width + ox) * c;
      for (let k = 0; k < c; k++) out[o + k] = Math.round(k === alpha ? sums[k]! / n : weight > 0 ? sums[k]! / weight : 0);
    }
  }
  return { width, height, channels: c, data: out };
}

/** The same check as a 422 for the signing call: `value: <why>`. */
export async function signaturePictureOrRefuse(value: string, method: string): Promise<SignaturePicture> {
  try {
    return await normaliseSignaturePicture(value);
  } catch (err) {
    if (err instanceof PictureError)
      throw invalid(
        `value: ${err.message}`,
        `A ${method} signature is a PNG or JPEG of at most 2000 × 1000 pixels, as a data URL of at most 400,000 characters.`,
      );
    throw err;
  }
}

type Pixels = { width: number; height: number; channels: 1 | 2 | 3 | 4; data: Uint8Array };

function checkDimensions(width: number, height: number): void {
  if (width < 1 || height < 1) throw new PictureError("the picture has no pixels.");
  if (width > PICTURE_LIMITS.maxWidth || height > PICTURE_LIMITS.maxHeight) {
    throw new PictureError(`the picture is ${width} × ${height} pixels; a signature picture may be at most 2000 × 1000 pixels (width × height).`);
  }
}

// ---- PNG -------------------------------------------------------------------------------------

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/** Chunks the decoder is given; every other chunk is dropped unread. */
const KEPT = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

type PngHeader = { width: number; height: number; depth: number; colorType: number; interlace: number };

/** The exact number of bytes the image data inflates to for this header (filter bytes included). */
function inflatedSize(h: PngHeader): number {
  const bits = h.depth * CHANNELS[h.colorType]!;
  const rows = (w: number, rowsCount: number) => (w > 0 && rowsCount > 0 ? rowsCount * (1 + Math.ceil((w * bits) / 8)) : 0);
  if (h.interlace === 0) return rows(h.width, h.height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) total += rows(Math.ceil((h.width - x0) / dx), Math.ceil((h.height - y0) / dy));
  return total;
}

type PngChunks = { header: PngHeader; kept: Uint8Array[] };

/**
 * Walks a PNG's chunks: the signature, every chunk whole, the header (IHDR) first and valid (its
 * size handed to `checkSize` before anything is inflated), image data present, then the image
 * data inflated with a bound. `strict` (an uploaded brand logo) also wants chunk types of letters,
 * a correct CRC-32 on every chunk and `IEND` last; otherwise (a signature picture) the walk stops
 * at `IEND` and a missing one is supplied. `noun` names the input in the signature's refusal.
 */
async function readPng(
  bytes: Uint8Array,
  opts: { noun: "picture" | "file"; strict: boolean; checkSize: (width: number, height: number) => void },
): Promise<PngChunks> {
  if (bytes.length < 8 + 25 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b))
    throw new PictureError(`the ${opts.noun} is not a PNG (its signature is missing).`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  const idat: Uint8Array[] = [];
  let header: PngHeader | null = null;
  let ended = false;
  for (let at = 8; at < bytes.length; ) {
    if (ended) {
      if (opts.strict) throw new PictureError("the PNG has bytes after its end (IEND).");
      break;
    }
    if (at + 12 > bytes.length) throw new PictureError("the PNG is cut short.");
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) throw new PictureError("the PNG is cut short.");
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (opts.strict) {
      if (!/^[A-Za-z]{4}$/.test(type)) throw new PictureError("the PNG's chunks are malformed.");
      if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length))
        throw new PictureError(`the PNG's ${type} chunk is damaged (its CRC does not match).`);
    }
    if (!header && type !== "IHDR") throw new PictureError("the PNG does not start with its header (IHDR).");
    if (type === "IHDR") {
      if (header || length !== 13) throw new PictureError("the PNG's header (IHDR) is malformed.");
      header = {
        width: view.getUint32(at + 8),
        height: view.getUint32(at + 12),
        depth: bytes[at + 16]!,
        colorType: bytes[at + 17]!,
        interlace: bytes[at + 20]!,
      };
      // Dimensions first: nothing is inflated for a picture that is too large.
      opts.checkSize(header.width, header.height);
      if (!DEPTHS[header.colorType]?.includes(header.depth)) throw new PictureError("the PNG's colour type and bit depth are not a valid pair.");
      if (bytes[at + 18] !== 0 || bytes[at + 19] !== 0 || header.interlace > 1)
        throw new PictureError("the PNG uses an unknown compression, filter or interlace method.");
    }
    if (type === "IDAT") idat.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === "IEND") ended = true;
    if (KEPT.has(type)) kept.push(bytes.subarray(at, end));
    at = end;
  }
  if (!header) throw new PictureError("the PNG has no header (IHDR).");
  if (!idat.length) throw new PictureError("the PNG has no image data (IDAT).");
  if (!ended) {
    if (opts.strict) throw new PictureError("the PNG has no end (IEND): it is cut short.");
    kept.push(Uint8Array.of(0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82));
  }
  await checkInflatesTo(idat, inflatedSize(header));
  return { header, kept };
}

const decodePngPicture = async (bytes: Uint8Array): Promise<Pixels> =>
  decodePng(await readPng(bytes, { noun: "picture", strict: false, checkSize: checkDimensions }));

/** Decodes a walked PNG (only its kept chunks) to 8-bit pixels. */
async function decodePng({ header, kept }: PngChunks): Promise<Pixels> {
  const { decode, convertIndexedToRgb } = await import("fast-png");
  let img: ReturnType<typeof decode>;
  try {
    img = decode(concatBytes(kept));
  } catch (err) {
    throw new PictureError(`the PNG could not be decoded (${String((err as Error)?.message ?? err).slice(0, 120)}).`);
  }
  return toEightBit(img, header.colorType, convertIndexedToRgb);
}

/**
 * Inflates the image data with a bound: it must be a complete zlib stream of exactly `expected`
 * bytes. Stops reading as soon as it passes the bound, so a zlib bomb costs at most `expected`.
 */
async function checkInflatesTo(parts: Uint8Array[], expected: number): Promise<void> {
  const out = await inflateBounded(parts, expected);
  if (out.over) throw new PictureError("the PNG's image data is larger than its header says.");
  if (!out.complete) throw new PictureError("the PNG's image data is not a valid zlib stream, so it cannot be decoded.");
  if (out.size !== expected) throw new PictureError("the PNG's image data is shorter than its header says.");
}

type DecodedPng = { width: number; height: number; depth: number; channels: number; data: ArrayLike<number>; palette?: unknown };

function toEightBit(img: DecodedPng, colorType: number, convertIndexedToRgb: (d: never) => Uint8Array): Pixels {
  const { width, height } = img;
  if (colorType === 3) {
    let rgb: Uint8Array;
    try {
      rgb = convertIndexedToRgb(img as never);
    } catch (err) {
      throw new PictureError(`the PNG's palette does not fit its pixels (${String((err as Error)?.message ?? err).slice(0, 120)}).`);
    }
    const channels = rgb.length === width * height * 4 ? 4 : 3;
    if (rgb.length !== width * height * channels) throw new PictureError("the PNG's palette does not fit its pixels.");
    return { width, height, channels, data: rgb };
  }
  const channels = img.channels as 1 | 2 | 3 | 4;
  const count = width * height * channels;
  const out = new Uint8Array(count);
  if (img.depth === 16) {
    for (let i = 0; i < count; i++) out[i] = (img.data[i]! >> 8) & 0xff;
  } else if (img.depth === 8) {
    if (img.data.length < count) throw new PictureError("the PNG decodes to fewer pixels than its header says.");
    for (let i = 0; i < count; i++) out[i] = img.data[i]!;
  } else {
    // Greyscale of 1, 2 or 4 bits, packed per row: spread to 0-255.
    const depth = img.depth;
    const perRow = Math.ceil((width * depth) / 8);
    const max = (1 << depth) - 1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = x * depth;
        const byte = img.data[y * perRow + (bit >> 3)]!;
        const v = (byte >> (8 - depth - (bit & 7))) & max;
        out[y * width + x] = Math.round((v * 255) / max);
      }
    }
  }
  return { width, height, channels, data: out };
}

// ---- JPEG ------------------------------------------------------------------------------------

/** Width and height from the first start-of-frame marker, read without decoding. */
function jpegDimensions(bytes: Uint8Array): { width: number; height: number } {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new PictureError("the picture is not a JPEG (its start marker is missing).");
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new PictureError("the JPEG's markers are malformed.");
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) throw new PictureError("the JPEG's markers are malformed.");
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (at + 9 > bytes.length) break;
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! };
    }
    at += 2 + length;
  }
  throw new PictureError("the JPEG has no frame header, so its size is unknown.");
}

async function decodeJpegPicture(bytes: Uint8Array, checkSize: (w: number, h: number) => void = checkDimensions, maxMP = 2): Promise<Pixels> {
  const { width, height } = jpegDimensions(bytes);
  checkSize(width, height);
  const jpeg = await import("jpeg-js");
  const decode = (jpeg.decode ?? (jpeg as unknown as { default: typeof jpeg }).default.decode) as typeof jpeg.decode;
  let img: ReturnType<typeof decode>;
  try {
    img = decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      tolerantDecoding: false,
      maxResolutionInMP: maxMP,
      maxMemoryUsageInMB: Math.max(48, maxMP * 4),
    });
  } catch (err) {
    throw new PictureError(`the JPEG could not be decoded (${String((err as Error)?.message ?? err).slice(0, 120)}).`);
  }
  if (img.width !== width || img.height !== height || img.data.length !== width * height * 3) {
    throw new PictureError("the JPEG decodes to a different size than its header says.");
  }
  return { width, height, channels: 3, data: img.data };
}

// ---- bytes -----------------------------------------------------------------------------------

function base64Bytes(b64: string): Uint8Array {
  try {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    throw new PictureError("the picture's base64 is malformed.");
  }
}

const kb = (n: number) => `${Math.ceil(n / 1024)} KB (${n} bytes)`;

// ---- brand pictures (logos and the opening image) ---------------------------------------------

/** Limits of the pictures an account stores for its brand (bytes as uploaded, pixels from the header). */
export const BRAND_PICTURE_LIMITS = {
  logo: { type: "image/png", maxBytes: 512 * 1024, maxSide: 2048 },
  opening: { type: "image/jpeg", maxBytes: 2 * 1024 * 1024, maxSide: 6000 },
} as const;

export type BrandPictureKind = keyof typeof BRAND_PICTURE_LIMITS;

/**
 * Checks that an uploaded brand picture is what it claims, by its bytes, without decoding more
 * than it must. Throws `PictureError` naming the limit or the fault.
 *
 * - PNG (logos): the signature, every chunk whole with a correct CRC-32, the header first and
 *   valid, image data present, `IEND` last, and the image data a complete zlib stream of exactly
 *   the size the header implies (inflated with a bound, so a zlib bomb costs nothing).
 * - JPEG (opening image): the start marker, well-formed segments up to a frame header and a
 *   start of scan, and the end marker as the last two bytes. It is served as stored, never
 *   decoded by the service, so a structural check is what matters.
 */
export async function checkBrandPicture(kind: BrandPictureKind, bytes: Uint8Array): Promise<{ width: number; height: number }> {
  if (kind === "logo") {
    const { header } = await readBrandLogo(bytes);
    return { width: header.width, height: header.height };
  }
  checkFileSize(kind, bytes);
  const size = checkJpegFile(bytes);
  sidesAtMost(BRAND_PICTURE_LIMITS[kind].maxSide)(size.width, size.height);
  return size;
}

function checkFileSize(kind: BrandPictureKind, bytes: Uint8Array): void {
  const { maxBytes } = BRAND_PICTURE_LIMITS[kind];
  if (bytes.length === 0) throw new PictureError("the file is empty.");
  if (bytes.length > maxBytes) throw new PictureError(`the file is ${kb(bytes.length)}; it may be at most ${kb(maxBytes)}.`);
}

/** The size check of a brand picture: at least one pixel, at most `maxSide` pixels a side. */
const sidesAtMost = (maxSide: number) => (width: number, height: number) => {
  if (width < 1 || height < 1 || width > 0x7fffffff || height > 0x7fffffff) throw new PictureError("the picture has no pixels.");
  if (width > maxSide || height > maxSide) throw new PictureError(`the picture is ${width} × ${height} pixels; each side may be at most ${maxSide} pixels.`);
};

/** A logo's bytes checked strictly (see `checkBrandPicture`), walked once for checking and decoding. */
async function readBrandLogo(bytes: Uint8Array): Promise<PngChunks> {
  checkFileSize("logo", bytes);
  return readPng(bytes, { noun: "file", strict: true, checkSize: sidesAtMost(BRAND_PICTURE_LIMITS.logo.maxSide) });
}

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function checkJpegFile(bytes: Uint8Array): { width: number; height: number } {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff)
    throw new PictureError("the file is not a JPEG (its start marker is missing).");
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) throw new PictureError("the JPEG has no end marker: it is cut short.");
  let size: { width: number; height: number } | null = null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new PictureError("the JPEG's markers are malformed.");
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7))
      throw new PictureError("the JPEG's markers are malformed.");
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2 || at + 2 + length > bytes.length) throw new PictureError("the JPEG is cut short.");
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8 || size) throw new PictureError("the JPEG's frame header is malformed.");
      size = { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! };
    }
    if (marker === 0xda) {
      if (!size) throw new PictureError("the JPEG has no frame header before its image data.");
      if (at + 2 + length >= bytes.length - 2) throw new PictureError("the JPEG has no image data.");
      return size;
    }
    at += 2 + length;
  }
  throw new PictureError(size ? "the JPEG has no image data (no start of scan)." : "the JPEG has no frame header, so its size is unknown.");
}

/**
 * A stored logo for a PDF page: checked again, decoded, scaled down to fit `maxWidth` ×
 * `maxHeight` pixels and written out by the service as an 8-bit PNG (pdf-lib only ever embeds
 * pictures the service wrote).
 */
export async function logoForPdf(bytes: Uint8Array, maxWidth: number, maxHeight: number): Promise<SignaturePicture> {
  return encodePicture(fitWithin(await decodePng(await readBrandLogo(bytes)), maxWidth, maxHeight));
}

/**
 * A picture a signer uploaded to an image or stamp field (checked at upload: src/domain/signer-files.ts),
 * decoded again, scaled down to fit `maxWidth` × `maxHeight` and written out by the service as a PNG
 * for its box on the page.
 */
export async function uploadedPictureForPdf(
  type: "image/png" | "image/jpeg",
  bytes: Uint8Array,
  maxSide: number,
  maxWidth: number,
  maxHeight: number,
): Promise<SignaturePicture> {
  const pixels =
    type === "image/png"
      ? await decodePng(await readPng(bytes, { noun: "picture", strict: true, checkSize: sidesAtMost(maxSide) }))
      : await decodeJpegPicture(bytes, sidesAtMost(maxSide), Math.ceil((maxSide * maxSide) / 1e6));
  return encodePicture(fitWithin(pixels, maxWidth, maxHeight));
}

/**
 * A PDF template's page picture (drawn by the uploader's browser): checked like a brand picture
 * (PNG strictly, its image data inflated with a bound; JPEG structurally) and its pixel size read
 * from the bytes. Throws `PictureError` naming the fault.
 */
export async function checkPagePicture(type: "image/png" | "image/jpeg", bytes: Uint8Array, maxSide: number): Promise<{ width: number; height: number }> {
  if (bytes.length === 0) throw new PictureError("the file is empty.");
  if (type === "image/png") {
    const { header } = await readPng(bytes, { noun: "file", strict: true, checkSize: sidesAtMost(maxSide) });
    return { width: header.width, height: header.height };
  }
  const size = checkJpegFile(bytes);
  sidesAtMost(maxSide)(size.width, size.height);
  return size;
}
