/**
 * The fonts every PDF surface draws with, loaded before anything is drawn (`loadPdfFonts`), never
 * part of the Worker's script:
 *
 * - the embedded Unicode font (DejaVu Sans subset, assets/fonts/README.md), a static asset
 *   (`fonts/DejaVuSans-subset.ttf`, copied by scripts/assets.mjs) read through the `ASSETS`
 *   binding once per isolate; missing is a fault of the deployment, said at once;
 * - the CJK font in R2 (key `fonts/cjk.ttf`, one TrueType face: WenQuanYi Zen Hei from Debian's
 *   fonts-wqy-zenhei by default, see docs/pages.md "Names in any script"), read only when a text
 *   about to be drawn holds a code point the embedded font lacks, parsed once per isolate and
 *   kept; pdf-lib then embeds a subset of just the glyphs drawn. Missing or unreadable: the file
 *   is still drawn and sealed, those characters as `[U+XXXX]`, and a warning is logged once per
 *   isolate; never a failed seal.
 */
import { log } from "../log";
import { readAsset } from "../read-asset";
import { fallbackFont, hasUnicodeFont, needsFallback, setFallbackFont, setUnicodeFont } from "./text";

export const CJK_FONT_KEY = "fonts/cjk.ttf";
/** Where scripts/assets.mjs puts the embedded font in the static assets. */
export const UNICODE_FONT_ASSET = "fonts/DejaVuSans-subset.ttf";

let missingLogged = false;
let loaded: Promise<void> | null = null;
let embedded: Promise<void> | null = null;

async function loadUnicodeFont(assets: Fetcher): Promise<void> {
  setUnicodeFont(new Uint8Array(await (await readAsset(assets, UNICODE_FONT_ASSET, "the embedded font")).arrayBuffer()));
}

/**
 * Loads the embedded font (once per isolate) and, when any of `texts` needs it, the R2 font.
 * Every drawing of a PDF (certificate, bundle, envelope, stamped answers, a signature's
 * appearance) awaits this first.
 */
export async function loadPdfFonts(env: { ASSETS: Fetcher; FILES: R2Bucket }, texts: string[]): Promise<void> {
  if (!hasUnicodeFont()) {
    embedded ??= loadUnicodeFont(env.ASSETS).finally(() => {
      embedded = null;
    });
    await embedded;
  }
  if (fallbackFont() || !texts.some(needsFallback)) return;
  loaded ??= (async () => {
    try {
      const obj = await env.FILES.get(CJK_FONT_KEY);
      if (!obj) {
        if (!missingLogged) log("warn", "cjk font missing", { key: CJK_FONT_KEY, effect: "CJK characters drawn as [U+XXXX]" });
        missingLogged = true;
        return;
      }
      setFallbackFont(new Uint8Array(await obj.arrayBuffer()));
    } catch (err) {
      log("warn", "cjk font unreadable", { key: CJK_FONT_KEY, error: err instanceof Error ? err.message : String(err) });
    } finally {
      loaded = null;
    }
  })();
  await loaded;
}
