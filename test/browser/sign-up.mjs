/**
 * Self-service sign-up in Chromium (the suite's Worker runs with SIGNUP=open, test/browser/lib.mjs):
 * from the landing page to the form, the check email read from the outbox, its link followed, the
 * new account's dashboard, a template and a first document sent; each page axe-clean at 390 and
 * 1280 px with screenshots.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";
import { BASE_URL, LIMIT, check, env, newContext, newPage, noProblems } from "./lib.mjs";

const PASSWORD = "a long enough pass phrase";

/** The check link emailed to the address, as GET /ops/v1/outbox shows it once the queue has sent it. */
async function checkLink(email) {
  for (let i = 0; i < 100; i++) {
    const out = (await env.svc.must("GET", "/ops/v1/outbox?limit=200", { key: OPERATOR_TOKEN })).json;
    const mail = out.messages.find((m) => m.recipient === email && m.purpose === "account.sign_up" && m.link);
    if (mail) return mail.link;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail("no sign-up email reached the outbox");
}

describe("sign-up", () => {
  it("signs up, follows the emailed link, lands on the new account's dashboard and sends a first document", LIMIT, async () => {
    const email = `founder-${Date.now().toString(36)}@example.com`;
    const ctx = await newContext();
    const page = await newPage(ctx);

    await page.goto(`${BASE_URL}/`);
    await Promise.all([page.waitForURL((u) => u.pathname === "/app/sign-up"), page.getByRole("link", { name: "Create an account", exact: true }).click()]);
    await page.getByRole("heading", { name: "Create an account", level: 1 }).waitFor();
    await check(page, "sign-up-1-form");

    // A too-short password is refused in the form; nothing is sent.
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Business name").fill("Lighthouse Studio");
    await page.getByLabel("Password").fill("short pass");
    await page.evaluate(() => document.querySelector("#password").removeAttribute("minlength"));
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Create account" }).click()]);
    await page.getByRole("alert").getByText("password").waitFor();
    assert.equal(await page.getByLabel("Email").inputValue(), email);
    await check(page, "sign-up-2-refused");

    await page.getByLabel("Password").fill(PASSWORD);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Create account" }).click()]);
    await page.getByRole("heading", { name: "Check your email", level: 1 }).waitFor();
    await page.getByText(`We sent a link to ${email}.`).waitFor();
    await check(page, "sign-up-3-check-email");

    const link = await checkLink(email);
    assert.match(link, /^https:\/\/sign\.example\.test\/app\/sign-up\/confirm\?token=[0-9a-f]{64}$/);
    await page.goto(link);
    await page.getByRole("heading", { name: "Create your account", level: 1 }).waitFor();
    await check(page, "sign-up-4-confirm");
    await Promise.all([page.waitForURL((u) => u.pathname === "/app/documents"), page.getByRole("button", { name: "Create my account" }).click()]);
    await page.getByRole("heading", { name: "Documents", level: 1 }).waitFor();
    await page.getByText("Lighthouse Studio").first().waitFor();
    await check(page, "sign-up-5-dashboard");

    // The new account's first template, published, and its first document.
    await page.goto(`${BASE_URL}/app/templates`);
    await page.locator("#t-code").fill("welcome");
    await page.locator("#t-name").fill("Welcome letter");
    await page.locator("#t-body").fill("Welcome aboard, {{name}}.");
    await page.locator("#t-vars").fill("name");
    await Promise.all([page.waitForNavigation(), page.locator('form[action="/app/templates"] button[type=submit]').click()]);
    await Promise.all([page.waitForNavigation(), page.locator('form[action="/app/templates/publish"] button[type=submit]').click()]);
    await page.goto(`${BASE_URL}/app/documents/new`);
    await Promise.all([page.waitForNavigation(), page.locator('form[action="/app/documents/new"] button[type=submit]').click()]);
    await page.locator("#title").fill("Welcome for Rui");
    await page.locator("#var-name").fill("Rui Costa");
    await page.locator("#s0-name").fill("Rui Costa");
    await page.locator("#s0-name").press("Tab");
    await page.keyboard.type("rui@example.com");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Send", exact: true }).click()]);
    await page.getByRole("heading", { name: "Sent", level: 2 }).waitFor();
    const signing = (await page.locator(".mono").first().textContent()).trim();
    assert.match(signing, /^https:\/\/sign\.example\.test\/s\/[0-9a-f]{64}$/);
    await check(page, "sign-up-6-first-document");

    // The link works once: a second use is refused.
    await page.goto(link);
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Create my account" }).click()]);
    await page.getByRole("alert").getByText("This link does not work").waitFor();
    await check(page, "sign-up-7-link-used");
    noProblems(page);
    await ctx.close();
  });
});
