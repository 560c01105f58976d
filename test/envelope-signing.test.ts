import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops, type Tenant } from "./helpers";
import { publishedTemplate } from "./signing-helpers";
import { addHook, newBox } from "./webhook-helpers";
import { settleEnvelope } from "../src/domain/envelope-completion";

const VALUES = { company: "Acme", name: "Ada" };
const TWO = [
  { email: "ana@example.com", full_name: "Ana Ruiz", role: "employee" },
  { email: "ben@example.com", full_name: "Ben Okafor", role: "company" },
  { email: "payroll@example.com", full_name: "Payroll", role: "cc" },
];

type Sent = { envelope_id: string; documents: { document_id: string }[]; links: { signer_id: string; email: string; token: string }[] };

/** An envelope of two text templates; the second asks its first signer for a required field. */
async function envelope(t: Tenant, over: Record<string, unknown> = {}): Promise<Sent> {
  const a = await publishedTemplate(t.key);
  const b = await publishedTemplate(t.key, {
    name: "Data processing terms",
    fields: [{ key: "title_held", label: "Your title", kind: "text", required: true, signer: 1 }],
  });
  const body = {
    title: "Onboarding: Ana Ruiz",
    documents: [
      { template_code: a.code, values: VALUES },
      { template_code: b.code, values: VALUES },
    ],
    signers: TWO,
    sequential: true,
    ...over,
  };
  const r = await api("POST", "/v1/envelopes", { key: t.key, body });
  expect(r.status, r.text).toBe(200);
  return r.json as Sent;
}

const sign = (token: string, path = "", body: unknown = {}) => api("POST", `/v1/sign/${token}${path}`, { body });
/** Each document's status for one person (by email), in the envelope's order. */
async function statuses(e: Sent, email: string) {
  const out: string[] = [];
  for (const { document_id } of e.documents) {
    const row = await env.DB.prepare("SELECT status FROM signers WHERE document_id = ? AND email = ?").bind(document_id, email).first<{ status: string }>();
    out.push(row!.status);
  }
  return out;
}
const consents = async (e: Sent, email: string) =>
  (
    await env.DB.prepare(
      `SELECT count(*) AS n FROM signers WHERE email = ? AND consented_at IS NOT NULL AND document_id IN (${e.documents.map(() => "?").join(",")})`,
    )
      .bind(email, ...e.documents.map((d) => d.document_id))
      .first<{ n: number }>()
  )?.n;

describe("envelope links: one link, one consent, one signature for every document", () => {
  it("reads every document, consents once, answers each document's field, signs all at once; the envelope completes with the last signature", async () => {
    const t = await makeTenant();
    const e = await envelope(t);
    const [ana, ben] = e.links;

    const read = await api("GET", `/v1/sign/${ana!.token}`);
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ ok: true, envelope_id: e.envelope_id, title: "Onboarding: Ana Ruiz", signer_id: ana!.signer_id, full_name: "Ana Ruiz" });
    expect(read.json).toMatchObject({ signer_status: "pending", consented_at: null, is_my_turn: true, document_status: "sent" });
    expect(read.json.documents.map((d: { document_id: string }) => d.document_id)).toEqual(e.documents.map((d) => d.document_id));
    expect(read.json.documents[0]).toMatchObject({ title: "Mutual NDA", body: "This agreement is between Acme and Ada.", signer_status: "pending" });
    expect(read.json.documents[1].fields.map((f: { key: string }) => f.key)).toEqual(["title_held"]);
    expect((await api("GET", `/v1/sign/${ben!.token}`)).json).toMatchObject({ ok: true, is_my_turn: false, waiting_on: "Ana Ruiz" });

    // Signing before consent signs nothing.
    const early = await sign(ana!.token, "", { method: "typed", value: "Ana Ruiz" });
    expect(early.status, early.text).toBe(422);
    expect(early.json.error.message).toContain("Consent");
    expect(await statuses(e, "ana@example.com")).toEqual(["pending", "pending"]);

    expect((await sign(ana!.token, "/consent")).json).toEqual({ consented: true });
    expect(await consents(e, "ana@example.com")).toBe(2);

    // The second document's required field is missing: no document is signed.
    const missing = await sign(ana!.token, "", { method: "typed", value: "Ana Ruiz" });
    expect(missing.status, missing.text).toBe(422);
    expect(missing.json.error.message).toMatch(/^documents\.1 \(Data processing terms\): /);
    expect(await statuses(e, "ana@example.com")).toEqual(["pending", "pending"]);

    // A field names its document.
    const unnamed = await sign(ana!.token, "/fields", { key: "title_held", value: "Engineer" });
    expect(unnamed.status).toBe(422);
    expect(unnamed.json.error.message).toContain("document_id");
    const stranger = await sign(ana!.token, "/fields", { key: "title_held", value: "Engineer", document_id: "doc_not_here" });
    expect(stranger.status).toBe(422);
    const field = await sign(ana!.token, "/fields", { key: "title_held", value: "Engineer", document_id: e.documents[1]!.document_id });
    expect(field.status, field.text).toBe(200);

    // Ben waits for Ana in every document.
    await sign(ben!.token, "/consent");
    const notYet = await sign(ben!.token, "", { method: "typed", value: "Ben Okafor" });
    expect(notYet.status).toBe(422);
    expect(await statuses(e, "ben@example.com")).toEqual(["pending", "pending"]);

    const signed = await sign(ana!.token, "", { method: "typed", value: "Ana Ruiz" });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.json.event_id).toMatch(/^evt_/);
    expect(await statuses(e, "ana@example.com")).toEqual(["signed", "signed"]);
    expect((await api("GET", `/v1/sign/${ana!.token}`)).json).toMatchObject({ signer_status: "signed", signed_at: expect.any(String) });
    const again = await sign(ana!.token, "", { method: "typed", value: "Ana Ruiz" });
    expect(again.status).toBe(422);

    expect((await api("GET", `/v1/envelopes/${e.envelope_id}`, { key: t.key })).json.status).toBe("sent");
    const last = await sign(ben!.token, "", { method: "typed", value: "Ben Okafor" });
    expect(last.status, last.text).toBe(200);
    const done = (await api("GET", `/v1/envelopes/${e.envelope_id}`, { key: t.key })).json;
    expect(done.status).toBe("completed");
    expect(done.documents.map((d: { status: string }) => d.status)).toEqual(["completed", "completed"]);
    expect(done.signers.map((s: { status: string }) => s.status)).toEqual(["signed", "signed", "pending"]);
    const stored = await env.DB.prepare("SELECT status, completed_at FROM envelopes WHERE id = ?")
      .bind(e.envelope_id)
      .first<{ status: string; completed_at: string }>();
    expect(stored).toMatchObject({ status: "completed", completed_at: expect.any(String) });
    // The link still reads the completed envelope.
    expect((await api("GET", `/v1/sign/${ana!.token}`)).json).toMatchObject({ ok: true, document_status: "completed" });

    // Each person, the cc too, is emailed once a link of their own to the envelope's sealed PDF.
    await env.MESSAGE_QUEUE.getByName(t.tenantId).idle();
    const outbox = (await ops("GET", `/outbox?tenant_id=${t.tenantId}&limit=200`)).json.messages as Record<string, string>[];
    const copies = outbox.filter((m) => m.purpose === "signing.completed").sort((a, b) => a.recipient!.localeCompare(b.recipient!));
    expect(copies.map((m) => m.recipient)).toEqual(["ana@example.com", "ben@example.com", "payroll@example.com"]);
    expect(copies[0]!.subject).toContain("Onboarding: Ana Ruiz");
    const link = /\/s\/([0-9a-f]{64})\/pdf$/.exec(copies[2]!.link!);
    expect(link, copies[2]!.link).not.toBeNull();
    expect(link![1]).not.toBe(e.links[2]!.token);
    const pdf = await api("GET", `/s/${link![1]}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    const sealed = await api("GET", `/v1/envelopes/${e.envelope_id}/pdf`, { key: t.key });
    expect(pdf.headers.get("content-disposition")).toContain(sealed.json.filename);
    // A second settle sends no second copy.
    await settleEnvelope(env, e.envelope_id);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM messages WHERE tenant_id = ? AND purpose = 'signing.completed'").bind(t.tenantId).first<{ n: number }>())
        ?.n,
    ).toBe(3);
    // Only the copy links' hashes are stored.
    const hashes = await env.DB.prepare("SELECT copy_token_hash FROM envelope_signers WHERE envelope_id = ?")
      .bind(e.envelope_id)
      .all<{ copy_token_hash: string }>();
    expect(hashes.results.every((r) => /^[0-9a-f]{64}$/.test(r.copy_token_hash))).toBe(true);
    expect(JSON.stringify(hashes.results)).not.toContain(link![1]);
  });

  it("a decline declines every document: the envelope is declined and its links are dead", async () => {
    const t = await makeTenant();
    const e = await envelope(t, { sequential: false });
    const [ana, ben] = e.links;
    const r = await sign(ben!.token, "/decline", { reason: "The start date is wrong." });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ declined: true });
    const read = (await api("GET", `/v1/envelopes/${e.envelope_id}`, { key: t.key })).json;
    expect(read.status).toBe("declined");
    expect(read.documents.map((d: { status: string }) => d.status)).toEqual(["declined", "declined"]);
    const dead = await api("GET", `/v1/sign/${ana!.token}`);
    expect(dead.status).toBe(404);
    expect(dead.json.ok).toBe(false);
    expect((await sign(ana!.token, "/consent")).status).toBe(404);
  });

  it("a voided envelope's links are dead; a token of nothing reads like any dead link", async () => {
    const t = await makeTenant();
    const e = await envelope(t);
    expect((await api("POST", `/v1/envelopes/${e.envelope_id}/void`, { key: t.key, body: { reason: "Sent by mistake." } })).status).toBe(200);
    const dead = await api("GET", `/v1/sign/${e.links[0]!.token}`);
    expect(dead.status).toBe(404);
    expect(dead.json.reason).toContain("not valid");
    expect((await sign(e.links[0]!.token, "", { method: "typed", value: "Ana Ruiz" })).status).toBe(404);
    expect((await api("GET", `/v1/sign/${"ab".repeat(32)}`)).status).toBe(404);
  });

  it("an approver approves and a viewer acknowledges every document; the signer after them then signs all", async () => {
    const t = await makeTenant();
    const a = await publishedTemplate(t.key);
    const b = await publishedTemplate(t.key);
    const signers = [
      { email: "boss@example.com", full_name: "Bo Boss", role: "approver", sign_order: 1 },
      { email: "vic@example.com", full_name: "Vic Viewer", role: "viewer", sign_order: 1 },
      { email: "ana@example.com", full_name: "Ana Ruiz", role: "employee", sign_order: 2 },
    ];
    const documents = [a, b].map((x) => ({ template_code: x.code, values: VALUES }));
    const created = await api("POST", "/v1/envelopes", { key: t.key, body: { title: "Offer", documents, signers } });
    expect(created.status, created.text).toBe(200);
    const e = created.json as Sent;
    const [boss, vic, ana] = e.links;
    expect((await api("GET", `/v1/sign/${ana!.token}`)).json.is_my_turn).toBe(false);

    const approved = await sign(boss!.token, "/approve", { note: "Budget checked." });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json).toMatchObject({ approved: true, event_id: expect.stringMatching(/^evt_/) });
    expect(await statuses(e, "boss@example.com")).toEqual(["signed", "signed"]);

    // A viewer acknowledges after opening: the read records the view of every document.
    expect((await sign(vic!.token, "/acknowledge")).status).toBe(422);
    await api("GET", `/v1/sign/${vic!.token}`);
    const ack = await sign(vic!.token, "/acknowledge");
    expect(ack.status, ack.text).toBe(200);
    expect(await statuses(e, "vic@example.com")).toEqual(["signed", "signed"]);

    await sign(ana!.token, "/consent");
    expect((await sign(ana!.token, "", { method: "typed", value: "Ana Ruiz" })).status).toBe(200);
    expect((await api("GET", `/v1/envelopes/${e.envelope_id}`, { key: t.key })).json.status).toBe("completed");
  });

  it("a one-time code and file answers are not offered with an envelope's link; the create refuses what needs them", async () => {
    const t = await makeTenant();
    const e = await envelope(t);
    const code = await sign(e.links[0]!.token, "/code");
    expect(code.status).toBe(422);
    expect(code.json.error.message).toContain("envelope");
    const a = await publishedTemplate(t.key);
    const b = await publishedTemplate(t.key, { fields: [{ key: "id_card", label: "ID card", kind: "image", required: true, signer: 1 }] });
    const documents = [a, b].map((x) => ({ template_code: x.code, values: VALUES }));
    const before = (await env.DB.prepare("SELECT count(*) AS n FROM documents WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>())?.n;
    const files = await api("POST", "/v1/envelopes", { key: t.key, body: { title: "x", documents, signers: TWO } });
    expect(files.status).toBe(422);
    expect(files.json.error.message).toMatch(/^documents\.1\.template_code: .*file fields are not available in an envelope yet/);
    const coded = TWO.map((s, i) => (i === 0 ? { ...s, auth: "email_otp" } : s));
    const auth = await api("POST", "/v1/envelopes", {
      key: t.key,
      body: { title: "x", documents: documents.slice(0, 1).concat(documents.slice(0, 1)), signers: coded },
    });
    expect(auth.status).toBe(422);
    expect(auth.json.error.message).toMatch(/^signers\.0\.auth: /);
    await env.DB.prepare("UPDATE tenants SET require_signer_code = 1 WHERE id = ?").bind(t.tenantId).run();
    const account = await api("POST", "/v1/envelopes", { key: t.key, body: { title: "x", documents: [documents[0], documents[0]], signers: TWO } });
    expect(account.status).toBe(422);
    expect(account.json.error.message).toContain("requires a one-time code");
    await env.DB.prepare("UPDATE tenants SET require_signer_code = 0, part11 = 1 WHERE id = ?").bind(t.tenantId).run();
    const part11 = await api("POST", "/v1/envelopes", { key: t.key, body: { title: "x", documents: [documents[0], documents[0]], signers: TWO } });
    expect(part11.status).toBe(422);
    expect(part11.json.error.message).toContain("re-authenticates every signature (part11)");
    const disclosure = JSON.stringify({ text: "Paper copies on request.", withdraw_instructions: "Write to us.", paper_copy: { how: "Ask", cost: "Free" } });
    await env.DB.prepare("UPDATE tenants SET part11 = 0, consumer_disclosure = ? WHERE id = ?").bind(disclosure, t.tenantId).run();
    const disclosed = await api("POST", "/v1/envelopes", { key: t.key, body: { title: "x", documents: [documents[0], documents[0]], signers: TWO } });
    expect(disclosed.status).toBe(422);
    expect(disclosed.json.error.message).toContain("consumer disclosure");
    const after = (await env.DB.prepare("SELECT count(*) AS n FROM documents WHERE tenant_id = ?").bind(t.tenantId).first<{ n: number }>())?.n;
    expect(after).toBe(before);
  });

  it("three people signing at the same moment: every document signed by each, the envelope completes once, one envelope.completed", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url, events: ["envelope.completed"] });
    const docs = await Promise.all([0, 1, 2].map(() => publishedTemplate(t.key)));
    const signers = [0, 1, 2].map((n) => ({ email: `p${n}@example.com`, full_name: `Person ${n}` }));
    const documents = docs.map((d) => ({ template_code: d.code, values: VALUES }));
    const created = await api("POST", "/v1/envelopes", { key: t.key, body: { title: "Together", documents, signers, notify: false } });
    expect(created.status, created.text).toBe(200);
    const e = created.json as Sent;
    for (const l of e.links) expect((await sign(l.token, "/consent")).status).toBe(200);
    const all = await Promise.all(e.links.map((l, n) => sign(l.token, "", { method: "typed", value: `Person ${n}` })));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const s of signers) expect(await statuses(e, s.email)).toEqual(["signed", "signed", "signed"]);
    const read = (await api("GET", `/v1/envelopes/${e.envelope_id}`, { key: t.key })).json;
    expect(read.status).toBe("completed");
    expect(read.verification_code).toMatch(/^[0-9A-Z]{16}$/);
    const n = async (sql: string) => (await env.DB.prepare(sql).bind(e.envelope_id).first<{ n: number }>())?.n;
    expect(await n("SELECT count(*) AS n FROM envelope_certificates WHERE envelope_id = ?")).toBe(1);
    const hooks = await env.DB.prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = ? AND event = 'envelope.completed'")
      .bind(hook.id)
      .first<{ n: number }>();
    expect(hooks?.n).toBe(1);
    // notify: false: the caller delivers links, so no copies are emailed.
    expect(await n("SELECT count(*) AS n FROM envelope_signers WHERE envelope_id = ? AND copy_token_hash IS NOT NULL")).toBe(0);
  });
});
