import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { FAKE_TURNSTILE_SECRET, TURNSTILE_HOST } from "./fake-turnstile.mjs";

describe("GET /v1/account", () => {
  it("answers the account and key", async () => {
    const t = await makeTenant({ scopes: ["signing:read"] });
    const r = await api("GET", "/v1/account", { key: t.key });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ tenant_id: t.tenantId, key_label: "test key", scopes: ["signing:read"] });
    // Exactly the spec's Account fields.
    expect(Object.keys(r.json).sort()).toEqual(["key_label", "name", "scopes", "slug", "tenant_id"]);
    expect(r.json.slug).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(r.headers.get("x-request-id")).toBeTruthy();
    expect(r.headers.get("x-ratelimit-limit")).toBe("300");
  });
});

describe("security headers of the JSON API", () => {
  it("refuse framing, sniffing and every content source on answers, errors and the description, never on pages", async () => {
    const t = await makeTenant({ scopes: ["signing:read"] });
    for (const r of [
      await api("GET", "/v1/account", { key: t.key }),
      await api("GET", "/v1/account"),
      await api("GET", "/v1/nothing-here", { key: t.key }),
      await api("GET", "/openapi.json"),
    ]) {
      expect(r.headers.get("x-content-type-options"), r.text).toBe("nosniff");
      expect(r.headers.get("x-frame-options")).toBe("DENY");
      expect(r.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers.get("x-request-id")).toBeTruthy();
    }
    const page = await api("GET", "/verify");
    expect(page.headers.get("content-security-policy")).toContain("nonce-");
  });
});

describe("the test environment", () => {
  it("is hermetic: every variable is the test's own or blank, whatever a developer's .dev.vars says", () => {
    const set = {
      OPERATOR_TOKEN: "test-operator-token-0123456789abcdef",
      PUBLIC_BASE_URL: "https://sign.example.test",
      DNS_RESOLVER_URL: "https://dns.receiver.test/dns-query",
      WEBHOOK_SECRET_KEY: "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
      // The local siteverify the Turnstile tests talk to (test/fake-turnstile.mjs).
      TURNSTILE_SECRET: FAKE_TURNSTILE_SECRET,
      TURNSTILE_API_BASE: `https://${TURNSTILE_HOST}`,
    };
    const fixtures = ["SEAL_KEY_PEM", "SEAL_CERT_PEM", "TSA_KEY_PEM", "TSA_CERT_PEM", "LOG_KEY_PEM"];
    for (const [name, value] of Object.entries(env as unknown as Record<string, unknown>)) {
      if (typeof value !== "string" || name.startsWith("__VITEST_")) continue; // the pool's own
      if (name in set) expect(value, name).toBe(set[name as keyof typeof set]);
      else if (fixtures.includes(name)) expect(value, name).toMatch(/^-----BEGIN /);
      else expect(value, name).toBe("");
    }
    // Declared in src/env.ts and left unset by the tests: blank, not a developer's value.
    for (const name of ["ALLOW_INSECURE_WEBHOOKS", "SEAL_PUBLICLY_TRUSTED", "TSA_URL"] as const) expect(env[name], name).toBe("");
  });
});

describe("routing", () => {
  it("routes with the trie router, which takes every route of the service (Hono's RegExp router cannot)", async () => {
    const { app } = await import("../src/app");
    const { RegExpRouter } = await import("hono/router/reg-exp-router");
    expect(app.router.name).toBe("TrieRouter");
    // Why: the RegExp router refuses the service's routes (a static segment beside a parameter).
    const rr = new RegExpRouter<number>();
    expect(() => {
      for (const r of app.routes) rr.add(r.method, r.path, 1);
      rr.match("GET", "/");
    }).toThrow();
    // And the trie answers a static segment before the parameter beside it.
    expect((await api("GET", "/verify/check.js")).status).toBe(200);
  });
});
