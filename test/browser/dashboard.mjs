/**
 * The dashboard in Chromium: sign in with the keyboard, every page axe-clean at 390 and 1280 px,
 * issue and revoke a key with the keyboard only, send a document and read its trail.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BASE_URL, LIMIT, check, env, newContext, newPage, noProblems, tabTo } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";

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
    noProblems(page);
    await ctx.close();
  });

  it("issues a key and revokes it with the keyboard only", LIMIT, async () => {
    const acct = await ownerAccount();
    const ctx = await newContext();
    const page = await newPage(ctx);
    await signIn(page, acct.email);
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
    await page.getByLabel("name", { exact: true }).waitFor();
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
    const kinds = async () => (await page.locator('section[aria-label="Trail"] tbody tr td:nth-child(2)').allTextContents()).filter((k) => k !== "delivered");
    assert.deepEqual(await kinds(), ["created", "sent"]);
    await check(page, "dash-14-document-sent");

    // The signer signs (in another browser), and the trail shows it.
    const token = link.split("/s/")[1];
    await env.svc.must("POST", `/v1/sign/${token}/consent`, { body: {} });
    await env.svc.must("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Rui Costa" } });
    await page.reload();
    assert.deepEqual(await kinds(), ["created", "sent", "consented", "signed (typed)", "completed"]);
    await page.getByRole("link", { name: "Sealed PDF with certificate" }).waitFor();
    await check(page, "dash-15-document-completed");

    // The list shows it under its status filter.
    await page.goto(`${BASE_URL}/app/documents?status=completed`);
    await page.getByRole("link", { name: "Rental for Rui" }).waitFor();
    await check(page, "dash-16-documents-completed");
    noProblems(page);
    await ctx.close();
  });
});
