/**
 * The text of a page's content streams, good enough to find text tags in: a content-stream lexer
 * (numbers, names, literal and hex strings, arrays, dictionaries, comments; inline images skipped
 * to their EI), the graphics and text state (q/Q, cm, BT/ET, Tf, Tm, Td, TD, T*, TL, Tc, Tw, Tz,
 * Ts, Tj, TJ, ', "), form XObjects through Do (their /Matrix and /Resources, depth ≤ 8, each once
 * per page), and fonts decoded to Unicode (src/lib/pdf/content-fonts.ts). Every character gets its
 * own box in the page's user space; characters are joined into lines by reading order (same
 * baseline within tolerance, small gaps), so a tag split over operators, kerning or fonts reads
 * whole. Streams are inflated with one running budget for the whole file (`TextBudget`): past
 * `INFLATE_LIMIT` the file is refused. Bounded (operators per page, recursion); a broken stream
 * never throws: the page reads as what was read.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFObject, type PDFPage, PDFRawStream } from "pdf-lib";
import type { FontDecoder } from "./content-fonts";
import type { TextBudget } from "./content-streams";
import type { Matrix } from "./stamp-layout";

export { TextBudget } from "./content-streams";

/** At most this many operators are run per page (form XObjects included). */
export const MAX_OPERATORS = 2_000_000;
const MAX_DEPTH = 8;
/** At most this many operands in one list, and bytes kept of one string. */
const MAX_OPERANDS = 65536;
const MAX_STRING = 65536;

/** One character of a line: its text and its box in user space. */
export type CharBox = { text: string; x0: number; y0: number; x1: number; y1: number };
/** A line of text in reading order; `chars[i]` is null for a space the joining put in. */
export type TextLine = { text: string; chars: (CharBox | null)[]; size: number };

// ---- the lexer -------------------------------------------------------------------------------

type Name = { name: string };
type Str = { str: Uint8Array };
type Operand = number | Name | Str | Operand[] | null | boolean | { dict: true };

const WS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIM[c.charCodeAt(0)] = 1;

/** The operators of a content stream in turn, each with its operands (read lazily, as asked for). */
export function* lexContent(bytes: Uint8Array): Generator<[string, Operand[]]> {
  let i = 0;
  const n = bytes.length;
  const stack: Operand[][] = [[]];
  const skipWs = () => {
    while (i < n) {
      const c = bytes[i]!;
      if (WS[c]) i++;
      else if (c === 0x25) while (i < n && bytes[i] !== 10 && bytes[i] !== 13) i++;
      else break;
    }
  };
  const regular = () => {
    const start = i;
    while (i < n && !WS[bytes[i]!] && !DELIM[bytes[i]!]) i++;
    return String.fromCharCode(...bytes.subarray(start, Math.min(i, start + 256)));
  };
  const literal = (): Str => {
    const out: number[] = [];
    let depth = 1;
    i++;
    while (i < n) {
      const c = bytes[i++]!;
      if (c === 0x5c) {
        const e = bytes[i++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12, 40: 40, 41: 41, 92: 92 };
        if (out.length >= MAX_STRING) continue;
        if (simple[e] !== undefined) out.push(simple[e]!);
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let k = 0; k < 2 && bytes[i]! >= 0x30 && bytes[i]! <= 0x37; k++) v = v * 8 + bytes[i++]! - 0x30;
          out.push(v & 0xff);
        } else if (e === 13) {
          if (bytes[i] === 10) i++;
        } else if (e !== 10) out.push(e);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) break;
        out.push(c);
      } else if (out.length < MAX_STRING) out.push(c);
    }
    return { str: Uint8Array.from(out) };
  };
  const hex = (): Str => {
    i++;
    const out: number[] = [];
    let hi = -1;
    while (i < n && bytes[i] !== 0x3e) {
      const c = bytes[i++]!;
      const v = c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1;
      if (v < 0) continue;
      if (hi < 0) hi = v;
      else {
        if (out.length < MAX_STRING) out.push(hi * 16 + v);
        hi = -1;
      }
    }
    if (hi >= 0) out.push(hi * 16);
    i++;
    return { str: Uint8Array.from(out) };
  };
  /** Skips an inline image's data: to an EI between white space (or the end). */
  const inlineImage = () => {
    while (i < n) {
      skipWs();
      if (bytes[i] === 0x49 && bytes[i + 1] === 0x44 && (i + 2 >= n || WS[bytes[i + 2]!])) break;
      if (i >= n) return;
      const before = i;
      token();
      if (i === before) i++;
    }
    i += 3;
    while (i < n) {
      if (bytes[i] === 0x45 && bytes[i + 1] === 0x49 && WS[bytes[i - 1]!] && (i + 2 >= n || WS[bytes[i + 2]!] || DELIM[bytes[i + 2]!])) {
        i += 2;
        return;
      }
      i++;
    }
  };
  const top = () => stack[stack.length - 1]!;
  /** Operands beyond `MAX_OPERANDS` in one list are dropped (a malformed stream costs no more memory). */
  const put = (v: Operand) => {
    const t = top();
    if (t.length < MAX_OPERANDS) t.push(v);
  };
  /** One token onto the current operand list; answers an operator's name, else null. */
  const token = (): string | null => {
    const c = bytes[i]!;
    if (c === 0x28) put(literal());
    else if (c === 0x3c && bytes[i + 1] === 0x3c) {
      i += 2;
      if (stack.length < 64) stack.push([]);
    } else if (c === 0x3e && bytes[i + 1] === 0x3e) {
      i += 2;
      if (stack.length > 1) stack.pop();
      put({ dict: true });
    } else if (c === 0x3c) put(hex());
    else if (c === 0x5b) {
      i++;
      if (stack.length < 64) stack.push([]);
    } else if (c === 0x5d) {
      i++;
      if (stack.length > 1) {
        const arr = stack.pop()!;
        put(arr);
      }
    } else if (c === 0x2f) {
      i++;
      put({ name: decodeName(regular()) });
    } else if (DELIM[c]) i++;
    else {
      const word = regular();
      const v = Number(word);
      if (word !== "" && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(v)) put(v);
      else if (word === "true" || word === "false") put(word === "true");
      else if (word === "null") put(null);
      else return word;
    }
    return null;
  };
  while (i < n) {
    skipWs();
    if (i >= n) break;
    const before = i;
    const word = token();
    if (i === before) i++;
    if (word === null) continue;
    if (stack.length > 1) continue; // an operator inside an array or dictionary: malformed, ignored
    if (word === "BI") {
      inlineImage();
      stack[0] = [];
      continue;
    }
    const operands = stack[0]!;
    stack[0] = [];
    yield [word, operands];
  }
}

const decodeName = (s: string) => s.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

// ---- the interpreter -------------------------------------------------------------------------

const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

type Gs = { ctm: Matrix; font: FontDecoder | null; size: number; tc: number; tw: number; th: number; tl: number; rise: number };

/** A character placed on the page, with what the joining needs. */
type Placed = CharBox & { ox: number; oy: number; dx: number; dy: number; size: number; seq: number; adv: number };

const asNum = (o: Operand | undefined) => (typeof o === "number" ? o : 0);
const asMatrix = (ops: Operand[]): Matrix | null => (ops.length >= 6 && ops.slice(-6).every((v) => typeof v === "number") ? (ops.slice(-6) as Matrix) : null);

type Ctx = { budget: TextBudget; out: Placed[]; ops: number; seen: Set<PDFObject> };

async function run(ctx: Ctx, bytes: Uint8Array, resources: PDFDict | undefined, start: Gs, depth: number): Promise<void> {
  const stack: Gs[] = [];
  let gs: Gs = { ...start };
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  const dictOf = (key: string, name: Operand | undefined) => {
    const sub = resources?.lookup(PDFName.of(key));
    return sub instanceof PDFDict && name && typeof name === "object" && "name" in name ? sub.get(PDFName.of(name.name)) : undefined;
  };
  /**
   * Shows a string: every character boxed in user space. The text matrix only moves along the
   * baseline within a string, so its mapping to user space is taken once per string.
   */
  const show = (s: Str) => {
    if (!gs.font) return;
    const glyphs = gs.font.decode(s.str);
    const bytesPer = glyphs.length ? s.str.length / glyphs.length : 1;
    const [a, b, c, d, e, f] = mul(tm, gs.ctm);
    // One em along the baseline and one em up, in user space.
    const ex = a * gs.size * gs.th;
    const ey = b * gs.size * gs.th;
    const ux = c * gs.size;
    const uy = d * gs.size;
    const len = Math.hypot(ex, ey) || 1;
    const size = Math.hypot(ux, uy);
    let off = 0;
    for (const g of glyphs) {
      const adv = g.width / 1000;
      if (g.text) {
        const ox = a * off + c * gs.rise + e;
        const oy = b * off + d * gs.rise + f;
        const px = adv * ex;
        const py = adv * ey;
        const lx = ox - 0.2 * ux;
        const ly = oy - 0.2 * uy;
        const hx = ox + 0.8 * ux;
        const hy = oy + 0.8 * uy;
        ctx.out.push({
          text: g.text,
          x0: Math.min(lx, lx + px, hx, hx + px),
          y0: Math.min(ly, ly + py, hy, hy + py),
          x1: Math.max(lx, lx + px, hx, hx + px),
          y1: Math.max(ly, ly + py, hy, hy + py),
          ox,
          oy,
          dx: ex / len,
          dy: ey / len,
          size,
          seq: ctx.out.length,
          adv: adv * len,
        });
      }
      off += (adv * gs.size + gs.tc + (g.space && bytesPer === 1 ? gs.tw : 0)) * gs.th;
    }
    tm = mul([1, 0, 0, 1, off, 0], tm);
  };
  const nextLine = (tx: number, ty: number) => {
    tlm = mul([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  for (const [name, o] of lexContent(bytes)) {
    if (++ctx.ops > MAX_OPERATORS) break;
    switch (name) {
      case "q":
        if (stack.length < 256) stack.push({ ...gs });
        break;
      case "Q":
        gs = stack.pop() ?? gs;
        break;
      case "cm": {
        const m = asMatrix(o);
        if (m) gs.ctm = mul(m, gs.ctm);
        break;
      }
      case "BT":
        tm = IDENTITY;
        tlm = IDENTITY;
        break;
      case "Tf":
        gs.size = asNum(o[1]);
        gs.font = await ctx.budget.font(resources?.context.lookup(dictOf("Font", o[0])));
        break;
      case "Tm": {
        const m = asMatrix(o);
        if (m) tm = tlm = m;
        break;
      }
      case "Td":
        nextLine(asNum(o[0]), asNum(o[1]));
        break;
      case "TD":
        gs.tl = -asNum(o[1]);
        nextLine(asNum(o[0]), asNum(o[1]));
        break;
      case "T*":
        nextLine(0, -gs.tl);
        break;
      case "TL":
        gs.tl = asNum(o[0]);
        break;
      case "Tc":
        gs.tc = asNum(o[0]);
        break;
      case "Tw":
        gs.tw = asNum(o[0]);
        break;
      case "Tz":
        gs.th = asNum(o[0]) / 100;
        break;
      case "Ts":
        gs.rise = asNum(o[0]);
        break;
      case "Tj":
        if (o[0] && typeof o[0] === "object" && "str" in o[0]) show(o[0]);
        break;
      case "'":
        nextLine(0, -gs.tl);
        if (o[0] && typeof o[0] === "object" && "str" in o[0]) show(o[0]);
        break;
      case '"':
        gs.tw = asNum(o[0]);
        gs.tc = asNum(o[1]);
        nextLine(0, -gs.tl);
        if (o[2] && typeof o[2] === "object" && "str" in o[2]) show(o[2]);
        break;
      case "TJ":
        if (Array.isArray(o[0]))
          for (const item of o[0]) {
            if (typeof item === "number") tm = mul([1, 0, 0, 1, (-item / 1000) * gs.size * gs.th, 0], tm);
            else if (item && typeof item === "object" && "str" in item) show(item);
          }
        break;
      case "Do": {
        const ref = dictOf("XObject", o[0]);
        if (depth >= MAX_DEPTH || !ref || ctx.seen.has(ref)) break;
        ctx.seen.add(ref);
        const xo = resources?.context.lookup(ref);
        if (!(xo instanceof PDFRawStream) || xo.dict.lookup(PDFName.of("Subtype")) !== PDFName.of("Form")) break;
        const content = await ctx.budget.bytesOf(xo);
        if (!content) break;
        const mArr = xo.dict.lookup(PDFName.of("Matrix"));
        const m = mArr instanceof PDFArray && mArr.size() === 6 ? (mArr.asArray().map((v) => num(resources!.context.lookup(v))) as Matrix) : IDENTITY;
        const res = xo.dict.lookup(PDFName.of("Resources"));
        await run(ctx, content, res instanceof PDFDict ? res : resources, { ...gs, ctm: mul(m, gs.ctm) }, depth + 1);
        break;
      }
    }
  }
}

const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : 0);

/** A page's content streams' bytes, joined with a line break between them. */
async function pageContent(page: PDFPage, budget: TextBudget): Promise<Uint8Array> {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  const parts: Uint8Array[] = [];
  for (const s of streams) {
    if (!(s instanceof PDFRawStream)) continue;
    const bytes = await budget.bytesOf(s);
    if (bytes) parts.push(bytes, new Uint8Array([10]));
  }
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * The characters of a page in user space (no joining). Throws only `PdfRefusal` (too large once
 * decompressed); a broken stream reads as what was read before it broke.
 */
async function pageChars(page: PDFPage, budget: TextBudget): Promise<Placed[]> {
  const ctx: Ctx = { budget, out: [], ops: 0, seen: new Set() };
  try {
    const bytes = await pageContent(page, budget);
    const start: Gs = { ctm: IDENTITY, font: null, size: 0, tc: 0, tw: 0, th: 1, tl: 0, rise: 0 };
    await run(ctx, bytes, page.node.Resources(), start, 0);
  } catch (err) {
    if ((err as { problem?: string })?.problem === "too_large_decompressed") throw err;
  }
  return ctx.out;
}

/**
 * A page's text as lines in reading order: characters running the same way, on the same baseline
 * (within a third of their size), in order along it; a gap wider than a quarter of the size reads
 * as a space, wider than three sizes starts a new line.
 */
export async function readPageText(page: PDFPage, budget: TextBudget): Promise<TextLine[]> {
  const chars = await pageChars(page, budget);
  const groups = new Map<string, Placed[]>();
  for (const c of chars) {
    const key = `${Math.round(c.dx * 50)},${Math.round(c.dy * 50)}`;
    let g = groups.get(key);
    if (!g) {
      g = [];
      groups.set(key, g);
    }
    g.push(c);
  }
  const lines: TextLine[] = [];
  for (const group of groups.values()) {
    const { dx, dy } = group[0]!;
    const along = (c: Placed) => c.ox * dx + c.oy * dy;
    const across = (c: Placed) => c.oy * dx - c.ox * dy; // larger is higher up the line's "up"
    group.sort((a, b) => across(b) - across(a) || along(a) - along(b));
    const rows: Placed[][] = [];
    for (const c of group) {
      const row = rows[rows.length - 1];
      if (row && Math.abs(across(row[0]!) - across(c)) <= Math.max(row[0]!.size, c.size) / 3) row.push(c);
      else rows.push([c]);
    }
    for (const row of rows) {
      row.sort((a, b) => along(a) - along(b) || a.seq - b.seq);
      let line: TextLine | null = null;
      let end = 0;
      for (const c of row) {
        const width = c.adv;
        const start = along(c);
        const gap = line ? start - end : 0;
        if (!line || gap > 3 * c.size || gap < -c.size) {
          line = { text: "", chars: [], size: c.size };
          lines.push(line);
        } else if (gap > c.size / 4) {
          line.text += " ";
          line.chars.push(null);
        }
        const box: CharBox = { text: c.text, x0: c.x0, y0: c.y0, x1: c.x1, y1: c.y1 };
        for (let k = 0; k < c.text.length; k++) line.chars.push(box);
        line.text += c.text;
        line.size = Math.max(line.size, c.size);
        end = Math.max(end, start + width);
      }
    }
  }
  return lines;
}
