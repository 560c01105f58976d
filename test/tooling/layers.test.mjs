/**
 * The layers of src/ hold: each folder imports only the folders below it (docs/architecture.md).
 *
 *   routes, app.ts, index.ts   any layer
 *   groups                     the route groups (src/groups/): what dashboard may, and groups
 *   dashboard                  the business dashboard by area (src/dashboard/<area>/): what routes may, and dashboard
 *   pages                      http, domain, db, lib, i18n (views; the page kit lives in http)
 *   i18n                       the one language system (catalogues, translator, detector): lib, vocabulary, env, i18n
 *   http                       the edge between routes and domain: objects, domain, db, lib
 *   objects/<name>             each Durable Object: domain, db, lib, other objects' clients
 *   domain                     the rules: db, lib, i18n (message and consent wording), objects/<name>/client.ts (typed clients)
 *   db                         D1 access: lib, domain/vocabulary.ts
 *   lib                        pure: lib and domain/vocabulary.ts only; no Hono, no drizzle, no workers runtime
 *   browser                    the pages' scripts (run in the browser, built by scripts/build-browser.mjs into
 *                              src/pages/scripts.generated.ts): browser only, no package but a URL the
 *                              Worker serves (`served:/verify/check.js`); no other layer imports it
 *
 * domain/vocabulary.ts (the service's closed lists) imports nothing of the project, so every layer
 * may use its words. env.ts holds the Worker's types and is open to all. A test that fails here
 * names the file, the import and the rule it breaks.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";

const SRC = path.resolve(import.meta.dirname, "../../src");

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/** The layer a file of src/ belongs to. */
function layerOf(rel) {
  if (rel === "domain/vocabulary.ts") return "vocabulary";
  if (rel === "env.ts") return "env";
  if (/^objects\/[^/]+\/client\.ts$/.test(rel)) return "object-client";
  const top = rel.split("/")[0];
  if (!rel.includes("/")) return "entry"; // app.ts, index.ts
  return top;
}

const ALLOWED = {
  entry: null, // anything
  groups: ["groups", "dashboard", "routes", "pages", "i18n", "http", "objects", "object-client", "domain", "db", "lib", "vocabulary", "env"],
  routes: ["routes", "pages", "i18n", "http", "objects", "object-client", "domain", "db", "lib", "vocabulary", "env"],
  dashboard: ["dashboard", "routes", "pages", "i18n", "http", "objects", "object-client", "domain", "db", "lib", "vocabulary", "env"],
  pages: ["pages", "i18n", "http", "domain", "db", "lib", "vocabulary", "env", "object-client"],
  http: ["http", "i18n", "objects", "object-client", "domain", "db", "lib", "vocabulary", "env"],
  objects: ["objects", "object-client", "domain", "db", "lib", "vocabulary", "env"],
  "object-client": ["object-client", "lib", "vocabulary", "env", "objects"],
  domain: ["domain", "i18n", "object-client", "db", "lib", "vocabulary", "env"],
  db: ["db", "lib", "vocabulary", "env"],
  i18n: ["i18n", "lib", "vocabulary", "env"],
  lib: ["lib", "vocabulary", "env"],
  vocabulary: [],
  env: ["lib", "vocabulary", "env"],
  browser: ["browser"],
};

/** Packages a layer may not import. */
const FORBIDDEN_PACKAGES = {
  lib: [/^hono($|\/)/, /^drizzle-orm/, /^cloudflare:/],
  db: [/^hono($|\/)/],
  domain: [/^hono($|\/)/],
  i18n: [/^hono($|\/)/, /^drizzle-orm/, /^cloudflare:/],
  vocabulary: [/^(?!zod$|@hono\/zod-openapi$)/],
  browser: [/^(?!served:)/],
};

function importsOf(text) {
  const out = [];
  for (const m of text.matchAll(
    /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s+["']([^"']+)["']/g,
  )) {
    out.push({ spec: m[3] ?? m[4] ?? m[5], typeOnly: Boolean(m[2]) });
  }
  return out;
}

function violations() {
  const found = [];
  for (const file of walk(SRC)) {
    const rel = path.relative(SRC, file).split(path.sep).join("/");
    const layer = layerOf(rel);
    const allowed = ALLOWED[layer];
    for (const { spec, typeOnly } of importsOf(readFileSync(file, "utf8"))) {
      if (spec.startsWith(".")) {
        const target = path
          .relative(SRC, path.resolve(path.dirname(file), spec))
          .split(path.sep)
          .join("/");
        if (target.startsWith("..")) {
          found.push(`${rel}: imports ${spec}, outside src/`);
          continue;
        }
        const isFolder = existsSync(path.join(SRC, target)) && statSync(path.join(SRC, target)).isDirectory();
        const withExt = /\.tsx?$/.test(target) ? target : isFolder ? `${target}/index.ts` : `${target}.ts`;
        const to = layerOf(withExt);
        // An object's client names the object's class for its stub's type only.
        if (layer === "object-client" && to === "objects" && !typeOnly)
          found.push(`${rel}: imports ${spec} at run time (clients import their object as a type only)`);
        else if (allowed && !allowed.includes(to)) found.push(`${rel} (${layer}): imports ${spec} (${to})`);
      } else {
        for (const re of FORBIDDEN_PACKAGES[layer] ?? []) if (re.test(spec)) found.push(`${rel} (${layer}): imports the package ${spec}`);
      }
    }
  }
  return found;
}

describe("layers of src/", () => {
  it("no import climbs a layer", () => {
    assert.deepEqual(violations(), []);
  });

  it("the check itself catches a climbing import", () => {
    assert.equal(layerOf("lib/crypto.ts"), "lib");
    assert.equal(layerOf("objects/rate-limiter/client.ts"), "object-client");
    assert.deepEqual(importsOf('import type { A } from "../http/router";\nimport { b } from "hono";'), [
      { spec: "../http/router", typeOnly: true },
      { spec: "hono", typeOnly: false },
    ]);
    assert.ok(!ALLOWED.lib.includes(layerOf("http/router.ts")));
    assert.ok(!ALLOWED.domain.includes(layerOf("http/auth.ts")));
    assert.equal(layerOf("dashboard/keys/routes.ts"), "dashboard");
    assert.ok(!ALLOWED.pages.includes(layerOf("dashboard/frame.tsx")));
    assert.ok(FORBIDDEN_PACKAGES.lib.some((re) => re.test("hono/cookie")));
    assert.equal(layerOf("browser/sign.ts"), "browser");
    assert.ok(!ALLOWED.browser.includes(layerOf("lib/verify/core.ts")));
    assert.ok(!ALLOWED.pages.includes("browser"), "the Worker never imports browser code");
    assert.ok(FORBIDDEN_PACKAGES.browser.some((re) => re.test("pdfjs-dist")));
    assert.ok(!FORBIDDEN_PACKAGES.browser.some((re) => re.test("served:/verify/check.js")));
  });
});
