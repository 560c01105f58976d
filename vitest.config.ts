import { readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { receiver } from "./test/webhook-receiver.mjs";

// Test-only seal and timestamp identities (test/fixtures/seal/README.md); never used outside tests.
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "test/fixtures/seal", name), "utf8");

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // Outbound fetches (webhook deliveries) reach the Node-side test receiver.
          outboundService: { node: receiver },
          bindings: {
            TEST_MIGRATIONS: migrations,
            OPERATOR_TOKEN: "test-operator-token-0123456789abcdef",
            PUBLIC_BASE_URL: "https://sign.example.test",
            DNS_RESOLVER_URL: "https://dns.receiver.test/dns-query",
            WEBHOOK_SECRET_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
            SEAL_KEY_PEM: fixture("seal-key.pem"),
            SEAL_CERT_PEM: fixture("seal-cert.pem"),
            TSA_KEY_PEM: fixture("tsa-key.pem"),
            TSA_CERT_PEM: fixture("tsa-cert.pem"),
          },
        },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      exclude: ["test/browser/**"],
      setupFiles: ["./test/apply-migrations.ts"],
      // pdf-lib's ES build imports extensionless paths (`./api/index`) that workerd's module
      // fallback cannot resolve, and @signpdf/placeholder-pdf-lib require()s it: pre-bundle both.
      deps: { optimizer: { ssr: { enabled: true, include: ["pdf-lib", "@signpdf/placeholder-pdf-lib"] } } },
    },
  };
});
