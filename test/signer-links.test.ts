import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, freshMinute, makeTenant, ops } from "./helpers";
import { consentAndSign, preparedDocument, sentDocument } from "./signing-helpers";
import { addHook, idle, newBox, received } from "./webhook-helpers";
import { remindDueSigners } from "../src/domain/signer-links";

const settle = (tenantId: string) => env.MESSAGE_QUEUE.getByName(tenantId).idle();
const outbox = async (documentId: string) => (await ops("GET", `/outbox?document_id=${documentId}&limit=200`)).json.messages as Record<string, string>[];
const linkPath = (id: string, signerId: string, what: "link" | "remind") => `/v1/documents/${id}/signers/${signerId}/${what}`;
const trail = async (key: string, id: string) =>
  (await api("GET", `/v1/documents/${id}`, { key })).json.events as { kind: string; signer_email: string | null }[];

describe("POST /v1/documents/{id}/signers/{signer_id}/link", () => {
  it("answers a fresh token once; the earlier link dies at once, the new one works", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    const old = links[0]!;
    expect((await api("GET", `/v1/sign/${old.token}`)).status).toBe(200);
    const r = await api("POST", linkPath(id, old.signer_id, "link"), { key: t.key });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ signer_id: old.signer_id, token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(r.json.token).not.toBe(old.token);
    // The earlier link answers like any dead link, through both faces, even from an isolate that remembers it.
    const dead = await api("GET", `/v1/sign/${old.token}`);
    expect(dead.status).toBe(404);
    expect(dead.json.ok).toBe(false);
    expect((await api("POST", `/v1/sign/${old.token}/consent`, { body: {} })).status).toBe(404);
    expect((await api("POST", `/v1/sign/${old.token}/code`, { body: {} })).status).toBe(404);
    expect((await api("POST", `/v1/sign/${old.token}/verify`, { body: { code: "123456" } })).status).toBe(404);
    expect((await api("GET", `/s/${old.token}`)).status).toBe(404);
    const fresh = await api("GET", `/v1/sign/${r.json.token}`);
    expect(fresh.status).toBe(200);
    expect(fresh.json.signer_id).toBe(old.signer_id);
    await consentAndSign(r.json.token);
    // Only the hash is stored.
    const stored = await env.DB.prepare("SELECT token_hash FROM signers WHERE id = ?").bind(old.signer_id).first<{ token_hash: string }>();
    expect(stored!.token_hash).not.toContain(r.json.token);
  });

  it("replays the same answer for the same Idempotency-Key", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    const headers = { "idempotency-key": `fresh-${crypto.randomUUID()}` };
    const a = await api("POST", linkPath(id, links[0]!.signer_id, "link"), { key: t.key, headers });
    const b = await api("POST", linkPath(id, links[0]!.signer_id, "link"), { key: t.key, headers });
    expect(a.status).toBe(200);
    expect(b.headers.get("idempotency-replayed")).toBe("true");
    expect(b.json).toEqual(a.json);
    expect((await api("GET", `/v1/sign/${a.json.token}`)).status).toBe(200);
  });

  it("allows 10 fresh links a minute per document, then 429 with Retry-After", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    await freshMinute();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof api>> | null = null;
    for (let i = 0; i < 11; i++) {
      last = await api("POST", linkPath(id, links[i % 2]!.signer_id, "link"), { key: t.key });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(last!.json.error.code).toBe("rate_limited");
    expect(last!.json.error.message).toMatch(/10 fresh links per minute per document/);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // The key's own budget headers are untouched by the document's limit.
    expect(last!.headers.get("x-ratelimit-limit")).toBe("300");
  }, 60_000);

  it("refuses what cannot get a fresh link: 422 for a signed signer, a cc, a draft; 404 for another account's document or an unknown signer", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      signers: [
        { email: "a@example.com", full_name: "A" },
        { email: "b@example.com", full_name: "B" },
        { email: "c@example.com", full_name: "C", role: "cc" },
      ],
    });
    await consentAndSign(links[0]!.token);
    const signed = await api("POST", linkPath(id, links[0]!.signer_id, "link"), { key: t.key });
    expect(signed.status).toBe(422);
    expect(signed.json.error.message).toMatch(/already signed/);
    const cc = await api("POST", linkPath(id, links[2]!.signer_id, "link"), { key: t.key });
    expect(cc.status).toBe(422);
    expect(cc.json.error.message).toMatch(/cc/);
    expect((await api("POST", linkPath(id, "sgn_nope", "link"), { key: t.key })).status).toBe(404);
    const other = await makeTenant();
    expect((await api("POST", linkPath(id, links[1]!.signer_id, "link"), { key: other.key })).status).toBe(404);
    const draft = await preparedDocument(t.key);
    expect((await api("POST", linkPath(draft, "sgn_nope", "link"), { key: t.key })).status).toBe(404);
    // The refused calls changed nothing: B's link still works.
    expect((await api("GET", `/v1/sign/${links[1]!.token}`)).status).toBe(200);
    const readOnly = await makeTenant({ scopes: ["signing:read"] });
    expect((await api("POST", linkPath(id, links[1]!.signer_id, "link"), { key: readOnly.key })).status).toBe(403);
  });
});

describe("POST /v1/documents/{id}/signers/{signer_id}/remind", () => {
  it("emails a reminder with a fresh link, records reminded and delivered, and tells webhooks", async () => {
    const t = await makeTenant();
    const box = newBox();
    const hook = await addHook(t.key, { url: box.url, events: ["signing.reminded", "signing.delivered"] });
    const { id, links } = await sentDocument(t.key, { signers: [{ email: "ada@example.com", full_name: "Ada Lovelace", locale: "de" }] });
    await settle(t.tenantId);
    const r = await api("POST", linkPath(id, links[0]!.signer_id, "remind"), { key: t.key });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ signer_id: links[0]!.signer_id, message_id: expect.stringMatching(/^msg_/) });
    await settle(t.tenantId);
    const m = (await outbox(id)).find((x) => x.id === r.json.message_id)!;
    expect(m).toMatchObject({ purpose: "signing.reminder", recipient: "ada@example.com", status: "sent", locale: "de" });
    expect(m.subject).toMatch(/^Erinnerung/);
    const token = /\/s\/([0-9a-f]{64})/.exec(m.link!)![1]!;
    expect(token).not.toBe(links[0]!.token);
    expect((await api("GET", `/v1/sign/${links[0]!.token}`)).status).toBe(404);
    expect((await api("GET", `/v1/sign/${token}`)).status).toBe(200);
    const kinds = (await trail(t.key, id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === "reminded")).toHaveLength(1);
    expect(kinds.filter((k) => k === "delivered")).toHaveLength(2);
    expect(kinds.indexOf("reminded")).toBeLessThan(kinds.lastIndexOf("delivered"));
    await idle(hook.id);
    const events = (await received(box)).map((x) => JSON.parse(x.body).event);
    expect(events).toContain("signing.reminded");
    expect(events.filter((e: string) => e === "signing.delivered")).toHaveLength(2);
    const reminded = (await received(box)).map((x) => JSON.parse(x.body)).find((b) => b.event === "signing.reminded");
    expect(JSON.stringify(reminded)).not.toContain(token);
  });

  it("one reminder an hour per signer: the second is 429 with Retry-After and changes nothing", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    expect((await api("POST", linkPath(id, links[0]!.signer_id, "remind"), { key: t.key })).status).toBe(200);
    await settle(t.tenantId);
    const before = (await outbox(id)).length;
    const again = await api("POST", linkPath(id, links[0]!.signer_id, "remind"), { key: t.key });
    expect(again.status).toBe(429);
    expect(again.json.error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/1 reminder per hour per signer/) });
    const retry = Number(again.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
    expect((await outbox(id)).length).toBe(before);
    // Another signer has a budget of their own.
    expect((await api("POST", linkPath(id, links[1]!.signer_id, "remind"), { key: t.key })).status).toBe(200);
  });

  it("refuses a signer whose turn has not come (sequential), a signed signer and a voided document (422)", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { doc: { sequential: true } });
    const notYet = await api("POST", linkPath(id, links[1]!.signer_id, "remind"), { key: t.key });
    expect(notYet.status).toBe(422);
    expect(notYet.json.error.message).toMatch(/turn/);
    await consentAndSign(links[0]!.token);
    expect((await api("POST", linkPath(id, links[0]!.signer_id, "remind"), { key: t.key })).status).toBe(422);
    expect((await api("POST", linkPath(id, links[1]!.signer_id, "remind"), { key: t.key })).status).toBe(200);
    const v = await sentDocument(t.key);
    await api("POST", `/v1/documents/${v.id}/void`, { key: t.key, body: { reason: "changed our minds" } });
    const voided = await api("POST", linkPath(v.id, v.links[0]!.signer_id, "remind"), { key: t.key });
    expect(voided.status).toBe(422);
    expect(voided.json.error.message).toMatch(/voided/);
  });
});

describe("remind_after_days and the cron", () => {
  it("reminds each pending signer whose turn it is that many days after their last message, once, until expiry", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { doc: { remind_after_days: 2, sequential: true } });
    await settle(t.tenantId);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.remind_after_days).toBe(2);
    const now = Date.now();
    // Not due after one day.
    await remindDueSigners(env, new Date(now + 86_400_000));
    expect((await outbox(id)).filter((m) => m.purpose === "signing.reminder")).toHaveLength(0);
    // Due after two days: only the signer whose turn it is.
    await remindDueSigners(env, new Date(now + 2 * 86_400_000 + 60_000));
    await settle(t.tenantId);
    let reminders = (await outbox(id)).filter((m) => m.purpose === "signing.reminder");
    expect(reminders.map((m) => m.signer_id)).toEqual([links[0]!.signer_id]);
    expect((await trail(t.key, id)).filter((e) => e.kind === "reminded")).toHaveLength(1);
    // The same run again reminds nobody (the reminder is the last message now).
    await remindDueSigners(env, new Date(now + 2 * 86_400_000 + 120_000));
    reminders = (await outbox(id)).filter((m) => m.purpose === "signing.reminder");
    expect(reminders).toHaveLength(1);
  });

  it("leaves documents without remind_after_days, and those whose links the caller delivers", async () => {
    const t = await makeTenant();
    const plain = await sentDocument(t.key);
    const quiet = await preparedDocument(t.key, { remind_after_days: 1 });
    await api("POST", `/v1/documents/${quiet}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "A" }], notify: false } });
    await remindDueSigners(env, new Date(Date.now() + 5 * 86_400_000));
    await settle(t.tenantId);
    for (const id of [plain.id, quiet])
      expect(
        (await outbox(id)).filter((m) => m.purpose === "signing.reminder"),
        id,
      ).toHaveLength(0);
  });

  it("refuses remind_after_days outside 1-30 (422)", async () => {
    const t = await makeTenant();
    for (const v of [0, 31, 1.5, "2"]) {
      const { publishedTemplate } = await import("./signing-helpers");
      const { code } = await publishedTemplate(t.key);
      const r = await api("POST", "/v1/documents", { key: t.key, body: { template_code: code, values: { company: "A", name: "B" }, remind_after_days: v } });
      expect(r.status, String(v)).toBe(422);
      expect(r.json.error.message).toMatch(/^remind_after_days/);
    }
  });
});

describe("completed copies", () => {
  it("emails every signer and cc a link to download the sealed PDF through their own link", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      signers: [
        { email: "a@example.com", full_name: "A" },
        { email: "b@example.com", full_name: "B", locale: "fr" },
        { email: "c@example.com", full_name: "C", role: "cc" },
      ],
    });
    await consentAndSign(links[0]!.token);
    await consentAndSign(links[1]!.token);
    await settle(t.tenantId);
    const copies = (await outbox(id)).filter((m) => m.purpose === "signing.completed");
    expect(copies.map((m) => m.recipient).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    for (const m of copies) expect(m.status).toBe("sent");
    expect(copies.find((m) => m.recipient === "b@example.com")!.subject).toMatch(/^Terminé/);
    const tokenOf = (email: string) => /\/s\/([0-9a-f]{64})\/pdf$/.exec(copies.find((m) => m.recipient === email)!.link!)![1]!;
    // Each copy carries a link of the recipient's own, issued at completion.
    expect(new Set(["a@example.com", "b@example.com", "c@example.com"].map(tokenOf)).size).toBe(3);
    for (const [i, l] of links.entries()) expect(tokenOf(l.email), l.email).not.toBe(links[i]!.token);
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      const pdf = await api("GET", `/s/${tokenOf(email)}/pdf`);
      expect(pdf.status, email).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
    }
    // The links in hand keep working too (read and download for 30 days after completion).
    for (const l of links) expect((await api("GET", `/v1/sign/${l.token}`)).json, l.email).toMatchObject({ ok: true, document_status: "completed" });
    const read = await api("GET", `/v1/sign/${tokenOf("c@example.com")}`);
    expect(read.json).toMatchObject({ ok: true, signer_role: "cc", email: "c@example.com" });
    // Only hashes are stored.
    const stored = await env.DB.prepare("SELECT copy_token_hash FROM signers WHERE document_id = ?").bind(id).all<{ copy_token_hash: string }>();
    expect(stored.results.every((r) => /^[0-9a-f]{64}$/.test(r.copy_token_hash))).toBe(true);
    expect(JSON.stringify(stored.results)).not.toContain(tokenOf("a@example.com"));
    // Completed copies are not link deliveries: no extra `delivered` events.
    expect((await trail(t.key, id)).filter((e) => e.kind === "delivered")).toHaveLength(2);
  });

  it("sends none when the caller delivers the links (notify: false)", async () => {
    const t = await makeTenant();
    const id = await preparedDocument(t.key);
    const s = await api("POST", `/v1/documents/${id}/send`, { key: t.key, body: { signers: [{ email: "a@example.com", full_name: "A" }], notify: false } });
    await consentAndSign(s.json.links[0].token);
    await settle(t.tenantId);
    expect(await outbox(id)).toEqual([]);
    expect((await api("GET", `/v1/sign/${s.json.links[0].token}`)).status).toBe(200);
  });
});
