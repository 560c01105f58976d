/**
 * Re-authentication with a reason (contract "Signer identity"; docs/identity.md "Re-authentication
 * with a reason"): `reauthenticate: true` at send (or an account's `part11`) makes each signature
 * need a one-time code confirmed at most 5 minutes before and a `reason` (the template's list, or
 * free text ≤ 200); the certificate carries `reason` and `reauthenticated_at` for such signers only.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops, type Tenant } from "./helpers";
import { consentAndSign, deliverLink, forgetState, preparedDocument, sentDocument } from "./signing-helpers";
import { page, select, unescapeHtml } from "./pages-helpers";
import { issueKey } from "../src/domain/accounts";
import { makeAccount, makeMember, sessionFor } from "./dashboard-helpers";

const ADA = { email: "ada@example.com", full_name: "Ana Ruiz" };
const REASONS = ["Approved", "Reviewed"];
const settle = (tenantId: string) => env.MESSAGE_QUEUE.getByName(tenantId).idle();

const read = (token: string) => api("GET", `/v1/sign/${token}`);
const consent = (token: string) => api("POST", `/v1/sign/${token}/consent`, { body: {} });
const sign = (token: string, extra: Record<string, unknown> = {}) =>
  api("POST", `/v1/sign/${token}`, { body: { method: "typed", value: "Ana Ruiz", ...extra } });

/** The newest code sent to a signer, as the outbox shows it. */
async function codeFor(t: Tenant, documentId: string, signerId: string) {
  await settle(t.tenantId);
  const out = await ops("GET", `/outbox?document_id=${documentId}`);
  const m = (out.json.messages as { signer_id: string; purpose: string; code: string | null }[]).filter(
    (x) => x.signer_id === signerId && x.purpose === "signing.code",
  );
  expect(m.at(-1)?.code ?? m[0]?.code).toMatch(/^\d{6}$/);
  return m;
}

/** Asks a code and confirms it: the re-authentication before a signature. */
async function reauthenticate(t: Tenant, id: string, link: { signer_id: string; token: string }) {
  const r = await api("POST", `/v1/sign/${link.token}/code`, { body: {} });
  expect(r.status, r.text).toBe(200);
  const codes = await codeFor(t, id, link.signer_id);
  // The outbox lists newest first or last: try each until one is right (only the newest is live).
  for (const m of codes) {
    const v = await api("POST", `/v1/sign/${link.token}/verify`, { body: { code: m.code } });
    expect(v.status, v.text).toBe(200);
    if (v.json.ok) return;
  }
  throw new Error("no code confirmed");
}

/** A document sent with reauthenticate to one signer whose link the service delivered (codes go only to those). */
async function reauthDocument(opts: { reasons?: string[]; t?: Tenant; send?: Record<string, unknown> } = {}) {
  const t = opts.t ?? (await makeTenant());
  const draft = await preparedDocument(t.key, {}, opts.reasons ? { reasons: opts.reasons } : {});
  const s = await api("POST", `/v1/documents/${draft}/send`, { key: t.key, body: { signers: [ADA], notify: false, reauthenticate: true, ...opts.send } });
  expect(s.status, s.text).toBe(200);
  const link = s.json.links[0] as { signer_id: string; email: string; token: string };
  await deliverLink(t.tenantId, draft, link);
  return { t, id: draft, link };
}

const signerRow = (id: string) =>
  env.DB.prepare("SELECT status, sign_reason, reauthenticated_at, code_verified_at FROM signers WHERE id = ?")
    .bind(id)
    .first<{ status: string; sign_reason: string | null; reauthenticated_at: string | null; code_verified_at: string | null }>();

describe("template reasons", () => {
  it("takes 0-10 reasons of at most 100 characters on create and revise, and refuses more, longer or repeated ones (422 naming reasons)", async () => {
    const t = await makeTenant();
    const base = { name: "SOP", kind: "nda", body: "Standard procedure." };
    const ok = await api("POST", "/v1/templates", { key: t.key, body: { ...base, code: "sop", reasons: REASONS } });
    expect(ok.status, ok.text).toBe(200);
    for (const reasons of [Array.from({ length: 11 }, (_, i) => `R${i}`), ["x".repeat(101)], ["Approved", "Approved"], [""]]) {
      const r = await api("POST", "/v1/templates", { key: t.key, body: { ...base, code: "sop-bad", reasons } });
      expect(r.status, JSON.stringify(reasons)).toBe(422);
      expect(r.json.error.message).toMatch(/reasons/);
    }
    await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "sop" } });
    const rev = await api("POST", "/v1/templates/revise", { key: t.key, body: { code: "sop", reasons: ["Authored"] } });
    expect(rev.status, rev.text).toBe(200);
    const list = await api("GET", "/v1/templates", { key: t.key });
    const versions = (list.json.templates ?? list.json.data ?? list.json) as { code: string; version: number; reasons: string[] }[];
    expect(versions.find((v) => v.code === "sop" && v.version === 1)?.reasons).toEqual(REASONS);
    expect(versions.find((v) => v.code === "sop" && v.version === 2)?.reasons).toEqual(["Authored"]);
  });
});

describe("signing with re-authentication", () => {
  it("the link read tells the page: reauthentication_required and the reasons; a plain link says false", async () => {
    const { link } = await reauthDocument({ reasons: REASONS });
    const r = await read(link.token);
    expect(r.json.reauthentication_required).toBe(true);
    expect(r.json.reasons).toEqual(REASONS);
    const t = await makeTenant();
    const plain = await sentDocument(t.key, { signers: [ADA], notify: false });
    const p = await read(plain.links[0]!.token);
    expect(p.json.reauthentication_required).toBe(false);
    expect(p.json.reasons).toEqual([]);
  });

  it("refuses a signature without a confirmed code (422 naming code), then without a reason (422 naming reason), and changes nothing", async () => {
    const { t, id, link } = await reauthDocument({ reasons: REASONS });
    expect((await consent(link.token)).status).toBe(200);
    const noCode = await sign(link.token, { reason: "Approved" });
    expect(noCode.status).toBe(422);
    expect(noCode.json.error.code).toBe("invalid");
    expect(noCode.json.error.message).toMatch(/^code: /);
    await reauthenticate(t, id, link);
    const noReason = await sign(link.token);
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.message).toMatch(/^reason: /);
    const notListed = await sign(link.token, { reason: "Because" });
    expect(notListed.status).toBe(422);
    expect(notListed.json.error.message).toMatch(/^reason: must be one of "Approved", "Reviewed"/);
    expect((await signerRow(link.signer_id))!.status).toBe("pending");
    const ok = await sign(link.token, { reason: "Approved" });
    expect(ok.status, ok.text).toBe(200);
    const row = await signerRow(link.signer_id);
    expect(row).toMatchObject({ status: "signed", sign_reason: "Approved" });
    expect(row!.reauthenticated_at).toBe(row!.code_verified_at);
  });

  it("refuses a code confirmed more than 5 minutes before the signature (422 naming code)", async () => {
    const { t, id, link } = await reauthDocument();
    await consent(link.token);
    await reauthenticate(t, id, link);
    await env.DB.prepare("UPDATE signers SET code_verified_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 5 * 60_000 - 5_000).toISOString(), link.signer_id)
      .run();
    await forgetState(id);
    const r = await sign(link.token, { reason: "Looks right" });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/^code: .*5 minutes/);
    expect((await signerRow(link.signer_id))!.status).toBe("pending");
  });

  it("takes free text of at most 200 characters when the template lists no reasons", async () => {
    const { t, id, link } = await reauthDocument();
    await consent(link.token);
    await reauthenticate(t, id, link);
    const long = await sign(link.token, { reason: "x".repeat(201) });
    expect(long.status).toBe(422);
    expect(long.json.error.message).toMatch(/reason/);
    const blank = await sign(link.token, { reason: "   " });
    expect(blank.status).toBe(422);
    expect(blank.json.error.message).toMatch(/reason/);
    const ok = await sign(link.token, { reason: "I wrote this procedure" });
    expect(ok.status, ok.text).toBe(200);
    expect((await signerRow(link.signer_id))!.sign_reason).toBe("I wrote this procedure");
  });

  it("the page asks the reason in the sign form, in a field of its own beside the decline form's reason (no id twice)", async () => {
    const { t, id, link } = await reauthDocument({ reasons: REASONS });
    await consent(link.token);
    await reauthenticate(t, id, link);
    const shown = await page("GET", `/s/${link.token}?lang=en`);
    expect(shown.status).toBe(200);
    expect((await select(shown.text, "#sign-form select#sign-reason[name=reason][required] option")).map((o) => o.attrs.value)).toEqual(["", ...REASONS]);
    expect((await select(shown.text, "form[action$='/decline'] textarea#reason[name=reason]")).length).toBe(1);
    const ids = (await select(shown.text, "[id]")).map((e) => e.attrs.id!);
    expect(ids.filter((x, i) => ids.indexOf(x) !== i)).toEqual([]);
  });

  it("asks for another code after a confirmed one (re-authentication is per signature), and a verified code stays confirmed", async () => {
    const { t, id, link } = await reauthDocument();
    await reauthenticate(t, id, link);
    const again = await api("POST", `/v1/sign/${link.token}/code`, { body: {} });
    // The one-a-minute limit still applies; the refusal is not "already confirmed".
    expect([200, 429]).toContain(again.status);
    if (again.status !== 200) expect(again.json.error.code).toBe("rate_limited");
  });
});

describe("part11 forces re-authentication", () => {
  it("an account with part11 sends every document with reauthenticate, even when the send does not ask; the account read shows part11", async () => {
    const t = await makeTenant();
    const p = await ops("PATCH", `/tenants/${t.tenantId}`, { part11: true });
    expect(p.status, p.text).toBe(200);
    const list = await ops("GET", `/tenants?limit=200`);
    expect((list.json.tenants as { tenant_id: string; part11: boolean }[]).find((x) => x.tenant_id === t.tenantId)?.part11).toBe(true);
    const { id, links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.reauthenticate).toBe(true);
    expect((await read(links[0]!.token)).json.reauthentication_required).toBe(true);
    await consent(links[0]!.token);
    const r = await sign(links[0]!.token, { reason: "Approved" });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toMatch(/^code: /);
  });

  it("under part11 the operator can neither issue a member's sign-in link nor set their password (each member's own sign-in)", async () => {
    const t = await makeTenant();
    const m = await ops("POST", `/tenants/${t.tenantId}/members`, { email: "qa@example.com", full_name: "Quality Lead", role: "owner" });
    expect(m.status, m.text).toBe(200);
    expect((await ops("POST", `/tenants/${t.tenantId}/members/sign-in-link`, { email: "qa@example.com" })).status).toBe(200);
    await ops("PATCH", `/tenants/${t.tenantId}`, { part11: true });
    const link = await ops("POST", `/tenants/${t.tenantId}/members/sign-in-link`, { email: "qa@example.com" });
    expect(link.status).toBe(422);
    expect(link.json.error.message).toMatch(/^part11: /);
    const pw = await ops("POST", `/tenants/${t.tenantId}/members/password`, { email: "qa@example.com", password: "correct horse battery staple" });
    expect(pw.status).toBe(422);
    expect(pw.json.error.message).toMatch(/^part11: /);
  });

  it("a workflow with reauthenticate starts documents that need it", async () => {
    const t = await makeTenant();
    const tpl = await api("POST", "/v1/templates", { key: t.key, body: { code: "wf-sop", name: "SOP", kind: "nda", body: "Procedure.", reasons: REASONS } });
    expect(tpl.status, tpl.text).toBe(200);
    await api("POST", "/v1/templates/publish", { key: t.key, body: { code: "wf-sop" } });
    const wf = await api("POST", "/v1/workflows", {
      key: t.key,
      body: {
        code: "sop-sign",
        name: "SOP sign-off",
        template_code: "wf-sop",
        signer_roles: [{ label: "Signer", role: "signer", order: 1, participant: true }],
        reauthenticate: true,
      },
    });
    expect(wf.status, wf.text).toBe(200);
    expect(wf.json.reauthenticate).toBe(true);
    const start = await api("POST", `/v1/workflows/${wf.json.id}/start`, { key: t.key, body: { email: "ana@example.com", full_name: "Ana Ruiz" } });
    expect(start.status, start.text).toBe(200);
    const doc = await api("GET", `/v1/documents/${start.json.document_id}`, { key: t.key });
    expect(doc.json.reauthenticate).toBe(true);
    const token = start.json.signers[0].token as string;
    const r = await read(token);
    expect(r.json.reauthentication_required).toBe(true);
    expect(r.json.reasons).toEqual(REASONS);
  });
});

describe("the certificate", () => {
  it("carries reason and reauthenticated_at for such a signer; the trail's signed event names the reason", async () => {
    const { t, id, link } = await reauthDocument({ reasons: REASONS });
    await consent(link.token);
    await reauthenticate(t, id, link);
    expect((await sign(link.token, { reason: "Reviewed" })).status).toBe(200);
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.status, cert.text).toBe(200);
    const entry = cert.json.payload.signers[0];
    expect(entry.reason).toBe("Reviewed");
    expect(entry.reauthenticated_at).toBe((await signerRow(link.signer_id))!.reauthenticated_at);
    expect(Date.parse(entry.signed_at) - Date.parse(entry.reauthenticated_at)).toBeLessThanOrEqual(5 * 60_000);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    const signed = (doc.json.events as { kind: string; detail: string }[]).find((e) => e.kind === "signed");
    expect(signed?.detail).toContain("reason: Reviewed");
    expect(doc.json.signers[0].sign_reason).toBe("Reviewed");
    // The verification page shows it beside the signer, in its language.
    const shown = await api("GET", `/verify/${cert.json.verification_code}?sha256=${cert.json.document_sha256_hex}&lang=fr`);
    const facts = (await select(shown.text, "dl.facts dt, dl.facts dd")).map((x) => unescapeHtml(x.text));
    expect(facts[facts.indexOf("Motif") + 1]).toMatch(/^Reviewed \(code confirmé le .+ UTC\)$/);
  });

  it("leaves a plain certificate's payload as it was: no reason, no reauthenticated_at, no disclosure key", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    await consentAndSign(links[0]!.token, "Ana Ruiz");
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    const entry = cert.json.payload.signers[0];
    expect(Object.keys(entry).sort()).toEqual(["consented_at", "email", "full_name", "role", "sign_order", "signature", "signed_at", "status"]);
    expect(cert.text).not.toContain("reauthenticated_at");
    expect(cert.text).not.toContain("disclosure_accepted_at");
  });
});

describe("the dashboard", () => {
  it("sends with Re-authenticate at signing, offers ID check only with an identity provider, takes template reasons, and shows the reason", async () => {
    const t = await makeAccount();
    const { key } = await issueKey(env, t, { label: "k", mode: "live", scopes: ["signing:read", "signing:write", "signing:templates"] }, "test");
    const b = await sessionFor(await makeMember(t, "owner"));
    expect((await b.submit("/app/mode", { mode: "live", back: "/app/documents" })).status).toBe(303);
    // Template reasons, one a line.
    const made = await b.submit("/app/templates", {
      code: "sop-dash",
      name: "SOP",
      kind: "nda",
      body: "Procedure.",
      variables: "",
      reasons: "Approved\nReviewed\n",
    });
    expect([200, 303], made.text.slice(0, 500)).toContain(made.status);
    const listed = await api("GET", "/v1/templates", { key });
    expect((listed.json.templates as { code: string; reasons: string[] }[]).find((x) => x.code === "sop-dash")?.reasons).toEqual(REASONS);
    await api("POST", "/v1/templates/publish", { key, body: { code: "sop-dash" } });

    const form = await b.get("/app/documents/new?template=sop-dash");
    expect((await select(form.text, "input[name=reauthenticate]")).length).toBe(1);
    // No identity provider in this test's configuration: no ID check option.
    expect((await select(form.text, "select#s0-auth option")).map((o) => o.attrs.value)).toEqual(["none", "access_code"]);
    const sent = await b.submit("/app/documents", {
      template_code: "sop-dash",
      rows: "1",
      "signer.0.full_name": "Ana Ruiz",
      "signer.0.email": "ana@example.com",
      reauthenticate: "true",
    });
    expect(sent.status, sent.text.slice(0, 500)).toBe(200);
    const id = /\/app\/documents\/(doc_[a-z0-9]+)/.exec(sent.text)![1]!;
    const d = (await api("GET", `/v1/documents/${id}`, { key })).json;
    expect(d.reauthenticate).toBe(true);
    // A staff action names the member behind it in the trail.
    expect((d.events as { kind: string; detail: string }[]).find((e) => e.kind === "sent")?.detail).toMatch(/; by member:mem_[a-z0-9]+$/);
    // The signer's reason on the document page once signed (the row as a re-authenticated signature leaves it).
    await env.DB.prepare("UPDATE signers SET status = 'signed', signed_at = ?, sign_reason = 'Reviewed' WHERE document_id = ?")
      .bind(new Date().toISOString(), id)
      .run();
    const view = await b.get(`/app/documents/${id}`);
    expect(unescapeHtml(view.text)).toContain("reason: Reviewed");
  });
});
