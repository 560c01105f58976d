#!/usr/bin/env node
/**
 * A stand-in for wrangler's Cloudflare commands, for test/tooling/deploy-setup.test.mjs. State
 * lives in $FAKE_WRANGLER_STATE (a folder): state.json holds the databases, buckets, the Worker's
 * secrets (name → SHA-256 of the value, as Cloudflare keeps them unreadable), migrations applied,
 * R2 objects (key → SHA-256) and deploys; commands.log gets every command line, one per line, as
 * the program received it (never stdin). A file `logged-out` in the folder makes every command
 * answer as wrangler does without a login. Answers are shaped like wrangler 4's output.
 */
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const dir = process.env.FAKE_WRANGLER_STATE;
if (!dir) throw new Error("FAKE_WRANGLER_STATE is not set");
const args = process.argv.slice(2);
appendFileSync(path.join(dir, "commands.log"), `${args.join(" ")}\n`);

const file = path.join(dir, "state.json");
const state = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : { databases: [], buckets: [], secrets: {}, migrations: [], objects: {}, deploys: 0 };
const save = () => writeFileSync(file, JSON.stringify(state, null, 2));
const sha = (b) => createHash("sha256").update(b).digest("hex");
const fail = (msg) => {
  process.stderr.write(`✘ [ERROR] ${msg}\n`);
  process.exit(1);
};
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
/** The Worker's name and migrations folder from `-c <file>`. */
const config = () => {
  const text = readFileSync(path.resolve(option("-c") ?? "wrangler.toml"), "utf8");
  return { name: /^name\s*=\s*"([^"]+)"/m.exec(text)[1], migrations: /^migrations_dir\s*=\s*"([^"]+)"/m.exec(text)[1] };
};

if (existsSync(path.join(dir, "logged-out"))) {
  if (args[0] === "whoami") console.log("You are not authenticated. Please run `wrangler login`.");
  else process.stderr.write("✘ [ERROR] You are not authenticated. Please run `wrangler login`.\n");
  process.exit(1);
}

const [a, b, c] = args;
if (a === "whoami") {
  console.log(JSON.stringify({ loggedIn: true, email: "ops@example.com", accounts: [{ id: "0123abcd", name: "Example" }] }));
} else if (a === "d1" && b === "list") {
  console.log(JSON.stringify(state.databases.map((d) => ({ uuid: d.uuid, name: d.name, created_at: "2026-11-27T00:00:00Z" }))));
} else if (a === "d1" && b === "create") {
  if (state.databases.some((d) => d.name === c)) fail(`A database with that name already exists [code: 7502]`);
  const uuid = crypto.randomUUID();
  state.databases.push({ uuid, name: c });
  save();
  console.log(`✅ Successfully created DB '${c}'\n\n[[d1_databases]]\nbinding = "DB"\ndatabase_name = "${c}"\ndatabase_id = "${uuid}"`);
} else if (a === "r2" && b === "bucket" && c === "list") {
  console.log(`Listing buckets...\n${state.buckets.map((n) => `name:           ${n}\ncreation_date:  2026-11-27T00:00:00.000Z`).join("\n\n")}`);
} else if (a === "r2" && b === "bucket" && c === "create") {
  if (state.buckets.includes(args[3])) fail("The bucket you tried to create already exists [code: 10004]");
  state.buckets.push(args[3]);
  save();
  console.log(`Creating bucket '${args[3]}'...\n✅ Created bucket '${args[3]}' with default storage class of Standard.`);
} else if (a === "r2" && b === "object" && c === "put") {
  const [bucket, ...key] = args[3].split("/");
  if (!state.buckets.includes(bucket)) fail(`The specified bucket does not exist. [code: 10006]`);
  if (!args.includes("--remote")) fail("expected --remote");
  state.objects[args[3]] = sha(readFileSync(option("--file")));
  save();
  console.log(`Creating object "${key.join("/")}" in bucket "${bucket}".\nUpload complete.`);
} else if (a === "secret" && b === "list") {
  const { name } = config();
  if (!state.deploys && !Object.keys(state.secrets).length)
    fail(`Worker "${name}" not found.\n\nIf this is a new Worker, run \`wrangler deploy\` first to create it.`);
  console.log(JSON.stringify(Object.keys(state.secrets).map((n) => ({ name: n, type: "secret_text" }))));
} else if (a === "secret" && b === "put") {
  config();
  const value = readFileSync(0, "utf8");
  if (!value) fail("no value on stdin");
  state.secrets[c] = sha(value);
  save();
  console.log(`🌀 Creating the secret for the Worker\n✨ Success! Uploaded secret ${c}`);
} else if (a === "d1" && b === "migrations" && c === "apply") {
  if (!args.includes("--remote")) fail("expected --remote");
  if (!state.databases.some((d) => d.name === args[3])) fail(`Couldn't find DB with name '${args[3]}'`);
  const todo = readdirSync(path.resolve(config().migrations))
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .filter((f) => !state.migrations.includes(f));
  state.migrations.push(...todo);
  save();
  console.log(todo.length ? `Migrations to be applied:\n${todo.map((f) => `│ ${f} │`).join("\n")}\n✅ Applied` : "✅ No migrations to apply!");
} else if (a === "deploy") {
  const { name } = config();
  state.deploys += 1;
  state.lastConfig = readFileSync(path.resolve(option("-c")), "utf8");
  save();
  console.log(`Uploaded ${name}\nDeployed ${name} triggers\n  https://${name}.example.workers.dev`);
} else {
  fail(`the fake wrangler does not know: ${args.join(" ")}`);
}
