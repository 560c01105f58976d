/** The DeliveryQueue's client: the object of one webhook endpoint, named by the endpoint's id. */
import { objectName } from "../../lib/object-names";
import type { Env } from "../../env";

export type { DrainResult } from "./object";

/** The queue of one endpoint (its stub: tests also evict it and read its alarm). */
export const deliveryQueue = (env: Env, endpointId: string) => env.DELIVERY_QUEUE.getByName(objectName(env, endpointId));

/** Says deliveries may be due now; returns at once. */
export const kickDeliveries = (env: Env, endpointId: string) => deliveryQueue(env, endpointId).kick(endpointId);
