/**
 * Real answers checked against /openapi.json: each response below is validated against the schema
 * its operation declares for that status, with every property the answer carries declared and
 * every null allowed by the description. The answers are chosen where the description and the code
 * used to part: a certificate whose signer confirmed a one-time code (`email_otp`), a workflow that
 * is not public and one whose template is gone (`public_slug`, `kind` null), the service's own
 * brand and a saved brand without an opening image (`openingUpdatedAt` null), and an endpoint that
 * never delivered (`last_delivered_at` null). Then route descriptions that once said otherwise
 * than the code, held to what it does.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { api, makeTenant, ops, type Tenant } from "./helpers";
import { deliverLink, preparedDocument, publishedTemplate, sentDocument } from "./signing-helpers";
import { makeWorkflow } from "./workflow-helpers";
import { addHook, newBox } from "./webhook-helpers";
import { brandedTenant } from "./branding-helpers";

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

let doc: Doc;
beforeAll(async () => {
  doc = (await api("GET", "/openapi.json")).json as Doc;
});

const typeOf = (v: unknown) =>
  v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v;

/**
 * The places where `value` does not fit `schema` (JSON Schema as /openapi.json writes it: $ref,
 * type lists, enum, const, properties, required, items, anyOf/oneOf/allOf). A property the
 * schema does not declare is reported too: the description must name everything an answer holds.
 */
function mismatches(schema: Schema, value: unknown, at: string): string[] {
  if (schema.$ref) return mismatches(doc.components.schemas[schema.$ref.split("/").pop()!]!, value, at);
  if (schema.allOf) return schema.allOf.flatMap((s) => mismatches(s, value, at));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const each = alternatives.map((s) => mismatches(s, value, at));
    return each.some((m) => m.length === 0) ? [] : [`${at}: fits none of anyOf/oneOf (${each.map((m) => m[0]).join(" | ")})`];
  }
  const out: string[] = [];
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const fits = types.includes(actual) || (actual === "integer" && types.includes("number"));
    if (!fits) return [`${at}: is ${actual} ${JSON.stringify(value)?.slice(0, 80)}, the description says ${types.join(" or ")}`];
  }
  if (schema.enum && !schema.enum.includes(value)) out.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ("const" in schema && schema.const !== value) out.push(`${at}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (actual === "object" && (schema.properties || schema.additionalProperties !== undefined)) {
    const obj = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in obj)) out.push(`${at}.${name}: is required by the description but absent`);
    for (const [name, v] of Object.entries(obj)) {
      const declared = schema.properties?.[name];
      if (declared) out.push(...mismatches(declared, v, `${at}.${name}`));
      else if (typeof schema.additionalProperties === "object") out.push(...mismatches(schema.additionalProperties, v, `${at}.${name}`));
      else if (schema.additionalProperties !== true) out.push(`${at}.${name}: is not in the description`);
    }
  }
  if (actual === "array" && schema.items) out.push(...(value as unknown[]).flatMap((v, i) => mismatches(schema.items!, v, `${at}[${i}]`)));
  return out;
}

/** Fetches `path` and checks its JSON against what `METHOD template` declares for the status it answered. */
async function conforms(method: string, template: string, path: string, key?: string) {
  const r = await api(method, path, { key });
  const declared = doc.paths[template]?.[method.toLowerCase()]?.responses[String(r.status)]?.content?.["application/json"]?.schema;
  expect(declared, `${method} ${template} declares ${r.status}`).toBeTruthy();
  expect(mismatches(declared!, r.json, `${method} ${path} ${r.status}`)).toEqual([]);
  return r;
}

describe("the validator itself", () => {
  it("refuses a value outside an enum, a null where only a string is allowed, and an undeclared property", () => {
    const s: Schema = { type: "object", required: ["m"], properties: { m: { type: "string", enum: ["typed"] }, n: { type: "string" } } };
    expect(mismatches(s, { m: "typed", n: "x" }, "v")).toEqual([]);
    expect(mismatches(s, { m: "email_otp" }, "v")).toHaveLength(1);
    expect(mismatches(s, { m: "typed", n: null }, "v")).toHaveLength(1);
    expect(mismatches(s, { m: "typed", extra: 1 }, "v")).toHaveLength(1);
    expect(mismatches(s, {}, "v")).toHaveLength(1);
  });
});

describe("real answers against /openapi.json", () => {
  it("a certificate and a verification whose signer confirmed an email code: signature method email_otp", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      signers: [{ email: "ada@example.com", full_name: "Ada Lovelace", auth: "email_otp" }],
      notify: false,
    });
    const link = links[0]!;
    expect((await api("POST", `/v1/sign/${link.token}/consent`, { body: {} })).status).toBe(200);
    // The service emails the link (a code goes only to a signer the service sent a link to).
    await deliverLink(t.tenantId, id, link);
    const sent = await api("POST", `/v1/sign/${link.token}/code`, { body: {} });
    expect(sent.status, sent.text).toBe(200);
    await env.MESSAGE_QUEUE.getByName(t.tenantId).idle();
    const out = await ops("GET", `/outbox?document_id=${id}`);
    const code = (out.json.messages as { signer_id: string; purpose: string; code: string | null }[]).find(
      (m) => m.signer_id === link.signer_id && m.purpose === "signing.code",
    )?.code;
    expect(code).toMatch(/^\d{6}$/);
    expect((await api("POST", `/v1/sign/${link.token}/verify`, { body: { code } })).json).toEqual({ ok: true });
    const signed = await api("POST", `/v1/sign/${link.token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(signed.status, signed.text).toBe(200);

    const cert = await conforms("GET", "/v1/documents/{id}/certificate", `/v1/documents/${id}/certificate`, t.key);
    expect(cert.json.payload.signers[0].signature.method).toBe("email_otp");
    const v = await conforms("GET", "/v1/verify/{code}", `/v1/verify/${cert.json.verification_code}?sha256=${cert.json.document_sha256_hex}`);
    expect(v.json.signers[0].signature.method).toBe("email_otp");
    await conforms("GET", "/v1/verify/{code}", `/v1/verify/${cert.json.verification_code}`);
    await conforms("GET", "/v1/documents/{id}", `/v1/documents/${id}`, t.key);
  });

  describe("workflows", () => {
    let t: Tenant;
    beforeAll(async () => {
      t = await makeTenant();
    });

    it("one that is not public: public_slug and public_url null", async () => {
      const w = await makeWorkflow(t.key);
      const r = await conforms("GET", "/v1/workflows/{id}", `/v1/workflows/${w.id}`, t.key);
      expect(r.json.public_slug).toBeNull();
      await conforms("GET", "/v1/workflows", "/v1/workflows", t.key);
    });

    it("one whose template is gone: kind null", async () => {
      const w = await makeWorkflow(t.key);
      await env.DB.prepare("DELETE FROM templates WHERE tenant_id = ? AND code = ?").bind(t.tenantId, w.template_code).run();
      const r = await conforms("GET", "/v1/workflows/{id}", `/v1/workflows/${w.id}`, t.key);
      expect(r.json.kind).toBeNull();
      await conforms("GET", "/v1/workflows", "/v1/workflows", t.key);
    });
  });

  it("branding: the service's own, and a saved brand without an opening image (openingUpdatedAt null)", async () => {
    const t = await makeTenant();
    const own = await conforms("GET", "/v1/branding", "/v1/branding", t.key);
    expect(own.json.openingUpdatedAt).toBeNull();
    await brandedTenant(t.tenantId);
    const saved = await conforms("GET", "/v1/branding", "/v1/branding", t.key);
    expect(saved.json.openingUpdatedAt).toBeNull();
  });

  it("webhook endpoints: one that never delivered (last_delivered_at null)", async () => {
    const t = await makeTenant();
    await addHook(t.key, { url: newBox().url });
    const r = await conforms("GET", "/v1/webhooks", "/v1/webhooks", t.key);
    expect(r.json.endpoints[0].last_delivered_at).toBeNull();
  });

  it("a 405: the MethodNotAllowedError every operation declares", async () => {
    const t = await makeTenant();
    const r = await api("PUT", "/v1/documents", { key: t.key, body: {} });
    expect(r.status).toBe(405);
    const declared = doc.paths["/v1/documents"]!.get!.responses["405"]!.content!["application/json"]!.schema;
    expect(mismatches(declared, r.json, "PUT /v1/documents 405")).toEqual([]);
  });
});

describe("route descriptions against what the code does", () => {
  type Op = { description: string; responses: Record<string, { content?: Record<string, { example?: Record<string, unknown> }> }> };
  const op = (method: string, path: string) => (doc.paths[path]![method] as unknown as Op)!;

  it("GET /v1/documents: `open` is described as drafts and sent ones, and lists a draft", async () => {
    expect(op("get", "/v1/documents").description).toMatch(/`open` is every document not yet ended: drafts and sent ones/);
    const t = await makeTenant();
    const draft = await preparedDocument(t.key);
    const r = await api("GET", "/v1/documents?status=open", { key: t.key });
    expect(r.json.documents.map((d: { document_id: string; status: string }) => [d.document_id, d.status])).toEqual([[draft, "draft"]]);
  });

  it("POST /v1/documents: variables are described as filled from `values`, which is what fills them; `grants` is no field of it", async () => {
    const description = op("post", "/v1/documents").description;
    expect(description).toContain("filling its variables from `values`");
    expect(description).not.toContain("from `grants`");
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const refused = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, grants: { company: "Acme", name: "Ada" } } });
    expect(refused.status).toBe(422);
    expect(refused.json.error.message).toMatch(/^grants: /);
    const prepared = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "Acme", name: "Ada" } } });
    expect(prepared.status, prepared.text).toBe(200);
    expect((await api("GET", `/v1/documents/${prepared.json.document_id}`, { key: t.key })).json.body).toContain("between Acme and Ada");
  });

  it("the replay of a delivery is described with its 409 while the first still waits", () => {
    expect(op("post", "/v1/webhooks/deliveries/{id}/replay").description).toMatch(/409 while it is still queued or held/);
  });

  it("the verification example shows signers and the document's hash only with a matching sha256, as the code does", () => {
    const example = op("get", "/v1/verify/{code}").responses["200"]!.content!["application/json"]!.example!;
    expect(example.document_sha256 !== null || example.signers !== null ? example.document_matches : true).toBe(true);
  });
});
