/**
 * The dashboard in Chromium: sign in with the keyboard, every page axe-clean at 390 and 1280 px,
 * issue and revoke a key with the keyboard only, send a document and read its trail.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, LIMIT, VIEWPORTS, check, env, newContext, newPage, noProblems, serviceLanguages, tabTo } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";
import { encode } from "fast-png";
import jpeg from "jpeg-js";

const PASSWORD = "a long enough pass phrase";

async function ownerAccount() {
  const { svc } = env;
  const acct = await svc.account("Harbour Bikes");
  const email = `owner-${Date.now().toString(36)}@example.com`;
  await svc.must("POST", `/ops/v1/tenants/${acct.tenantId}/members`, {
    key: OPERATOR_TOKEN,
    body: { email, full_name: "Olga Owner", role: "owner", password: PASSWORD },
  });
  const code = `rental-${Math.random().toString(36).slice(2, 8)}`;
  await svc.must("POST", "/v1/templates", {
    key: acct.key,
    body: { code, name: "Bike rental", kind: "contract", body: "Bike rental for {{name}}.\n\nReturn the bike by the agreed date.", variables: ["name"] },
  });
  await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  const workflow = (
    await svc.must("POST", "/v1/workflows", {
      key: acct.key,
      body: {
        code: `desk-${Math.random().toString(36).slice(2, 8)}`,
        name: "Front desk rental",
        template_code: code,
        public: true,
        signer_roles: [{ label: "Renter", role: "signer", order: 1, participant: true }],
        form_fields: [],
        packet: { kind: "reservation" },
      },
    })
  ).json;
  // A booking with its guest list, imported with a key that may import subjects.
  const subjectsKey = (
    await svc.must("POST", `/ops/v1/tenants/${acct.tenantId}/keys`, {
      key: OPERATOR_TOKEN,
      body: { label: "booking system", scopes: ["signing:read", "signing:subjects"], mode: "live" },
    })
  ).json.key;
  const subject = (
    await svc.must("PUT", "/v1/subjects", {
      key: subjectsKey,
      body: {
        kind: "reservation",
        external_id: "BK-1001",
        label: "Harbour tour, Saturday",
        starts_on: "2026-12-19",
        // The rental template's one variable, filled from the subject's facts.
        facts: { name: "the Saturday harbour group" },
        participants: [
          { ref: "p1", full_name: "Pia Parent", email: "pia@example.com" },
          { ref: "k1", full_name: "Kit Kid", is_minor: true, guardian_ref: "p1" },
        ],
      },
    })
  ).json;
  return { ...acct, email, code, workflow, packetId: subject.packet.packet_id };
}

/** Signs in with the keyboard only. */
async function signIn(page, email) {
  await page.goto(`${BASE_URL}/app`);
  await page.getByRole("heading", { name: "Sign in to the dashboard" }).waitFor();
  await check(page, "dash-1-sign-in");
  await tabTo(page, "#email");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(PASSWORD);
  await enter(page);
  await page.getByRole("heading", { name: "Documents", level: 1 }).waitFor();
}

/** Presses Enter on what has focus and waits for the page it leads to. */
async function enter(page) {
  await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
}

/** Follows a link of the page with the keyboard. */
async function follow(page, selector) {
  await tabTo(page, selector);
  await enter(page);
}

/** An owner of a white-label account, signed in, looking at live data (the workflow and the packet were made with live keys). */
async function whiteLabelOwnerLive() {
  const acct = await ownerAccount();
  await env.svc.must("PATCH", `/ops/v1/tenants/${acct.tenantId}`, { key: OPERATOR_TOKEN, body: { white_label: true } });
  const ctx = await newContext();
  const page = await newPage(ctx);
  await signIn(page, acct.email);
  await tabTo(page, 'button[name=mode][value="live"]');
  await enter(page);
  await page.getByText("Live data.").waitFor();
  return { acct, ctx, page };
}

describe("dashboard", () => {
  it("signs in with the keyboard; every page is axe-clean at 390 and 1280 px", LIMIT, async () => {
    const acct = await ownerAccount();
    const ctx = await newContext();
    const page = await newPage(ctx);
    await signIn(page, acct.email);
    const cookie = (await ctx.cookies()).find((c) => c.name === "__Host-es_session");
    assert.ok(cookie.httpOnly && cookie.secure && cookie.sameSite === "Lax" && cookie.path === "/");
    await check(page, "dash-2-documents-empty");
    for (const [path, name, heading] of [
      ["/app/templates", "dash-3-templates", "Templates"],
      ["/app/webhooks", "dash-4-webhooks", "Webhooks"],
      ["/app/keys", "dash-5-keys", "API keys"],
      ["/app/members", "dash-6-members", "Members"],
      ["/app/usage", "dash-7-usage", "Usage"],
      ["/app/account", "dash-8-account", "My sign-in"],
      ["/app/documents/new", "dash-9-choose-template", "Send a document"],
    ]) {
      await page.goto(`${BASE_URL}${path}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await check(page, name);
    }
    // Live data: the workflow made with the live key, its QR code shown and downloadable.
    await page.goto(`${BASE_URL}/app/documents`);
    await tabTo(page, 'button[name=mode][value="live"]');
    await enter(page);
    await page.goto(`${BASE_URL}/app/workflows`);
    await page.getByRole("link", { name: "Front desk rental" }).waitFor();
    await check(page, "dash-17-workflows");
    await follow(page, `a[href="/app/workflows/${acct.workflow.id}"]`);
    await page.getByRole("img", { name: `QR code that opens ${acct.workflow.public_url}` }).waitFor();
    await check(page, "dash-18-workflow-qr");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /PNG/ }).click()]);
    assert.match(download.suggestedFilename(), /^qr-.*\.png$/);
    // Revising the live template: the list's link, the form (axe-clean), the next version made as a draft.
    await page.goto(`${BASE_URL}/app/templates`);
    await follow(page, `a[href="/app/templates/revise?code=${acct.code}"]`);
    await page.getByRole("heading", { name: `Revise ${acct.code}`, level: 1 }).waitFor();
    assert.equal(await page.inputValue("#r-vars"), "name");
    await check(page, "dash-18b-template-revise");
    await tabTo(page, "main form button[type=submit]");
    await enter(page);
    await page.getByText(`Version 2 of ${acct.code} is a draft: publish it to send documents from it.`).waitFor();
    // Subjects and packets: the list, then one packet, sending the minor's item to the guardian.
    await page.goto(`${BASE_URL}/app/packets`);
    await page.getByRole("link", { name: "Harbour tour, Saturday" }).waitFor();
    await check(page, "dash-19-packets");
    await follow(page, `a[href="/app/packets/${acct.packetId}"]`);
    await page.getByRole("heading", { name: "Harbour tour, Saturday", level: 1 }).waitFor();
    await check(page, "dash-20-packet");
    await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Send" }).last().click()]);
    await page.getByText("Sent to Pia Parent <pia@example.com>.").waitFor();
    await check(page, "dash-21-packet-sent");
    // Subjects from a CSV file: the example downloads; a file of two subjects is imported, the form keyboard-driven.
    await page.goto(`${BASE_URL}/app/packets`);
    const [example] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download an example file" }).click()]);
    assert.equal(example.suggestedFilename(), "subjects-example.csv");
    const csv = [
      "external_id,label,starts_on,ref,full_name,email,is_minor,guardian_ref",
      "BK-2001,Kayak morning,2026-12-20,a1,Ada Adult,ada@example.com,no,",
      "BK-2001,Kayak morning,2026-12-20,c1,Cy Child,,yes,a1",
      "BK-2002,Sunset sail,2026-12-21,b1,Bo Boater,bo@example.com,,",
    ].join("\n");
    await page.setInputFiles("#csv-file", { name: "bookings.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await tabTo(page, 'form[action="/app/packets/import"] button[type=submit]');
    await enter(page);
    await page.getByText("Imported 2 subjects.").waitFor();
    const imported = await page.locator('section[aria-label="Imported"] tbody tr td:first-child').allTextContents();
    assert.deepEqual(imported, ["Kayak morning", "Sunset sail"]);
    await check(page, "dash-22-packets-imported");
    noProblems(page);
    await ctx.close();
  });

  it("every dashboard page, screenshot at 390 and 1280 px and axe-clean at both", { timeout: 400_000 }, async () => {
    const acct = await ownerAccount();
    const id = (
      await env.svc.must("POST", "/v1/documents", { key: acct.key, body: { template_code: acct.code, values: { name: "Rui" }, title: "Rental for Rui" } })
    ).json.document_id;
    await env.svc.must("POST", `/v1/documents/${id}/send`, { key: acct.key, body: { signers: [{ email: "rui@example.com", full_name: "Rui Costa" }] } });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await signIn(page, acct.email);
    // The account's documents, workflow and subjects were made with live keys.
    await tabTo(page, 'button[name=mode][value="live"]');
    await enter(page);
    await page.getByText("Live data.").waitFor();
    // Every page a member opens (GET routes of src/dashboard/*/routes.ts that answer a page; not the downloads).
    const pages = [
      ["documents", "/app/documents"],
      ["document", `/app/documents/${id}`],
      ["send-choose", "/app/documents/new"],
      ["send-form", `/app/documents/new?template=${acct.code}`],
      ["templates", "/app/templates"],
      ["template-revise", `/app/templates/revise?code=${acct.code}`],
      ["workflows", "/app/workflows"],
      ["workflow", `/app/workflows/${acct.workflow.id}`],
      ["workflow-new", "/app/workflows/new"],
      ["workflow-edit", `/app/workflows/${acct.workflow.id}/edit`],
      ["packets", "/app/packets"],
      ["packet", `/app/packets/${acct.packetId}`],
      ["tablets", "/app/tablets"],
      ["keys", "/app/keys"],
      ["webhooks", "/app/webhooks"],
      ["connections", "/app/connections"],
      ["members", "/app/members"],
      ["branding", "/app/branding"],
      ["usage", "/app/usage"],
      ["retention", "/app/retention"],
      ["account", "/app/account"],
    ];
    for (const [name, path] of pages) {
      const answer = await page.goto(`${BASE_URL}${path}`);
      assert.equal(answer.status(), 200, path);
      await check(page, `dash-page-${name}`);
    }
    noProblems(page);
    await ctx.close();
  });

  it("the navigation's three groups stay on one line at 1280 px in every language", LIMIT, async () => {
    const acct = await ownerAccount();
    const ctx = await newContext();
    const page = await newPage(ctx);
    await signIn(page, acct.email);
    await page.setViewportSize(VIEWPORTS[1]);
    for (const lang of await serviceLanguages()) {
      await page.goto(`${BASE_URL}/app/documents?lang=${lang}`);
      const nav = await page.evaluate(() => {
        const boxes = [...document.querySelectorAll("nav.main a")].map((a) => a.getBoundingClientRect());
        return {
          links: boxes.length,
          tops: [...new Set(boxes.map((b) => Math.round(b.top)))],
          left: Math.min(...boxes.map((b) => b.left)),
          right: Math.max(...boxes.map((b) => b.right)),
          groups: [...document.querySelectorAll("nav.main .gname")].map((g) => g.getBoundingClientRect().height > 0),
          menuButton: document.querySelector("nav.main summary").getBoundingClientRect().height,
          width: document.scrollingElement.scrollWidth,
        };
      });
      assert.equal(nav.links, 12, lang);
      assert.deepEqual(nav.groups, [true, true, true], `${lang}: the three group names are shown`);
      assert.equal(nav.menuButton, 0, `${lang}: no menu button on a wide screen`);
      assert.equal(nav.tops.length, 1, `${lang}: the navigation wraps (${nav.tops.join(", ")})`);
      assert.ok(nav.left >= 0 && nav.right <= 1280 && nav.width <= 1280, `${lang}: the navigation overflows (${nav.left}–${nav.right})`);
    }
    noProblems(page);
    await ctx.close();
  });

  it("at 390 px the tables are cards: no page and no table scrolls sideways", LIMIT, async () => {
    const acct = await ownerAccount();
    // A row in every table but the webhooks' (no endpoint: the harness resolves no host): a document with a long title, keys (ownerAccount's), members.
    const id = (
      await env.svc.must("POST", "/v1/documents", {
        key: acct.key,
        body: { template_code: acct.code, values: { name: "Rui" }, title: "Bike rental for the Saturday harbour group, second season" },
      })
    ).json.document_id;
    await env.svc.must("POST", `/v1/documents/${id}/send`, {
      key: acct.key,
      body: { signers: [{ email: "rui.costa.long.address@example.com", full_name: "Rui Costa" }] },
    });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await signIn(page, acct.email);
    // ownerAccount's key is live: so is the document.
    await tabTo(page, 'button[name=mode][value="live"]');
    await enter(page);
    await page.getByText("Live data.").waitFor();
    for (const path of ["/app/documents", "/app/templates", "/app/keys", "/app/webhooks", "/app/members", `/app/documents/${id}`]) {
      await page.goto(`${BASE_URL}${path}`);
      const seen = await page.evaluate(() => ({
        page: document.scrollingElement.scrollWidth,
        tables: [...document.querySelectorAll("main table")].length,
        scrolling: [...document.querySelectorAll(".scroll")].filter((s) => s.scrollWidth > s.clientWidth).length,
        labelled: [...document.querySelectorAll("main td")].every((td) => td.hasAttribute("data-label")),
        header: [...document.querySelectorAll("main thead")].every((h) => h.getBoundingClientRect().height <= 1),
      }));
      if (path !== "/app/webhooks") assert.ok(seen.tables > 0, `${path} has a table`);
      assert.ok(seen.page <= 390, `${path} is ${seen.page}px wide at 390`);
      assert.equal(seen.scrolling, 0, `${path}: a table scrolls sideways at 390`);
      assert.ok(seen.labelled && seen.header, `${path}: every cell carries its column's name, the header row is hidden`);
    }
    await check(page, "dash-cards-document");
    // One form layout at 1280 px: a form at most 40rem wide, each label above its field, starting where it starts.
    await page.setViewportSize(VIEWPORTS[1]);
    for (const path of ["/app/keys", "/app/members", "/app/templates"]) {
      await page.goto(`${BASE_URL}${path}`);
      const forms = await page.evaluate(() =>
        [...document.querySelectorAll("main form:not(.row):not(.inline)")].map((f) => ({
          width: f.getBoundingClientRect().width,
          misaligned: [...f.querySelectorAll("label[for]:not(.choice)")]
            .map((l) => [l.getBoundingClientRect(), document.getElementById(l.htmlFor)?.getBoundingClientRect()])
            .filter(([l, i]) => i && (Math.abs(l.left - i.left) > 1 || l.bottom > i.top + 1)).length,
        })),
      );
      assert.ok(forms.length > 0, path);
      for (const f of forms) assert.ok(f.width <= 640 && f.misaligned === 0, `${path}: a form ${f.width}px wide, ${f.misaligned} labels out of line`);
    }
    await page.setViewportSize(VIEWPORTS[0]);
    noProblems(page);
    await ctx.close();
  });

  it("issues a key and revokes it with the keyboard only", LIMIT, async () => {
    const acct = await ownerAccount();
    const ctx = await newContext();
    const page = await newPage(ctx);
    await signIn(page, acct.email);
    // At 390 px the navigation is a closed menu: its links are out of reach until Enter opens it.
    assert.equal(await page.locator('nav.main a[href="/app/keys"]').isVisible(), false);
    await tabTo(page, "nav.main summary");
    await page.keyboard.press("Enter");
    assert.equal(await page.locator('nav.main a[href="/app/keys"]').isVisible(), true);
    await follow(page, 'nav.main a[href="/app/keys"]');
    await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();
    await tabTo(page, "#k-label");
    await page.keyboard.type("Front desk");
    // The mode radios: Tab lands on the checked one (test); the arrow picks live.
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowDown");
    assert.equal(await page.evaluate(() => document.querySelector("input[name=mode]:checked").value), "live");
    await tabTo(page, "#k-signing\\:read");
    await page.keyboard.press("Space");
    await tabTo(page, 'form[action="/app/keys"] button[type=submit]');
    await enter(page);
    await page.getByRole("heading", { name: 'Key "Front desk" issued' }).waitFor();
    const key = (await page.locator("#secret").textContent()).trim();
    assert.match(key, /^mk_live_[0-9a-f]{48}$/);
    await check(page, "dash-10-key-issued");
    assert.equal((await env.svc.call("GET", "/v1/account", { key })).status, 200);

    await page.goto(`${BASE_URL}/app/keys`);
    assert.equal(await page.getByText(key).count(), 0, "the key is shown once");
    const reason = page.getByLabel("Reason to revoke Front desk");
    const id = await reason.getAttribute("id");
    await tabTo(page, `#${id}`);
    await page.keyboard.type("Tablet stolen");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement.textContent.trim()), "Revoke Front desk");
    await enter(page);
    await page.getByText("Key revoked.").waitFor();
    await page.getByText("Tablet stolen").waitFor();
    await check(page, "dash-11-key-revoked");
    assert.equal((await env.svc.call("GET", "/v1/account", { key })).status, 401);
    noProblems(page);
    await ctx.close();
  });

  it("sends a document with the keyboard only and reads its trail", LIMIT, async () => {
    const acct = await ownerAccount();
    const ctx = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await newPage(ctx);
    await signIn(page, acct.email);
    // The template was made with a live key: switch the dashboard to live data.
    await tabTo(page, 'button[name=mode][value="live"]');
    await enter(page);
    await page.getByText("Live data.").waitFor();
    await follow(page, 'a[href="/app/documents/new"]');
    await tabTo(page, "select#template");
    await tabTo(page, 'form[action="/app/documents/new"] button[type=submit]');
    await enter(page);
    // The variable `name` is labelled in words.
    await page.getByLabel("Name", { exact: true }).waitFor();
    await check(page, "dash-12-send-form");
    await tabTo(page, "#title");
    await page.keyboard.type("Rental for Rui");
    await tabTo(page, "#var-name");
    await page.keyboard.type("Rui Costa");
    await tabTo(page, "#s0-name");
    await page.keyboard.type("Rui Costa");
    await page.keyboard.press("Tab");
    await page.keyboard.type("rui@example.com");
    await tabTo(page, 'form[action="/app/documents"] button[type=submit]');
    await enter(page);
    await page.getByRole("heading", { name: "Sent", level: 2 }).waitFor();
    await check(page, "dash-13-sent");
    const link = (await page.locator(".mono").first().textContent()).trim();
    assert.match(link, /^https:\/\/sign\.example\.test\/s\/[0-9a-f]{64}$/);

    await follow(page, 'a[href^="/app/documents/doc_"]');
    await page.getByRole("heading", { name: "Rental for Rui", level: 1 }).waitFor();
    // `delivered` (the emailed link taken by the outbox) lands whenever the queue runs: not part of this order.
    const kinds = async () => (await page.locator('section[aria-label="Trail"] tbody tr td:nth-child(2)').allTextContents()).filter((k) => k !== "Delivered");
    assert.deepEqual(await kinds(), ["Prepared", "Sent"]);
    await check(page, "dash-14-document-sent");

    // The signer signs (in another browser), and the trail shows it.
    const token = link.split("/s/")[1];
    await env.svc.must("POST", `/v1/sign/${token}/consent`, { body: {} });
    await env.svc.must("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Rui Costa" } });
    await page.reload();
    assert.deepEqual(await kinds(), ["Prepared", "Sent", "Agreed to sign electronically", "Signed (typed name)", "Completed"]);
    await page.getByRole("link", { name: "Sealed PDF with certificate" }).waitFor();
    await check(page, "dash-15-document-completed");

    // The list shows it under its status filter.
    await page.goto(`${BASE_URL}/app/documents?status=completed`);
    await page.getByRole("link", { name: "Rental for Rui" }).waitFor();
    await check(page, "dash-16-documents-completed");
    noProblems(page);
    await ctx.close();
  });

  it(
    "creates and edits a workflow, pairs and stops a tablet, brands the account with a logo, ends an OAuth connection, reminds a signer; every page axe-clean",
    LIMIT,
    async () => {
      const { acct, ctx, page } = await whiteLabelOwnerLive();

      // A workflow from the form: a participant and a fixed countersigner, public, one form field.
      await page.goto(`${BASE_URL}/app/workflows/new`);
      await page.getByRole("heading", { name: "New workflow", level: 1 }).waitFor();
      await check(page, "dash-19-workflow-new");
      await page.getByLabel("Name", { exact: true }).fill("Guided tour waiver");
      await page.getByLabel("Code", { exact: true }).fill(`tour-${Math.random().toString(36).slice(2, 8)}`);
      await page.locator("#wf-template").selectOption(acct.code);
      await page.locator("#r1-label").fill("Guide");
      await page.locator("#r1-role").fill("guide");
      await page.locator("#r1-order").fill("2");
      await page.locator("#r1-name").fill("Gus Guide");
      await page.locator("#r1-email").fill("gus@example.com");
      await page.getByLabel("Countersign", { exact: false }).check();
      await page.getByLabel("Public: anyone", { exact: false }).check();
      await page.locator("#ff0-key").fill("tour");
      await page.locator("#ff0-label").fill("Which tour?");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Create workflow" }).click()]);
      await page.getByText("Workflow created.").waitFor();
      await page.getByRole("img", { name: /^QR code that opens / }).waitFor();
      await check(page, "dash-20-workflow-created");
      const workflowId = new URL(page.url()).pathname.split("/")[3];
      await page.getByRole("link", { name: "Edit this workflow" }).click();
      await page.getByRole("heading", { name: /^Edit /, level: 1 }).waitFor();
      await check(page, "dash-21-workflow-edit");
      await page.locator("#wf-remind").fill("2");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Save changes" }).click()]);
      await page.getByText("Changes saved.").waitFor();
      const wf = (await env.svc.must("GET", `/v1/workflows/${workflowId}`, { key: acct.key })).json;
      assert.equal(wf.remind_after_days, 2);
      assert.equal(wf.countersign, true);
      assert.deepEqual(wf.form_fields, [{ key: "tour", label: "Which tour?", required: false }]);

      // A tablet: the code shown once, then stopped.
      await page.goto(`${BASE_URL}/app/tablets`);
      await page.getByLabel("Tablet name").fill("Front desk");
      await page.getByLabel("Workflow it runs").selectOption(workflowId);
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Issue a pairing code" }).click()]);
      const code = (await page.locator("#secret").textContent()).trim();
      assert.match(code, /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      await check(page, "dash-22-tablet-code");
      await env.svc.must("POST", "/v1/devices/pair", { body: { code, platform: "android", app_version: "1.0", os_version: "14" } });
      await page.goto(`${BASE_URL}/app/tablets`);
      await page.getByRole("cell", { name: "paired" }).waitFor();
      await check(page, "dash-23-tablets");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Stop Front desk" }).click()]);
      await page.getByText("Tablet stopped").waitFor();

      // The brand: colours picked in the colour inputs, a logo uploaded as a file.
      await page.goto(`${BASE_URL}/app/branding`);
      await page.getByRole("heading", { name: "Branding", level: 1 }).waitFor();
      await check(page, "dash-24-branding");
      await page.getByLabel("Business name").fill("Harbour Tours");
      await page.locator("#br-textColor").fill("#bbbbbb");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Save the brand" }).click()]);
      await page
        .getByRole("alert")
        .getByText(/textColor: #bbbbbb on backgroundColor #ffffff has a contrast of/)
        .waitFor();
      await check(page, "dash-25-branding-refused");
      await page.locator("#br-textColor").fill("#1b1b1f");
      await page.locator("#br-primaryColor").fill("#005a3c");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Save the brand" }).click()]);
      await page.getByText("Brand saved.").waitFor();
      const logo = encode({ width: 120, height: 40, data: new Uint8Array(120 * 40 * 4).fill(200), channels: 4, depth: 8 });
      await page.locator("#pic-logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(logo) });
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Upload the logo" }).click()]);
      await page.getByText("Brand saved.").waitFor();
      await page.getByRole("img", { name: "Logo", exact: true }).waitFor();
      assert.ok(await page.evaluate(() => document.querySelector(".pictures img").naturalWidth === 120), "the logo loads under the page's CSP");
      await check(page, "dash-26-branding-saved");
      // The opening image, uploaded as a file; the public form then wears the brand with it above the form.
      const w = 320;
      const h = 120;
      const pixels = Buffer.alloc(w * h * 4);
      for (let i = 0; i < w * h; i++) pixels.set([20 + (i % w) / 2, 90, 60, 255], i * 4);
      const opening = jpeg.encode({ width: w, height: h, data: pixels }, 80).data;
      await page.locator("#pic-opening").setInputFiles({ name: "opening.jpg", mimeType: "image/jpeg", buffer: opening });
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Upload the opening image" }).click()]);
      await page.getByText("Brand saved.").waitFor();
      await page.goto(wf.public_url);
      await page.getByRole("heading", { name: "Guided tour waiver", level: 1 }).waitFor();
      assert.equal((await page.locator("header .brand").textContent()).trim(), "Harbour Tours");
      assert.ok(await page.evaluate(() => document.querySelector("img.opening").naturalWidth === 320), "the opening image loads under the form's CSP");
      await check(page, "dash-30-public-form-branded");
      // A tablet paired on /t wears it too.
      await page.goto(`${BASE_URL}/app/tablets`);
      await page.getByLabel("Tablet name").fill("Lobby");
      await page.getByLabel("Workflow it runs").selectOption(workflowId);
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Issue a pairing code" }).click()]);
      const code2 = (await page.locator("#secret").textContent()).trim();
      await page.goto(`${BASE_URL}/t?lang=en`);
      await page.locator("#code").fill(code2);
      await Promise.all([page.waitForNavigation(), page.locator('form[action="/t/pair"] button[type=submit]').click()]);
      await page.getByRole("heading", { name: "Guided tour waiver", level: 1 }).waitFor();
      assert.equal((await page.locator("header .brand").textContent()).trim(), "Harbour Tours");
      await check(page, "dash-31-kiosk-branded");
      const brand = (await env.svc.must("GET", "/v1/branding", { key: acct.key })).json;
      assert.equal(brand.businessName, "Harbour Tours");
      assert.equal(brand.primaryColor, "#005a3c");
      assert.equal(brand.hasLogo, true);

      // An OAuth connection made by this member, listed and ended.
      const client = (
        await env.svc.must("POST", "/ops/v1/oauth-clients", {
          key: OPERATOR_TOKEN,
          body: { name: "Tour Bookings", homepage: "https://tours.example", redirect_uris: ["https://tours.example/cb"], scopes: ["signing:read"] },
        })
      ).json;
      const { createHash, randomBytes } = await import("node:crypto");
      const verifier = randomBytes(32).toString("base64url");
      const authorize = new URL(`${BASE_URL}/oauth/authorize`);
      for (const [k, v] of Object.entries({
        response_type: "code",
        client_id: client.client_id,
        redirect_uri: "https://tours.example/cb",
        scope: "signing:read",
        state: "s1",
        code_challenge: createHash("sha256").update(verifier).digest("base64url"),
        code_challenge_method: "S256",
      }))
        authorize.searchParams.set(k, v);
      env.sites.set("tours.example", "<!doctype html><title>Tours</title><h1>Back at the partner</h1>");
      await page.goto(authorize.href);
      await page.getByRole("button", { name: "Allow" }).click();
      await page.waitForURL((u) => u.href.startsWith("https://tours.example/cb"));
      const tokenRes = await env.svc.server.fetch(`${BASE_URL}/oauth/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}`,
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: new URL(page.url()).searchParams.get("code"),
          redirect_uri: "https://tours.example/cb",
          code_verifier: verifier,
        }).toString(),
      });
      const tokens = await tokenRes.json();
      assert.equal(tokenRes.status, 200, JSON.stringify(tokens));
      assert.equal((await env.svc.call("GET", "/v1/account", { key: tokens.access_token })).status, 200);
      await page.goto(`${BASE_URL}/app/connections`);
      await page.getByRole("cell", { name: /^Tour Bookings https/ }).waitFor();
      await check(page, "dash-27-connections");
      await page.getByLabel("Reason to end Tour Bookings").fill("Trial over");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "End Tour Bookings" }).click()]);
      await page.getByText("Connection ended").waitFor();
      assert.equal((await env.svc.call("GET", "/v1/account", { key: tokens.access_token })).status, 401);

      // A sent document: remind its signer, then a fresh link shown once.
      const id = (await env.svc.must("POST", "/v1/documents", { key: acct.key, body: { template_code: acct.code, values: { name: "Rui" } } })).json.document_id;
      await env.svc.must("POST", `/v1/documents/${id}/send`, { key: acct.key, body: { signers: [{ email: "rui@example.com", full_name: "Rui Costa" }] } });
      await page.goto(`${BASE_URL}/app/documents/${id}`);
      await check(page, "dash-28-document-pending");
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Remind Rui Costa now" }).click()]);
      await page.getByText("Reminder queued").waitFor();
      await Promise.all([page.waitForNavigation(), page.getByRole("button", { name: "Fresh link for Rui Costa" }).click()]);
      await page.getByRole("heading", { name: "Fresh signing link" }).waitFor();
      assert.match((await page.locator("#secret").textContent()).trim(), /^https:\/\/[^/]+\/s\/[0-9a-f]{64}$/);
      await check(page, "dash-29-fresh-link");
      noProblems(page);
      await ctx.close();
    },
  );

  it(
    "the pages of the workflows, tablets, subjects, branding, connections and retention read right to left in Arabic and Hebrew, axe-clean",
    LIMIT,
    async () => {
      const { acct, ctx, page } = await whiteLabelOwnerLive();
      const english = [
        "Signer roles",
        "Pair a tablet",
        "Subjects (reservations",
        "Requirement",
        "Primary colour",
        "No partner app",
        "How long documents keep",
        "Save retention",
        "Upload a PDF",
      ];
      for (const lang of ["ar", "he"]) {
        for (const [path, name] of [
          ["/app/workflows/new", "workflow-new"],
          [`/app/workflows/${acct.workflow.id}/edit`, "workflow-edit"],
          ["/app/tablets", "tablets"],
          ["/app/packets", "packets"],
          [`/app/packets/${acct.packetId}`, "packet"],
          ["/app/branding", "branding"],
          ["/app/connections", "connections"],
          ["/app/retention", "retention"],
          ["/app/templates", "templates"],
        ]) {
          await page.goto(`${BASE_URL}${path}?lang=${lang}`);
          assert.equal(await page.locator("html").getAttribute("dir"), "rtl", `${path} in ${lang}`);
          assert.equal(await page.locator("html").getAttribute("lang"), lang);
          const text = await page.locator("main").textContent();
          for (const words of english) assert.ok(!text.includes(words), `${path} in ${lang} still says "${words}"`);
          await check(page, `dash-rtl-${lang}-${name}`);
        }
      }
      noProblems(page);
      await ctx.close();
    },
  );
});
