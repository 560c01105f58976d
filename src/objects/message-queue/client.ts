/** The MessageQueue's client: the object of one account, named by the account's id. */
import { objectName } from "../../lib/object-names";
import type { Env } from "../../env";

/** The queue of one account (its stub). */
export const messageQueue = (env: Env, tenantId: string) => env.MESSAGE_QUEUE.getByName(objectName(env, tenantId));

/** Says messages may be due now; returns at once. */
export const kickMessages = (env: Env, tenantId: string) => messageQueue(env, tenantId).kick(tenantId);

/** A document just completed: its completed copies are issued and sent in the background. */
export const queueCompletedCopies = (env: Env, tenantId: string, documentId: string) => messageQueue(env, tenantId).completedCopies(tenantId, documentId);
