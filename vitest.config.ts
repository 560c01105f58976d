import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { receiver } from "./test/webhook-receiver.mjs";
import { FAKE_TURNSTILE_SECRET, TURNSTILE_HOST } from "./test/fake-turnstile.mjs";
import { CONFIG_VARS } from "./src/lib/config.ts";
import { prepareAssets } from "./scripts/assets.mjs";

// Test-only seal and timestamp identities (test/fixtures/seal/README.md); never used outside tests.
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "test/fixtures/seal", name), "utf8");

/**
 * Tests are hermetic. wrangler merges a developer's `.dev.vars` (or `.env`, `.env.local`, …, which
 * `npm start` writes with ALLOW_INSECURE_WEBHOOKS=true) into the bindings, and `miniflare.bindings`
 * only replaces the names it sets. So every variable the Worker reads (the names of the one schema
 * in src/lib/config.ts), and any other name found in those files, starts blank here (blank reads as
 * unset everywhere), before the test values below are laid over them.
 */
const root = import.meta.dirname;
const BINDINGS = new Set([
  "DB",
  "DB_1",
  "DB_2",
  "FILES",
  "DOCUMENT_SEQUENCER",
  "DELIVERY_QUEUE",
  "RATE_LIMITER",
  "MESSAGE_QUEUE",
  "BULK_SENDER",
  "TEST_MIGRATIONS",
]);
function blankVars(): Record<string, string> {
  const names = new Set<string>(CONFIG_VARS);
  for (const file of readdirSync(root).filter((f) => f.startsWith(".dev.vars") || f.startsWith(".env"))) {
    const full = path.join(root, file);
    const text = existsSync(full) && statSync(full).isFile() ? readFileSync(full, "utf8") : "";
    for (const m of text.matchAll(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)) names.add(m[1]!);
  }
  return Object.fromEntries([...names].filter((n) => !BINDINGS.has(n)).map((n) => [n, ""]));
}

export default defineConfig(async () => {
  // wrangler.toml's [assets] folder (pdf.js, Redoc) must exist before the Worker is built.
  prepareAssets();
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // Two more databases for the SHARDS=3 lane (test/shards.test.ts); the rest of the suite runs with SHARDS unset, on DB alone.
          d1Databases: { DB: "edge-sign", DB_1: "edge-sign-1", DB_2: "edge-sign-2" },
          // Outbound fetches (webhook deliveries) reach the Node-side test receiver.
          outboundService: { node: receiver },
          bindings: {
            ...blankVars(),
            TEST_MIGRATIONS: migrations,
            OPERATOR_TOKEN: "test-operator-token-0123456789abcdef",
            PUBLIC_BASE_URL: "https://sign.example.test",
            DNS_RESOLVER_URL: "https://dns.receiver.test/dns-query",
            // Cloudflare Turnstile's siteverify: the local fake (test/fake-turnstile.mjs).
            TURNSTILE_SECRET: FAKE_TURNSTILE_SECRET,
            TURNSTILE_API_BASE: `https://${TURNSTILE_HOST}`,
            WEBHOOK_SECRET_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
            SEAL_KEY_PEM: fixture("seal-key.pem"),
            SEAL_CERT_PEM: fixture("seal-cert.pem"),
            TSA_KEY_PEM: fixture("tsa-key.pem"),
            TSA_CERT_PEM: fixture("tsa-cert.pem"),
            LOG_KEY_PEM: fixture("log-key.pem"),
          },
        },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      exclude: ["test/browser/**"],
      setupFiles: ["./test/apply-migrations.ts"],
      // Sizes of the reliability suite (docs/reliability.md): small in `npm test`, large under
      // `npm run reliability`, which sets these variables.
      provide: {
        fuzzRequests: Number(process.env.FUZZ_REQUESTS ?? 0),
        fuzzPageRequests: Number(process.env.FUZZ_PAGE_REQUESTS ?? 0),
        fuzzSeed: Number(process.env.FUZZ_SEED ?? 0),
        raceRuns: Number(process.env.RACE_RUNS ?? 0),
        soakEvents: Number(process.env.SOAK_EVENTS ?? 0),
        soakSeed: Number(process.env.SOAK_SEED ?? 0),
        bulkRows: Number(process.env.BULK_ROWS ?? 0),
      },
      // Tests that fire 50-120 requests at once need more than the default 5 s on a busy 2-core
      // machine (CI's size); a real hang still fails.
      testTimeout: 30_000,
      // Two files at once: each file starts its own Miniflare and loads the Worker's modules, which
      // keeps one core busy; vitest's default on a 2-core machine (cores - 1) leaves the other idle.
      // Every file has its own storage, and the Node-side fakes keep each test's state under its
      // own random box, so files do not see each other.
      maxWorkers: 2,
      // The Worker's one line per request (src/lib/log.ts) would bury the tests' own output.
      onConsoleLog: (line: string) => !line.includes('"msg":"request"'),
      // pdf-lib's ES build imports extensionless paths (`./api/index`) that workerd's module
      // fallback cannot resolve, and @signpdf/placeholder-pdf-lib require()s it: pre-bundle both.
      deps: { optimizer: { ssr: { enabled: true, include: ["pdf-lib", "@signpdf/placeholder-pdf-lib"] } } },
    },
  };
});
