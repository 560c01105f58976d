/**
 * Moving an account to another shard (`POST /ops/v1/tenants/{id}/move`; docs/scale.md, "Past one
 * database"): every row of the account is copied to the new shard while it works on; then, for the
 * switch only, its writes are held (503 with Retry-After, src/http/shard.ts), the copy catches up
 * with what changed meanwhile and is checked (row counts table by table, each certificate's hash),
 * and the directory switches; the old rows are deleted a second later. A failure before the switch
 * deletes what was copied and leaves the account where it was, writable again. The row work is
 * src/db/account-rows.ts.
 */
import { abandonMove, beginMove, placementOf, shardCount, switchAccount } from "../db/shards";
import { onShard, shardBinding } from "../db/shard-env";
import type { Env } from "../env";
import { ApiError, invalid } from "../lib/errors";
import { logError } from "../lib/log";
import { certificateCount, copyAccount, copyDiffers, deleteAccountRows, syncCopy } from "../db/account-rows";
import { requireTenant } from "./accounts";

/** How long a move waits, once writes are held, for writes already under way to land (and after the switch, for reads of the old shard). */
export const MOVE_SETTLE_MS = 1_000;

export type MoveResult = {
  tenant_id: string;
  from: number;
  to: number;
  /** Rows copied while the account worked on. */
  rows: number;
  /** Rows written or deleted again during the switch (what changed while it was copied). */
  rows_caught_up: number;
  certificates: number;
  /** From the request to the old rows deleted. */
  took_ms: number;
  /** How long its writes answered 503: the switch. */
  writes_held_ms: number;
  old_rows_deleted: boolean;
};

export async function moveAccount(env: Env, tenantId: string, to: number): Promise<MoveResult> {
  const n = shardCount(env);
  if (!Number.isInteger(to) || to < 0 || to >= n) throw invalid(`shard: must be a shard of this deployment, 0 to ${n - 1} (SHARDS is ${n}).`);
  const placement = await placementOf(env, tenantId, true);
  await requireTenant(onShard(env, placement.shard), tenantId);
  if (placement.movingTo !== null) throw new ApiError("conflict", `Account ${tenantId} is already moving to shard ${placement.movingTo}.`);
  if (placement.shard === to) throw invalid(`shard: account ${tenantId} is on shard ${to} already.`);
  const from = placement.shard;
  const [source, target] = [shardBinding(env, from), shardBinding(env, to)];
  const started = Date.now();
  let rows = 0;
  let synced = 0;
  let heldFrom = 0;
  try {
    // 1. The copy, while the account works on as usual.
    rows = await copyAccount(source, target, tenantId);
    // 2. The switch: writes held, those already under way land, the copy catches up and is checked.
    await beginMove(env, tenantId, from, to);
    heldFrom = Date.now();
    await new Promise((r) => setTimeout(r, MOVE_SETTLE_MS));
    synced = await syncCopy(source, target, tenantId);
    const differs = await copyDiffers(source, target, tenantId);
    if (differs) throw new Error(differs);
  } catch (err) {
    logError("account move failed; the account stays where it was", err, { tenantId, from, to });
    await deleteAccountRows(target, tenantId).catch((e) => logError("account move: the partial copy was not deleted", e, { tenantId, to }));
    await abandonMove(env, tenantId);
    throw new ApiError(
      "conflict",
      `Account ${tenantId} was not moved: ${err instanceof Error ? err.message : String(err)}. It stays on shard ${from}.`,
      "Try the move again.",
    );
  }
  await switchAccount(env, tenantId, to);
  const held = Date.now() - heldFrom;
  let deleted = true;
  try {
    // Reads routed to the old shard just before the switch finish there first.
    await new Promise((r) => setTimeout(r, MOVE_SETTLE_MS));
    await deleteAccountRows(source, tenantId);
  } catch (err) {
    deleted = false;
    logError("account move: the old rows were not deleted", err, { tenantId, from });
  }
  const certificates = await certificateCount(target, tenantId);
  return {
    tenant_id: tenantId,
    from,
    to,
    rows,
    rows_caught_up: synced,
    certificates,
    took_ms: Date.now() - started,
    writes_held_ms: held,
    old_rows_deleted: deleted,
  };
}
