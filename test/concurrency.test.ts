import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { people, sentDocument } from "./signing-helpers";

describe("one sequencer per document", () => {
  it("50 signers signing at the same instant: every signature kept, one completion", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(50) });
    await Promise.all(links.map((l) => api("POST", `/v1/sign/${l.token}/consent`, { body: {} })));
    const results = await Promise.all(links.map((l, i) => api("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: `Signer ${i + 1}` } })));
    expect(results.map((r) => r.status)).toEqual(links.map(() => 200));
    expect(new Set(results.map((r) => r.json.event_id)).size).toBe(50);
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.status).toBe("completed");
    expect(d.signers.every((s: { status: string }) => s.status === "signed")).toBe(true);
    const count = (k: string) => d.events.filter((e: { kind: string }) => e.kind === k).length;
    expect(count("consented")).toBe(50);
    expect(count("signed")).toBe(50);
    expect(count("completed")).toBe(1);
    // `delivered` (each emailed link taken by the outbox) lands whenever the account's message queue runs: not part of this order.
    expect(d.events.filter((e: { kind: string }) => e.kind !== "delivered").at(-1).kind).toBe("completed");
    // The trail's sequence has no gap and no duplicate.
    const seqs = await env.DB.prepare("SELECT seq FROM events WHERE document_id = ? ORDER BY seq").bind(id).all<{ seq: number }>();
    expect(seqs.results.map((r) => r.seq)).toEqual(Array.from({ length: seqs.results.length }, (_, i) => i + 1));
  });

  it("a void racing the last signature: exactly one of them wins", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(1) });
    await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} });
    const [sign, voided] = await Promise.all([
      api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "typed", value: "S" } }),
      api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: "race" } }),
    ]);
    expect([sign.status, voided.status].sort()).toEqual([200, sign.status === 200 ? 422 : 404].sort());
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.status).toBe(sign.status === 200 ? "completed" : "voided");
    expect(d.events.filter((e: { kind: string }) => e.kind === "completed" || e.kind === "voided")).toHaveLength(1);
  });
});
