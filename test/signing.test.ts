import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { sha256Hex } from "../src/lib/crypto";
import { consentAndSign, people, sentDocument, forgetState } from "./signing-helpers";

const FIELDS = [
  { key: "email_addr", label: "Email", kind: "email" },
  { key: "plan", label: "Plan", kind: "select", options: ["basic", "pro"] },
  { key: "agree", label: "I agree", kind: "checkbox" },
  { key: "dob", label: "Born", kind: "date", required: false },
  { key: "internal", label: "Staff note", kind: "text", staff_only: true },
];

const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe("GET /v1/sign/{token}", () => {
  it("returns every field of the read and records the first view only once", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { tpl: { fields: FIELDS, grants: { share: true }, consent_text: "I agree to e-sign." } });
    const ua = { "user-agent": "SignerPhone/1.0" };
    const r = await api("GET", `/v1/sign/${links[1]!.token}`, { headers: ua, ip: "198.51.100.9" });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.json).toMatchObject({
      ok: true,
      reason: null,
      document_id: id,
      document_status: "sent",
      sequential: false,
      signer_id: links[1]!.signer_id,
      email: "signer2@example.com",
      full_name: "Signer 2",
      signer_role: "signer",
      sign_order: 2,
      signer_status: "pending",
      consented_at: null,
      template_kind: "nda",
      grants: { share: true },
      is_my_turn: true,
      waiting_on: "Signer 1",
      consent_text: "I agree to e-sign.",
      // The template's own wording is named by its hash, not by the service's consent/1.
      consent_version: `consent/custom-${(await sha256Hex("I agree to e-sign.")).slice(0, 12)}`,
      intent_version: "intent/1",
      pages: null,
    });
    expect(r.json.tenant_name).toMatch(/^Acme/);
    expect(r.json.signers).toEqual([
      { full_name: "Signer 1", role: "signer", sign_order: 1, status: "pending", signed_at: null, is_me: false },
      { full_name: "Signer 2", role: "signer", sign_order: 2, status: "pending", signed_at: null, is_me: true },
    ]);
    // Staff-only fields are never asked of signers.
    expect(r.json.fields.map((f: { key: string }) => f.key)).toEqual(["email_addr", "plan", "agree", "dob"]);
    expect(r.json.fields[1]).toMatchObject({ kind: "select", options: ["basic", "pro"], supplied: false, required: true });
    await api("GET", `/v1/sign/${links[1]!.token}`);
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    const viewed = d.events.filter((e: { kind: string }) => e.kind === "viewed");
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({ signer_email: "signer2@example.com", ip: "198.51.100.9", user_agent: "SignerPhone/1.0", against_sha256: d.body_sha256 });
  });

  it("fails a bad link and an expired one identically", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    await env.DB.prepare("UPDATE documents SET expires_at = ? WHERE id = ?").bind("2001-01-01T00:00:00.000Z", id).run();
    await forgetState(id); // a write behind the sequencer's back
    const expired = await api("GET", `/v1/sign/${links[0]!.token}`);
    const bad = await api("GET", `/v1/sign/${"ab".repeat(32)}`);
    const malformed = await api("GET", "/v1/sign/not-a-token");
    expect(expired.status).toBe(404);
    expect(expired.json.ok).toBe(false);
    expect(expired.json.reason).toMatch(/not valid/);
    expect(Object.entries(expired.json).filter(([k, v]) => k !== "ok" && k !== "reason" && v !== null)).toEqual([]);
    expect(bad.text).toBe(expired.text);
    expect(malformed.text).toBe(expired.text);
    const post = await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {} });
    const postBad = await api("POST", `/v1/sign/${"ab".repeat(32)}/consent`, { body: {} });
    expect(post.status).toBe(404);
    expect(post.text).toBe(postBad.text);
  });
});

describe("consent, fields and signing", () => {
  it("refuses to sign before consent, with a required field missing, and validates each kind", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(1), tpl: { fields: FIELDS } });
    const tok = links[0]!.token;
    const sign = () => api("POST", `/v1/sign/${tok}`, { body: { method: "drawn", value: PNG } });
    let r = await sign();
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("Consent");
    expect((await api("POST", `/v1/sign/${tok}/consent`, { body: {} })).json).toEqual({ consented: true });
    r = await sign();
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("email_addr, plan, agree");
    const field = (key: string, value: string) => api("POST", `/v1/sign/${tok}/fields`, { body: { key, value } });
    expect((await field("email_addr", "nope")).status).toBe(422);
    expect((await field("plan", "gold")).status).toBe(422);
    expect((await field("dob", "2001-02-30")).status).toBe(422);
    expect((await field("agree", "yes")).status).toBe(422);
    expect((await field("internal", "x")).status).toBe(422);
    expect((await field("unknown", "x")).status).toBe(422);
    expect((await field("email_addr", " ada@example.com ")).json).toEqual({ supplied: true });
    expect((await field("plan", "pro")).status).toBe(200);
    expect((await field("agree", "false")).status).toBe(200); // an unticked required box is no answer
    r = await sign();
    expect(r.json.error.message).toContain("agree");
    expect((await field("agree", "true")).status).toBe(200);
    r = await sign();
    expect(r.status).toBe(200);
    expect(r.json.event_id).toMatch(/^evt_/);
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.status).toBe("completed");
    const signed = d.events.find((e: { kind: string }) => e.kind === "signed");
    expect(signed).toMatchObject({ event_id: r.json.event_id, signature_method: "drawn", signer_email: "signer1@example.com", against_sha256: d.body_sha256 });
    const kinds = d.events.map((e: { kind: string }) => e.kind);
    expect(kinds.indexOf("consented")).toBeLessThan(kinds.indexOf("signed"));
    const values = await env.DB.prepare("SELECT key, value FROM field_values WHERE document_id = ? ORDER BY key").bind(id).all();
    expect(values.results).toEqual([
      { key: "agree", value: "true" },
      { key: "email_addr", value: "ada@example.com" },
      { key: "plan", value: "pro" },
    ]);
  });

  it("refuses a drawn signature that is not an image, and a second signature", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: people(1) });
    const tok = links[0]!.token;
    await api("POST", `/v1/sign/${tok}/consent`, { body: {} });
    expect((await api("POST", `/v1/sign/${tok}`, { body: { method: "drawn", value: "<svg/>" } })).status).toBe(422);
    expect((await api("POST", `/v1/sign/${tok}`, { body: { method: "scribbled", value: "x" } })).status).toBe(422);
    expect((await api("POST", `/v1/sign/${tok}`, { body: { method: "typed", value: "Signer 1" } })).status).toBe(200);
    const again = await api("POST", `/v1/sign/${tok}`, { body: { method: "typed", value: "Signer 1" } });
    expect(again.status).toBe(422);
  });

  it("keeps the device's claimed time beside the receipt time with the skew", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: people(1) });
    const tok = links[0]!.token;
    await api("POST", `/v1/sign/${tok}/consent`, { body: {} });
    const at = new Date(Date.now() - 90_000).toISOString();
    const r = await api("POST", `/v1/sign/${tok}`, { body: { method: "typed", value: "Signer 1", captured: { at, device: "tablet-7" } } });
    expect(r.status).toBe(200);
    const row = await env.DB.prepare("SELECT captured, signed_at FROM signers WHERE id = ?")
      .bind(links[0]!.signer_id)
      .first<{ captured: string; signed_at: string }>();
    const c = JSON.parse(row!.captured);
    expect(c).toMatchObject({ claimed_at: at, received_at: row!.signed_at, device: "tablet-7" });
    expect(c.skew_ms).toBe(Date.parse(row!.signed_at) - Date.parse(at));
    expect(c.skew_ms).toBeGreaterThanOrEqual(90_000);
  });

  it("refuses out of turn on a sequential document and tells whose turn it is", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { doc: { sequential: true } });
    const second = await api("GET", `/v1/sign/${links[1]!.token}`);
    expect(second.json).toMatchObject({ is_my_turn: false, waiting_on: "Signer 1", sequential: true });
    await api("POST", `/v1/sign/${links[1]!.token}/consent`, { body: {} });
    const r = await api("POST", `/v1/sign/${links[1]!.token}`, { body: { method: "typed", value: "Signer 2" } });
    expect(r.status).toBe(422);
    expect(r.json.error.message).toContain("turn");
    await consentAndSign(links[0]!.token, "Signer 1");
    expect((await api("GET", `/v1/sign/${links[1]!.token}`)).json).toMatchObject({ is_my_turn: true, waiting_on: "Signer 2" });
    expect((await api("POST", `/v1/sign/${links[1]!.token}`, { body: { method: "typed", value: "Signer 2" } })).status).toBe(200);
  });

  it("never lets a cc recipient consent or sign, but lets them read", async () => {
    const t = await makeTenant();
    const { links } = await sentDocument(t.key, { signers: [...people(1), { email: "cc@example.com", full_name: "Copy", role: "cc" }] });
    const cc = links[1]!.token;
    expect((await api("GET", `/v1/sign/${cc}`)).json).toMatchObject({ ok: true, signer_role: "cc", is_my_turn: false, fields: [] });
    expect((await api("POST", `/v1/sign/${cc}/consent`, { body: {} })).status).toBe(422);
    await consentAndSign(links[0]!.token);
    // The completed document is still readable by its links.
    expect((await api("GET", `/v1/sign/${cc}`)).json).toMatchObject({ ok: true, document_status: "completed" });
  });
});

describe("POST /v1/sign/{token}/decline", () => {
  it("needs a reason, ends the document as declined, and the other links then fail like bad ones", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key);
    expect((await api("POST", `/v1/sign/${links[0]!.token}/decline`, { body: { reason: "  " } })).status).toBe(422);
    const r = await api("POST", `/v1/sign/${links[0]!.token}/decline`, { body: { reason: "Terms changed" } });
    expect(r.json).toEqual({ declined: true });
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(d.status).toBe("declined");
    expect(d.signers[0]).toMatchObject({ status: "declined", decline_reason: "Terms changed" });
    expect(d.signers[1].status).toBe("pending");
    expect(d.events.at(-1)).toMatchObject({ kind: "declined", detail: "Terms changed", signer_email: "signer1@example.com" });
    const other = await api("GET", `/v1/sign/${links[1]!.token}`);
    const bad = await api("GET", `/v1/sign/${"cd".repeat(32)}`);
    expect(other.status).toBe(404);
    expect(other.text).toBe(bad.text);
  });
});

describe("the trail", () => {
  it("carries time, signer, address, agent and the hash on every event", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { signers: people(1) });
    await api("GET", `/v1/sign/${links[0]!.token}`, { ip: "2001:db8::5", headers: { "user-agent": "UA-1" } });
    await api("POST", `/v1/sign/${links[0]!.token}/consent`, { body: {}, ip: "2001:db8::5", headers: { "user-agent": "UA-1" } });
    await api("POST", `/v1/sign/${links[0]!.token}`, { body: { method: "typed", value: "S" }, ip: "2001:db8::5", headers: { "user-agent": "UA-1" } });
    const d = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    for (const e of d.events) {
      expect(Date.parse(e.occurred_at)).toBeGreaterThan(0);
      expect(e.against_sha256).toBe(d.body_sha256);
    }
    for (const e of d.events.filter((x: { kind: string }) => ["viewed", "consented", "signed"].includes(x.kind))) {
      expect(e).toMatchObject({ signer_email: "signer1@example.com", ip: "2001:db8::5", user_agent: "UA-1" });
    }
  });
});
