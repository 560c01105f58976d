/**
 * The certificate, the verification answer and the /verify page say who approved, acknowledged,
 * witnessed, signed for a group and delegated (docs/evidence.md "Roles, groups and delegation").
 * Groups and witnesses go through the API; approvals, acknowledgements and delegations are set on
 * the signer rows through D1 before the last signature (as their actions would leave them).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { consentAndSign, forgetState, sentDocument } from "./signing-helpers";
import { canonicalJson } from "../src/lib/canonical-json";
import { sha256Hex } from "../src/lib/crypto";
import { redactPayload, type CertificatePayload } from "../src/domain/certificates";
import { partWords } from "../src/domain/evidence-pdf/certificate";

const SIGNERS = [
  { email: "alice@example.com", full_name: "Alice Approver", role: "approver", sign_order: 1 },
  {
    group_name: "Board",
    group: [
      { email: "bea@example.com", full_name: "Bea Board" },
      { email: "carl@example.com", full_name: "Carl Board" },
    ],
    sign_order: 2,
  },
  { email: "dan@example.com", full_name: "Dan Signer", party_id: "dan", sign_order: 2 },
  { email: "wes@example.com", full_name: "Wes Witness", role: "witness", witness_for: "dan", sign_order: 3 },
  { email: "vera@example.com", full_name: "Vera Viewer", role: "viewer", sign_order: 3 },
  { email: "del@example.com", full_name: "Del Delegator", sign_order: 2 },
  { email: "dee@example.com", full_name: "Dee Delegate", sign_order: 2 },
];

/** The keys every signer entry had before roles, groups and delegation. */
const BASE_KEYS = ["consented_at", "email", "full_name", "role", "sign_order", "signature", "signed_at", "status"];

const AT = "2026-11-27T10:00:00.000Z";

/** A document with every kind of part, completed: groups and the witness sign through the API, the rest is set in D1. */
async function completedWithRoles() {
  const t = await makeTenant();
  const { id, links } = await sentDocument(t.key, { signers: SIGNERS, notify: false });
  const rows = await env.DB.prepare("SELECT id, email FROM signers WHERE document_id = ?").bind(id).all<{ id: string; email: string }>();
  const idOf = (email: string) => rows.results.find((r) => r.email === email)!.id;
  const tokenOf = (email: string) => links.find((l) => l.email === email)!.token;
  const set = (email: string, sql: string, ...args: unknown[]) =>
    env.DB.prepare(`UPDATE signers SET ${sql} WHERE id = ?`)
      .bind(...args, idOf(email))
      .run();
  // What approve, acknowledge and delegate leave on the rows.
  await set("alice@example.com", "status = 'signed', signed_at = ?, consented_at = ?, approval_note = ?", AT, AT, "Budget checked");
  await set("vera@example.com", "status = 'signed', signed_at = ?, consented_at = ?", AT, AT);
  await set("del@example.com", "delegated_to = ?, delegated_at = ?, delegation_reason = ?", idOf("dee@example.com"), AT, "Travelling");
  await set("dee@example.com", "delegated_from = ?", idOf("del@example.com"));
  await forgetState(id);
  await consentAndSign(tokenOf("bea@example.com"), "Bea Board");
  await consentAndSign(tokenOf("dan@example.com"), "Dan Signer");
  await consentAndSign(tokenOf("dee@example.com"), "Dee Delegate");
  await consentAndSign(tokenOf("wes@example.com"), "Wes Witness");
  const cert = await api("GET", `/v1/documents/${id}/certificate`, { key: t.key });
  expect(cert.status, cert.text).toBe(200);
  return { t, id, cert: cert.json, idOf };
}

const byEmail = (p: CertificatePayload, email: string) => p.signers.find((s) => s.email === email)!;
const extra = (s: object) => Object.fromEntries(Object.entries(s).filter(([k]) => !BASE_KEYS.includes(k)));

describe("certificate payload: roles, groups and delegation", () => {
  it("says who approved (with the note), acknowledged, witnessed whom, signed for the group, delegated to whom", async () => {
    const { cert } = await completedWithRoles();
    const p = cert.payload as CertificatePayload;
    expect(cert.still_matches_record).toBe(true);
    expect(extra(byEmail(p, "alice@example.com"))).toEqual({ action: "approved", approval_note: "Budget checked" });
    expect(extra(byEmail(p, "vera@example.com"))).toEqual({ action: "acknowledged" });
    expect(extra(byEmail(p, "wes@example.com"))).toEqual({ action: "witnessed", witness_for: "dan@example.com" });
    expect(byEmail(p, "bea@example.com")).toMatchObject({ status: "signed" });
    expect(extra(byEmail(p, "bea@example.com"))).toEqual({ group_name: "Board", signed_for_group: true });
    // The member who did not sign is listed with the group's name, still pending.
    expect(byEmail(p, "carl@example.com")).toMatchObject({ status: "pending", signed_at: null, signature: null });
    expect(extra(byEmail(p, "carl@example.com"))).toEqual({ group_name: "Board" });
    expect(byEmail(p, "del@example.com")).toMatchObject({ status: "pending" });
    expect(extra(byEmail(p, "del@example.com"))).toEqual({ delegated_to: "dee@example.com", delegated_at: AT, delegation_reason: "Travelling" });
    expect(extra(byEmail(p, "dee@example.com"))).toEqual({ delegated_from: "del@example.com" });
    // A signer with none of these has exactly the entry it had before they existed.
    expect(Object.keys(byEmail(p, "dan@example.com")).sort()).toEqual(BASE_KEYS);
  });

  it("a witness of a signer who delegated names the delegate who signed", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, {
      notify: false,
      signers: [
        { email: "ann@example.com", full_name: "Ann Original", party_id: "ann" },
        { email: "bob@example.com", full_name: "Bob Delegate" },
        { email: "wes@example.com", full_name: "Wes Witness", role: "witness", witness_for: "ann" },
      ],
    });
    const ids = await env.DB.prepare("SELECT id, email FROM signers WHERE document_id = ?").bind(id).all<{ id: string; email: string }>();
    const idOf = (email: string) => ids.results.find((r) => r.email === email)!.id;
    await env.DB.prepare("UPDATE signers SET delegated_to = ?, delegated_at = ?, delegation_reason = 'Away' WHERE id = ?")
      .bind(idOf("bob@example.com"), AT, idOf("ann@example.com"))
      .run();
    await env.DB.prepare("UPDATE signers SET delegated_from = ? WHERE id = ?").bind(idOf("ann@example.com"), idOf("bob@example.com")).run();
    await forgetState(id);
    for (const email of ["bob@example.com", "wes@example.com"]) await consentAndSign(links.find((l) => l.email === email)!.token);
    const cert = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
    expect(byEmail(cert.payload, "wes@example.com").witness_for).toBe("bob@example.com");
  });

  it("a document without roles has the payload it had before (no new key on any signer)", async () => {
    const t = await makeTenant();
    const { id, links } = await sentDocument(t.key, { notify: false });
    for (const l of links) await consentAndSign(l.token);
    const cert = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
    for (const s of cert.payload.signers) expect(Object.keys(s).sort()).toEqual(BASE_KEYS);
    expect(cert.still_matches_record).toBe(true);
  });

  it("a certificate issued before `action` existed (a role such as witness) still matches its record", async () => {
    const { id, t } = await completedWithRoles();
    const row = (await env.DB.prepare("SELECT payload FROM certificates WHERE document_id = ?").bind(id).first<{ payload: string }>())!;
    const older = JSON.parse(row.payload) as CertificatePayload;
    for (const s of older.signers) delete s.action;
    const canonical = canonicalJson(older);
    await env.DB.prepare("UPDATE certificates SET payload = ?, certificate_sha256 = ? WHERE document_id = ?")
      .bind(canonical, await sha256Hex(canonical), id)
      .run();
    const cert = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
    expect(cert.divergence).toBeNull();
    expect(cert.still_matches_record).toBe(true);
  });

  it("a changed approval note or delegation is named as a divergence", async () => {
    const { id, t, idOf } = await completedWithRoles();
    await env.DB.prepare("UPDATE signers SET approval_note = 'Changed', delegated_from = NULL WHERE id IN (?, ?)")
      .bind(idOf("alice@example.com"), idOf("dee@example.com"))
      .run();
    const cert = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
    expect(cert.still_matches_record).toBe(false);
    expect(cert.divergence).toContain("signers[0].approval_note");
    expect(cert.divergence).toMatch(/signers\[\d+\]\.delegated_from/);
  });

  it("redaction erases the emails the role fields name, and the notes people wrote; the record still matches", async () => {
    const { cert, id, t } = await completedWithRoles();
    const redacted = redactPayload(cert.payload);
    expect(JSON.stringify(redacted)).not.toContain("@");
    expect(JSON.stringify(redacted)).not.toContain("Budget checked");
    expect(JSON.stringify(redacted)).not.toContain("Travelling");
    expect(byEmail(redacted, "redacted")).toBeTruthy();
    expect(redacted.signers.find((s) => s.action === "witnessed")).toMatchObject({ witness_for: "redacted" });
    expect(redacted.signers.find((s) => s.delegated_to)).toMatchObject({ delegated_to: "redacted", delegation_reason: "redacted" });
    expect(redacted.signers.find((s) => s.delegated_from)).toMatchObject({ delegated_from: "redacted" });
    expect(redacted.signers.find((s) => s.signed_for_group)).toMatchObject({ group_name: "Board" });

    const r = await api("POST", `/v1/documents/${id}/redact`, { key: t.key, body: { reason: "Retention ended." } });
    expect(r.status, r.text).toBe(200);
    const after = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
    expect(JSON.stringify(after.payload)).not.toContain("@");
    expect(after.still_matches_record).toBe(true);
    // The rows keep no note or reason either: only that there was one.
    const read = (await api("GET", `/v1/documents/${id}`, { key: t.key })).json;
    expect(JSON.stringify(read)).not.toContain("Budget checked");
    expect(JSON.stringify(read)).not.toContain("Travelling");
    expect(read.signers.find((s: { approval_note: string | null }) => s.approval_note)).toMatchObject({ approval_note: "redacted" });
  });
});

describe("verification and the /verify page: roles, groups and delegation", () => {
  it("the verify answer carries the same additions, naming people by name, never by email", async () => {
    const { cert } = await completedWithRoles();
    const code = cert.verification_code as string;
    const v = await api("GET", `/v1/verify/${code}?sha256=${cert.document_sha256_hex}`, { ip: "198.51.100.201" });
    expect(v.status, v.text).toBe(200);
    expect(v.text).not.toContain("@");
    const by = (name: string) => v.json.signers.find((s: { full_name: string }) => s.full_name === name);
    expect(by("Alice Approver")).toMatchObject({ action: "approved", approval_note: "Budget checked" });
    expect(by("Vera Viewer")).toMatchObject({ action: "acknowledged" });
    expect(by("Wes Witness")).toMatchObject({ action: "witnessed", witness_for: "Dan Signer" });
    expect(by("Bea Board")).toMatchObject({ group_name: "Board", signed_for_group: true });
    expect(by("Carl Board")).toMatchObject({ group_name: "Board", status: "pending" });
    expect(by("Carl Board").signed_for_group).toBeUndefined();
    expect(by("Del Delegator")).toMatchObject({ delegated_to: "Dee Delegate", delegation_reason: "Travelling", delegated_at: AT });
    expect(by("Dee Delegate")).toMatchObject({ delegated_from: "Del Delegator" });
    expect(Object.keys(by("Dan Signer")).sort()).toEqual(BASE_KEYS.filter((k) => k !== "email"));
  });

  it("the /verify page shows each part in words", async () => {
    const { cert } = await completedWithRoles();
    const page = await api("GET", `/verify/${cert.verification_code}?sha256=${cert.document_sha256_hex}&lang=en`, { ip: "198.51.100.202" });
    expect(page.status).toBe(200);
    for (const words of [
      "Approved (note: Budget checked)",
      "Acknowledged",
      "Witness for Dan Signer",
      "Signed for group Board",
      "Member of group Board; did not sign",
      "Delegated to Dee Delegate: Travelling",
      "Delegate of Del Delegator",
    ]) {
      expect(page.text).toContain(words);
    }
    expect(page.text).not.toContain("@example.com");
  });
});

describe("certificate pages: each part in words", () => {
  it("names the approval and its note, the acknowledgement, the witnessed, the group and the delegation", async () => {
    const { cert } = await completedWithRoles();
    const p = cert.payload as CertificatePayload;
    const words = (email: string) => partWords(byEmail(p, email), p.signers);
    expect(words("alice@example.com")).toEqual(["Approver: approves or declines, does not sign", "Approved (note: Budget checked)"]);
    expect(words("vera@example.com")).toEqual(["Viewer: reads and acknowledges, does not sign", "Acknowledged"]);
    expect(words("wes@example.com")).toEqual(["Witness for Dan Signer"]);
    expect(words("bea@example.com")).toEqual(["Signed for group Board"]);
    expect(words("carl@example.com")).toEqual(["Member of group Board; Bea Board signed for the group"]);
    expect(words("del@example.com")).toEqual(["Delegated to Dee Delegate: Travelling"]);
    expect(words("dee@example.com")).toEqual(["Delegate of Del Delegator"]);
    expect(words("dan@example.com")).toEqual([]);
  });
});
