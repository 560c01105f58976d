/**
 * Signing on the page pictures in Chromium: a one-page PDF template with a text, a date, a
 * checkbox, initials and a signature box for each of two signing parties, sent to both. The first
 * signer fills every box by clicking it on the picture (typing in the editor over it, ticking,
 * drawing the signature in the dialog); the second uses the keyboard only (Tab to the guide,
 * Enter opens each box in turn). The document completes and the sealed PDF holds the answers.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { BASE_URL, LIMIT, SHOTS, axe, check, env, newContext, newPage, noProblems, tabTo } from "./lib.mjs";

const { encode } = await import("fast-png");

/** Each party's boxes: signer 1 on the left half of the page, signer 2 on the right. */
const KINDS = [
  ["name", "Full name", "text", 0.15, 0.05],
  ["date", "Date", "date", 0.25, 0.05],
  ["agree", "I agree to the terms", "checkbox", 0.35, 0.04],
  ["initials", "Initials", "initials", 0.45, 0.05],
  ["sig", "Signature", "signature", 0.6, 0.08],
];
const FIELDS = [1, 2].flatMap((n) =>
  KINDS.map(([k, label, kind, y, h]) => ({
    key: `s${n}_${k}`,
    label: `${label} (party ${n})`,
    kind,
    signer: n,
    place: { page: 1, x: n === 1 ? 0.06 : 0.54, y, w: 0.4, h },
  })),
);

async function twoPartyDocument() {
  const { svc } = env;
  const { key } = await svc.account("Harbour Lettings");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595.28, 841.89]).drawText("Mooring agreement between the harbour and the boat owner", { x: 50, y: 790, size: 14, font });
  const code = `mooring-${Math.random().toString(36).slice(2, 8)}`;
  const signers = [
    { email: "hana@example.com", full_name: "Hana Harbour" },
    { email: "otto@example.com", full_name: "Otto Owner" },
  ];
  const { docId, links } = await svc.sentPdfDocument(key, code, await doc.save(), FIELDS, { title: "Mooring agreement", signers });
  return { key, docId, links };
}

/** The signer's page after consent, the boxes placed. */
async function opened(ctx, token) {
  const page = await newPage(ctx);
  await page.goto(`${BASE_URL}/s/${token}`);
  await page.getByRole("button", { name: "I agree" }).click();
  await page.locator("#pdf-view .pbox").first().waitFor();
  await page.$$eval("#pdf-view img", (imgs) => Promise.all(imgs.map((i) => i.decode())));
  return page;
}

const keys = (page) => page.$$eval("#pdf-view .pbox", (bs) => bs.map((b) => b.dataset.key));
const box = (page, key) => page.locator(`.pbox[data-key="${key}"]`);
const progress = (page) => page.textContent("#pv-count");

describe("signing on the page pictures", () => {
  it("two parties fill their own boxes on the picture, by mouse and by keyboard, and the sealed PDF holds the answers", LIMIT, async () => {
    const { svc } = env;
    const { key, docId, links } = await twoPartyDocument();

    // Signer 1, with the mouse at 1280 px: every box filled by clicking it on the picture.
    const ctx1 = await newContext({ viewport: { width: 1280, height: 900 } });
    const p1 = await opened(ctx1, links[0].token);
    assert.deepEqual(await keys(p1), ["s1_name", "s1_date", "s1_agree", "s1_initials", "s1_sig"], "only this party's boxes, in reading order");
    assert.equal(await progress(p1), "0 of 5 filled");
    await box(p1, "s1_name").click();
    await p1.waitForFunction(() => document.activeElement?.id === "pv-ed-in");
    assert.equal(await p1.textContent("#pv-ed-l"), "Full name (party 1)");
    await p1.keyboard.type("ALPHAONE");
    assert.equal(await p1.inputValue("#f-s1_name"), "ALPHAONE", "typed on the picture, written into the form");
    await p1.keyboard.press("Enter");
    assert.equal(await p1.locator("#pv-ed").isHidden(), true);
    assert.equal(await box(p1, "s1_name").textContent(), "ALPHAONE", "the box shows its value");
    // The form is the source of truth: typed in the form, shown on the box.
    await p1.fill("#f-s1_initials", "HH");
    assert.equal(await box(p1, "s1_initials").textContent(), "HH");
    await box(p1, "s1_date").click();
    assert.equal(await p1.getAttribute("#pv-ed-in", "type"), "date");
    await p1.fill("#pv-ed-in", "2026-12-01");
    await p1.click("#pv-ed-ok");
    assert.equal(await p1.inputValue("#f-s1_date"), "2026-12-01");
    await box(p1, "s1_agree").click();
    assert.equal(await p1.isChecked("#f-s1_agree"), true, "a click on the box ticks the form's checkbox");
    assert.equal(await progress(p1), "4 of 5 filled");
    assert.equal(await p1.locator(".pbox.next").getAttribute("data-key"), "s1_sig");
    // The signature box opens the dialog holding the form's own signature part: drawn there.
    await box(p1, "s1_sig").click();
    await p1.locator("#pv-sig[open] #m-drawn").waitFor();
    await p1.check("#m-drawn");
    const pad = await p1.locator("#pad").boundingBox();
    await p1.mouse.move(pad.x + 20, pad.y + pad.height * 0.7);
    await p1.mouse.down();
    for (let i = 1; i <= 30; i++) await p1.mouse.move(pad.x + 20 + i * 8, pad.y + pad.height * (0.7 - 0.4 * Math.sin(i / 4)), { steps: 2 });
    await p1.mouse.up();
    await axe(p1, "the signature dialog at 1280");
    await p1.setViewportSize({ width: 390, height: 844 });
    await p1.screenshot({ path: path.join(SHOTS, "pdf-in-place-dialog-390x844.png") });
    await axe(p1, "the signature dialog at 390");
    await p1.setViewportSize({ width: 1280, height: 900 });
    await p1.click("#pv-sig-ok");
    await p1.locator("#pv-sig[open]").waitFor({ state: "detached" });
    // The dialog's `close` event, which puts the part back, comes a task after `open` goes.
    await p1.locator("#sign-form fieldset.sig #pad").waitFor({ timeout: 5_000 });
    assert.equal(await p1.locator("#sign-form fieldset.sig #pad").count(), 1, "the signature part is back in the form");
    await box(p1, "s1_sig").locator("img").waitFor();
    assert.equal(await progress(p1), "5 of 5 filled");
    assert.equal(await p1.locator(".pbox.done").count(), 5);
    await check(p1, "pdf-in-place-1-filled");
    // Every box filled: the guide takes the focus to the Sign button.
    await p1.click("#pv-next");
    await p1.waitForFunction(() => document.activeElement?.matches("#sign-form button[type=submit]"));
    await p1.getByRole("button", { name: "Sign", exact: true }).click();
    await p1
      .getByRole("heading", { name: /signed/i })
      .first()
      .waitFor();
    noProblems(p1);

    // Signer 2, keyboard only at 390 px: Tab to the guide, Enter opens each box in turn.
    const ctx2 = await newContext();
    const p2 = await opened(ctx2, links[1].token);
    assert.deepEqual(await keys(p2), ["s2_name", "s2_date", "s2_agree", "s2_initials", "s2_sig"], "the other party's boxes are not shown");
    await tabTo(p2, "#pv-next");
    assert.equal(await p2.textContent("#pv-next"), "Start");
    await p2.keyboard.press("Enter");
    await p2.waitForFunction(() => document.activeElement?.id === "pv-ed-in");
    const ed = await p2.locator("#pv-ed").boundingBox();
    assert.ok(ed.x >= 0 && ed.x + ed.width <= 390, `the editor fits the screen: ${ed.x}+${ed.width}`);
    await p2.setViewportSize({ width: 390, height: 844 });
    await p2.screenshot({ path: path.join(SHOTS, "pdf-in-place-editor-390x844.png") });
    await axe(p2, "the editor over a box at 390");
    await p2.keyboard.type("BRAVOTWO");
    await p2.keyboard.press("Enter");
    await p2.waitForFunction(() => document.activeElement?.id === "pv-next");
    assert.equal(await p2.textContent("#pv-next"), "Next");
    await p2.keyboard.press("Enter");
    await p2.waitForFunction(() => document.activeElement?.getAttribute("type") === "date");
    await p2.keyboard.type("12022026");
    await p2.keyboard.press("Enter");
    assert.equal(await p2.inputValue("#f-s2_date"), "2026-12-02");
    await p2.keyboard.press("Enter");
    await p2.waitForFunction(() => document.activeElement?.id === "pv-ed-in" && document.activeElement.type === "checkbox");
    await p2.keyboard.press("Space");
    await p2.keyboard.press("Enter");
    assert.equal(await p2.isChecked("#f-s2_agree"), true);
    await p2.keyboard.press("Enter");
    await p2.keyboard.type("OO");
    await p2.keyboard.press("Enter");
    assert.equal(await p2.inputValue("#f-s2_initials"), "OO");
    await p2.keyboard.press("Enter");
    await p2.locator("#pv-sig[open]").waitFor();
    await tabTo(p2, "#typed-name");
    await p2.keyboard.type("Otto Owner");
    await tabTo(p2, "#pv-sig-ok");
    await p2.keyboard.press("Enter");
    await p2.waitForFunction(() => document.activeElement?.id === "pv-next");
    await box(p2, "s2_sig").getByText("Otto Owner").waitFor();
    assert.equal(await progress(p2), "5 of 5 filled");
    await check(p2, "pdf-in-place-2-filled");
    assert.equal(await p2.evaluate(() => document.activeElement?.id), "pv-next");
    await p2.keyboard.press("Enter");
    await p2.waitForFunction(() => document.activeElement?.matches("#sign-form button[type=submit]"));
    await p2.keyboard.press("Enter");
    await p2.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    noProblems(p2);

    const status = (await svc.must("GET", `/v1/documents/${docId}`, { key })).json.status;
    assert.equal(status, "completed");
    const sealed = await svc.call("GET", `/v1/documents/${docId}/pdf`, { key, accept: "application/pdf" });
    assert.equal(sealed.status, 200);
    const file = path.join(mkdtempSync(path.join(tmpdir(), "pdf-in-place-")), "sealed.pdf");
    writeFileSync(file, Buffer.from(sealed.bytes));
    const page1 = execFileSync("pdftotext", ["-f", "1", "-l", "1", file, "-"], { encoding: "utf8" });
    for (const typed of ["ALPHAONE", "2026-12-01", "HH", "BRAVOTWO", "2026-12-02", "OO", "Otto Owner"])
      assert.ok(page1.includes(typed), `${typed} is drawn on page 1`);
    const images = execFileSync("pdfimages", ["-f", "1", "-l", "1", "-list", file], { encoding: "utf8" }).trim().split("\n").slice(2);
    assert.ok(images.length >= 1, "the drawn signature is a picture in its box on page 1");
    await ctx1.close();
    await ctx2.close();
  });

  it("a box whose field a condition hides is off the picture until it holds; an upload's box takes the file in the page's own input", LIMIT, async () => {
    const { svc } = env;
    const { key } = await svc.account("Harbour Uploads");
    const doc = await PDFDocument.create();
    doc.addPage([595.28, 841.89]);
    const at = (y) => ({ page: 1, x: 0.1, y, w: 0.4, h: 0.05 });
    const fields = [
      { key: "insured", label: "The boat is insured", kind: "checkbox", required: false, place: at(0.2) },
      { key: "policy", label: "Policy number", kind: "text", required: true, show_if: { key: "insured", op: "checked" }, place: at(0.3) },
      { key: "card", label: "Insurance card", kind: "file", required: false, place: at(0.4) },
    ];
    const { token } = await svc.sentPdfDocument(key, `cond-${Math.random().toString(36).slice(2, 8)}`, await doc.save(), fields);
    const ctx = await newContext({ viewport: { width: 1280, height: 900 } });
    const page = await opened(ctx, token);
    assert.equal(await box(page, "policy").isHidden(), true, "hidden while its condition does not hold");
    assert.equal(await progress(page), "0 of 2 filled");
    await box(page, "insured").click();
    await box(page, "policy").waitFor({ state: "visible" });
    await page.waitForFunction(() => document.querySelector("#pv-count")?.textContent === "1 of 3 filled");
    // The file box leads to the page's own file input (a copy of a file input holds no file).
    await box(page, "card").click();
    await page.waitForFunction(() => document.activeElement?.id === "f-card");
    await page.locator("#f-card").setInputFiles({
      name: "card.png",
      mimeType: "image/png",
      buffer: Buffer.from(encode({ width: 8, height: 8, data: new Uint8Array(192).fill(90), channels: 3, depth: 8 })),
    });
    await page.waitForFunction(() => document.querySelector('.pbox[data-key="card"]')?.textContent === "✓");
    await check(page, "pdf-in-place-conditions");
    await ctx.close();
  });
});
