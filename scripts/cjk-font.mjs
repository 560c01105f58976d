/**
 * The CJK font for names on sealed PDFs (docs/pages.md "Names in any script"): one TrueType face
 * taken out of a collection, stored in R2 at `fonts/cjk.ttf`, never bundled into the Worker.
 *
 *   node scripts/cjk-font.mjs --local          # into the local R2 of `npm start` (.wrangler/state)
 *   node scripts/cjk-font.mjs --remote         # into the production bucket (operator, once)
 *   node scripts/cjk-font.mjs --out font.ttf   # just write the face
 *   CJK_FONT=/path/font.ttc|.ttf overrides the source (default: Debian's fonts-wqy-zenhei).
 *
 * `npm start` (scripts/dev.mjs) and the tests call `cjkFontBytes()` themselves.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const CJK_FONT_KEY = "fonts/cjk.ttf";
export const DEFAULT_CJK_SOURCE = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc";
const ROOT = path.resolve(import.meta.dirname, "..");

/** Face `index` of a TrueType collection as a standalone font file (a plain .ttf is returned as is). */
export function extractFace(bytes, index = 0) {
  const src = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (src.getUint32(0) !== 0x74746366) return bytes; // not 'ttcf'
  const count = src.getUint32(8);
  if (index >= count) throw new Error(`the collection has ${count} faces`);
  const at = src.getUint32(12 + 4 * index);
  const numTables = src.getUint16(at + 4);
  const records = Array.from({ length: numTables }, (_, i) => {
    const r = at + 12 + 16 * i;
    return { head: bytes.subarray(r, r + 8), offset: src.getUint32(r + 8), length: src.getUint32(r + 12) };
  });
  let size = 12 + 16 * numTables;
  const placed = records.map((r) => {
    const offset = size;
    size += (r.length + 3) & ~3;
    return offset;
  });
  const out = new Uint8Array(size);
  const dst = new DataView(out.buffer);
  out.set(bytes.subarray(at, at + 12), 0);
  records.forEach((r, i) => {
    const rec = 12 + 16 * i;
    out.set(r.head, rec);
    dst.setUint32(rec + 8, placed[i]);
    dst.setUint32(rec + 12, r.length);
    out.set(bytes.subarray(r.offset, r.offset + r.length), placed[i]);
  });
  return out;
}

/** The face to store, or null when the source font is not installed. */
export function cjkFontBytes(source = process.env.CJK_FONT || DEFAULT_CJK_SOURCE) {
  if (!existsSync(source)) return null;
  return extractFace(new Uint8Array(readFileSync(source)), 0);
}

/**
 * Puts the face into the FILES bucket with wrangler (`--local` or `--remote`). `wrangler` is the
 * command that runs wrangler (default: this Node and the installed wrangler), `bucket` the
 * bucket's name (default wrangler.toml's), `config` a wrangler config file (`-c`).
 */
export function uploadCjkFont(
  mode,
  {
    node = process.execPath,
    env = process.env,
    wrangler = [node, path.join(ROOT, "node_modules/wrangler/bin/wrangler.js")],
    bucket = "edge-sign-files",
    config,
    cwd = ROOT,
  } = {},
) {
  const bytes = cjkFontBytes();
  if (!bytes) return { ok: false, reason: `no CJK font at ${process.env.CJK_FONT || DEFAULT_CJK_SOURCE} (apt-get install fonts-wqy-zenhei)` };
  const file = path.join(mkdtempSync(path.join(tmpdir(), "edge-sign-font-")), "cjk.ttf");
  writeFileSync(file, bytes);
  const args = ["r2", "object", "put", `${bucket}/${CJK_FONT_KEY}`, "--file", file, "--content-type", "font/ttf", mode, ...(config ? ["-c", config] : [])];
  const r = spawnSync(wrangler[0], [...wrangler.slice(1), ...args], {
    cwd,
    env,
    encoding: "utf8",
  });
  return r.status === 0 ? { ok: true, bytes: bytes.length } : { ok: false, reason: (r.stderr || r.stdout || "").trim().split("\n").slice(-3).join(" ") };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const out = args.indexOf("--out");
  if (out >= 0) {
    const bytes = cjkFontBytes();
    if (!bytes) throw new Error("no CJK font installed");
    writeFileSync(args[out + 1], bytes);
    console.log(`${args[out + 1]}: ${bytes.length} bytes`);
  } else {
    const mode = args.includes("--remote") ? "--remote" : "--local";
    const r = uploadCjkFont(mode);
    if (!r.ok) {
      console.error(r.reason);
      process.exit(1);
    }
    console.log(`${CJK_FONT_KEY}: ${r.bytes} bytes put ${mode === "--remote" ? "in the production bucket" : "in local R2"}`);
  }
}
