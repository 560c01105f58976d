import type { Env } from "../../env";
import { DrainingQueue } from "../draining-queue";

/** Attempts in flight at once for one endpoint. */
const CONCURRENCY = 10;

export type DrainResult = { attempted: number; delivered: number };

/**
 * One per webhook endpoint (`idFromName(endpoint_id)`): owns the endpoint's deliveries —
 * attempts, the retry ladder (alarms), pause, hold and replay. The drain loop, alarms and
 * storage are the shared DrainingQueue's; a round here attempts up to CONCURRENCY due deliveries
 * (fewer when the endpoint is near its pause) and writes their outcomes in the order they fell due.
 */
export class DeliveryQueue extends DrainingQueue<DrainResult> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, "endpoint_id", "delivery queue");
  }

  protected empty(): DrainResult {
    return { attempted: 0, delivered: 0 };
  }

  protected async round(id: string, due: number, total: DrainResult): Promise<number | null> {
    // The delivery code is loaded when the queue first drains, not when the Worker starts.
    const { PAUSE_AFTER_FAILURES, attemptDelivery, dueDeliveries, isOpen, loadEndpoint, outcomeQueries } = await import("../../domain/webhook-attempts");
    const { signingSecrets } = await import("../../domain/webhook-secrets");
    const db = await this.db();
    const endpoint = await loadEndpoint(db, id);
    if (!endpoint || !isOpen(endpoint)) return null;
    const room = Math.max(1, Math.min(CONCURRENCY, PAUSE_AFTER_FAILURES - endpoint.failures));
    const rows = await dueDeliveries(db, id, new Date(due).toISOString(), room);
    if (rows.length === 0) return 0;
    const secrets = await signingSecrets(this.env, endpoint, Date.now());
    const outcomes = await Promise.all(rows.map((d) => attemptDelivery(this.env, endpoint, secrets, d)));
    const at = Date.now();
    // Results are written in the order the deliveries fell due, so "consecutive" means that order.
    const [first, ...rest] = rows.flatMap((d, i) => outcomeQueries(db, id, d, outcomes[i]!, at));
    await db.batch([first!, ...rest]);
    total.attempted += rows.length;
    total.delivered += outcomes.filter((o) => o.ok).length;
    return rows.length;
  }

  /** None when the endpoint is off: its deliveries wait for it to be resumed. */
  protected async nextDue(id: string): Promise<number | null> {
    const { isOpen, loadEndpoint, nextDueAt } = await import("../../domain/webhook-attempts");
    const db = await this.db();
    const endpoint = await loadEndpoint(db, id);
    return endpoint && isOpen(endpoint) ? await nextDueAt(db, id) : null;
  }
}
