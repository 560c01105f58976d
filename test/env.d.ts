import type { D1Migration } from "cloudflare:test";
import type { Env as AppBindings } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends AppBindings {
      TEST_MIGRATIONS: D1Migration[];
      /** Shards 1 and 2 of the SHARDS=3 lane (vitest.config.ts). */
      DB_1?: D1Database;
      DB_2?: D1Database;
    }
  }
}
