/**
 * Every language's legal wording with its version and SHA-256, for a business to review
 * (docs/languages.md "Legal wording"): the consent (`consent/1`, the consumer disclosure part of
 * it), the intent (`intent/1`) and each text message that carries the STOP opt-out, exactly as the
 * service shows them. The SHA-256 of a translated consent is the one its trail records.
 *
 *   node scripts/legal-wording.mjs            # Markdown: one table a language, the words in full
 *   node scripts/legal-wording.mjs --json     # the same as JSON
 *   node scripts/legal-wording.mjs de fr      # only those languages
 */
import { pathToFileURL } from "node:url";
import { assetsFromDisk } from "./assets.mjs";
import { bundleSrc } from "./bundle-src.mjs";

const args = process.argv.slice(2);
const json = args.includes("--json");
const only = args.filter((a) => !a.startsWith("--"));
const file = await bundleSrc(`export { legalWording } from "./src/domain/wording.ts";`, { name: "legal-wording.mjs", logLevel: "silent" });
const { legalWording } = await import(pathToFileURL(file).href);
const rows = (await legalWording(assetsFromDisk())).filter((w) => !only.length || only.includes(w.lang));
if (json) console.log(JSON.stringify(rows, null, 2));
else {
  for (const lang of [...new Set(rows.map((w) => w.lang))]) {
    console.log(`## ${lang}\n\n| Text | Version | SHA-256 | Words |\n|---|---|---|---|`);
    for (const w of rows.filter((x) => x.lang === lang))
      console.log(`| ${w.text}${w.purpose ? ` (${w.purpose})` : ""} | ${w.version ?? "—"} | \`${w.sha256}\` | ${w.words.replaceAll("|", "\\|")} |`);
    console.log("");
  }
}
