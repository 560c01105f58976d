import type { Env } from "../../env";
import { dbOf } from "../../db/client";
import { PAUSE_AFTER_FAILURES, attemptDelivery, dueDeliveries, isOpen, loadEndpoint, nextDueAt, outcomeQueries } from "../../domain/webhook-attempts";
import { signingSecrets } from "../../domain/webhook-secrets";
import type { Db } from "../../db/webhooks";
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
  private readonly db: Db;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, "endpoint_id", "delivery queue");
    this.db = dbOf(this.env);
  }

  protected empty(): DrainResult {
    return { attempted: 0, delivered: 0 };
  }

  protected async round(id: string, due: number, total: DrainResult): Promise<number | null> {
    const endpoint = await loadEndpoint(this.db, id);
    if (!endpoint || !isOpen(endpoint)) return null;
    const room = Math.max(1, Math.min(CONCURRENCY, PAUSE_AFTER_FAILURES - endpoint.failures));
    const rows = await dueDeliveries(this.db, id, new Date(due).toISOString(), room);
    if (rows.length === 0) return 0;
    const secrets = await signingSecrets(this.env, endpoint, Date.now());
    const outcomes = await Promise.all(rows.map((d) => attemptDelivery(this.env, endpoint, secrets, d)));
    const at = Date.now();
    // Results are written in the order the deliveries fell due, so "consecutive" means that order.
    const [first, ...rest] = rows.flatMap((d, i) => outcomeQueries(this.db, id, d, outcomes[i]!, at));
    await this.db.batch([first!, ...rest]);
    total.attempted += rows.length;
    total.delivered += outcomes.filter((o) => o.ok).length;
    return rows.length;
  }

  /** None when the endpoint is off: its deliveries wait for it to be resumed. */
  protected async nextDue(id: string): Promise<number | null> {
    const endpoint = await loadEndpoint(this.db, id);
    return endpoint && isOpen(endpoint) ? await nextDueAt(this.db, id) : null;
  }
}
