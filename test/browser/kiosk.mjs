/**
 * The tablet's page /t in Chromium: paired on the page, then two people sign one after another
 * (form → signing page → thank-you → an empty form), and nothing of the first is left for the
 * second: not in the form, not in the browser's history. axe-clean at 390 and 1280 px.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIMIT, BASE_URL, check, env, newContext, newPage, noProblems } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";

async function tabletWorkflow() {
  const { svc } = env;
  const acct = await svc.account("Harbour Climbing Gym");
  // The desk's key also makes workflows and pairing codes.
  acct.key = (
    await svc.must("POST", `/ops/v1/tenants/${acct.tenantId}/keys`, {
      key: OPERATOR_TOKEN,
      body: { label: "desk", scopes: ["signing:read", "signing:write", "signing:templates", "signing:workflows"], mode: "live" },
    })
  ).json.key;
  const code = `waiver-${Math.random().toString(36).slice(2, 10)}`;
  await svc.must("POST", "/v1/templates", {
    key: acct.key,
    body: {
      code,
      name: "Climbing waiver",
      kind: "waiver",
      body: "Climbing waiver\n\nI understand that climbing carries a risk of injury and I climb at my own risk.\n\nEmergency contact: {{emergency_contact}}",
      variables: ["emergency_contact"],
    },
  });
  await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  const wf = (
    await svc.must("POST", "/v1/workflows", {
      key: acct.key,
      body: {
        code: `desk-${Math.random().toString(36).slice(2, 8)}`,
        name: "Sign the climbing waiver",
        template_code: code,
        intro: "Welcome to Harbour Climbing Gym. Sign the waiver once before your first climb.",
        signer_roles: [{ label: "Climber", role: "signer", order: 1, participant: true }],
        form_fields: [{ key: "emergency_contact", label: "Emergency contact (name and phone)", required: true }],
      },
    })
  ).json;
  const pairing = (await svc.must("POST", "/v1/devices/pairing-codes", { key: acct.key, body: { name: "Front desk", workflow_id: wf.id } })).json;
  return { acct, wf, pairing };
}

async function signAs(page, who, shots) {
  await page.getByRole("heading", { name: "Sign the climbing waiver" }).waitFor();
  for (const label of ["Your full name (required)", "Your email address (required)", "Emergency contact (name and phone) (required)"])
    assert.equal(await page.getByLabel(label).inputValue(), "", `${label} starts empty`);
  await page.getByLabel("Your full name (required)").fill(who.name);
  await page.getByLabel("Your email address (required)").fill(who.email);
  await page.getByLabel("Emergency contact (name and phone) (required)").fill(who.contact);
  await page.getByRole("button", { name: "Continue to sign" }).click();
  await page.waitForURL(`${BASE_URL}/t/sign?lang=en`);
  await page.getByText(`Emergency contact: ${who.contact}`).waitFor();
  if (shots) await check(page, "kiosk-3-signing");
  await page.getByRole("button", { name: "I agree" }).click();
  await page.getByLabel("Your full name, as your signature").fill(who.name);
  await page.getByRole("button", { name: "Sign", exact: true }).click();
  await page.waitForURL(`${BASE_URL}/t/thanks?lang=en`);
  await page.getByRole("heading", { name: "Thank you" }).waitFor();
  assert.equal(await page.getByText(who.name).count(), 0, "the thank-you page names nobody");
  if (shots) await check(page, "kiosk-4-thanks");
  await page.getByRole("link", { name: "Next person" }).click();
  await page.waitForURL(`${BASE_URL}/t?lang=en`);
}

describe("tablet kiosk", () => {
  it("pairs on the page, then two people sign one after another; nothing of the first is left", LIMIT, async () => {
    const { acct, pairing } = await tabletWorkflow();
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(`${BASE_URL}/t`);
    await page.getByRole("heading", { name: "Pair this tablet" }).waitFor();
    await check(page, "kiosk-1-pair");
    await page.getByLabel("Pairing code").fill(pairing.code.toLowerCase());
    await page.getByRole("button", { name: "Pair this tablet" }).click();
    await page.waitForURL(`${BASE_URL}/t?lang=en`);
    const cookies = await ctx.cookies();
    const key = cookies.find((c) => c.name === "kiosk_key");
    assert.ok(key?.httpOnly && key.sameSite === "Strict" && key.secure && key.path === "/t", "the key is an HttpOnly, Strict, Secure cookie for /t");
    assert.equal(await page.evaluate(() => document.cookie), "", "no script sees the key");
    await check(page, "kiosk-2-form");

    const first = { name: "Robin Rope", email: "robin@example.com", contact: "Sam Rope, +44 20 7946 0000" };
    const second = { name: "Kai Carabiner", email: "kai@example.com", contact: "Lee Carabiner, +44 20 7946 0001" };
    await signAs(page, first, true);

    // Back through the history: the thank-you, then the signing address, which no longer shows anyone.
    await page.goBack();
    await page.goBack();
    await page.waitForLoadState();
    assert.equal(await page.getByText(first.name).count(), 0, "history shows nothing of the first person");
    assert.equal(await page.getByText(first.contact).count(), 0, "history shows nothing of the first person");
    await page.goto(`${BASE_URL}/t?lang=en`);

    await signAs(page, second, false);
    assert.ok(!(await ctx.cookies()).some((c) => c.name === "kiosk_signer"), "no signer is held between people");

    const docs = (await env.svc.must("GET", "/v1/documents?status=completed", { key: acct.key })).json.documents;
    assert.equal(docs.length, 2);
    noProblems(page);
    await ctx.close();
  });

  it("asks again for a code when the tablet is stopped", LIMIT, async () => {
    const { acct, pairing } = await tabletWorkflow();
    const ctx = await newContext({ locale: "de-DE" });
    const page = await newPage(ctx);
    await page.goto(`${BASE_URL}/t`);
    await page.getByLabel("Kopplungscode").fill(pairing.code);
    await page.getByRole("button", { name: "Dieses Tablet koppeln" }).click();
    await page.getByRole("heading", { name: "Sign the climbing waiver" }).waitFor();
    await env.svc.must("POST", `/v1/devices/${pairing.device_id}/stop`, { key: acct.key });
    await page.reload();
    await page.getByText("Dieses Tablet ist nicht mehr gekoppelt").waitFor();
    await check(page, "kiosk-5-stopped");
    noProblems(page);
    await ctx.close();
  });
});
