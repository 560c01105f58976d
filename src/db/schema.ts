/**
 * The single source of truth for D1 tables. `docs/storage.md` maps every table and column.
 * Every row that belongs to an account carries `tenant_id`, and every row of signing data also
 * carries `mode` ("test" | "live"): a test key never reads live data and vice versa.
 * Times are ISO 8601 UTC strings. Secrets (keys, tokens, codes) are stored only as SHA-256 hex.
 *
 * Tables are declared by area in src/db/schema/<area>.ts; this file re-exports them all, so
 * imports and drizzle.config.ts name this one file.
 */
export * from "./schema/accounts";
export * from "./schema/oauth";
export * from "./schema/documents";
export * from "./schema/envelopes";
export * from "./schema/delivery";
export * from "./schema/intake";
export * from "./schema/transparency";
export * from "./schema/bulk";
export * from "./schema/embed";
export * from "./schema/directory";
