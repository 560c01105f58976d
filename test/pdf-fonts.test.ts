/**
 * src/lib/pdf/fonts.ts: the embedded font is a static asset, read through ASSETS once per isolate
 * before anything is drawn. This file is its own isolate: nothing has loaded the font yet.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadPdfFonts, UNICODE_FONT_ASSET } from "../src/lib/pdf/fonts";
import { hasUnicodeFont, unicodeFontBytes, widthOf } from "../src/lib/pdf/text";
import { sha256Hex } from "../src/lib/crypto";

const noFont = { fetch: async () => new Response("not found", { status: 404 }) } as unknown as Fetcher;

describe("the embedded PDF font", () => {
  it("is read before anything is drawn: measuring text first is a fault said at once, a missing asset names itself, then ASSETS serves it once", async () => {
    expect(hasUnicodeFont()).toBe(false);
    expect(() => unicodeFontBytes()).toThrow(/read before loadPdfFonts/);
    expect(() => widthOf("Ada", 10)).toThrow(/read before loadPdfFonts/);
    // A deployment without the asset: a clear error, and nothing half-loaded.
    await expect(loadPdfFonts({ ASSETS: noFont, FILES: env.FILES }, [])).rejects.toThrow(
      `the embedded font is missing from the static assets (ASSETS answered 404 for ${UNICODE_FONT_ASSET}`,
    );
    expect(hasUnicodeFont()).toBe(false);
    // From the static assets (scripts/assets.mjs copies assets/fonts/DejaVuSans-subset.ttf): the committed font, byte for byte.
    let fetched = 0;
    const counted = { fetch: (r: Request) => (fetched++, env.ASSETS.fetch(r)) } as unknown as Fetcher;
    await Promise.all([loadPdfFonts({ ASSETS: counted, FILES: env.FILES }, []), loadPdfFonts({ ASSETS: counted, FILES: env.FILES }, [])]);
    await loadPdfFonts({ ASSETS: counted, FILES: env.FILES }, []);
    expect(fetched).toBe(1);
    expect(unicodeFontBytes().byteLength).toBe(144536);
    expect(await sha256Hex(unicodeFontBytes())).toBe("f36b959a6dc4b40804c2fde57bc2ae748b7073ee7007f2550bb6bc1b5976f8af");
    expect(widthOf("Ada", 10)).toBeGreaterThan(0);
  });
});
