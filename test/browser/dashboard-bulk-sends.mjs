/**
 * The dashboard's bulk sends, keyboard only where a person uses the keyboard: a template chosen, a
 * CSV file of three people (one with a malformed email) set on the file input, sent; the progress
 * page is followed live by its script to "Done" (2 sent, 1 failed with its reason) without a reload;
 * the list shows it. The form, the progress page and the list axe-clean at 390 and 1280 px.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, LIMIT, check, env, newContext, newPage, noProblems, tabTo } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";

const PASSWORD = "a long enough pass phrase";

const enter = (page) => Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);

describe("dashboard: bulk sends", () => {
  it("uploads a CSV and follows the progress live to done, axe-clean", LIMIT, async () => {
    const { svc } = env;
    const acct = await svc.account("Harbour Council");
    const email = `owner-${Date.now().toString(36)}@example.com`;
    await svc.must("POST", `/ops/v1/tenants/${acct.tenantId}/members`, {
      key: OPERATOR_TOKEN,
      body: { email, full_name: "Olga Owner", role: "owner", password: PASSWORD },
    });
    const code = `notice-${Math.random().toString(36).slice(2, 8)}`;
    await svc.must("POST", "/v1/templates", {
      key: acct.key,
      body: { code, name: "Harbour notice", kind: "consent", body: "Notice to {{name}}.", variables: ["name"] },
    });
    await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });

    const ctx = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await newPage(ctx);
    await page.goto(`${BASE_URL}/app`);
    await tabTo(page, "#email");
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await enter(page);
    await tabTo(page, 'button[name=mode][value="live"]');
    await enter(page);
    await page.getByText("Live data.").waitFor();

    // From the documents page: "New bulk send", beside "New envelope".
    await page.goto(`${BASE_URL}/app/documents`);
    await tabTo(page, 'a[href="/app/bulk-sends/new"]');
    await enter(page);
    await page.getByRole("heading", { name: "New bulk send", level: 1 }).waitFor();
    await check(page, "dash-bulk-1-form");
    await tabTo(page, "#bk-source");
    await page.selectOption("#bk-source", `template:${code}`);
    await page.setInputFiles("#bk-file", {
      name: "people.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('email;full_name;values.name\nana@example.com;Ana Ruiz;Ana\nben@example;Ben Okafor;Ben\ncy@example.com;"Cy, Jr";Cy\n'),
    });
    await tabTo(page, 'form[action="/app/bulk-sends"] button[type=submit]');
    await enter(page);

    await page.getByRole("heading", { name: "Bulk send", level: 1 }).waitFor();
    const id = new URL(page.url()).pathname.split("/").pop();
    assert.match(id, /^bs_/);
    // Followed live by the page's script, without a reload.
    await page.locator("#bk-state", { hasText: "Done" }).waitFor({ timeout: 30_000 });
    assert.equal((await page.locator("#bk-sent").textContent()).trim(), "2");
    assert.equal((await page.locator("#bk-failed").textContent()).trim(), "1");
    assert.equal((await page.locator("#bk-progress-text").textContent()).trim(), "3 of 3 rows done");
    assert.match(await page.locator('[data-row-outcome="2"]').textContent(), /not a valid email address/);
    assert.equal(await page.locator('[data-row-outcome="1"] a[href^="/app/documents/doc_"]').count(), 1);
    assert.equal(await page.locator("#bk-refresh").count(), 0);
    await check(page, "dash-bulk-2-progress");

    const api = (await svc.must("GET", `/v1/bulk-sends/${id}`, { key: acct.key })).json;
    assert.equal(api.state, "done");

    await page.goto(`${BASE_URL}/app/documents`);
    await tabTo(page, 'a[href="/app/bulk-sends"]');
    await enter(page);
    await page.getByRole("heading", { name: "Bulk sends", level: 1 }).waitFor();
    assert.equal(await page.locator(`section[aria-label="Bulk sends"] a[href="/app/bulk-sends/${id}"]`).count(), 1);
    await check(page, "dash-bulk-3-list");
    noProblems(page);
    await ctx.close();
  });
});
