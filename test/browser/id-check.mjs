/**
 * The signing page's identity check in Chromium through the local fake of Stripe Identity
 * (test/fake-stripe.mjs, served to the browser as https://identity.fake.test): the step before
 * consent, the provider's hosted page, its signed webhook, the return, then signing; a name that
 * does not match fails with the checks left; the same path without JavaScript.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { IDENTITY_HOST, LIMIT, check, documentOf, newContext, newPage, noProblems, sentDocument, tabTo, consentAndSignByKeyboard } from "./lib.mjs";

/** On the fake provider's page: the name the document shows, then Verify (or Fail). */
async function atProvider(page, { first, last, fail = false }) {
  await page.waitForURL((u) => u.host === IDENTITY_HOST);
  await page.getByRole("heading", { name: "Verify your identity (fake Stripe)" }).waitFor();
  if (fail) return page.getByRole("button", { name: "Fail" }).click();
  await page.locator("#first_name").fill(first);
  await page.locator("#last_name").fill(last);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** A document sent to one signer with `auth: id_check`, opened at their link in a fresh context. */
async function openIdCheckLink(email, fullName) {
  const doc = await sentDocument({ signers: [{ email, full_name: fullName, auth: "id_check" }] });
  const ctx = await newContext();
  const page = await newPage(ctx);
  await page.goto(doc.url(0));
  return { doc, ctx, page };
}

describe("identity check on the signer's page", () => {
  it("asks for the check before consent, keyboard only and axe-clean, passes at the provider, then the document is signed", LIMIT, async () => {
    const { doc, ctx, page } = await openIdCheckLink("ana@example.com", "Ana María Ruiz");
    await page.getByRole("heading", { name: "Verify your identity" }).waitFor();
    assert.equal(await page.locator("form[action$='/consent']").count(), 0, "consent waits for the identity check");
    await check(page, "id-check-1-ask");

    await tabTo(page, "form[action$='/id-check'] button");
    await page.keyboard.press("Enter");
    await atProvider(page, { first: "ANA MARIA", last: "ruiz" });
    await page.waitForURL((u) => u.host === "sign.example.test" && u.searchParams.get("id_check") === "return");
    // The webhook landed before the provider sent the signer back: the page goes on to consent.
    await page.getByRole("heading", { name: "Step 1 of 2: agree to sign electronically" }).waitFor();
    await consentAndSignByKeyboard(page, "Ana María Ruiz");

    const d = await documentOf(doc.key, doc.id);
    const kinds = d.events.map((e) => e.kind);
    assert.ok(kinds.includes("id_check_started"), kinds.join(","));
    assert.ok(kinds.indexOf("id_check_passed") > -1 && kinds.indexOf("id_check_passed") < kinds.indexOf("consented"), kinds.join(","));
    noProblems(page);
    await ctx.close();
  });

  it("fails a check whose verified name is not the signer's and shows the checks left", LIMIT, async () => {
    const { doc, ctx, page } = await openIdCheckLink("ben@example.com", "Ben Okafor");
    await page.getByRole("button", { name: "Verify my identity" }).click();
    await atProvider(page, { first: "Benedict", last: "Okafor" });
    await page.locator("#idc-failed", { hasText: "Checks left: 2." }).waitFor();
    await check(page, "id-check-2-failed");
    await page.getByRole("button", { name: "Verify my identity" }).click();
    await atProvider(page, { fail: true });
    await page.locator("#idc-failed", { hasText: "Checks left: 1." }).waitFor();
    const d = await documentOf(doc.key, doc.id);
    const failed = d.events.filter((e) => e.kind === "id_check_failed");
    assert.equal(failed.length, 2, "two failures recorded");
    assert.equal(d.signers[0].status, "pending");
    noProblems(page);
    await ctx.close();
  });

  it("works without JavaScript", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "cy@example.com", full_name: "Cy Tran", auth: "id_check" }] });
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${doc.url(0)}?lang=fr`);
    await page.locator("form[action$='/id-check'] button").click();
    await atProvider(page, { first: "Cy", last: "Tran" });
    await page.locator("form[action$='/consent']").waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "fr");
    await check(page, "id-check-3-nojs", { script: false });
    await ctx.close();
  });
});
