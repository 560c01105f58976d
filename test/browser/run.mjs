/**
 * `npm run test:browser`: the signer's and verification pages in Debian's Chromium
 * (playwright-core, never a downloaded browser) against the Worker under wrangler's test
 * harness. Screenshots (390×844 and 1280×800) and page-sizes.json go to test-results/.
 */
import { after, before } from "node:test";
import { env, start, stop } from "./lib.mjs";

before(start, { timeout: 120_000 });
after(async () => {
  await stop();
  console.log("page sizes as served (bytes, gzip, brotli):");
  for (const [name, s] of Object.entries(env.sizes))
    console.log(`  ${name.padEnd(34)} ${String(s.bytes).padStart(6)} ${String(s.gzip).padStart(6)} ${String(s.brotli).padStart(6)}`);
});

await import("./signing.mjs");
await import("./verify.mjs");
await import("./public-form.mjs");
await import("./dashboard.mjs");
await import("./branding.mjs");
await import("./codes.mjs");
await import("./oauth.mjs");
await import("./kiosk.mjs");
await import("./api-reference.mjs");
