import { app } from "./app";
import type { Env } from "./env";
import { runScheduled } from "./domain/scheduled";
import { withD1Trace } from "./lib/d1-trace";

export { DocumentSequencer } from "../durable-objects/document-sequencer";
export { DeliveryQueue } from "../durable-objects/delivery-queue";
export { RateLimiter } from "../durable-objects/rate-limiter";

export default withD1Trace({
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(runScheduled(env, new Date(controller.scheduledTime)));
  },
} satisfies ExportedHandler<Env>);
