// The signer's page in Arabic and Hebrew: right to left, mirrored by logical CSS properties,
// axe-clean at 390 and 1280 px; a Latin name inside Arabic text (and a Hebrew name on an English
// page) keeps its own order. Screenshots in test-results/screenshots/sign-rtl-*.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIMIT, check, newContext, newPage, noProblems, sentDocument } from "./lib.mjs";

const CASES = [
  { lang: "ar", signer: "Anna Schmidt", consent: "أوافق", step2: "الخطوة 2 من 2: الإجابة والتوقيع" },
  { lang: "he", signer: "Anna Schmidt", consent: "אני מסכים/ה", step2: "שלב 2 מתוך 2: מענה וחתימה" },
];

describe("signer's page right to left", () => {
  for (const c of CASES) {
    it(`${c.lang}: dir=rtl, mirrored layout, axe-clean, names isolated`, LIMIT, async () => {
      const doc = await sentDocument({
        signers: [
          { email: "anna@example.com", full_name: c.signer },
          { email: "mohammed@example.com", full_name: "محمد عبد الله" },
        ],
        body: "اتفاقية تأجير دراجة\n\nيستلم المستأجر، {{name}}، دراجة واحدة بحالة جيدة.\n\nהשוכר, {{name}}, מקבל אופניים אחדים במצב תקין.",
      });
      const ctx = await newContext({ locale: c.lang === "ar" ? "ar-EG" : "he-IL", extraHTTPHeaders: { "Accept-Language": c.lang } });
      const page = await newPage(ctx);
      await page.goto(doc.url(0));
      const html = page.locator("html");
      assert.equal(await html.getAttribute("dir"), "rtl");
      assert.equal(await html.getAttribute("lang"), c.lang);
      // Mirrored: the notice's accent border is on the right, the list indent on the right.
      const box = await page.evaluate(() => {
        const b = document.querySelector(".box");
        const s = b ? getComputedStyle(b) : null;
        return s ? { right: s.borderRightWidth, left: s.borderLeftWidth } : null;
      });
      if (box) assert.deepEqual(box, { right: "5px", left: "0px" });
      const textAlign = await page.evaluate(() => getComputedStyle(document.querySelector("main p") ?? document.body).textAlign);
      assert.ok(["start", "right"].includes(textAlign), textAlign);
      // The signers' names are isolated (<bdi>), so "Anna Schmidt" reads left to right inside Arabic/Hebrew.
      const names = await page.locator("bdi").allTextContents();
      assert.ok(names.includes(c.signer) && names.includes("محمد عبد الله"), JSON.stringify(names));
      await check(page, `sign-rtl-${c.lang}-1-consent`);
      await page.getByRole("button", { name: c.consent }).click();
      await page.getByRole("heading", { name: c.step2 }).waitFor();
      await check(page, `sign-rtl-${c.lang}-2-sign`);
      noProblems(page);
      await ctx.close();
    });
  }
});
