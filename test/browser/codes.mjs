/** The signing page's one-time code step in Chromium: keyboard only with axe, and without JavaScript, the code taken from the outbox. */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";
import {
  LIMIT,
  askCodeByKeyboard,
  check,
  codeFromOutbox,
  documentOf,
  env,
  newContext,
  newPage,
  noProblems,
  sentDocument,
  tabTo,
  consentAndSignByKeyboard,
} from "./lib.mjs";

/**
 * Codes go only to signers the service emailed their link to. When send does not email links
 * (before `notify`), the emailed link is recorded as the message row send would have made.
 */
async function linkEmailed(doc, i = 0) {
  const out = (await env.svc.must("GET", `/ops/v1/outbox?document_id=${doc.id}`, { key: OPERATOR_TOKEN })).json;
  if (out.messages.some((m) => m.purpose === "signing.link" && m.signer_id === doc.links[i].signer_id)) return;
  const db = (await env.svc.server.getWorker().getEnv()).DB;
  await db
    .prepare(
      "INSERT INTO messages (id, tenant_id, mode, document_id, signer_id, channel, purpose, recipient, body, status) VALUES (?, ?, 'live', ?, ?, 'email', 'signing.link', ?, 'link', 'sent')",
    )
    .bind(`msg_browser${Math.random().toString(36).slice(2, 12)}`, doc.tenantId, doc.id, doc.links[i].signer_id, doc.links[i].email)
    .run();
}

describe("one-time code on the signer's page", () => {
  it("asks for an email code before consent, keyboard only, axe-clean, and the certificate names email_otp", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "otto@example.com", full_name: "Otto Kode", auth: "email_otp" }] });
    await linkEmailed(doc);
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await askCodeByKeyboard(page, "code-1-ask", "o•••@example.com");
    const code = await codeFromOutbox(doc.id);
    assert.match(code, /^\d{6}$/);

    await tabTo(page, "#otp");
    await page.keyboard.type(code === "000000" ? "111111" : "000000");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "There is a problem" }).waitFor();
    await page.locator("#otp-error", { hasText: "That code is not right. Tries left: 4." }).waitFor();
    await check(page, "code-2-wrong");

    await tabTo(page, "#otp");
    await page.keyboard.type(code);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Step 1 of 2: agree to sign electronically" }).waitFor();
    await page.getByText("You confirmed a one-time code on").waitFor();
    await check(page, "code-3-confirmed");
    await consentAndSignByKeyboard(page, "Otto Kode");

    const d = await documentOf(doc.key, doc.id);
    const kinds = d.events.map((e) => e.kind);
    assert.ok(kinds.indexOf("verified") > -1 && kinds.indexOf("verified") < kinds.indexOf("consented"), kinds.join(","));
    const cert = (await env.svc.must("GET", `/v1/documents/${doc.id}/certificate`, { key: doc.key })).json;
    assert.equal(cert.payload.signers[0].signature.method, "email_otp");
    noProblems(page);
    await ctx.close();
  });

  it("works without JavaScript, in Spanish", LIMIT, async () => {
    const doc = await sentDocument({ signers: [{ email: "sin@example.com", full_name: "Sara Sin", auth: "email_otp" }] });
    await linkEmailed(doc);
    const ctx = await newContext({ javaScriptEnabled: false, locale: "es-ES" });
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await page.getByRole("heading", { name: "Primero, confirme que es usted" }).waitFor();
    await page.getByRole("button", { name: "Envíenme un código" }).click();
    await page.getByText("Enviamos un código por correo electrónico a s•••@example.com.").waitFor();
    await check(page, "code-4-no-javascript-es", { script: false });
    await page.getByLabel("Código de 6 dígitos").fill(await codeFromOutbox(doc.id));
    await page.getByRole("button", { name: "Confirmar el código" }).click();
    await page.getByRole("button", { name: "Acepto" }).click();
    await page.getByLabel("Su nombre completo, como firma").fill("Sara Sin");
    await page.getByRole("button", { name: "Firmar", exact: true }).click();
    await page.getByRole("heading", { name: "Todos han firmado" }).waitFor();
    assert.equal((await documentOf(doc.key, doc.id)).status, "completed");
    await ctx.close();
  });
});
