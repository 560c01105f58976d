/**
 * The pages' scripts are TypeScript under src/browser/ (type-checked by tsconfig.browser.json in
 * `npm test`); the Worker inlines them from src/pages/scripts.generated.ts, which
 * scripts/build-browser.mjs makes and which is committed (the Worker cannot run esbuild). This
 * fails when the committed file is not what the build makes from the sources: run
 * `npm run build:browser`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { OUTPUTS, PAGE_SCRIPTS, buildPageScripts } from "../../scripts/build-browser.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("page scripts (src/browser/ → src/pages/scripts.generated.ts)", () => {
  it("the committed file is what scripts/build-browser.mjs makes from src/browser/", async () => {
    assert.equal(readFileSync(OUTPUTS.scripts, "utf8"), await buildPageScripts(), "run npm run build:browser");
  });

  it("exports one string per entry, each safe to inline in a <script> element", async () => {
    const mod = await import(`data:text/javascript,${encodeURIComponent((await buildPageScripts()).replace(/^\/\/.*\n/, ""))}`);
    assert.deepEqual(Object.keys(mod).sort(), PAGE_SCRIPTS.map((s) => s.name).sort());
    for (const s of PAGE_SCRIPTS) {
      const js = mod[s.name];
      assert.equal(typeof js, "string", s.name);
      assert.ok(js.length > 40, `${s.name} is not empty`);
      assert.doesNotMatch(js, /<\/script|<!--/i, `${s.name} closes no <script> element`);
      if (s.format === "esm") assert.match(js, /^import\{verifyPdf as \w+\}from"\/verify\/check\.js";/, `${s.name} imports the served core`);
      else assert.match(js, /^"use strict";\(\(\)=>\{[\s\S]*\}\)\(\);$/, `${s.name} is one IIFE: its names stay its own`);
    }
  });

  it("every script under src/browser/ is an entry or a module one of them imports", () => {
    const entries = new Set(PAGE_SCRIPTS.map((s) => s.entry));
    const files = readdirSync(path.join(ROOT, "src/browser")).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
    const imported = new Set(
      files.flatMap((f) => [...readFileSync(path.join(ROOT, "src/browser", f), "utf8").matchAll(/from "\.\/([\w-]+)"/g)].map((m) => `${m[1]}.ts`)),
    );
    assert.deepEqual(
      files.filter((f) => !entries.has(f) && !imported.has(f)),
      [],
    );
    for (const e of entries) assert.ok(files.includes(e), `src/browser/${e} exists`);
  });
});
