/** Every string of the template and document inputs is well-formed; names, titles and merged values carry no bidi controls. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { consentAndSign, preparedDocument, publishedTemplate, sentDocument } from "./signing-helpers";

const LONE = "bad \ud800 text";
const BIDI = "evil \u202e txt.exe";
const ISOLATE = "evil \u2066 x \u2069";

const count = async (table: string, tenantId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE tenant_id = ?`).bind(tenantId).first<{ n: number }>())!.n;

const tpl = (over: Record<string, unknown>) => ({
  code: `tpl-${crypto.randomUUID().slice(0, 8)}`,
  name: "Waiver",
  kind: "waiver",
  body: "I, {{name}}, waive.",
  variables: ["name"],
  ...over,
});

describe("template input text", () => {
  it.each([
    ["name", { name: LONE }],
    ["name", { name: BIDI }],
    ["body", { body: LONE }],
    ["consent_text", { consent_text: LONE }],
    ["fields.0.label", { fields: [{ key: "a", label: ISOLATE, kind: "text" }] }],
    ["fields.0.label", { fields: [{ key: "a", label: LONE, kind: "text" }] }],
    ["fields.0.about", { fields: [{ key: "a", label: "A", kind: "text", about: LONE }] }],
    ["fields.0.options.1", { fields: [{ key: "a", label: "A", kind: "select", options: ["ok", BIDI] }] }],
    ["grants.nested.0", { grants: { nested: [LONE] } }],
    ["grants", { grants: { [LONE]: 1 } }],
  ])("refuses %s with 422 naming it, and stores nothing", async (field, over) => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/templates", { key: t.key, body: tpl(over) });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.message.startsWith(field), r.json.error.message).toBe(true);
    expect(await count("templates", t.tenantId)).toBe(0);
  });

  it("refuses the same in a revision", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const r = await api("POST", "/v1/templates/revise", { key: t.key, body: { code, name: BIDI } });
    expect(r.status).toBe(422);
    expect(r.json.error.message.startsWith("name")).toBe(true);
  });
});

describe("document input text", () => {
  it.each([
    ["title", { title: LONE }],
    ["title", { title: BIDI }],
    ["values.name", { values: { company: "A", name: LONE } }],
    ["values.name", { values: { company: "A", name: BIDI } }],
    ["values.name", { values: { company: "A", name: ISOLATE } }],
    ["metadata", { metadata: { [BIDI]: "v" } }],
    ["metadata.k", { metadata: { k: LONE } }],
    ["external_ref", { external_ref: LONE }],
    ["template_code", { template_code: LONE }],
    ["values", { values: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`v${i}`, "x"])) }],
  ])("prepare refuses %s with 422 naming it", async (field, over) => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const r = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "A", name: "B" }, ...over } });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.message.startsWith(field), r.json.error.message).toBe(true);
    expect(await count("documents", t.tenantId)).toBe(0);
  });

  it.each([
    ["signers.0.full_name", { full_name: BIDI }],
    ["signers.0.full_name", { full_name: LONE }],
    ["signers.0.role", { role: ISOLATE }],
    ["signers.0.party_id", { party_id: LONE }],
  ])("send refuses %s with 422 naming it", async (field, over) => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const r = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "Ada", ...over }] } });
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.message.startsWith(field), r.json.error.message).toBe(true);
    expect(await count("signers", t.tenantId)).toBe(0);
  });

  it("void refuses a reason that is not well-formed", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const r = await api("POST", `/v1/documents/${id}/void`, { key: t.key, body: { reason: LONE } });
    expect(r.status).toBe(422);
    expect(r.json.error.message.startsWith("reason")).toBe(true);
    expect((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.status).toBe("draft");
  });

  it("a text field answer may be 20,000 characters, not more", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, {
      tpl: { fields: [{ key: "note", label: "Note", kind: "text" }] },
      signers: [{ email: "a@example.com", full_name: "Ada" }],
    });
    const token = links[0]!.token;
    const ok = await api("POST", `/v1/sign/${token}/fields`, { body: { key: "note", value: "n".repeat(20000) } });
    expect(ok.status, ok.text).toBe(200);
    const over = await api("POST", `/v1/sign/${token}/fields`, { body: { key: "note", value: "n".repeat(20001) } });
    expect(over.status).toBe(422);
    await consentAndSign(token);
  });
});
