/**
 * The dashboard's editors of "fields that think": the text template form's rules and conditions
 * (validation, one show_if / required_if each, formulas) and the PDF placement editor's fields JSON
 * (every kind, a condition, a formula, `places`), saved through the same schema and rules as the
 * API (read back through the API), and refused with the API's message naming `fields.<i>.<attr>`.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueKey } from "../src/domain/accounts";
import { BASE, api } from "./helpers";
import { type Browser, makeAccount, makeMember, sessionFor } from "./dashboard-helpers";
import { select, unescapeHtml } from "./pages-helpers";
import { makePdf } from "./pdf-template-fixtures";

async function owner() {
  const t = await makeAccount();
  const { key } = await issueKey(env, t, { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
  const b = await sessionFor(await makeMember(t, "owner"));
  expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
  return { key, b };
}

const templates = async (key: string) =>
  (await api("GET", "/v1/templates", { key })).json.templates as { template_id: string; code: string; fields: Record<string, unknown>[] }[];
const value = async (html: string, sel: string) => (await select(html, sel))[0]?.attrs.value;

const typed = { code: "order", name: "Order", kind: "contract", body: "Order form.", variables: "" };
/** Five rows: a number with bounds, a price, a code with a pattern and a required_if, a checkbox, a formula shown if it is checked. */
const rows: Record<string, string> = {
  "field.0.key": "qty",
  "field.0.label": "Quantity",
  "field.0.kind": "number",
  "field.0.required": "true",
  "field.0.min": "1",
  "field.0.max": "10",
  "field.0.step": "1",
  "field.1.key": "price",
  "field.1.label": "Unit price",
  "field.1.kind": "number",
  "field.2.key": "ref",
  "field.2.label": "Reference",
  "field.2.kind": "text",
  "field.2.min_length": "6",
  "field.2.max_length": "6",
  "field.2.pattern": "[A-Z]{2}\\d{4}",
  "field.2.pattern_message": "Two capitals, then four digits.",
  "field.2.required_if_key": "qty",
  "field.2.required_if_op": "in",
  "field.2.required_if_value": "5, 10",
  "field.3.key": "invoice",
  "field.3.label": "Send an invoice",
  "field.3.kind": "checkbox",
  "field.4.key": "total",
  "field.4.label": "Total",
  "field.4.kind": "formula",
  "field.4.formula": "round(qty * price, 2)",
  "field.4.decimals": "2",
  "field.4.show_if_key": "invoice",
  "field.4.show_if_op": "checked",
};

describe("dashboard: the text template form's rules and conditions", () => {
  it("offers them per row, folded in a details; a saved form arrives in the API's read with each attribute", async () => {
    const { key, b } = await owner();
    const form = await b.get("/app/templates");
    expect(await select(form.text, "details > summary")).not.toHaveLength(0);
    expect((await select(form.text, "fieldset details summary")).map((s) => s.text.trim())[0]).toBe("Rules and conditions");
    expect((await select(form.text, "select#f0-show-if-op option")).map((o) => o.attrs.value)).toEqual([
      "",
      "equals",
      "not_equals",
      "in",
      "checked",
      "unchecked",
      "filled",
      "empty",
    ]);
    for (const id of ["f0-min-length", "f0-max-length", "f0-pattern", "f0-pattern-message", "f0-min", "f0-max", "f0-step", "f0-formula", "f0-decimals"])
      expect((await select(form.text, `label[for="${id}"]`)).length, id).toBe(1);
    expect((await select(form.text, "select#f0-kind option")).map((o) => o.attrs.value)).toEqual(expect.arrayContaining(["image", "stamp", "file"]));

    const saved = await b.submit("/app/templates", { ...typed, ...rows }, "/app/templates");
    expect(saved.status, saved.text).toBe(303);
    const [made] = await templates(key);
    expect(made!.fields).toMatchObject([
      { key: "qty", kind: "number", required: true, min: "1", max: "10", step: "1" },
      { key: "price", kind: "number", required: false },
      {
        key: "ref",
        min_length: 6,
        max_length: 6,
        pattern: "[A-Z]{2}\\d{4}",
        pattern_message: "Two capitals, then four digits.",
        required_if: { key: "qty", op: "in", value: ["5", "10"] },
      },
      { key: "invoice", kind: "checkbox" },
      { key: "total", kind: "formula", formula: "round(qty * price, 2)", decimals: 2, show_if: { key: "invoice", op: "checked" }, required: false },
    ]);
    expect(made!.fields[4]!.show_if).toEqual({ key: "invoice", op: "checked" });
  });

  it("refuses an unsafe pattern and a formula naming a later field with the API's message; nothing saved, every typed value kept", async () => {
    const { key, b } = await owner();
    const badPattern = await b.submit("/app/templates", { ...typed, ...rows, "field.2.pattern": "(a+)+" }, "/app/templates");
    expect(badPattern.status).toBe(422);
    const text = unescapeHtml(badPattern.text);
    expect(text).toContain("fields.2.pattern:");
    expect(text).toContain("no quantified group holding a quantifier");
    // The form comes back as typed, with the rows' details open.
    expect(await value(badPattern.text, "input#f2-pattern")).toBe("(a+)+");
    expect(await value(badPattern.text, "input#f2-pattern-message")).toBe("Two capitals, then four digits.");
    expect(await value(badPattern.text, "input#f0-min")).toBe("1");
    expect(await value(badPattern.text, "input#f4-formula")).toBe("round(qty * price, 2)");
    expect(await value(badPattern.text, "input#f2-required-if-value")).toBe("5, 10");
    expect((await select(badPattern.text, "select#f4-show-if-op option[selected]"))[0]!.attrs.value).toBe("checked");
    // The rows with rules (the first, third and fifth) open; the others folded.
    expect((await select(badPattern.text, "fieldset details[open] input[id$='-min-length']")).map((e) => e.attrs.id)).toEqual([
      "f0-min-length",
      "f2-min-length",
      "f4-min-length",
    ]);
    expect((await select(badPattern.text, "datalist#tp-keys option")).map((o) => o.attrs.value)).toEqual(["qty", "price", "ref", "invoice", "total"]);

    // A formula may name only earlier fields.
    const later = await b.submit("/app/templates", { ...typed, ...rows, "field.1.kind": "formula", "field.1.formula": "qty + total" }, "/app/templates");
    expect(later.status).toBe(422);
    expect(unescapeHtml(later.text)).toMatch(/fields\.1\.formula: position 7: "total" is not the key of an earlier number or formula field/);
    expect(await value(later.text, "input#f1-formula")).toBe("qty + total");

    // A condition on a later field, and a value where the operator takes none: the API's words too.
    const cond = await b.submit("/app/templates", { ...typed, ...rows, "field.0.show_if_key": "invoice", "field.0.show_if_op": "checked" }, "/app/templates");
    expect(cond.status).toBe(422);
    expect(unescapeHtml(cond.text)).toContain('fields.0.show_if.key: "invoice" is not an earlier field of this template.');
    const valued = await b.submit("/app/templates", { ...typed, ...rows, "field.4.show_if_value": "yes" }, "/app/templates");
    expect(unescapeHtml(valued.text)).toContain('fields.4.show_if.value: op "checked" takes no value.');
    expect(await templates(key)).toEqual([]);
  });
});

/** A PDF template draft of two pages, uploaded from the dashboard. */
async function pdfDraft(b: Browser) {
  const fd = new FormData();
  fd.append("csrf", await b.csrf("/app/templates"));
  for (const [k, v] of Object.entries({ code: `form-${crypto.randomUUID().slice(0, 6)}`, name: "Form", kind: "contract" })) fd.append(k, v);
  fd.append("file", new File([(await makePdf([{}, {}])) as Uint8Array<ArrayBuffer>], "form.pdf", { type: "application/pdf" }));
  const res = await exports.default.fetch(`${BASE}/app/templates/pdf`, {
    method: "POST",
    headers: { cookie: b.cookieHeader(), "cf-connecting-ip": b.ip, accept: "application/json" },
    body: fd,
    redirect: "manual",
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { template_id: string }).template_id;
}

describe("dashboard: the placement editor's fields of every kind", () => {
  it("offers every kind and the selected field's rules; saves places, a condition and a formula; refuses as the API does", async () => {
    const { key, b } = await owner();
    const id = await pdfDraft(b);
    const editor = await b.get(`/app/templates/${id}/place`);
    expect((await select(editor.text, "select#nf-kind option")).map((o) => o.attrs.value)).toEqual(
      expect.arrayContaining(["select", "radio", "checkboxes", "formula", "image", "file"]),
    );
    for (const id of [
      "fp-options",
      "fp-pattern",
      "fp-min",
      "fp-formula",
      "fp-decimals",
      "fp-show-key",
      "fp-show-op",
      "fp-show-value",
      "fp-req-op",
      "fp-every-page",
      "fp-one-place",
    ])
      expect((await select(editor.text, `#${id}`)).length, id).toBe(1);

    const box = (page: number) => ({ page, x: 0.1, y: 0.9, w: 0.2, h: 0.05 });
    const fields = [
      { key: "plan", label: "Plan", kind: "radio", options: ["10", "20"], place: box(1) },
      { key: "seats", label: "Seats", kind: "number", min: "1", max: "50", place: { ...box(1), y: 0.1 } },
      { key: "total", label: "Total", kind: "formula", formula: "plan * seats", decimals: 0, required: false, place: { ...box(1), y: 0.2 } },
      { key: "extras", label: "Extras", kind: "checkboxes", options: ["Support", "Training"], show_if: { key: "seats", op: "filled" }, place: null },
      { key: "ini", label: "Initials", kind: "initials", place: null, places: [box(1), box(2)] },
    ];
    const saved = await b.submit(`/app/templates/${id}/fields`, { fields: JSON.stringify(fields) }, `/app/templates/${id}/place`);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).toContain("Saved: 5 fields");
    const read = (await templates(key)).find((t) => t.template_id === id)!;
    expect(read.fields).toMatchObject([
      { key: "plan", kind: "radio", options: ["10", "20"] },
      { key: "seats", min: "1", max: "50" },
      { key: "total", formula: "plan * seats", decimals: 0 },
      { key: "extras", show_if: { key: "seats", op: "filled" } },
      { key: "ini", place: null, places: [box(1), box(2)] },
    ]);

    // The API's refusals, above the editor, which keeps what was posted.
    const later = fields.map((f) => (f.key === "total" ? { ...f, formula: "plan * extras_count" } : f));
    const refused = await b.submit(`/app/templates/${id}/fields`, { fields: JSON.stringify(later) }, `/app/templates/${id}/place`);
    expect(refused.status).toBe(422);
    expect(unescapeHtml(refused.text)).toMatch(/fields\.2\.formula: position 8: "extras_count" is not the key of an earlier/);
    expect(unescapeHtml(refused.text)).toContain("plan * extras_count");
    const both = fields.map((f) => (f.key === "ini" ? { ...f, place: box(1) } : f));
    const twice = await b.submit(`/app/templates/${id}/fields`, { fields: JSON.stringify(both) }, `/app/templates/${id}/place`);
    expect(unescapeHtml(twice.text)).toContain("fields.4.places: give place or places, not both.");
    const beyond = fields.map((f) => (f.key === "ini" ? { ...f, places: [box(1), box(3)] } : f));
    const missing = await b.submit(`/app/templates/${id}/fields`, { fields: JSON.stringify(beyond) }, `/app/templates/${id}/place`);
    expect(unescapeHtml(missing.text)).toContain("fields.4.places.1.page: page 3 does not exist");
    expect((await templates(key)).find((t) => t.template_id === id)!.fields[2]!.formula).toBe("plan * seats");
  });
});
