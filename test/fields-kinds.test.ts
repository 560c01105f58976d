/**
 * Fields that think: the new kinds and the validation attributes, each refused at save with a 422
 * naming `fields.<i>.<attribute>` and at answer with a 422 naming the field's key and the rule;
 * answer patterns are a safe subset matched in linear time.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { publishedTemplate, sentDocument } from "./signing-helpers";
import { page } from "./pages-helpers";
import { compilePattern } from "../src/lib/safe-pattern";

const f = (key: string, kind: string, extra: Record<string, unknown> = {}) => ({ key, label: key, kind, ...extra });
const create = (key: string, fields: unknown[]) =>
  api("POST", "/v1/templates", { key, body: { code: `k-${crypto.randomUUID().slice(0, 8)}`, name: "Form", kind: "contract", body: "Form.", fields } });

async function linkFor(fields: unknown[]) {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, { tpl: { fields }, signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false });
  return { t, id, token: links[0]!.token };
}
const answer = (token: string, key: string, value: string) => api("POST", `/v1/sign/${token}/fields`, { body: { key, value } });

describe("template fields: new kinds and rules at save", () => {
  it("refuses each ill-formed attribute with 422 naming fields.<i>.<attribute>; nothing is saved", async () => {
    const t = await makeTenant();
    const cases: [unknown[], string][] = [
      [[f("r", "radio", { options: ["only"] })], "fields.0.options"],
      [[f("r", "radio")], "fields.0.options"],
      [[f("c", "checkboxes", { options: [] })], "fields.0.options"],
      [[f("c", "checkboxes", { options: ["a", "a"] })], "fields.0.options"],
      [[f("c", "checkboxes", { options: ["a", "b"], min: 3 })], "fields.0.min"],
      [[f("c", "checkboxes", { options: ["a", "b"], min: 2, max: 1 })], "fields.0.min"],
      [[f("t", "text", { options: ["a"] })], "fields.0.options"],
      [[f("l", "label", { required: true })], "fields.0.required"],
      [[f("t", "text", { max_length: 20001 })], "fields.0.max_length"],
      [[f("t", "text", { min_length: 5, max_length: 4 })], "fields.0.min_length"],
      [[f("n", "number", { min_length: 1 })], "fields.0.min_length"],
      [[f("t", "text", { pattern: "x".repeat(201) })], "fields.0.pattern"],
      [[f("t", "text", { pattern: "(a" })], "fields.0.pattern"],
      [[f("t", "text", { pattern_message: "Nope" })], "fields.0.pattern_message"],
      [[f("n", "number", { min: "ten" })], "fields.0.min"],
      [[f("n", "number", { min: "5", max: "1" })], "fields.0.min"],
      [[f("n", "number", { step: "0" })], "fields.0.step"],
      [[f("n", "text", { step: "1" })], "fields.0.step"],
      [[f("d", "date", { min: "2026-13-01" })], "fields.0.min"],
      [[f("d", "date", { max: "31/12/2026" })], "fields.0.max"],
      [[f("d", "date", { min: "2026-12-31", max: "2026-01-01" })], "fields.0.min"],
      [[f("a", "text"), f("x", "formula")], "fields.1.formula"],
      [[f("a", "text", { decimals: 2 })], "fields.0.decimals"],
      [[f("a", "text", { place: { page: 1, x: 0, y: 0, w: 0.1, h: 0.1 }, places: [{ page: 1, x: 0, y: 0, w: 0.1, h: 0.1 }] })], "fields.0.places"],
      [[f("a", "text", { places: [] })], "fields.0.places"],
      [[f("a", "text", { places: [{ page: 1, x: 0.95, y: 0, w: 0.1, h: 0.1 }] })], "fields.0.places.0"],
    ];
    for (const [fields, says] of cases) {
      const r = await create(t.key, fields);
      expect(r.status, `${JSON.stringify(fields)} ${r.text}`).toBe(422);
      expect(r.json.error.code).toBe("invalid");
      expect(r.json.error.message, JSON.stringify(fields)).toContain(says);
    }
    expect((await api("GET", "/v1/templates", { key: t.key })).json.templates).toEqual([]);
  });

  it("refuses the classic catastrophic patterns, backreferences and lookaround at save", async () => {
    const t = await makeTenant();
    const unsafe = [
      "(a+)+$",
      "(a*)*",
      "(a|a?)+",
      "(.*a){3}",
      "([a-zA-Z]+)*",
      "(x+x+)+y",
      "^(\\d+)*$",
      "(a)\\1",
      "\\k<n>",
      "(?=a)a",
      "(?!a)b",
      "(?<=a)b",
      "(?<!a)b",
    ];
    for (const pattern of unsafe) {
      const r = await create(t.key, [f("t", "text", { pattern })]);
      expect(r.status, pattern).toBe(422);
      expect(r.json.error.message, pattern).toContain("fields.0.pattern");
      expect(() => compilePattern(pattern), pattern).toThrow();
    }
  });

  it("matches allowed patterns on 50,000-character adversarial answers in milliseconds", () => {
    const allowed = ["(a|aa)+", "\\d*\\d*x", "[a-z]+@[a-z]+\\.[a-z]+", ".*.*.*b", "(\\w|\\d)+z", "a?a?a?a?a?a?a?a?a?a?aaaaaaaaaa"];
    for (const source of allowed) {
      const p = compilePattern(source);
      for (const input of ["a".repeat(50_000) + "!", "1".repeat(50_000), `${"a@".repeat(25_000)}`]) {
        const start = performance.now();
        expect(p.test(input)).toBe(false);
        expect(performance.now() - start, source).toBeLessThan(500);
      }
    }
    // The whole answer must match.
    expect(compilePattern("[A-Z]{2}\\d{3}").test("AB123")).toBe(true);
    expect(compilePattern("[A-Z]{2}\\d{3}").test("xAB123")).toBe(false);
    expect(compilePattern("cat|dog").test("dog")).toBe(true);
    expect(compilePattern("cat|dog").test("dogs")).toBe(false);
  });

  it("keeps the new kinds and rules as saved, and lists them", async () => {
    const t = await makeTenant();
    const fields = [
      f("size", "radio", { options: ["S", "M", "L"] }),
      f("extras", "checkboxes", { options: ["wifi", "parking", "pets"], min: 1, max: 2 }),
      f("note", "label"),
      f("code", "text", { pattern: "[A-Z]{2}\\d{3}", pattern_message: "Two capitals then three digits.", min_length: 5, max_length: 5 }),
      f("qty", "number", { min: "1", max: "10", step: "0.5" }),
      f("when", "date", { min: "2026-01-01", max: "2027-12-31" }),
      f("total", "formula", { formula: "qty * 2" }),
      f("signed_on", "date_signed"),
      f("who", "signer_name"),
      f("mail", "signer_email"),
    ];
    const { code } = await publishedTemplate(t.key, { fields });
    const listed = (await api("GET", "/v1/templates", { key: t.key })).json.templates.find((x: { code: string }) => x.code === code).fields;
    expect(listed.map((x: { kind: string }) => x.kind)).toEqual(fields.map((x) => x.kind));
    expect(listed[1]).toMatchObject({ options: ["wifi", "parking", "pets"], min: 1, max: 2 });
    expect(listed[2].required).toBe(false);
    expect(listed[3]).toMatchObject({ pattern: "[A-Z]{2}\\d{3}", pattern_message: "Two capitals then three digits.", min_length: 5, max_length: 5 });
    expect(listed[4]).toMatchObject({ min: "1", max: "10", step: "0.5" });
    expect(listed[6]).toMatchObject({ formula: "qty * 2", decimals: 2, required: false });
  });
});

describe("answers checked against the kinds and rules", () => {
  it("refuses broken answers with 422 naming the key and the rule (pattern_message when given); stores good ones", async () => {
    const { token } = await linkFor([
      f("size", "radio", { options: ["S", "M", "L"] }),
      f("extras", "checkboxes", { options: ["wifi", "parking", "pets"], min: 1, max: 2 }),
      f("note", "label"),
      f("code", "text", { pattern: "[A-Z]{2}\\d{3}", pattern_message: "Two capitals then three digits." }),
      f("name", "text", { min_length: 2, max_length: 5 }),
      f("qty", "number", { min: "1", max: "10", step: "0.5" }),
      f("when", "date", { min: "2026-01-01", max: "2027-12-31" }),
      f("total", "formula", { formula: "qty * 2" }),
      f("signed_on", "date_signed"),
      f("who", "signer_name"),
    ]);
    const refused: [string, string, string][] = [
      ["size", "XL", "must be one of"],
      ["extras", "wifi", "JSON array"],
      ["extras", '["wifi","sauna"]', "sauna"],
      ["extras", '["wifi","parking","pets"]', "rule max"],
      ["extras", '["wifi","wifi"]', "at most once"],
      ["note", "hello", "never answered"],
      ["code", "ab123", "Two capitals then three digits."],
      ["name", "A", "rule min_length"],
      ["name", "Adalove", "rule max_length"],
      ["qty", "0.5", "rule min"],
      ["qty", "11", "rule max"],
      ["qty", "1.25", "rule step"],
      ["qty", "1e3", "not a number"],
      ["when", "2025-12-31", "rule min"],
      ["when", "2028-01-01", "rule max"],
      ["total", "99", "never supplied by a signer"],
      ["signed_on", "2026-01-01", "never supplied by a signer"],
      ["who", "Someone Else", "never supplied by a signer"],
    ];
    for (const [key, value, says] of refused) {
      const r = await answer(token, key, value);
      expect(r.status, `${key}=${value} ${r.text}`).toBe(422);
      expect(r.json.error.message, `${key}=${value}`).toContain(`"${key}"`);
      expect(r.json.error.message, `${key}=${value}`).toContain(says);
    }
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM field_values").first<{ n: number }>())!.n).toBe(0);

    for (const [key, value] of [
      ["size", "M"],
      ["extras", '["pets","wifi"]'],
      ["code", "AB123"],
      ["name", "Ada"],
      ["qty", "2.5"],
      ["when", "2026-06-01"],
    ] as const) {
      const r = await answer(token, key, value);
      expect(r.status, `${key}=${value} ${r.text}`).toBe(200);
    }
    const read = (await api("GET", `/v1/sign/${token}`)).json;
    const byKey = Object.fromEntries(read.fields.map((x: { key: string }) => [x.key, x]));
    expect(byKey.extras).toMatchObject({ kind: "checkboxes", supplied: true, min: 1, max: 2, visible: true });
    expect(byKey.code).toMatchObject({ pattern: "[A-Z]{2}\\d{3}", pattern_message: "Two capitals then three digits." });
    expect(byKey.total).toMatchObject({ value: "5.00", formula: "qty * 2" });
    expect(byKey.who).toMatchObject({ value: "Ada Lovelace" });
    expect(byKey.signed_on).toMatchObject({ value: null });
    // Checkboxes are stored in the options' order.
    const stored = await env.DB.prepare("SELECT value FROM field_values WHERE key = 'extras'").first<{ value: string }>();
    expect(stored!.value).toBe('["wifi","pets"]');
  });
});

describe("number rules at the edge of the digits", () => {
  it("checks a step from a 39-digit min to a 60-digit answer exactly (61 digits apart), never a 500", async () => {
    const nines = "9".repeat(60);
    const { token } = await linkFor([f("big", "number", { min: `-${"9".repeat(39)}`, step: "0.5" })]);
    expect((await answer(token, "big", nines)).status).toBe(200);
    const off = await answer(token, "big", `${"9".repeat(59)}.3`);
    expect(off.status).toBe(422);
    expect(off.json.error.message).toContain("rule step");
  });
});

describe("the signer's page without JavaScript", () => {
  it("renders radio, checkboxes, labels, formula and auto-filled values, and takes the choices from a plain form post", async () => {
    const { id, token } = await linkFor([
      f("size", "radio", { options: ["S", "M", "L"] }),
      f("extras", "checkboxes", { options: ["wifi", "parking", "pets"], min: 1 }),
      f("note", "label", { about: "Please read before answering." }),
      f("qty", "number"),
      f("total", "formula", { formula: "qty * 2.5" }),
      f("who", "signer_name"),
    ]);
    expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
    expect((await answer(token, "qty", "3")).status).toBe(200);
    const html = (await page("GET", `/s/${token}`)).text;
    for (const o of ["S", "M", "L"]) expect(html).toContain(`type="radio" name="field.size" value="${o}"`);
    for (const n of [0, 1, 2]) expect(html).toContain(`name="field.extras.${n}"`);
    expect(html).toContain("Please read before answering.");
    expect(html).not.toContain('name="field.note"');
    expect(html).toMatch(/<output[^>]*data-key="total"[^>]*>7\.50<\/output>/);
    expect(html).toMatch(/<output[^>]*data-key="who"[^>]*>Ada Lovelace<\/output>/);
    expect(html).not.toContain('name="field.total"');

    // Too few boxes ticked: the page comes back with the error beside the field, nothing signed.
    const base = { method: "typed", typed_name: "Ada Lovelace", "field.size": "M", "field.qty": "3", lang: "en" };
    expect((await page("POST", `/s/${token}/sign`, { form: base })).status).toBe(422);
    const done = await page("POST", `/s/${token}/sign`, { form: { ...base, "field.extras.0": "on", "field.extras.2": "on" } });
    expect(done.status, done.text.slice(0, 400)).toBe(303);
    const rows = await env.DB.prepare("SELECT key, value FROM field_values WHERE document_id = ?").bind(id).all<{ key: string; value: string }>();
    expect(Object.fromEntries(rows.results.map((r) => [r.key, r.value]))).toMatchObject({
      size: "M",
      extras: '["wifi","pets"]',
      total: "7.50",
      who: "Ada Lovelace",
    });
  });
});
