/** The signer's page in Chromium: drawing with the mouse, keyboard only, decline, turns, no JavaScript, framing. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { readFileSync } from "node:fs";
import { LIMIT, BASE_URL, RESULTS, check, documentOf, env, newContext, newPage, noProblems, sentDocument, tabTo } from "./lib.mjs";

const FIELDS = [
  { key: "phone", label: "Mobile phone", kind: "phone", about: "With the country code, for the return reminder." },
  { key: "size", label: "Frame size", kind: "select", options: ["S", "M", "L"] },
  { key: "helmet", label: "I have my own helmet", kind: "checkbox", required: false },
  { key: "start", label: "First day", kind: "date" },
];

/** Shared with the verification suite: a sealed PDF from a ceremony completed in the browser. */
export const completedByDrawing = { pdf: null, code: null };

describe("signer's page", () => {
  it("signs by drawing on the canvas with the mouse, then offers the sealed PDF", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "ana@example.com", full_name: "Ana Pereira" }], fields: FIELDS });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await page.getByText("The renter, Ana Pereira, receives one city bike").waitFor();
    await check(page, "sign-1-consent");
    await page.getByRole("button", { name: "I agree" }).click();
    await page.getByRole("heading", { name: "Step 2 of 2: answer and sign" }).waitFor();
    await page.getByLabel("Mobile phone").fill("+351 912 345 678");
    await page.getByLabel("Frame size").selectOption("M");
    await page.getByLabel("First day").fill("2026-12-01");
    await page.getByLabel("Draw my signature").check();
    await check(page, "sign-2-answer-and-draw");

    // An empty pad is refused in the page, before anything is sent.
    const before = env.requests.length;
    await page.getByRole("button", { name: "Sign", exact: true }).click();
    await page.getByText("Draw your signature in the box first, or choose another way to sign.").waitFor();
    assert.equal(env.requests.length, before);

    const box = await page.locator("#pad").boundingBox();
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 30; i++) await page.mouse.move(box.x + 20 + i * 8, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 4)), { steps: 2 });
    await page.mouse.up();
    const inked = await page.evaluate(() => {
      const c = document.getElementById("pad");
      const px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
      return n;
    });
    assert.ok(inked > 300, `the stroke left ink (${inked} pixels)`);
    await page.getByRole("button", { name: "Sign", exact: true }).click();
    await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    await check(page, "sign-3-completed");

    const d = await documentOf(doc.key, doc.id);
    assert.equal(d.status, "completed");
    const signed = d.events.find((e) => e.kind === "signed");
    assert.equal(signed.signature_method, "drawn");
    assert.equal(signed.detail, "intent/1");
    assert.equal(d.events.find((e) => e.kind === "consented").detail, "consent/1");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download the sealed PDF" }).click()]);
    const code = (await page.locator("main .mono").first().textContent()).trim();
    assert.match(code, /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    assert.equal(download.suggestedFilename(), `certificate-${code.replaceAll("-", "")}.pdf`);
    const file = path.join(RESULTS, download.suggestedFilename());
    await download.saveAs(file);
    assert.equal(readFileSync(file).subarray(0, 5).toString(), "%PDF-");
    completedByDrawing.pdf = file;
    completedByDrawing.code = code;
    noProblems(page);
    await ctx.close();
  });

  it("is usable with the keyboard alone, focus always visible", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "kim@example.com", full_name: "Kim Lee" }], fields: FIELDS });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await tabTo(page, "form[action$='/consent'] button");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Step 2 of 2: answer and sign" }).waitFor();
    await tabTo(page, "#f-phone");
    await page.keyboard.type("+1 415 555 0100");
    await page.keyboard.press("Tab"); // Frame size
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab"); // helmet
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab"); // first day
    await page.keyboard.type("12012026");
    await tabTo(page, "#m-typed");
    // Arrow keys move through the radio group; back to "Type my name" (the default).
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.evaluate(() => document.activeElement.id), "m-drawn");
    await page.keyboard.press("ArrowUp");
    await tabTo(page, "#typed-name");
    await page.keyboard.type("Kim Lee");
    await tabTo(page, "#sign-form button[type=submit]");
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, "none", "the focused button shows its focus");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    const d = await documentOf(doc.key, doc.id);
    assert.equal(d.events.find((e) => e.kind === "signed").signature_method, "typed");
    const values = Object.fromEntries((await env.svc.must("GET", `/v1/sign/${doc.links[0].token}`)).json.fields.map((f) => [f.key, f.supplied]));
    assert.deepEqual(values, { phone: true, size: true, helmet: true, start: true });
    noProblems(page);
    await ctx.close();
  });

  it("shows a field error beside the field, focuses the summary, and keeps what was typed", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "eva@example.com", full_name: "Eva Novak" }], fields: FIELDS });
    const ctx = await newContext({ locale: "de-DE" });
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await page.getByRole("button", { name: "Ich stimme zu" }).click();
    await page.getByRole("heading", { name: "Schritt 2 von 2: antworten und unterschreiben" }).waitFor();
    // The browser's own checks are skipped so the service's answer is what is shown.
    await page.evaluate(() => (document.getElementById("sign-form").noValidate = true));
    await page.getByLabel("Mobile phone").fill("12");
    await page.getByRole("button", { name: "Unterschreiben", exact: true }).click();
    await page.getByRole("heading", { name: "Es gibt ein Problem" }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.id), "problem");
    assert.equal(await page.locator("#f-phone").inputValue(), "12");
    await check(page, "sign-4-errors-de");
    await ctx.close();
  });

  it("declines with a reason", LIMIT, async () => {
    const doc = await sentDocument({
      signers: [
        { email: "li@example.com", full_name: "Li Wei" },
        { email: "max@example.com", full_name: "Max Roth" },
      ],
    });
    const ctx = await newContext({ locale: "fr-FR" });
    const page = await newPage(ctx);
    await page.goto(doc.url(1));
    await page.getByText("Refuser de signer").click();
    await page.getByLabel("Pourquoi refusez-vous ?").fill("Les dates ne conviennent pas.");
    await page.getByRole("button", { name: "Refuser", exact: true }).click();
    await page.getByRole("heading", { name: "Vous avez refusé de signer" }).waitFor();
    await check(page, "sign-5-declined-fr");
    const d = await documentOf(doc.key, doc.id);
    assert.equal(d.status, "declined");
    assert.equal(d.signers[1].decline_reason, "Les dates ne conviennent pas.");
    // The link is dead now: the one friendly page.
    await page.goto(doc.url(1));
    await page.getByRole("heading", { name: "Ce lien ne fonctionne pas" }).waitFor();
    await check(page, "sign-6-dead-link-fr");
    noProblems(page);
    await ctx.close();
  });

  it("lets the second signer of a sequential document read it before their turn", LIMIT, async () => {
    const doc = await sentDocument({
      sequential: true,
      signers: [
        { email: "first@example.com", full_name: "Jo First" },
        { email: "second@example.com", full_name: "Sam Second" },
      ],
    });
    const ctx = await newContext({ locale: "es-ES" });
    const page = await newPage(ctx);
    await page.goto(doc.url(1));
    await page.getByText("The renter, Jo First, receives one city bike").waitFor();
    await page.getByText("Este documento se firma en orden. Jo First firma antes que usted.").waitFor();
    assert.equal(await page.getByRole("button", { name: "Acepto" }).count(), 0);
    await check(page, "sign-7-sequential-waiting-es");
    // The first signer signs; the second's page now offers the steps.
    await env.svc.must("POST", `/v1/sign/${doc.links[0].token}/consent`, { body: {} });
    await env.svc.must("POST", `/v1/sign/${doc.links[0].token}`, { body: { method: "typed", value: "Jo First" } });
    await page.reload();
    await page.getByRole("button", { name: "Acepto" }).click();
    await page.getByLabel("Firmar con un clic").check();
    await page.getByRole("button", { name: "Firmar", exact: true }).click();
    await page.getByRole("heading", { name: "Todos han firmado" }).waitFor();
    noProblems(page);
    await ctx.close();
  });

  it("reads and signs without JavaScript", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "noscript@example.com", full_name: "Nora Script" }], fields: [FIELDS[1]] });
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await page.getByText("The renter, Nora Script, receives one city bike").waitFor();
    await page.getByRole("button", { name: "I agree" }).click();
    assert.equal(await page.getByLabel("Draw my signature").isVisible(), false, "drawing needs JavaScript, so it is not offered");
    await page.getByLabel("Frame size").selectOption("L");
    await page.getByLabel("Your full name, as your signature").fill("Nora Script");
    await check(page, "sign-8-no-javascript", { script: false });
    await page.getByRole("button", { name: "Sign", exact: true }).click();
    await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    assert.equal((await documentOf(doc.key, doc.id)).status, "completed");
    await ctx.close();
  });

  it("tells the framing page on an allowed origin that the signer signed, and refuses any other parent", LIMIT, async () => {
    const doc = await sentDocument({
      signers: [{ email: "framed@example.com", full_name: "Fran Framed" }],
      frameAncestors: ["https://partner.example", "https://other.example"],
    });
    const parent = (title) =>
      `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1>` +
      `<iframe id="f" title="Signing" src="${doc.url(0)}" width="390" height="1400"></iframe>` +
      `<script>window.messages=[];addEventListener("message",function(e){messages.push({origin:e.origin,data:e.data})})</script>`;
    const ctx = await newContext({}, { "partner.example": parent("Partner"), "evil.example": parent("Evil") });
    const page = await newPage(ctx);
    await page.goto("https://partner.example/");
    const frame = page.frameLocator("#f");
    await frame.getByRole("button", { name: "I agree" }).click();
    await frame.getByLabel("Your full name, as your signature").fill("Fran Framed");
    await frame.getByRole("button", { name: "Sign", exact: true }).click();
    await frame.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    await page.waitForFunction(() => window.messages.some((m) => m.data.type === "completed"));
    const messages = await page.evaluate(() => window.messages);
    assert.ok(
      messages.every((m) => m.origin === BASE_URL && m.data.source === "edge-sign"),
      "every message is the signing page's",
    );
    const about = { source: "edge-sign", document_id: doc.id, signer_id: doc.links[0].signer_id, document_status: "completed" };
    // Each page load says `loaded` and its height; the page after the signature also says what happened.
    assert.deepEqual(
      messages.filter((m) => m.data.type !== "height" && m.data.type !== "loaded").map((m) => m.data),
      [
        { type: "signed", ...about },
        { type: "completed", ...about },
      ],
    );
    assert.ok(messages.some((m) => m.data.type === "loaded"));
    assert.ok(messages.some((m) => m.data.type === "height" && m.data.height > 200));
    noProblems(page);

    const evil = await ctx.newPage();
    const refused = [];
    evil.on("console", (m) => refused.push(m.text()));
    await evil.goto("https://evil.example/");
    await evil.waitForTimeout(500);
    const child = evil.frames().find((f) => f !== evil.mainFrame());
    const shown = await child
      .getByText("Fran Framed")
      .count()
      .catch(() => 0);
    assert.equal(shown, 0, "the signing page does not render inside a parent that is not listed");
    assert.ok(
      refused.some((t) => /frame-ancestors/.test(t)),
      `Chromium reports the refusal: ${refused.join(" | ")}`,
    );
    await ctx.close();
  });
});
