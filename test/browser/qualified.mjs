/**
 * Advanced and qualified signatures in Chromium through the local fake CSC provider
 * (test/fake-csc.mjs, reached by the browser and the Worker at 127.0.0.1): two signers of a qes
 * document each press the page's one button, approve on the provider's authorize page (its form)
 * and come back signed; the document completes and /verify lists both signatures. Keyboard only
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

/** Consent, the provider's button, approval at the provider's form, back on the page signed. */
async function signAtProvider(page, name, { keyboard = false, shots = null } = {}) {
  if (keyboard) {
    await tabTo(page, "form[action$='/consent'] button");
    await page.keyboard.press("Enter");
  } else await page.locator("form[action$='/consent'] button").click();
  await page.locator("#provider-form").waitFor();
  assert.equal(await page.locator("#sign-form").count(), 0, "the page's own sign form is not offered");
  if (shots) await check(page, `${shots}-provider-step`);
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
    const doc = await sentDocument({ signers: SIGNERS, level: "qes" });
    const ctx = await newContext();
    const page = await newPage(ctx);
    await page.goto(doc.url(0));
    await signAtProvider(page, SIGNERS[0].full_name, { keyboard: true, shots: "qualified-1" });
    await page.getByText("You signed this document").waitFor();
    await check(page, "qualified-1-signed");
    noProblems(page);
    await ctx.close();

    // The second signer, without JavaScript: the same forms and redirects.
    const plain = await newContext({ javaScriptEnabled: false });
    const p2 = await newPage(plain);
    await p2.goto(doc.url(1));
    await signAtProvider(p2, SIGNERS[1].full_name);
    await p2.getByRole("heading", { name: "Everyone has signed" }).waitFor();
    await plain.close();

    const d = await documentOf(doc.key, doc.id);
    assert.equal(d.status, "completed");
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
