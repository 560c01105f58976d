/**
 * The Worker's static assets: wrangler.toml's `[assets]` directory `dist/assets`, copied here from
 * the pinned packages (never edited by hand, never committed):
 *
 * - `redoc/`: Redoc's standalone bundle and its licence (the API reference page, /docs);
 * - `pdfjs/`: pdf.js (`pdfjs-dist`, legacy build: runs in browsers a few years old too), its
 *   worker, licence, character maps, standard fonts and decoders (the dashboard draws each page of
 *   an uploaded PDF template with it);
 * - `agent-docs/`: the repository's docs/*.md, served as Markdown at /docs/<name>.md for agents
 *   (src/routes/agent-docs.ts, listed by /llms.txt);
 * - `pdf-lib/standard-fonts/`: the standard 14 fonts' metrics and their encodings, the data files of
 *   the pinned `@pdf-lib/standard-fonts` as the package ships them, read by the Worker before it
 *   reads text from a PDF (src/lib/pdf/standard-fonts.ts, which the Worker's build puts in that
 *   package's place);
 * - `phone/metadata.max.json`: libphonenumber-js's metadata of every country's numbers, read by the
 *   Worker before it reads a phone number (src/lib/phone-numbers.ts);
 * - `fonts/DejaVuSans-subset.ttf`: the Unicode font every PDF is drawn with (assets/fonts/README.md),
 *   read by the Worker before it draws one (src/lib/pdf/fonts.ts);
 * - `verify/check.js`: the offline verifier's core (the committed verify/verify-core.mjs, made by
 *   scripts/build-browser.mjs), which the /verify page loads from /verify/check.js;
 * - `i18n/<lang>.json`: every language's catalogue but English's, made from src/i18n/<lang>/ (the
 *   TypeScript stays the source, type-checked against English's shape); the Worker reads one the
 *   first time an isolate needs that language (src/i18n/catalogues.ts), so 23 catalogues (about
 *   2.5 MB) are not part of its script.
 *
 * Run before anything reads wrangler.toml: `npm start` (scripts/dev.mjs), the workerd tests
 * (vitest.config.ts), the validators, browser tests and benchmarks (test/validators/harness.mjs),
 * and wrangler itself before `wrangler dev` / `wrangler deploy` (`[build]` in wrangler.toml).
 * Copies only what changed, so repeated runs cost a few file stats.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { spawnSync } from "node:child_process";

const ROOT = path.resolve(import.meta.dirname, "..");
export const ASSETS_DIR = path.join(ROOT, "dist", "assets");
const STANDARD_FONTS = "@pdf-lib/standard-fonts/es";

/** [from (under node_modules), to (under dist/assets)]; a folder is copied whole. */
export const ASSET_SOURCES = [
  ["redoc/bundles/redoc.standalone.js", "redoc/redoc.standalone.js"],
  ["redoc/bundles/redoc.standalone.js.LICENSE.txt", "redoc/redoc.standalone.js.LICENSE.txt"],
  ["pdfjs-dist/legacy/build/pdf.min.mjs", "pdfjs/pdf.min.mjs"],
  ["pdfjs-dist/legacy/build/pdf.worker.min.mjs", "pdfjs/pdf.worker.min.mjs"],
  ["pdfjs-dist/LICENSE", "pdfjs/LICENSE"],
  ["pdfjs-dist/cmaps", "pdfjs/cmaps"],
  ["pdfjs-dist/standard_fonts", "pdfjs/standard_fonts"],
  ["pdfjs-dist/wasm", "pdfjs/wasm"],
  ["libphonenumber-js/metadata.max.json", "phone/metadata.max.json"],
  ...readdirSync(path.join(ROOT, "node_modules", STANDARD_FONTS))
    .filter((f) => f.endsWith(".compressed.json"))
    .map((f) => [`${STANDARD_FONTS}/${f}`, `pdf-lib/standard-fonts/${f}`]),
];

/** [from (under the repository), to (under dist/assets)]: committed files the Worker reads or serves. */
export const REPO_SOURCES = [
  ["assets/fonts/DejaVuSans-subset.ttf", "fonts/DejaVuSans-subset.ttf"],
  ["assets/fonts/LICENSE-DejaVu.txt", "fonts/LICENSE-DejaVu.txt"],
  ["verify/verify-core.mjs", "verify/check.js"],
];

function copyIfChanged(from, to) {
  const src = statSync(from);
  if (src.isDirectory()) {
    for (const name of readdirSync(from)) copyIfChanged(path.join(from, name), path.join(to, name));
    return 0;
  }
  if (existsSync(to)) {
    const dst = statSync(to);
    if (dst.size === src.size && dst.mtimeMs >= src.mtimeMs) return 0;
  }
  mkdirSync(path.dirname(to), { recursive: true });
  // Written beside and renamed: a process reading the folder at the same time never sees half a file.
  const tmp = `${to}.${process.pid}.tmp`;
  copyFileSync(from, tmp);
  renameSync(tmp, to);
  return 1;
}

/** The newest modification time of the files under `dir`. */
function newestUnder(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestUnder(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * Writes i18n/<lang>.json for every language folder but English's whose files (or the maker,
 * scripts/catalogue-json.mjs, run in a process of its own) changed since.
 */
function writeCatalogues(root, out) {
  const i18n = path.join(root, "src", "i18n");
  const maker = path.join(root, "scripts", "catalogue-json.mjs");
  const stale = readdirSync(i18n, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== "en")
    .map((e) => e.name)
    .filter((lang) => {
      const to = path.join(out, "i18n", `${lang}.json`);
      return !existsSync(to) || statSync(to).mtimeMs < Math.max(newestUnder(path.join(i18n, lang)), statSync(maker).mtimeMs);
    });
  if (!stale.length) return;
  const r = spawnSync(process.execPath, [maker, path.join(out, "i18n"), ...stale], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`scripts/assets.mjs: the catalogues could not be made: ${(r.stderr || r.error?.message || "").slice(-800)}`);
}

/** Fills dist/assets; throws naming a missing source (a package before `npm ci`, a file of the repository). */
export function prepareAssets(root = ROOT) {
  const out = path.join(root, "dist", "assets");
  const sources = [
    ...ASSET_SOURCES.map(([from, to]) => [path.join(root, "node_modules", from), to, "run `npm ci` first"]),
    ...REPO_SOURCES.map(([from, to]) => [path.join(root, from), to, "it belongs to the repository"]),
  ];
  for (const [src, to, fix] of sources) {
    if (!existsSync(src)) throw new Error(`scripts/assets.mjs: ${src} is missing; ${fix}.`);
    copyIfChanged(src, path.join(out, to));
  }
  writeCatalogues(root, out);
  // The documentation as Markdown (docs/*.md, top level only: the guides are for people). A copy
  // of the project without docs/ (a test's trimmed copy) serves none: /docs/<name>.md is then 404.
  const docs = path.join(root, "docs");
  for (const name of existsSync(docs) ? readdirSync(docs) : [])
    if (/^[a-z0-9-]+\.md$/.test(name)) copyIfChanged(path.join(docs, name), path.join(out, "agent-docs", name));
  return out;
}

/**
 * The `ASSETS` binding's stand-in for code of the Worker run in plain Node (benchmarks, scripts):
 * `fetch` answers a file of dist/assets by the request's path, 404 for anything else. Fills the
 * folder first.
 */
export function assetsFromDisk(root = ROOT) {
  const out = prepareAssets(root);
  return {
    fetch: async (request) => {
      const file = path.join(out, decodeURIComponent(new URL(request.url ?? request).pathname));
      if (!file.startsWith(out + path.sep) || !existsSync(file) || !statSync(file).isFile()) return new Response("not found", { status: 404 });
      return new Response(readFileSync(file), { status: 200 });
    },
  };
}

/**
 * What `loadPdfFonts` (src/lib/pdf/fonts.ts) takes, for the Worker's PDF code run in plain Node:
 * the static assets from disk and, for the CJK font, `bucket` (none by default).
 */
export function pdfFontsEnv(bucket = { get: async () => null }) {
  return { ASSETS: assetsFromDisk(), FILES: bucket };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log(`static assets ready in ${path.relative(process.cwd(), prepareAssets()) || "."}`);
}
