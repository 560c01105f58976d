/**
 * `zod` as the Worker is built (wrangler.toml [alias]): the package's own exports, less the error
 * messages in 47 languages other than English (`z.locales`, `z.core.locales`: 260 KB of the
 * script, 38 KiB of its gzip). `zod`'s entry exports the namespace `z`, which @hono/zod-openapi
 * hands to zod-to-openapi whole, so a bundler keeps every member of it, every locale included,
 * whether used or not. Here the namespace is the package's own members (./members.ts) with
 * `locales` holding English alone; the service's own messages are translated by its catalogues,
 * never by zod's locales. The workerd tests resolve the package itself; the validators, browser
 * tests and benches run this build (test/tooling/worker-aliases.test.mjs checks the members match).
 */
import * as z from "./members";

export * from "./members";
export { z, z as default };
