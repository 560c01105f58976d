import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { reserveAgreement } from "../src/domain/quota";
import { ApiError } from "../src/lib/errors";
import { makeTenant, ops } from "./helpers";

const used = async (tenantId: string) =>
  (await env.DB.prepare("SELECT agreements FROM usage WHERE tenant_id = ?").bind(tenantId).first<{ agreements: number }>())?.agreements ?? 0;

describe("plans and quotas (domain)", () => {
  it("free plan: 25 live agreements a month, the 26th refused with 402, test mode never counts", async () => {
    const t = await makeTenant();
    for (let i = 0; i < 25; i++) await reserveAgreement(env, t.tenantId, "live");
    await expect(reserveAgreement(env, t.tenantId, "live")).rejects.toMatchObject({ code: "quota_exceeded", status: 402 });
    await reserveAgreement(env, t.tenantId, "test");
    expect(await used(t.tenantId)).toBe(25);
    // A new month starts afresh.
    await reserveAgreement(env, t.tenantId, "live", new Date(Date.now() + 32 * 86400_000));
  });

  it("concurrent sends cannot overshoot the plan", async () => {
    const t = await makeTenant();
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => reserveAgreement(env, t.tenantId, "live")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(25);
    expect(results.filter((r) => r.status === "rejected" && r.reason instanceof ApiError)).toHaveLength(15);
    expect(await used(t.tenantId)).toBe(25);
  });

  it("overage plans go past the included agreements until the spending limit", async () => {
    const t = await makeTenant();
    await ops("PATCH", `/tenants/${t.tenantId}`, { plan: "starter", spending_limit_cents: 300 }); // 100 included, 150 cents each after
    await env.DB.prepare("INSERT INTO usage (tenant_id, period, agreements) VALUES (?, ?, 100)").bind(t.tenantId, new Date().toISOString().slice(0, 7)).run();
    await reserveAgreement(env, t.tenantId, "live"); // 150
    await reserveAgreement(env, t.tenantId, "live"); // 300
    await expect(reserveAgreement(env, t.tenantId, "live")).rejects.toMatchObject({ code: "quota_exceeded" });
    await ops("PATCH", `/tenants/${t.tenantId}`, { spending_limit_cents: null });
    await reserveAgreement(env, t.tenantId, "live");
    expect(await used(t.tenantId)).toBe(103);
  });

  it("gives an agreement back when the send fails after counting it", async () => {
    const t = await makeTenant();
    const release = await reserveAgreement(env, t.tenantId, "live");
    expect(await used(t.tenantId)).toBe(1);
    await release();
    expect(await used(t.tenantId)).toBe(0);
  });
});
