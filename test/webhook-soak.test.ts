/**
 * Webhook soak under faults (docs/reliability.md, part 2). Runs only under
 * `npm run reliability -- soak` (SOAK_EVENTS, default there 10,000); skipped in `npm test`.
 *
 * 20 accounts with one endpoint each; SOAK_EVENTS trail events written through the real commit
 * path (fan-out and kick) spread evenly over them. Every endpoint's receiver box answers in a
 * seeded pattern (test/webhook-receiver.mjs `pattern`): 20% 500s, 5% connection resets, 3% slow
 * answers, 0.1% hangs past the 10 s timeout, and 0.5% of event ids poisoned (always 500, so they
 * end dead). Two endpoints start in an outage (every attempt 500) so they pause at the twentieth
 * failure and their later events wait in the hold. Every DeliveryQueue object is evicted twice
 * mid-run. The ladder is fast-forwarded by running each queue's pending alarm at once
 * (`runDurableObjectAlarm`: an alarm attempts what was due at the time it was set for, so each
 * run is one rung). Paused endpoints are switched back on (the outage ones once it is over).
 *
 * Checked at the end: every event has its delivery row (0 lost); every row is delivered or dead;
 * the ids answered 2xx by the receiver are exactly the delivered rows (exactly once after
 * deduplication by Service-Event-Id), each with the stored body; dead rows are readable (status,
 * attempts 7, last error) and counted in the endpoint's `dead`; every signature verifies; every
 * release answered `released` equal to the held rows counted just before, `dropped` 0.
 */
import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { addHook, emit, endpointRow, expectedSignature, idle, newBox, received, seedDocument, step } from "./webhook-helpers";
import { deliveryQueue } from "../src/objects/delivery-queue/client";
import type { TrailKind } from "../src/domain/vocabulary";

const EVENTS = Number(inject("soakEvents" as never) ?? 0);
const ENDPOINTS = 20;
const SEED = Number(inject("soakSeed" as never) ?? 0) || 18;
const FAULTS = { mode: "pattern", seed: SEED, poison: 0.005, fail: 0.2, reset: 0.05, slow: 0.03, hang: 0.001 };
const KINDS: TrailKind[] = ["viewed", "consented", "signed", "viewed", "viewed"];

type Hook = { i: number; key: string; tenantId: string; box: { name: string; url: string }; id: string; secret: string; events: number };

const setBox = async (box: { name: string }, mode: Record<string, unknown>) => {
  const r = await fetch(`https://hooks.receiver.test/__mode/${box.name}`, { method: "POST", body: JSON.stringify(mode) });
  expect(r.status).toBe(200);
};
const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;

describe.skipIf(!EVENTS)("webhook soak under faults", () => {
  it(`${EVENTS} events over ${ENDPOINTS} endpoints: 0 lost, exactly once after dedup or dead, signatures verify, pauses released exactly`, {
    timeout: 1_800_000,
  }, async () => {
    const t0 = Date.now();
    const hooks: Hook[] = [];
    for (let i = 0; i < ENDPOINTS; i++) {
      const t = await makeTenant();
      const box = newBox();
      await setBox(box, i < 2 ? { mode: "fail" } : FAULTS);
      const h = await addHook(t.key, { url: box.url, events: ["*"] });
      hooks.push({ i, key: t.key, tenantId: t.tenantId, box, id: h.id, secret: h.secret, events: 0 });
    }
    const pauses = { seen: 0, released: 0, dropped: 0 };
    let evictions = 0;
    let busy = 0;
    /**
     * Evicts every queue object that is running. One holding a request open (an attempt in flight
     * to a hanging receiver) cannot be evicted by the test runtime; it is counted and left.
     */
    const evictAll = () =>
      Promise.all(
        hooks.map(async (h) => {
          try {
            await evictDurableObject(deliveryQueue(env, h.id));
            evictions++;
          } catch (e) {
            if (String(e).includes("active references")) busy++;
            else if (!String(e).includes("not currently running")) throw e;
          }
        }),
      );

    /** Switches a paused endpoint back on; `released` must be the held rows counted just before. */
    async function release(h: Hook) {
      const held = await count("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ? AND status = 'held'", h.id);
      const r = await api("PATCH", `/v1/webhooks/${h.id}`, { key: h.key, body: { active: true } });
      expect(r.status, r.text).toBe(200);
      expect(r.json.released).toBe(held);
      expect(r.json.dropped).toBe(0);
      pauses.seen++;
      pauses.released += r.json.released;
      pauses.dropped += r.json.dropped;
    }

    /** Runs every queue's pending alarm (one rung each) until nothing waits, releasing paused endpoints unless told not to. */
    async function drive(opts: { until: () => Promise<boolean>; holdOutage?: boolean; maxRounds?: number }) {
      for (let round = 0; round < (opts.maxRounds ?? 5000); round++) {
        if (await opts.until()) return round;
        await Promise.all(
          hooks.map(async (h) => {
            const ep = await endpointRow(h.id);
            if (ep!.paused_at) {
              if (!(opts.holdOutage && h.i < 2)) await release(h);
              return;
            }
            await step(h.id);
          }),
        );
      }
      throw new Error("the queues did not settle");
    }

    // Phase 1: half the events, an eviction, the other half.
    const docs = await Promise.all(hooks.map((h) => seedDocument(h.tenantId)));
    const per = Math.floor(EVENTS / ENDPOINTS);
    const emitHalf = async (from: number, to: number) => {
      await Promise.all(
        hooks.map(async (h, k) => {
          for (let n = from; n < to; n += 50) {
            const kinds = Array.from({ length: Math.min(50, to - n) }, (_, j) => KINDS[(n + j) % KINDS.length]!);
            await emit(docs[k]!, kinds);
            h.events += kinds.length;
          }
        }),
      );
    };
    await emitHalf(0, Math.floor(per / 2));
    await evictAll();
    await emitHalf(Math.floor(per / 2), per);
    const emitted = hooks.reduce((a, h) => a + h.events, 0);
    expect(emitted).toBe(per * ENDPOINTS);
    console.log(`soak: ${emitted} events written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // Phase 2: the ladder, with the outage endpoints held; an eviction part way.
    const waiting = (ids: string[]) =>
      count(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id IN (${ids.map(() => "?").join(",")}) AND status IN ('queued', 'failed')`, ...ids);
    const healthy = hooks.filter((h) => h.i >= 2).map((h) => h.id);
    let evicted = false;
    await drive({
      holdOutage: true,
      until: async () => {
        if (!evicted && (await waiting(healthy)) < emitted / 4) {
          evicted = true;
          await evictAll();
        }
        const outagePaused = (await Promise.all(hooks.slice(0, 2).map((h) => endpointRow(h.id)))).every((e) => e!.paused_at);
        return outagePaused && (await waiting(healthy)) === 0;
      },
    });
    // Phase 3: the outage ends; the held deliveries go out.
    for (const h of hooks.slice(0, 2)) {
      await setBox(h.box, FAULTS);
      await release(h);
    }
    const all = hooks.map((h) => h.id);
    await drive({
      until: async () => {
        await Promise.all(all.map((id) => idle(id)));
        const paused = await count(
          `SELECT COUNT(*) AS n FROM webhook_endpoints WHERE id IN (${all.map(() => "?").join(",")}) AND paused_at IS NOT NULL`,
          ...all,
        );
        return (
          paused === 0 &&
          (await waiting(all)) === 0 &&
          (await count(
            "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id IN (" + all.map(() => "?").join(",") + ") AND status = 'held'",
            ...all,
          )) === 0
        );
      },
    });

    // The checks.
    const totals = { delivered: 0, dead: 0, attempts: 0, requests: 0, duplicates: 0, answers: {} as Record<string, number> };
    for (const h of hooks) {
      const rows = (
        await env.DB.prepare("SELECT id, status, attempts, last_error, payload FROM webhook_deliveries WHERE endpoint_id = ?").bind(h.id).all<{
          id: string;
          status: string;
          attempts: number;
          last_error: string | null;
          payload: string;
        }>()
      ).results;
      // 0 lost: one delivery per event written.
      expect(rows.length).toBe(h.events);
      const log = await received(h.box);
      totals.requests += log.length;
      const ok = new Map<string, number>();
      for (const r of log) {
        const a = String((r as { answer?: unknown }).answer ?? 500);
        totals.answers[a] = (totals.answers[a] ?? 0) + 1;
        // Every request's signature verifies against the endpoint's secret.
        expect(r.headers["service-signature"]).toBe(expectedSignature(h.secret, r.headers["service-timestamp"]!, r.body));
        if (a === "200") ok.set(r.headers["service-event-id"]!, (ok.get(r.headers["service-event-id"]!) ?? 0) + 1);
      }
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const r of rows) {
        expect(["delivered", "dead"]).toContain(r.status);
        totals.attempts += r.attempts;
        if (r.status === "delivered") {
          totals.delivered++;
          expect(ok.has(r.id), `delivered ${r.id} never answered 2xx`).toBe(true);
        } else {
          totals.dead++;
          expect(r.attempts).toBe(7);
          expect(r.last_error).toBeTruthy();
          expect(ok.has(r.id), `dead ${r.id} was answered 2xx`).toBe(false);
        }
      }
      for (const [id, n] of ok) {
        expect(byId.get(id)?.status).toBe("delivered");
        totals.duplicates += n - 1;
      }
      // Each body received is the stored one.
      for (const r of log) expect(r.body).toBe(byId.get(r.headers["service-event-id"]!)!.payload);
      // Dead ones are readable: counted in the endpoint's `dead`.
      const list = await api("GET", "/v1/webhooks", { key: h.key });
      const ep = list.json.endpoints.find((e: { id: string }) => e.id === h.id);
      expect(ep.dead).toBe(rows.filter((r) => r.status === "dead").length);
      expect(ep.queued).toBe(0);
    }
    expect(totals.delivered + totals.dead).toBe(emitted);
    expect(pauses.dropped).toBe(0);
    expect(pauses.seen).toBeGreaterThanOrEqual(2);
    const secs = (Date.now() - t0) / 1000;
    console.log(
      `soak: ${emitted} events, ${ENDPOINTS} endpoints, seed ${SEED}, ${secs.toFixed(0)} s: delivered ${totals.delivered}, dead ${totals.dead}, lost 0; ` +
        `${totals.requests} requests (${JSON.stringify(totals.answers)}), ${totals.attempts} attempts recorded, ${totals.duplicates} duplicate 2xx; ` +
        `pauses released ${pauses.seen} (${pauses.released} deliveries released, ${pauses.dropped} dropped); ${evictions} queue objects evicted mid-run (${busy} busy, left running)`,
    );
  });
});
