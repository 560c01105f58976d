import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops, phoneRange, type Tenant } from "./helpers";
import { deliverLink, preparedDocument, sentDocument } from "./signing-helpers";
import { maskEmail, maskPhone, newCode } from "../src/domain/signer-codes";
import { phoneNumbers } from "../src/lib/phone-numbers";

const settle = (tenantId: string) => env.MESSAGE_QUEUE.getByName(tenantId).idle();
/** This file's phone numbers: +1 415 555 9000-9999 (see phoneRange). */
const uniquePhone = phoneRange(9000, 1000);

/** The newest code sent to a signer, as the outbox shows it. */
async function codeFromOutbox(t: Tenant, documentId: string, signerId: string) {
  await settle(t.tenantId);
  const out = await ops("GET", `/outbox?document_id=${documentId}`);
  const m = (out.json.messages as { signer_id: string; purpose: string; code: string | null; channel: string; recipient: string }[]).find(
    (x) => x.signer_id === signerId && x.purpose === "signing.code",
  );
  expect(m?.code).toMatch(/^\d{6}$/);
  return m!;
}

const requestCode = (token: string) => api("POST", `/v1/sign/${token}/code`, { body: {} });
const verify = (token: string, code: string) => api("POST", `/v1/sign/${token}/verify`, { body: { code } });
const sign = (token: string) => api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Ada Lovelace" } });
const consent = (token: string) => api("POST", `/v1/sign/${token}/consent`, { body: {} });
/** Moves a signer's codes back in time (the limits and the expiry read created_at and expires_at). */
const age = (signerId: string, minutes: number) =>
  env.DB.prepare(
    "UPDATE signer_codes SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, ?1), expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', expires_at, ?1) WHERE signer_id = ?2",
  )
    .bind(`-${minutes} minutes`, signerId)
    .run();

/** A document whose one signer needs a code; sent with `notify: false`, so no link was emailed until `deliverLink`. */
async function otpDocument(auth: "email_otp" | "sms_otp" | "none" = "email_otp", extra: Record<string, unknown> = {}, t?: Tenant) {
  t ??= await makeTenant();
  const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace", auth, ...extra }], notify: false });
  return { t, id, link: links[0]! };
}

describe("POST /v1/sign/{token}/code and /verify (email_otp)", () => {
  it("sends a 6-digit code by email, confirms it, records verified, and the certificate names email_otp", async () => {
    const { t, id, link } = await otpDocument();
    expect((await consent(link.token)).status).toBe(200);
    const early = await sign(link.token);
    expect(early.status).toBe(422);
    expect(early.json.error.message).toMatch(/one-time code/);

    await deliverLink(t.tenantId, id, link);
    const before = Date.now();
    const r = await requestCode(link.token);
    expect(r.status, r.text).toBe(200);
    expect(r.json.channel).toBe("email");
    expect(r.json.sent_to).toBe("a•••@example.com");
    expect(Date.parse(r.json.resend_after) - before).toBeGreaterThanOrEqual(59_000);
    expect(Date.parse(r.json.resend_after) - before).toBeLessThan(65_000);

    const m = await codeFromOutbox(t, id, link.signer_id);
    expect(m.channel).toBe("email");
    expect(m.recipient).toBe("ada@example.com");
    // Stored only hashed: the code appears nowhere in its row or in the message row's body.
    const row = await env.DB.prepare("SELECT * FROM signer_codes WHERE signer_id = ?").bind(link.signer_id).first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(m.code);
    const msg = await env.DB.prepare("SELECT body FROM messages WHERE signer_id = ? AND purpose = 'signing.code'")
      .bind(link.signer_id)
      .first<{ body: string }>();
    expect(msg!.body).not.toContain(m.code);

    const wrongCode = m.code === "000000" ? "111111" : "000000";
    expect((await verify(link.token, wrongCode)).json).toEqual({ ok: false, tries_left: 4 });
    expect((await verify(link.token, ` ${m.code!.slice(0, 3)} ${m.code!.slice(3)} `)).json).toEqual({ ok: true });
    expect((await sign(link.token)).status).toBe(200);

    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    const kinds = doc.json.events.map((e: { kind: string }) => e.kind);
    expect(kinds.indexOf("verified")).toBeGreaterThan(-1);
    expect(kinds.indexOf("verified")).toBeLessThan(kinds.indexOf("signed"));
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.status, cert.text).toBe(200);
    expect(cert.json.payload.signers[0].signature.method).toBe("email_otp");
    expect(cert.json.payload.events.map((e: { kind: string }) => e.kind)).toContain("verified");
  });

  it("is 422 when no link was delivered to this signer by the service", async () => {
    const { link } = await otpDocument();
    const r = await requestCode(link.token);
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/link/);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM signer_codes WHERE signer_id = ?").bind(link.signer_id).first<{ n: number }>())!.n).toBe(0);
  });

  it("allows one code a minute (429 with Retry-After) and five an hour per signer", async () => {
    const { t, id, link } = await otpDocument();
    await deliverLink(t.tenantId, id, link);
    expect((await requestCode(link.token)).status).toBe(200);
    const again = await requestCode(link.token);
    expect(again.status).toBe(429);
    expect(again.json.error.code).toBe("rate_limited");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(again.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    for (let i = 0; i < 4; i++) {
      await age(link.signer_id, 2);
      expect((await requestCode(link.token)).status, `code ${i + 2}`).toBe(200);
    }
    await age(link.signer_id, 2);
    const sixth = await requestCode(link.token);
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.message).toMatch(/5 codes an hour/);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(60);
    await age(link.signer_id, 60);
    expect((await requestCode(link.token)).status).toBe(200);
  });

  it("kills a code after five wrong tries; a new code is needed", async () => {
    const { t, id, link } = await otpDocument();
    await deliverLink(t.tenantId, id, link);
    await requestCode(link.token);
    const { code } = await codeFromOutbox(t, id, link.signer_id);
    const wrong = code === "123456" ? "654321" : "123456";
    const left = [];
    for (let i = 0; i < 5; i++) left.push((await verify(link.token, wrong)).json.tries_left);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    expect((await verify(link.token, code!)).json).toEqual({ ok: false, tries_left: 0 });
    expect((await sign(link.token)).status).toBe(422);
    await age(link.signer_id, 2);
    expect((await requestCode(link.token)).status).toBe(200);
    const fresh = await env.DB.prepare("SELECT count(*) AS n FROM signer_codes WHERE signer_id = ? AND dead_at IS NULL")
      .bind(link.signer_id)
      .first<{ n: number }>();
    expect(fresh!.n).toBe(1);
  });

  it("a new code kills the earlier one, and a code lives 10 minutes", async () => {
    const { t, id, link } = await otpDocument();
    await deliverLink(t.tenantId, id, link);
    await requestCode(link.token);
    const first = (await codeFromOutbox(t, id, link.signer_id)).code!;
    await age(link.signer_id, 11);
    expect((await verify(link.token, first)).json).toEqual({ ok: false, tries_left: 0 });
    expect((await requestCode(link.token)).status).toBe(200);
    await settle(t.tenantId);
    const rows = await env.DB.prepare("SELECT dead_at FROM signer_codes WHERE signer_id = ? ORDER BY created_at")
      .bind(link.signer_id)
      .all<{ dead_at: string | null }>();
    expect(rows.results.map((r) => r.dead_at !== null)).toEqual([true, false]);
  });

  it("refuses codes to a signer that needs none, and bad input", async () => {
    const { t, id, link } = await otpDocument("none");
    await deliverLink(t.tenantId, id, link);
    const r = await requestCode(link.token);
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/does not need a one-time code/);
    expect((await verify(link.token, "123456")).status).toBe(422);
    const other = await otpDocument();
    expect((await verify(other.link.token, "12")).status).toBe(422);
    expect((await verify(other.link.token, "1234567890123")).status).toBe(422);
    expect((await api("POST", `/v1/sign/${other.link.token}/verify`, { body: {} })).status).toBe(422);
    expect((await verify(other.link.token, "123456")).status).toBe(422); // none sent yet
    expect((await requestCode("f".repeat(64))).status).toBe(404);
    expect((await consentThenSign(link.token)).status).toBe(200);
  });
});

const consentThenSign = async (token: string) => {
  await consent(token);
  return sign(token);
};

describe("one-time codes by text, and the account's requirement", () => {
  const WORDING = "Acme texts signing links. Msg frequency varies. Msg & data rates may apply. Reply HELP for help, STOP to cancel.";

  it("sms_otp texts the code to a number the account may text; the certificate names sms_otp", async () => {
    const t = await makeTenant();
    const phone = uniquePhone();
    await api("POST", "/v1/sms-consents", { key: t.key, body: { phone, obtained_via: "paper form", wording: WORDING } });
    const { id, link } = await otpDocument("sms_otp", { phone }, t);
    await deliverLink(t.tenantId, id, link);
    const r = await requestCode(link.token);
    expect(r.status, r.text).toBe(200);
    expect(r.json.channel).toBe("sms");
    expect(r.json.sent_to).toBe(`+1•••••••${phone.slice(-3)}`);
    const m = await codeFromOutbox(t, id, link.signer_id);
    expect(m.channel).toBe("sms");
    expect(m.recipient).toBe(phone);
    expect((await verify(link.token, m.code!)).json).toEqual({ ok: true });
    expect((await consentThenSign(link.token)).status).toBe(200);
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.json.payload.signers[0].signature.method).toBe("sms_otp");
  });

  it("sms_otp needs a phone at send, and a number the account may text", async () => {
    const t = await makeTenant();
    const noPhone = await api("POST", `/v1/documents/${await preparedDocument(t.key)}/send`, {
      key: t.key,
      body: { signers: [{ email: "ada@example.com", full_name: "Ada", auth: "sms_otp" }] },
    });
    expect(noPhone.status).toBe(422);
    expect(noPhone.json.error.message).toMatch(/^signers\.0\.phone/);
    const { id, link } = await otpDocument("sms_otp", { phone: "+14155550177" }, t);
    await deliverLink(t.tenantId, id, link);
    const r = await requestCode(link.token);
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("no_consent");
  });

  it("require_signer_code asks every signer sent afterwards for a code (email, or text when the phone may be texted)", async () => {
    const t = await makeTenant();
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { require_signer_code: true })).status).toBe(200);
    const phone = uniquePhone();
    await api("POST", "/v1/sms-consents", { key: t.key, body: { phone, obtained_via: "paper form", wording: WORDING } });
    const { id, links } = await sentDocument(t.key, {
      signers: [
        { email: "ada@example.com", full_name: "Ada" },
        { email: "bob@example.com", full_name: "Bob", phone },
      ],
    });
    for (const l of links) {
      await deliverLink(t.tenantId, id, l);
      await consent(l.token);
      expect((await sign(l.token)).status).toBe(422);
    }
    const a = await requestCode(links[0]!.token);
    const b = await requestCode(links[1]!.token);
    expect([a.json.channel, b.json.channel]).toEqual(["email", "sms"]);
    for (const l of links) expect((await verify(l.token, (await codeFromOutbox(t, id, l.signer_id)).code!)).json).toEqual({ ok: true });
    for (const l of links) expect((await sign(l.token)).status).toBe(200);
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.json.payload.signers.map((s: { signature: { method: string } }) => s.signature.method)).toEqual(["email_otp", "sms_otp"]);
    // Turned off: documents sent from then on need no code; the ones already sent still do.
    await ops("PATCH", `/tenants/${t.tenantId}`, { require_signer_code: false });
    const later = await otpDocument("none", {}, t);
    expect((await consentThenSign(later.link.token)).status).toBe(200);
  });
});

describe("code helpers", () => {
  it("masks addresses and numbers, and draws six digits", async () => {
    const phones = await phoneNumbers(env.ASSETS);
    expect(maskEmail("ada@example.com")).toBe("a•••@example.com");
    expect(maskPhone(phones, "+14155550123")).toBe("+1•••••••123");
    expect(maskPhone(phones, "+442079460958")).toBe("+44•••••••958");
    const seen = new Set(Array.from({ length: 200 }, () => newCode()));
    for (const c of seen) expect(c).toMatch(/^\d{6}$/);
    expect(seen.size).toBeGreaterThan(190);
  });
});
