/**
 * The packages the Worker's build puts its own modules in place of (wrangler.toml [alias]), built
 * as the Worker builds them (scripts/bundle-src.mjs reads the same table):
 *
 * - `zod` (aliases/zod/): every member of the package's namespace is there and is the package's
 *   own, only `locales` (and `core.locales`) hold English alone; @hono/zod-openapi's `z`, zod's
 *   other entries (`zod/v4`, `zod/v4-mini`) and a schema's messages are unchanged; `zod/v3`
 *   (aliases/zod-v3.ts) has zod's type names and an `object` that fails at once;
 * - `ajv` (aliases/ajv.ts): fails at once, saying why;
 * - `pako` (aliases/pako.ts): pdf-lib's streams and PNGs deflated by the runtime's zlib,
 *   read back by poppler's pdftotext and qpdf's check; what else pako has fails at once;
 * - every alias names a file that exists.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { inflateSync } from "node:zlib";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as real from "zod";
import { assetsFromDisk } from "../../scripts/assets.mjs";
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

  it("builds zod with every member of the package, locales in English alone, and zod 3 left out", async () => {
    const built = await importSrc(
      `export { z, default as zDefault } from "zod";
       export { z as openapiZ } from "@hono/zod-openapi";
       export * as v4 from "zod/v4";
       export * as mini from "zod/v4-mini";
       export * as v3 from "zod/v3";`,
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
    assert.equal(built.v3.ZodFirstPartyTypeKind.ZodString, "ZodString");
    assert.throws(() => built.v3.object({}), /zod 3 schemas are not part of the Worker/);
  });

  it("deflates pdf-lib's streams with the runtime's zlib, files every reader reads", async () => {
    const lib = await importSrc(
      `export { PDFDocument, StandardFonts } from "pdf-lib";
       export { default as pako } from "pako";
       export { loadStandardFonts } from "./src/lib/pdf/standard-fonts.ts";
       export { encode as encodePng } from "fast-png";`,
      { name: "pako.mjs" },
    );
    assert.throws(() => lib.pako.inflate(new Uint8Array(8)), /pako.inflate is not part of the Worker/);
    const zeros = new Uint8Array(100_000);
    assert.deepEqual(new Uint8Array(inflateSync(lib.pako.deflate(zeros))), zeros);
    assert.ok(lib.pako.deflate(zeros).length < 200);
    assert.equal(lib.pako.deflate(zeros, { level: 0 }).length > 100_000, true, "level 0 stores");
    await lib.loadStandardFonts(assetsFromDisk());
    const doc = await lib.PDFDocument.create();
    const font = await doc.embedFont(lib.StandardFonts.Helvetica);
    const page = doc.addPage([300, 200]);
    page.drawText("Deflated by the runtime", { x: 20, y: 150, size: 14, font });
    const rgba = new Uint8Array(40 * 20 * 4).map((_, i) => (i % 4 === 3 ? 128 : i % 251));
    const png = await doc.embedPng(lib.encodePng({ width: 40, height: 20, data: rgba, channels: 4 }));
    page.drawImage(png, { x: 20, y: 20, width: 80, height: 40 });
    const dir = mkdtempSync(path.join(tmpdir(), "edge-sign-pako-"));
    const file = path.join(dir, "deflated.pdf");
    writeFileSync(file, await doc.save());
    assert.match(readFileSync(file, "latin1"), /\/FlateDecode/);
    assert.match(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }), /Deflated by the runtime/);
    execFileSync("qpdf", ["--check", file], { encoding: "utf8" });
  });

  it("leaves ajv out, failing at once if anything reaches for it", async () => {
    const { Ajv } = await importSrc(`export { default as Ajv } from "ajv";`, { name: "ajv.mjs" });
    assert.throws(() => new Ajv(), /ajv is not part of the Worker/);
  });
});
