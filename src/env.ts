import type { ConfigVars } from "./lib/config";

/**
 * What the Worker receives: its bindings, generated from wrangler.toml by `wrangler types`
 * (worker-configuration.d.ts, `WorkerBindings`), and its variables and secrets, named and checked
 * by the one schema in src/lib/config.ts (each may be missing or blank).
 */
export interface Env extends WorkerBindings, ConfigVars {
  /**
   * Set on the env of an account's shard when it is not shard 0 (src/db/shards.ts `onShard`): `DB`
   * is then that shard's database, `DIRECTORY` the directory's, `SHARD` its number. The shards'
   * own bindings, `DB_1` … `DB_15`, are read by name.
   */
  DIRECTORY?: D1Database;
  SHARD?: number;
}

export type Mode = "test" | "live";

/** The caller, once a key has been accepted. */
export interface Principal {
  tenantId: string;
  mode: Mode;
  keyId: string;
  keyLabel: string;
  scopes: string[];
  /** Set when the key is a paired device's (api_keys.device_id). */
  deviceId?: string | null;
  /** Set when the key is an OAuth access token: its connection (api_keys.oauth_connection_id). */
  connectionId?: string | null;
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    principal: Principal;
  };
};
