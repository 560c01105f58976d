import type { Env } from "../../env";
import type { DrainResult } from "../../domain/messages";
import { logError } from "../../lib/log";
import { DrainingQueue } from "../draining-queue";

/** Messages attempted at once for one account. */
const CONCURRENCY = 10;

/**
 * One per account (`getByName(tenant_id)`): sends the account's queued messages outside the
 * requests that queued them, `CONCURRENCY` at a time, and keeps one alarm for the next retry
 * (the cron also kicks any account with an overdue message). The drain loop, alarms and storage
 * are the shared DrainingQueue's.
 */
export class MessageQueue extends DrainingQueue<DrainResult> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, "tenant_id", "message queue");
  }

  protected empty(): DrainResult {
    return { attempted: 0, sent: 0, retried: 0, failed: 0 };
  }

  protected async round(id: string, due: number, total: DrainResult): Promise<number> {
    // The sending code is loaded when the queue first drains, not when the Worker starts.
    const { drainMessages } = await import("../../domain/messages");
    const r = await drainMessages(this.env, id, { now: due, limit: CONCURRENCY });
    total.attempted += r.attempted;
    total.sent += r.sent;
    total.retried += r.retried;
    total.failed += r.failed;
    return r.attempted;
  }

  protected async nextDue(id: string): Promise<number | null> {
    const { nextDueAt } = await import("../../db/messages");
    const next = await nextDueAt(await this.db(), id);
    return next === null ? null : Date.parse(next);
  }

  /**
   * A document just completed: issues the completed copies' links and queues their emails in the
   * background (the completing request does not wait), then drains.
   */
  async completedCopies(tenantId: string, documentId: string): Promise<void> {
    this.background(
      (async () => {
        const { sendCompletedCopies } = await import("../../domain/notify");
        await sendCompletedCopies(this.env, documentId, { kick: false });
        await this.kick(tenantId);
      })().catch((err) => logError("completed copies failed", err, { documentId })),
    );
  }
}
