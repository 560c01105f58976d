/**
 * The API reference page /docs in Chromium: Redoc renders /openapi.json under the page's own
 * Content-Security-Policy, with no script error and no violation but the one it is there for (the
 * Redocly logo the bundle asks for from its CDN, refused before any request is made); search works
 * (its worker runs); and no request leaves the service's origin. Screenshots at 390 and 1280 px.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { LIMIT, BASE_URL, SHOTS, VIEWPORTS, env, newContext, newPage, noProblems } from "./lib.mjs";

/** The one third-party address in Redoc's bundle: the logo in its sidebar footer. */
const REDOCLY_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";

describe("API reference page", () => {
  it("renders the description's operations from this origin only", LIMIT, async () => {
    const ctx = await newContext();
    const attempts = [];
    const blocked = [];
    // Every request the page starts (the search worker's included), and those the browser refused
    // (Chromium names a refusal by the page's policy "csp").
    ctx.on("request", (r) => attempts.push(r.url()));
    ctx.on("requestfailed", (r) => blocked.push(`${r.failure()?.errorText} ${r.url()}`));
    await ctx.addInitScript(() => {
      window.__violations = [];
      document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    const page = await newPage(ctx);
    const reached = env.requests.length;
    const answer = await page.goto(`${BASE_URL}/docs`);
    assert.equal(answer.status(), 200);
    assert.match(answer.headers()["content-security-policy"], /connect-src 'self'/);

    // An operation, rendered: its summary as a heading, its method and path beside it.
    const { paths } = (await env.svc.must("GET", "/openapi.json")).json;
    const summary = paths["/v1/account"]?.get?.summary;
    assert.ok(summary, "the description has GET /v1/account with a summary");
    await page.locator("h2", { hasText: summary }).first().waitFor();
    const operation = page.locator("[data-section-id='operation/getAccount']");
    await operation.waitFor();
    assert.match(await operation.textContent(), /get\s*\/v1\/account/i);
    // Titled for the service, with the operation's curl sample (built from the description).
    assert.equal(await page.title(), "Edge Sign API reference");
    await page.getByRole("heading", { name: /^Edge Sign API reference/, level: 1 }).waitFor();
    await operation.getByText(`curl -X GET "${BASE_URL}/v1/account"`).first().waitFor();
    // Every tag of the description is in the menu.
    const tags = new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])));
    assert.ok(tags.size > 5, [...tags].join(" "));
    for (const tag of tags) await page.locator(`[role=menuitem][data-item-id="tag/${tag}"]`).waitFor({ state: "attached" });

    for (const vp of VIEWPORTS) {
      await page.setViewportSize(vp);
      await page.goto(`${BASE_URL}/docs#operation/getAccount`);
      await page.locator("[data-section-id='operation/getAccount']").waitFor();
      await page.locator("h2", { hasText: summary }).first().waitFor();
      await page.waitForTimeout(500); // Redoc scrolls to the fragment once it has rendered
      await page.screenshot({ path: path.join(SHOTS, `api-reference-${vp.width}x${vp.height}.png`) });
    }

    // Search runs in a worker Redoc builds from a blob (worker-src blob:).
    await page.setViewportSize(VIEWPORTS[1]);
    await page.getByPlaceholder("Search...").fill("withdraw");
    const hit = page.locator("[data-role='search:results'] [role=menuitem]").first();
    await hit.waitFor();
    assert.match(await hit.textContent(), /withdraw/i);

    const violations = await page.evaluate(() => window.__violations);
    assert.deepEqual([...new Set(violations)], [`img-src ${REDOCLY_LOGO}`], "no Content-Security-Policy violation but the logo's");
    page.problems = page.problems.filter((p) => !p.includes(`Loading the image '${REDOCLY_LOGO}' violates`));
    noProblems(page);

    const origin = new URL(BASE_URL).origin;
    const elsewhere = attempts.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== origin);
    assert.deepEqual([...new Set(elsewhere)], [REDOCLY_LOGO], "the logo is the only other address the page asks for");
    assert.deepEqual([...new Set(blocked.filter((b) => b.endsWith(REDOCLY_LOGO)))], [`csp ${REDOCLY_LOGO}`], "and the browser refuses it itself");
    // Every host name resolves to the test's proxy, so a request that left the browser for any
    // host would be in its log: all that arrived was for the service.
    const seen = env.requests.slice(reached);
    assert.deepEqual([...new Set(seen.map((r) => r.host))], [new URL(BASE_URL).host], "no request left the service's origin");
    const urls = seen.map((r) => r.url);
    assert.ok(urls.includes("/docs/openapi.json") && urls.some((u) => /^\/docs\/redoc\/[^/]+\/redoc\.standalone\.js$/.test(u)), urls.join(" "));
    await ctx.close();
  });
});
