import { app } from "./app";
import type { Env } from "./env";
import { logError } from "./lib/log";
import { withD1Trace } from "./db/trace";

export { DocumentSequencer } from "./objects/document-sequencer/object";
export { DeliveryQueue } from "./objects/delivery-queue/object";
export { RateLimiter } from "./objects/rate-limiter/object";
export { MessageQueue } from "./objects/message-queue/object";
export { BulkSender } from "./objects/bulk-sender/object";

export default withD1Trace({
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => {
    // The cron's steps, and the configuration's check, are loaded when it first runs, not when the Worker starts.
    ctx.waitUntil(
      Promise.all([import("./lib/config"), import("./domain/scheduled")]).then(([{ configOf }, { runScheduled }]) => {
        try {
          configOf(env);
        } catch (err) {
          // The same refusal as every request's: nothing runs on a configuration that does not pass.
          logError("scheduled run refused", err);
          return;
        }
        return runScheduled(env, new Date(controller.scheduledTime));
      }),
    );
  },
} satisfies ExportedHandler<Env>);
