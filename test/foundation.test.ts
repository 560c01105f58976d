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
  it("serves every route from the group its address belongs to, each group loaded on its first address", async () => {
    const { GROUPS, groupOf, loadGroup } = await import("../src/app");
    const names = Object.keys(GROUPS) as (keyof typeof GROUPS)[];
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    const served = new Map(await Promise.all(names.map(async (n) => [n, new Set((await loadGroup(n)).routes.map(key))] as const)));
    // A router mounted in two groups (the API describes the signer's operations) is reached by its address's group.
    for (const n of names) {
      for (const r of (await loadGroup(n)).routes) {
        if (r.method === "ALL") continue;
        expect(served.get(groupOf(r.path))!.has(key(r)), `${key(r)} (mounted in ${n})`).toBe(true);
      }
    }
    expect(
      ["/v1/sign/tok", "/s/tok/sign", "/verify", "/verify/ABC", "/v1/verify/ABC", "/f/slug", "/t", "/t/sign", "/brand/ten_1/logo.png"].map(groupOf),
    ).toEqual(Array(9).fill("signer"));
    expect(["/app", "/app/documents", "/embed/tok", "/app/pdfjs/1/pdf.min.mjs"].map(groupOf)).toEqual(Array(4).fill("dashboard"));
    expect(["/ops/v1/tenants", "/ops"].map(groupOf)).toEqual(["ops", "ops"]);
    expect(["/", "/v1/documents", "/v1/signers", "/v1/sign", "/sign", "/verifyx", "/tx", "/openapi.json", "/mcp", "/oauth/token"].map(groupOf)).toEqual(
      Array(10).fill("api"),
    );
    // A percent-encoded address is grouped as Hono routes it (decoded).
    expect((await api("GET", "/%76erify")).status).toBe(200);
  });

  it("routes with the trie router, which takes every route of the service (Hono's RegExp router cannot)", async () => {
    const { GROUPS, everyRoute, loadGroup } = await import("../src/app");
    const { RegExpRouter } = await import("hono/router/reg-exp-router");
    for (const name of Object.keys(GROUPS) as (keyof typeof GROUPS)[]) expect((await loadGroup(name)).router.name, name).toBe("TrieRouter");
    // Why: the RegExp router refuses the service's routes (a static segment beside a parameter).
    const rr = new RegExpRouter<number>();
    const routes = await everyRoute();
    expect(() => {
      for (const r of routes) rr.add(r.method, r.path, 1);
      rr.match("GET", "/");
    }).toThrow();
    // And the trie answers a static segment before the parameter beside it.
    const core = await api("GET", "/verify/check.js");
    expect(core.status).toBe(200);
    // The offline verifier's core comes from the static assets (verify/verify-core.mjs), with its ETag.
    expect(core.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(core.text).toMatch(/^\/\/ Generated by scripts\/build-browser\.mjs from src\/lib\/verify\/core\.ts/);
    expect(core.text).toContain("as verifyPdf}");
    const etag = core.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await api("GET", "/verify/check.js", { headers: { "if-none-match": etag ?? "" } })).status).toBe(304);
  });
});
