// The signer's page in Arabic and Hebrew: right to left, mirrored by logical CSS properties,
// axe-clean at 390 and 1280 px; a Latin name inside Arabic text (and a Hebrew name on an English
// page) keeps its own order. Screenshots in test-results/screenshots/sign-rtl-*. The language
// switcher: one compact menu, opened and followed with the keyboard, with or without JavaScript,
// axe-clean open at 390 and 1280 px, in the page and in the dashboard's sign-in page.
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, LIMIT, VIEWPORTS, axe, check, newContext, newPage, noProblems, sentDocument, serviceLanguages, tabTo } from "./lib.mjs";

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

describe("the language switcher", () => {
  /** The open menu: inside the viewport, every language a link, the current one marked. */
  const openMenu = async (page, label) => {
    const m = await page.evaluate(() => {
      const nav = document.querySelector("nav.langs");
      const list = nav?.querySelector("ul")?.getBoundingClientRect();
      return {
        open: nav?.querySelector("details")?.open ?? false,
        links: [...(nav?.querySelectorAll("a[hreflang]") ?? [])].map((a) => a.getAttribute("hreflang")),
        current: nav?.querySelector("a[aria-current]")?.getAttribute("hreflang"),
        left: list?.left ?? -1,
        right: list?.right ?? 1e9,
        scroll: document.documentElement.scrollWidth,
      };
    });
    assert.equal(m.open, true, `${label}: the menu opened`);
    assert.deepEqual(m.links, await serviceLanguages(), label);
    const width = page.viewportSize().width;
    assert.ok(m.left >= 0 && m.right <= width, `${label}: the open list (${m.left}–${m.right}) leaves the ${width}px viewport`);
    assert.ok(m.scroll <= width, `${label}: the page scrolls sideways (${m.scroll}px)`);
    return m;
  };

  for (const lang of ["en", "ar"]) {
    it(`${lang}: one closed menu that opens and follows with the keyboard, axe-clean open at 390 and 1280 px`, LIMIT, async () => {
      const doc = await sentDocument({ signers: [{ email: "anna@example.com", full_name: "Anna Schmidt" }] });
      const ctx = await newContext();
      const page = await newPage(ctx);
      await page.goto(`${doc.url(0)}?lang=${lang}`);
      // Closed, the switcher is one control naming the current language; no language link is visible.
      const summary = page.locator("nav.langs summary");
      assert.equal(await page.locator("nav.langs a").first().isVisible(), false);
      assert.match(await summary.textContent(), lang === "en" ? /English/ : /العربية/);
      for (const vp of VIEWPORTS) {
        await page.setViewportSize(vp);
        await page.goto(`${doc.url(0)}?lang=${lang}`);
        await tabTo(page, "nav.langs summary");
        await page.keyboard.press("Enter");
        const m = await openMenu(page, `${lang} at ${vp.width}px`);
        assert.equal(m.current, lang);
        await axe(page, `switcher open, ${lang} at ${vp.width}px`);
        await page.screenshot({ path: `test-results/screenshots/switcher-${lang}-open-${vp.width}x${vp.height}.png` });
      }
      // Tab into the list and follow Deutsch with Enter: the same page, in German.
      await tabTo(page, 'nav.langs a[hreflang="de"]', 12);
      await Promise.all([page.waitForURL(/lang=de/), page.keyboard.press("Enter")]);
      assert.equal(await page.locator("html").getAttribute("lang"), "de");
      assert.equal(await page.locator("nav.langs details").evaluate((d) => d.open), false, "the new page's menu is closed");
      await check(page, `switcher-${lang}-after`);
      noProblems(page);
      await ctx.close();
    });
  }

  it("works without JavaScript, and in the dashboard's sign-in page", LIMIT, async () => {
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${BASE_URL}/app/sign-in`);
    await page.locator("nav.langs summary").click();
    await page.locator('nav.langs a[hreflang="he"]').click();
    await page.waitForURL((u) => u.pathname.startsWith("/app"));
    assert.equal(await page.locator("html").getAttribute("lang"), "he");
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    await ctx.close();
    const js = await newContext();
    const dash = await newPage(js);
    await dash.goto(`${BASE_URL}/app/sign-in?lang=he`);
    for (const vp of VIEWPORTS) {
      await dash.setViewportSize(vp);
      await dash.locator("nav.langs summary").click();
      await openMenu(dash, `dashboard sign-in, he at ${vp.width}px`);
      await axe(dash, `dashboard switcher open at ${vp.width}px`);
      await dash.screenshot({ path: `test-results/screenshots/switcher-dash-he-open-${vp.width}x${vp.height}.png` });
      await dash.locator("nav.langs summary").click();
    }
    noProblems(dash);
    await js.close();
  });
});
