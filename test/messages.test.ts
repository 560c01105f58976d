import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeTenant, ops, api } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { queueMessage } from "../src/domain/messages";

/** Waits until the account's queue has nothing running. */
const settle = (tenantId: string) => env.MESSAGE_QUEUE.getByName(tenantId).idle();

const row = (id: string) => env.DB.prepare("SELECT * FROM messages WHERE id = ?").bind(id).first<Record<string, string | number | null>>();

describe("queueMessage with the outbox", () => {
  it("queues inside the call, sends outside it, and the outbox shows the message as it arrived", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
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
    expect(m.html).toContain('<html lang="en">');
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
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace" }] });
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
