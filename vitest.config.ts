import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { receiver } from "./test/webhook-receiver.mjs";

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
            WEBHOOK_SECRET_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
          },
        },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      exclude: ["test/browser/**"],
      setupFiles: ["./test/apply-migrations.ts"],
    },
  };
});
