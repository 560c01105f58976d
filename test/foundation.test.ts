import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";

describe("GET /v1/account", () => {
  it("answers the account and key", async () => {
    const t = await makeTenant({ scopes: ["signing:read"] });
    const r = await api("GET", "/v1/account", { key: t.key });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ tenant_id: t.tenantId, key_label: "test key", scopes: ["signing:read"] });
    expect(r.headers.get("x-request-id")).toBeTruthy();
    expect(r.headers.get("x-ratelimit-limit")).toBe("300");
  });
});
