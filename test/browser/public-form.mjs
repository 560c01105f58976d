/** The public form /f/{slug} in Chromium: with and without JavaScript, its errors, its languages, its closed page. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIMIT, BASE_URL, check, env, newContext, newPage, noProblems } from "./lib.mjs";

/** An account with a published waiver and a public workflow over it. */
async function publicWorkflow() {
  const { svc } = env;
  const acct = await svc.account("Harbour Climbing Gym");
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
        public: true,
        intro: "Welcome to Harbour Climbing Gym.\n\nSign the waiver once before your first climb; it takes about a minute.",
        signer_roles: [
          { label: "Climber", role: "signer", order: 1, participant: true },
          { label: "Gym", role: "cc", order: 2, participant: false, email: "desk@harbour.example", full_name: "Front desk" },
        ],
        form_fields: [
          { key: "emergency_contact", label: "Emergency contact (name and phone)", required: true },
          { key: "member_number", label: "Member number", required: false },
        ],
      },
    })
  ).json;
  return { acct, wf, url: `${BASE_URL}/f/${wf.public_slug}` };
}

describe("public form", () => {
  it("with JavaScript: shows errors beside the inputs, then starts and lands on the signing page", LIMIT, async () => {
    const { url } = await publicWorkflow();
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(url);
    await page.getByRole("heading", { name: "Sign the climbing waiver" }).waitFor();
    await page.getByText("Welcome to Harbour Climbing Gym.").waitFor();
    await check(page, "form-1-start");

    await page.getByRole("button", { name: "Continue to sign" }).click();
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    assert.equal(await page.getByLabel("Your full name (required)").getAttribute("aria-invalid"), "true");
    await check(page, "form-2-errors");

    await page.getByLabel("Your full name (required)").fill("Robin Rope");
    await page.getByLabel("Your email address (required)").fill("robin@example.com");
    await page.getByLabel("Emergency contact (name and phone) (required)").fill("Sam Rope, +44 20 7946 0000");
    await page.getByRole("button", { name: "Continue to sign" }).click();
    await page.waitForURL(/\/s\/[0-9a-f]{64}\?lang=en$/);
    await page.getByText("Emergency contact: Sam Rope, +44 20 7946 0000").waitFor();
    await page.getByRole("button", { name: "I agree" }).waitFor();
    noProblems(page);
    await ctx.close();
  });

  it("without JavaScript: the same form starts the workflow and lands on the signing page", LIMIT, async () => {
    const { url } = await publicWorkflow();
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await newPage(ctx);
    await page.goto(url);
    await check(page, "form-3-no-js", { script: false });
    await page.getByLabel("Your full name (required)").fill("Nia Nojs");
    await page.getByLabel("Your email address (required)").fill("nia@example.com");
    await page.getByLabel("Emergency contact (name and phone) (required)").fill("Ola Nojs");
    await page.getByRole("button", { name: "Continue to sign" }).click();
    await page.waitForURL(/\/s\/[0-9a-f]{64}\?lang=en$/);
    await page.getByText("Emergency contact: Ola Nojs").waitFor();
    await page.getByRole("button", { name: "I agree" }).waitFor();
    await ctx.close();
  });

  it("speaks the visitor's language through to the signing page", LIMIT, async () => {
    const { url } = await publicWorkflow();
    const ctx = await newContext({ locale: "es-ES" });
    const page = await newPage(ctx);
    await page.goto(url);
    await check(page, "form-4-es");
    await page.getByLabel("Su nombre completo (obligatorio)").fill("Lucía Cuerda");
    await page.getByLabel("Su correo electrónico (obligatorio)").fill("lucia@example.com");
    await page.getByLabel("Emergency contact (name and phone) (obligatorio)").fill("Pablo Cuerda");
    await page.getByRole("button", { name: "Continuar para firmar" }).click();
    await page.waitForURL(/\/s\/[0-9a-f]{64}\?lang=es$/);
    assert.equal(await page.evaluate(() => document.documentElement.lang), "es");
    noProblems(page);
    await ctx.close();
  });

  it("shows a closed page for an inactive workflow", LIMIT, async () => {
    const { acct, wf, url } = await publicWorkflow();
    await env.svc.must("PATCH", `/v1/workflows/${wf.id}`, { key: acct.key, body: { active: false } });
    const ctx = await newContext({ locale: "fr-FR" });
    const page = await newPage(ctx);
    await page.goto(url);
    await page.getByRole("heading", { name: "Ce formulaire est fermé" }).waitFor();
    assert.equal(await page.locator("form").count(), 0);
    await check(page, "form-5-closed-fr");
    noProblems(page);
    await ctx.close();
  });
});
