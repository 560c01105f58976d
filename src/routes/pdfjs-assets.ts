/**
 * pdf.js for the dashboard's PDF templates, served from this origin: the dashboard draws each page
 * of an uploaded PDF in the member's browser with it (docs/dashboard.md, "PDF templates").
 *
 * The pinned `pdfjs-dist` package's legacy build (it runs in browsers a few years old too) is a
 * static asset (wrangler.toml `[assets]`, copied by scripts/assets.mjs: about 1.9 MB of script,
 * kept out of the Worker). Every request reaches the Worker first; it hands out only the library,
 * its worker, the licence and the data pdf.js asks for (character maps, standard fonts, image
 * decoders), at a path naming the version, cached for a year. Nothing is fetched from another
 * origin. Not in /openapi.json: page assets, not API.
 */
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { noRoute } from "../lib/errors";
import { createRouter } from "../http/router";
import { ASSET_CACHE, serveAsset } from "../http/static-asset";
import { PDFJS_BASE, PDFJS_SCRIPT, PDFJS_VERSION, PDFJS_WORKER } from "../pages/assets";

export { PDFJS_BASE, PDFJS_SCRIPT, PDFJS_VERSION, PDFJS_WORKER };

/** The only files handed out, with their types (anything else under the prefix is 404). */
const FILES: [RegExp, string][] = [
  [/^pdf(\.worker)?\.min\.mjs$/, "text/javascript; charset=utf-8"],
  [/^wasm\/[a-z0-9_-]+\.js$/, "text/javascript; charset=utf-8"],
  [/^wasm\/[a-z0-9_-]+\.wasm$/, "application/wasm"],
  [/^cmaps\/[A-Za-z0-9_-]+\.bcmap$/, "application/octet-stream"],
  [/^standard_fonts\/[A-Za-z0-9_-]+\.pfb$/, "application/octet-stream"],
  [/^standard_fonts\/[A-Za-z0-9_-]+\.ttf$/, "font/ttf"],
  [/^(LICENSE|(cmaps|standard_fonts|wasm)\/LICENSE[A-Z_]*)$/, "text/plain; charset=utf-8"],
];

/**
 * pdf.js's worker runs under its own policy (a worker's policy is the one its script is served
 * with): it fetches the data files above from this origin and compiles the image decoders'
 * WebAssembly; nothing else.
 */
export const PDFJS_WORKER_POLICY = "default-src 'none'; connect-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

export const pdfjsAssets = createRouter();

pdfjsAssets.get(`${PDFJS_BASE}/*`, async (c: Context<AppEnv>) => {
  const file = c.req.path.slice(PDFJS_BASE.length + 1);
  const type = FILES.find(([re]) => re.test(file))?.[1];
  if (!type) throw noRoute(c.req.method, c.req.path, "pdf.js is served for the dashboard's PDF templates only.");
  return serveAsset(c, `/pdfjs/${file}`, {
    type,
    cache: ASSET_CACHE,
    fault: "pdf.js is missing from this deployment.",
    // A data file pdf.js asks for that is not there is the library's miss; the library itself is a fault.
    missing: file.startsWith("pdf") ? undefined : () => noRoute(c.req.method, c.req.path),
    headers: file === "pdf.worker.min.mjs" ? { "Content-Security-Policy": PDFJS_WORKER_POLICY } : undefined,
  });
});
