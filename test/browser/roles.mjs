/**
 * Who takes part, in Chromium with the keyboard alone: an approver approves with a note, a
 * signer passes their part to a colleague, the colleague signs, and the witness of that
 * signature signs after them; each page axe-clean at 390 and 1280 px.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";
import { BASE_URL, LIMIT, check, documentOf, env, fillPassOn, newContext, newPage, noProblems, tabTo } from "./lib.mjs";

/** A document sent to an approver, a signer and the signer's witness, delegation allowed. */
async function sentWithRoles() {
  const { svc } = env;
  const acct = await svc.account("Northwind Rentals");
  const code = `deed-${Math.random().toString(36).slice(2, 10)}`;
  const body = "Deed of guarantee\n\nThe guarantor, {{name}}, guarantees the tenant's rent for the term of the lease.";
  await svc.must("POST", "/v1/templates", { key: acct.key, body: { code, name: "Deed of guarantee", kind: "contract", body, variables: ["name"] } });
  await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  const id = (await svc.must("POST", "/v1/documents", { key: acct.key, body: { template_code: code, values: { name: "Ines Duarte" } } })).json.document_id;
  const signers = [
    { email: "maya@example.com", full_name: "Maya Chen", role: "approver" },
    { email: "ines@example.com", full_name: "Ines Duarte", party_id: "guarantor" },
    { email: "tom@example.com", full_name: "Tom Reed", role: "witness", witness_for: "guarantor" },
  ];
  const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key: acct.key, body: { signers, allow_delegation: true, notify: false } })).json.links;
  return { ...acct, id, links, url: (i) => `${BASE_URL}/s/${links[i].token}` };
}

/** The signing link emailed to `email`, as GET /ops/v1/outbox shows it (the queue sends outside the request). */
async function linkFromOutbox(documentId, email) {
  for (let i = 0; i < 100; i++) {
    const out = (await env.svc.must("GET", `/ops/v1/outbox?document_id=${documentId}`, { key: OPERATOR_TOKEN })).json;
    const m = out.messages.find((x) => x.recipient === email && x.link);
    if (m) return m.link;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`no link for ${email} reached the outbox`);
}

/** Consent, then a typed signature, with the keyboard alone. */
async function consentAndSignByKeyboard(page, name) {
  await tabTo(page, "form[action$='/consent'] button");
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: "Step 2 of 2: answer and sign" }).waitFor();
  await tabTo(page, "#typed-name");
  await page.keyboard.type(name);
  await tabTo(page, "#sign-form button[type=submit]");
  await page.keyboard.press("Enter");
}

describe("approvers, delegates and witnesses", () => {
  it("an approver approves, the signer delegates, the delegate signs and the witness witnesses, keyboard only", LIMIT, async () => {
    const doc = await sentWithRoles();
    const ctx = await newContext();
    const page = await newPage(ctx);

    // The witness's page says whom they witness and offers no signature yet.
    await page.goto(doc.url(2));
    await page.getByText("You are the witness of Ines Duarte's signature").waitFor();
    assert.equal(await page.locator("form[action$='/consent']").count(), 0);
    await check(page, "roles-witness-waiting");

    // The approver: a note and Approve, no consent step.
    await page.goto(doc.url(0));
    await page.getByRole("heading", { name: "Your approval" }).waitFor();
    await check(page, "roles-approver");
    await tabTo(page, "#note");
    await page.keyboard.type("Guarantee amount checked.");
    await tabTo(page, "form[action$='/approve'] button");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "You approved this document" }).waitFor();
    await check(page, "roles-approved");

    // The signer passes their part to a colleague; the colleague's link comes by email.
    await page.goto(doc.url(1));
    await fillPassOn(page, { name: "Dan Weiss", email: "dan@example.com", reason: "Dan holds the signing authority." });
    await tabTo(page, "form[action$='/delegate'] button[type=submit]");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Passed to Dan Weiss" }).waitFor();
    const delegateLink = await linkFromOutbox(doc.id, "dan@example.com");

    // The witness of the signer now witnesses the delegate, and still waits.
    await page.goto(doc.url(2));
    await page.getByText("You are the witness of Dan Weiss's signature").waitFor();

    await page.goto(delegateLink);
    await consentAndSignByKeyboard(page, "Dan Weiss");
    await page.getByRole("heading", { name: "You signed this document" }).waitFor();
    await check(page, "roles-delegate-signed");

    await page.goto(doc.url(2));
    await consentAndSignByKeyboard(page, "Tom Reed");
    await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    await check(page, "roles-completed");

    const d = await documentOf(doc.key, doc.id);
    assert.equal(d.status, "completed");
    assert.deepEqual(
      d.events.filter((e) => ["approved", "signed", "completed"].includes(e.kind)).map((e) => [e.kind, e.signer_email]),
      [
        ["approved", "maya@example.com"],
        ["signed", "dan@example.com"],
        ["signed", "tom@example.com"],
        ["completed", "tom@example.com"],
      ],
    );
    assert.equal(d.signers[0].approval_note, "Guarantee amount checked.");
    assert.equal(d.events.find((e) => e.kind === "delegated").signer_email, "ines@example.com");
    noProblems(page);
    await ctx.close();
  });
});
