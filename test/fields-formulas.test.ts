/**
 * Formula fields: parsed at save into a small tree (errors name the field and the position),
 * evaluated in decimal (0.1 + 0.2 is 0.3), never supplied by a signer, recomputed on every answer,
 * frozen at signing with the auto-filled values; `places` draws one answer at many places.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { placementsFor } from "../src/domain/pdf-completion";
import { evaluate, parseFormula } from "../src/domain/formulas";
import { formatDecimal, parseDecimal } from "../src/lib/decimal";
import type { TemplateField } from "../src/db/schema";

const f = (key: string, kind: string, extra: Record<string, unknown> = {}) => ({ key, label: key, kind, ...extra });
const create = (key: string, fields: unknown[]) =>
  api("POST", "/v1/templates", { key, body: { code: `f-${crypto.randomUUID().slice(0, 8)}`, name: "Lease", kind: "contract", body: "Lease.", fields } });
const answer = (token: string, key: string, value: string) => api("POST", `/v1/sign/${token}/fields`, { body: { key, value } });

const LEASE = [
  f("rent", "number"),
  f("months", "number"),
  f("plan", "radio", { options: ["0.1", "0.2"] }),
  f("deposit", "formula", { formula: "round(rent * 1.5, 0) + plan", decimals: 1 }),
  f("total", "formula", { formula: "sum(rent * months, deposit) - min(rent, 100) / 4" }),
  f("extra", "checkbox", { required: false }),
  f("bonus", "formula", { formula: "max(1, months) * 0.1 + 0.2", show_if: { key: "extra", op: "checked" } }),
  f("signed_on", "date_signed"),
  f("who", "signer_name"),
  f("mail", "signer_email"),
];

describe("formulas at save", () => {
  it("refuses a formula that does not parse with 422 naming fields.<i>.formula and the position", async () => {
    const t = await makeTenant();
    const num = f("a", "number");
    const cases: [unknown[], string][] = [
      [[num, f("x", "formula", { formula: "a +" })], "position 4"],
      [[num, f("x", "formula", { formula: "a * (2" })], "position 7"],
      [[num, f("x", "formula", { formula: "a $ 2" })], "position 3"],
      [[num, f("x", "formula", { formula: "b + 1" })], "position 1"],
      [[f("x", "formula", { formula: "a + 1" }), num], "position 1"],
      [[f("s", "text"), f("x", "formula", { formula: "s * 2" })], "position 1"],
      [[f("c", "select", { options: ["x", "y"] }), f("x", "formula", { formula: "c * 2" })], "position 1"],
      [[num, f("x", "formula", { formula: "round(a)" })], "position 1"],
      [[num, f("x", "formula", { formula: "abs(a, 1)" })], "position 1"],
      [[num, f("x", "formula", { formula: "eval(a)" })], "position 1"],
      [[num, f("x", "formula", { formula: "a + 1", decimals: 7 })], "fields.1.decimals"],
      [[num, f("x", "formula", { formula: `a + ${"9".repeat(61)}` })], "position 5"],
      [[num, f("x", "formula", { formula: "1+".repeat(250) + "1" })], "fields.1.formula"],
    ];
    for (const [fields, says] of cases) {
      const r = await create(t.key, fields);
      expect(r.status, JSON.stringify(fields)).toBe(422);
      expect(r.json.error.message, JSON.stringify(fields)).toContain(fields.length === 2 && says.startsWith("position") ? "fields." : "");
      expect(r.json.error.message, JSON.stringify(fields)).toContain(says);
    }
    expect((await create(t.key, LEASE)).status).toBe(200);
  });

  it("evaluates in decimal, never in floating point", () => {
    const value = (src: string, places = 2, vars: Record<string, string> = {}) =>
      formatDecimal(
        evaluate(parseFormula(src, new Set(Object.keys(vars))), (k) => parseDecimal(vars[k] ?? "")),
        places,
      );
    expect(value("0.1 + 0.2", 1)).toBe("0.3");
    expect(value("0.1 + 0.2", 6)).toBe("0.300000");
    expect(value("a * 3", 2, { a: "1.1" })).toBe("3.30");
    expect(value("1 / 3", 6)).toBe("0.333333");
    expect(value("2 / 3", 2)).toBe("0.67");
    expect(value("-(2.345)", 2)).toBe("-2.35");
    expect(value("round(2.5, 0) + abs(-1) + min(3, 2, 4) + max(1, 7) + sum(1, 2, 3)", 0)).toBe("19");
    expect(value("1 - 2 - 3", 0)).toBe("-4");
    expect(value("2 + 3 * 4", 0)).toBe("14");
  });
});

describe("formulas and auto-filled values in a signing", () => {
  it("the read recomputes on every answer, a signer cannot supply one, and signing freezes them", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      tpl: { fields: LEASE },
      signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }],
      notify: false,
    });
    const token = links[0]!.token;
    const values = async () =>
      Object.fromEntries((await api("GET", `/v1/sign/${token}`)).json.fields.map((x: { key: string; value?: string | null; visible: boolean }) => [x.key, x]));

    let v = await values();
    expect(v.deposit.value).toBe("0.0");
    expect(v.total).toMatchObject({ value: "0.00", formula: "sum(rent * months, deposit) - min(rent, 100) / 4", decimals: 2, required: false });
    expect(v.bonus).toMatchObject({ visible: false, value: null });
    expect(v.who.value).toBe("Ada Lovelace");
    expect(v.mail.value).toBe("ada@example.com");
    expect(v.signed_on.value).toBe(null);

    const refused = await answer(token, "total", "1");
    expect(refused.status).toBe(422);
    expect(refused.json.error.message).toContain('"total"');

    for (const [key, value] of [
      ["rent", "1000.10"],
      ["months", "12"],
      ["plan", "0.2"],
      ["extra", "true"],
    ] as const) {
      expect((await answer(token, key, value)).status, key).toBe(200);
    }
    v = await values();
    // round(1000.10 * 1.5, 0) + 0.2 = 1500 + 0.2
    expect(v.deposit.value).toBe("1500.2");
    // 1000.10 * 12 + 1500.2 - 100 / 4 = 12001.2 + 1500.2 - 25
    expect(v.total.value).toBe("13476.40");
    expect(v.bonus).toMatchObject({ visible: true, value: "1.40" });
    expect((await answer(token, "months", "1")).status).toBe(200);
    expect((await values()).total.value).toBe("2475.30");

    expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
    const s = await api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(s.status, s.text).toBe(200);
    const rows = await env.DB.prepare("SELECT key, value FROM field_values WHERE document_id = ? ORDER BY key").bind(id).all<{ key: string; value: string }>();
    const stored = Object.fromEntries(rows.results.map((r) => [r.key, r.value]));
    const today = new Date().toISOString().slice(0, 10);
    expect(stored).toMatchObject({ deposit: "1500.2", total: "2475.30", bonus: "0.30", who: "Ada Lovelace", mail: "ada@example.com" });
    expect(stored.signed_on).toBe(today);
    v = await values();
    expect(v.total.value).toBe("2475.30");
    expect(v.signed_on.value).toBe(today);
  });

  it("draws formula and auto-filled values and labels where placed, and one answer at each of its places", async () => {
    const box = (page: number, y: number) => ({ page, x: 0.1, y, w: 0.3, h: 0.05 });
    const field = (key: string, kind: string, extra: Partial<TemplateField> = {}): TemplateField => ({
      key,
      label: key,
      kind,
      required: false,
      sensitive: false,
      per_child: false,
      staff_only: false,
      place: null,
      ...extra,
    });
    const fields = [
      field("total", "formula", { formula: "1", place: box(1, 0.1) }),
      field("who", "signer_name", { place: box(1, 0.2) }),
      field("initials", "initials", { places: [box(1, 0.9), box(2, 0.9), box(3, 0.9)] }),
      field("extras", "checkboxes", { options: ["wifi", "pets"], place: box(2, 0.3) }),
      field("terms", "label", { label: "Read the terms", place: box(3, 0.1) }),
    ];
    const values = [
      { signerId: "s1", key: "total", value: "12.50" },
      { signerId: "s1", key: "who", value: "Ada Lovelace" },
      { signerId: "s1", key: "initials", value: "AL" },
      { signerId: "s1", key: "extras", value: '["wifi","pets"]' },
    ];
    const size = { width: 595, height: 842 };
    const out = await placementsFor({ fields, signers: [{ id: "s1" }], values }, [size, size, size]);
    expect(out.map((p) => [p.page, p.text])).toEqual([
      [1, "12.50"],
      [1, "Ada Lovelace"],
      [1, "AL"],
      [2, "AL"],
      [3, "AL"],
      [2, "wifi, pets"],
      [3, "Read the terms"],
    ]);
  });
});
