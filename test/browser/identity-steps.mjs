/**
 * Re-authentication with a reason and the consumer disclosure on the signer's page in Chromium
 * (docs/identity.md): the code step, the disclosure with its checkbox before consent, the reason in
 * the sign form; keyboard only with axe at 390 and 1280 px, and the withdraw action without JavaScript.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";
import { BASE_URL, LIMIT, askCodeByKeyboard, check, codeFromOutbox, documentOf, env, newContext, newPage, noProblems, tabTo } from "./lib.mjs";

const DISCLOSURE = {
  text: "You agree to receive this agreement and its notices electronically. You may ask for paper instead, at any time.",
  withdraw_instructions: "Press Withdraw my consent below, or write to privacy@example.com.",
  paper_copy: { how: "Write to Northwind, 1 Main St, Springfield.", cost: "Free" },
};

/** An account with a consumer disclosure, a template with reasons, and a document sent with re-authentication (its link emailed). */
async function reauthDocument(name) {
  const { svc } = env;
  const acct = await svc.account("Northwind Labs");
  await svc.must("PATCH", `/ops/v1/tenants/${acct.tenantId}`, { key: OPERATOR_TOKEN, body: { consumer_disclosure: DISCLOSURE } });
  const code = `sop-${Math.random().toString(36).slice(2, 10)}`;
  await svc.must("POST", "/v1/templates", {
    key: acct.key,
    body: { code, name: "SOP-12", kind: "contract", body: "Cleaning procedure SOP-12, revision 4.", reasons: ["Approved", "Reviewed"] },
  });
  await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  const id = (await svc.must("POST", "/v1/documents", { key: acct.key, body: { template_code: code } })).json.document_id;
  const signers = [{ email: "ana@example.com", full_name: name }];
  const links = (await svc.must("POST", `/v1/documents/${id}/send`, { key: acct.key, body: { signers, reauthenticate: true } })).json.links;
  return { ...acct, id, links, url: `${BASE_URL}/s/${links[0].token}` };
}

describe("re-authentication and the consumer disclosure on the signer's page", () => {
  it("code, disclosure and reason, keyboard only, axe-clean; the certificate carries the reason", LIMIT, async () => {
    const doc = await reauthDocument("Ana Ruiz");
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url);
    await askCodeByKeyboard(page, "identity-1-code", "a•••@example.com");
    await tabTo(page, "#otp");
    await page.keyboard.type(await codeFromOutbox(doc.id));
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { name: "Consumer disclosure" }).waitFor();
    await page.getByText(DISCLOSURE.withdraw_instructions).waitFor();
    await page.getByText("Cost: Free").waitFor();
    await check(page, "identity-2-disclosure");
    // The checkbox is required: consent without it stays on the page.
    await tabTo(page, "input[name=disclosure_accepted]");
    await page.keyboard.press("Space");
    await tabTo(page, "form[action$='/consent'] button");
    await page.keyboard.press("Enter");

    await page.getByRole("heading", { name: "Step 2 of 2: answer and sign" }).waitFor();
    await page.getByText(/You accepted the disclosure on/).waitFor();
    await check(page, "identity-3-reason");
    await tabTo(page, "#sign-reason");
    await page.selectOption("#sign-reason", "Approved");
    await tabTo(page, "#typed-name");
    await page.keyboard.type("Ana Ruiz");
    await tabTo(page, "#sign-form button[type=submit]");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();

    const d = await documentOf(doc.key, doc.id);
    const kinds = d.events.map((e) => e.kind);
    assert.ok(kinds.indexOf("disclosure_accepted") > -1 && kinds.indexOf("disclosure_accepted") < kinds.indexOf("consented"), kinds.join(","));
    const cert = (await env.svc.must("GET", `/v1/documents/${doc.id}/certificate`, { key: doc.key })).json;
    assert.equal(cert.payload.signers[0].reason, "Approved");
    assert.ok(cert.payload.signers[0].reauthenticated_at);
    assert.ok(cert.payload.signers[0].disclosure_accepted_at);
    noProblems(page);
    await ctx.close();
  });

  it("without JavaScript, in Spanish: the disclosure's frame words translated, and Withdraw ends the part as a decline", LIMIT, async () => {
    const doc = await reauthDocument("Sara Sin");
    const ctx = await newContext({ javaScriptEnabled: false, locale: "es-ES" });
    const page = await newPage(ctx);
    await page.goto(doc.url);
    await page.getByRole("button", { name: "Envíenme un código" }).click();
    await page.getByLabel("Código de 6 dígitos").fill(await codeFromOutbox(doc.id));
    await page.getByRole("button", { name: "Confirmar el código" }).click();
    await page.getByRole("heading", { name: "Información para el consumidor" }).waitFor();
    await page.getByText("Coste: Free").waitFor();
    await check(page, "identity-4-no-javascript-es", { script: false });
    await page.getByRole("button", { name: "Retirar mi consentimiento" }).click();
    await page.getByRole("heading", { name: /rechaz/i }).waitFor();
    const d = await documentOf(doc.key, doc.id);
    assert.equal(d.status, "declined");
    assert.equal(d.signers[0].decline_reason, "consent withdrawn");
    await ctx.close();
  });
});
