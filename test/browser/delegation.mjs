/** The signer's page's "Pass to someone else" in Chromium: keyboard only, axe at both sizes, and without JavaScript. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIMIT, BASE_URL, check, documentOf, env, fillPassOn, newContext, newPage, noProblems, tabTo } from "./lib.mjs";

/** A document sent with allow_delegation to two signers. */
async function delegableDocument() {
  const { svc } = env;
  const acct = await svc.account("Northwind Rentals");
  const code = `pass-${Math.random().toString(36).slice(2, 10)}`;
  await svc.must("POST", "/v1/templates", {
    key: acct.key,
    body: { code, name: "Bike rental", kind: "contract", body: "The renter, {{name}}, receives one city bike.", variables: ["name"] },
  });
  await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  const id = (await svc.must("POST", "/v1/documents", { key: acct.key, body: { template_code: code, values: { name: "Ana Pereira" } } })).json.document_id;
  const signers = [
    { email: "ana@example.com", full_name: "Ana Pereira" },
    { email: "max@example.com", full_name: "Max Roth" },
  ];
  const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key: acct.key, body: { signers, allow_delegation: true, notify: false } })).json.links;
  return { ...acct, id, links, url: (i) => `${BASE_URL}/s/${links[i].token}` };
}

describe("signer's page: pass to someone else", () => {
  it("passes the request on with the keyboard alone; axe-clean at 390 and 1280 px", LIMIT, async () => {
    const doc = await delegableDocument();
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await fillPassOn(page, { name: "Dan Weiss", email: "dan@example.com", reason: "Dan signs for the team this week." });
    await check(page, "delegate-1-form");
    await tabTo(page, "form[action$='/delegate'] button[type=submit]");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, "none", "the focused button shows its focus");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Passed to Dan Weiss" }).waitFor();
    await page.getByText("This link has ended.").waitFor();
    await check(page, "delegate-2-passed");
    const d = await documentOf(doc.key, doc.id);
    assert.equal(d.signers.find((s) => s.email === "ana@example.com").delegated_to, d.signers.find((s) => s.email === "dan@example.com").signer_id);
    noProblems(page);
    await ctx.close();
  });

  it("shows each problem beside its input, then passes it on, without JavaScript", LIMIT, async () => {
    const doc = await delegableDocument();
    const ctx = await newContext({ javaScriptEnabled: false, locale: "de-DE" });
    const page = await newPage(ctx);
    await page.goto(doc.url(1));
    await page.getByText("An jemand anderen weitergeben").click();
    await page.getByLabel("Vollständiger Name der Person").fill("Dan Weiss");
    await page.getByLabel("E-Mail-Adresse der Person").fill("ana@example.com");
    await page.getByLabel("Warum geben Sie es weiter?").fill("Ich bin im Urlaub.");
    await page.getByRole("button", { name: "Weitergeben" }).click();
    await page.getByText("Diese Person steht bereits im Dokument").first().waitFor();
    await check(page, "delegate-3-refused-de", { script: false });
    await page.getByLabel("E-Mail-Adresse der Person").fill("dan@example.com");
    await page.getByRole("button", { name: "Weitergeben" }).click();
    await page.getByRole("heading", { name: "An Dan Weiss weitergegeben" }).waitFor();
    assert.equal((await documentOf(doc.key, doc.id)).events.filter((e) => e.kind === "delegated").length, 1);
    await ctx.close();
  });
});
