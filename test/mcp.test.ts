/**
 * The MCP server at /mcp (docs/agents.md): the Streamable HTTP transport's JSON-RPC over POST,
 * the nine tools end to end, scopes, API errors as tool errors, send_document's idempotency, and
 * the 401 that points at the protected resource metadata.
 */
import { describe, expect, it } from "vitest";
import { BASE, addKey, api, makeTenant, ops } from "./helpers";
import { consentAndSign, publishedTemplate } from "./signing-helpers";
import { makeWorkflow, startBody } from "./workflow-helpers";
import { connected } from "./oauth-helpers";

/** A parsed JSON answer (what `JSON.parse` gives). */
type Json = ReturnType<typeof JSON.parse>;

let nextId = 1;

/** One JSON-RPC message to /mcp; the answer's JSON (the server answers JSON, not a stream). */
function rpc(key: string | null, method: string, params: unknown = {}, id: number | string | null = nextId++) {
  const message = id === null ? { jsonrpc: "2.0", method, params } : { jsonrpc: "2.0", id, method, params };
  return api("POST", "/mcp", {
    key: key ?? undefined,
    ip: "203.0.113.50",
    headers: { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body: message,
  });
}

/** tools/call → the tool result. */
async function call(key: string, name: string, args: Record<string, unknown> = {}, id?: number | string) {
  const r = await rpc(key, "tools/call", { name, arguments: args }, id);
  expect(r.status, r.text).toBe(200);
  expect(r.json.error, r.text).toBeUndefined();
  return r.json.result as { isError?: boolean; content: { type: string; text: string }[]; structuredContent: Json };
}

const TOOLS = [
  "list_templates",
  "get_template",
  "send_document",
  "list_documents",
  "get_document",
  "remind_signer",
  "void_document",
  "start_workflow",
  "verify_certificate",
];

const signers = [{ email: "ana@example.com", full_name: "Ana Ruiz" }];

describe("POST /mcp: authentication", () => {
  it("answers 401 without a token, naming the protected resource metadata", async () => {
    const r = await rpc(null, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } });
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${BASE}/.well-known/oauth-protected-resource"`);
    expect(r.json.error.code).toBe("unauthorized");
    const bad = await rpc("mk_live_000000000000000000000000000000000000000000000000", "tools/list");
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain("resource_metadata=");
  });

  it("serves the protected resource metadata (RFC 9728) at both addresses", async () => {
    for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) {
      const r = await api("GET", path);
      expect(r.status).toBe(200);
      expect(r.json).toMatchObject({
        resource: `${BASE}/mcp`,
        authorization_servers: [BASE],
        bearer_methods_supported: ["header"],
      });
      expect(r.json.scopes_supported).toContain("signing:write");
      expect(r.json.scopes_supported).not.toContain("signing:device");
    }
  });

  it("GET /mcp is 405 (stateless: no stream to open)", async () => {
    const t = await makeTenant();
    const r = await api("GET", "/mcp", { key: t.key });
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toContain("POST");
  });

  it("DELETE /mcp is 405 too (no session to end), with Allow: POST", async () => {
    const r = await api("DELETE", "/mcp");
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    expect(r.json.error.code).toBe("method_not_allowed");
  });

  it("refuses a browser call from a foreign Origin (DNS rebinding) before reading it; own origin, partners and no Origin pass", async () => {
    const t = await makeTenant();
    const list = (origin?: string) =>
      api("POST", "/mcp", {
        key: t.key,
        ip: "203.0.113.51",
        headers: { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", ...(origin ? { origin } : {}) },
        body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
      });
    for (const origin of ["https://evil.example", "null", "http://localhost:8787", "not a url"]) {
      const r = await list(origin);
      expect(r.status, origin).toBe(403);
      expect(r.json.error.code).toBe("forbidden");
      expect(r.json.result).toBeUndefined();
    }
    // A foreign origin without a token: 401, the body unread either way.
    expect((await api("POST", "/mcp", { headers: { origin: "https://evil.example" }, body: {} })).status).toBe(401);
    expect((await list()).status).toBe(200);
    expect((await list(BASE)).status).toBe(200);
    const partner = "https://partner.example.com";
    expect((await list(partner)).status).toBe(403);
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { frame_ancestors: [partner] })).status).toBe(200);
    const ok = await list(partner);
    expect(ok.status).toBe(200);
    expect(ok.json.result.tools.length).toBeGreaterThan(0);
  });

  it("an OAuth access token of this service works like a key, within its granted scopes", async () => {
    const { tokens } = await connected({ scope: "signing:read" });
    const list = await call(tokens.access_token, "list_templates");
    expect(list.isError).toBeFalsy();
    expect(list.structuredContent.templates).toEqual([]);
    const refused = await call(tokens.access_token, "void_document", { document_id: "doc_x", reason: "no" });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ code: "forbidden", message: "This key lacks the scope signing:write." });
  });
});

describe("POST /mcp: the protocol", () => {
  it("initialize names the server and its capabilities; a notification is accepted", async () => {
    const t = await makeTenant();
    const r = await rpc(t.key, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.result.serverInfo).toMatchObject({ name: "edge-sign", version: "1.0.0" });
    expect(r.json.result.capabilities.tools).toBeDefined();
    expect(r.json.result.protocolVersion).toBe("2025-06-18");
    expect(r.headers.get("mcp-session-id")).toBeNull();
    const n = await rpc(t.key, "notifications/initialized", {}, null);
    expect(n.status).toBe(202);
  });

  it("tools/list gives the nine tools with JSON schemas made from the API's own", async () => {
    const t = await makeTenant();
    const r = await rpc(t.key, "tools/list");
    expect(r.status, r.text).toBe(200);
    const tools = r.json.result.tools as { name: string; inputSchema: Json; description: string }[];
    expect(tools.map((x) => x.name)).toEqual(TOOLS);
    for (const x of tools) {
      expect(x.inputSchema.type, x.name).toBe("object");
      expect(x.description.length).toBeGreaterThan(20);
    }
    const send = tools.find((x) => x.name === "send_document")!.inputSchema;
    expect(send.required.sort()).toEqual(["signers", "template_code"]);
    expect(Object.keys(send.properties).sort()).toEqual([
      "expires_at",
      "idempotency_key",
      "metadata",
      "sequential",
      "signers",
      "template_code",
      "title",
      "values",
    ]);
    // The API's own limits: 1-50 signers, each with an email.
    expect(send.properties.signers).toMatchObject({ type: "array", minItems: 1, maxItems: 50 });
    expect(send.additionalProperties).toBe(false);
    const verify = tools.find((x) => x.name === "verify_certificate")!.inputSchema;
    expect(verify.required).toEqual(["code"]);
    expect(verify.properties.sha256.pattern).toBeDefined();
    const list = tools.find((x) => x.name === "list_documents")!.inputSchema;
    expect(list.properties.status.enum).toContain("open");
  });

  it("an unknown tool is a protocol error; bad arguments are a tool error with the API's message", async () => {
    const t = await makeTenant();
    const r = await rpc(t.key, "tools/call", { name: "delete_everything", arguments: {} });
    expect(r.json.error.code).toBe(-32602);
    const bad = await call(t.key, "send_document", { template_code: "x", signers: [{ email: "not an email", full_name: "A" }] });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent.error.code).toBe("invalid");
    expect(bad.structuredContent.error.message).toMatch(/^signers\.0\.email: /);
    expect(bad.content[0]!.text).toContain("signers.0.email");
  });
});

describe("POST /mcp: the tools end to end", () => {
  it("lists and reads templates, sends, follows, reminds, voids, and verifies a completed document", async () => {
    const t = await makeTenant();
    const { code, templateId } = await publishedTemplate(t.key);

    const templates = await call(t.key, "list_templates");
    expect(templates.structuredContent.templates.map((x: Json) => x.code)).toEqual([code]);
    expect(JSON.parse(templates.content[0]!.text)).toEqual(templates.structuredContent);
    const api1 = await api("GET", "/v1/templates", { key: t.key });
    expect(templates.structuredContent).toEqual(api1.json);

    const byCode = await call(t.key, "get_template", { code });
    expect(byCode.structuredContent).toMatchObject({ template_id: templateId, code, is_published: true, variables: ["company", "name"] });
    expect((await call(t.key, "get_template", { template_id: templateId })).structuredContent.code).toBe(code);
    // A draft of the next version does not hide the published one a send prepares from.
    expect((await api("POST", "/v1/templates/revise", { key: t.key, body: { code, name: "NDA v2" } })).status).toBe(200);
    expect((await call(t.key, "get_template", { code })).structuredContent).toMatchObject({ template_id: templateId, version: 1 });
    const missing = await call(t.key, "get_template", { code: "nope" });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent.error).toMatchObject({ code: "not_found", message: "No such template in this account." });

    const sent = await call(t.key, "send_document", {
      template_code: code,
      values: { company: "Acme", name: "Ana" },
      signers,
      title: "NDA with Ana",
      metadata: { deal: "7" },
    });
    expect(sent.isError, sent.content[0]!.text).toBeFalsy();
    const documentId = sent.structuredContent.document_id as string;
    expect(documentId).toMatch(/^doc_/);
    expect(sent.structuredContent.links).toHaveLength(1);
    expect(sent.structuredContent.links[0]).toMatchObject({ email: "ana@example.com" });

    const listed = await call(t.key, "list_documents", { status: "open" });
    expect(listed.structuredContent).toMatchObject({ total: 1, has_more: false });
    expect(listed.structuredContent.documents[0]).toMatchObject({ document_id: documentId, title: "NDA with Ana", status: "sent" });

    const doc = await call(t.key, "get_document", { document_id: documentId });
    expect(doc.structuredContent).toEqual((await api("GET", `/v1/documents/${documentId}`, { key: t.key })).json);

    const reminded = await call(t.key, "remind_signer", { document_id: documentId, signer_id: sent.structuredContent.links[0].signer_id });
    expect(reminded.isError, reminded.content[0]!.text).toBeFalsy();
    expect(reminded.structuredContent).toMatchObject({ signer_id: sent.structuredContent.links[0].signer_id });
    // The API's own refusal, carried as a tool error: one reminder an hour.
    const again = await call(t.key, "remind_signer", { document_id: documentId, signer_id: sent.structuredContent.links[0].signer_id });
    expect(again.isError).toBe(true);
    expect(again.structuredContent.error.code).toBe("rate_limited");

    // A second document, signed through its link (the API's /v1/sign/{token}), completed, then verified.
    const fresh = await call(t.key, "send_document", { template_code: code, values: { company: "Acme", name: "Bo" }, signers });
    await consentAndSign(fresh.structuredContent.links[0].token);
    const done = await call(t.key, "get_document", { document_id: fresh.structuredContent.document_id });
    expect(done.structuredContent.status).toBe("completed");
    const cert = (await api("GET", `/v1/documents/${fresh.structuredContent.document_id}/certificate`, { key: t.key })).json;
    const verified = await call(t.key, "verify_certificate", { code: cert.verification_code, sha256: cert.document_sha256_hex });
    expect(verified.structuredContent).toMatchObject({ found: true, document_matches: true, title: done.structuredContent.title });
    const unknown = await call(t.key, "verify_certificate", { code: "ZZZZZZZZZZZZZZZZ" });
    expect(unknown.structuredContent.found).toBe(false);

    const voided = await call(t.key, "void_document", { document_id: documentId, reason: "Wrong dates." });
    expect(voided.structuredContent).toEqual({ voided: true });
    const twice = await call(t.key, "void_document", { document_id: documentId, reason: "Wrong dates." });
    expect(twice.isError).toBe(true);
    expect(twice.structuredContent.error.code).toBe("invalid");
  });

  it("start_workflow starts a workflow in the API's shape; a key without signing:workflows is refused", async () => {
    const t = await makeTenant();
    const w = await makeWorkflow(t.key);
    const started = await call(t.key, "start_workflow", { workflow_id: w.id, ...startBody() });
    expect(started.isError, started.content[0]!.text).toBeFalsy();
    expect(started.structuredContent).toMatchObject({ document_id: expect.stringMatching(/^doc_/) });
    expect(started.structuredContent.signers.map((s: Json) => s.role)).toEqual(["signer", "manager"]);
    const { key: readOnly } = await addKey(t.tenantId, { scopes: ["signing:read"] });
    const refused = await call(readOnly, "start_workflow", { workflow_id: w.id, ...startBody() });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent.error).toMatchObject({ code: "forbidden" });
    expect(refused.content[0]!.text).toContain("signing:workflows");
    const sendRefused = await call(readOnly, "send_document", { template_code: "x", signers });
    expect(sendRefused.structuredContent.error.code).toBe("forbidden");
  });

  it("an API error reaches the agent as a tool error with the API's message", async () => {
    const t = await makeTenant();
    const r = await call(t.key, "send_document", { template_code: "no-such-template", values: {}, signers });
    expect(r.isError).toBe(true);
    expect(r.structuredContent.error).toMatchObject({ code: "invalid", message: 'template_code: no template "no-such-template" in this account.' });
    const d = await call(t.key, "get_document", { document_id: "doc_missing" });
    expect(d.structuredContent.error.code).toBe("not_found");
  });
});

describe("POST /mcp: resources and prompts", () => {
  it("initialize declares resources and prompts beside tools", async () => {
    const t = await makeTenant();
    const r = await rpc(t.key, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } });
    expect(r.json.result.capabilities).toMatchObject({ tools: {}, resources: {}, prompts: {}, completions: {}, logging: {} });
  });

  it("resources are the account's templates, one per code, read as get_template answers", async () => {
    const t = await makeTenant();
    expect((await rpc(t.key, "resources/list")).json.result).toEqual({ resources: [] });
    const { code } = await publishedTemplate(t.key);
    const draft = `draft-${crypto.randomUUID().slice(0, 8)}`;
    const made = await api("POST", "/v1/templates", { key: t.key, body: { code: draft, name: "Lease", kind: "contract", body: "Rent." } });
    expect(made.status, made.text).toBe(200);
    const other = await makeTenant();
    await publishedTemplate(other.key);
    const list = (await rpc(t.key, "resources/list")).json.result.resources as Json[];
    expect(list.map((r: Json) => r.uri).sort()).toEqual([`edge-sign://templates/${code}`, `edge-sign://templates/${draft}`].sort());
    const nda = list.find((r: Json) => r.name === code);
    expect(nda).toMatchObject({ title: "Mutual NDA", mimeType: "application/json" });
    expect(nda.description).toContain("published version 1");
    expect(list.find((r: Json) => r.name === draft).description).toContain("draft");

    const read = await rpc(t.key, "resources/read", { uri: `edge-sign://templates/${code}` });
    expect(read.status, read.text).toBe(200);
    const [content] = read.json.result.contents;
    expect(content).toMatchObject({ uri: `edge-sign://templates/${code}`, mimeType: "application/json" });
    const viaTool = await call(t.key, "get_template", { code });
    expect(JSON.parse(content.text)).toEqual(viaTool.structuredContent);

    for (const uri of [`edge-sign://templates/nope`, "edge-sign://templates/", "https://evil.example/x", `edge-sign://templates/${code}/x`]) {
      const missing = await rpc(t.key, "resources/read", { uri });
      expect(missing.json.error?.code, uri).toBe(-32002);
    }
    // Another account's template is not found either.
    const theirs = (await rpc(other.key, "resources/list")).json.result.resources[0].uri;
    expect((await rpc(t.key, "resources/read", { uri: theirs })).json.error.code).toBe(-32002);
    const templates = (await rpc(t.key, "resources/templates/list")).json.result.resourceTemplates;
    expect(templates).toEqual([expect.objectContaining({ uriTemplate: "edge-sign://templates/{code}" })]);
  });

  it("reading resources needs signing:read", async () => {
    const t = await makeTenant({ scopes: ["signing:workflows"] });
    for (const [method, params] of [
      ["resources/list", {}],
      ["resources/read", { uri: "edge-sign://templates/nda" }],
    ] as const) {
      const r = await rpc(t.key, method, params);
      expect(r.json.error.code, method).toBe(-32600);
      expect(r.json.error.message).toContain("signing:read");
    }
  });

  it("prompts: two, each filled with its arguments; a missing required argument or an unknown prompt is an error", async () => {
    const t = await makeTenant();
    const list = (await rpc(t.key, "prompts/list")).json.result.prompts as Json[];
    expect(list.map((p: Json) => p.name)).toEqual(["send_for_signature", "follow_up_unsigned"]);
    for (const p of list) expect(p.description.length, p.name).toBeGreaterThan(0);
    expect(list[0].arguments.filter((a: Json) => a.required).map((a: Json) => a.name)).toEqual(["template_code", "signers"]);

    const got = await rpc(t.key, "prompts/get", { name: "send_for_signature", arguments: { template_code: "nda", signers: "Ana Ruiz <ana@example.com>" } });
    expect(got.status, got.text).toBe(200);
    const [message] = got.json.result.messages;
    expect(message.role).toBe("user");
    expect(message.content.type).toBe("text");
    expect(message.content.text).toContain('get_template with code "nda"');
    expect(message.content.text).toContain("Ana Ruiz <ana@example.com>");
    expect(message.content.text).toContain("send_document");

    const follow = await rpc(t.key, "prompts/get", { name: "follow_up_unsigned", arguments: {} });
    expect(follow.json.result.messages[0].content.text).toContain("at least 3 days");

    const missing = await rpc(t.key, "prompts/get", { name: "send_for_signature", arguments: { template_code: "nda" } });
    expect(missing.json.error).toMatchObject({ code: -32602, message: expect.stringContaining("signers") });
    expect((await rpc(t.key, "prompts/get", { name: "nope" })).json.error.code).toBe(-32602);
  });
});

describe("POST /mcp: completion and logging", () => {
  const complete = (key: string, ref: Record<string, string>, name: string, value: string) =>
    rpc(key, "completion/complete", { ref, argument: { name, value } });

  it("completes template codes by prefix (published ones, this account's), the days' suggestions, and nothing for signers", async () => {
    const t = await makeTenant();
    const mine = [`lease-${crypto.randomUUID().slice(0, 6)}`, `loan-${crypto.randomUUID().slice(0, 6)}`, `nda-${crypto.randomUUID().slice(0, 6)}`];
    for (const code of mine) await publishedTemplate(t.key, { code });
    const draft = await api("POST", "/v1/templates", {
      key: t.key,
      body: { code: `lab-${crypto.randomUUID().slice(0, 6)}`, name: "Draft", kind: "contract", body: "Rent." },
    });
    expect(draft.status).toBe(200);
    const other = await makeTenant();
    await publishedTemplate(other.key, { code: `lot-${crypto.randomUUID().slice(0, 6)}` });

    const prompt = { type: "ref/prompt", name: "send_for_signature" };
    const l = await complete(t.key, prompt, "template_code", "L");
    expect(l.status, l.text).toBe(200);
    expect(l.json.result.completion).toEqual({ values: expect.arrayContaining(mine.slice(0, 2)), total: 2, hasMore: false });
    expect(l.json.result.completion.values).toHaveLength(2);
    const resource = { type: "ref/resource", uri: "edge-sign://templates/{code}" };
    expect((await complete(t.key, resource, "code", "nda")).json.result.completion.values).toEqual([mine[2]]);
    expect((await complete(t.key, resource, "code", "zz")).json.result.completion).toEqual({ values: [], total: 0, hasMore: false });

    const days = await complete(t.key, { type: "ref/prompt", name: "follow_up_unsigned" }, "older_than_days", "1");
    expect(days.json.result.completion.values).toEqual(["1", "14"]);
    expect((await complete(t.key, prompt, "signers", "Ana")).json.result.completion.values).toEqual([]);
  });

  it("a prompt, resource or argument this server does not have is invalid params; template codes need signing:read", async () => {
    const t = await makeTenant();
    for (const [ref, name] of [
      [{ type: "ref/prompt", name: "nope" }, "template_code"],
      [{ type: "ref/prompt", name: "send_for_signature" }, "nope"],
      [{ type: "ref/resource", uri: "edge-sign://documents/{id}" }, "id"],
    ] as const) {
      expect((await complete(t.key, ref, name, "")).json.error?.code, JSON.stringify(ref)).toBe(-32602);
    }
    const narrow = await makeTenant({ scopes: ["signing:workflows"] });
    const refused = await complete(narrow.key, { type: "ref/prompt", name: "send_for_signature" }, "template_code", "");
    expect(refused.json.error).toMatchObject({ code: -32600, message: expect.stringContaining("signing:read") });
    // The days need no scope.
    expect((await complete(narrow.key, { type: "ref/prompt", name: "follow_up_unsigned" }, "older_than_days", "")).json.result.completion.total).toBe(5);
  });

  it("logging/setLevel takes the RFC 5424 levels and answers {}; another level is invalid params", async () => {
    const t = await makeTenant();
    for (const level of ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]) {
      const r = await rpc(t.key, "logging/setLevel", { level });
      expect(r.json.result, level).toEqual({});
    }
    expect((await rpc(t.key, "logging/setLevel", { level: "verbose" })).json.error.code).toBe(-32602);
  });
});

describe("send_document is idempotent per call", () => {
  it("the same JSON-RPC request resent answers the first result; another request id sends again", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const args = { template_code: code, values: { company: "Acme", name: "Ana" }, signers };
    const first = await call(t.key, "send_document", args, "req-42");
    const again = await call(t.key, "send_document", args, "req-42");
    expect(again.structuredContent).toEqual(first.structuredContent);
    const other = await call(t.key, "send_document", args, "req-43");
    expect(other.structuredContent.document_id).not.toBe(first.structuredContent.document_id);
    const docs = await api("GET", "/v1/documents", { key: t.key });
    expect(docs.json.total).toBe(2);
  });

  it("an explicit idempotency_key holds across request ids; the same key with other arguments is a conflict", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const args = { template_code: code, values: { company: "Acme", name: "Ana" }, signers, idempotency_key: "agent-send-0001" };
    const first = await call(t.key, "send_document", args);
    const again = await call(t.key, "send_document", args);
    expect(again.structuredContent.document_id).toBe(first.structuredContent.document_id);
    const clash = await call(t.key, "send_document", { ...args, title: "Another" });
    expect(clash.isError).toBe(true);
    expect(clash.structuredContent.error.code).toBe("conflict");
    expect((await api("GET", "/v1/documents", { key: t.key })).json.total).toBe(1);
  });
});

describe("documentation an agent reads", () => {
  it("/llms.txt: a title, a summary and sections of links to Markdown docs that are served", async () => {
    const r = await api("GET", "/llms.txt");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/plain");
    const lines = r.text.split("\n");
    expect(lines[0]).toBe("# Edge Sign");
    expect(lines[2]).toMatch(/^> \S/);
    expect(r.text).toContain(`${BASE}/mcp`);
    const links = [...r.text.matchAll(/^- \[[^\]]+\]\(([^)]+)\): \S/gm)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThanOrEqual(10);
    expect(links).toContain(`${BASE}/docs/agents.md`);
    for (const link of links) {
      expect(link.startsWith(`${BASE}/docs/`), link).toBe(true);
      const doc = await api("GET", link.slice(BASE.length));
      expect(doc.status, link).toBe(200);
      expect(doc.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      expect(doc.text).toMatch(/^# /);
    }
  });

  it("/docs/<name>.md serves docs/*.md only", async () => {
    const agents = await api("GET", "/docs/agents.md");
    expect(agents.text).toContain("/mcp");
    expect((await api("GET", "/docs/nothing-here.md")).status).toBe(404);
    expect((await api("GET", "/docs/..%2Fpackage.json")).status).toBe(404);
    expect((await api("GET", "/docs/README.md")).status).toBe(404);
  });
});
