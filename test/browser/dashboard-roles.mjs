/**
 * The dashboard's send form with roles and a signing group, keyboard only: a witness of the first
 * signer, a group added with its button (the new group's name has the focus), delegation allowed;
 * the form and the document page axe-clean at 390 and 1280 px.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, LIMIT, check, documentOf, env, newContext, newPage, noProblems, tabTo } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";

const PASSWORD = "a long enough pass phrase";

async function ownerWithTemplate() {
  const { svc } = env;
  const acct = await svc.account("Harbour Council");
  const email = `owner-${Date.now().toString(36)}@example.com`;
  await svc.must("POST", `/ops/v1/tenants/${acct.tenantId}/members`, {
    key: OPERATOR_TOKEN,
    body: { email, full_name: "Olga Owner", role: "owner", password: PASSWORD },
  });
  const code = `minutes-${Math.random().toString(36).slice(2, 8)}`;
  await svc.must("POST", "/v1/templates", {
    key: acct.key,
    body: { code, name: "Board minutes", kind: "contract", body: "Minutes of the board meeting chaired by {{name}}.", variables: ["name"] },
  });
  await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  return { ...acct, email, code };
}

const enter = (page) => Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
const focused = (page) => page.evaluate(() => document.activeElement?.id ?? "");

/** Moves a focused select to the option `value` with the arrow keys. */
async function choose(page, value) {
  for (let i = 0; i < 10; i++) {
    if ((await page.evaluate(() => document.activeElement.value)) === value) return;
    await page.keyboard.press("ArrowDown");
  }
  assert.fail(`the select never reached ${value}`);
}

describe("dashboard: roles and signing groups", () => {
  it("sends a document with a witness and a signing group, keyboard only, axe-clean", LIMIT, async () => {
    const acct = await ownerWithTemplate();
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

    await page.goto(`${BASE_URL}/app/documents/new?template=${acct.code}`);
    await page.getByRole("heading", { name: "Send a document", level: 1 }).waitFor();
    // The witness picker shows only for a witness.
    assert.equal(await page.locator("#s1-witness").isVisible(), false);
    await check(page, "dash-roles-1-send-form");
    await tabTo(page, "#var-name");
    await page.keyboard.type("Ada Chair");
    await tabTo(page, "#s0-name");
    await page.keyboard.type("Ada Chair");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ada@example.com");
    await tabTo(page, "#s1-name");
    await page.keyboard.type("Wes Witness");
    await page.keyboard.press("Tab");
    await page.keyboard.type("wes@example.com");
    await page.keyboard.press("Tab");
    assert.equal(await focused(page), "s1-role");
    await choose(page, "witness");
    await page.keyboard.press("Tab");
    assert.equal(await focused(page), "s1-witness");
    await choose(page, "0");

    // "Add a signing group": the form comes back with what was typed and the group's name focused.
    await tabTo(page, 'button[name="add_group"]');
    await enter(page);
    await page.getByRole("group", { name: "Signing group 1" }).waitFor();
    assert.equal(await focused(page), "sg0-name");
    assert.equal(await page.locator("#s1-witness").inputValue(), "0");
    await page.keyboard.type("Board");
    await tabTo(page, "#sg0m0-name");
    await page.keyboard.type("Bea Board");
    await page.keyboard.press("Tab");
    await page.keyboard.type("bea@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Ben Board");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ben@example.com");
    await tabTo(page, "#s-allow-delegation");
    await page.keyboard.press("Space");
    await check(page, "dash-roles-2-send-form-group");
    await tabTo(page, 'form[action="/app/documents"] button[type=submit]:not([name])');
    await enter(page);
    await page.getByRole("heading", { name: "Sent", level: 2 }).waitFor();

    await tabTo(page, 'a[href^="/app/documents/doc_"]');
    await enter(page);
    const id = new URL(page.url()).pathname.split("/").pop();
    const roles = await page.locator('section[aria-label="Signers"] tbody tr td:nth-child(3)').allTextContents();
    assert.deepEqual(roles.map((r) => r.trim()).sort(), ["Signer", "Signing group Board", "Signing group Board", "Witness of Ada Chair"]);
    await check(page, "dash-roles-3-document");

    const d = await documentOf(acct.key, id);
    assert.equal(d.allow_delegation, true);
    const ada = d.signers.find((s) => s.full_name === "Ada Chair");
    assert.equal(d.signers.find((s) => s.full_name === "Wes Witness").witness_for, ada.signer_id);
    assert.deepEqual(d.signers.filter((s) => s.group_name === "Board").length, 2);
    noProblems(page);
    await ctx.close();
  });
});
