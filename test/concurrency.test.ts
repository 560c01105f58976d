import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { addKey, api, makeTenant } from "./helpers";
import { people, publishedTemplate, sentDocument } from "./signing-helpers";
import { addHook, newBox } from "./webhook-helpers";
import { runScheduled } from "../src/domain/scheduled";

/** 1 run of each race in `npm test`; `npm run reliability -- races` sets RACE_RUNS=100. */
const RUNS = Number(inject("raceRuns" as never) ?? 0) || 1;

const one = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;

/**
 * What a finished race must leave: at most one completion, and when the document completed exactly
 * one certificate and one `signing.completed` delivery per subscribed endpoint; a
 * trail whose sequence has no gap and no duplicate.
 */
async function expectOneOutcome(key: string, id: string, hooks: number) {
  const d = (await api("GET", `/v1/documents/${id}`, { key })).json;
  const kinds = d.events.map((e: { kind: string }) => e.kind) as string[];
  const count = (k: string) => kinds.filter((x) => x === k).length;
  expect(count("completed") + count("voided") + count("expired")).toBeLessThanOrEqual(1);
  const completed = d.status === "completed" ? 1 : 0;
  expect(count("completed")).toBe(completed);
  expect(await one("SELECT COUNT(*) AS n FROM certificates WHERE document_id = ?", id)).toBe(completed);
  expect(await one("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE document_id = ? AND event = 'signing.completed'", id)).toBe(completed * hooks);
  const seqs = await env.DB.prepare("SELECT seq FROM events WHERE document_id = ? ORDER BY seq").bind(id).all<{ seq: number }>();
  expect(seqs.results.map((r) => r.seq)).toEqual(Array.from({ length: seqs.results.length }, (_, i) => i + 1));
  return d;
}

describe("one sequencer per document", () => {
  it(`50 signers signing at the same instant (${RUNS} run${RUNS > 1 ? "s" : ""}): every signature kept, one completion, one certificate, one signing.completed`, {
    timeout: 60_000 * RUNS,
  }, async () => {
    // Unlimited agreements: a hundred runs would use up a smaller plan's month.
    const t = await makeTenant({ plan: "enterprise" });
    await addHook(t.key, { url: newBox().url, events: ["signing.completed"] });
    for (let run = 0; run < RUNS; run++) {
      const { id, links } = await sentDocument(t.key, { signers: people(50), notify: false });
      await Promise.all(links.map((l) => api("POST", `/v1/sign/${l.token}/consent`, { body: {} })));
      const results = await Promise.all(links.map((l, i) => api("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: `Signer ${i + 1}` } })));
      expect(results.map((r) => r.status)).toEqual(links.map(() => 200));
      expect(new Set(results.map((r) => r.json.event_id)).size).toBe(50);
      const d = await expectOneOutcome(t.key, id, 1);
      expect(d.status).toBe("completed");
      expect(d.signers.every((s: { status: string }) => s.status === "signed")).toBe(true);
      const count = (k: string) => d.events.filter((e: { kind: string }) => e.kind === k).length;
      expect(count("consented")).toBe(50);
      expect(count("signed")).toBe(50);
      // Every answered event id is in the trail: no signature was acknowledged and then lost.
      const trail = new Set(d.events.map((e: { event_id: string }) => e.event_id));
      expect(results.every((r) => trail.has(r.json.event_id))).toBe(true);
      // `delivered` (each emailed link taken by the outbox) lands whenever the account's message queue runs: not part of this order.
      expect(d.events.filter((e: { kind: string }) => e.kind !== "delivered").at(-1).kind).toBe("completed");
    }
  });

  it(`a void racing the last signature (${RUNS} run${RUNS > 1 ? "s" : ""}): exactly one of them wins`, { timeout: 30_000 * RUNS }, async () => {
    // Unlimited agreements: a hundred runs would use up a smaller plan's month.
    const t = await makeTenant({ plan: "enterprise" });
    await addHook(t.key, { url: newBox().url, events: ["signing.completed"] });
    const outcomes = { completed: 0, voided: 0 };
    for (let run = 0; run < RUNS; run++) {
      // A key per run: a hundred quick runs would pass one key's 300 requests a minute.
      const key = RUNS > 1 ? (await addKey(t.tenantId)).key : t.key;
      const { id, links } = await sentDocument(key, { signers: people(1), notify: false });
      await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} });
      const [sign, voided] = await Promise.all([
        api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "typed", value: "S" } }),
        api("POST", `/v1/documents/${id}/void`, { key, body: { reason: "race" } }),
      ]);
      expect([sign.status, voided.status].sort()).toEqual([200, sign.status === 200 ? 422 : 404].sort());
      const d = await expectOneOutcome(key, id, 1);
      expect(d.status).toBe(sign.status === 200 ? "completed" : "voided");
      expect(d.events.filter((e: { kind: string }) => e.kind === "completed" || e.kind === "voided")).toHaveLength(1);
      outcomes[d.status as "completed" | "voided"]++;
    }
    console.log(`void-vs-sign over ${RUNS} runs: ${JSON.stringify(outcomes)}`);
  });

  it(`the expiry cron racing the last signature (${RUNS} run${RUNS > 1 ? "s" : ""}): completed or expired, never both`, {
    timeout: 30_000 * RUNS,
  }, async () => {
    // Unlimited agreements: a hundred runs would use up a smaller plan's month.
    const t = await makeTenant({ plan: "enterprise" });
    await addHook(t.key, { url: newBox().url, events: ["signing.completed"] });
    const outcomes = { completed: 0, expired: 0 };
    for (let run = 0; run < RUNS; run++) {
      // A key per run: a hundred quick runs would pass one key's 300 requests a minute.
      const key = RUNS > 1 ? (await addKey(t.tenantId)).key : t.key;
      const { id, links } = await sentDocument(key, { signers: people(1), notify: false, doc: { expires_at: new Date(Date.now() + 60_000).toISOString() } });
      await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} });
      // The cron runs as if two minutes had passed, so it finds the document expired while the signature is on its way.
      // Every other run the cron starts a few milliseconds late, so both orders are raced.
      const lag = run % 2 ? (run % 7) * 4 : 0;
      const [sign] = await Promise.all([
        api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "typed", value: "S" } }),
        new Promise((r) => setTimeout(r, lag)).then(() => runScheduled(env, new Date(Date.now() + 120_000))),
      ]);
      const d = await expectOneOutcome(key, id, 1);
      expect(["completed", "expired"]).toContain(d.status);
      outcomes[d.status as "completed" | "expired"]++;
      // A signature answered 200 is never lost: the document then completed.
      if (sign.status === 200) expect(d.status).toBe("completed");
      else expect(d.status).toBe("expired");
    }
    console.log(`expire-vs-sign over ${RUNS} runs: ${JSON.stringify(outcomes)}`);
  });
});

describe("signing groups under races", () => {
  it(`20 members of a group signing at the same instant (${RUNS} run${RUNS > 1 ? "s" : ""}): exactly one signs for the group, one completion`, {
    timeout: 60_000 * RUNS,
  }, async () => {
    const t = await makeTenant({ plan: "enterprise" });
    await addHook(t.key, { url: newBox().url, events: ["signing.completed"] });
    for (let run = 0; run < RUNS; run++) {
      const key = RUNS > 1 ? (await addKey(t.tenantId)).key : t.key;
      const members = Array.from({ length: 20 }, (_, i) => ({ email: `member${i}@example.com`, full_name: `Member ${i}` }));
      const id = (await api("POST", "/v1/documents", { key, body: { template_code: await templateCode(key), values: { company: "Acme", name: "Ada" } } })).json
        .document_id as string;
      const sent = await api("POST", `/v1/documents/${id}/send`, { key, body: { signers: [{ group_name: "Accounts", group: members }], notify: false } });
      expect(sent.status, sent.text).toBe(200);
      const links = sent.json.links as { token: string }[];
      await Promise.all(links.map((l) => api("POST", `/v1/sign/${l.token}/consent`, { body: {} })));
      const results = await Promise.all(links.map((l, i) => api("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: `Member ${i}` } })));
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      const winner = results.findIndex((r) => r.status === 200);
      // Every other member was refused with who signed, never a 5xx.
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(422);
        expect(r.json.error.message).toBe(`This part was signed by Member ${winner} for Accounts.`);
      }
      const d = await expectOneOutcome(key, id, 1);
      expect(d.status).toBe("completed");
      expect(d.signers.filter((s: { status: string }) => s.status === "signed")).toHaveLength(1);
      expect(d.events.filter((e: { kind: string }) => e.kind === "signed")).toHaveLength(1);
      // The losers' links now read who signed.
      const other = await api("GET", `/v1/sign/${links[(winner + 1) % 20]!.token}`);
      expect(other.json.reason).toBe(`This part was signed by Member ${winner} for Accounts.`);
    }
  });
});

const templates = new Map<string, string>();
/** One published template per key (a hundred runs share it). */
async function templateCode(key: string) {
  const known = templates.get(key);
  if (known) return known;
  const { code } = await publishedTemplate(key);
  templates.set(key, code);
  return code;
}
