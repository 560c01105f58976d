/**
 * Just enough PDF reading for the offline verifier and the seal's long-term-validation steps:
 * the signature dictionaries (/ByteRange and /Contents), objects by number (the last definition
 * wins, as incremental updates want), streams (FlateDecode through DecompressionStream), the
 * attached files and the text drawn with a ToUnicode-mapped font. Plain Web APIs only: it runs
 * in workerd, in Node and in a browser.
 */

import { concatBytes } from "../bytes";

const latin1 = new TextDecoder("latin1");
/** A PDF hex string's bytes: white space and anything not hex between the digits is skipped. */
export function pdfHexBytes(s: string): Uint8Array {
  const clean = s.replace(/[^0-9a-fA-F]/g, "");
  const out = new Uint8Array(clean.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export type PdfSignature = {
  /** Object number of the signature dictionary. */
  object: number;
  subFilter: string;
  type: string | null;
  byteRange: [number, number, number, number];
  /** The /Contents string's bytes as stored (padding included): what the VRI key hashes. */
  contents: Uint8Array;
  /** The DER CMS without the padding. */
  cms: Uint8Array;
  /** The bytes the byte range covers. */
  signed: Uint8Array;
  /** True when the range covers the file from its first to its last byte, but the hole. */
  coversWholeFile: boolean;
  /** Byte length of the file revision this signature closes (a + b + c + d ends there). */
  revisionEnd: number;
};

/** Length of a DER TLV starting at 0 (cuts the /Contents padding). */
function derLength(b: Uint8Array): number {
  if (b.length < 2) return b.length;
  const l = b[1]!;
  if (!(l & 0x80)) return 2 + l;
  const n = l & 0x7f;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + b[2 + i]!;
  return Math.min(b.length, 2 + n + len);
}

/** Every signature dictionary of the file (document signatures and document timestamps), in file order. */
export function findSignatures(pdf: Uint8Array): PdfSignature[] {
  const text = latin1.decode(pdf);
  const out: PdfSignature[] = [];
  const re = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  for (const m of text.matchAll(re)) {
    const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
    if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length || text[b] !== "<" || text[c - 1] !== ">") continue;
    const objStart = text.lastIndexOf(" obj", m.index);
    const numMatch = /(\d+)\s+\d+\s+obj[\s\S]*$/.exec(text.slice(Math.max(0, objStart - 20), objStart + 4));
    const dictEnd = Math.max(text.indexOf("endobj", c), c);
    const dict = text.slice(objStart, dictEnd);
    const contents = pdfHexBytes(text.slice(b + 1, c - 1));
    out.push({
      object: numMatch ? Number(numMatch[1]) : -1,
      subFilter: /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dict)?.[1] ?? "",
      type: /\/Type\s*\/([A-Za-z]+)/.exec(dict)?.[1] ?? null,
      byteRange: [a, b, c, d],
      contents,
      cms: contents.subarray(0, derLength(contents)),
      signed: concatBytes([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
      coversWholeFile: c + d === pdf.length,
      revisionEnd: c + d,
    });
  }
  return out;
}

type PdfObj = { dict: string; stream: Uint8Array | null };

/** Objects by number; a later definition (an incremental update) replaces an earlier one. */
export function readObjects(pdf: Uint8Array): Map<number, PdfObj> {
  const text = latin1.decode(pdf);
  const objs = new Map<number, PdfObj>();
  const re = /(?:^|[\r\n\s])(\d+)\s+(\d+)\s+obj\b/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const start = m.index + m[0].length;
    let end = text.indexOf("endobj", start);
    if (end < 0) break;
    const body = text.slice(start, end);
    const sm = /^\s*(<<[\s\S]*?>>)\s*stream\r?\n/.exec(body);
    let dict = body;
    let stream: Uint8Array | null = null;
    if (sm) {
      dict = sm[1]!;
      const from = start + sm[0].length;
      const lenM = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(dict);
      const len = lenM && !lenM[2] ? Number(lenM[1]) : text.indexOf("endstream", from) - from;
      stream = pdf.subarray(from, from + len);
      // Binary stream data may hold "endobj" or "n 0 obj" by chance: resume after the stream.
      end = Math.max(end, text.indexOf("endobj", from + len));
    }
    re.lastIndex = end + 6;
    objs.set(Number(m[1]), { dict, stream });
  }
  return objs;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const ds = new DecompressionStream("deflate");
  const out = new Response(new Blob([bytes.slice().buffer as ArrayBuffer]).stream().pipeThrough(ds));
  return new Uint8Array(await out.arrayBuffer());
}

export async function streamData(obj: PdfObj): Promise<Uint8Array> {
  if (!obj.stream) return new Uint8Array();
  return /\/Filter\s*\/FlateDecode/.test(obj.dict) ? inflate(obj.stream) : obj.stream;
}

/** Attached files (`/Type /Filespec` with an `/EF`), by name. */
export async function attachments(pdf: Uint8Array, objs = readObjects(pdf)): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for (const o of objs.values()) {
    if (!/\/Type\s*\/Filespec/.test(o.dict)) continue;
    const name = /\/UF\s*\(([^)]*)\)/.exec(o.dict)?.[1] ?? /\/F\s*\(([^)]*)\)/.exec(o.dict)?.[1];
    const ef = /\/EF\s*<<\s*\/F\s+(\d+)\s+\d+\s+R/.exec(o.dict);
    const file = ef ? objs.get(Number(ef[1])) : undefined;
    if (name && file) out.set(name, await streamData(file));
  }
  return out;
}

/** ToUnicode maps of the file's fonts: code (hex) → text. */
function parseCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const u = (h: string) => {
    let s = "";
    for (let i = 0; i + 4 <= h.length; i += 4) s += String.fromCharCode(Number.parseInt(h.slice(i, i + 4), 16));
    return s;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(m[1]!.toLowerCase(), u(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g)) {
      const lo = Number.parseInt(m[1]!, 16);
      const hi = Number.parseInt(m[2]!, 16);
      const width = m[1]!.length;
      const dst = m[3]!;
      for (let c = lo; c <= hi && c - lo < 65536; c++) {
        const key = c.toString(16).padStart(width, "0");
        if (dst.startsWith("<")) {
          const base = dst.slice(1, -1);
          const last = Number.parseInt(base.slice(-4), 16) + (c - lo);
          map.set(key, u(base.slice(0, -4) + last.toString(16).padStart(4, "0")));
        } else {
          const items = [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]!);
          if (items[c - lo]) map.set(key, u(items[c - lo]!));
        }
      }
    }
  }
  return map;
}

/**
 * The text drawn on the pages, as one string per page (hex strings decoded through the ToUnicode
 * map of the file's Type0 fonts; literal strings kept as they are). Enough to read what the
 * service prints; not a general text extractor.
 */
export async function pageTexts(pdf: Uint8Array, objs = readObjects(pdf)): Promise<string[]> {
  const maps: Map<string, string>[] = [];
  const unicodeOf = new Map<number, Map<string, string>>();
  for (const [num, o] of objs) {
    const tu = /\/ToUnicode\s+(\d+)\s+\d+\s+R/.exec(o.dict);
    const cm = tu ? objs.get(Number(tu[1])) : undefined;
    if (!cm) continue;
    const map = parseCMap(latin1.decode(await streamData(cm)));
    maps.push(map);
    unicodeOf.set(num, map);
  }
  // A page's fonts by resource name: a file made of several documents' pages (an envelope's) holds
  // several subsets of one font, whose codes overlap, so each run is read with its own font's map.
  const fontsOf = (pageDict: string) => {
    const ref = /\/Resources\s+(\d+)\s+\d+\s+R/.exec(pageDict);
    const res = ref ? (objs.get(Number(ref[1]))?.dict ?? "") : pageDict;
    const fontRef = /\/Font\s+(\d+)\s+\d+\s+R/.exec(res);
    const fonts = fontRef ? (objs.get(Number(fontRef[1]))?.dict ?? "") : (/\/Font\s*<<([^>]*)>>/.exec(res)?.[1] ?? "");
    const out = new Map<string, Map<string, string>>();
    for (const m of fonts.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g)) {
      const map = unicodeOf.get(Number(m[2]));
      if (map) out.set(m[1]!, map);
    }
    return out;
  };
  let current: Map<string, string> | undefined;
  const decodeHex = (h: string) => {
    for (const map of current ? [current] : maps) {
      let s = "";
      let ok = true;
      for (let i = 0; i < h.length; i += 4) {
        const ch = map.get(h.slice(i, i + 4).toLowerCase());
        if (ch === undefined) {
          ok = false;
          break;
        }
        s += ch;
      }
      if (ok) return s;
    }
    return "";
  };
  const pages: string[] = [];
  for (const o of objs.values()) {
    if (!/\/Type\s*\/Page\b/.test(o.dict)) continue;
    const refs = /\/Contents\s+(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(o.dict)?.[1] ?? "";
    const fonts = fontsOf(o.dict);
    current = undefined;
    let text = "";
    for (const r of refs.matchAll(/(\d+)\s+\d+\s+R/g)) {
      const c = objs.get(Number(r[1]));
      if (!c) continue;
      const ops = latin1.decode(await streamData(c));
      for (const m of ops.matchAll(/<([0-9a-fA-F\s]*)>\s*Tj|\[([^\]]*)\]\s*TJ|\(((?:\\.|[^\\)])*)\)\s*Tj|(ET)|\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf/g)) {
        if (m[5] !== undefined) current = fonts.get(m[5]);
        else if (m[1] !== undefined) text += decodeHex(m[1].replace(/\s/g, ""));
        else if (m[2] !== undefined) for (const h of m[2].matchAll(/<([0-9a-fA-F]*)>/g)) text += decodeHex(h[1]!);
        else if (m[3] !== undefined) text += m[3];
        else text += "\n";
      }
    }
    pages.push(text);
  }
  return pages;
}
