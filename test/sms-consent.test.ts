import { env } from "cloudflare:workers";
import { dbOf } from "../src/db/client";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops, phoneRange } from "./helpers";
import { FALLBACK_COUNTRY, missingDisclosures, textPermission } from "../src/domain/sms-consent";
import { phoneNumbers } from "../src/lib/phone-numbers";
import { markRevoked, markSuppressed } from "../src/db/sms";

const WORDING = "Acme will text you signing links. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to cancel.";
const record = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api("POST", "/v1/sms-consents", { key, body: { obtained_via: "web form at acme.test/join", wording: WORDING, ...body }, headers });
const query = (key: string, phone: string) => api("GET", `/v1/sms-consents?phone=${encodeURIComponent(phone)}`, { key });
const uniquePhone = phoneRange(1000, 4000);
const consentCount = async (tenantId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sms_consents WHERE tenant_id = ?").bind(tenantId).first<{ n: number }>())!.n;

describe("POST /v1/sms-consents", () => {
  it("records consent for the three purposes, normalising the number to E.164", async () => {
    const t = await makeTenant();
    const r = await record(t.key, { phone: "(415) 555-0134" });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ phone: "+14155550134", purposes: ["signing.link", "signing.reminder", "signing.completed"] });
    const q = await query(t.key, "+1 415-555-0134");
    expect(q.status).toBe(200);
    expect(q.json).toMatchObject({ phone: "+14155550134", may_text: true, why_not: null, obtained_via: "web form at acme.test/join" });
    expect(Date.parse(q.json.obtained_at)).toBeGreaterThan(0);
    const row = await env.DB.prepare("SELECT phone_as_given, wording FROM sms_consents WHERE tenant_id = ?")
      .bind(t.tenantId)
      .first<{ phone_as_given: string; wording: string }>();
    expect(row).toEqual({ phone_as_given: "(415) 555-0134", wording: WORDING });
  });

  it("refuses a wording missing disclosures with 422 naming each one, recording nothing", async () => {
    const t = await makeTenant();
    const r = await record(t.key, { phone: uniquePhone(), wording: "Acme will text you signing links whenever it wants to." });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    for (const name of ["STOP", "HELP", "message and data rates", "frequency"]) expect(r.json.error.message).toContain(name);
    const one = await record(t.key, {
      phone: uniquePhone(),
      wording: "Acme texts links. Msg frequency varies. Message and data rates may apply. Reply STOP to end.",
    });
    expect(one.status).toBe(422);
    expect(one.json.error.message).toContain("HELP");
    expect(one.json.error.message).not.toContain("STOP");
    expect(await consentCount(t.tenantId)).toBe(0);
  });

  it("recognises each disclosure case-insensitively, frequency as varies or a number per period", () => {
    expect(missingDisclosures(WORDING)).toEqual([]);
    expect(missingDisclosures("reply stop to opt out, help for help. message and data rates may apply. 4 msgs/month")).toEqual([]);
    expect(missingDisclosures("Reply STOP to opt out, HELP for help. Msg&data rates may apply. Up to 3 messages per week.")).toEqual([]);
    expect(missingDisclosures("Reply STOP to opt out, HELP for help. Msg & data rates may apply.")).toEqual([
      "message frequency (varies, or a number per period)",
    ]);
    expect(missingDisclosures("Reply STOP to opt out, HELP for help. Frequency varies.")).toEqual(["message and data rates may apply"]);
    expect(missingDisclosures("Reply STOPPING to opt out, HELPFUL. Msg & data rates. Varies.")).toEqual(["replying STOP opts out", "HELP gets help"]);
  });

  it("accepts no other property (no purposes), and checks lengths", async () => {
    const t = await makeTenant();
    const other = await record(t.key, { phone: uniquePhone(), purposes: ["marketing"] });
    expect(other.status).toBe(422);
    expect(other.json.error.message).toContain("purposes");
    expect((await record(t.key, { phone: "12345" })).status).toBe(422);
    expect((await record(t.key, { phone: uniquePhone(), obtained_via: "x" })).status).toBe(422);
    expect((await record(t.key, { phone: uniquePhone(), wording: "STOP HELP" })).status).toBe(422);
    const notNumber = await record(t.key, { phone: "+1 000 000 0000" });
    expect(notNumber.status).toBe(422);
    expect(notNumber.json.error.message).toMatch(/^phone: not a valid phone number/);
    expect(await consentCount(t.tenantId)).toBe(0);
  });

  it("reads a number without a country code in the account's default country, else US", async () => {
    const t = await makeTenant();
    expect((await record(t.key, { phone: "415 555 0199" })).json.phone).toBe("+14155550199");
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { default_country: "gb" })).status).toBe(200);
    expect((await record(t.key, { phone: "020 7946 0958" })).json.phone).toBe("+442079460958");
    expect((await query(t.key, "020 7946 0958")).json).toMatchObject({ phone: "+442079460958", may_text: true });
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { default_country: "XX" })).status).toBe(422);
  });

  it("refuses to re-consent a number that replied STOP, saying it opted out", async () => {
    const t = await makeTenant();
    const phone = uniquePhone();
    expect((await record(t.key, { phone })).status).toBe(200);
    await markRevoked(dbOf(env), phone, new Date().toISOString(), "STOP", "+15005550006").run();
    const again = await record(t.key, { phone });
    expect(again.status).toBe(422);
    expect(again.json.error.message).toContain("opted out");
    expect(await consentCount(t.tenantId)).toBe(1);
    expect((await query(t.key, phone)).json).toMatchObject({ may_text: false, why_not: "revoked" });
  });

  it("replays with the same Idempotency-Key (sms_consents.record) and refuses another body under it", async () => {
    const t = await makeTenant();
    const phone = uniquePhone();
    const h = { "Idempotency-Key": "consent-key-0001" };
    const a = await record(t.key, { phone }, h);
    const b = await record(t.key, { phone }, h);
    expect(b.status).toBe(200);
    expect(b.headers.get("Idempotency-Replayed")).toBe("true");
    expect(b.json).toEqual(a.json);
    expect(await consentCount(t.tenantId)).toBe(1);
    expect((await record(t.key, { phone: uniquePhone() }, h)).status).toBe(409);
  });

  it("needs signing:write", async () => {
    const t = await makeTenant({ scopes: ["signing:read"] });
    expect((await record(t.key, { phone: uniquePhone() })).status).toBe(403);
    expect((await api("POST", "/v1/sms-consents", { body: {} })).status).toBe(401);
  });
});

describe("GET /v1/sms-consents", () => {
  it("answers no_consent for a number never recorded, and is per account", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const phone = uniquePhone();
    await record(a.key, { phone });
    expect((await query(b.key, phone)).json).toEqual({ phone, may_text: false, why_not: "no_consent", obtained_via: null, obtained_at: null });
  });

  it("answers suppressed for a number the carrier reported, over a live consent", async () => {
    const t = await makeTenant();
    const phone = uniquePhone();
    await record(t.key, { phone });
    await markSuppressed(dbOf(env), phone, new Date().toISOString(), "30006").run();
    expect((await query(t.key, phone)).json).toMatchObject({ may_text: false, why_not: "suppressed", obtained_via: "web form at acme.test/join" });
  });

  it("answers for one number only: phone is required, given once, and nothing lists", async () => {
    const t = await makeTenant();
    expect((await api("GET", "/v1/sms-consents", { key: t.key })).status).toBe(422);
    const two = await api("GET", "/v1/sms-consents?phone=%2B14155550100&phone=%2B14155550101", { key: t.key });
    expect(two.status).toBe(422);
    expect(two.json.error.message).toMatch(/^phone: /);
    expect((await query(t.key, "not a phone")).status).toBe(422);
  });

  it("needs signing:read", async () => {
    const t = await makeTenant({ scopes: ["signing:write"] });
    expect((await query(t.key, uniquePhone())).status).toBe(403);
  });
});

describe("textPermission", () => {
  it("is may_text true with live consent only", async () => {
    const t = await makeTenant();
    const phone = uniquePhone();
    expect(await textPermission(env, t.tenantId, phone)).toEqual({ may_text: false, why_not: "no_consent" });
    await record(t.key, { phone });
    expect(await textPermission(env, t.tenantId, phone)).toEqual({ may_text: true, why_not: null });
    await markRevoked(dbOf(env), phone, new Date().toISOString(), "STOP", null).run();
    expect(await textPermission(env, t.tenantId, phone)).toEqual({ may_text: false, why_not: "revoked" });
  });

  it("normalises differently written forms to the same number", async () => {
    const { toE164 } = await phoneNumbers(env.ASSETS);
    expect(toE164("+1 (415) 555-0123", FALLBACK_COUNTRY)).toBe("+14155550123");
    expect(toE164("415.555.0123", FALLBACK_COUNTRY)).toBe("+14155550123");
    expect(toE164("1-415-555-0123", FALLBACK_COUNTRY)).toBe("+14155550123");
    expect(toE164("+44 20 7946 0958", FALLBACK_COUNTRY)).toBe("+442079460958");
    expect(toE164("555", FALLBACK_COUNTRY)).toBeNull();
    // Without a country, a number must carry its country code (signers' phones).
    expect(toE164("415.555.0123")).toBeNull();
    expect(toE164("+1 415.555.0123")).toBe("+14155550123");
  });
});
