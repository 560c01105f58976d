/**
 * `npm run ops -- <command>`: the operator API (`/ops/v1`, shared/design/contract.md) from a
 * terminal. Prints the answer as JSON; exits 1 with the error on stderr when the service refuses.
 *
 * The service is `--url` (default $EDGE_SIGN_URL, else http://localhost:$PORT, PORT 8787 unless set, as
 * `npm start` serves it); the token is
 * `--token`, else $OPERATOR_TOKEN, else the OPERATOR_TOKEN of `.dev.vars` (what `npm start` made).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseDevVars } from "./dev-secrets.mjs";

const USAGE = `usage: npm run ops -- [--url URL] [--token TOKEN] <command>

  tenant create --name NAME [--slug SLUG] [--plan PLAN]
  tenant list [--slug SLUG] [--limit N]
  tenant update TENANT_ID [--plan PLAN] [--white-label true|false] [--spending-limit-cents N|null]
                [--require-signer-code true|false] [--frame-ancestors ORIGIN,ORIGIN] [--default-country CC|null]
  tenant move TENANT_ID --shard N                 (to another database, SHARDS above 1; docs/scale.md)
  key issue TENANT_ID --label LABEL --scopes SCOPE,SCOPE --mode test|live
                [--allowed-ips IP,CIDR,...] [--expires-at ISO-8601]
  key list TENANT_ID
  key revoke KEY_ID --reason REASON
  member add TENANT_ID --email EMAIL --full-name NAME --role owner|admin|member|viewer [--password P]
  member password TENANT_ID --email EMAIL --password P
  member sign-in-link TENANT_ID --email EMAIL      (one-time dashboard link: single use, 15 minutes)
  oauth-client register --name NAME --homepage URL --redirect-uris URL,URL --scopes SCOPE,SCOPE
  oauth-connection list TENANT_ID [--ended true|false]
  oauth-connection end TENANT_ID CONNECTION_ID --reason REASON
  outbox [--tenant-id ID] [--document-id ID] [--limit N]
  help

The service is --url (default $EDGE_SIGN_URL, else http://localhost:$PORT, PORT 8787 unless set); the operator token is
--token, else $OPERATOR_TOKEN, else OPERATOR_TOKEN in .dev.vars. Lists are comma-separated.
Scopes: signing:read, signing:write, signing:templates, signing:webhooks, … (see /openapi.json).
Prints the answer as JSON. Exit 0 done, 1 refused by the service or unreachable, 2 usage error.`;

/** The options each command takes (besides --url and --token). */
const OPTIONS = {
  "tenant create": ["name", "slug", "plan"],
  "tenant list": ["slug", "limit"],
  "tenant update": ["plan", "white-label", "spending-limit-cents", "require-signer-code", "frame-ancestors", "default-country"],
  "tenant move": ["shard"],
  "key issue": ["label", "scopes", "mode", "allowed-ips", "expires-at"],
  "key list": [],
  "key revoke": ["reason"],
  "member add": ["email", "full-name", "role", "password"],
  "member password": ["email", "password"],
  "member sign-in-link": ["email"],
  "oauth-client register": ["name", "homepage", "redirect-uris", "scopes"],
  "oauth-connection list": ["ended"],
  "oauth-connection end": ["reason"],
  outbox: ["tenant-id", "document-id", "limit"],
};
const GLOBAL = ["url", "token"];

export class UsageError extends Error {}

/** Splits argv into positionals and `--flag value` options (every option takes a value). */
export function parseArgs(argv) {
  const positionals = [];
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) {
      positionals.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = a.slice(2, eq === -1 ? undefined : eq);
    const value = eq === -1 ? argv[++i] : a.slice(eq + 1);
    if (value === undefined) throw new UsageError(`--${name} needs a value.`);
    options[name] = value;
  }
  return { positionals, options };
}

const list = (v) =>
  v === undefined
    ? undefined
    : v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
const bool = (name, v) => {
  if (v === undefined) return undefined;
  if (v === "true" || v === "false") return v === "true";
  throw new UsageError(`--${name} takes true or false.`);
};
const int = (name, v, { nullable = false } = {}) => {
  if (v === undefined) return undefined;
  if (nullable && v === "null") return null;
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} takes a whole number${nullable ? " or null" : ""}.`);
  return Number(v);
};
const required = (options, name) => {
  if (options[name] === undefined) throw new UsageError(`--${name} is required.`);
  return options[name];
};
const one = (positionals, what) => {
  if (!positionals[2]) throw new UsageError(`${what} is required.`);
  return encodeURIComponent(positionals[2]);
};
/** Drops undefined values so the service sees only what was given. */
const given = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * The request a command stands for.
 * @returns {{ method: string, path: string, body?: object }}
 */
export function requestFor(positionals, options) {
  const [noun, verb] = positionals;
  const o = options;
  const command = noun === "outbox" ? "outbox" : `${noun ?? ""} ${verb ?? ""}`.trim();
  const allowed = OPTIONS[command];
  if (!allowed) throw new UsageError(noun ? `Unknown command: ${positionals.join(" ")}` : "Which command?");
  for (const name of Object.keys(o)) {
    if (!allowed.includes(name) && !GLOBAL.includes(name)) {
      throw new UsageError(`${command} takes no --${name}${allowed.length ? ` (it takes ${allowed.map((a) => `--${a}`).join(", ")})` : ""}.`);
    }
  }
  const takes =
    { outbox: 1, "oauth-connection end": 4 }[command] ??
    ([
      "tenant update",
      "tenant move",
      "key issue",
      "key list",
      "key revoke",
      "member add",
      "member password",
      "member sign-in-link",
      "oauth-connection list",
    ].includes(command)
      ? 3
      : 2);
  const extra = positionals.slice(takes);
  if (extra.length) throw new UsageError(`Unexpected argument${extra.length > 1 ? "s" : ""}: ${extra.join(" ")}`);
  switch (command) {
    case "tenant create":
      return { method: "POST", path: "/tenants", body: given({ name: required(o, "name"), slug: o.slug, plan: o.plan }) };
    case "tenant list": {
      const q = new URLSearchParams(given({ slug: o.slug, limit: int("limit", o.limit) }));
      return { method: "GET", path: `/tenants${q.size ? `?${q}` : ""}` };
    }
    case "tenant update":
      return {
        method: "PATCH",
        path: `/tenants/${one(positionals, "TENANT_ID")}`,
        body: given({
          plan: o.plan,
          white_label: bool("white-label", o["white-label"]),
          spending_limit_cents: int("spending-limit-cents", o["spending-limit-cents"], { nullable: true }),
          require_signer_code: bool("require-signer-code", o["require-signer-code"]),
          frame_ancestors: o["frame-ancestors"] === undefined ? undefined : list(o["frame-ancestors"]),
          default_country: o["default-country"] === "null" ? null : o["default-country"],
        }),
      };
    case "tenant move":
      return { method: "POST", path: `/tenants/${one(positionals, "TENANT_ID")}/move`, body: { shard: int("shard", required(o, "shard")) } };
    case "key issue":
      return {
        method: "POST",
        path: `/tenants/${one(positionals, "TENANT_ID")}/keys`,
        body: given({
          label: required(o, "label"),
          scopes: list(required(o, "scopes")),
          mode: required(o, "mode"),
          allowed_ips: list(o["allowed-ips"]),
          expires_at: o["expires-at"],
        }),
      };
    case "key list":
      return { method: "GET", path: `/tenants/${one(positionals, "TENANT_ID")}/keys` };
    case "key revoke":
      return { method: "POST", path: `/keys/${one(positionals, "KEY_ID")}/revoke`, body: { reason: required(o, "reason") } };
    case "member add":
      return {
        method: "POST",
        path: `/tenants/${one(positionals, "TENANT_ID")}/members`,
        body: given({ email: required(o, "email"), full_name: required(o, "full-name"), role: required(o, "role"), password: o.password }),
      };
    case "member password":
      return {
        method: "POST",
        path: `/tenants/${one(positionals, "TENANT_ID")}/members/password`,
        body: { email: required(o, "email"), password: required(o, "password") },
      };
    case "member sign-in-link":
      return { method: "POST", path: `/tenants/${one(positionals, "TENANT_ID")}/members/sign-in-link`, body: { email: required(o, "email") } };
    case "oauth-client register":
      return {
        method: "POST",
        path: "/oauth-clients",
        body: {
          name: required(o, "name"),
          homepage: required(o, "homepage"),
          redirect_uris: list(required(o, "redirect-uris")),
          scopes: list(required(o, "scopes")),
        },
      };
    case "oauth-connection list": {
      const ended = bool("ended", o.ended);
      return { method: "GET", path: `/tenants/${one(positionals, "TENANT_ID")}/oauth-connections${ended ? "?ended=true" : ""}` };
    }
    case "oauth-connection end": {
      const [tenant, connection] = positionals.slice(2);
      if (!tenant || !connection) throw new UsageError("oauth-connection end takes TENANT_ID and CONNECTION_ID.");
      return {
        method: "POST",
        path: `/tenants/${encodeURIComponent(tenant)}/oauth-connections/${encodeURIComponent(connection)}/end`,
        body: { reason: required(o, "reason") },
      };
    }
    case "outbox": {
      const q = new URLSearchParams(given({ tenant_id: o["tenant-id"], document_id: o["document-id"], limit: int("limit", o.limit) }));
      return { method: "GET", path: `/outbox${q.size ? `?${q}` : ""}` };
    }
    default:
      throw new UsageError(noun ? `Unknown command: ${positionals.join(" ")}` : "Which command?");
  }
}

/** Where `npm start` serves: http://localhost:$PORT (8787 unless PORT is set). */
export const defaultUrl = (env = process.env) => `http://localhost:${env.PORT || 8787}`;

function operatorToken(options, root) {
  if (options.token) return options.token;
  if (process.env.OPERATOR_TOKEN) return process.env.OPERATOR_TOKEN;
  const file = path.join(root, ".dev.vars");
  const token = existsSync(file) ? parseDevVars(readFileSync(file, "utf8")).OPERATOR_TOKEN : undefined;
  if (!token) throw new UsageError("No operator token: pass --token, set OPERATOR_TOKEN, or run npm start once to make .dev.vars.");
  return token;
}

/** Runs one command; returns the process exit code. `out`/`err` receive printed text. */
export async function main(argv, { out = console.log, err = console.error, root = path.resolve(import.meta.dirname, "..") } = {}) {
  let req;
  let base;
  let token;
  try {
    if (argv.includes("--help") || argv.includes("-h")) {
      out(USAGE);
      return 0;
    }
    const { positionals, options } = parseArgs(argv);
    if (positionals[0] === "help" || positionals.length === 0) {
      out(USAGE);
      return positionals.length === 0 ? 2 : 0;
    }
    req = requestFor(positionals, options);
    base = (options.url ?? process.env.EDGE_SIGN_URL ?? defaultUrl()).replace(/\/+$/, "");
    token = operatorToken(options, root);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(`${e.message}\n\n${USAGE}`);
    return 2;
  }
  let res;
  try {
    res = await fetch(`${base}/ops/v1${req.path}`, {
      method: req.method,
      headers: { authorization: `Bearer ${token}`, ...(req.body ? { "content-type": "application/json" } : {}) },
      body: req.body ? JSON.stringify(req.body) : undefined,
    });
  } catch (e) {
    err(`Could not reach ${base}: ${e.cause?.code ?? e.message}. Is the service running (npm start)?`);
    return 1;
  }
  const text = await res.text();
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: print as it came
  }
  if (res.ok) {
    out(pretty);
    return 0;
  }
  err(`${res.status} ${pretty}`);
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.exitCode = await main(process.argv.slice(2));
}
