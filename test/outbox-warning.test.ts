/**
 * A production deployment (ENVIRONMENT=production, which `npm run deploy:setup` writes) with no
 * email provider says so: one warning line per isolate in the log, and a banner on every dashboard
 * page to owners, in their language. Under the tests' own configuration (as under `npm start`)
 * there is neither. The same Worker (`app.fetch`) is asked with the test env plus the production
 * variables; sessions are made through the normal sign-in.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../src/app";
import { type Browser, makeAccount, signedIn } from "./dashboard-helpers";
import { BASE } from "./helpers";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const production = { ...env, ENVIRONMENT: "production" };
const withProvider = {
  ...env,
  ENVIRONMENT: "production",
  EMAIL_PROVIDER: "resend",
  EMAIL_API_KEY: "re_test_0123456789",
  EMAIL_FROM: "Acme <sign@acme.example>",
};

/** A dashboard page as the signed-in browser sees it, served with the given env. */
async function pageWith(e: object, b: Browser, path: string, headers: Record<string, string> = {}) {
  const r = await app.fetch(new Request(`${BASE}${path}`, { headers: { "cf-connecting-ip": b.ip, cookie: b.cookieHeader(), ...headers } }), e, ctx);
  return { status: r.status, text: await r.text() };
}

afterEach(() => vi.restoreAllMocks());

describe("email outbox in production", () => {
  it("logs one warning line per isolate, naming the variables to set; none without ENVIRONMENT=production or with a provider", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const send = (e: object) => app.fetch(new Request(`${BASE}/openapi.json`, { headers: { "cf-connecting-ip": "203.0.113.7" } }), e, ctx);
    await send(env);
    await send(withProvider);
    expect(lines.filter((l) => l.includes("email outbox in production"))).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await send(production)).status).toBe(200);
    const warnings = lines.map((l) => JSON.parse(l) as Record<string, string>).filter((l) => l.msg === "email outbox in production");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe("warn");
    expect(warnings[0]!.hint).toContain("EMAIL_PROVIDER, EMAIL_API_KEY and EMAIL_FROM");
  });

  it("shows owners a banner on every dashboard page, in their language", async () => {
    const tenantId = await makeAccount();
    const { b } = await signedIn(tenantId, "owner");
    for (const path of ["/app/documents", "/app/keys", "/app/account"]) {
      const r = await pageWith(production, b, path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toContain('id="outbox-warning"');
      expect(r.text, path).toContain("Email reaches nobody");
    }
    const de = await pageWith(production, b, "/app/documents?lang=de");
    expect(de.text).toContain("Keine E-Mail kommt an");
    expect(de.text).not.toContain("Email reaches nobody");
  });

  it("shows no banner to other roles, with an email provider, or outside production", async () => {
    const tenantId = await makeAccount();
    const admin = await signedIn(tenantId, "admin");
    expect((await pageWith(production, admin.b, "/app/documents")).text).not.toContain("outbox-warning");
    const owner = await signedIn(tenantId, "owner");
    expect((await pageWith(withProvider, owner.b, "/app/documents")).text).not.toContain("outbox-warning");
    const local = await pageWith(env, owner.b, "/app/documents");
    expect(local.status).toBe(200);
    expect(local.text).not.toContain("outbox-warning");
    expect((await pageWith(production, owner.b, "/app/documents")).text).toContain("outbox-warning");
  });
});
