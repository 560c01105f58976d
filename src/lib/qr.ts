/**
 * QR codes for verification addresses (certificate pages) and public form addresses: the matrix
 * from `uqr`, rendered as SVG, as a 1-bit PNG (`fast-png`, loaded when one is made), or as dark
 * runs that a PDF page draws as rectangles (vector, so any scanner or rasteriser reads it at any
 * zoom).
 */
import { encode, renderSVG } from "uqr";

/** Quiet zone the QR specification asks for, in modules. */
export const QUIET_ZONE = 4;

export type QrMatrix = { size: number; dark: boolean[][] };

/** Medium error correction: survives a crease or a stamp on a printed certificate. */
export function qrMatrix(text: string): QrMatrix {
  const qr = encode(text, { ecc: "M", border: 0 });
  return { size: qr.size, dark: qr.data };
}

export function qrSvg(text: string): string {
  return renderSVG(text, { ecc: "M", border: QUIET_ZONE, pixelSize: 8 });
}

/** A square 1-bit greyscale PNG of `px` pixels a side (the quiet zone included). */
export async function qrPng(text: string, px = 1024): Promise<Uint8Array> {
  const { size, dark } = qrMatrix(text);
  const modules = size + 2 * QUIET_ZONE;
  const scale = Math.floor(px / modules);
  if (scale < 1) throw new Error(`A ${px}-pixel image is too small for this QR code.`);
  const offset = Math.floor((px - scale * size) / 2);
  const rowBytes = Math.ceil(px / 8);
  const data = new Uint8Array(rowBytes * px).fill(0xff); // 1 = white in 1-bit greyscale
  for (let y = 0; y < px; y++) {
    const my = Math.floor((y - offset) / scale);
    if (y < offset || my >= size) continue;
    const row = dark[my]!;
    for (let x = offset; x < offset + scale * size; x++) {
      if (row[Math.floor((x - offset) / scale)]) data[y * rowBytes + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
  }
  const { encode: encodePng } = await import("fast-png");
  return encodePng({ width: px, height: px, data, depth: 1, channels: 1 });
}

/** Horizontal runs of dark modules: [row, firstColumn, length]. Fewer drawing operations than cells. */
export function qrRuns(m: QrMatrix): [number, number, number][] {
  const runs: [number, number, number][] = [];
  m.dark.forEach((row, y) => {
    let start = -1;
    for (let x = 0; x <= m.size; x++) {
      const on = x < m.size && row[x];
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        runs.push([y, start, x - start]);
        start = -1;
      }
    }
  });
  return runs;
}
