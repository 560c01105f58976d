/**
 * The provider adapters make real HTTP calls from workerd to local stand-ins of Resend, Postmark
 * and Twilio (test/fake-providers.mjs, reached through Miniflare's outboundService): request shape,
 * auth headers, error answers, timeouts; then the queue against them, end to end.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sendWithPostmark } from "../src/lib/providers/postmark";
import { sendWithResend } from "../src/lib/providers/resend";
import { sendWithTwilio } from "../src/lib/providers/twilio";
import type { OutgoingEmail } from "../src/lib/providers/types";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, drainMessages, queueMessage, queueMessages, transactionalHeaders } from "../src/domain/messages";
import { FAKE_KEYS } from "./fake-providers.mjs";
import { makeTenant, ops } from "./helpers";
import { sentDocument } from "./signing-helpers";

const HOST = "https://providers.fake.test";
const box = () => `b${crypto.randomUUID().slice(0, 8)}`;
const setMode = (b: string, mode: Record<string, unknown>) => fetch(`${HOST}/__mode/${b}`, { method: "POST", body: JSON.stringify(mode) });
type Logged = { method: string; path: string; headers: Record<string, string>; body: string };
const logOf = async (b: string): Promise<Logged[]> => (await fetch(`${HOST}/__log/${b}`)).json();

const email = (over: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  id: "msg_test0000000000000000",
  from: "Acme Sign <sign@acme.example>",
  to: "ada@example.com",
  replyTo: "help@acme.example",
  subject: "Please sign",
  text: "Hello",
  html: "<p>Hello</p>",
  headers: transactionalHeaders("msg_test0000000000000000"),
  ...over,
});
const http = (b: string, timeoutMs = 2000) => ({ base: `${HOST}/${b}`, timeoutMs });

describe("Resend adapter", () => {
  it("posts the message as Resend expects and returns Resend's id", async () => {
    const b = box();
    const r = await sendWithResend({ ...http(b), apiKey: FAKE_KEYS.resend }, email());
    expect(r).toMatchObject({ ok: true });
    expect((r as { providerMessageId: string }).providerMessageId).toMatch(/^49a3999c-/);
    const [req] = await logOf(b);
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/emails");
    expect(req!.headers.authorization).toBe(`Bearer ${FAKE_KEYS.resend}`);
    expect(req!.headers["idempotency-key"]).toBe("msg_test0000000000000000");
    const body = JSON.parse(req!.body);
    expect(body).toMatchObject({ from: "Acme Sign <sign@acme.example>", to: ["ada@example.com"], subject: "Please sign", text: "Hello", html: "<p>Hello</p>" });
    expect(body.reply_to).toBe("help@acme.example");
    expect(body.headers["Auto-Submitted"]).toBe("auto-generated");
    expect(Object.keys(body.headers).map((h) => h.toLowerCase())).not.toContain("list-unsubscribe");
  });

  it("a wrong key is a permanent refusal naming Resend's error; a 500 and a 429 are worth a retry", async () => {
    const b = box();
    const bad = await sendWithResend({ ...http(b), apiKey: "re_wrong_key_000" }, email());
    expect(bad).toEqual({ ok: false, permanent: true, error: "HTTP 403: invalid_api_key: API key is invalid" });
    await setMode(b, { mode: "refuse" });
    const refused = await sendWithResend({ ...http(b), apiKey: FAKE_KEYS.resend }, email());
    expect(refused).toMatchObject({ ok: false, permanent: true });
    expect((refused as { error: string }).error).toMatch(/^HTTP 422: validation_error: Invalid `to` field/);
    await setMode(b, { mode: "fail" });
    expect(await sendWithResend({ ...http(b), apiKey: FAKE_KEYS.resend }, email())).toMatchObject({
      ok: false,
      permanent: false,
      error: expect.stringMatching(/^HTTP 500/),
    });
    await setMode(b, { mode: "ratelimit" });
    expect(await sendWithResend({ ...http(b), apiKey: FAKE_KEYS.resend }, email())).toMatchObject({
      ok: false,
      permanent: false,
      error: expect.stringMatching(/^HTTP 429/),
    });
  });

  it("no answer within the deadline, or a dropped connection, is a transient failure", async () => {
    const b = box();
    await setMode(b, { mode: "hang" });
    const started = Date.now();
    const r = await sendWithResend({ ...http(b, 300), apiKey: FAKE_KEYS.resend }, email());
    expect(r).toEqual({ ok: false, permanent: false, error: "no answer within 300 ms" });
    expect(Date.now() - started).toBeLessThan(5000);
    await setMode(b, { mode: "drop" });
    expect(await sendWithResend({ ...http(b), apiKey: FAKE_KEYS.resend }, email())).toMatchObject({
      ok: false,
      permanent: false,
      error: expect.stringMatching(/^network error/),
    });
  });
});

describe("Postmark adapter", () => {
  it("posts on the transactional stream with the server token and returns Postmark's MessageID", async () => {
    const b = box();
    const r = await sendWithPostmark({ ...http(b), apiKey: FAKE_KEYS.postmark }, email());
    expect(r).toMatchObject({ ok: true, providerMessageId: expect.stringMatching(/^b7bc2f4a-/) });
    const [req] = await logOf(b);
    expect(req!.path).toBe("/email");
    expect(req!.headers["x-postmark-server-token"]).toBe(FAKE_KEYS.postmark);
    const body = JSON.parse(req!.body);
    expect(body).toMatchObject({
      From: "Acme Sign <sign@acme.example>",
      To: "ada@example.com",
      ReplyTo: "help@acme.example",
      MessageStream: "outbound",
      TrackOpens: false,
    });
    expect(body.Headers).toContainEqual({ Name: "Auto-Submitted", Value: "auto-generated" });
  });

  it("refusals carry Postmark's ErrorCode; 5xx and timeouts are transient", async () => {
    const b = box();
    expect(await sendWithPostmark({ ...http(b), apiKey: "pm-wrong-token-000" }, email())).toMatchObject({
      ok: false,
      permanent: true,
      error: expect.stringMatching(/^HTTP 401: 10 /),
    });
    await setMode(b, { mode: "refuse" });
    expect(await sendWithPostmark({ ...http(b), apiKey: FAKE_KEYS.postmark }, email())).toMatchObject({
      ok: false,
      permanent: true,
      error: expect.stringMatching(/^HTTP 422: 406 /),
    });
    await setMode(b, { mode: "fail", status: 503 });
    expect(await sendWithPostmark({ ...http(b), apiKey: FAKE_KEYS.postmark }, email())).toMatchObject({ ok: false, permanent: false });
    await setMode(b, { mode: "hang" });
    expect(await sendWithPostmark({ ...http(b, 200), apiKey: FAKE_KEYS.postmark }, email())).toEqual({
      ok: false,
      permanent: false,
      error: "no answer within 200 ms",
    });
  });
});

describe("Twilio adapter", () => {
  const creds = { accountSid: FAKE_KEYS.twilioSid, authToken: FAKE_KEYS.twilioToken };
  const sms = {
    id: "msg_sms",
    from: "+14155550000",
    to: "+14155550101",
    text: "Your code is 123456",
    statusCallback: "https://sign.example.test/hooks/sms/twilio/status",
  };

  it("posts a form to the account's Messages resource with Basic auth and returns the SM sid", async () => {
    const b = box();
    const r = await sendWithTwilio({ ...http(b), ...creds }, sms);
    expect(r).toMatchObject({ ok: true, providerMessageId: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
    const [req] = await logOf(b);
    expect(req!.path).toBe(`/2010-04-01/Accounts/${FAKE_KEYS.twilioSid}/Messages.json`);
    expect(req!.headers.authorization).toBe(`Basic ${btoa(`${FAKE_KEYS.twilioSid}:${FAKE_KEYS.twilioToken}`)}`);
    expect(req!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(req!.body);
    expect(Object.fromEntries(form)).toEqual({ To: sms.to, From: sms.from, Body: sms.text, StatusCallback: sms.statusCallback });
  });

  it("a wrong token, a bad number and an unsubscribed number are permanent; 500 and 429 are not", async () => {
    const b = box();
    expect(await sendWithTwilio({ ...http(b), ...creds, authToken: "wrong-token-00000000" }, sms)).toMatchObject({
      ok: false,
      permanent: true,
      error: "HTTP 401: 20003 Authenticate",
    });
    expect(await sendWithTwilio({ ...http(b), ...creds }, { ...sms, to: "555" })).toMatchObject({
      ok: false,
      permanent: true,
      error: expect.stringMatching(/^HTTP 400: 21211 /),
    });
    await setMode(b, { mode: "refuse" });
    expect(await sendWithTwilio({ ...http(b), ...creds }, sms)).toMatchObject({ ok: false, permanent: true, error: expect.stringMatching(/21610/) });
    await setMode(b, { mode: "fail" });
    expect(await sendWithTwilio({ ...http(b), ...creds }, sms)).toMatchObject({ ok: false, permanent: false });
    await setMode(b, { mode: "ratelimit" });
    expect(await sendWithTwilio({ ...http(b), ...creds }, sms)).toMatchObject({ ok: false, permanent: false });
    await setMode(b, { mode: "hang" });
    expect(await sendWithTwilio({ ...http(b, 200), ...creds }, sms)).toEqual({ ok: false, permanent: false, error: "no answer within 200 ms" });
  });
});

/** The service's env with a real provider configured against a box of the fake. */
const withResend = (b: string) => ({
  ...env,
  EMAIL_PROVIDER: "resend",
  EMAIL_API_KEY: FAKE_KEYS.resend,
  EMAIL_FROM: "Acme Sign <sign@acme.example>",
  EMAIL_API_BASE: `${HOST}/${b}`,
});
const withTwilio = (b: string) => ({
  ...env,
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: FAKE_KEYS.twilioSid,
  TWILIO_AUTH_TOKEN: FAKE_KEYS.twilioToken,
  TWILIO_FROM: "+14155550000",
  TWILIO_API_BASE: `${HOST}/${b}`,
});
const row = (id: string) => env.DB.prepare("SELECT * FROM messages WHERE id = ?").bind(id).first<Record<string, string | number | null>>();

describe("the queue against a real provider API", () => {
  it("a provider outage loses nothing: queued with the error, retried on the ladder, then sent; the link leaves D1 once taken", async () => {
    const t = await makeTenant();
    await ops("PATCH", `/tenants/${t.tenantId}`, { reply_to: "help@acme.example" });
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }], notify: false });
    const b = box();
    const e = withResend(b);
    const link = `https://sign.example.test/s/${links[0]!.token}`;
    const [q] = await queueMessages(
      e,
      [
        {
          tenantId: t.tenantId,
          mode: "live",
          documentId: id,
          signerId: links[0]!.signer_id,
          channel: "email",
          purpose: "signing.link",
          recipient: "ada@example.com",
          locale: "de",
          values: { link },
        },
      ],
      { kick: false },
    );
    await setMode(b, { mode: "fail", status: 503 });
    const t0 = Date.now();
    expect(await drainMessages(e, t.tenantId, { now: t0 })).toEqual({ attempted: 1, sent: 0, retried: 1, failed: 0 });
    let r = await row(q!.messageId);
    expect(r).toMatchObject({ status: "queued", attempts: 1, provider: "resend" });
    expect(r!.last_error).toMatch(/^HTTP 503/);
    expect(Date.parse(r!.next_attempt_at as string) - t0).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] - 1000);
    // Not due yet: nothing is attempted.
    expect((await drainMessages(e, t.tenantId, { now: t0 + 1000 })).attempted).toBe(0);

    await setMode(b, { mode: "ok" });
    expect(await drainMessages(e, t.tenantId, { now: t0 + RETRY_DELAYS_MS[0] + 5000 })).toMatchObject({ sent: 1 });
    r = await row(q!.messageId);
    expect(r).toMatchObject({ status: "sent", attempts: 2, provider: "resend", last_error: null, next_attempt_at: null, secret_box: null });
    expect(r!.provider_message_id).toMatch(/^49a3999c-/);
    const sent = (await logOf(b)).at(-1)!;
    const body = JSON.parse(sent.body);
    expect(body.to).toEqual(["ada@example.com"]);
    expect(body.reply_to).toBe("help@acme.example");
    expect(body.text).toContain(link);
    expect(body.html).toContain('<html lang="de" dir="ltr">');
    expect(body.subject).toMatch(/bittet Sie/);
    // Once a real provider has it, the outbox listing shows it masked.
    const out = await ops("GET", `/outbox?document_id=${id}`);
    const listed = out.json.messages.find((m: { id: string }) => m.id === q!.messageId);
    expect(listed.link).toBeNull();
    expect(JSON.stringify(out.json)).not.toContain(links[0]!.token);
  });

  it("a refusal fails at once; retries spent fail with the last error", async () => {
    const t = await makeTenant();
    const b = box();
    const e = withResend(b);
    const input = {
      tenantId: t.tenantId,
      mode: "live" as const,
      documentId: null,
      signerId: null,
      channel: "email" as const,
      purpose: "signing.code" as const,
      recipient: "ada@example.com",
      locale: "en" as const,
      values: { code: "123456", minutes: "10" },
    };
    const [refused] = await queueMessages(e, [input], { kick: false });
    await setMode(b, { mode: "refuse" });
    expect(await drainMessages(e, t.tenantId)).toMatchObject({ failed: 1 });
    expect(await row(refused!.messageId)).toMatchObject({ status: "failed", attempts: 1, secret_box: null, last_error: expect.stringMatching(/^HTTP 422/) });

    const [down] = await queueMessages(e, [input], { kick: false });
    await setMode(b, { mode: "fail" });
    let now = Date.now();
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      const r = await drainMessages(e, t.tenantId, { now });
      expect(r.attempted, `attempt ${i}`).toBe(1);
      now += (RETRY_DELAYS_MS[Math.min(i - 1, RETRY_DELAYS_MS.length - 1)] ?? 0) + 1000;
    }
    expect(await row(down!.messageId)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, last_error: expect.stringMatching(/^HTTP 500/) });
  });

  it("texts go through Twilio with the status callback", async () => {
    const t = await makeTenant();
    const b = box();
    const e = withTwilio(b);
    const [q] = await queueMessages(
      e,
      [
        {
          tenantId: t.tenantId,
          mode: "live",
          documentId: null,
          signerId: null,
          channel: "sms",
          purpose: "signing.code",
          recipient: "+14155550101",
          locale: "fr",
          values: { code: "654321", minutes: "10" },
        },
      ],
      { kick: false },
    );
    expect(await drainMessages(e, t.tenantId)).toMatchObject({ sent: 1 });
    expect(await row(q!.messageId)).toMatchObject({ status: "sent", provider: "twilio", provider_message_id: expect.stringMatching(/^SM/) });
    const form = new URLSearchParams((await logOf(b))[0]!.body);
    expect(form.get("Body")).toMatch(/^654321 est votre code/);
    expect(form.get("StatusCallback")).toBe("https://sign.example.test/hooks/sms/twilio/status");
  });

  it("without the at-rest key a message holding a link is recorded failed, never sent half-filled", async () => {
    const t = await makeTenant();
    const q = await queueMessage(
      { ...env, WEBHOOK_SECRET_KEY: "" },
      {
        tenantId: t.tenantId,
        mode: "live",
        documentId: null,
        signerId: null,
        channel: "email",
        purpose: "signing.code",
        recipient: "ada@example.com",
        locale: "en",
        values: { code: "123456" },
      },
    );
    expect(q.status).toBe("failed");
    expect(await row(q.messageId)).toMatchObject({ status: "failed", last_error: expect.stringMatching(/WEBHOOK_SECRET_KEY/) });
  });
});
