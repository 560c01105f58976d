/**
 * The dashboard's envelope form, keyboard only: two templates chosen, their values asked with
 * "Show the values to fill in", two people and a cc, sent; the envelope's page lists both
 * documents and the people, and the list of envelopes shows it. The documents page, the form, the
 * envelope's page and the list axe-clean at 390 and 1280 px.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, LIMIT, check, env, newContext, newPage, noProblems, tabTo } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";

const PASSWORD = "a long enough pass phrase";

async function ownerWithTemplates() {
  const { svc } = env;
  const acct = await svc.account("Harbour Council");
  const email = `owner-${Date.now().toString(36)}@example.com`;
  await svc.must("POST", `/ops/v1/tenants/${acct.tenantId}/members`, {
    key: OPERATOR_TOKEN,
    body: { email, full_name: "Olga Owner", role: "owner", password: PASSWORD },
  });
  const suffix = Math.random().toString(36).slice(2, 8);
  const codes = [`minutes-${suffix}`, `offer-${suffix}`];
  const bodies = [
    { name: "Board minutes", body: "Minutes of the board meeting chaired by {{name}}.", variables: ["name"] },
    { name: "Offer letter", body: "We offer {{role}} to the candidate.", variables: ["role"] },
  ];
  for (const [i, code] of codes.entries()) {
    await svc.must("POST", "/v1/templates", { key: acct.key, body: { code, kind: "contract", ...bodies[i] } });
    await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  }
  return { ...acct, email, codes };
}

const enter = (page) => Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);

/** Moves a focused select to the option `value` with the arrow keys. */
async function choose(page, value) {
  for (let i = 0; i < 10; i++) {
    if ((await page.evaluate(() => document.activeElement.value)) === value) return;
    await page.keyboard.press("ArrowDown");
  }
  assert.fail(`the select never reached ${value}`);
}

describe("dashboard: envelopes", () => {
  it("sends an envelope of two documents, keyboard only, and shows its page, axe-clean", LIMIT, async () => {
    const acct = await ownerWithTemplates();
    const ctx = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await newPage(ctx);
    await page.goto(`${BASE_URL}/app`);
    await tabTo(page, "#email");
    await page.keyboard.type(acct.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await enter(page);
    await tabTo(page, 'button[name=mode][value="live"]');
    await enter(page);
    await page.getByText("Live data.").waitFor();

    // From the documents list: "New envelope".
    await page.goto(`${BASE_URL}/app/documents`);
    await check(page, "dash-envelope-0-documents");
    await tabTo(page, 'a[href="/app/envelopes/new"]');
    await enter(page);
    await page.getByRole("heading", { name: "New envelope", level: 1 }).waitFor();
    await check(page, "dash-envelope-1-form");

    await tabTo(page, "#e-title");
    await page.keyboard.type("Board pack");
    await tabTo(page, "#e0-template");
    await choose(page, acct.codes[0]);
    await page.keyboard.press("Tab");
    await choose(page, acct.codes[1]);
    // "Show the values to fill in": the form comes back with each template's values and what was chosen.
    await tabTo(page, 'button[name="show_values"]');
    await enter(page);
    await page.locator("#e0-var-name").waitFor();
    assert.equal(await page.locator("#e-title").inputValue(), "Board pack");
    await tabTo(page, "#e0-var-name");
    await page.keyboard.type("Ada Chair");
    await tabTo(page, "#e1-var-role");
    await page.keyboard.type("Treasurer");
    await tabTo(page, "#s0-name");
    await page.keyboard.type("Ada Chair");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ada@example.com");
    await tabTo(page, "#s1-name");
    await page.keyboard.type("Bob Member");
    await page.keyboard.press("Tab");
    await page.keyboard.type("bob@example.com");
    await tabTo(page, "#s2-name");
    await page.keyboard.type("Cora Clerk");
    await page.keyboard.press("Tab");
    await page.keyboard.type("cora@example.com");
    await page.keyboard.press("Tab");
    await choose(page, "cc");
    await check(page, "dash-envelope-2-form-filled");
    await tabTo(page, 'form[action="/app/envelopes"] button[type=submit]:not([name])');
    await enter(page);

    await page.getByRole("heading", { name: "Board pack", level: 1 }).waitFor();
    const id = new URL(page.url()).pathname.split("/").pop();
    assert.match(id, /^env_/);
    const docs = await page.locator('section[aria-label="Documents"] tbody tr').count();
    assert.equal(docs, 2);
    const people = await page.locator('section[aria-label="People"] tbody tr td:nth-child(2)').allTextContents();
    assert.deepEqual(
      people.map((p) => p.trim()),
      ["ada@example.com", "bob@example.com", "cora@example.com"],
    );
    await check(page, "dash-envelope-3-page");

    const e = (await env.svc.must("GET", `/v1/envelopes/${id}`, { key: acct.key })).json;
    assert.equal(e.status, "sent");
    assert.deepEqual(
      e.documents.map((d) => d.status),
      ["sent", "sent"],
    );
    assert.deepEqual(
      e.signers.map((s) => s.role),
      ["signer", "signer", "cc"],
    );

    // A document of the envelope links back to it.
    await tabTo(page, 'section[aria-label="Documents"] a[href^="/app/documents/doc_"]');
    await enter(page);
    await tabTo(page, `a[href="/app/envelopes/${id}"]`);
    await enter(page);
    await page.getByRole("heading", { name: "Board pack", level: 1 }).waitFor();
    // The list of envelopes, from the documents page.
    await page.goto(`${BASE_URL}/app/documents`);
    await tabTo(page, 'a[href="/app/envelopes"]');
    await enter(page);
    await page.getByRole("heading", { name: "Envelopes", level: 1 }).waitFor();
    assert.equal(await page.locator(`section[aria-label="Envelopes"] a[href="/app/envelopes/${id}"]`).count(), 1);
    await check(page, "dash-envelope-4-list");
    noProblems(page);
    await ctx.close();
  });
});
