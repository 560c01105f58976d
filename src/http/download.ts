/**
 * The one answer for a file handed over as a download (a sealed PDF, a template's original, a QR
 * code, an example CSV): its type, an attachment with its name, and never sniffed. Private and not
 * stored by default; a face adds what it needs (`cache`, more headers).
 */
import type { Context } from "hono";

export type Download = {
  type: string;
  filename: string;
  /** Cache-Control; default "private, no-store". */
  cache?: string;
  headers?: Record<string, string>;
};

export function download(c: Context, body: Uint8Array | string, d: Download): Response {
  const name = d.filename.replace(/["\\\r\n]/g, "_");
  return c.body(body as Uint8Array<ArrayBuffer> | string, 200, {
    "Content-Type": d.type,
    "Content-Disposition": `attachment; filename="${name}"`,
    "Cache-Control": d.cache ?? "private, no-store",
    "X-Content-Type-Options": "nosniff",
    ...d.headers,
  });
}
