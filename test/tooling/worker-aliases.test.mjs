/**
 * The packages the Worker's build puts its own modules in place of (wrangler.toml [alias]), built
 * as the Worker builds them (scripts/bundle-src.mjs reads the same table):
 *
 * - `zod` (src/lib/zod/): every member of the package's namespace is there and is the package's
 *   own, only `locales` (and `core.locales`) hold English alone; @hono/zod-openapi's `z`, zod's
 *   other entries (`zod/v4`, `zod/v3`, `zod/v4-mini`) and a schema's messages are unchanged;
 * - `ajv` (src/lib/ajv-left-out.ts): fails at once, saying why;
 * - every alias names a file that exists.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as real from "zod";
import { importSrc, workerAliases } from "../../scripts/bundle-src.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the Worker's [alias] table", () => {
  it("names files that exist, zod's own entries among them", () => {
    const aliases = workerAliases();
    for (const [from, to] of Object.entries(aliases)) assert.ok(existsSync(to), `${from} → ${path.relative(ROOT, to)}`);
    assert.deepEqual(
      Object.keys(aliases)
        .filter((k) => k.startsWith("zod"))
        .sort(),
      ["zod", "zod/v3", "zod/v4", "zod/v4-mini"],
    );
  });

  it("builds zod with every member of the package, locales in English alone", async () => {
    const built = await importSrc(
      `export { z, default as zDefault } from "zod";
       export { z as openapiZ } from "@hono/zod-openapi";
       export * as v4 from "zod/v4";
       export * as mini from "zod/v4-mini";
       export { z as v3 } from "zod/v3";`,
      { name: "zod.mjs" },
    );
    const { z } = built;
    assert.equal(built.zDefault, z);
    assert.equal(built.openapiZ, z);
    assert.deepEqual(Object.keys(z).sort(), Object.keys(real.z).sort());
    assert.deepEqual(Object.keys(z.locales), ["en"]);
    assert.deepEqual(Object.keys(z.core.locales), ["en"]);
    assert.ok(Object.keys(real.z.locales).length > 40, "the package itself has its locales");
    assert.deepEqual(Object.keys(z.core).sort(), Object.keys(real.z.core).sort());
    for (const k of Object.keys(real.z.core).filter((k) => k !== "locales")) assert.equal(typeof z.core[k], typeof real.z.core[k], `core.${k}`);
    for (const k of Object.keys(real.z).filter((k) => !["locales", "core"].includes(k))) assert.equal(typeof z[k], typeof real.z[k], k);
    assert.equal(typeof z.string().openapi, "function", "@hono/zod-openapi extends the same z");
    const schema = z.object({ n: z.number().int().min(1), e: z.email() });
    const issues = schema.safeParse({ n: 0, e: "x" }).error.issues.map((i) => i.message);
    const realIssues = real.z
      .object({ n: real.z.number().int().min(1), e: real.z.email() })
      .safeParse({ n: 0, e: "x" })
      .error.issues.map((i) => i.message);
    assert.deepEqual(issues, realIssues);
    assert.equal(typeof built.v4.string, "function");
    assert.equal(typeof built.mini.string, "function");
    assert.equal(typeof built.v3.string, "function");
  });

  it("leaves ajv out, failing at once if anything reaches for it", async () => {
    const { Ajv } = await importSrc(`export { default as Ajv } from "ajv";`, { name: "ajv.mjs" });
    assert.throws(() => new Ajv(), /ajv is not part of the Worker/);
  });
});
