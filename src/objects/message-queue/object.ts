import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env";
import { traceD1 } from "../../db/trace";
import { type DrainResult, drainMessages } from "../../domain/messages";
import { sendCompletedCopies } from "../../domain/notify";
import { messageDb, nextDueAt } from "../../db/messages";
import { logError } from "../../lib/log";

/** Messages attempted at once for one account. */
const CONCURRENCY = 10;
/** After this long a drain hands over to an alarm, so no single invocation runs unbounded. */
const DRAIN_BUDGET_MS = 60_000;
/** A kick also sets an alarm this far ahead: if the object is evicted mid-drain, the alarm resumes it. */
const SAFETY_ALARM_MS = 30_000;

const empty = (): DrainResult => ({ attempted: 0, sent: 0, retried: 0, failed: 0 });

/**
 * One per account (`getByName(tenant_id)`): sends the account's queued messages outside the
 * requests that queued them, `CONCURRENCY` at a time, and keeps one alarm for the next retry.
 *
 * Nothing about a message lives here: every drain reads the due rows from D1 and writes each
 * outcome back, so an evicted or restarted object loses nothing (the cron also kicks any account
 * with an overdue message). The object keeps only its account id and its alarm time. Drains are
 * serialised in memory: one runs at a time, and a kick during a drain makes it look again.
 */
export class MessageQueue extends DurableObject<Env> {
  private tenantId: string | null = null;
  private alarmAt: number | null = null;
  private running: Promise<DrainResult> | null = null;
  private again = false;
  private readonly pending = new Set<Promise<void>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, traceD1(env));
    ctx.blockConcurrencyWhile(async () => {
      this.tenantId = (await ctx.storage.get<string>("tenant_id")) ?? null;
      this.alarmAt = (await ctx.storage.get<number>("alarm_at")) ?? null;
    });
  }

  /** Says messages may be due now. Returns at once: the drain runs in the background. */
  async kick(tenantId: string): Promise<void> {
    if (this.tenantId !== tenantId) {
      this.tenantId = tenantId;
      await this.ctx.storage.put("tenant_id", tenantId);
    }
    const safety = Date.now() + SAFETY_ALARM_MS;
    if (this.alarmAt === null || this.alarmAt > safety) await this.setAlarm(safety);
    if (this.running) {
      this.again = true;
      return;
    }
    this.ctx.waitUntil(this.drain(Date.now()).catch((err) => logError("message queue drain failed", err)));
  }

  /** Attempts whatever is due at the time this alarm was set for (or now, if later): run early by a test, it steps the retry ladder. */
  override async alarm(): Promise<void> {
    const scheduled = this.alarmAt ?? Date.now();
    this.alarmAt = null;
    await this.ctx.storage.delete("alarm_at");
    while (this.running) await this.running.catch(() => undefined);
    await this.drain(Math.max(Date.now(), scheduled));
  }

  /**
   * A document just completed: issues the completed copies' links and queues their emails in the
   * background (the completing request does not wait), then drains.
   */
  async completedCopies(tenantId: string, documentId: string): Promise<void> {
    const work = (async () => {
      await sendCompletedCopies(this.env, documentId, { kick: false });
      await this.kick(tenantId);
    })().catch((err) => logError("completed copies failed", err, { documentId }));
    this.pending.add(work);
    this.ctx.waitUntil(work.finally(() => this.pending.delete(work)));
  }

  /** Resolves once no drain or completed-copy work is running (tests and the benchmark). */
  async idle(): Promise<void> {
    while (this.running || this.pending.size) {
      await Promise.all([...this.pending]);
      if (this.running) await this.running.catch(() => undefined);
    }
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
    const id = this.tenantId;
    const total = empty();
    if (!id) return total;
    const started = Date.now();
    let due = dueAt;
    for (;;) {
      this.again = false;
      const r = await drainMessages(this.env, id, { now: due, limit: CONCURRENCY });
      total.attempted += r.attempted;
      total.sent += r.sent;
      total.retried += r.retried;
      total.failed += r.failed;
      if (r.attempted === 0) {
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
    return total;
  }

  /** One alarm, for the next due message; none when nothing waits. */
  private async scheduleNext(id: string) {
    const next = await nextDueAt(messageDb(this.env), id);
    if (next === null) {
      this.alarmAt = null;
      await this.ctx.storage.deleteAlarm();
      await this.ctx.storage.delete("alarm_at");
      return;
    }
    await this.setAlarm(Math.max(Date.parse(next), Date.now()));
  }

  private async setAlarm(at: number) {
    this.alarmAt = at;
    await this.ctx.storage.put("alarm_at", at);
    await this.ctx.storage.setAlarm(at);
  }
}
