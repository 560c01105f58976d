/**
 * src/lib/pdf/read-fields.ts in the Worker's runtime (workerd): tags and AcroForm fields read from
 * a pdf-lib file through `analysePdf(bytes, 200, "both")`, on a plain and a turned page, with the
 * runtime's own DecompressionStream. The checks against real tools (pdftotext -bbox, qpdf) are in
 * test/validators/pdf-read-fields.test.mjs. Reading text needs the standard fonts' metrics from
 * the static assets first, as the upload loads them (test/standard-fonts.test.ts).
 */
import { env } from "cloudflare:workers";
import { PDFDocument, PDFName, PDFNumber, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { analysePdf } from "../src/lib/pdf/analyse";
import { loadStandardFonts } from "../src/lib/pdf/standard-fonts";

beforeAll(() => loadStandardFonts(env.ASSETS));

async function file(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([612, 792]);
  p1.drawText("Sign {{signature:1}} and {{text:2:company:required}} {{sig:1}}", { x: 60, y: 700, size: 11, font });
  doc.getForm().createTextField("tenant.name").addToPage(p1, { x: 60, y: 500, width: 200, height: 20, borderWidth: 0 });
  const p2 = doc.addPage([612, 792]);
  p2.node.set(PDFName.of("Rotate"), PDFNumber.of(90));
  p2.drawText("{{initials:1}}", { x: 100, y: 300, size: 11, font });
  return doc.save();
}

describe("fields read from a PDF in the Worker", () => {
  it("finds tags and AcroForm fields, placed on the page as shown, and reports a tag that does not parse", async () => {
    const a = await analysePdf(await file(), 200, "both");
    const found = a.found!;
    expect(found.fields.map((f) => [f.source, f.kind, f.place.page])).toEqual([
      ["tag", "signature", 1],
      ["tag", "text", 1],
      ["acroform", "text", 1],
      ["tag", "initials", 2],
    ]);
    const [sig, text, form, initials] = found.fields;
    expect(sig!.place.w * 612).toBeGreaterThanOrEqual(119.9);
    expect(sig!.place.h * 792).toBeGreaterThanOrEqual(23.9);
    expect(sig!.cover!.y).toBeCloseTo((792 - 700 - 0.8 * 11) / 792, 3);
    expect(text).toMatchObject({ key: "company", signer: 2, required: true, label: "text:2:company:required" });
    expect(form).toMatchObject({ name: "tenant.name", label: "name", signer: null, required: false });
    expect(form!.place).toEqual({
      page: 1,
      x: expect.closeTo(60 / 612, 4),
      y: expect.closeTo(272 / 792, 4),
      w: expect.closeTo(200 / 612, 4),
      h: expect.closeTo(20 / 792, 4),
    });
    // Page 2 is turned 90°: the tag's baseline (y = 300) is 300 pt from the shown left edge.
    expect(initials!.cover!.x).toBeCloseTo((300 - 0.2 * 11) / 792, 3);
    expect(initials!.place.w * 792).toBeGreaterThanOrEqual(59.9);
    expect(found.problems).toEqual([{ page: 1, text: "{{sig:1}}", reason: expect.stringMatching(/^unknown kind "sig"; one of text, /) }]);
  });

  it("without `read` the analysis is as before: no `found`", async () => {
    const a = await analysePdf(await file(), 200);
    expect(a.found).toBeUndefined();
    expect(a.pages.map((p) => p.rotation)).toEqual([0, 90]);
  });
});
