/**
 * The consumer disclosure (contract "Signer identity"; docs/identity.md "Consumer disclosure"): set by
 * the operator (`PATCH /ops/v1/tenants/{id}`), carried by the link read, accepted with consent
 * (`disclosure_accepted: true`, 422 without), withdrawn by `POST /v1/sign/{token}/withdraw` (a decline
 * with the reason "consent withdrawn"), all in the trail and the certificate.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, ops, type Tenant } from "./helpers";
import { sentDocument } from "./signing-helpers";
import { addHook, newBox } from "./webhook-helpers";
import { makeAccount, makeMember, sessionFor } from "./dashboard-helpers";

const ADA = { email: "ada@example.com", full_name: "Ada Lovelace" };
const DISCLOSURE = {
  text: "You agree to receive this agreement and its notices electronically. You may ask for paper instead.",
  withdraw_instructions: "Click Withdraw on the signing page, or write to privacy@example.com.",
  paper_copy: { how: "Write to 1 Main St, Springfield.", cost: "Free" },
};

const read = (token: string) => api("GET", `/v1/sign/${token}`);
const consent = (token: string, body: Record<string, unknown> = {}) => api("POST", `/v1/sign/${token}/consent`, { body });
const withdraw = (token: string) => api("POST", `/v1/sign/${token}/withdraw`, { body: {} });

async function disclosed(disclosure: unknown = DISCLOSURE): Promise<Tenant> {
  const t = await makeTenant();
  const r = await ops("PATCH", `/tenants/${t.tenantId}`, { consumer_disclosure: disclosure });
  expect(r.status, r.text).toBe(200);
  return t;
}

const trail = async (t: Tenant, id: string) =>
  ((await api("GET", `/v1/documents/${id}`, { key: t.key })).json.events as { kind: string; detail: string | null; signer_email: string | null }[]).map(
    (e) => e,
  );

describe("the account setting", () => {
  it("is set, shown in the account list and cleared by null; bad shapes and lengths are 422 naming the field and change nothing", async () => {
    const t = await disclosed();
    const shown = async () =>
      ((await ops("GET", "/tenants?limit=200")).json.tenants as { tenant_id: string; consumer_disclosure: unknown }[]).find((x) => x.tenant_id === t.tenantId)!
        .consumer_disclosure;
    expect(await shown()).toEqual(DISCLOSURE);
    const bad = [
      { ...DISCLOSURE, text: "x".repeat(10_001) },
      { ...DISCLOSURE, withdraw_instructions: "x".repeat(2_001) },
      { ...DISCLOSURE, paper_copy: { how: "Write to us" } },
      { text: "Only text" },
      { ...DISCLOSURE, extra: true },
    ];
    for (const b of bad) {
      const r = await ops("PATCH", `/tenants/${t.tenantId}`, { consumer_disclosure: b });
      expect(r.status, JSON.stringify(b).slice(0, 80)).toBe(422);
      expect(r.json.error.message).toMatch(/consumer_disclosure/);
    }
    expect(await shown()).toEqual(DISCLOSURE);
    expect((await ops("PATCH", `/tenants/${t.tenantId}`, { consumer_disclosure: null })).status).toBe(200);
    expect(await shown()).toBeNull();
  });
});

describe("a signer of an account with a disclosure", () => {
  it("reads it on the link; consent without disclosure_accepted (or with false) is 422 naming it and records nothing", async () => {
    const t = await disclosed();
    const { id, links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    const r = await read(links[0]!.token);
    expect(r.json.consumer_disclosure).toEqual(DISCLOSURE);
    expect(r.json.disclosure_accepted_at).toBeNull();
    for (const body of [{}, { disclosure_accepted: false }]) {
      const c = await consent(links[0]!.token, body);
      expect(c.status).toBe(422);
      expect(c.json.error.code).toBe("invalid");
      expect(c.json.error.message).toMatch(/^disclosure_accepted: /);
    }
    expect((await trail(t, id)).map((e) => e.kind)).not.toContain("consented");
    const sign = await api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(sign.status).toBe(422);
  });

  it("accepts with consent: the trail records disclosure_accepted (with the disclosure's hash) before consented; the certificate carries disclosure_accepted_at", async () => {
    const t = await disclosed();
    const { id, links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    const c = await consent(links[0]!.token, { disclosure_accepted: true });
    expect(c.status, c.text).toBe(200);
    const kinds = (await trail(t, id)).map((e) => e.kind);
    expect(kinds.indexOf("disclosure_accepted")).toBeGreaterThan(-1);
    expect(kinds.indexOf("disclosure_accepted")).toBeLessThan(kinds.indexOf("consented"));
    expect((await trail(t, id)).find((e) => e.kind === "disclosure_accepted")!.detail).toMatch(/^disclosure sha256:[0-9a-f]{64}$/);
    const after = await read(links[0]!.token);
    expect(after.json.disclosure_accepted_at).toBe(after.json.consented_at);
    const s = await api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "typed", value: "Ada Lovelace" } });
    expect(s.status, s.text).toBe(200);
    const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
    expect(cert.json.payload.signers[0].disclosure_accepted_at).toBe(after.json.consented_at);
    expect((cert.json.payload.events as { kind: string }[]).map((e) => e.kind)).toContain("disclosure_accepted");
  });

  it("an account without a disclosure: the link read says null and consent needs nothing more", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    expect((await read(links[0]!.token)).json.consumer_disclosure).toBeNull();
    expect((await consent(links[0]!.token)).status).toBe(200);
  });
});

describe("a disclosure the account changes after the signer read the link", () => {
  // The consent uses the disclosure the link read saw (no read of its own) and commits only if it is still the account's.
  const sha256 = async (d: unknown) =>
    `disclosure sha256:${[...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(d))))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  const setDisclosure = async (t: Tenant, d: unknown) => expect((await ops("PATCH", `/tenants/${t.tenantId}`, { consumer_disclosure: d })).status).toBe(200);

  it("set after the read: consent without acceptance is 422 and records nothing; with it, the trail names the new disclosure", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    expect((await read(links[0]!.token)).json.consumer_disclosure).toBeNull();
    await setDisclosure(t, DISCLOSURE);
    const refused = await consent(links[0]!.token);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json.error.message).toMatch(/^disclosure_accepted: /);
    expect((await trail(t, id)).map((e) => e.kind)).not.toContain("consented");
    expect((await consent(links[0]!.token, { disclosure_accepted: true })).status).toBe(200);
    expect((await trail(t, id)).find((e) => e.kind === "disclosure_accepted")!.detail).toBe(await sha256(DISCLOSURE));
  });

  it("changed after the read: the accepted version is the one in force at consent", async () => {
    const t = await disclosed();
    const { id, links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    expect((await read(links[0]!.token)).json.consumer_disclosure).toEqual(DISCLOSURE);
    const revised = { ...DISCLOSURE, text: `${DISCLOSURE.text} Revised.` };
    await setDisclosure(t, revised);
    expect((await consent(links[0]!.token, { disclosure_accepted: true })).status).toBe(200);
    const accepted = (await trail(t, id)).filter((e) => e.kind === "disclosure_accepted");
    expect(accepted.map((e) => e.detail)).toEqual([await sha256(revised)]);
  });

  it("cleared after the read: consent needs nothing more and records no acceptance", async () => {
    const t = await disclosed();
    const { id, links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    await read(links[0]!.token);
    await setDisclosure(t, null);
    expect((await consent(links[0]!.token)).status).toBe(200);
    const kinds = (await trail(t, id)).map((e) => e.kind);
    expect(kinds).toContain("consented");
    expect(kinds).not.toContain("disclosure_accepted");
  });
});

describe("POST /v1/sign/{token}/withdraw", () => {
  it('ends the signer\'s part like a decline with the reason "consent withdrawn": the same statuses, events and webhook', async () => {
    const t = await disclosed();
    const box = newBox();
    await addHook(t.key, { url: box.url });
    const { id, links } = await sentDocument(t.key, { signers: [ADA, { email: "ben@example.com", full_name: "Ben Okafor" }], notify: false });
    expect((await consent(links[0]!.token, { disclosure_accepted: true })).status).toBe(200);
    const w = await withdraw(links[0]!.token);
    expect(w.status, w.text).toBe(200);
    expect(w.json).toEqual({ declined: true });
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.status).toBe("declined");
    expect(doc.json.signers[0]).toMatchObject({ status: "declined", decline_reason: "consent withdrawn" });
    const events = doc.json.events as { kind: string; detail: string | null }[];
    const k = events.map((e) => e.kind);
    expect(k.slice(-2)).toEqual(["consent_withdrawn", "declined"]);
    expect(events.at(-1)!.detail).toBe("consent withdrawn");
    const hooks = await env.DB.prepare("SELECT event FROM webhook_deliveries WHERE document_id = ? ORDER BY created_at").bind(id).all<{ event: string }>();
    const names = hooks.results.map((r) => r.event);
    expect(names).toContain("signing.declined");
    expect(names.some((n) => n.includes("withdrawn") || n.includes("disclosure"))).toBe(false);
    // The document ended as a decline ends it: its links are dead (404), the other signer's too.
    expect((await withdraw(links[0]!.token)).status).toBe(404);
    expect((await consent(links[1]!.token, { disclosure_accepted: true })).status).toBe(404);
  });

  it("works before consent too (the signer read the disclosure and will not do business electronically)", async () => {
    const t = await disclosed();
    const { id, links } = await sentDocument(t.key, { signers: [ADA], notify: false });
    expect((await withdraw(links[0]!.token)).status).toBe(200);
    const doc = await api("GET", `/v1/documents/${id}`, { key: t.key });
    expect(doc.json.signers[0].decline_reason).toBe("consent withdrawn");
  });

  it("is 404 for a token that matches nothing", async () => {
    expect((await withdraw("f".repeat(64))).status).toBe(404);
  });
});

describe("the dashboard's account settings", () => {
  it("the owner sets and clears the disclosure (checked as the operator API checks it); part11 is shown", async () => {
    const t = await makeAccount();
    const b = await sessionFor(await makeMember(t, "owner"));
    const page = await b.get("/app/account");
    expect(page.text).toContain("Part 11 is off");
    const form = {
      text: DISCLOSURE.text,
      withdraw_instructions: DISCLOSURE.withdraw_instructions,
      paper_how: DISCLOSURE.paper_copy.how,
      paper_cost: DISCLOSURE.paper_copy.cost,
    };
    const saved = await b.submit("/app/account/disclosure", form);
    expect(saved.status, saved.text.slice(0, 500)).toBe(200);
    const stored = async () =>
      ((await ops("GET", "/tenants?limit=200")).json.tenants as { tenant_id: string; consumer_disclosure: unknown }[]).find((x) => x.tenant_id === t)!
        .consumer_disclosure;
    expect(await stored()).toEqual(DISCLOSURE);
    const bad = await b.submit("/app/account/disclosure", { ...form, paper_cost: "" });
    expect(bad.status).toBe(422);
    expect(await stored()).toEqual(DISCLOSURE);
    expect((await b.submit("/app/account/disclosure", { text: "", withdraw_instructions: "", paper_how: "", paper_cost: "" })).status).toBe(200);
    expect(await stored()).toBeNull();
    await ops("PATCH", `/tenants/${t}`, { part11: true });
    expect((await b.get("/app/account")).text).toContain("Part 11 is on");
  });
});
