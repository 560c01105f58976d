import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../src/app";
import { CONFIG_VARS, ConfigError, configOf, publicBaseUrl } from "../src/lib/config";
import { BASE } from "./helpers";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const send = (e: object, path: string, headers: Record<string, string> = {}) =>
  app.fetch(new Request(`${BASE}${path}`, { headers: { "cf-connecting-ip": "203.0.113.7", ...headers } }), e, ctx);

describe("configuration", () => {
  it.each([undefined, ""])("refuses to serve anything without PUBLIC_BASE_URL (%j): 500 internal naming it", async (value) => {
    const e = { ...env, PUBLIC_BASE_URL: value };
    for (const path of ["/openapi.json", "/v1/account", "/v1/verify/ABCD", "/s/" + "a".repeat(64), "/nothing"]) {
      const r = await send(e, path, { host: "attacker.example" });
      expect(r.status, path).toBe(500);
      expect(r.headers.get("x-request-id"), path).toBeTruthy();
      const body = (await r.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("internal");
      expect(body.error.message).toContain("PUBLIC_BASE_URL is required");
    }
  });

  it("never derives the public origin from the request: only PUBLIC_BASE_URL", () => {
    expect(publicBaseUrl(env)).toBe("https://sign.example.test");
    expect(() => publicBaseUrl({ ...env, PUBLIC_BASE_URL: "" })).toThrow(ConfigError);
    expect(publicBaseUrl({ PUBLIC_BASE_URL: "http://localhost:8787" })).toBe("http://localhost:8787");
  });

  it.each([
    [{ PUBLIC_BASE_URL: "sign.example.org" }, "PUBLIC_BASE_URL must be an http(s) origin"],
    [{ PUBLIC_BASE_URL: "https://sign.example.org/app?x=1" }, "PUBLIC_BASE_URL must be an origin only"],
    [{ PUBLIC_BASE_URL: "ftp://sign.example.org" }, "PUBLIC_BASE_URL must be an http(s) origin"],
    [{ WEBHOOK_SECRET_KEY: "not-hex-secret-value" }, "WEBHOOK_SECRET_KEY must be 64 hex characters"],
    [{ OPERATOR_TOKEN: "short" }, "OPERATOR_TOKEN must be at least 16 characters"],
    [{ ALLOW_INSECURE_WEBHOOKS: "yes" }, 'ALLOW_INSECURE_WEBHOOKS must be "true" or "false"'],
    [{ SEAL_CERT_PEM: "" }, "SEAL_CERT_PEM must be set together with SEAL_KEY_PEM"],
    [{ TSA_URL: "not a url" }, "TSA_URL must be an http(s) URL"],
  ])("refuses %j with a message naming the variable, never its value", async (over, message) => {
    const r = await send({ ...env, ...over }, "/v1/account");
    expect(r.status).toBe(500);
    const text = await r.text();
    expect(JSON.parse(text).error.message).toContain(message);
    for (const v of Object.values(over)) if (v.length > 8) expect(text).not.toContain(v);
  });

  it("accepts the test configuration, with blanks read as unset", () => {
    const c = configOf({ ...env, TSA_URL: "", ALLOW_INSECURE_WEBHOOKS: "" });
    expect(c.TSA_URL).toBeUndefined();
    expect(c.ALLOW_INSECURE_WEBHOOKS).toBeUndefined();
    expect(CONFIG_VARS).toContain("PUBLIC_BASE_URL");
  });
});
