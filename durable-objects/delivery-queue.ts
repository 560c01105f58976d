import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";

/**
 * One per webhook endpoint (`idFromName(endpoint_id)`): owns the endpoint's deliveries —
 * attempts, the retry ladder (alarms), pause, hold and replay.
 */
export class DeliveryQueue extends DurableObject<Env> {}
