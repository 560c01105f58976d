/**
 * Conditions (`show_if`, `required_if`): checked at save, evaluated by one function for the read
 * (`visible`, `required`), the answer check and the signature; an answer to a hidden field is
 * refused naming the field and its condition; an answer that becomes hidden is dropped at signing
 * and the trail says so (`field cleared`).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { page, select } from "./pages-helpers";
import { fieldStates } from "../src/domain/field-logic";

const f = (key: string, kind: string, extra: Record<string, unknown> = {}) => ({ key, label: key, kind, ...extra });
const create = (key: string, fields: unknown[]) =>
  api("POST", "/v1/templates", { key, body: { code: `c-${crypto.randomUUID().slice(0, 8)}`, name: "Waiver", kind: "contract", body: "Waiver.", fields } });

const WAIVER = [
  f("medical", "checkbox", { required: false }),
  f("which", "text", { show_if: { key: "medical", op: "checked" } }),
  f("level", "select", { options: ["beginner", "expert"] }),
  f("guide", "text", { required: false, required_if: { key: "level", op: "equals", value: "beginner" } }),
  f("gear", "checkboxes", { options: ["helmet", "rope"], required: false }),
  f("rope_len", "number", {
    required: false,
    show_if: { all: [{ key: "gear", op: "equals", value: "rope" }, { any: [{ key: "level", op: "in", value: ["expert"] }] }] },
  }),
];

async function waiverLink() {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, {
    tpl: { fields: WAIVER },
    signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }],
    notify: false,
  });
  return { t, id, token: links[0]!.token };
}
const answer = (token: string, key: string, value: string) => api("POST", `/v1/sign/${token}/fields`, { body: { key, value } });
const readFields = async (token: string) =>
  Object.fromEntries((await api("GET", `/v1/sign/${token}`)).json.fields.map((x: { key: string; visible: boolean; required: boolean }) => [x.key, x]));

describe("conditions at save", () => {
  it("refuses ill-formed conditions with 422 naming fields.<i>.show_if / required_if", async () => {
    const t = await makeTenant();
    const a = f("a", "checkbox");
    const cases: [unknown[], string][] = [
      [[a, f("b", "text", { show_if: { key: "zzz", op: "checked" } })], "fields.1.show_if"],
      [[f("b", "text", { show_if: { key: "a", op: "checked" } }), a], "fields.0.show_if"],
      [[a, f("b", "text", { show_if: { key: "b", op: "filled" } })], "fields.1.show_if"],
      [[a, f("b", "text", { show_if: { key: "a", op: "bigger" } })], "fields.1.show_if"],
      [[a, f("b", "text", { show_if: { key: "a", op: "in", value: "true" } })], "fields.1.show_if"],
      [[a, f("b", "text", { show_if: { key: "a", op: "equals" } })], "fields.1.show_if"],
      [[a, f("b", "text", { show_if: { key: "a", op: "filled", value: "x" } })], "fields.1.show_if"],
      [[f("s", "text"), f("b", "text", { required_if: { key: "s", op: "checked" } })], "fields.1.required_if"],
      [[a, f("b", "text", { show_if: { all: Array.from({ length: 11 }, () => ({ key: "a", op: "checked" })) } })], "fields.1.show_if"],
      [[a, f("b", "text", { show_if: { all: [{ any: [{ all: [{ key: "a", op: "checked" }] }] }] } })], "fields.1.show_if"],
      [[a, f("b", "text", { show_if: { all: [] } })], "fields.1.show_if"],
      [[a, f("l", "label", { required_if: { key: "a", op: "checked" } })], "fields.1.required_if"],
    ];
    for (const [fields, says] of cases) {
      const r = await create(t.key, fields);
      expect(r.status, JSON.stringify(fields)).toBe(422);
      expect(r.json.error.message, JSON.stringify(fields)).toContain(says);
    }
    expect((await create(t.key, WAIVER)).status).toBe(200);
  });
});

describe("one evaluation for the read, the answers and the signature", () => {
  it("the read says visible and required now; an answer to a hidden field is 422 naming the field and its condition", async () => {
    const { token } = await waiverLink();
    let fields = await readFields(token);
    expect(fields.which).toMatchObject({ visible: false, required: false, show_if: { key: "medical", op: "checked" } });
    expect(fields.guide).toMatchObject({ visible: true, required: false });
    expect(fields.rope_len.visible).toBe(false);

    const hidden = await answer(token, "which", "asthma");
    expect(hidden.status).toBe(422);
    expect(hidden.json.error.message).toContain('"which"');
    expect(hidden.json.error.message).toContain('show_if {"key":"medical","op":"checked"}');

    expect((await answer(token, "medical", "true")).status).toBe(200);
    expect((await answer(token, "level", "beginner")).status).toBe(200);
    expect((await answer(token, "gear", '["rope"]')).status).toBe(200);
    fields = await readFields(token);
    expect(fields.which).toMatchObject({ visible: true, required: true });
    expect(fields.guide).toMatchObject({ visible: true, required: true });
    expect(fields.rope_len.visible).toBe(false); // rope, but not an expert
    expect((await answer(token, "rope_len", "30")).status).toBe(422);
    expect((await answer(token, "level", "expert")).status).toBe(200);
    expect((await readFields(token)).rope_len.visible).toBe(true);
    expect((await answer(token, "rope_len", "30")).status).toBe(200);

    // Signing needs the shown required field; required_if no longer holds for guide.
    expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
    const early = await api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(early.status).toBe(422);
    expect(early.json.error.message).toContain("which");
    expect(early.json.error.message).not.toContain("guide");
  });

  it("an answer that becomes hidden is dropped at signing and the trail says field cleared", async () => {
    const { t, id, token } = await waiverLink();
    expect((await answer(token, "medical", "true")).status).toBe(200);
    expect((await answer(token, "which", "asthma")).status).toBe(200);
    expect((await answer(token, "level", "expert")).status).toBe(200);
    expect((await answer(token, "medical", "false")).status).toBe(200);
    expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
    const s = await api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(s.status, s.text).toBe(200);
    const which = await env.DB.prepare("SELECT COUNT(*) AS n FROM field_values WHERE document_id = ? AND key = 'which'").bind(id).first<{ n: number }>();
    expect(which!.n).toBe(0);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    const signed = doc.json.events.find((e: { kind: string }) => e.kind === "signed");
    expect(JSON.stringify(signed)).toContain("field cleared: which");
  });

  it("the page shows only visible fields (a hidden one sits in a hidden, disabled box) and a submit without JavaScript re-renders with the newly shown ones", async () => {
    const { token } = await waiverLink();
    expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
    const first = (await page("GET", `/s/${token}`)).text;
    expect(first).toContain('name="field.medical"');
    // Neither shown, posted nor checked by the browser: hidden and disabled.
    const whichBox = async (html: string) => (await select(html, 'fieldset[data-field="which"]'))[0]!.attrs;
    expect(await whichBox(first)).toMatchObject({ hidden: "", disabled: "" });
    const form = { method: "typed", typed_name: "Ada Lovelace", "field.medical": "true", "field.level": "expert", lang: "en" };
    const again = await page("POST", `/s/${token}/sign`, { form });
    expect(again.status).toBe(422);
    expect(again.text).toContain('name="field.which"');
    expect(await whichBox(again.text)).not.toHaveProperty("hidden");
    expect(await whichBox(again.text)).not.toHaveProperty("disabled");
    const done = await page("POST", `/s/${token}/sign`, { form: { ...form, "field.which": "asthma" } });
    expect(done.status, done.text.slice(0, 400)).toBe(303);
  });
});

describe("the page without JavaScript", () => {
  it("a post that hides a field (its box unticked) drops that field's answer and signs", async () => {
    const { id, token } = await waiverLink();
    expect((await answer(token, "medical", "true")).status).toBe(200);
    expect((await answer(token, "which", "asthma")).status).toBe(200);
    expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
    expect((await page("GET", `/s/${token}`)).text).toContain('name="field.which"');
    const form = { method: "typed", typed_name: "Ada Lovelace", "field.which": "asthma", "field.level": "expert", lang: "en" };
    const done = await page("POST", `/s/${token}/sign`, { form });
    expect(done.status, done.text.slice(0, 400)).toBe(303);
    const which = await env.DB.prepare("SELECT COUNT(*) AS n FROM field_values WHERE document_id = ? AND key = 'which'").bind(id).first<{ n: number }>();
    expect(which!.n).toBe(0);
  });
});

describe("fieldStates", () => {
  it("reads a hidden field's answer as unanswered in later conditions (a chain hides together)", () => {
    const fields = [
      { key: "a", kind: "checkbox", required: false },
      { key: "b", kind: "text", required: true, show_if: { key: "a", op: "checked" as const } },
      { key: "c", kind: "text", required: true, show_if: { key: "b", op: "filled" as const } },
    ];
    const shown = fieldStates(
      fields,
      new Map([
        ["a", "true"],
        ["b", "x"],
      ]),
    );
    expect(shown.get("c")).toEqual({ visible: true, required: true });
    const hidden = fieldStates(
      fields,
      new Map([
        ["a", "false"],
        ["b", "x"],
      ]),
    );
    expect(hidden.get("b")).toEqual({ visible: false, required: false });
    expect(hidden.get("c")).toEqual({ visible: false, required: false });
  });
});
