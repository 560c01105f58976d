import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeTenant, ops, api } from "./helpers";
import { preparedDocument, sentDocument } from "./signing-helpers";
import { MESSAGE_SECRET_DAYS, eraseOldMessageSecrets, queueMessage, queueMessages } from "../src/domain/messages";
import { runScheduled } from "../src/domain/scheduled";

/** Waits until the account's queue has nothing running. */
const settle = (tenantId: string) => env.MESSAGE_QUEUE.getByName(tenantId).idle();

/** A sent document whose links the caller delivers (notify: false): no message yet. */
async function sentQuietly(key: string, signers: unknown[]) {
  const id = await preparedDocument(key);
  const s = await api("POST", `/v1/documents/${id}/send`, { key, body: { signers, notify: false } });
  expect(s.status, s.text).toBe(200);
  return { id, links: s.json.links as { signer_id: string; email: string; token: string }[] };
}

const row = (id: string) => env.DB.prepare("SELECT * FROM messages WHERE id = ?").bind(id).first<Record<string, string | number | null>>();

describe("queueMessage with the outbox", () => {
  it("queues inside the call, sends outside it, and the outbox shows the message as it arrived", async () => {
    const t = await makeTenant();
    const { id, links } = await sentQuietly(t.key, [{ email: "ada@example.com", full_name: "Ada Lovelace" }]);
    const link = `https://sign.example.test/s/${links[0]!.token}`;
    const q = await queueMessage(env, {
      tenantId: t.tenantId,
      mode: "live",
      documentId: id,
      signerId: links[0]!.signer_id,
      channel: "email",
      purpose: "signing.link",
      recipient: "ada@example.com",
      locale: "en",
      values: { link },
    });
    expect(q.status).toBe("queued");
    expect(q.messageId).toMatch(/^msg_/);
    await settle(t.tenantId);

    const stored = await row(q.messageId);
    expect(stored!.status).toBe("sent");
    expect(stored!.provider).toBe("outbox");
    expect(stored!.attempts).toBe(1);
    expect(stored!.sent_at).toBeTruthy();
    // The stored body names the document and the signer, but never holds the token.
    expect(stored!.body).toContain("Ada Lovelace");
    expect(stored!.body).toContain("https://sign.example.test/s/••••••••");
    expect(JSON.stringify(stored)).not.toContain(links[0]!.token);

    const out = await ops("GET", `/outbox?document_id=${id}`);
    expect(out.status).toBe(200);
    const m = out.json.messages.find((x: { id: string }) => x.id === q.messageId);
    expect(m.status).toBe("sent");
    expect(m.link).toBe(link);
    expect(m.body).toContain(link);
    expect(m.subject).toMatch(/asks you to sign/);
    expect(m.html).toContain('<html lang="en" dir="ltr">');
    expect(m.html).toContain(`href="${link}"`);
  });

  it("writes each purpose in the signer's language", async () => {
    const t = await makeTenant();
    const ids: string[] = [];
    for (const locale of ["en", "es", "fr", "de"] as const) {
      const q = await queueMessage(env, {
        tenantId: t.tenantId,
        mode: "live",
        documentId: null,
        signerId: null,
        channel: "email",
        purpose: "signing.code",
        recipient: "ada@example.com",
        locale,
        values: { code: "123456", minutes: "10" },
      });
      ids.push(q.messageId);
    }
    await settle(t.tenantId);
    const out = await ops("GET", `/outbox?tenant_id=${t.tenantId}`);
    const byId = new Map(out.json.messages.map((m: { id: string }) => [m.id, m]));
    const words = ["Your code", "Su código", "Votre code", "Ihr Code"];
    ids.forEach((id, i) => {
      const m = byId.get(id) as { body: string; code: string; html: string; locale: string };
      expect(m.body).toContain(words[i]);
      expect(m.body).toContain("123456");
      expect(m.code).toBe("123456");
    });
    // The stored copy hides the code.
    for (const id of ids) {
      const r = await row(id);
      expect(r!.body).not.toContain("123456");
      expect(r!.body).toContain("••••••");
    }
  });

  it("records a suppressed text without calling any provider", async () => {
    const t = await makeTenant();
    const q = await queueMessage(env, {
      tenantId: t.tenantId,
      mode: "live",
      documentId: null,
      signerId: null,
      channel: "sms",
      purpose: "signing.link",
      recipient: "+14155550100",
      locale: "en",
      values: { link: `https://sign.example.test/s/${"a".repeat(64)}` },
      suppressed: "no_consent",
    });
    expect(q.status).toBe("suppressed");
    await settle(t.tenantId);
    const r = await row(q.messageId);
    expect(r!.status).toBe("suppressed");
    expect(r!.provider).toBeNull();
    expect(r!.attempts).toBe(0);
    expect(r!.secret_box).toBeNull();
    expect(r!.last_error).toBe("suppressed: no_consent");
  });

  it("puts `delivered` on the trail when the provider takes a link", async () => {
    const t = await makeTenant();
    const { id, links } = await sentQuietly(t.key, [{ email: "ada@example.com", full_name: "Ada Lovelace" }]);
    await queueMessage(env, {
      tenantId: t.tenantId,
      mode: "live",
      documentId: id,
      signerId: links[0]!.signer_id,
      channel: "email",
      purpose: "signing.link",
      recipient: "ada@example.com",
      locale: "en",
      values: { link: `https://sign.example.test/s/${links[0]!.token}` },
    });
    await settle(t.tenantId);
    const d = await api("GET", `/v1/documents/${id}`, { key: t.key });
    const delivered = d.json.events.filter((e: { kind: string }) => e.kind === "delivered");
    expect(delivered).toHaveLength(1);
    expect(delivered[0].signer_email).toBe("ada@example.com");
  });
});

describe("POST /v1/documents/{id}/send with notify", () => {
  const outbox = async (documentId: string) => (await ops("GET", `/outbox?document_id=${documentId}`)).json.messages as Record<string, string>[];

  it("emails each signer their own link in their language, after answering; cc waits for the completed copy", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      signers: [
        { email: "ada@example.com", full_name: "Ada Lovelace" },
        { email: "jose@example.com", full_name: "José Pérez", locale: "es" },
        { email: "boss@example.com", full_name: "The Boss", role: "cc" },
      ],
    });
    await settle(t.tenantId);
    const msgs = await outbox(id);
    expect(msgs).toHaveLength(2);
    for (const [i, locale] of [
      [0, "en"],
      [1, "es"],
    ] as const) {
      const m = msgs.find((x) => x.signer_id === links[i]!.signer_id)!;
      expect(m).toMatchObject({ channel: "email", purpose: "signing.link", recipient: links[i]!.email, status: "sent", locale });
      expect(m.link).toBe(`https://sign.example.test/s/${links[i]!.token}?lang=${locale}`);
    }
    expect(msgs.find((x) => x.recipient === "boss@example.com")).toBeUndefined();
    expect(msgs.find((x) => x.locale === "es")!.subject).toMatch(/le pide que firme/);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.signers.map((s: { locale: string }) => s.locale)).toEqual(["en", "es", "en"]);
    expect(
      doc.json.events
        .filter((e: { kind: string }) => e.kind === "delivered")
        .map((e: { signer_email: string }) => e.signer_email)
        .sort(),
    ).toEqual(["ada@example.com", "jose@example.com"]);
    // What is kept never holds a token.
    const stored = await env.DB.prepare("SELECT body, subject, vars FROM messages WHERE document_id = ?").bind(id).all();
    for (const l of links) expect(JSON.stringify(stored.results)).not.toContain(l.token);
  });

  it("notify: false sends nothing; the signer's language defaults to the account's", async () => {
    const t = await makeTenant();
    await ops("PATCH", `/tenants/${t.tenantId}`, { locale: "fr" });
    const id = await preparedDocument(t.key);
    const s = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "A" }], notify: false } });
    expect(s.status, s.text).toBe(200);
    await settle(t.tenantId);
    expect(await outbox(id)).toEqual([]);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.signers[0].locale).toBe("fr");

    const id2 = await preparedDocument(t.key);
    await api("POST", `/v1/documents/${id2}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "A" }] } });
    await settle(t.tenantId);
    const [m] = await outbox(id2);
    expect(m).toMatchObject({ locale: "fr", status: "sent" });
    expect(m!.subject).toMatch(/vous invite à signer/);
  });

  it("writes to a signer in any of the eight languages: Portuguese, Italian, Arabic (right to left), Hebrew; links open the page in it", async () => {
    const t = await makeTenant();
    const locales = ["pt", "it", "ar", "he"] as const;
    const { id, links } = await sentDocument(t.key, {
      signers: locales.map((locale, i) => ({ email: `s${i}@example.com`, full_name: `Signer ${i}`, locale })),
    });
    await settle(t.tenantId);
    const msgs = await outbox(id);
    const subjects = { pt: /pede que você assine/, it: /Le chiede di firmare/, ar: /يطلب منك .* توقيع/, he: /מבקש את חתימתך על/ };
    for (const [i, locale] of locales.entries()) {
      const m = msgs.find((x) => x.signer_id === links[i]!.signer_id)!;
      expect(m).toMatchObject({ purpose: "signing.link", status: "sent", locale });
      expect(m.subject).toMatch(subjects[locale]);
      expect(m.link).toBe(`https://sign.example.test/s/${links[i]!.token}?lang=${locale}`);
      if (locale === "ar" || locale === "he") expect(m.html).toMatch(new RegExp(`<html lang="${locale}" dir="rtl"`));
    }
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.signers.map((s: { locale: string }) => s.locale)).toEqual([...locales]);
    // The signing page opens in the signer's language.
    const page = await exports.default.fetch(`https://sign.example.test/s/${links[2]!.token}?lang=ar`);
    expect(await page.text()).toContain('<html lang="ar" dir="rtl"');
  });

  it("refuses a locale outside the service's languages and a notify that is not a boolean (422, nothing sent)", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const bad = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "A", locale: "ru" }] } });
    expect(bad.status).toBe(422);
    expect(bad.json.error.message).toMatch(/^signers\.0\.locale/);
    const bad2 = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "A" }], notify: "yes" } });
    expect(bad2.status).toBe(422);
    expect(await outbox(id)).toEqual([]);
  });
});

describe("texts on send", () => {
  const WORDING = "Reply STOP to opt out, HELP for help. Msg & data rates may apply. Message frequency varies.";

  it("texts a signer's phone only with live consent; otherwise the text is recorded suppressed and no provider is called", async () => {
    const t = await makeTenant();
    const c = await api("POST", "/v1/sms-consents", { key: t.key, body: { phone: "+1 415 555 0142", obtained_via: "web form, checkbox", wording: WORDING } });
    expect(c.status, c.text).toBe(200);
    const { id, links } = await sentDocument(t.key, {
      signers: [
        { email: "ada@example.com", full_name: "Ada", phone: "+1 (415) 555-0142" },
        { email: "bob@example.com", full_name: "Bob", phone: "+14155550199" },
      ],
    });
    await settle(t.tenantId);
    const msgs = (await ops("GET", `/outbox?document_id=${id}`)).json.messages as Record<string, string | null>[];
    const texts = msgs.filter((m) => m.channel === "sms");
    expect(texts).toHaveLength(2);
    const ada = texts.find((m) => m.signer_id === links[0]!.signer_id)!;
    expect(ada).toMatchObject({ recipient: "+14155550142", status: "sent", provider: "outbox", purpose: "signing.link" });
    expect(ada.body).toContain(links[0]!.token);
    expect(ada.body).toMatch(/Reply STOP to opt out/);
    const bob = texts.find((m) => m.signer_id === links[1]!.signer_id)!;
    expect(bob).toMatchObject({ recipient: "+14155550199", status: "suppressed", provider: null, last_error: "suppressed: no_consent", link: null });
    expect(bob.body).not.toContain(links[1]!.token);
    // Both were emailed; only the accepted ones count as delivered.
    expect(msgs.filter((m) => m.channel === "email")).toHaveLength(2);
    const events = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json.events as { kind: string }[];
    expect(events.filter((e) => e.kind === "delivered")).toHaveLength(3);
  });
});

describe("boxed links and codes do not stay readable", () => {
  it("an outbox message shows its link while queued and just sent; 7 days after queuing the cron erases it, and a message still unsent then is failed", async () => {
    expect(MESSAGE_SECRET_DAYS).toBe(7);
    const t = await makeTenant();
    const { id, links } = await sentQuietly(t.key, [{ email: "ada@example.com", full_name: "Ada Lovelace" }]);
    const link = `https://sign.example.test/s/${links[0]!.token}`;
    const input = {
      tenantId: t.tenantId,
      mode: "live" as const,
      documentId: id,
      signerId: links[0]!.signer_id,
      channel: "email" as const,
      purpose: "signing.link" as const,
      recipient: "ada@example.com",
      locale: "en" as const,
      values: { link },
    };
    const sent = await queueMessage(env, input);
    await settle(t.tenantId);
    // A message left in the queue (never kicked, as if its queue were stuck).
    const [stuck] = await queueMessages(env, [{ ...input, recipient: "stuck@example.com" }], { kick: false });
    const view = async (messageId: string) =>
      ((await ops("GET", `/outbox?document_id=${id}&limit=50`)).json.messages as { id: string; link: string | null; body: string; status: string }[]).find(
        (m) => m.id === messageId,
      )!;
    expect(await view(sent.messageId)).toMatchObject({ status: "sent", link });
    expect((await view(sent.messageId)).body).toContain(link);
    expect((await row(stuck!.messageId))!.secret_box).not.toBeNull();

    // The cron running now changes nothing: the outbox still shows the link.
    expect((await runScheduled(env, new Date())).eraseMessageSecrets).toBe("ok");
    expect((await view(sent.messageId)).link).toBe(link);

    // Seven days after queuing, nothing holds the link any more.
    const later = new Date(Date.now() + (MESSAGE_SECRET_DAYS * 86_400_000 + 60_000));
    await eraseOldMessageSecrets(env, later);
    for (const m of [sent.messageId, stuck!.messageId]) expect((await row(m))!.secret_box, m).toBeNull();
    const after = await view(sent.messageId);
    expect(after).toMatchObject({ status: "sent", link: null });
    expect(after.body).not.toContain(links[0]!.token);
    expect(after.body).toContain("/s/••••••••");
    expect(await row(stuck!.messageId)).toMatchObject({ status: "failed", last_error: expect.stringContaining("7 days"), next_attempt_at: null });
    expect(await eraseOldMessageSecrets(env, later)).toEqual({ failed: 0, erased: 0 });
  });
});
