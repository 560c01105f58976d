import { objectEnv } from "../../db/shard-env";
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env";
import { traceD1 } from "../../db/trace";
import { errorFields, log } from "../../lib/log";

const ID = "bulk_send_id";
/** After a run that failed outright (D1 unreachable): look again this much later. */
const RETRY_MS = 10_000;

/**
 * One per bulk send (`getByName(bulk_send_id)`): sends its rows in the background, one batch
 * (BULK_BATCH rows) per alarm, so no invocation runs long; each batch's alarm sets the next until no
 * row is queued, then the send is marked done. Nothing but the send's id lives here: the rows and
 * their outcomes are in D1, so an evicted or restarted object resumes where the rows say, and a
 * batch run again sends no row twice (src/domain/bulk-sends.ts). Runs are serialised in memory.
 */
export class BulkSender extends DurableObject<Env> {
  private running: Promise<boolean> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, traceD1(objectEnv(ctx, env)));
  }

  /** Starts sending (the first batch runs from an alarm at once). */
  async start(bulkSendId: string): Promise<void> {
    await this.ctx.storage.put(ID, bulkSendId);
    await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const id = await this.ctx.storage.get<string>(ID);
    if (!id) return;
    let more: boolean;
    try {
      more = await this.step(id);
    } catch (err) {
      log("error", "bulk send batch failed", { bulk_send_id: id, ...errorFields(err) });
      await this.ctx.storage.setAlarm(Date.now() + RETRY_MS);
      return;
    }
    if (more) await this.ctx.storage.setAlarm(Date.now());
    else await this.ctx.storage.deleteAll();
  }

  /** One batch, after any batch still running here; true while rows remain. */
  private step(id: string): Promise<boolean> {
    const prior = this.running ?? Promise.resolve(true);
    // The sending code is loaded with the first batch, not when the Worker starts.
    const run = prior
      .catch(() => true)
      .then(() => import("../../domain/bulk-sends"))
      .then(({ runBulkBatch }) => runBulkBatch(this.env, id));
    this.running = run;
    return run.finally(() => {
      if (this.running === run) this.running = null;
    });
  }
}
