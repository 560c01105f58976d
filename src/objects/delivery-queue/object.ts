import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env";
import { traceD1 } from "../../db/trace";
import { PAUSE_AFTER_FAILURES, attemptDelivery, dueDeliveries, isOpen, loadEndpoint, nextDueAt, outcomeQueries } from "../../domain/webhook-attempts";
import { signingSecrets } from "../../domain/webhook-secrets";
import { webhookDb, type Db } from "../../db/webhooks";
import { logError } from "../../lib/log";

/** Attempts in flight at once for one endpoint. */
const CONCURRENCY = 10;
/** After this long a drain hands over to an alarm, so no single invocation runs unbounded. */
const DRAIN_BUDGET_MS = 60_000;
/** A kick also sets an alarm this far ahead: if the object is evicted mid-drain, the alarm resumes it. */
const SAFETY_ALARM_MS = 30_000;

export type DrainResult = { attempted: number; delivered: number };

/**
 * One per webhook endpoint (`idFromName(endpoint_id)`): owns the endpoint's deliveries —
 * attempts, the retry ladder (alarms), pause, hold and replay.
 *
 * Nothing about a delivery lives here: every drain reads the due rows and the endpoint from D1 and
 * writes each outcome back to D1, so an evicted or restarted object loses nothing. The object keeps
 * only its endpoint id and the time its one alarm was set for (both in its own storage).
 * Drains are serialised in memory: one runs at a time, and a kick during a drain makes it look again.
 */
export class DeliveryQueue extends DurableObject<Env> {
  private endpointId: string | null = null;
  /** When the current alarm was set to fire (ms), or null. */
  private alarmAt: number | null = null;
  private running: Promise<DrainResult> | null = null;
  private again = false;
  private readonly db: Db;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, traceD1(env));
    this.db = webhookDb(this.env);
    ctx.blockConcurrencyWhile(async () => {
      this.endpointId = (await ctx.storage.get<string>("endpoint_id")) ?? null;
      this.alarmAt = (await ctx.storage.get<number>("alarm_at")) ?? null;
    });
  }

  /**
   * Says deliveries may be due now. Returns at once: the drain runs in the background, with a
   * safety alarm behind it in case the object goes away before it ends.
   */
  async kick(endpointId: string): Promise<void> {
    if (this.endpointId !== endpointId) {
      this.endpointId = endpointId;
      await this.ctx.storage.put("endpoint_id", endpointId);
    }
    const safety = Date.now() + SAFETY_ALARM_MS;
    if (this.alarmAt === null || this.alarmAt > safety) await this.setAlarm(safety);
    if (this.running) {
      this.again = true;
      return;
    }
    this.ctx.waitUntil(this.drain(Date.now()).catch((err) => logError("delivery queue drain failed", err)));
  }

  /**
   * Attempts whatever is due at the time this alarm was set for (or now, if later). Run early by a
   * test (`runDurableObjectAlarm`), it steps to the next rung of the retry ladder.
   */
  override async alarm(): Promise<void> {
    const scheduled = this.alarmAt ?? Date.now();
    this.alarmAt = null;
    await this.ctx.storage.delete("alarm_at");
    while (this.running) await this.running.catch(() => undefined);
    await this.drain(Math.max(Date.now(), scheduled));
  }

  /** Resolves once no drain is running (for tests and the benchmark). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  private drain(dueAt: number): Promise<DrainResult> {
    if (this.running) return this.running;
    const run = this.drainLoop(dueAt).finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  private async drainLoop(dueAt: number): Promise<DrainResult> {
    const id = this.endpointId;
    const result: DrainResult = { attempted: 0, delivered: 0 };
    if (!id) return result;
    const started = Date.now();
    let due = dueAt;
    for (;;) {
      this.again = false;
      const endpoint = await loadEndpoint(this.db, id);
      if (!endpoint || !isOpen(endpoint)) break;
      const room = Math.max(1, Math.min(CONCURRENCY, PAUSE_AFTER_FAILURES - endpoint.failures));
      const rows = await dueDeliveries(this.db, id, new Date(due).toISOString(), room);
      if (rows.length === 0) {
        if (this.again) continue;
        break;
      }
      const secrets = await signingSecrets(this.env, endpoint, Date.now());
      const outcomes = await Promise.all(rows.map((d) => attemptDelivery(this.env, endpoint, secrets, d)));
      const at = Date.now();
      // Results are written in the order the deliveries fell due, so "consecutive" means that order.
      const [first, ...rest] = rows.flatMap((d, i) => outcomeQueries(this.db, id, d, outcomes[i]!, at));
      await this.db.batch([first!, ...rest]);
      result.attempted += rows.length;
      result.delivered += outcomes.filter((o) => o.ok).length;
      if (Date.now() - started > DRAIN_BUDGET_MS) {
        await this.setAlarm(Date.now());
        return result;
      }
      due = Math.max(due, Date.now());
    }
    await this.scheduleNext(id);
    // A kick that landed after the last look: look once more rather than wait for the alarm.
    if (this.again) {
      const more = await this.drainLoop(Date.now());
      return { attempted: result.attempted + more.attempted, delivered: result.delivered + more.delivered };
    }
    return result;
  }

  /** One alarm, for the next due delivery; none when nothing waits or the endpoint is off. */
  private async scheduleNext(id: string) {
    const endpoint = await loadEndpoint(this.db, id);
    const next = endpoint && isOpen(endpoint) ? await nextDueAt(this.db, id) : null;
    if (next === null) {
      this.alarmAt = null;
      await this.ctx.storage.deleteAlarm();
      await this.ctx.storage.delete("alarm_at");
      return;
    }
    await this.setAlarm(Math.max(next, Date.now()));
  }

  private async setAlarm(at: number) {
    this.alarmAt = at;
    await this.ctx.storage.put("alarm_at", at);
    await this.ctx.storage.setAlarm(at);
  }
}
