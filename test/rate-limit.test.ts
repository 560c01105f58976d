import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";

describe("300 requests a minute per key", () => {
  it.sequential("counts down in the headers and refuses the 301st with Retry-After", async () => {
    // Start early in a minute window, so 300 requests fit inside one window.
    const intoWindow = (Date.now() / 1000) % 60;
    if (intoWindow > 40) await new Promise((r) => setTimeout(r, (61 - intoWindow) * 1000));
    const t = await makeTenant();
    const first = await api("GET", "/v1/account", { key: t.key });
    expect(first.headers.get("x-ratelimit-limit")).toBe("300");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("299");
    const reset = Number(first.headers.get("x-ratelimit-reset"));
    expect(reset % 60).toBe(0);
    expect(reset).toBeGreaterThan(Date.now() / 1000);
    const rest = await Promise.all(Array.from({ length: 299 }, () => api("GET", "/v1/account", { key: t.key })));
    expect(rest.every((r) => r.status === 200)).toBe(true);
    expect(Math.min(...rest.map((r) => Number(r.headers.get("x-ratelimit-remaining"))))).toBe(0);
    const over = await api("GET", "/v1/account", { key: t.key });
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe("rate_limited");
    expect(over.json.error.message).toContain("300 requests per 60 seconds");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(over.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(Number(over.headers.get("x-ratelimit-reset"))).toBe(reset);
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    // Another key of the same account has its own budget.
    const other = await makeTenant();
    expect((await api("GET", "/v1/account", { key: other.key })).status).toBe(200);
  }, 90_000);

  it("limits each signing link to 120 a minute", async () => {
    const token = "ab".repeat(32);
    const first = await api("GET", `/v1/sign/${token}`);
    expect(first.headers.get("x-ratelimit-limit")).toBe("120");
  });
});
