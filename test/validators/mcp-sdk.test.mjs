// The MCP server driven by the SDK's own client (`Client` + `StreamableHTTPClientTransport` of
// @modelcontextprotocol/sdk) against the started service: every tool, end to end: list, send,
// sign through the link (the API's /v1/sign/{token}), read the completed document, verify.
// Run: npm run test:validators
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startService } from "../../bench/service.mjs";
import { BASE_URL } from "./harness.mjs";

let svc;
let key;
let client;

/** The SDK's transport, its requests sent straight to the Worker. */
function connect(token) {
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE_URL}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}`, "cf-connecting-ip": "203.0.113.77" } },
    fetch: (url, init) => svc.worker.fetch(String(url), init),
  });
  const c = new Client({ name: "edge-sign-validator", version: "1.0.0" });
  return { c, ready: c.connect(transport) };
}

const tool = async (name, args = {}) => {
  const r = await client.callTool({ name, arguments: args });
  assert.ok(!r.isError, `${name}: ${r.content?.[0]?.text}`);
  assert.deepEqual(JSON.parse(r.content[0].text), r.structuredContent, `${name}: the text is the structured answer`);
  return r.structuredContent;
};

before(async () => {
  svc = await startService();
  ({
    keys: [key],
  } = await svc.accountWithKeys("MCP Ltd", 1, {
    mode: "live",
    scopes: ["signing:read", "signing:write", "signing:templates", "signing:workflows"],
  }));
  await svc.must("POST", "/v1/templates", {
    key,
    body: { code: "nda", name: "NDA", kind: "nda", body: "{{company}} and {{name}} keep it secret.", variables: ["company", "name"] },
  });
  await svc.must("POST", "/v1/templates/publish", { key, body: { code: "nda" } });
  const c = connect(key);
  await c.ready;
  client = c.c;
});

after(async () => {
  await client?.close();
  await svc?.close();
});

describe("the MCP server through the SDK's client", () => {
  it("initializes and lists the nine tools with their schemas", async () => {
    assert.equal(client.getServerVersion().name, "edge-sign");
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      [
        "list_templates",
        "get_template",
        "send_document",
        "list_documents",
        "get_document",
        "remind_signer",
        "void_document",
        "start_workflow",
        "verify_certificate",
      ],
    );
    for (const t of tools) assert.equal(t.inputSchema.type, "object", t.name);
  });

  it("list → send → sign through the link → the completed document → verify", async () => {
    const { templates } = await tool("list_templates");
    assert.deepEqual(
      templates.map((t) => t.code),
      ["nda"],
    );
    assert.equal((await tool("get_template", { code: "nda" })).is_published, true);
    const sent = await tool("send_document", {
      template_code: "nda",
      values: { company: "Acme", name: "Ana" },
      signers: [{ email: "ana@example.com", full_name: "Ana Ruiz" }],
      title: "NDA with Ana",
    });
    assert.match(sent.document_id, /^doc_/);
    const link = sent.links[0];
    // The signer, through the API's signing link.
    assert.equal((await svc.call("POST", `/v1/sign/${link.token}/consent`, { body: {} })).status, 200);
    assert.equal((await svc.call("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: "Ana Ruiz" } })).status, 200);
    const done = await tool("get_document", { document_id: sent.document_id });
    assert.equal(done.status, "completed");
    const listed = await tool("list_documents", { status: "completed" });
    assert.equal(listed.documents[0].document_id, sent.document_id);
    const cert = await svc.must("GET", `/v1/documents/${sent.document_id}/certificate`, { key });
    const verified = await tool("verify_certificate", { code: cert.verification_code, sha256: cert.document_sha256_hex });
    assert.equal(verified.found, true);
    assert.equal(verified.document_matches, true);
    assert.equal(verified.title, "NDA with Ana");
  });

  it("reminds, voids and starts a workflow; refusals come back as tool errors", async () => {
    const sent = await tool("send_document", {
      template_code: "nda",
      values: { company: "Acme", name: "Bo" },
      signers: [{ email: "bo@example.com", full_name: "Bo Berg" }],
      idempotency_key: "validator-send-0001",
    });
    const reminded = await tool("remind_signer", { document_id: sent.document_id, signer_id: sent.links[0].signer_id });
    assert.equal(reminded.signer_id, sent.links[0].signer_id);
    assert.deepEqual(await tool("void_document", { document_id: sent.document_id, reason: "Sent by mistake." }), { voided: true });
    const refused = await client.callTool({ name: "void_document", arguments: { document_id: sent.document_id, reason: "Again." } });
    assert.equal(refused.isError, true);
    assert.equal(refused.structuredContent.error.code, "invalid");

    const wf = await svc.must("POST", "/v1/workflows", {
      key,
      body: { code: "desk", name: "Desk", template_code: "nda", signer_roles: [{ label: "Guest", role: "signer", order: 1, participant: true }] },
    });
    const started = await tool("start_workflow", {
      workflow_id: wf.id,
      email: "guest@example.com",
      full_name: "Gus Guest",
      values: { company: "Acme", name: "Gus" },
    });
    assert.match(started.document_id, /^doc_/);
    assert.equal(started.signers[0].email, "guest@example.com");
  });

  it("a call without a token is refused with the resource metadata's address", async () => {
    const res = await svc.call("POST", "/mcp", { body: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get("www-authenticate"), `Bearer resource_metadata="${BASE_URL}/.well-known/oauth-protected-resource"`);
  });
});
