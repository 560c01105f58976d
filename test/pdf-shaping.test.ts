import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hasRtl, shapeArabic, visualOrder } from "../src/lib/pdf/shaping";
import { drawable, fontCovers, needsFallback, wrap } from "../src/lib/pdf/text";
import { loadPdfFonts } from "../src/lib/pdf/fonts";

// The embedded font is a static asset, read before anything is drawn (src/lib/pdf/fonts.ts).
await loadPdfFonts(env, []);

describe("text for PDFs in any script", () => {
  it("shapes Arabic into its joining forms and lam-alef ligatures", () => {
    // محمد: meem initial, hah medial, meem medial, dal final.
    expect(shapeArabic("محمد")).toBe("\ufee3\ufea4\ufee4\ufeaa");
    // سلام: seen initial, lam-alef final ligature, meem isolated (alef does not join forward).
    expect(shapeArabic("سلام")).toBe("\ufeb3\ufefc\ufee1");
    // لا alone is the isolated ligature; a lone letter its isolated form; Latin untouched.
    expect(shapeArabic("لا")).toBe("\ufefb");
    expect(shapeArabic("ب")).toBe("\ufe8f");
    expect(shapeArabic("Zoë")).toBe("Zoë");
  });

  it("puts right-to-left runs in visual order by UAX #9, left-to-right text unchanged", () => {
    expect(visualOrder("דוד לוי")).toBe("יול דוד");
    expect(visualOrder("Signer: דוד (x)")).toBe("Signer: דוד (x)".replace("דוד", "דוד".split("").reverse().join("")));
    // In a right-to-left paragraph a Latin name keeps its own order, brackets are mirrored.
    expect(visualOrder("שלום (Anna)")).toBe("(Anna) םולש");
    expect(hasRtl("王小明")).toBe(false);
  });

  it("drawable() returns shaped, visual-order lines; wrap() cuts in logical order", () => {
    expect(drawable("محمد عبد الله")).toBe([...shapeArabic("محمد عبد الله")].reverse().join(""));
    const lines = wrap("אחת שתיים שלוש ארבע חמש שש שבע שמונה תשע עשר", 10, 80);
    expect(lines.length).toBeGreaterThan(1);
    // The first line holds the first words (read right to left: its last characters are "אחת").
    expect(lines[0]!.endsWith("תחא")).toBe(true);
  });

  it("knows which characters need the CJK font from R2", () => {
    expect(needsFallback("Zoë محمد דוד")).toBe(false);
    for (const name of ["王小明", "佐藤 花子", "김민준"]) expect(needsFallback(name)).toBe(true);
    // Without it loaded, CJK stays the lossless [U+XXXX].
    expect(fontCovers(0x738b)).toBe(false);
    expect(drawable("王")).toBe("[U+738B]");
  });
});
