/**
 * Fields read from an uploaded PDF (`POST /v1/templates/pdf?fields=acroform|tags|both`): the form's
 * fields and the text tags become the draft's placed fields, `fields_found` and `fields_not_read`
 * say what was read and what was not, the dashboard's upload does the same, and the signed copy
 * has the tags painted over and the form's widgets of the fields read taken out.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { toBase64 } from "../src/lib/bytes";
import { BASE, api, makeTenant } from "./helpers";
import { png } from "./pdf-template-fixtures";
import { fromB64, pageContents } from "./evidence-pdf-helpers";
import { consentAndSign } from "./signing-helpers";
import { documentFields, keyOf } from "../src/domain/document-fields";

/** Two A4 pages: tags typed in the text (one broken) and a fillable form on page 2. */
async function taggedForm(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const times = await doc.embedFont(StandardFonts.TimesRoman);
  const one = doc.addPage([595, 842]);
  one.drawText("Company: {{text:1:company:required}}", { x: 60, y: 760, size: 11, font: helvetica });
  one.drawText("Tenant signs here {{signature:1}} on {{date_signed:1}}", { x: 60, y: 700, size: 10, font: times });
  one.drawText("Landlord: {{signature:2}}", { x: 60, y: 640, size: 12, font: helvetica });
  one.drawText("Broken: {{sig:1}}", { x: 60, y: 580, size: 11, font: helvetica });
  one.drawText("Initials {{initials:1}}", { x: 400, y: 60, size: 9, font: helvetica });
  const two = doc.addPage([595, 842]);
  two.drawText("Initials {{initials:1}}", { x: 400, y: 60, size: 9, font: helvetica });
  const form = doc.getForm();
  const name = form.createTextField("customer.fullName");
  name.addToPage(two, { x: 60, y: 700, width: 220, height: 22 });
  const agree = form.createCheckBox("agree");
  agree.addToPage(two, { x: 60, y: 650, width: 14, height: 14 });
  const plan = form.createDropdown("plan");
  plan.setOptions(["Basic", "Pro"]);
  plan.addToPage(two, { x: 60, y: 600, width: 120, height: 20 });
  const size = form.createRadioGroup("size");
  size.addOptionToPage("small", two, { x: 60, y: 550, width: 14, height: 14 });
  size.addOptionToPage("large", two, { x: 100, y: 550, width: 14, height: 14 });
  return doc.save();
}

async function upload(key: string, code: string, bytes: Uint8Array, fields?: string) {
  const res = await exports.default.fetch(`${BASE}/v1/templates/pdf?code=${code}&name=Lease&kind=contract${fields === undefined ? "" : `&fields=${fields}`}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/pdf", "cf-connecting-ip": "203.0.113.9" },
    body: bytes,
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

const keysOf = (xs: { key: string }[]) => xs.map((x) => x.key);

describe("POST /v1/templates/pdf?fields=…", () => {
  it("reads tags and form fields into placed fields; fields_found and fields_not_read say what", async () => {
    const t = await makeTenant();
    const r = await upload(t.key, "lease", await taggedForm(), "both");
    expect(r.status, r.text).toBe(200);
    const found = r.json.fields_found as { key: string; kind: string; signer: number | null; source: string; page: number; required: boolean }[];
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "company", kind: "text", signer: 1, required: true, source: "tag", page: 1, text: "{{text:1:company:required}}" }),
        expect.objectContaining({ key: "signature_1", kind: "signature", signer: 1, required: true, source: "tag" }),
        expect.objectContaining({ key: "date_signed_1", kind: "date_signed", signer: 1, source: "tag" }),
        expect.objectContaining({ key: "signature_2", kind: "signature", signer: 2, source: "tag" }),
        expect.objectContaining({ key: "initials_1", kind: "initials", signer: 1, source: "tag" }),
        expect.objectContaining({ key: "customer_full_name", label: "Full name", kind: "text", signer: null, source: "acroform", name: "customer.fullName" }),
        expect.objectContaining({ key: "agree", kind: "checkbox", source: "acroform", required: false }),
        expect.objectContaining({ key: "plan", kind: "select", source: "acroform" }),
        expect.objectContaining({ key: "size", kind: "radio", source: "acroform" }),
      ]),
    );
    expect(found, JSON.stringify(r.json.fields_not_read)).toHaveLength(9);
    // The broken tag is reported by page and text, with why.
    expect(r.json.fields_not_read).toEqual([expect.objectContaining({ page: 1, text: "{{sig:1}}", reason: expect.stringContaining("sig") })]);

    const tpl = await api("GET", "/v1/templates", { key: t.key });
    const fields = tpl.json.templates.find((v: { template_id: string }) => v.template_id === r.json.template_id).fields;
    const byKey = Object.fromEntries(fields.map((f: { key: string }) => [f.key, f]));
    // Initials on two pages: one field, drawn at each place.
    expect(byKey.initials_1.places.map((p: { page: number }) => p.page)).toEqual([1, 2]);
    expect(byKey.plan.options).toEqual(["Basic", "Pro"]);
    expect(byKey.size.options).toEqual(["small", "large"]);
    // A signature box is at least 120 × 24 pt.
    expect(byKey.signature_2.place.w * 595).toBeGreaterThanOrEqual(119.9);
    expect(byKey.signature_2.place.h * 842).toBeGreaterThanOrEqual(23.9);
    // The company tag sits at the top left, where it was typed (y from the top of the page).
    expect(byKey.company.place.y).toBeGreaterThan(0.06);
    expect(byKey.company.place.y).toBeLessThan(0.12);
    const row = await env.DB.prepare("SELECT covers, form_fields, not_read FROM pdf_templates WHERE template_id = ?")
      .bind(r.json.template_id)
      .first<{ covers: string; form_fields: string; not_read: string }>();
    expect(JSON.parse(row!.covers)).toHaveLength(6);
    expect(JSON.parse(row!.form_fields).sort()).toEqual(["agree", "customer.fullName", "plan", "size"]);
    expect(JSON.parse(row!.not_read)).toHaveLength(1);
  });

  it("tags only, form only, none; an unknown source is 422 and stores nothing", async () => {
    const t = await makeTenant();
    const bytes = await taggedForm();
    const tags = await upload(t.key, "tags-only", bytes, "tags");
    expect(tags.json.fields_found.every((f: { source: string }) => f.source === "tag")).toBe(true);
    const form = await upload(t.key, "form-only", bytes, "acroform");
    expect(keysOf(form.json.fields_found).sort()).toEqual(["agree", "customer_full_name", "plan", "size"]);
    expect(form.json.fields_not_read).toEqual([]);
    const none = await upload(t.key, "none", bytes);
    expect(none.json).toEqual({ template_id: expect.any(String) });
    const bad = await upload(t.key, "bad", bytes, "everything");
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toContain("fields");
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM templates WHERE tenant_id = ? AND code = 'bad'").bind(t.tenantId).first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("a re-upload to the draft keeps its fields and replaces those of the same key", async () => {
    const t = await makeTenant();
    const first = await upload(t.key, "redo", await makePlain(), undefined);
    await api("PATCH", `/v1/templates/${first.json.template_id}`, {
      key: t.key,
      body: {
        fields: [
          { key: "company", label: "Firm", kind: "textarea" },
          { key: "note", label: "Note", kind: "text", required: false },
        ],
      },
    });
    const again = await upload(t.key, "redo", await taggedForm(), "tags");
    expect(again.json.template_id).toBe(first.json.template_id);
    const tpl = await api("GET", "/v1/templates", { key: t.key });
    const fields = tpl.json.templates.find((v: { template_id: string }) => v.template_id === first.json.template_id).fields;
    expect(fields[0]).toMatchObject({ key: "note" });
    expect(fields.find((f: { key: string }) => f.key === "company")).toMatchObject({ kind: "text", label: "Company", signer: 1 });
  });
});

async function makePlain() {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  doc.addPage([595, 842]);
  return doc.save();
}

describe("fields read from the document, as the draft's fields", () => {
  const box = { page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.03 };
  const tag = (over: Record<string, unknown>) => ({
    source: "tag" as const,
    kind: "text" as const,
    key: null,
    name: null,
    label: "",
    signer: 1,
    required: null,
    place: box,
    ...over,
  });

  it("makes keys from form names; at most 50 fields, the rest reported; a key another kind holds is reported", () => {
    expect(keyOf("Customer.Full Name")).toBe("customer_full_name");
    expect(keyOf("2nd-Signer")).toBe("field_2nd_signer");
    expect(keyOf("Ünïcodé")).toBe("unicode");
    const many = Array.from({ length: 55 }, () => tag({}));
    const out = documentFields({ fields: many, problems: [] }, [], 1);
    expect(out.fields).toHaveLength(50);
    expect(keysOf(out.fields).slice(0, 3)).toEqual(["text_1", "text_1_2", "text_1_3"]);
    expect(out.notRead).toHaveLength(5);
    expect(out.notRead[0]!.reason).toContain("at most 50 fields");
    // A long list ends with how many more.
    const flood = documentFields(
      { fields: [], problems: Array.from({ length: 250 }, (_, i) => ({ page: 1, text: `{{bad:${i}}}`, reason: "unknown kind" })) },
      [],
      1,
    );
    expect(flood.notRead).toHaveLength(100);
    expect(flood.notRead[99]).toEqual({ page: null, text: "…", reason: "and 151 more not read." });
    const clash = documentFields({ fields: [tag({ key: "company" }), tag({ key: "company", kind: "email" })], problems: [] }, [], 1);
    expect(clash.fields).toHaveLength(1);
    expect(clash.notRead[0]!.reason).toContain('"company"');
  });
});

describe("signed in place: tags painted over, the form's widgets taken out", () => {
  it("the sealed PDF covers each tag and keeps no widget of a field read", async () => {
    const t = await makeTenant();
    const up = await upload(t.key, "signed", await taggedForm(), "both");
    const id = up.json.template_id as string;
    const info = await api("GET", `/v1/templates/${id}/pdf`, { key: t.key });
    for (const p of info.json.pages as { n: number; width: number; height: number }[]) {
      const r = await exports.default.fetch(`${BASE}/v1/templates/${id}/pages/${p.n}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${t.key}`, "content-type": "image/png", "cf-connecting-ip": "203.0.113.9" },
        body: png(Math.round(p.width * 1.5), Math.round(p.height * 1.5)),
      });
      expect(r.status, await r.text()).toBe(200);
    }
    // One signer: the second signer's tag asks nothing of them, so it is made optional here.
    const tpl = await api("GET", "/v1/templates", { key: t.key });
    const fields = tpl.json.templates
      .find((v: { template_id: string }) => v.template_id === id)
      .fields.filter((f: { signer?: number }) => f.signer !== 2)
      .map(({ key, label, kind, required, place, places, signer, options }: Record<string, unknown>) =>
        Object.fromEntries(Object.entries({ key, label, kind, required, place, places, signer, options }).filter(([, v]) => v !== undefined && v !== null)),
      );
    expect((await api("PATCH", `/v1/templates/${id}`, { key: t.key, body: { fields } })).status).toBe(200);
    expect((await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "signed" } })).status).toBe(200);
    const prep = await api("POST", "/v1/documents", { key: t.key, body: { template_code: "signed" } });
    const sent = await api("POST", `/v1/documents/${prep.json.document_id}/send`, {
      key: t.key,
      body: { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false },
    });
    const token = sent.json.links[0].token as string;
    for (const [key, value] of [
      ["company", "Analytical Engines Ltd"],
      ["customer_full_name", "Ada Lovelace"],
      ["agree", "true"],
      ["plan", "Pro"],
      ["size", "large"],
      ["signature_1", `data:image/png;base64,${toBase64(png(200, 60))}`],
      ["initials_1", "AL"],
    ]) {
      const r = await api("POST", `/v1/sign/${token}/fields`, { body: { key, value } });
      expect(r.status, r.text).toBe(200);
    }
    await consentAndSign(token);
    const pdf = await api("GET", `/v1/documents/${prep.json.document_id}/pdf`, { key: t.key });
    expect(pdf.status, pdf.text).toBe(200);
    const sealed = fromB64(pdf.json.bytes_base64);
    const contents = await pageContents(sealed);
    // White boxes over the tags: five on page 1 (not the broken one), one on page 2.
    expect(contents[0]!.match(/1 1 1 rg/g)?.length).toBe(5);
    expect(contents[1]!.match(/1 1 1 rg/g)?.length).toBe(1);
    const doc = await PDFDocument.load(sealed, { updateMetadata: false });
    const annots = doc.getPage(1).node.lookupMaybe(PDFName.of("Annots"), PDFArray);
    const widgets = (annots?.asArray() ?? []).filter((a) => doc.context.lookup(a, PDFDict).get(PDFName.of("Subtype")) === PDFName.of("Widget"));
    expect(widgets).toHaveLength(0);
  });
});
