/**
 * The signer's page live: `POST {base}/state` answers every field's state for the form as it
 * stands (the one evaluation, field-logic.ts) and stores nothing; the page draws every field, a
 * hidden one in a hidden, disabled box the page's script opens.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { page, select } from "./pages-helpers";

const f = (key: string, kind: string, extra: Record<string, unknown> = {}) => ({ key, label: key, kind, ...extra });

const FIELDS = [
  f("has_condition", "checkbox", { required: false }),
  f("which_condition", "text", { required: true, show_if: { key: "has_condition", op: "checked" } }),
  f("qty", "number", { required: true }),
  f("price", "number", { required: true }),
  f("total", "formula", { formula: "qty * price" }),
  f("size", "radio", { options: ["S", "M"], required: false, required_if: { key: "has_condition", op: "checked" } }),
  f("note", "text", { required: false }),
];

async function link() {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, {
    tpl: { fields: FIELDS },
    signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }],
    notify: false,
  });
  const token = links[0]!.token;
  expect((await api("POST", `/v1/sign/${token}/consent`, { body: {} })).status).toBe(200);
  return { id, token };
}

const stateOf = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) => page("POST", path, { form, headers });
const json = (r: { text: string }) => JSON.parse(r.text);
const storedCount = async (id: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM field_values WHERE document_id = ?").bind(id).first<{ n: number }>())!.n;

describe("POST /s/{token}/state", () => {
  it("answers visible, required and formula values for the posted form, and stores nothing", async () => {
    const { id, token } = await link();
    const before = (await api("GET", `/v1/sign/${token}`)).json;

    const ticked = await stateOf(`/s/${token}/state`, { lang: "en", "field.has_condition": "true", "field.qty": "3", "field.price": "19.99" });
    expect(ticked.status, ticked.text).toBe(200);
    expect(ticked.headers.get("content-type")).toContain("application/json");
    expect(ticked.headers.get("cache-control")).toBe("no-store");
    const on = json(ticked).fields;
    expect(on.which_condition).toEqual({ visible: true, required: true });
    expect(on.total).toEqual({ visible: true, required: false, value: "59.97" });
    expect(on.size).toEqual({ visible: true, required: true });
    expect(on.note).toEqual({ visible: true, required: false });
    expect(on.qty).toEqual({ visible: true, required: true });

    // Unticked (an unticked box posts nothing): the field is hidden and never required.
    const off = json(await stateOf(`/s/${token}/state`, { lang: "en", "field.qty": "0.1", "field.price": "3" })).fields;
    expect(off.which_condition).toEqual({ visible: false, required: false });
    expect(off.size).toEqual({ visible: true, required: false });
    expect(off.total.value).toBe("0.30");
    // A half-typed number is no answer: the formula reads it as unanswered.
    const half = json(await stateOf(`/s/${token}/state`, { lang: "en", "field.qty": "3.", "field.price": "2" })).fields;
    expect(half.total.visible).toBe(true);
    expect(half.total.value).not.toBe("6.00");

    expect(await storedCount(id)).toBe(0);
    const after = (await api("GET", `/v1/sign/${token}`)).json;
    expect(after.fields).toEqual(before.fields);
    expect(after.signer_status).toBe("pending");
  });

  it("refuses a dead link (404 in the error envelope) and another site's post", async () => {
    const dead = await stateOf(`/s/${"0".repeat(64)}/state`, { lang: "en", "field.qty": "1" });
    expect(dead.status).toBe(404);
    expect(json(dead).error.code).toBe("not_found");
    const { id, token } = await link();
    const cross = await stateOf(`/s/${token}/state`, { lang: "en", "field.has_condition": "true" }, { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(await storedCount(id)).toBe(0);
  });

  it("works on the kiosk's face too (/t/sign/state, the link held in the tablet's cookie)", async () => {
    const { id, token } = await link();
    const r = await stateOf(
      "/t/sign/state",
      { lang: "en", "field.has_condition": "true", "field.qty": "2", "field.price": "0.5" },
      { cookie: `kiosk_signer=${token}` },
    );
    expect(r.status, r.text).toBe(200);
    const fields = json(r).fields;
    expect(fields.which_condition).toEqual({ visible: true, required: true });
    expect(fields.total.value).toBe("1.00");
    expect(await storedCount(id)).toBe(0);
  });
});

describe("the page draws every field", () => {
  it("puts a hidden field in a hidden, disabled box, marks the fields others read, and names the state route", async () => {
    const { token } = await link();
    const html = (await page("GET", `/s/${token}`)).text;
    expect((await select(html, "#sign-form"))[0]!.attrs["data-state"]).toBe(`/s/${token}/state`);
    const boxes = Object.fromEntries((await select(html, "fieldset[data-field]")).map((b) => [b.attrs["data-field"], b.attrs]));
    expect(boxes.which_condition).toMatchObject({ hidden: "", disabled: "" });
    expect(boxes.qty).not.toHaveProperty("hidden");
    expect(boxes.qty).not.toHaveProperty("disabled");
    for (const key of ["has_condition", "qty", "price"]) expect(boxes[key], key).toHaveProperty("data-live");
    for (const key of ["which_condition", "note", "total"]) expect(boxes[key], key).not.toHaveProperty("data-live");
    expect(await select(html, 'fieldset[data-field="which_condition"] input[name="field.which_condition"]')).toHaveLength(1);
  });

  it("without JavaScript a submit re-renders as the posted answers have it: the shown field required, the total computed", async () => {
    const { id, token } = await link();
    const form = {
      lang: "en",
      method: "typed",
      typed_name: "Ada Lovelace",
      "field.has_condition": "true",
      "field.qty": "3",
      "field.price": "19.99",
      "field.size": "M",
    };
    const again = await page("POST", `/s/${token}/sign`, { form });
    expect(again.status).toBe(422);
    const box = (await select(again.text, 'fieldset[data-field="which_condition"]'))[0]!;
    expect(box.attrs).not.toHaveProperty("hidden");
    expect(box.text).toContain("(required)");
    expect((await select(again.text, 'output[data-key="total"]'))[0]!.text).toBe("59.97");
    expect(await storedCount(id)).toBe(0);
  });
});
