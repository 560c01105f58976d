/**
 * A brand set by the operator, then worn by the signer's page in Chromium: its colours as the
 * browser computes them, its logo loaded from the service ('self' under the page's CSP), its
 * name and footer; axe-clean at both sizes (screenshots brand-*.png in test-results/).
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { encode } from "fast-png";
import { LIMIT, BASE_URL, check, env, newContext, newPage, noProblems } from "./lib.mjs";
import { OPERATOR_TOKEN } from "../validators/harness.mjs";

/** "#rrggbb" → "rgb(r, g, b)", as getComputedStyle answers. */
const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

/** A 240 × 80 logo: a filled disc and a bar in the given colour on transparency. */
function logo(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  const width = 240;
  const height = 80;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const on = (x - 40) ** 2 + (y - 40) ** 2 < 900 || (x > 90 && x < 230 && y > 30 && y < 50);
      if (on) data.set([r, g, b, 255], (y * width + x) * 4);
    }
  return encode({ width, height, data, channels: 4, depth: 8 });
}

const BRANDS = [
  {
    name: "light",
    brand: {
      businessName: "Harbour Bikes",
      primaryColor: "#7a1f5c",
      accentColor: "#1f5c7a",
      backgroundColor: "#fffdf5",
      textColor: "#222222",
      buttonTextColor: "#ffffff",
      footerText: "Harbour Bikes Ltd · 1 Quay Street",
    },
    logo: "#7a1f5c",
  },
  {
    name: "dark",
    brand: {
      businessName: "Night Owl Tours",
      primaryColor: "#ffd23f",
      accentColor: "#7fc8f8",
      backgroundColor: "#101820",
      textColor: "#f5f5f5",
      buttonTextColor: "#101820",
      footerText: "Night Owl Tours · tours after dark",
    },
    logo: "#ffd23f",
  },
];

async function brandedDocument({ brand, logo: logoColour }) {
  const { svc } = env;
  const acct = await svc.account(`${brand.businessName} account`);
  await svc.must("PATCH", `/ops/v1/tenants/${acct.tenantId}`, { key: OPERATOR_TOKEN, body: { white_label: true } });
  await svc.must("PUT", `/v1/branding?tenant_id=${acct.tenantId}`, { key: OPERATOR_TOKEN, body: brand });
  const put = await svc.server.fetch(`${BASE_URL}/v1/branding/${brand.backgroundColor === "#101820" ? "logo-dark" : "logo"}?tenant_id=${acct.tenantId}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "image/png", "cf-connecting-ip": "203.0.113.9" },
    body: logo(logoColour),
  });
  assert.equal(put.status, 200, await put.text());
  const code = `tour-${Math.random().toString(36).slice(2, 10)}`;
  const body = "Tour waiver\n\n{{name}} takes part in the tour at their own risk and follows the guide's directions.";
  await svc.must("POST", "/v1/templates", { key: acct.key, body: { code, name: "Tour waiver", kind: "waiver", body, variables: ["name"] } });
  await svc.must("POST", "/v1/templates/publish", { key: acct.key, body: { code } });
  const id = (await svc.must("POST", "/v1/documents", { key: acct.key, body: { template_code: code, values: { name: "Ana Pereira" } } })).json.document_id;
  const links = (
    await svc.must("POST", `/v1/documents/${id}/send`, { key: acct.key, body: { signers: [{ email: "ana@example.com", full_name: "Ana Pereira" }] } })
  ).json.links;
  return { ...acct, id, url: links[0].url };
}

describe("a brand on the signer's page", () => {
  for (const b of BRANDS) {
    it(`wears the ${b.name} brand set by the operator: colours, logo, name and footer, axe-clean`, LIMIT, async () => {
      const doc = await brandedDocument(b);
      assert.equal(new URL(doc.url).origin, BASE_URL);
      const ctx = await newContext();
      const page = await newPage(ctx);
      await page.goto(doc.url);
      await page.getByRole("button", { name: "I agree" }).waitFor();

      const seen = await page.evaluate(() => {
        const style = (el, prop) => getComputedStyle(el).getPropertyValue(prop);
        const button = document.querySelector("main button[type=submit]");
        const link = document.querySelector("nav a:not([aria-current])");
        const img = document.querySelector("header img");
        return {
          background: style(document.body, "background-color"),
          text: style(document.body, "color"),
          buttonBackground: style(button, "background-color"),
          buttonText: style(button, "color"),
          link: style(link, "color"),
          logoLoaded: img ? img.complete && img.naturalWidth === 240 : false,
          name: document.querySelector(".brand").textContent.trim(),
          footer: document.querySelector("footer").textContent,
          title: document.title,
        };
      });
      assert.equal(seen.background, rgb(b.brand.backgroundColor));
      assert.equal(seen.text, rgb(b.brand.textColor));
      assert.equal(seen.buttonBackground, rgb(b.brand.primaryColor));
      assert.equal(seen.buttonText, rgb(b.brand.buttonTextColor));
      assert.equal(seen.link, rgb(b.brand.accentColor));
      assert.equal(seen.logoLoaded, true, "the logo loads from the service under the page's CSP");
      assert.equal(seen.name, b.brand.businessName);
      assert.ok(seen.footer.includes(b.brand.footerText));
      assert.ok(!seen.footer.includes("Edge Sign"));
      assert.ok(seen.title.endsWith(`· ${b.brand.businessName}`));
      await check(page, `brand-${b.name}-1-consent`);

      await page.getByRole("button", { name: "I agree" }).click();
      await page.getByRole("heading", { name: "Step 2 of 2: answer and sign" }).waitFor();
      await check(page, `brand-${b.name}-2-sign`);
      await page.getByLabel("Your full name, as your signature").fill("Ana Pereira");
      await page.getByRole("button", { name: "Sign", exact: true }).click();
      await page.getByRole("heading", { name: "Everyone has signed" }).waitFor();
      await check(page, `brand-${b.name}-3-completed`);
      noProblems(page);
      await ctx.close();
    });
  }
});
