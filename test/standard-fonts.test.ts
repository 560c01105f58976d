/**
 * src/lib/pdf/standard-fonts.ts, which the Worker's build puts in `@pdf-lib/standard-fonts`'s place
 * (wrangler.toml [alias]): the standard 14 fonts' metrics and encodings read from the static assets
 * are the package's own, and nothing reads them before they are loaded. (The workerd tests resolve
 * the package itself for pdf-lib, so it is here to compare against.)
 */
import { env, exports } from "cloudflare:workers";
import * as pkg from "@pdf-lib/standard-fonts";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { Encodings, Font, FontNames, loadStandardFonts } from "../src/lib/pdf/standard-fonts";
import { BASE, makeTenant } from "./helpers";

describe("the standard fonts read from the static assets", () => {
  it("refuses to be read before they are loaded, naming what to do", () => {
    expect(() => Font.load("Helvetica")).toThrow(/not loaded: await loadStandardFonts/);
    expect(() => Encodings.WinAnsi).toThrow(/not loaded/);
  });

  it("an upload whose fields are read from its text loads them itself", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Courier);
    doc.addPage([595, 842]).drawText("Sign here {{signature:1}}", { x: 60, y: 700, size: 11, font });
    const t = await makeTenant();
    const res = await exports.default.fetch(`${BASE}/v1/templates/pdf?code=courier&name=Courier&kind=contract&fields=tags`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.key}`, "content-type": "application/pdf", "cf-connecting-ip": "203.0.113.9" },
      body: await doc.save(),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text).fields_found.map((f: { kind: string }) => f.kind)).toEqual(["signature"]);
    expect(Font.load("Courier").getWidthOfGlyph("A")).toBe(600);
  });

  it("are the package's metrics and encodings, font by font", async () => {
    await loadStandardFonts(env.ASSETS);
    expect(Object.values(FontNames)).toEqual(Object.values(pkg.FontNames));
    for (const name of Object.values(FontNames)) {
      const mine = Font.load(name);
      const theirs = pkg.Font.load(name);
      expect(mine.FontName).toBe(theirs.FontName);
      expect(mine.CharMetrics).toEqual(theirs.CharMetrics);
      expect(mine.getWidthOfGlyph("A")).toBe(theirs.getWidthOfGlyph("A"));
      expect(mine.getXAxisKerningForPair("A", "V")).toBe(theirs.getXAxisKerningForPair("A", "V"));
      expect(Font.load(name)).toBe(mine);
    }
    for (const e of ["Symbol", "ZapfDingbats", "WinAnsi"] as const) {
      expect(Encodings[e].unicodeMappings).toEqual((pkg.Encodings[e] as unknown as { unicodeMappings: unknown }).unicodeMappings);
      expect(Encodings[e].supportedCodePoints).toEqual(pkg.Encodings[e].supportedCodePoints);
    }
    expect(Encodings.WinAnsi.encodeUnicodeCodePoint(0x20ac)).toEqual(pkg.Encodings.WinAnsi.encodeUnicodeCodePoint(0x20ac));
    expect(() => Encodings.WinAnsi.encodeUnicodeCodePoint(0x4e00)).toThrow('WinAnsi cannot encode "一" (0x4e00)');
    expect(() => Font.load("Arial")).toThrow("not a standard font: Arial");
  });
});
