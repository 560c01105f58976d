/**
 * Fields for one signing party (`signer` on a template field): refused when ill-formed at save,
 * refused at send when no signing party matches, asked only of that party (read, page, answers,
 * required fields at signing), and drawn in their boxes with that party's answer.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, api, makeTenant } from "./helpers";
import { page } from "./pages-helpers";
import { makePdf, png } from "./pdf-template-fixtures";
import { publishedTemplate } from "./signing-helpers";
import { placementsFor } from "../src/domain/pdf-completion";
import type { TemplateField } from "../src/db/schema";

const field = (key: string, extra: Record<string, unknown> = {}) => ({ key, label: key.replace(/_/g, " "), kind: "text", ...extra });

const LANDLORD = { email: "lena@example.com", full_name: "Lena Landlord", role: "landlord" };
const TENANT = { email: "tom@example.com", full_name: "Tom Tenant", role: "tenant" };

async function sendTo(key: string, code: string, signers: unknown[]) {
  const prep = await api("POST", "/v1/documents", { key, body: { template_code: code, values: { company: "Acme", name: "Ada" } } });
  expect(prep.status, prep.text).toBe(200);
  const id = prep.json.document_id as string;
  return { id, sent: await api("POST", `/v1/documents/${id}/send`, { key, body: { signers, notify: false } }) };
}

describe("template fields: signer at save", () => {
  it("refuses an ill-formed signer with 422 naming fields.<i>.signer (create, revise, PATCH); keeps a good one", async () => {
    const t = await makeTenant();
    const bad: unknown[] = [0, -1, 1.5, 51, "", "   ", "cc", "x".repeat(41), true, null, {}, [1], "\u202etenant"];
    for (const signer of bad) {
      const r = await api("POST", "/v1/templates", {
        key: t.key,
        body: { code: "parties-bad", name: "Lease", kind: "contract", body: "Lease.", fields: [field("a"), field("b", { signer })] },
      });
      expect(r.status, JSON.stringify(signer)).toBe(422);
      expect(r.json.error.code).toBe("invalid");
      expect(r.json.error.message, JSON.stringify(signer)).toContain("fields.1.signer");
    }
    // A staff-only field is asked of no signer, so it names no party.
    const staff = await api("POST", "/v1/templates", {
      key: t.key,
      body: { code: "parties-bad", name: "Lease", kind: "contract", body: "Lease.", fields: [field("a", { staff_only: true, signer: 1 })] },
    });
    expect(staff.status).toBe(422);
    expect(staff.json.error.message).toContain("fields.0.signer");
    expect((await api("GET", "/v1/templates", { key: t.key })).json.templates).toEqual([]);

    const { code } = await publishedTemplate(t.key, { fields: [field("rent", { signer: 1 }), field("move_in", { signer: "tenant" }), field("both")] });
    const listed = (await api("GET", "/v1/templates", { key: t.key })).json.templates[0].fields;
    expect(listed.map((f: TemplateField) => f.signer)).toEqual([1, "tenant", undefined]);
    const rev = await api("POST", "/v1/templates/revise", { key: t.key, body: { code, fields: [field("rent", { signer: "cc" })] } });
    expect(rev.status).toBe(422);
    expect(rev.json.error.message).toContain("fields.0.signer");
    const ok = await api("POST", "/v1/templates/revise", { key: t.key, body: { code, fields: [field("rent", { signer: 50 })] } });
    expect(ok.status, ok.text).toBe(200);
    const patched = await api("PATCH", `/v1/templates/${ok.json.template_id}`, { key: t.key, body: { fields: [field("rent", { signer: 0 })] } });
    expect(patched.status).toBe(422);
    expect(patched.json.error.message).toContain("fields.0.signer");
  });
});

describe("POST /v1/documents/{id}/send with fields for one party", () => {
  it("refuses with 422 naming the field when no signing party matches; nothing is sent; a matching send goes", async () => {
    const t = await makeTenant();
    const fields = [field("common"), field("rent", { signer: "landlord" }), field("deposit", { signer: 2 })];
    const { code } = await publishedTemplate(t.key, { fields });
    const cc = { email: "cc@example.com", full_name: "Copy Only", role: "cc" };
    const cases: [unknown[], string, string][] = [
      // Position 2 with one signing party (cc recipients do not count).
      [[{ ...LANDLORD }, cc], "fields.2.signer", "deposit"],
      // A label nobody has.
      [[{ ...LANDLORD, role: "owner" }, TENANT], "fields.1.signer", "rent"],
      // A label two signers have: whose box it is cannot be told.
      [[LANDLORD, { ...TENANT, role: "landlord" }], "fields.1.signer", "rent"],
    ];
    for (const [signers, says, key] of cases) {
      const { id, sent } = await sendTo(t.key, code, signers);
      expect(sent.status, JSON.stringify(signers)).toBe(422);
      expect(sent.json.error.code).toBe("invalid");
      expect(sent.json.error.message).toContain(says);
      expect(sent.json.error.message).toContain(`"${key}"`);
      const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
      expect(doc.json.status).toBe("draft");
      expect(doc.json.signers).toEqual([]);
      // The same draft can still be sent to the right parties.
      const again = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [cc, LANDLORD, TENANT], notify: false } });
      expect(again.status, again.text).toBe(200);
    }
  });
});

describe("a field for one party is asked of that party only", () => {
  it("the read and the page list only the signer's own fields; another party's answer is 422; required checks count only one's own", async () => {
    const t = await makeTenant();
    const fields = [field("common", { required: false }), field("rent", { signer: "landlord" }), field("deposit", { signer: 2 }), field("pets", { signer: 2 })];
    const { code } = await publishedTemplate(t.key, { fields });
    // Sent in this order, the tenant signs first: the position counts the send's order, not sign_order.
    const { sent } = await sendTo(t.key, code, [
      { ...LANDLORD, sign_order: 2 },
      { ...TENANT, sign_order: 1 },
    ]);
    expect(sent.status, sent.text).toBe(200);
    const [landlord, tenant] = sent.json.links.map((l: { token: string }) => l.token) as [string, string];

    const keys = async (token: string) => (await api("GET", `/v1/sign/${token}`)).json.fields.map((f: { key: string }) => f.key);
    expect(await keys(landlord)).toEqual(["common", "rent"]);
    expect(await keys(tenant)).toEqual(["common", "deposit", "pets"]);

    // The signer's page asks the same (its form shows once consent is given).
    expect((await api("POST", `/v1/sign/${tenant}/consent`, { body: {} })).status).toBe(200);
    const html = (await page("GET", `/s/${tenant}`)).text;
    expect(html).toContain('name="field.deposit"');
    expect(html).not.toContain('name="field.rent"');

    // Answering another party's field is refused, naming it; nothing is stored.
    const other = await api("POST", `/v1/sign/${tenant}/fields`, { body: { key: "rent", value: "900" } });
    expect(other.status).toBe(422);
    expect(other.json.error.message).toContain('"rent"');
    const otherToo = await api("POST", `/v1/sign/${landlord}/fields`, { body: { key: "deposit", value: "1800" } });
    expect(otherToo.status).toBe(422);
    expect(otherToo.json.error.message).toContain('"deposit"');
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM field_values WHERE key IN ('rent', 'deposit')").first<{ n: number }>();
    expect(stored!.n).toBe(0);

    // The tenant signs with only their own required fields answered (the landlord's rent is not theirs to give).
    for (const [key, value] of [
      ["deposit", "1800"],
      ["pets", "one cat"],
    ]) {
      expect((await api("POST", `/v1/sign/${tenant}/fields`, { body: { key, value } })).status).toBe(200);
    }
    // The page's form holds only the tenant's fields; a posted answer to the landlord's is not taken.
    const form = { method: "typed", typed_name: "Tom Tenant", "field.deposit": "1800", "field.pets": "one cat", "field.rent": "1", lang: "en" };
    expect((await page("POST", `/s/${tenant}/sign`, { form })).status).toBe(303);
    const rent = await env.DB.prepare("SELECT COUNT(*) AS n FROM field_values WHERE key = 'rent'").first<{ n: number }>();
    expect(rent!.n).toBe(0);

    // The landlord still has to give the rent: their own required field.
    expect((await api("POST", `/v1/sign/${landlord}/consent`, { body: {} })).status).toBe(200);
    const early = await api("POST", `/v1/sign/${landlord}`, { body: { method: "typed", value: "Lena Landlord" } });
    expect(early.status).toBe(422);
    expect(early.json.error.message).toContain("rent");
    expect(early.json.error.message).not.toContain("deposit");
    expect((await api("POST", `/v1/sign/${landlord}/fields`, { body: { key: "rent", value: "900" } })).status).toBe(200);
    expect((await api("POST", `/v1/sign/${landlord}`, { body: { method: "typed", value: "Lena Landlord" } })).status).toBe(200);
  });
});

describe("a two-party PDF: landlord and tenant, each box with its own party's answer", () => {
  it("two signature boxes and two text fields, completed end to end; every box shows its party's answer", async () => {
    const t = await makeTenant();
    const send = async (method: string, path: string, bytes: Uint8Array, contentType: string) => {
      const res = await exports.default.fetch(`${BASE}${path}`, {
        method,
        headers: { authorization: `Bearer ${t.key}`, "content-type": contentType, "cf-connecting-ip": "203.0.113.9" },
        body: bytes,
      });
      const text = await res.text();
      expect(res.status, text).toBe(200);
      return JSON.parse(text);
    };
    const up = await send("POST", "/v1/templates/pdf?code=lease2&name=Lease&kind=contract&filename=lease.pdf", await makePdf([{}]), "application/pdf");
    const id = up.template_id as string;
    const info = await api("GET", `/v1/templates/${id}/pdf`, { key: t.key });
    const [pg] = info.json.pages as { width: number; height: number }[];
    await send("PUT", `/v1/templates/${id}/pages/1`, png(Math.round(pg!.width * 1.5), Math.round(pg!.height * 1.5)), "image/png");
    const fields = [
      { key: "landlord_name", label: "Landlord name", kind: "text", signer: "landlord", place: { page: 1, x: 0.1, y: 0.2, w: 0.35, h: 0.04 } },
      { key: "tenant_name", label: "Tenant name", kind: "text", signer: 2, place: { page: 1, x: 0.55, y: 0.2, w: 0.35, h: 0.04 } },
      { key: "landlord_sig", label: "Landlord signature", kind: "signature", signer: 1, place: { page: 1, x: 0.1, y: 0.8, w: 0.35, h: 0.06 } },
      { key: "tenant_sig", label: "Tenant signature", kind: "signature", signer: "tenant", place: { page: 1, x: 0.55, y: 0.8, w: 0.35, h: 0.06 } },
    ];
    const placed = await api("PATCH", `/v1/templates/${id}`, { key: t.key, body: { fields } });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.json.fields.map((f: TemplateField) => f.signer)).toEqual(["landlord", 2, 1, "tenant"]);
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "lease2" } })).status).toBe(200);
    const docId = (await api("POST", "/v1/documents", { key: t.key, body: { template_code: "lease2", title: "Lease" } })).json.document_id as string;
    const sent = await api("POST", `/v1/documents/${docId}/send`, { key: t.key, body: { signers: [LANDLORD, TENANT], notify: false } });
    expect(sent.status, sent.text).toBe(200);
    const [landlord, tenant] = sent.json.links.map((l: { token: string }) => l.token) as [string, string];

    // Each link's read places only its own boxes.
    const read = (await api("GET", `/v1/sign/${tenant}`)).json;
    expect(read.fields.map((f: { key: string }) => f.key)).toEqual(["tenant_name", "tenant_sig"]);

    // The landlord answers through the API (the signature box takes the typed signature as its answer) ...
    for (const [key, value] of [
      ["landlord_name", "Lena Landlord"],
      ["landlord_sig", "Lena L."],
    ]) {
      const r = await api("POST", `/v1/sign/${landlord}/fields`, { body: { key, value } });
      expect(r.status, r.text).toBe(200);
    }
    expect((await api("POST", `/v1/sign/${landlord}/consent`, { body: {} })).status).toBe(200);
    expect((await api("POST", `/v1/sign/${landlord}`, { body: { method: "typed", value: "Lena L." } })).status).toBe(200);
    // ... the tenant on the signer's page, whose signature fills the tenant's signature box only.
    expect((await page("POST", `/s/${tenant}/consent`, { form: { lang: "en" } })).status).toBe(303);
    const signed = await page("POST", `/s/${tenant}/sign`, { form: { "field.tenant_name": "Tom Tenant", method: "typed", typed_name: "Tom T.", lang: "en" } });
    expect(signed.status, signed.text.slice(0, 400)).toBe(303);
    expect((await api("GET", `/v1/documents/${docId}`, { key: t.key })).json.status).toBe("completed");

    // The boxes the completion draws: each shows its own party's answer.
    const row = await env.DB.prepare("SELECT fields FROM documents WHERE id = ?").bind(docId).first<{ fields: string }>();
    const signers = (await env.DB.prepare("SELECT id FROM signers WHERE document_id = ? ORDER BY sign_order").bind(docId).all<{ id: string }>()).results;
    const values = (
      await env.DB.prepare("SELECT signer_id AS signerId, key, value FROM field_values WHERE document_id = ?")
        .bind(docId)
        .all<{ signerId: string; key: string; value: string }>()
    ).results;
    const boxes = await placementsFor({ fields: JSON.parse(row!.fields), signers, values }, [{ width: pg!.width, height: pg!.height }]);
    const shown = Object.fromEntries(boxes.map((b) => [`${b.x},${b.y}`, b.text]));
    expect(shown).toEqual({ "0.1,0.2": "Lena Landlord", "0.55,0.2": "Tom Tenant", "0.1,0.8": "Lena L.", "0.55,0.8": "Tom T." });

    // The sealed PDF is made from them.
    const pdf = await api("GET", `/v1/documents/${docId}/pdf`, { key: t.key });
    expect(pdf.status, pdf.text).toBe(200);
  });

  it("a box for one party never shows another signer's answer to a field of the same key", async () => {
    const fields = [
      {
        key: "who",
        label: "Who",
        kind: "text",
        required: true,
        about: null,
        sensitive: false,
        per_child: false,
        staff_only: false,
        signer: 2,
        signer_id: "s2",
      },
      { key: "any", label: "Any", kind: "text", required: true, about: null, sensitive: false, per_child: false, staff_only: false },
    ].map((f, i) => ({ ...f, place: { page: 1, x: 0.1, y: 0.1 + i * 0.2, w: 0.3, h: 0.05 } }));
    const values = [
      { signerId: "s1", key: "who", value: "first" },
      { signerId: "s2", key: "who", value: "second" },
      { signerId: "s1", key: "any", value: "first any" },
      { signerId: "s2", key: "any", value: "second any" },
    ];
    const boxes = await placementsFor({ fields, signers: [{ id: "s1" }, { id: "s2" }], values }, [{ width: 600, height: 800 }]);
    expect(boxes.map((b) => b.text)).toEqual(["second", "first any"]);
  });
});
