/**
 * Runs the service's TypeScript in Node, exactly the code the Worker runs: `contents` (an ES module
 * whose imports are relative to the repository's root, e.g.
 * `export { analysePdf } from "./src/lib/pdf/analyse.ts"`) bundled by esbuild (a wrangler
 * dependency) for Node, with the packages wrangler.toml's `[alias]` table puts the service's own
 * modules in place of resolved as the Worker's build resolves them. The one way the validators
 * (test/validators/) and the benches (bench/) load src/ modules.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Bundles `contents` and writes it to `file` (default: `name` in a new temporary folder); returns
 * the file's path, for a child process or a fresh `import()`.
 */
export async function bundleSrc(contents, { file, name = "bundle.mjs", logLevel = "error" } = {}) {
  const esbuild = await import("esbuild");
  const out = await esbuild.build({
    stdin: { contents, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel,
    // The packages the Worker's build puts its own modules in place of.
    alias: workerAliases(),
  });
  const target = file ?? path.join(mkdtempSync(path.join(tmpdir(), "edge-sign-bundle-")), name);
  writeFileSync(target, out.outputFiles[0].text);
  return target;
}

/** wrangler.toml's `[alias]` table ("package" = "./path" lines), paths made absolute. */
export function workerAliases() {
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const table = /^\[alias\]\n((?:"[^"\n]+" = "[^"\n]+"\n)+)/m.exec(toml);
  if (!table) throw new Error('wrangler.toml has no [alias] table of "package" = "./path" lines');
  return Object.fromEntries([...table[1].matchAll(/^"([^"]+)" = "([^"]+)"$/gm)].map((m) => [m[1], path.join(ROOT, m[2])]));
}

/** Bundles `contents` (as bundleSrc) and imports it. */
export async function importSrc(contents, options) {
  return import(pathToFileURL(await bundleSrc(contents, options)).href);
}
