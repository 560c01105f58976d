/**
 * `SHARDS=n` outside the Worker ("Past one database", docs/scale.md): the wrangler configuration
 * with one D1 binding per shard, `DB` (shard 0, which also holds the directory) then `DB_1` …
 * `DB_{n-1}`, each with the same migrations. `npm start` serves and migrates with it; a deployment's
 * setup writes its own (scripts/deploy-setup.mjs).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The shard count a variable asks for: 1 when unset, else a whole number from 1 to 16 (or an Error saying why not). */
export function shardCountOf(value) {
  if (value === undefined || value === "") return 1;
  if (!/^([1-9]|1[0-6])$/.test(value)) return new Error(`SHARDS must be a whole number from 1 to 16, not "${value}".`);
  return Number(value);
}

/** The binding of shard i. */
export const shardBinding = (i) => (i === 0 ? "DB" : `DB_${i}`);

/**
 * wrangler.toml's text with the shards' D1 bindings after `DB`'s block: database `<name>-<i>` with
 * `ids[i]` (a local placeholder of its own by default: local state is kept per database id).
 */
export function withShards(toml, n, ids = [], name = "edge-sign") {
  const block = /\[\[d1_databases\]\]\nbinding = "DB"\n[\s\S]*?migrations_dir = "migrations"\n/;
  const m = block.exec(toml);
  if (!m) throw new Error('wrangler.toml has no [[d1_databases]] block for "DB" ending with migrations_dir');
  const more = Array.from({ length: n - 1 }, (_, k) => {
    const i = k + 1;
    const id = ids[i] ?? `00000000-0000-0000-0000-${String(i).padStart(12, "0")}`;
    return `\n[[d1_databases]]\nbinding = "${shardBinding(i)}"\ndatabase_name = "${name}-${i}"\ndatabase_id = "${id}"\nmigrations_dir = "migrations"\n`;
  }).join("");
  return toml.slice(0, m.index + m[0].length) + more + toml.slice(m.index + m[0].length);
}

/** Writes wrangler.shards.toml (git-ignored) beside wrangler.toml for `npm start` with n shards; returns its path. */
export function writeShardedConfig(root, n) {
  const file = path.join(root, "wrangler.shards.toml");
  const text = withShards(readFileSync(path.join(root, "wrangler.toml"), "utf8"), n);
  writeFileSync(file, `# Made by npm start for SHARDS=${n} from wrangler.toml (scripts/shards.mjs); not edited by hand.\n${text}`);
  return file;
}
