/**
 * The one bounded inflate: every zlib stream the service inflates (a PNG's image data, a PDF's
 * FlateDecode streams) goes through here. The runtime's own zlib (DecompressionStream) is fed in
 * small slices and its output read chunk by chunk; reading stops as soon as the output passes
 * `limit`, so a zlib bomb costs at most `limit` plus one slice's worth of output (a slice of 16 KB
 * inflates to at most about 16 MB), never what it would inflate to.
 */
import { concatBytes } from "./bytes";

/** Input is handed to zlib this many bytes at a time (deflate expands 1032:1 at most). */
const SLICE = 16 * 1024;

export type Inflated = {
  /** Bytes of output read (past `limit` by less than one chunk when `over`). */
  size: number;
  /** The output passed `limit`: reading stopped there. */
  over: boolean;
  /** The zlib stream ended cleanly (false: it was cut short, not zlib, or had bytes after its end). */
  complete: boolean;
  /** The output when `keep` was asked and it did not pass `limit` (what was read before an error, if any). */
  bytes: Uint8Array | null;
};

/**
 * Inflates a zlib stream given in one or more parts, reading at most `limit` bytes of output.
 * `keep` keeps the output; when it is known to be exactly `limit` bytes (a PNG's image data, a
 * stream counted before) it is written straight into one buffer of that size.
 */
export async function inflateBounded(input: Uint8Array | Uint8Array[], limit: number, keep: boolean | "exact" = false): Promise<Inflated> {
  const parts = Array.isArray(input) ? input : [input];
  const ds = new DecompressionStream("deflate");
  const writer = ds.writable.getWriter();
  const reader = ds.readable.getReader();
  const feed = (async () => {
    for (const part of parts) {
      for (let at = 0; at < part.length; at += SLICE) {
        await writer.ready;
        await writer.write(part.subarray(at, at + SLICE));
      }
    }
    await writer.close();
  })();
  feed.catch(() => {}); // a failure shows on the reading side
  const chunks: Uint8Array[] = [];
  const exact = keep === "exact" ? new Uint8Array(limit) : null;
  let size = 0;
  let complete = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        await writer.abort().catch(() => {});
        return { size, over: true, complete: false, bytes: null };
      }
      if (exact) exact.set(value, size - value.byteLength);
      else if (keep) chunks.push(value);
    }
  } catch {
    complete = false;
    await writer.abort().catch(() => {});
  }
  if (!keep) return { size, over: false, complete, bytes: null };
  if (exact) return { size, over: false, complete, bytes: size === limit ? exact : exact.subarray(0, size) };
  return { size, over: false, complete, bytes: concatBytes(chunks) };
}
