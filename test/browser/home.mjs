/** The landing page `/` in Chromium: its three ways in, axe-clean at 390 and 1280 px, left to right and right to left. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIMIT, BASE_URL, check, newContext, newPage, noProblems } from "./lib.mjs";

describe("landing page", () => {
  for (const [lang, signIn, docs, verify] of [
    ["en", "Sign in", "API reference", "Verify a document"],
    ["ar", "تسجيل الدخول", "مرجع واجهة البرمجة", "التحقق من مستند"],
  ]) {
    it(`links sign in, the API reference and verification in ${lang}, axe-clean`, LIMIT, async () => {
      const ctx = await newContext();
      const page = await newPage(ctx);
      await page.goto(`${BASE_URL}/?lang=${lang}`);
      await check(page, `home-${lang}`);
      const href = async (name) => new URL(await page.getByRole("link", { name, exact: true }).getAttribute("href"), BASE_URL).pathname;
      assert.equal(await href(signIn), "/app");
      assert.equal(await href(docs), "/docs");
      assert.equal(await href(verify), "/verify");
      await page.getByRole("link", { name: verify, exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/verify");
      noProblems(page);
      await ctx.close();
    });
  }
});
