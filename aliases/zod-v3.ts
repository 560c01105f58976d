/**
 * `zod/v3` as the Worker is built (wrangler.toml [alias]): zod 3's schemas are not part of it (58 KB
 * of the script). Two packages import it for schemas made with zod 3 — the MCP SDK, to make an
 * object of a shape of zod-3 schemas, and zod-to-json-schema, the SDK's converter for them — and
 * the service's MCP server describes everything with zod 4 (its requests are checked by the SDK's
 * own zod-4 schemas), so neither ever runs here. What they import by name is here: zod's own list
 * of type names, and `object`, which fails at once, saying why, if anything ever reached it.
 */
export { ZodFirstPartyTypeKind } from "../node_modules/zod/v3/types.js";

export function object(): never {
  throw new Error("zod 3 schemas are not part of the Worker (wrangler.toml [alias], aliases/zod-v3.ts): describe them with zod 4");
}
