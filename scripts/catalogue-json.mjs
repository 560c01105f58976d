/**
 * `node scripts/catalogue-json.mjs <out-dir> <lang>…`: writes `<out-dir>/<lang>.json` for each
 * language, its catalogue as JSON: src/i18n/<lang>/index.ts bundled by esbuild (it imports only its
 * own files and types) and evaluated in an empty context; its one export is the catalogue, plain
 * data. scripts/assets.mjs runs it in a process of its own when a language's folder changed, so
 * esbuild's helper process is started, stopped and reaped here and never outlives `npm start`.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import * as esbuild from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");
const [out, ...langs] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
try {
  for (const lang of langs) {
    const built = await esbuild.build({
      entryPoints: [path.join(ROOT, "src", "i18n", lang, "index.ts")],
      bundle: true,
      format: "iife",
      globalName: "catalogue",
      platform: "neutral",
      write: false,
      logLevel: "silent",
    });
    const exports = Object.values(vm.runInNewContext(`${built.outputFiles[0].text};catalogue`, {}));
    if (exports.length !== 1) throw new Error(`src/i18n/${lang}/index.ts should export one catalogue, not ${exports.length}`);
    const to = path.join(out, `${lang}.json`);
    const tmp = `${to}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(exports[0]));
    renameSync(tmp, to);
  }
} finally {
  await esbuild.stop();
}
