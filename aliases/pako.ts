/**
 * `pako` as the Worker is built (wrangler.toml [alias]). pdf-lib and its PNG encoder use one thing
 * of it, `deflate(bytes, { level })`, to compress a PDF's streams; here that is the runtime's own
 * zlib (`node:zlib`, the `nodejs_compat` flag), native code instead of pako's 46 KB of JavaScript
 * (14 KiB of the Worker's gzip). Same zlib format and levels (default 6). Anything else of pako's
 * fails at once, saying why.
 */
import { deflateSync } from "node:zlib";

const deflate = (data: Uint8Array, options?: { level?: number }): Uint8Array => {
  const out = deflateSync(data, { level: options?.level ?? 6 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
};

const leftOut = (name: string) => () => {
  throw new Error(`pako.${name} is not part of the Worker (wrangler.toml [alias], aliases/pako.ts)`);
};

export default {
  deflate,
  inflate: leftOut("inflate"),
  inflateRaw: leftOut("inflateRaw"),
  deflateRaw: leftOut("deflateRaw"),
  gzip: leftOut("gzip"),
  ungzip: leftOut("ungzip"),
};
