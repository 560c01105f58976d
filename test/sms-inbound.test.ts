import { env, exports } from "cloudflare:workers";
import { dbOf } from "../src/db/client";
import { describe, expect, it } from "vitest";
import { app } from "../src/app";
import { BASE, api, makeTenant, phoneRange } from "./helpers";
import { twilioSignature } from "../src/domain/sms-inbound";
import { numberEvents } from "../src/db/sms";

const AUTH_TOKEN = "twilio-test-auth-token-0123456789";
const SENDER = "+15005550006";
/** The Worker's env with a Twilio auth token (a new object, so the configuration is checked afresh). */
const twilioEnv = { ...env, TWILIO_AUTH_TOKEN: AUTH_TOKEN } as typeof env;
const WORDING = "Acme texts signing links. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to cancel.";

const uniquePhone = phoneRange(5000, 4000);

/** A form POST to a hook, signed as Twilio signs it (over PUBLIC_BASE_URL + path) unless `signature` says otherwise. */
async function hook(path: string, fields: Record<string, string>, opts: { signature?: string | null; token?: string; host?: string } = {}) {
  const params = Object.entries(fields);
  const signature = opts.signature === undefined ? await twilioSignature(opts.token ?? AUTH_TOKEN, `${BASE}${path}`, params) : opts.signature;
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (signature !== null) headers["x-twilio-signature"] = signature;
  const res = await app.request(`${opts.host ?? BASE}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() }, twilioEnv);
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}
const reply = (from: string, body: string, extra: Record<string, string> = {}) =>
  hook("/hooks/sms/twilio", { MessageSid: `SM${crypto.randomUUID().replace(/-/g, "")}`, From: from, To: SENDER, Body: body, ...extra });
const query = (key: string, phone: string) => api("GET", `/v1/sms-consents?phone=${encodeURIComponent(phone)}`, { key });
const consentTo = (key: string, phone: string) => api("POST", "/v1/sms-consents", { key, body: { phone, obtained_via: "paper form", wording: WORDING } });

describe("POST /hooks/sms/twilio", () => {
  it("revokes a number that replies a STOP word, for every account, and the API cannot re-consent it", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const phone = uniquePhone();
    await consentTo(a.key, phone);
    await consentTo(b.key, phone);
    const r = await reply(phone, "  Stop. ");
    expect(r.status).toBe(200);
    expect(r.type).toContain("text/xml");
    expect(r.text).toContain("<Response></Response>");
    for (const t of [a, b]) expect((await query(t.key, phone)).json).toMatchObject({ may_text: false, why_not: "revoked" });
    const again = await consentTo(a.key, phone);
    expect(again.status).toBe(422);
    expect(again.json.error.message).toContain("opted out");
    const events = await numberEvents(dbOf(env), phone);
    expect(events.map((e) => [e.kind, e.detail, e.sender])).toEqual([["revoked", "STOP", SENDER]]);
  });

  it("knows every STOP word", async () => {
    const t = await makeTenant();
    for (const word of ["STOPALL", "unsubscribe", "Cancel", "END", "quit"]) {
      const phone = uniquePhone();
      await consentTo(t.key, phone);
      expect((await reply(phone, word)).status).toBe(200);
      expect((await query(t.key, phone)).json.why_not, word).toBe("revoked");
    }
  });

  it("START or UNSTOP from the number lifts the revocation (recorded)", async () => {
    const t = await makeTenant();
    const phone = uniquePhone();
    await consentTo(t.key, phone);
    await reply(phone, "STOP");
    expect((await reply(phone, "unstop")).status).toBe(200);
    expect((await query(t.key, phone)).json).toMatchObject({ may_text: true, why_not: null });
    await reply(phone, "QUIT");
    await reply(phone, "START");
    expect((await query(t.key, phone)).json.may_text).toBe(true);
    expect((await numberEvents(dbOf(env), phone)).map((e) => e.kind)).toEqual(["revoked", "lifted", "revoked", "lifted"]);
  });

  it("answers HELP and INFO with the help text, and ignores other replies", async () => {
    const phone = uniquePhone();
    for (const word of ["HELP", "info"]) {
      const r = await reply(phone, word);
      expect(r.status).toBe(200);
      expect(r.text).toMatch(/<Response><Message>.*STOP.*<\/Message><\/Response>/);
    }
    const other = await reply(phone, "please stop texting me about the lease");
    expect(other.text).toContain("<Response></Response>");
    expect((await numberEvents(dbOf(env), phone)).map((e) => e.kind)).toEqual(["help", "help"]);
  });

  it("refuses (403) unsigned, wrongly signed, or signed-for-another-URL requests and records nothing", async () => {
    const t = await makeTenant();
    const phone = uniquePhone();
    await consentTo(t.key, phone);
    const fields = { From: phone, To: SENDER, Body: "STOP" };
    expect((await hook("/hooks/sms/twilio", fields, { signature: null })).status).toBe(403);
    expect((await hook("/hooks/sms/twilio", fields, { signature: "bm90IGEgc2lnbmF0dXJl" })).status).toBe(403);
    expect((await hook("/hooks/sms/twilio", fields, { token: "another-accounts-token-000000" })).status).toBe(403);
    // Signed for the URL it arrived at, not the public one: refused.
    const params = Object.entries(fields);
    const local = await twilioSignature(AUTH_TOKEN, "http://attacker.test/hooks/sms/twilio", params);
    expect((await hook("/hooks/sms/twilio", fields, { signature: local, host: "http://attacker.test" })).status).toBe(403);
    // A body changed after signing.
    const sig = await twilioSignature(AUTH_TOKEN, `${BASE}/hooks/sms/twilio`, Object.entries({ ...fields, Body: "HELLO" }));
    expect((await hook("/hooks/sms/twilio", fields, { signature: sig })).status).toBe(403);
    expect((await query(t.key, phone)).json.may_text).toBe(true);
    expect(await numberEvents(dbOf(env), phone)).toEqual([]);
  });

  it("is 403 when no Twilio auth token is configured", async () => {
    const params = { From: uniquePhone(), To: SENDER, Body: "STOP" };
    const sig = await twilioSignature(AUTH_TOKEN, `${BASE}/hooks/sms/twilio`, Object.entries(params));
    const res = await exports.default.fetch(`${BASE}/hooks/sms/twilio`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sig },
      body: new URLSearchParams(params).toString(),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  });
});

describe("POST /hooks/sms/twilio/status", () => {
  it("suppresses a number on 30003, 30005, 30006 and 21614", async () => {
    const t = await makeTenant();
    for (const code of ["30003", "30005", "30006", "21614"]) {
      const phone = uniquePhone();
      await consentTo(t.key, phone);
      const r = await hook("/hooks/sms/twilio/status", { MessageSid: "SM1", MessageStatus: "undelivered", ErrorCode: code, To: phone, From: SENDER });
      expect(r.status).toBe(204);
      expect((await query(t.key, phone)).json, code).toMatchObject({ may_text: false, why_not: "suppressed" });
    }
  });

  it("leaves a number alone on delivery and on other errors; refuses unsigned callbacks", async () => {
    const t = await makeTenant();
    const phone = uniquePhone();
    await consentTo(t.key, phone);
    expect((await hook("/hooks/sms/twilio/status", { MessageSid: "SM2", MessageStatus: "delivered", To: phone, From: SENDER })).status).toBe(204);
    expect((await hook("/hooks/sms/twilio/status", { MessageSid: "SM3", MessageStatus: "failed", ErrorCode: "30007", To: phone })).status).toBe(204);
    const unsigned = await hook("/hooks/sms/twilio/status", { MessageStatus: "undelivered", ErrorCode: "30006", To: phone }, { signature: null });
    expect(unsigned.status).toBe(403);
    expect((await query(t.key, phone)).json.may_text).toBe(true);
  });
});

describe("Twilio's signature", () => {
  it("matches Twilio's documented example", async () => {
    // https://www.twilio.com/docs/usage/security#validating-requests
    const params: [string, string][] = Object.entries({
      CallSid: "CA1234567890ABCDE",
      Caller: "+12349013030",
      Digits: "1234",
      From: "+12349013030",
      To: "+18005551212",
    });
    expect(await twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });
});
