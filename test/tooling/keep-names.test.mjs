/**
 * The deployed Worker is built without esbuild's keep-names (wrangler.toml `keep_names = false`):
 * the `__name(fn, "…")` wrapper it adds runs at start-up and every time a closure is made. That is
 * only safe while nothing in src/ reads a function's or a class's name at run time, which this test
 * keeps true: a `.constructor.name`, `this.constructor.name` or `<Identifier>.name` read of a class
 * or function fails here with the file and line.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";

const ROOT = path.resolve(import.meta.dirname, "../..");
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? walk(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith(".generated.ts") && !e.name.endsWith("-bundle.ts")
        ? [path.join(dir, e.name)]
        : [],
  );

/** Reads of a runtime name: `x.constructor.name`, `new.target.name`, `SomeClass.name`, `fn.name` for a declared function. */
function nameReads(source) {
  const declared = new Set([...source.matchAll(/\b(?:class|function)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]));
  const out = [];
  source.split("\n").forEach((line, i) => {
    if (/\.constructor\.name\b|new\.target\.name\b/.test(line)) out.push(i + 1);
    else for (const m of line.matchAll(/\b([A-Za-z_$][\w$]*)\.name\b/g)) if (declared.has(m[1])) out.push(i + 1);
  });
  return out;
}

describe("no run-time function or class names (keep_names off)", () => {
  it("wrangler.toml builds without keep-names", () => {
    assert.match(readFileSync(path.join(ROOT, "wrangler.toml"), "utf8"), /^keep_names = false$/m);
  });

  it("the check finds a name read", () => {
    assert.deepEqual(nameReads("class Foo {}\nconst a = err.constructor.name;\nconst b = Foo.name;\nconst c = row.name;"), [2, 3]);
  });

  it("src/ reads no function's or class's name", () => {
    const found = walk(path.join(ROOT, "src")).flatMap((f) => nameReads(readFileSync(f, "utf8")).map((l) => `${path.relative(ROOT, f)}:${l}`));
    assert.deepEqual(found, []);
  });
});
