/**
 * No source file under src/ is over 500 lines: a file that grows past it is cut along a seam of
 * its own (an area, a step, a layer), not left to grow. Generated data and the word catalogues are
 * exempt: they are long by nature and read by no one top to bottom.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import assert from "node:assert/strict";

const SRC = path.resolve(import.meta.dirname, "../../src");
const MAX_LINES = 500;

/** Paths relative to src/ that are exempt: generated data and the word catalogues. */
const EXEMPT = [
  /^pages\/scripts\.generated\.ts$/,
  // One folder of words per language (src/i18n/<lang>/); the translator beside them is code.
  /^i18n\/[a-z]{2}\//,
];

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : /\.(m?[jt]sx?)$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

const lineCount = (text) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

describe("source file size", () => {
  it(`every file under src/ but generated data and catalogues has at most ${MAX_LINES} lines`, () => {
    const files = walk(SRC).map((f) => path.relative(SRC, f).split(path.sep).join("/"));
    assert.ok(files.length > 100, "src/ was found and walked");
    const over = files
      .filter((rel) => !EXEMPT.some((re) => re.test(rel)))
      .map((rel) => ({ rel, lines: lineCount(readFileSync(path.join(SRC, rel), "utf8")) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `src/${f.rel}: ${f.lines} lines`);
    assert.deepEqual(over, [], `Over ${MAX_LINES} lines (cut each along a seam of its own):\n${over.join("\n")}`);
  });

  it("the exemptions name files that exist (a moved catalogue or generated file is not silently exempt elsewhere)", () => {
    const files = walk(SRC).map((f) => path.relative(SRC, f).split(path.sep).join("/"));
    for (const re of EXEMPT.slice(0, 3))
      assert.ok(
        files.some((rel) => re.test(rel)),
        `no file matches ${re}`,
      );
  });
});
