/**
 * PDF templates in Chromium: a 2-page PDF (the second page turned 90°) made here with pdf-lib is
 * uploaded from the dashboard, its pages drawn by pdf.js in the browser and uploaded; two boxes
 * are placed with the mouse and one with the keyboard; saved, published; a document is sent by
 * API; the signer sees the pages with the boxes, fills the form and signs; the sealed PDF is served.
 * Then, on a second draft, a field's rules, a condition and "Place on every page" set with the
 * keyboard in the chosen field's panel, saved, read back through the API, and made one place again.
 * Last, a contract with text tags and a form field uploaded with "read fields from the document":
 * the editor opens with the fields read placed on the pages and lists the tag it could not read.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PDFDocument, StandardFonts, degrees } from "pdf-lib";
import { BASE_URL, LIMIT, check, env, newContext, newPage, noProblems, tabTo } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";

const PASSWORD = "a long enough pass phrase";

async function twoPagePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([595, 842]);
  p1.drawText("Bike lease agreement", { x: 60, y: 780, size: 24, font });
  p1.drawText("Full name: ____________________", { x: 60, y: 650, size: 14, font });
  const p2 = doc.addPage([595, 842]);
  p2.setRotation(degrees(90));
  p2.drawText("Page two, turned 90 degrees", { x: 60, y: 700, size: 18, font });
  return Buffer.from(await doc.save());
}

/** Drags from one point to another of an element, in fractions of its box. */
async function drag(page, selector, from, to) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const box = await page.locator(selector).boundingBox();
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from[0] + to[0]) / 2), box.y + box.height * ((from[1] + to[1]) / 2), { steps: 4 });
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps: 4 });
  await page.mouse.up();
}

const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 0.02, `${what}: ${a} is not within 0.02 of ${b}`);

/** A new account's owner signed in to the dashboard in live data (the API key is a live one): its id, the context and the page. */
async function ownerInLiveData(business, fullName) {
  const { svc } = env;
  const acct = await svc.account(business);
  const email = `owner-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await svc.must("POST", `/ops/v1/tenants/${acct.tenantId}/members`, {
    key: OPERATOR_TOKEN,
    body: { email, full_name: fullName, role: "owner", password: PASSWORD },
  });
  const ctx = await newContext({ viewport: { width: 1280, height: 900 } });
  const page = await newPage(ctx);
  await page.goto(`${BASE_URL}/app/sign-in`);
  await page.fill("#email", email);
  await page.fill("#password", PASSWORD);
  await page.click("form[action='/app/sign-in'] button[type=submit]");
  await page.getByRole("heading", { name: "Documents", level: 1 }).waitFor();
  await page.click("button[name=mode][value=live]");
  await page.locator("button[name=mode][value=live][aria-pressed=true]").waitFor();
  return { acct, ctx, page };
}

describe("PDF templates: upload, draw, place, publish, sign in place", () => {
  it("from the dashboard to the sealed PDF", LIMIT, async () => {
    const { svc } = env;
    const { acct, ctx, page } = await ownerInLiveData("Lakeside Leases", "Pat Placer");

    await page.goto(`${BASE_URL}/app/templates`);
    await page.getByRole("heading", { name: "Upload a PDF template" }).waitFor();
    await check(page, "pdf-1-templates");
    const code = `lease-${Math.random().toString(36).slice(2, 8)}`;
    await page.fill("#p-code", code);
    await page.fill("#p-name", "Bike lease");
    await page.selectOption("#p-kind", "contract");
    await page.selectOption("#p-fields", "");
    await page.setInputFiles("#p-file", { name: "bike-lease.pdf", mimeType: "application/pdf", buffer: await twoPagePdf() });
    const started = Date.now();
    await page.click("#pdf-upload button[type=submit]");
    await page.waitForURL(/\/app\/templates\/[^/]+\/place\?done=drawn$/, { timeout: 90_000 });
    console.log(`# upload, pdf.js load and drawing + uploading 2 pages: ${Date.now() - started} ms`);
    const templateId = /\/app\/templates\/([^/]+)\/place/.exec(page.url())[1];

    // The pictures were drawn at 1.5× of the page as shown, the turned page as turned.
    const info = (await svc.must("GET", `/v1/templates/${templateId}/pdf`, { key: acct.key })).json;
    assert.equal(info.page_count, 2);
    assert.equal(info.drawn, 2);
    assert.equal(info.ready, true);
    assert.equal(info.original_name, "bike-lease.pdf");
    assert.equal(info.pages[1].rotation, 90);
    assert.ok(info.pages[1].width > info.pages[1].height, "page 2 is shown landscape");
    const sizes = await page.$$eval(".pg-in img", (imgs) => imgs.map((i) => [i.naturalWidth, i.naturalHeight]));
    assert.deepEqual(sizes, [
      [893, 1263],
      [1263, 893],
    ]);
    await page.locator(".pg-in img").nth(1).waitFor();

    // Three fields, added in the editor.
    for (const [key, label, kind] of [
      ["full_name", "Full name", "text"],
      ["agree", "I agree to the terms", "checkbox"],
      ["lessee_signature", "Signature of the lessee", "signature"],
    ]) {
      await page.fill("#nf-key", key);
      await page.fill("#nf-label", label);
      await page.selectOption("#nf-kind", kind);
      await page.click("#add-field");
      await page.getByText(`Field ${key} added`).waitFor();
    }
    // The signature is asked of the first signing party only: its box says so in words and wears that party's colour.
    await page.selectOption("#party-lessee_signature", "n1");
    await page.waitForFunction(() => /asked of Signer 1/.test(document.getElementById("place-live")?.textContent ?? ""));
    // Two boxes with the mouse: drawn by dragging on a page, one then moved and resized.
    await page.selectOption("#draw-field", "full_name");
    await drag(page, '.pg[data-n="1"] .pg-in', [0.2, 0.2], [0.6, 0.25]);
    await page.selectOption("#draw-field", "agree");
    await drag(page, '.pg[data-n="2"] .pg-in', [0.1, 0.5], [0.3, 0.56]);
    await drag(page, '.fbox[data-key="agree"]', [0.5, 0.5], [0.5, -0.5]); // moved up by half its height… and snapped
    const agreeBox = await page.locator('.fbox[data-key="agree"] .hdl.se').boundingBox();
    const pg2 = await page.locator('.pg[data-n="2"] .pg-in').boundingBox();
    await page.mouse.move(agreeBox.x + agreeBox.width / 2, agreeBox.y + agreeBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(pg2.x + pg2.width * 0.4, pg2.y + pg2.height * 0.6, { steps: 5 });
    await page.mouse.up();
    // One with the keyboard: a box on page 1, then moved with the arrows and widened with Shift.
    await tabTo(page, "#place-btn-lessee_signature");
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.key), "lessee_signature");
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    for (let i = 0; i < 60; i++) await page.keyboard.press("ArrowDown");
    for (let i = 0; i < 10; i++) await page.keyboard.press("Shift+ArrowRight");
    for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+ArrowDown");
    await page.waitForFunction(() => /left 15%, top 70%, width 40%, height 8%/.test(document.getElementById("place-live")?.textContent ?? ""));
    assert.equal(await page.textContent('.fbox[data-key="lessee_signature"] .pty'), "Signer 1");
    assert.equal(await page.textContent('.fbox[data-key="full_name"] .pty'), "Any signer");
    const colours = await page.$$eval(".fbox", (bs) => Object.fromEntries(bs.map((b) => [b.dataset.key, getComputedStyle(b).getPropertyValue("--pc").trim()])));
    assert.match(colours.lessee_signature, /^#[0-9a-f]{6}$/, "a party's box has its own colour");
    assert.equal(colours.full_name, "", "a box for any signer keeps the accent colour");
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.equal(ring, "solid", "the focused box shows a focus ring");
    await check(page, "pdf-2-editor");

    await page.click("#save-fields");
    await page.getByText("Saved: 3 fields, 3 placed.").waitFor();
    const tpl = (await svc.must("GET", "/v1/templates", { key: acct.key })).json.templates.find((t) => t.template_id === templateId);
    const place = Object.fromEntries(tpl.fields.map((f) => [f.key, f.place]));
    assert.equal(place.full_name.page, 1);
    near(place.full_name.x, 0.2, "full_name x");
    near(place.full_name.y, 0.2, "full_name y");
    near(place.full_name.w, 0.4, "full_name w");
    near(place.full_name.h, 0.05, "full_name h");
    assert.equal(place.agree.page, 2);
    near(place.agree.x + place.agree.w, 0.4, "agree right edge");
    near(place.agree.y + place.agree.h, 0.6, "agree bottom edge");
    assert.deepEqual(place.lessee_signature, { page: 1, x: 0.15, y: 0.7, w: 0.4, h: 0.08 });
    assert.equal(tpl.fields.find((f) => f.key === "lessee_signature").signer, 1);
    assert.equal(tpl.fields.find((f) => f.key === "full_name").signer, undefined);

    // A staff-only field cannot be placed: the save is refused and the page says so.
    const staff = [...tpl.fields.map(({ key, label, kind, required, place: p }) => ({ key, label, kind, required, place: p }))];
    staff.push({ key: "desk_note", label: "Desk note", kind: "text", required: false, staff_only: true, place: { page: 1, x: 0.5, y: 0.9, w: 0.2, h: 0.05 } });
    await page.evaluate((f) => {
      document.getElementById("fields-json").value = JSON.stringify(f);
    }, staff);
    await page.click("#save-fields");
    await page.getByText("a staff-only field cannot be placed").waitFor();
    assert.equal((await svc.must("GET", "/v1/templates", { key: acct.key })).json.templates.find((t) => t.template_id === templateId).fields.length, 3);

    await page.click("#publish");
    await page.getByText(`Published ${code} version 1`).waitFor();
    noProblems(page);

    // A document from it, sent by API; the signer's page shows the pages with the boxes.
    const docId = (await svc.must("POST", "/v1/documents", { key: acct.key, body: { template_code: code, values: {} } })).json.document_id;
    const links = (
      await svc.must("POST", `/v1/documents/${docId}/send`, { key: acct.key, body: { signers: [{ full_name: "Lee Lessee", email: "lee@example.com" }] } })
    ).json.links;
    const sctx = await newContext();
    const signer = await newPage(sctx);
    await signer.goto(`${BASE_URL}/s/${links[0].token}`);
    await signer.getByRole("button", { name: "I agree" }).click();
    await signer.locator("#pdf-view .pbox").first().waitFor();
    assert.equal(await signer.locator("#pdf-view .pbox").count(), 3);
    const loaded = await signer.$$eval("#pdf-view img", (imgs) => Promise.all(imgs.map((i) => i.decode().then(() => i.naturalWidth))));
    assert.deepEqual(loaded, [893, 1263]);
    // In reading order, the first box to fill is highlighted; Start opens it in place, over the box, and what is typed there goes into the form's field.
    assert.equal(await signer.locator(".pbox.next").getAttribute("data-key"), "full_name");
    await signer.click("#pv-next");
    await signer.waitForFunction(() => document.activeElement?.id === "pv-ed-in");
    await signer.keyboard.type("Lee Lessee");
    assert.equal(await signer.inputValue("#f-full_name"), "Lee Lessee");
    await signer.waitForFunction(() => document.querySelector(".pbox.next")?.dataset.key === "lessee_signature");
    await signer.click("#pv-in");
    assert.equal(await signer.textContent("#pv-zoom"), "150%");
    await check(signer, "pdf-3-signing");
    await signer.click("#pv-out");
    await signer.check("#f-agree");
    await signer.fill("#typed-name", "Lee Lessee");
    await signer.getByRole("button", { name: "Sign", exact: true }).click();
    await signer
      .getByRole("heading", { name: /signed|complete/i })
      .first()
      .waitFor();
    noProblems(signer);

    const sealed = await svc.call("GET", `/v1/documents/${docId}/pdf`, { key: acct.key, accept: "application/pdf" });
    assert.equal(sealed.status, 200);
    assert.equal(sealed.headers.get("content-type"), "application/pdf");
    assert.ok(Buffer.from(sealed.bytes.subarray(0, 5)).toString() === "%PDF-");
    const sealedDoc = await PDFDocument.load(sealed.bytes, { updateMetadata: false });
    assert.ok(sealedDoc.getPageCount() > 2, "the two original pages, then the certificate pages");
    assert.equal(sealedDoc.getPage(1).getRotation().angle, 90, "the original's turned page comes second, still turned");
    await sctx.close();
    await ctx.close();
  });

  it("the chosen field's rules, a condition and places on every page, with the keyboard", LIMIT, async () => {
    const { svc } = env;
    const { acct, ctx, page } = await ownerInLiveData("Lakeside Rules", "Rae Rules");
    await page.goto(`${BASE_URL}/app/templates`);
    const code = `order-${Math.random().toString(36).slice(2, 8)}`;
    await page.fill("#p-code", code);
    await page.fill("#p-name", "Order form");
    await page.selectOption("#p-fields", "");
    await page.setInputFiles("#p-file", { name: "order.pdf", mimeType: "application/pdf", buffer: await twoPagePdf() });
    await page.click("#pdf-upload button[type=submit]");
    await page.waitForURL(/\/app\/templates\/[^/]+\/place\?done=drawn$/, { timeout: 90_000 });
    const templateId = /\/app\/templates\/([^/]+)\/place/.exec(page.url())[1];

    // Every kind can be added; each field added opens its panel, where its rules are typed.
    const kinds = await page.$$eval("#nf-kind option", (os) => os.map((o) => o.value));
    for (const k of ["select", "radio", "checkboxes", "formula", "image", "stamp", "file"]) assert.ok(kinds.includes(k), `${k} can be added`);
    const addField = async (key, label, kind) => {
      await page.focus("#nf-key");
      await page.keyboard.type(key);
      await page.keyboard.press("Tab");
      await page.keyboard.type(label);
      await page.selectOption("#nf-kind", kind);
      await page.focus("#add-field");
      await page.keyboard.press("Enter");
      await page.getByText(`Field ${key} added`).waitFor();
      await page.waitForFunction((k) => document.getElementById("fp-title")?.textContent?.includes(`(${k})`), key);
    };
    await addField("qty", "Quantity", "number");
    assert.equal(await page.isVisible("#fp-min"), true, "a number takes min");
    assert.equal(await page.isVisible("#fp-pattern"), false, "a number takes no pattern");
    await page.focus("#fp-min");
    await page.keyboard.type("1");
    await page.keyboard.press("Tab");
    await page.keyboard.type("10");
    await addField("total", "Total", "formula");
    await tabTo(page, "#fp-formula");
    await page.keyboard.type("qty * 2");
    await addField("ini", "Initials", "initials");

    // Initials placed with the keyboard, shown only once a quantity is filled in, then on every page.
    await page.focus("#party-ini");
    await tabTo(page, "#place-btn-ini");
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.key), "ini");
    await page.focus("#draw-field");
    await tabTo(page, "#fp-show-key");
    await page.keyboard.press("ArrowDown"); // the first earlier field: qty
    await tabTo(page, "#fp-show-op");
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowDown"); // equals, not_equals, in, checked, unchecked, filled
    assert.equal(await page.inputValue("#fp-show-key"), "qty");
    assert.equal(await page.inputValue("#fp-show-op"), "filled");
    await tabTo(page, "#fp-every-page");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => /Initials: placed on every page \(2 boxes/.test(document.getElementById("place-live")?.textContent ?? ""));
    assert.equal(await page.locator('.fbox[data-key="ini"]').count(), 2);
    assert.equal(await page.isVisible("#fp-one-place"), true);
    await check(page, "pdf-4-field-rules");

    await page.click("#save-fields");
    await page.getByText("Saved: 3 fields").waitFor();
    const read = async () =>
      Object.fromEntries(
        (await svc.must("GET", "/v1/templates", { key: acct.key })).json.templates.find((t) => t.template_id === templateId).fields.map((f) => [f.key, f]),
      );
    let f = await read();
    assert.deepEqual([f.qty.min, f.qty.max], ["1", "10"]);
    assert.deepEqual([f.total.formula, f.total.decimals, f.total.required], ["qty * 2", 2, false]);
    assert.deepEqual(f.ini.show_if, { key: "qty", op: "filled" });
    assert.equal(f.ini.place, null);
    assert.deepEqual(
      f.ini.places.map((p) => p.page),
      [1, 2],
    );
    assert.deepEqual({ ...f.ini.places[1], page: 1 }, f.ini.places[0], "the same box on each page");

    // Back to one place: the panel's other action, then saved.
    await page.selectOption("#draw-field", "ini");
    await page.locator('.fbox[data-key="ini"]').first().waitFor();
    await page.focus("#draw-field");
    await tabTo(page, "#fp-one-place");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelectorAll('.fbox[data-key="ini"]').length === 1);
    await page.click("#save-fields");
    await page.getByText("Saved: 3 fields").waitFor();
    f = await read();
    assert.equal(f.ini.places, undefined);
    assert.equal(f.ini.place.page, 1);
    noProblems(page);
    await ctx.close();
  });

  it("reads fields from the document: tags and a form field placed, the tag it could not read listed", LIMIT, async () => {
    const { svc } = env;
    const { acct, ctx, page } = await ownerInLiveData("Lakeside Tags", "Tam Tagger");
    await page.goto(`${BASE_URL}/app/templates`);
    const code = `tagged-${Math.random().toString(36).slice(2, 8)}`;
    await page.fill("#p-code", code);
    await page.fill("#p-name", "Tagged lease");
    assert.equal(await page.inputValue("#p-fields"), "both", "reading fields is offered by default");
    await page.setInputFiles("#p-file", { name: "tagged.pdf", mimeType: "application/pdf", buffer: await taggedPdf() });
    await page.click("#pdf-upload button[type=submit]");
    await page.waitForURL(/\/app\/templates\/[^/]+\/place\?read=4$/, { timeout: 90_000 });
    await page.getByText("Fields read from the document: 4.").waitFor();
    const templateId = /\/app\/templates\/([^/]+)\/place/.exec(page.url())[1];
    // Each field read has its box on its page.
    for (const key of ["company", "signature_1", "date_signed_1", "lessee_email"]) await page.locator(`.fbox[data-key="${key}"]`).waitFor();
    assert.match(await page.locator("#not-read").textContent(), /Page 1: \{\{sig:1\}\}\. unknown kind/);
    await check(page, "pdf-read-fields");
    const fields = (await svc.must("GET", "/v1/templates", { key: acct.key })).json.templates.find((t) => t.template_id === templateId).fields;
    assert.deepEqual(fields.map((f) => [f.key, f.kind, f.signer ?? null]).sort(), [
      ["company", "text", 1],
      ["date_signed_1", "date_signed", 1],
      ["lessee_email", "text", null],
      ["signature_1", "signature", 1],
    ]);
    noProblems(page);
    await ctx.close();
  });
});

/** A one-page lease with three text tags, a broken one and a fillable email field. */
async function taggedPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([595, 842]);
  p.drawText("Lease", { x: 60, y: 780, size: 24, font });
  p.drawText("Company: {{text:1:company}}", { x: 60, y: 700, size: 12, font });
  p.drawText("Signed {{signature:1}} on {{date_signed:1}}", { x: 60, y: 600, size: 12, font });
  p.drawText("Not a tag: {{sig:1}}", { x: 60, y: 500, size: 12, font });
  p.drawText("Email:", { x: 60, y: 420, size: 12, font });
  const email = doc.getForm().createTextField("lessee_email");
  email.addToPage(p, { x: 110, y: 412, width: 200, height: 22 });
  return Buffer.from(await doc.save());
}
