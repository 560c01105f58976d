/**
 * An envelope's signing link in Chromium, with the keyboard alone: three documents (two text
 * templates, each asking the signer one required answer, and a one-page PDF template) sent in
 * order to an approver, then a signer. The approver approves every document at once; the signer
 * consents once, answers the first document's field, then the second's, signs once with a typed
 * name; the envelope completes and its page offers the sealed PDF and shows the verification
 * code. Every step axe-clean, no sideways scroll at 390 and 1280 px.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { BASE_URL, LIMIT, check, env, newContext, newPage, noProblems, tabTo } from "./lib.mjs";

const { encode } = await import("fast-png");

/** The page must not scroll sideways at either size (check() tries 360 px too). */
async function noSideScroll(page, label) {
  for (const vp of [390, 1280]) {
    await page.setViewportSize({ width: vp, height: 800 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= vp, `${label} is ${wide}px wide at ${vp}px`);
  }
}

async function step(page, name) {
  await noSideScroll(page, name);
  await check(page, name);
}

/** A published text template asking the second signing party (the signer, after the approver) one answer. */
async function textTemplate(key, name, body, field) {
  const code = `env-${Math.random().toString(36).slice(2, 10)}`;
  await env.svc.must("POST", "/v1/templates", {
    key,
    body: { code, name, kind: "contract", body, variables: ["name"], fields: [{ ...field, required: true, signer: 2 }] },
  });
  await env.svc.must("POST", "/v1/templates/publish", { key, body: { code } });
  return code;
}

/** A published one-page PDF template; its page picture shows a heading and lines of text. */
async function pdfTemplate(key) {
  const { svc } = env;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText("Bike lock and key receipt", { x: 50, y: 790, size: 14, font });
  const code = `lock-${Math.random().toString(36).slice(2, 8)}`;
  const up = await svc.raw(
    key,
    "POST",
    `/v1/templates/pdf?code=${code}&name=Lock%20receipt&kind=contract&filename=${code}.pdf`,
    await doc.save(),
    "application/pdf",
  );
  assert.equal(up.status, 200, up.text);
  const id = up.json.template_id;
  for (const p of (await svc.must("GET", `/v1/templates/${id}/pdf`, { key })).json.pages) {
    const [w, h] = [Math.round(p.width * 1.5), Math.round(p.height * 1.5)];
    const data = new Uint8Array(w * h * 3).fill(250);
    // A dark title bar and grey text lines, so the picture reads as a page in the screenshots.
    const bar = (y0, y1, x1, v) => {
      for (let y = y0; y < y1; y++) data.fill(v, (y * w + 70) * 3, (y * w + x1) * 3);
    };
    bar(60, 84, Math.round(w * 0.6), 40);
    for (let y = 140; y < h - 200; y += 36) bar(y, y + 10, w - 70 - ((y * 7) % 160), 170);
    const r = await svc.raw(key, "PUT", `/v1/templates/${id}/pages/${p.n}`, encode({ width: w, height: h, data, channels: 3, depth: 8 }), "image/png");
    assert.equal(r.status, 200, r.text);
  }
  await svc.must("POST", "/v1/templates/publish", { key, body: { code } });
  return code;
}

async function sentEnvelope() {
  const { svc } = env;
  const acct = await svc.account("Northwind Rentals");
  const rental = await textTemplate(
    acct.key,
    "Bike rental",
    "Bike rental agreement\n\nThe renter, {{name}}, receives one city bike in good order and returns it by the agreed date.\n\n1. The renter rides with care and locks the bike when parked.\n2. Damage beyond normal wear is repaired at the renter's cost.",
    { key: "bike_colour", label: "Colour of the bike received", kind: "text" },
  );
  const insurance = await textTemplate(
    acct.key,
    "Insurance terms",
    "Insurance terms\n\n{{name}} is insured for theft of the bike from the start date for the rental's term.",
    {
      key: "start",
      label: "Insurance start date",
      kind: "date",
    },
  );
  const receipt = await pdfTemplate(acct.key);
  const documents = [rental, insurance].map((template_code) => ({ template_code, values: { name: "Ines Duarte" } }));
  documents.push({ template_code: receipt });
  const signers = [
    { email: "maya@example.com", full_name: "Maya Chen", role: "approver" },
    { email: "ines@example.com", full_name: "Ines Duarte" },
  ];
  const made = (
    await svc.must("POST", "/v1/envelopes", { key: acct.key, body: { title: "Bike rental pack", documents, signers, sequential: true, notify: false } })
  ).json;
  return { ...acct, made, url: (i) => `${BASE_URL}/s/${made.links[i].token}` };
}

describe("an envelope's signing link", () => {
  it("an approver approves, then the signer consents, answers two documents and signs all three once, keyboard only", LIMIT, async () => {
    const e = await sentEnvelope();
    const ctx = await newContext();
    const page = await newPage(ctx);

    // The signer's turn has not come: the page lists the documents and waits for the approver.
    await page.goto(e.url(1));
    await page.getByText("Document 3 of 3").waitFor();
    await page.getByText("These documents are signed in order. Maya Chen comes before you.", { exact: false }).waitFor();
    assert.equal(await page.locator("form[action$='/consent']").count(), 0);
    await step(page, "envelope-1-waiting");

    // The approver approves every document at once, with a note.
    await page.goto(e.url(0));
    await page.getByRole("heading", { name: "Your approval" }).waitFor();
    // The PDF document's page picture fits the column at 390 px.
    const img = page.locator(".pages img").first();
    await img.evaluate((i) => i.decode());
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await img.boundingBox();
    assert.ok(box.width <= 390 - 2 * 16 && box.width > 200, `page picture is ${box.width}px wide at 390`);
    assert.ok(Math.abs(box.height / box.width - 841.89 / 595.28) < 0.02, "page picture keeps its proportions");
    await step(page, "envelope-2-approver");
    await tabTo(page, "#note");
    await page.keyboard.type("Prices checked.");
    await tabTo(page, "form[action$='/approve'] button");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "You approved these documents" }).waitFor();
    await step(page, "envelope-3-approved");

    // The signer: consent once for the three documents.
    await page.goto(e.url(1));
    await page.getByText("Your consent covers every document of this envelope.").waitFor();
    await step(page, "envelope-4-consent");
    await tabTo(page, "form[action$='/consent'] button");
    await page.keyboard.press("Enter");

    // The first document's field, then the second's.
    await page.getByRole("heading", { name: "Your answers: Bike rental" }).waitFor();
    await step(page, "envelope-5-answers-1");
    await tabTo(page, "#f-bike_colour");
    await page.keyboard.type("Green");
    await tabTo(page, "form[action$='/answers'] button[type=submit]");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Your answers: Insurance terms" }).waitFor();
    assert.equal(await page.locator("#answers-heading + .hint").textContent(), "Document 2 of 3");
    await step(page, "envelope-6-answers-2");
    await tabTo(page, "#f-start");
    await page.keyboard.type("01042027"); // en-US: mm/dd/yyyy
    await tabTo(page, "form[action$='/answers'] button[type=submit]");
    await page.keyboard.press("Enter");

    // One signature for all three.
    await page.getByText("Your one signature signs every document of this envelope.").waitFor();
    assert.equal(await page.locator("form[action$='/answers']").count(), 0);
    await step(page, "envelope-7-sign");
    await tabTo(page, "#typed-name");
    await page.keyboard.type("Ines Duarte");
    await tabTo(page, "#sign-form button[type=submit]");
    await page.keyboard.press("Enter");

    // The last signature completes the envelope: the sealed PDF and its verification code.
    await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    const read = (await env.svc.must("GET", `/v1/envelopes/${e.made.envelope_id}`, { key: e.key })).json;
    assert.equal(read.status, "completed");
    const download = page.locator("a[download]");
    assert.equal(await download.getAttribute("href"), new URL(e.url(1)).pathname + "/pdf");
    const code = await page.locator("#outcome ~ p .mono").textContent();
    assert.match(code, /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    assert.equal(code.replaceAll("-", ""), read.verification_code.replaceAll("-", ""));
    await step(page, "envelope-8-completed");
    // Right to left: the cards and the page pictures stay within the screen.
    await page.goto(`${e.url(1)}?lang=he`);
    assert.equal(await page.getAttribute("html", "dir"), "rtl");
    await step(page, "envelope-9-completed-he");
    noProblems(page);
    await ctx.close();
  });
});
