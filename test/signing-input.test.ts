import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";

const FIELDS = [{ key: "note", label: "Note", kind: "textarea", required: false }];
const LONE = "Ada \ud800 Lovelace";

/** JSON.stringify writes a lone surrogate as the escape `\ud800`, as a client would send it. */
const raw = (o: unknown) => JSON.stringify(o);

describe("/v1/sign/{token}/…: every input string is well-formed text", () => {
  it("refuses a lone surrogate in a field value, its about, a typed signature, a decline reason and captured details (422 naming the field), changing nothing", async () => {
    const t = await makeTenant();
    // notify: false: a link's delivery would add its own `delivered` event while the trail is counted.
    const { id, links } = await sentDocument(t.key, { tpl: { fields: FIELDS }, notify: false });
    const token = links[0]!.token;
    const before = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json.events.length;
    const cases: [string, unknown, RegExp][] = [
      [`/v1/sign/${token}/fields`, { key: "note", value: LONE }, /^value: .*well-formed/],
      [`/v1/sign/${token}/fields`, { key: "note", value: "ok", about: LONE }, /^about: .*well-formed/],
      [`/v1/sign/${token}/consent`, { captured: { at: new Date().toISOString(), device: LONE } }, /^captured\.device: .*well-formed/],
      [`/v1/sign/${token}`, { method: "typed", value: LONE }, /^value: .*well-formed/],
      [`/v1/sign/${token}/decline`, { reason: LONE }, /^reason: .*well-formed/],
    ];
    for (const [path, body, message] of cases) {
      const r = await api("POST", path, { body: raw(body) });
      expect(r.status, `${path} ${r.text}`).toBe(422);
      expect(r.json.error.code).toBe("invalid");
      expect(r.json.error.message).toMatch(message);
    }
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.status).toBe("sent");
    expect(d.events.length).toBe(before);
    // Well-formed text, astral characters included, is accepted.
    expect((await api("POST", `/v1/sign/${token}/fields`, { body: { key: "note", value: "Ada 𝔄 Lovelace", about: "✍️" } })).status).toBe(200);
  });
});

describe("SignCommand: one command discriminated by its method", () => {
  it("accepts exactly what the published sign body accepts, and says which kind of value each method carries", async () => {
    const { SignBody, SignCommand, SubmitCommand } = await import("../src/domain/signer-commands");
    const at = new Date().toISOString();
    const inputs: unknown[] = [
      { method: "typed", value: "Ana Ruiz" },
      { method: "clicked", value: "Ana Ruiz", captured: { at } },
      { method: "drawn", value: "data:image/png;base64,AAAA" },
      { method: "uploaded", value: "data:image/jpeg;base64,AAAA" },
      { method: "stamped", value: "Ana Ruiz" },
      { method: "typed", value: "" },
      { method: "drawn", value: "x", extra: true },
      { value: "Ana Ruiz" },
      { method: "typed", value: "Ada \ud800" },
    ];
    for (const input of inputs) expect(SignCommand.safeParse(input).success, JSON.stringify(input)).toBe(SignBody.safeParse(input).success);
    const named = SignCommand.parse({ method: "clicked", value: "Ana Ruiz" });
    const picture = SignCommand.parse({ method: "uploaded", value: "data:image/png;base64,AAAA" });
    expect([named.method, picture.method]).toEqual(["clicked", "uploaded"]);
    // The signer's page sends the same command inside its submit.
    expect(SubmitCommand.safeParse({ answers: {}, signature: { method: "stamped", value: "x" } }).success).toBe(false);
    expect(SubmitCommand.safeParse({ answers: {}, signature: { method: "drawn", value: "data:image/png;base64,AAAA" } }).success).toBe(true);
  });
});
