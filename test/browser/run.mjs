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

// `npm run test:browser -- dashboard kiosk` runs only those files; no names runs them all.
const FILES = [
  "signing",
  "i18n",
  "languages",
  "verify",
  "home",
  "public-form",
  "dashboard",
  "dashboard-roles",
  "dashboard-envelopes",
  "dashboard-bulk-sends",
  "branding",
  "codes",
  "access-code",
  "id-check",
  "qualified",
  "identity-steps",
  "oauth",
  "kiosk",
  "api-reference",
  "pdf-templates",
  "pdf-in-place",
  "sign-up",
  "fields",
  "roles",
  "delegation",
  "envelope-signing",
  "embed",
];
const chosen = process.argv
  .slice(2)
  .map((a) => a.replace(/\.mjs$/, ""))
  .filter((a) => FILES.includes(a));
for (const f of chosen.length ? chosen : FILES) await import(`./${f}.mjs`);
