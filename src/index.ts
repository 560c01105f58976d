import { app } from "./app";
import type { Env } from "./env";
import { runScheduled } from "./domain/scheduled";
import { configOf } from "./lib/config";
import { logError } from "./lib/log";
import { withD1Trace } from "./db/trace";

export { DocumentSequencer } from "../durable-objects/document-sequencer";
export { DeliveryQueue } from "../durable-objects/delivery-queue";
export { RateLimiter } from "../durable-objects/rate-limiter";
export { MessageQueue } from "../durable-objects/message-queue";

export default withD1Trace({
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => {
    try {
      configOf(env);
    } catch (err) {
      // The same refusal as every request's: nothing runs on a configuration that does not pass.
      logError("scheduled run refused", err);
      return;
    }
    ctx.waitUntil(runScheduled(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>);
