/**
 * The Model Context Protocol server behind `POST /mcp` (Streamable HTTP, stateless: a new server
 * and transport for every request, no session to keep), built on `@modelcontextprotocol/sdk`.
 * Loaded by src/routes/agents.ts through a dynamic `import()`, so a Worker that never serves `/mcp`
 * never evaluates the SDK.
 *
 * The route admits the caller once per request before the message is read (key or OAuth token:
 * 401; its rate limit: 429; a tablet's key: 403); each tool then asks its own scope here. The tools are the
 * domain's (src/domain/agent-tools.ts), called directly rather than through the app's routes:
 * the rules are already in the domain functions the routes call, and the input schemas are the
 * routes' own, so nothing is restated and no request is made twice. Beside the tools: the account's
 * templates as read-only resources and two prompts (src/domain/agent-resources.ts).
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Context } from "hono";
import type { AppEnv, Principal } from "../env";
import { AGENT_TOOLS, agentTool, type AgentTool } from "../domain/agent-tools";
import {
  AGENT_PROMPTS,
  RESOURCE_SCOPE,
  TEMPLATE_URI_TEMPLATE,
  agentPrompt,
  completeArgument,
  completionSource,
  readTemplateResource,
  templateResources,
} from "../domain/agent-resources";
import { ApiError, errorBody, validationError } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { logError } from "../lib/log";
import { requireScope, signerContext } from "./auth";
import { once } from "./idempotency";

export const SERVER_INFO = { name: "edge-sign", title: "edge-sign: electronic signatures", version: "1.0.0" } as const;

const INSTRUCTIONS =
  "Electronic signatures. list_templates or get_template to find a published template and its variables; send_document to prepare and send it " +
  "(the answer holds each signer's link once); get_document or list_documents to follow it; remind_signer or void_document while it is open; " +
  "verify_certificate to check a completed document's certificate. Answers are the HTTP API's own JSON (see /llms.txt). " +
  "The account's templates are also resources (edge-sign://templates/{code}).";

type ToolList = { name: string; title: string; description: string; inputSchema: { type: "object"; [k: string]: unknown } }[];
let toolList: ToolList | null = null;

/** Each tool's input as JSON Schema, made once per isolate from the API's zod schemas. */
export function listTools(): ToolList {
  toolList ??= AGENT_TOOLS.map((t) => {
    const { $schema: _s, ...schema } = z.toJSONSchema(t.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    return { name: t.name, title: t.title, description: t.description, inputSchema: { ...schema, type: "object" as const } };
  });
  return toolList;
}

const answer = (value: Record<string, unknown>): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  structuredContent: value,
});

/** A refusal as a tool error: the API's envelope as structured content, its message (and hint) as text. */
const refusal = (err: ApiError): CallToolResult => {
  const body = errorBody(err.code, err.message, err.hint);
  return { isError: true, content: [{ type: "text", text: err.hint ? `${err.message} ${err.hint}` : err.message }], structuredContent: { ...body } };
};

/**
 * `send_document`'s idempotency key: the caller's own `idempotency_key`, else one derived from who
 * calls (the OAuth connection, else the API key) and the JSON-RPC request id, with the arguments'
 * hash, so a client that resends the same message gets the first answer, and a reused id with
 * other arguments is a new call.
 */
async function sendKey(p: Principal, requestId: string | number, args: Record<string, unknown>): Promise<string> {
  if (typeof args.idempotency_key === "string") return args.idempotency_key;
  return `mcp:${p.connectionId ?? p.keyId}:${await sha256Hex(`${JSON.stringify(requestId)}\n${JSON.stringify(args)}`)}`;
}

async function callTool(c: Context<AppEnv>, p: Principal, t: AgentTool, raw: unknown, requestId: string | number): Promise<CallToolResult> {
  try {
    if (t.scope) requireScope(p, t.scope);
    const parsed = t.input.safeParse(raw ?? {});
    if (!parsed.success) throw validationError(parsed.error.issues, "arguments");
    const ctx = { env: c.env, principal: p, actor: signerContext(c.req.raw) };
    const args = parsed.data as Record<string, unknown>;
    if (t.name !== "send_document") return answer(await t.run(ctx, args));
    const key = await sendKey(p, requestId, args);
    return answer(await once(c.env, p, "mcp.send_document", key, args, () => t.run(ctx, args)));
  } catch (err) {
    if (err instanceof ApiError) return refusal(err);
    logError("mcp tool failed", err, { requestId: c.get("requestId"), tool: t.name });
    return refusal(new ApiError("internal", "Something went wrong on our side.", `Quote request id ${c.get("requestId")}.`));
  }
}

/** JSON-RPC's "resource not found" (MCP, server/resources, "Error Handling"). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * Reads the account's templates for a resource request: the scope the template tools need (without
 * it, an invalid request naming it); a fault is logged and answered as an internal error with the
 * request id, never its own message.
 */
async function readingTemplates<T>(c: Context<AppEnv>, p: Principal, read: () => Promise<T>): Promise<T> {
  try {
    requireScope(p, RESOURCE_SCOPE);
    return await read();
  } catch (err) {
    if (err instanceof McpError) throw err;
    if (err instanceof ApiError) throw new McpError(ErrorCode.InvalidRequest, err.message);
    logError("mcp resource failed", err, { requestId: c.get("requestId") });
    throw new McpError(ErrorCode.InternalError, `Something went wrong on our side. Quote request id ${c.get("requestId")}.`);
  }
}

/** The account's templates as resources and the prompts (docs/agents.md, "Resources and prompts"). */
function serveResourcesAndPrompts(server: Server, c: Context<AppEnv>, p: Principal): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: await readingTemplates(c, p, () => templateResources(c.env, p)),
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [{ uriTemplate: TEMPLATE_URI_TEMPLATE, name: "template", title: "A template by its code", mimeType: "application/json" }],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => ({
    contents: [
      await readingTemplates(c, p, async () => {
        const found = await readTemplateResource(c.env, p, req.params.uri);
        if (!found) throw new McpError(RESOURCE_NOT_FOUND, "Resource not found.", { uri: req.params.uri.slice(0, 300) });
        return found;
      }),
    ],
  }));
  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: AGENT_PROMPTS.map(({ text: _t, ...prompt }) => prompt),
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (req) => {
    const prompt = agentPrompt(req.params.name);
    if (!prompt) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${req.params.name.slice(0, 100)}.`);
    const args = req.params.arguments ?? {};
    const missing = prompt.arguments.filter((a) => a.required && !args[a.name]?.trim()).map((a) => a.name);
    if (missing.length) throw new McpError(ErrorCode.InvalidParams, `Missing arguments: ${missing.join(", ")}.`);
    const text = prompt.text(Object.fromEntries(prompt.arguments.map((a) => [a.name, (args[a.name] ?? "").trim().slice(0, 1000)])));
    return { description: prompt.description, messages: [{ role: "user" as const, content: { type: "text" as const, text } }] };
  });
}

/** MCP's cap on the values of one completion answer. */
const COMPLETION_MAX = 100;

/**
 * `completion/complete` for the prompts' and the template resource's arguments (docs/agents.md,
 * "Completion"): template codes by prefix (the resource scope), the days' suggestions; a ref or
 * argument this server does not have is invalid params.
 */
function serveCompletion(server: Server, c: Context<AppEnv>, p: Principal): void {
  server.setRequestHandler(CompleteRequestSchema, async (req) => {
    const { ref, argument } = req.params;
    const source = completionSource(ref, argument.name);
    if (!source)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Nothing to complete for argument "${argument.name.slice(0, 100)}" of this ${ref.type === "ref/prompt" ? "prompt" : "resource"}.`,
      );
    const run = () => completeArgument(c.env, p, source, argument.value);
    const values = source === "template codes" ? await readingTemplates(c, p, run) : await run();
    return { completion: { values: values.slice(0, COMPLETION_MAX), total: values.length, hasMore: values.length > COMPLETION_MAX } };
  });
}

/** RFC 5424's levels, as MCP's logging names them. */
const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
/** `logging/setLevel` with any level, so one outside the list is invalid params (the SDK's own handler would answer an internal error). */
const SetLevelRequest = z.object({ method: z.literal("logging/setLevel"), params: z.object({ level: z.unknown() }).loose() });

/**
 * `logging/setLevel`: a level of the list is accepted (`{}`). This server answers each request as
 * JSON, never as a stream, so it sends no log notifications at any level.
 */
function serveLogging(server: Server): void {
  server.setRequestHandler(SetLevelRequest, async (req) => {
    if (!LOG_LEVELS.includes(req.params.level as (typeof LOG_LEVELS)[number])) {
      throw new McpError(ErrorCode.InvalidParams, `level: one of ${LOG_LEVELS.join(", ")}.`);
    }
    return {};
  });
}

/** Answers one `/mcp` request for an admitted caller. */
export async function serveMcp(c: Context<AppEnv>, p: Principal): Promise<Response> {
  const capabilities = { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false }, completions: {}, logging: {} };
  // The SDK's Workers validator (@cfworker/json-schema), not its default ajv one, which the Worker's
  // build leaves out (aliases/ajv.ts).
  const server = new Server(SERVER_INFO, { capabilities, instructions: INSTRUCTIONS, jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    const t = agentTool(req.params.name);
    if (!t) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}.`);
    return callTool(c, p, t, req.params.arguments, extra.requestId);
  });
  serveResourcesAndPrompts(server, c, p);
  serveCompletion(server, c, p);
  serveLogging(server);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(c.req.raw);
  } finally {
    c.executionCtx.waitUntil(server.close().catch(() => {}));
  }
}
