import { objectEnv } from "../db/shard-env";
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import type { Db } from "../db/client";
import { traceD1 } from "../db/trace";
import { logError } from "../lib/log";

/** After this long a drain hands over to an alarm, so no single invocation runs unbounded. */
const DRAIN_BUDGET_MS = 60_000;
/** A kick also sets an alarm this far ahead: if the object is evicted mid-drain, the alarm resumes it. */
const SAFETY_ALARM_MS = 30_000;

/**
 * The one drain loop of the service's queues (DeliveryQueue per webhook endpoint, MessageQueue per
 * account). Nothing queued lives in the object: every round reads the due rows from D1 and writes
 * each outcome back, so an evicted or restarted object loses nothing. The object keeps only its
 * owner's id and the time its one alarm was set for (both in its own storage).
 *
 * Drains are serialised in memory: one runs at a time, and a kick during a drain makes it look
 * again. A drain that runs past its budget hands over to an alarm; when it ends, one alarm is set
 * for the next due item, or none.
 */
export abstract class DrainingQueue<R> extends DurableObject<Env> {
  private owner: string | null = null;
  /** When the current alarm was set to fire (ms), or null. */
  private alarmAt: number | null = null;
  private running: Promise<R> | null = null;
  private again = false;
  /** Work started in the background besides drains (idle() waits for it too). */
  private readonly pending = new Set<Promise<void>>();

  /**
   * @param ownerKey the storage key of the owner's id (kept as each queue has always stored it)
   * @param what how the logs name this queue
   */
  constructor(
    ctx: DurableObjectState,
    env: Env,
    private readonly ownerKey: string,
    private readonly what: string,
  ) {
    super(ctx, traceD1(objectEnv(ctx, env)));
    ctx.blockConcurrencyWhile(async () => {
      this.owner = (await ctx.storage.get<string>(ownerKey)) ?? null;
      this.alarmAt = (await ctx.storage.get<number>("alarm_at")) ?? null;
    });
  }

  /** A fresh tally for one drain. */
  /** The object's database (its account's shard), the query code loaded with the first drain. */
  protected async db(): Promise<Db> {
    return (await import("../db/client")).dbOf(this.env);
  }

  protected abstract empty(): R;
  /** One round: attempts what is due at `due`, adds to `total`; how many were attempted, or null when the owner takes nothing now. */
  protected abstract round(owner: string, due: number, total: R): Promise<number | null>;
  /** When the next item falls due (ms), or null when nothing waits. */
  protected abstract nextDue(owner: string): Promise<number | null>;

  /**
   * Says items may be due now. Returns at once: the drain runs in the background, with a safety
   * alarm behind it in case the object goes away before it ends.
   */
  async kick(owner: string): Promise<void> {
    if (this.owner !== owner) {
      this.owner = owner;
      await this.ctx.storage.put(this.ownerKey, owner);
    }
    const safety = Date.now() + SAFETY_ALARM_MS;
    if (this.alarmAt === null || this.alarmAt > safety) await this.setAlarm(safety);
    if (this.running) {
      this.again = true;
      return;
    }
    this.ctx.waitUntil(this.drain(Date.now()).catch((err) => logError(`${this.what} drain failed`, err)));
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

  /** Resolves once no drain or background work is running (for tests and the benchmark). */
  async idle(): Promise<void> {
    while (this.running || this.pending.size) {
      await Promise.all([...this.pending]);
      if (this.running) await this.running.catch(() => undefined);
    }
  }

  /** Runs `work` in the background of this object; idle() waits for it. */
  protected background(work: Promise<void>): void {
    this.pending.add(work);
    this.ctx.waitUntil(work.finally(() => this.pending.delete(work)));
  }

  private drain(dueAt: number): Promise<R> {
    if (this.running) return this.running;
    const run = this.drainLoop(dueAt, this.empty()).finally(() => {
      this.running = null;
    });
    this.running = run;
    return run;
  }

  private async drainLoop(dueAt: number, total: R): Promise<R> {
    const id = this.owner;
    if (!id) return total;
    const started = Date.now();
    let due = dueAt;
    for (;;) {
      this.again = false;
      const attempted = await this.round(id, due, total);
      if (attempted === null) break;
      if (attempted === 0) {
        if (this.again) continue;
        break;
      }
      if (Date.now() - started > DRAIN_BUDGET_MS) {
        await this.setAlarm(Date.now());
        return total;
      }
      due = Math.max(due, Date.now());
    }
    await this.scheduleNext(id);
    // A kick that landed after the last look: look once more rather than wait for the alarm.
    return this.again ? this.drainLoop(Date.now(), total) : total;
  }

  /** One alarm, for the next due item; none when nothing waits. */
  private async scheduleNext(id: string) {
    const next = await this.nextDue(id);
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
