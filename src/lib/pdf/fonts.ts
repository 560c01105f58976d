/**
 * The CJK font lives in R2 (key `fonts/cjk.ttf`, one TrueType face: WenQuanYi Zen Hei from Debian's
 * fonts-wqy-zenhei by default, see docs/pages.md "Names in any script"), never in the Worker
 * bundle. It is read only when a file about to be drawn holds a code point the embedded font lacks,
 * parsed once per isolate and kept; pdf-lib then embeds a subset of just the glyphs drawn.
 *
 * Missing or unreadable font: the file is still drawn and sealed, those characters as `[U+XXXX]`
 * (as before), and a warning is logged once per isolate; never a failed seal.
 */
import { log } from "../log";
import { fallbackFont, needsFallback, setFallbackFont } from "./text";

export const CJK_FONT_KEY = "fonts/cjk.ttf";

let missingLogged = false;
let loaded: Promise<void> | null = null;

/** Loads the R2 font into text.ts when any of `texts` needs it; resolves either way. */
export async function ensureFontsFor(bucket: R2Bucket, texts: string[]): Promise<void> {
  if (fallbackFont() || !texts.some(needsFallback)) return;
  loaded ??= (async () => {
    try {
      const obj = await bucket.get(CJK_FONT_KEY);
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
