import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { TemplateField } from "../src/db/schema";
import { validateFieldValue } from "../src/domain/field-values";
import { type PhoneNumbers, phoneNumbers } from "../src/lib/phone-numbers";
import { makeTenant } from "./helpers";
import { sentDocument } from "./signing-helpers";

const field = (kind: string, over: Partial<TemplateField> = {}): TemplateField => ({
  key: "k",
  label: "K",
  kind,
  required: true,
  sensitive: false,
  per_child: false,
  staff_only: false,
  ...over,
});

describe("validateFieldValue (domain)", () => {
  let phones: PhoneNumbers;
  beforeAll(async () => {
    phones = await phoneNumbers(env.ASSETS);
  });

  it("reads a phone answer only with the phone rules its caller asked for", () => {
    expect(() => validateFieldValue(field("phone"), "+44 20 7946 0958")).toThrow(/without the phone rules/);
  });

  it.each([
    ["text", " hello ", "hello"],
    ["textarea", "line 1\nline 2", "line 1\nline 2"],
    ["email", "a@b.co", "a@b.co"],
    ["phone", "+44 20 7946 0958", "+442079460958"],
    ["number", "-12.5", "-12.5"],
    ["date", "2024-02-29", "2024-02-29"],
    ["checkbox", "true", "true"],
    ["initials", "AL", "AL"],
    ["text", "", ""],
  ])("accepts %s %j", (kind, raw, out) => {
    expect(validateFieldValue(field(kind), raw, phones)).toBe(out);
  });

  it.each([
    ["text", "two\nlines"],
    ["email", "a@b"],
    ["phone", "12345"],
    ["number", "1e5"],
    ["date", "2023-02-29"],
    ["date", "29/02/2024"],
    ["checkbox", "on"],
    ["initials", "ABCDEFGHIJK"],
  ])("refuses %s %j", (kind, raw) => {
    expect(() => validateFieldValue(field(kind), raw, phones)).toThrow(/value:/);
  });

  it("checks an email answer in linear time: the length first, then a pattern that cannot backtrack", () => {
    const hostile = `a@${".".repeat(19_997)}@`;
    const started = performance.now();
    for (let i = 0; i < 20; i++) expect(() => validateFieldValue(field("email"), hostile)).toThrow(/not an email address/);
    // Just under the length limit the pattern itself must stay fast too.
    const near = `a@${".".repeat(250)}@`;
    for (let i = 0; i < 20; i++) expect(() => validateFieldValue(field("email"), near)).toThrow(/not an email address/);
    expect(performance.now() - started).toBeLessThan(50);
    expect(() => validateFieldValue(field("email"), `${"a".repeat(245)}@example.com`)).toThrow(/not an email address/);
    expect(validateFieldValue(field("email"), `${"a".repeat(242)}@example.com`)).toHaveLength(254);
    for (const ok of ["a@b.co", "first.last+tag@sub.example.org", "a@b..c"]) expect(validateFieldValue(field("email"), ok)).toBe(ok);
    for (const bad of ["a@b", "a@.b", "a@b.", "a@@b.co", "a b@c.de", "@b.co"]) expect(() => validateFieldValue(field("email"), bad)).toThrow(/value:/);
  });

  it("accepts only listed options of a select", () => {
    expect(validateFieldValue(field("select", { options: ["a", "b"] }), "b")).toBe("b");
    expect(() => validateFieldValue(field("select", { options: ["a", "b"] }), "c")).toThrow(/one of: a, b/);
  });
});

describe("the trail is append-only", () => {
  it("the database refuses to update or delete an event", async () => {
    const t = await makeTenant();
    const { id } = await sentDocument(t.key);
    await expect(env.DB.prepare("UPDATE events SET detail = 'x' WHERE document_id = ?").bind(id).run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM events WHERE document_id = ?").bind(id).run()).rejects.toThrow(/append-only/);
  });
});
