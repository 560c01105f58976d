import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { BODY, publishedTemplate } from "./signing-helpers";
import { placeholders, render } from "../src/domain/templates";

const base = (over: Record<string, unknown> = {}) => ({
  code: `tpl-${crypto.randomUUID().slice(0, 8)}`,
  name: "Waiver",
  kind: "waiver",
  body: "I, {{name}}, waive.",
  variables: ["name"],
  ...over,
});

describe("placeholders and render (domain)", () => {
  it("finds each placeholder once, spaces allowed, and renders them", () => {
    expect(placeholders("{{a}} {{ b }} {{a}} {{c.d}} {x}")).toEqual(["a", "b", "c.d"]);
    expect(render("Hi {{ name }}, {{name}}!", { name: "Zoë" })).toBe("Hi Zoë, Zoë!");
  });
});

describe("POST /v1/templates", () => {
  it.each([
    ["code", { code: "Bad-Code" }],
    ["code", { code: "1abc" }],
    ["name", { name: "" }],
    ["name", { name: "x".repeat(201) }],
    ["kind", { kind: "letter" }],
    ["body", { body: "" }],
    ["fields", { fields: Array.from({ length: 51 }, (_, i) => ({ key: `f${i}`, label: "F", kind: "text" })) }],
    ["fields.0.key", { fields: [{ key: "Bad", label: "F", kind: "text" }] }],
    ["fields.0.kind", { fields: [{ key: "a", label: "F", kind: "colour" }] }],
    ["fields.0.place", { fields: [{ key: "a", label: "F", kind: "text", per_child: true, place: { page: 1, x: 0, y: 0, w: 0.1, h: 0.1 } }] }],
    ["fields.0.place", { fields: [{ key: "a", label: "F", kind: "text", staff_only: true, place: { page: 1, x: 0, y: 0, w: 0.1, h: 0.1 } }] }],
    ["fields.0.place", { fields: [{ key: "a", label: "F", kind: "text", place: { page: 1, x: 0.9, y: 0, w: 0.2, h: 0.1 } }] }],
    ["fields.0.options", { fields: [{ key: "a", label: "F", kind: "select" }] }],
    [
      "fields.1.key",
      {
        fields: [
          { key: "a", label: "F", kind: "text" },
          { key: "a", label: "G", kind: "text" },
        ],
      },
    ],
  ])("refuses a bad %s with 422 naming it", async (field, over) => {
    const t = await makeTenant();
    const r = await api("POST", "/v1/templates", { key: t.key, body: base(over) });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(r.json.error.message.startsWith(field)).toBe(true);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it("needs signing:templates", async () => {
    const t = await makeTenant({ scopes: ["signing:read", "signing:write"] });
    const r = await api("POST", "/v1/templates", { key: t.key, body: base() });
    expect(r.status).toBe(403);
    expect(r.json.error.message).toContain("signing:templates");
  });

  it("replaces a draft that was never published, keeping its id", async () => {
    const t = await makeTenant();
    const b = base();
    const a = await api("POST", "/v1/templates", { key: t.key, body: b });
    const again = await api("POST", "/v1/templates", { key: t.key, body: { ...b, name: "Waiver 2" } });
    expect(again.json.template_id).toBe(a.json.template_id);
    const list = await api("GET", "/v1/templates", { key: t.key });
    expect(list.json.templates).toHaveLength(1);
    expect(list.json.templates[0].name).toBe("Waiver 2");
  });

  it("refuses a code that is already published", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const r = await api("POST", "/v1/templates", { key: t.key, body: base({ code }) });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("already published");
  });

  it("replays the first answer for the same idempotency key", async () => {
    const t = await makeTenant();
    const b = base();
    const h = { "idempotency-key": "create-template-0001" };
    const a = await api("POST", "/v1/templates", { key: t.key, body: b, headers: h });
    const r = await api("POST", "/v1/templates", { key: t.key, body: b, headers: h });
    expect(r.status).toBe(200);
    expect(r.text).toBe(a.text);
    expect(r.headers.get("idempotency-replayed")).toBe("true");
  });
});

describe("POST /v1/templates/publish", () => {
  it("refuses undeclared placeholders, naming them, and changes nothing", async () => {
    const t = await makeTenant();
    const b = base({ body: "{{name}} owes {{amount}} by {{ due }}.", variables: ["name"] });
    await api("POST", "/v1/templates", { key: t.key, body: b });
    const r = await api("POST", "/v1/templates/publish", { key: t.key, body: { code: b.code } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("amount, due");
    const list = await api("GET", "/v1/templates", { key: t.key });
    expect(list.json.templates[0].is_published).toBe(false);
  });

  it("publishes and answers code, version and time; a second publish is refused", async () => {
    const t = await makeTenant();
    const b = base();
    await api("POST", "/v1/templates", { key: t.key, body: b });
    const r = await api("POST", "/v1/templates/publish", { key: t.key, body: { code: b.code } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: b.code, version: 1 });
    expect(Date.parse(r.json.published_at)).toBeGreaterThan(0);
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: b.code } })).status).toBe(422);
  });

  it("404s an unknown code", async () => {
    const t = await makeTenant();
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "nope" } })).status).toBe(404);
  });
});

describe("POST /v1/templates/revise and GET /v1/templates", () => {
  it("makes the next version as a draft, leaving the earlier one exactly as it was", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const before = (await api("GET", "/v1/templates", { key: t.key })).json.templates[0];
    const r = await api("POST", "/v1/templates/revise", { key: t.key, body: { code, body: "New text for {{name}}.", variables: ["name"] } });
    expect(r.status).toBe(200);
    expect(r.json.version).toBe(2);
    const list = (await api("GET", "/v1/templates", { key: t.key })).json.templates;
    expect(list.map((x: { version: number }) => x.version)).toEqual([2, 1]);
    expect(list[0]).toMatchObject({ is_published: false, is_latest: true, published_at: null, body: "New text for {{name}}." });
    expect(list[1]).toEqual({ ...before, is_latest: false });
    // Revising while the next version is still a draft is refused.
    expect((await api("POST", "/v1/templates/revise", { key: t.key, body: { code } })).status).toBe(422);
  });

  it("counts documents per version and lists every field of a template", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key, {
      fields: [
        { key: "dob", label: "Date of birth", kind: "date" },
        { key: "size", label: "Size", kind: "select", options: ["S", "M"], required: false },
      ],
    });
    await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "A", name: "B" } } });
    const [tpl] = (await api("GET", "/v1/templates", { key: t.key })).json.templates;
    expect(tpl).toMatchObject({ code, version: 1, is_published: true, documents: 1, is_latest: true, kind: "nda", body: BODY });
    expect(tpl.fields[0]).toEqual({
      key: "dob",
      label: "Date of birth",
      kind: "date",
      required: true,
      about: null,
      sensitive: false,
      per_child: false,
      staff_only: false,
      place: null,
    });
    expect(tpl.fields[1].options).toEqual(["S", "M"]);
  });
});

describe("concurrent writes of one code", () => {
  it("six parallel creates of one new code: one version 1, the others 409 conflict, never a 500", async () => {
    const t = await makeTenant();
    const b = base();
    const rs = await Promise.all(Array.from({ length: 6 }, (_, i) => api("POST", "/v1/templates", { key: t.key, body: { ...b, name: `Waiver ${i}` } })));
    for (const r of rs) {
      expect([200, 409]).toContain(r.status);
      if (r.status === 409) expect(r.json.error.code).toBe("conflict");
    }
    expect(rs.some((r) => r.status === 200)).toBe(true);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ? AND code = ?").bind(t.tenantId, b.code).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("six parallel revisions of one code: one version 2, the others 409 conflict", async () => {
    const t = await makeTenant();
    const { code } = await publishedTemplate(t.key);
    const rs = await Promise.all(Array.from({ length: 6 }, () => api("POST", "/v1/templates/revise", { key: t.key, body: { code } })));
    for (const r of rs) {
      expect([200, 409, 422]).toContain(r.status);
      if (r.status === 409) expect(r.json.error.code).toBe("conflict");
    }
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ? AND code = ?").bind(t.tenantId, code).first<{ n: number }>();
    expect(n!.n).toBe(2);
  });
});
