/**
 * The documents list's query plans (found by the growth measurement, docs/reliability.md part 4):
 * a lookup by external_ref or by status must walk its own index in the list's order, not the
 * account's list index with a filter (which read every document of the account: 435 ms p50 at
 * 100,000 documents for one external_ref).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const plan = async (where: string) =>
  (
    await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id FROM documents WHERE tenant_id = ?1 AND mode = ?2 AND ${where} ORDER BY created_at DESC, id DESC LIMIT 50`,
    )
      .bind("ten_x", "live", "v")
      .all<{ detail: string }>()
  ).results
    .map((r) => r.detail)
    .join("; ");

describe("documents list query plans", () => {
  it("external_ref uses documents_external_ref", async () => {
    expect(await plan("external_ref = ?3")).toMatch(/USING INDEX documents_external_ref/);
  });
  it("status uses documents_status_list", async () => {
    expect(await plan("status = ?3")).toMatch(/USING INDEX documents_status_list/);
  });
  it("no filter uses documents_list", async () => {
    expect(await plan("?3 IS NOT NULL")).toMatch(/USING INDEX documents_list/);
  });
});
