/** The BulkSender object's client: one object per bulk send, named by the send's id. */
import { objectName } from "../../lib/object-names";
import type { Env } from "../../env";

/** The sender of one bulk send (its stub). */
export const bulkSender = (env: Env, bulkSendId: string) => env.BULK_SENDER.getByName(objectName(env, bulkSendId));
