/**
 * What an agent reads and is offered over `/mcp` besides the tools (docs/agents.md, "Resources and
 * prompts"): the account's templates as read-only resources (`edge-sign://templates/{code}`, the
 * version send_document prepares from, in the shape of get_template), and two prompts a person picks
 * in their client to start the usual tasks. Free of HTTP and of the MCP protocol: src/http/mcp.ts
 * checks the scope and speaks JSON-RPC.
 */
import type { Env, Principal } from "../env";
import type { Scope } from "./vocabulary";
import { listTemplates } from "./templates";
import { versionForAgents } from "./agent-tools";

/** What reading templates needs, as for list_templates and get_template. */
export const RESOURCE_SCOPE: Scope = "signing:read";

export const TEMPLATE_URI_TEMPLATE = "edge-sign://templates/{code}";
const TEMPLATE_URI = /^edge-sign:\/\/templates\/([a-z][a-z0-9_-]{0,63})$/;
const templateUri = (code: string) => `edge-sign://templates/${code}`;

/** One resource per template code of the account (in the token's mode), newest first. */
export async function templateResources(env: Env, p: Principal) {
  const all = await listTemplates(env, p);
  const codes = [...new Set(all.map((t) => t.code))];
  return codes.flatMap((code) => {
    const t = versionForAgents(all, code);
    if (!t) return [];
    const state = t.is_published ? `published version ${t.version}` : "draft, not published yet";
    return [
      {
        uri: templateUri(code),
        name: code,
        title: t.name,
        description: `Template "${t.name}" (${t.kind}, ${state}): its text, variables and fields as JSON.`,
        mimeType: "application/json",
      },
    ];
  });
}

/** The template behind a resource URI, or null when the URI names none of the account's. */
export async function readTemplateResource(env: Env, p: Principal, uri: string) {
  const code = TEMPLATE_URI.exec(uri)?.[1];
  if (!code) return null;
  const t = versionForAgents(await listTemplates(env, p), code);
  return t ? { uri: templateUri(code), mimeType: "application/json", text: JSON.stringify(t) } : null;
}

export type AgentPrompt = {
  name: string;
  title: string;
  description: string;
  arguments: { name: string; description: string; required: boolean }[];
  /** The user message the prompt puts in the conversation; `args` are checked for the required ones. */
  text: (args: Record<string, string>) => string;
};

export const AGENT_PROMPTS: readonly AgentPrompt[] = [
  {
    name: "send_for_signature",
    title: "Send a template for signature",
    description: "Prepare and send one of the account's templates to the people who should sign it.",
    arguments: [
      { name: "template_code", description: "The template's code (see list_templates or the resources).", required: true },
      { name: "signers", description: "Who signs: names and email addresses, in signing order if it matters.", required: true },
    ],
    text: (a) =>
      [
        `Send the template "${a.template_code}" for signature to: ${a.signers}.`,
        `First call get_template with code "${a.template_code}" to learn its variables; ask me for any value I have not given.`,
        "Show me the title, the values and the signers, and call send_document only after I confirm.",
        "The signers get their links by email; do not show me the links unless I ask.",
      ].join("\n"),
  },
  {
    name: "follow_up_unsigned",
    title: "Follow up documents awaiting signature",
    description: "List the documents still waiting for signatures and remind the signers who have not signed.",
    arguments: [{ name: "older_than_days", description: "Only documents sent at least this many days ago (default 3).", required: false }],
    text: (a) =>
      [
        `Find the documents still waiting for signatures that were sent at least ${a.older_than_days || "3"} days ago: call list_documents with status "sent", then get_document for each.`,
        "List them for me with who has not signed yet.",
        "Then, for the signers I choose, call remind_signer (one reminder an hour per signer at most).",
      ].join("\n"),
  },
];

export const agentPrompt = (name: string) => AGENT_PROMPTS.find((p) => p.name === name);

/** Suggested values of `follow_up_unsigned`'s `older_than_days`. */
const DAY_SUGGESTIONS = ["1", "3", "7", "14", "30"];

/** What `completion/complete` refers to: one of this server's prompts or its resource template. */
export type CompletionRef = { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };

/**
 * Where one argument of a prompt or of the template resource takes its values from: the account's
 * published template codes (which need the resource scope, checked by the caller), fixed
 * suggestions (the days), or none (`signers`: an empty list). Null: the ref names no prompt or
 * template of this server, or no argument of it.
 */
export function completionSource(ref: CompletionRef, name: string): "template codes" | readonly string[] | null {
  if (ref.type === "ref/resource") return ref.uri === TEMPLATE_URI_TEMPLATE && name === "code" ? "template codes" : null;
  if (!agentPrompt(ref.name)?.arguments.some((a) => a.name === name)) return null;
  if (name === "template_code") return "template codes";
  if (name === "older_than_days") return DAY_SUGGESTIONS;
  return [];
}

/** The values of a source starting with `value` (case-insensitive), in the order offered: template codes newest first. */
export async function completeArgument(env: Env, p: Principal, source: "template codes" | readonly string[], value: string): Promise<string[]> {
  const prefix = value.toLowerCase();
  const all = source === "template codes" ? [...new Set((await listTemplates(env, p)).filter((t) => t.is_published).map((t) => t.code))] : source;
  return all.filter((v) => v.toLowerCase().startsWith(prefix));
}
