/**
 * Embedding in Chromium (docs/embedding.md), from a partner's page on another origin:
 *
 * - the built `<edge-sign-form>` (clients/embed, built here with its own `tsc` build) frames a
 *   signing link; the signer signs inside it; the element fires `loaded`, `signed` and
 *   `completed` with the document's id, and the frame takes the page's own height (no inner
 *   scrolling), again after the page changes;
 * - a `POST /v1/embed-sessions` URL opens the placement editor framed by the partner; a field is
 *   added, placed with the keyboard and saved inside the frame, and read back through the API;
 *   the same session is refused anywhere else of the dashboard, and the link does not open twice.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { BASE_URL, LIMIT, SHOTS, documentOf, env, newContext, newPage, noProblems, sentDocument } from "./lib.mjs";
import { OPERATOR_TOKEN, ROOT } from "../validators/harness.mjs";

const PARTNER = "https://partner.example";

/** The package's build (tsc, as `npm run build` in clients/embed), then its module as a partner would ship it. */
function builtComponent() {
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", path.join(ROOT, "clients/embed/tsconfig.json")]);
  // Inlined in the partner's page below: a "</script" in its comments must not end the tag.
  return readFileSync(path.join(ROOT, "clients/embed/dist/index.js"), "utf8").replaceAll("</script", "<\\/script");
}

/** How tall the frame is, and how tall the page inside it says it is. */
async function frameFit(page) {
  const outer = await page.evaluate(() => document.querySelector("edge-sign-form").shadowRoot.querySelector("iframe").getBoundingClientRect().height);
  const frame = page.frames().find((f) => f.url().startsWith(`${BASE_URL}/s/`));
  const inner = await frame.evaluate(() => ({
    content: document.documentElement.getBoundingClientRect().height,
    scroll: document.documentElement.scrollHeight,
  }));
  return { outer, ...inner };
}

describe("embedding", () => {
  it("<edge-sign-form> on a partner's page: loaded, signed and completed, and the frame sized to the page", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "embedded@example.com", full_name: "Emma Embedded" }], frameAncestors: [PARTNER] });
    const js = builtComponent();
    const partnerPage =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner portal</title></head>` +
      `<body><main><h1>Partner portal</h1><p id="status" role="status">Waiting.</p>` +
      `<edge-sign-form src="${doc.links[0].token}" host="${BASE_URL}" title="Sign the rental agreement"></edge-sign-form></main>` +
      `<script type="module">${js}\n` +
      `window.events = [];const form = document.querySelector("edge-sign-form");` +
      `for (const t of ["loaded", "signed", "declined", "completed"]) document.addEventListener(t, (e) => { window.events.push({ type: e.type, detail: e.detail, target: e.target.localName }); document.getElementById("status").textContent = e.type; });` +
      `</script></body></html>`;
    const ctx = await newContext({}, { "partner.example": partnerPage });
    const page = await newPage(ctx);
    await page.goto(`${PARTNER}/`);
    const frame = page.frameLocator("edge-sign-form iframe");
    await frame.getByRole("button", { name: "I agree" }).waitFor();
    await page.waitForFunction(() => window.events.some((e) => e.type === "loaded"));
    // The frame is the page's height: nothing scrolls inside it, and it is not the element's first guess.
    await page.waitForFunction(() => {
      const f = document.querySelector("edge-sign-form").shadowRoot.querySelector("iframe");
      return Math.abs(f.getBoundingClientRect().height - 480) > 2;
    });
    let fit = await frameFit(page);
    assert.ok(Math.abs(fit.outer - fit.content) <= 2, `the frame (${fit.outer}px) is the page's height (${fit.content}px)`);
    assert.ok(fit.scroll <= fit.outer + 2, "nothing scrolls inside the frame");
    await page.screenshot({ path: path.join(SHOTS, "embed-1-component-390x844.png"), fullPage: true });

    await frame.getByRole("button", { name: "I agree" }).click();
    await frame.getByLabel("Your full name, as your signature").fill("Emma Embedded");
    const before = fit.outer;
    await page.waitForFunction((h) => Math.abs(document.querySelector("edge-sign-form").height - h) > 2, before);
    fit = await frameFit(page);
    assert.ok(Math.abs(fit.outer - fit.content) <= 2, `after consent, the frame (${fit.outer}px) follows the page (${fit.content}px)`);
    await frame.getByRole("button", { name: "Sign", exact: true }).click();
    await frame.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    await page.waitForFunction(() => window.events.some((e) => e.type === "completed"));
    const events = await page.evaluate(() => window.events);
    const about = { document_id: doc.id, signer_id: doc.links[0].signer_id };
    assert.ok(
      events.every((e) => e.target === "edge-sign-form"),
      "the element fires them, and they bubble",
    );
    assert.deepEqual(
      events.filter((e) => e.type !== "loaded").map((e) => [e.type, e.detail]),
      [
        ["signed", { type: "signed", ...about, document_status: "completed" }],
        ["completed", { type: "completed", ...about, document_status: "completed" }],
      ],
    );
    assert.ok(events.filter((e) => e.type === "loaded").length >= 3, "loaded after each page of the ceremony");
    assert.equal(await page.textContent("#status"), "completed");
    assert.equal((await documentOf(doc.key, doc.id)).status, "completed");
    fit = await frameFit(page);
    assert.ok(Math.abs(fit.outer - fit.content) <= 2, `after signing, the frame (${fit.outer}px) follows the page (${fit.content}px)`);
    noProblems(page);
    await ctx.close();
  });

  it("an embed-session URL opens the placement editor inside the partner's page; a field is placed there, and nothing else is reachable", LIMIT, async () => {
    const { svc } = env;
    const acct = await svc.account("Harbour Leases");
    await svc.must("PATCH", `/ops/v1/tenants/${acct.tenantId}`, { key: OPERATOR_TOKEN, body: { frame_ancestors: [PARTNER] } });
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([595, 842]).drawText("Boat lease", { x: 60, y: 780, size: 24, font });
    const up = await svc.raw(
      acct.key,
      "POST",
      "/v1/templates/pdf?code=boat-lease&name=Boat%20lease&kind=contract&filename=boat.pdf",
      await pdf.save(),
      "application/pdf",
    );
    assert.equal(up.status, 200, up.text);
    const templateId = up.json.template_id;
    // The page's picture, as the dashboard's upload draws it (PUT through the API here).
    const { encode } = await import("fast-png");
    const [w, h] = [893, 1263];
    const png = encode({ width: w, height: h, data: new Uint8Array(w * h * 3).fill(245), channels: 3, depth: 8 });
    assert.equal((await svc.raw(acct.key, "PUT", `/v1/templates/${templateId}/pages/1`, png, "image/png")).status, 200);
    const started = Date.now();
    const session = (await svc.must("POST", "/v1/embed-sessions", { key: acct.key, body: { template_id: templateId, purpose: "edit_template" } })).json;
    const partnerPage =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner: edit the lease</title></head>` +
      `<body><main><h1>Edit the lease</h1><iframe id="editor" title="Template editor" src="${session.url}" style="width:1200px;height:1600px;border:0"></iframe></main></body></html>`;
    const ctx = await newContext({ viewport: { width: 1280, height: 900 } }, { "partner.example": partnerPage });
    const page = await newPage(ctx);
    await page.goto(`${PARTNER}/`);
    const editor = page.frameLocator("#editor");
    await editor.getByRole("heading", { name: /Boat lease/, level: 1 }).waitFor();
    await editor.locator('.pg[data-n="1"] .pg-in img').waitFor({ timeout: 60_000 });
    console.log(`# embed session: link made, opened in the partner's frame and the editor's page drawn: ${Date.now() - started} ms`);
    const inner = page.frames().find((f) => f.url().startsWith(`${BASE_URL}/app/templates/`));
    assert.ok(inner, "the frame went from the link to the editor");
    assert.equal(await inner.locator("nav").count(), 0, "no dashboard navigation in the frame");
    assert.equal(await inner.locator("form[action='/app/sign-out']").count(), 0);
    await editor.locator("#nf-key").fill("skipper_name");
    await editor.locator("#nf-label").fill("Skipper's name");
    await editor.locator("#nf-kind").selectOption("text");
    await editor.locator("#add-field").click();
    await editor.getByText("Field skipper_name added").waitFor();
    await editor.locator("#place-btn-skipper_name").focus();
    await page.keyboard.press("Enter");
    await inner.waitForFunction(() => document.querySelector('.fbox[data-key="skipper_name"]') !== null);
    await editor.locator("#save-fields").click();
    await editor.getByText("Saved: 1 field, 1 placed.").waitFor();
    const tpl = (await svc.must("GET", "/v1/templates", { key: acct.key })).json.templates.find((t) => t.template_id === templateId);
    assert.deepEqual(
      tpl.fields.map((f) => [f.key, f.place?.page]),
      [["skipper_name", 1]],
    );
    noProblems(page);
    // The session reaches nothing else: another dashboard page answers 403 inside the frame.
    const elsewhere = await inner.evaluate(async () => (await fetch("/app/documents", { credentials: "same-origin" })).status);
    assert.equal(elsewhere, 403);
    await ctx.close();

    // The link opened once: a second partner page gets the dead-link page.
    const again = await newContext({}, { "partner.example": partnerPage });
    const p2 = await newPage(again);
    await p2.goto(`${PARTNER}/`);
    const second = p2.frames().find((f) => f !== p2.mainFrame());
    await second.waitForLoadState();
    assert.equal(await second.locator(".pg-in").count(), 0, "the editor does not open a second time");
    await again.close();
  });
});
