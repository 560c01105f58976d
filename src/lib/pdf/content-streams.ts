/**
 * The streams the text reader (src/lib/pdf/content-text.ts) reads, inflated with one running
 * budget for the whole file: past `INFLATE_LIMIT` in all the file is refused as too large once
 * decompressed (`tooLargeDecompressed`), as the load refuses it. Fonts are decoded once per file.
 */
import { PDFArray, PDFName, type PDFObject, type PDFRawStream } from "pdf-lib";
import { inflateBounded } from "../inflate";
import { type FontDecoder, fontDecoder } from "./content-fonts";
import { INFLATE_LIMIT, tooLargeDecompressed } from "./load";

/** Streams inflated for reading, with one running total across the whole file. */
export class TextBudget {
  used = 0;
  readonly fonts = new Map<PDFObject, Promise<FontDecoder>>();
  constructor(readonly limit = INFLATE_LIMIT) {}

  /** A stream's bytes, filters run (FlateDecode, ASCIIHex, ASCII85); null for a filter not read. */
  async bytesOf(stream: PDFRawStream): Promise<Uint8Array | null> {
    const filter = stream.dict.lookup(PDFName.of("Filter"));
    const names = filter instanceof PDFName ? [filter] : filter instanceof PDFArray ? filter.asArray().map((f) => stream.dict.context.lookup(f)) : [];
    let data: Uint8Array = stream.contents;
    for (const name of names) {
      if (name === PDFName.of("FlateDecode")) {
        const out = await inflateBounded(data, this.limit - this.used, true);
        if (out.over) throw tooLargeDecompressed();
        this.used += out.size;
        if (!out.bytes) return null;
        data = out.bytes;
      } else if (name === PDFName.of("ASCIIHexDecode")) data = asciiHex(data);
      else if (name === PDFName.of("ASCII85Decode")) data = ascii85(data);
      else return null;
    }
    return data;
  }

  font(dict: PDFObject | undefined): Promise<FontDecoder> {
    const key = dict ?? PDFName.of("None");
    let f = this.fonts.get(key);
    if (!f) {
      f = fontDecoder(dict, (s) => this.bytesOf(s));
      this.fonts.set(key, f);
    }
    return f;
  }
}

const latin1 = (bytes: Uint8Array) => {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
};

function asciiHex(data: Uint8Array): Uint8Array {
  const digits = latin1(data)
    .split(">")[0]!
    .replace(/[^0-9A-Fa-f]/g, "");
  const out = new Uint8Array(Math.ceil(digits.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt((digits.slice(i * 2, i * 2 + 2) + "0").slice(0, 2), 16);
  return out;
}

function ascii85(data: Uint8Array): Uint8Array {
  const text = latin1(data).split("~>")[0]!.replace(/^<~/, "").replace(/\s/g, "");
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    let v = 0;
    for (let i = 0; i < 5; i++) v = v * 85 + (group[i] ?? 84);
    for (let i = 0; i < n; i++) out.push((v >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const ch of text) {
    if (ch === "z" && group.length === 0) out.push(0, 0, 0, 0);
    else if (ch >= "!" && ch <= "u") {
      group.push(ch.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Uint8Array.from(out);
}
