/**
 * Advanced and qualified signatures in Chromium through the local fake CSC provider
 * (test/fake-csc.mjs, reached by the browser and the Worker at 127.0.0.1): two signers of a qes
 * document each answer their own required text field in the provider form, press its button,
 * approve on the provider's authorize page (its form) and come back signed; the document completes,
 * /verify lists both signatures, and each answer is in the sealed file. Keyboard only
 * for the first signer, axe-clean at 390 and 1280 px (check()), and the first signer's path again
 * without JavaScript.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIMIT, check, documentOf, env, newContext, newPage, noProblems, sentDocument, tabTo } from "./lib.mjs";

const SIGNERS = [
  { email: "clara@example.com", full_name: "Clara Schmidt" },
  { email: "omar@example.com", full_name: "Omar Haddad" },
];
// Each signer's own required field, and each signer's placed signature box (their visible signature).
const FIELDS = [
  { key: "clara_role", label: "Your role", kind: "text", required: true, signer: 1, place: { page: 1, x: 0.08, y: 0.6, w: 0.38, h: 0.035 } },
  { key: "omar_role", label: "Your role", kind: "text", required: true, signer: 2, place: { page: 1, x: 0.54, y: 0.6, w: 0.38, h: 0.035 } },
  { key: "clara_sig", label: "Signature", kind: "signature", required: true, signer: 1, place: { page: 1, x: 0.08, y: 0.66, w: 0.38, h: 0.08 } },
  { key: "omar_sig", label: "Signature", kind: "signature", required: true, signer: 2, place: { page: 1, x: 0.54, y: 0.66, w: 0.38, h: 0.08 } },
];
const ROLES = ["Fleet manager", "Renter"];

/** Consent, the provider's button, approval at the provider's form, back on the page signed. */
async function signAtProvider(page, name, field, { keyboard = false, shots = null, consented = false } = {}) {
  if (!consented && keyboard) {
    await tabTo(page, "form[action$='/consent'] button");
    await page.keyboard.press("Enter");
  } else if (!consented) await page.locator("form[action$='/consent'] button").click();
  await page.locator("#provider-form").waitFor();
  assert.equal(await page.locator("#sign-form").count(), 0, "the page's own sign form is not offered");
  // The signer's own field is in the provider form; the other signer's is not.
  assert.equal(await page.locator(`#provider-form [name='field.${field.key}']`).count(), 1);
  assert.equal(await page.locator("#provider-form input[name^='field.']").count(), 1);
  if (shots) await check(page, `${shots}-provider-step`);
  if (keyboard) {
    await tabTo(page, `#f-${field.key}`);
    await page.keyboard.type(field.value);
  } else await page.locator(`#f-${field.key}`).fill(field.value);
  // The fake provider's own page (not this service's) answers its favicon with 405: left out of noProblems.
  const before = page.problems.length;
  if (keyboard) {
    await tabTo(page, "#provider-form button");
    await page.keyboard.press("Enter");
  } else await page.locator("#provider-form button").click();
  await page.getByRole("heading", { name: "Sign with your certificate (fake CSC provider)" }).waitFor();
  assert.equal(await page.locator("#full_name").inputValue(), name);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL((u) => u.host === "sign.example.test" && /^\/s\/[^/]+$/.test(u.pathname));
  page.problems.push(...page.problems.splice(before).filter((p) => !/status of 405/.test(p)));
}

describe("qualified signatures on the signer's page", () => {
  it("two signers sign at the provider in order; the document completes; /verify lists both signatures", LIMIT, async () => {
    const doc = await sentDocument({ signers: SIGNERS, level: "qes", fields: FIELDS });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await signAtProvider(page, SIGNERS[0].full_name, { key: "clara_role", value: ROLES[0] }, { keyboard: true, shots: "qualified-1" });
    await page.getByText("You signed this document").waitFor();
    await check(page, "qualified-1-signed");
    noProblems(page);
    await ctx.close();

    // The second signer, without JavaScript: the same forms and redirects.
    const plain = await newContext({ javaScriptEnabled: false });
    const p2 = await newPage(plain);
    await p2.goto(doc.url(1));
    // An empty answer (the browser's own check set aside): the page again with the problem beside the field, nothing stored.
    await p2.locator("form[action$='/consent'] button").click();
    await p2.locator("#provider-form").waitFor();
    await p2.evaluate(() => document.getElementById("provider-form").setAttribute("novalidate", ""));
    await p2.locator("#provider-form button").click();
    await p2.locator("#provider-form [aria-invalid='true'][name='field.omar_role']").waitFor();
    assert.equal((await documentOf(doc.key, doc.id)).signers[1].status, "pending");
    await signAtProvider(p2, SIGNERS[1].full_name, { key: "omar_role", value: ROLES[1] }, { consented: true });
    await p2.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    await plain.close();

    const d = await documentOf(doc.key, doc.id);
    assert.equal(d.status, "completed");
    // Each signer's answer was stored with their signature (the signature field takes their name).
    assert.deepEqual(
      d.signers.map((s) => s.fields.map((f) => [f.key, f.value])),
      [
        [
          ["clara_role", ROLES[0]],
          ["clara_sig", SIGNERS[0].full_name],
        ],
        [
          ["omar_role", ROLES[1]],
          ["omar_sig", SIGNERS[1].full_name],
        ],
      ],
    );
    const cert = (await env.svc.must("GET", `/v1/documents/${doc.id}/certificate`, { key: doc.key })).json;
    assert.deepEqual(
      cert.payload.signatures.map((s) => [s.name, s.level, s.subject]),
      SIGNERS.map((s) => [s.full_name, "qes", `CN=${s.full_name}`]),
    );
    const vctx = await newContext();
    const v = await newPage(vctx);
    await v.goto(`https://sign.example.test/verify/${cert.verification_code}?sha256=${cert.payload.document.sha256}`);
    await v.getByRole("heading", { name: "Signatures with the signers' own certificates" }).waitFor();
    const list = v.locator("section[aria-labelledby='signatures-heading'] li");
    assert.equal(await list.count(), 2);
    for (const [i, s] of SIGNERS.entries()) {
      const text = await list.nth(i).textContent();
      assert.match(text, new RegExp(s.full_name));
      assert.match(text, new RegExp(`CN=${s.full_name}`));
      assert.match(text, /Qualified electronic signature \(QES\)/);
      assert.match(text, /CN=Fake CSC Qualified CA/);
    }
    await check(v, "qualified-2-verify");
    noProblems(v);
    await vctx.close();
  });
});
