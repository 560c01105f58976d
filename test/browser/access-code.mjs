/** The signing page's access code step in Chromium: keyboard only, axe-clean at 390 and 1280 px, a wrong code, the right one, then signing. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIMIT, check, documentOf, newContext, newPage, noProblems, sentDocument, tabTo, consentAndSignByKeyboard } from "./lib.mjs";

describe("access code on the signer's page", () => {
  it("asks the access code before anything else, keyboard only, axe-clean, then the document opens and is signed", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "ana@example.com", full_name: "Ana Ruiz", auth: "access_code", access_code: "harbour-7731" }] });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await page.getByRole("heading", { name: "Enter your access code" }).waitFor();
    assert.equal(await page.locator("form[action$='/consent']").count(), 0, "consent waits for the access code");
    assert.equal(await page.getByText("The renter rides with care").count(), 0, "nothing of the document before the code");
    await check(page, "access-code-1-ask");

    await tabTo(page, "#access-code-input");
    await page.keyboard.type("not-the-code");
    await page.keyboard.press("Enter");
    await page.locator("#ac-error", { hasText: "That access code is not right. Tries left: 4." }).waitFor();
    await check(page, "access-code-2-wrong");

    await tabTo(page, "#access-code-input");
    await page.keyboard.type("harbour-7731");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Step 1 of 2: agree to sign electronically" }).waitFor();
    await consentAndSignByKeyboard(page, "Ana Ruiz");

    const d = await documentOf(doc.key, doc.id);
    const kinds = d.events.map((e) => e.kind);
    assert.ok(kinds.indexOf("access_code_passed") > -1 && kinds.indexOf("access_code_passed") < kinds.indexOf("consented"), kinds.join(","));
    noProblems(page);
    await ctx.close();
  });

  it("shows the lock in the page's language after five wrong codes", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "ben@example.com", full_name: "Ben Okafor", auth: "access_code", access_code: "harbour-7731" }] });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(`${doc.url(0)}?lang=de`);
    for (let i = 0; i < 5; i++) {
      await page.locator("#access-code-input").fill(`wrong-${i}`);
      await page.locator("#access-code-input").press("Enter");
      await page.waitForLoadState("load");
    }
    await page.locator("#ac-locked", { hasText: "gesperrt" }).waitFor();
    await check(page, "access-code-3-locked");
    noProblems(page);
    await ctx.close();
  });
});
