/**
 * Fields that think, in Chromium: a condition shows and hides a field live and a formula updates
 * as the signer types (the page asks the server, `POST /s/{token}/state`), and a file goes up in
 * place, with the keyboard alone; then the same form without JavaScript, where a submit
 * re-renders with the shown field and the Upload button posts the form with the file.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIMIT, check, env, newContext, newPage, noProblems, sentDocument, tabTo } from "./lib.mjs";

/**
 * The form's fields, in order; `extra` entries (a file upload, say) come after the others, so the
 * steps below keep working and a new test fills only its own.
 */
export function formFields(extra = []) {
  return [
    { key: "has_condition", label: "I have a medical condition", kind: "checkbox", required: false },
    { key: "which_condition", label: "Which condition", kind: "text", required: true, show_if: { key: "has_condition", op: "checked" } },
    { key: "qty", label: "Number of bikes", kind: "number", required: true },
    { key: "price", label: "Price per bike", kind: "number", required: true },
    { key: "total", label: "Total to pay", kind: "formula", formula: "qty * price" },
    { key: "size", label: "Frame size", kind: "radio", options: ["S", "M", "L"], required: true },
    ...extra,
  ];
}

const SIGNER = { email: "ines@example.com", full_name: "Ines Duarte" };
/** A file field the condition shows too: the doctor's note. */
const NOTE = { key: "note", label: "Doctor's note", kind: "file", required: true, show_if: { key: "has_condition", op: "checked" } };
const NOTE_PDF = {
  name: "note.pdf",
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n"),
};
const box = (page, key) => page.locator(`fieldset[data-field="${key}"]`);
const totalIs = (page, text) => page.waitForFunction((t) => document.querySelector('output[data-key="total"]')?.textContent === t, text);
const focusedId = (page) => page.evaluate(() => document.activeElement?.id ?? "");

/** The signer's read after signing: each field's frozen value (formulas) or whether it was answered. */
async function readAfter(doc) {
  const read = (await env.svc.must("GET", `/v1/sign/${doc.links[0].token}`)).json;
  return Object.fromEntries(read.fields.map((f) => [f.key, f]));
}

describe("fields that think", () => {
  it("shows, hides and computes live and uploads in place, keyboard only; the read keeps the frozen total and the file", LIMIT, async () => {
    const doc = await sentDocument({ signers: [SIGNER], fields: formFields([NOTE]) });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await tabTo(page, "form[action$='/consent'] button");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Step 2 of 2: answer and sign" }).waitFor();
    assert.equal(await box(page, "which_condition").isHidden(), true, "hidden until the box is ticked");

    // Ticking shows the field (required), unticking hides it again; focus stays on the box.
    await tabTo(page, "#f-has_condition");
    await page.keyboard.press("Space");
    await page.locator("#f-which_condition").waitFor({ state: "visible" });
    assert.equal(await page.locator("#f-which_condition").evaluate((e) => e.required && !e.matches(":disabled")), true);
    await page.getByText(/^Now asked: Which condition/).waitFor({ state: "attached" });
    assert.equal(await focusedId(page), "f-has_condition", "focus never moves");
    await page.keyboard.press("Space");
    await box(page, "which_condition").waitFor({ state: "hidden" });
    assert.equal(await page.locator("#f-which_condition").evaluate((e) => e.matches(":disabled")), true, "a hidden field is neither posted nor checked");
    assert.equal(await focusedId(page), "f-has_condition");
    await page.keyboard.press("Space");
    await page.locator("#f-which_condition").waitFor({ state: "visible" });

    await page.keyboard.press("Tab");
    assert.equal(await focusedId(page), "f-which_condition", "the shown field is next in the tab order");
    await page.keyboard.type("Asthma");
    await page.keyboard.press("Tab");
    await page.keyboard.type("3");
    await page.keyboard.press("Tab");
    await page.keyboard.type("19.99");
    await totalIs(page, "59.97"); // exact decimal, computed by the server
    await page.keyboard.press("Tab"); // the frame size's radio group
    await page.keyboard.press("Space");
    // The file is chosen (the chooser is the system's own), then the Upload button by keyboard:
    // it goes up in place and what was typed stays.
    await page.locator("#f-note").setInputFiles(NOTE_PDF);
    await tabTo(page, "button[data-upload='note']");
    await page.keyboard.press("Enter");
    await page.getByText(/^A file is uploaded \(SHA-256 [0-9a-f]{12}…\)/).waitFor();
    assert.equal(await page.locator("#f-which_condition").inputValue(), "Asthma", "answers typed before the upload stay");
    await check(page, "fields-1-live");

    await tabTo(page, "#typed-name");
    await page.keyboard.type(SIGNER.full_name);
    await tabTo(page, "#sign-form button[type=submit]");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    const fields = await readAfter(doc);
    assert.equal(fields.total.value, "59.97", "the formula is frozen at signing");
    assert.equal(fields.which_condition.supplied, true);
    assert.match(fields.note.value, /^sha256:[0-9a-f]{64}$/);
    noProblems(page);
    await ctx.close();
  });

  it("without JavaScript: ticking the box and submitting re-renders with the new fields; answered and the file uploaded, it signs", LIMIT, async () => {
    const doc = await sentDocument({ signers: [SIGNER], fields: formFields([NOTE]) });
    const ctx = await newContext({ javaScriptEnabled: false });
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await page.getByRole("button", { name: "I agree" }).click();
    await page.getByRole("heading", { name: "Step 2 of 2: answer and sign" }).waitFor();
    assert.equal(await box(page, "which_condition").isHidden(), true);
    await page.getByLabel("I have a medical condition").check();
    await page.getByLabel("Number of bikes").fill("3");
    await page.getByLabel("Price per bike").fill("19.99");
    await page.getByRole("radio", { name: "M", exact: true }).check();
    await page.getByLabel("Your full name, as your signature").fill(SIGNER.full_name);
    await page.getByRole("button", { name: "Sign", exact: true }).click();

    // The page comes back with the field it now asks, the answers kept, the total computed.
    await page.getByText("Now asked because of your answers above").first().waitFor();
    await page.locator("#f-which_condition").waitFor({ state: "visible" });
    assert.equal(await page.locator('output[data-key="total"]').textContent(), "59.97");
    await check(page, "fields-2-no-javascript", { script: false });
    await page.getByLabel("Which condition (required)").fill("Asthma");
    // The Upload button posts the whole form with the file: the answers are saved, the page comes back with the file held.
    await page.locator("#f-note").setInputFiles(NOTE_PDF);
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByText(/^A file is uploaded \(SHA-256 [0-9a-f]{12}…\)/).waitFor();
    assert.equal(await page.locator("#f-which_condition").inputValue(), "Asthma");
    await page.getByLabel("Your full name, as your signature").fill(SIGNER.full_name);
    await page.getByRole("button", { name: "Sign", exact: true }).click();
    await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    const fields = await readAfter(doc);
    assert.equal(fields.total.value, "59.97");
    assert.equal(fields.which_condition.supplied, true);
    assert.match(fields.note.value, /^sha256:[0-9a-f]{64}$/);
    await ctx.close();
  });
});
