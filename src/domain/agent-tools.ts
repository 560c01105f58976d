/**
 * The tools an agent calls over `/mcp` (contract, "Agents and embedding"): each is one API
 * operation (two for `send_document`: prepare, then send), with its input schema made from the
 * API's own schemas and its answer in the API's own shape. Free of HTTP and of the MCP protocol:
 * src/routes/agents.ts admits the caller (key, rate limit); src/http/mcp.ts checks `scope` and
 * speaks JSON-RPC.
 */
import { z } from "@hono/zod-openapi";
import type { Env, Principal } from "../env";
import type { Scope } from "./vocabulary";
import { text } from "../lib/text";
import { notFound } from "../lib/errors";
import { ListQuery, PrepareInput, SendInput, VoidInput, getDocument, listDocuments, prepareDocument, sendDocument, voidDocument } from "./documents";
import { Code, listTemplates } from "./templates";
import { remindSigner } from "./signer-links";
import { StartInput, startWorkflow } from "./workflows";
import { SHA256_HEX, verifyCode } from "./verification";
import type { Actor } from "./transitions";

const Id = (what: string) =>
  text()
    .min(1)
    .max(64)
    .openapi({ description: `The ${what}'s id, as the API gives it.` });

/** An explicit idempotency key for `send_document`; without it one is derived from the JSON-RPC request (docs/agents.md). */
export const ToolIdempotencyKey = z.string().min(8).max(255).openapi({
  description:
    "Optional. The same key and the same arguments within 24 hours answer the first call's result without sending again. Without it, the key is derived from the caller and the JSON-RPC request id.",
});

export const SendDocumentInput = PrepareInput.pick({ template_code: true, title: true, values: true, sequential: true, expires_at: true, metadata: true })
  .extend({ signers: SendInput.shape.signers, idempotency_key: ToolIdempotencyKey.optional() })
  .strict();

export const GetTemplateInput = z
  .object({ template_id: Id("template version").optional(), code: Code.optional() })
  .strict()
  .refine((v) => (v.template_id === undefined) !== (v.code === undefined), { message: "give template_id or code, not both" });

type TemplateEntry = Awaited<ReturnType<typeof listTemplates>>[number];

/** The version of `code` an agent works with: the newest published one (what send_document prepares from), else the draft. */
export function versionForAgents(all: TemplateEntry[], code: string): TemplateEntry | undefined {
  const ofCode = all.filter((t) => t.code === code);
  return ofCode.find((t) => t.is_published) ?? ofCode[0];
}

export type ToolContext = { env: Env; principal: Principal; actor: Actor };

export type AgentTool<S extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  /** The scope the caller's token must carry; null for what the API answers anyone (verification). */
  scope: Scope | null;
  input: S;
  run: (ctx: ToolContext, args: z.output<S>) => Promise<Record<string, unknown>>;
};

const tool = <S extends z.ZodType>(t: AgentTool<S>) => t as unknown as AgentTool;

export const AGENT_TOOLS: readonly AgentTool[] = [
  tool({
    name: "list_templates",
    title: "List templates",
    description: "Every version of every template of the account (drafts and published), newest first, with fields and variables: GET /v1/templates.",
    scope: "signing:read",
    input: z.object({}).strict(),
    run: async ({ env, principal }) => ({ templates: await listTemplates(env, principal) }),
  }),
  tool({
    name: "get_template",
    title: "Get a template",
    description:
      "One template version by template_id, or by code its newest published version (what send_document prepares from; the draft when none is published), in the shape of GET /v1/templates.",
    scope: "signing:read",
    input: GetTemplateInput,
    run: async ({ env, principal }, a) => {
      const all = await listTemplates(env, principal);
      const found = a.template_id ? all.find((t) => t.template_id === a.template_id) : a.code && versionForAgents(all, a.code);
      if (!found) throw notFound("template");
      return found;
    },
  }),
  tool({
    name: "send_document",
    title: "Prepare and send a document",
    description:
      "Prepares a document from the latest published version of template_code with values (POST /v1/documents) and sends it to the signers (POST /v1/documents/{id}/send) in one call. Answers the send answer (each signer's link, shown once) with document_id. Idempotent per call.",
    scope: "signing:write",
    input: SendDocumentInput,
    run: async ({ env, principal, actor }, a) => {
      const { signers, idempotency_key: _key, ...prepare } = a;
      const { document_id } = await prepareDocument(env, principal, prepare, actor);
      const sent = await sendDocument(env, principal, document_id, signers, actor, {});
      return { document_id, links: sent.links };
    },
  }),
  tool({
    name: "list_documents",
    title: "List documents",
    description: "Documents of the token's mode, newest first, a page at a time; filter by status or external_ref, search with q: GET /v1/documents.",
    scope: "signing:read",
    input: ListQuery,
    run: async ({ env, principal }, a) => listDocuments(env, principal, a),
  }),
  tool({
    name: "get_document",
    title: "Get a document",
    description: "A document with its signers, their status and its audit trail: GET /v1/documents/{id}.",
    scope: "signing:read",
    input: z.object({ document_id: Id("document") }).strict(),
    run: async ({ env, principal }, a) => getDocument(env, principal, a.document_id),
  }),
  tool({
    name: "remind_signer",
    title: "Remind a signer",
    description:
      "Emails (and texts, where allowed) a pending signer whose turn it is a reminder with a fresh link; at most once an hour per signer: POST /v1/documents/{id}/signers/{signer_id}/remind.",
    scope: "signing:write",
    input: z.object({ document_id: Id("document"), signer_id: Id("signer") }).strict(),
    run: async ({ env, principal, actor }, a) => remindSigner(env, principal, a.document_id, a.signer_id, actor),
  }),
  tool({
    name: "void_document",
    title: "Void a document",
    description: "Withdraws a document that is not completed, with a reason; its links stop working: POST /v1/documents/{id}/void.",
    scope: "signing:write",
    input: VoidInput.extend({ document_id: Id("document") }).strict(),
    run: async ({ env, principal, actor }, a) => voidDocument(env, principal, a.document_id, a.reason, actor),
  }),
  tool({
    name: "start_workflow",
    title: "Start a workflow",
    description:
      "Starts a workflow for one participant: prepares from the workflow's template and sends to the participant and every fixed role; tokens shown once: POST /v1/workflows/{id}/start.",
    scope: "signing:workflows",
    input: StartInput.extend({ workflow_id: Id("workflow") }).strict(),
    run: async ({ env, principal, actor }, a) => {
      const { workflow_id, ...start } = a;
      return startWorkflow(env, { tenantId: principal.tenantId, mode: principal.mode, deviceId: null }, workflow_id, start, actor);
    },
  }),
  tool({
    name: "verify_certificate",
    title: "Verify a certificate",
    description:
      "Checks a certificate by its verification code; with sha256 (of the document or a sealed file) also the signers and the trail: GET /v1/verify/{code}. An unknown code answers found: false.",
    scope: null,
    input: z.object({ code: text().min(1).max(64), sha256: text().regex(SHA256_HEX, "must be 64 hexadecimal characters").optional() }).strict(),
    run: async ({ env }, a) => verifyCode(env, a.code, a.sha256),
  }),
];

export const agentTool = (name: string) => AGENT_TOOLS.find((t) => t.name === name);
