/**
 * An envelope's completion: the settle (exactly once), its certificate, its sealed PDF and its
 * verification. The documents are completed through their own sequencers (each person's signer row
 * in each document, from envelope_signer_documents), not through the envelope's links.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant, type Tenant } from "./helpers";
import { publishedTemplate } from "./signing-helpers";
import { addHook, newBox } from "./webhook-helpers";
import { page } from "./pages-helpers";
import { LANGUAGES } from "../src/domain/vocabulary";
import { loadLang, translator } from "../src/i18n";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
import { formatVerificationCode } from "../src/lib/verification-code";
import { settleEnvelope } from "../src/domain/envelope-completion";
import { dbOf } from "../src/db/client";
import { insertEnvelopeCertificate } from "../src/db/envelope-certificates";
import { documentSequencer } from "../src/objects/document-sequencer/client";
import { fromBase64 } from "../src/lib/bytes";
import { sha256Hex } from "../src/lib/crypto";

const VALUES = { company: "Acme", name: "Ada" };
const SIGNERS = [
  { email: "ana@example.com", full_name: "Ana Ruiz", role: "employee" },
  { email: "ben@example.com", full_name: "Ben Okafor", role: "company" },
  { email: "payroll@example.com", full_name: "Payroll", role: "cc" },
];
const actor = { ip: "203.0.113.7", userAgent: "envelope-completion test" };

type Made = { envelopeId: string; documents: string[] };

/** An envelope of two text documents for two signers and a cc. */
async function envelopeOf(t: Tenant): Promise<Made> {
  const a = await publishedTemplate(t.key);
  const b = await publishedTemplate(t.key, { name: "Data processing terms" });
  const body = {
    title: "Onboarding: Ana Ruiz",
    documents: [
      { template_code: a.code, values: VALUES },
      { template_code: b.code, values: VALUES },
    ],
    signers: SIGNERS,
  };
  const r = await api("POST", "/v1/envelopes", { key: t.key, body });
  expect(r.status, r.text).toBe(200);
  return { envelopeId: r.json.envelope_id, documents: r.json.documents.map((d: { document_id: string }) => d.document_id) };
}

/** Every person who acts consents and signs in this document, through its sequencer. */
async function completeDocument(documentId: string) {
  const { results } = await env.DB.prepare(
    "SELECT j.signer_id AS id, es.full_name AS name FROM envelope_signer_documents j JOIN envelope_signers es ON es.id = j.envelope_signer_id WHERE j.document_id = ? AND es.role != 'cc' ORDER BY es.sign_order",
  )
    .bind(documentId)
    .all<{ id: string; name: string }>();
  for (const s of results) {
    await documentSequencer(env, documentId).consent(s.id, {}, actor);
    await documentSequencer(env, documentId).sign(s.id, { method: "typed", value: s.name }, actor);
  }
  const d = await env.DB.prepare("SELECT status FROM documents WHERE id = ?").bind(documentId).first<{ status: string }>();
  expect(d!.status).toBe("completed");
}

const one = async <T>(sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<T>())!;

describe("envelope completion", () => {
  it("settles once every document completed: one certificate with its own code listing each document's hash in order, one envelope.completed", async () => {
    const t = await makeTenant();
    const hook = await addHook(t.key, { url: newBox().url, events: ["envelope.completed"] });
    const e = await envelopeOf(t);

    // Before completion: settling does nothing, and the certificate and PDF are refused.
    await completeDocument(e.documents[0]!);
    await settleEnvelope(env, e.envelopeId);
    expect((await one<{ status: string }>("SELECT status FROM envelopes WHERE id = ?", e.envelopeId)).status).toBe("sent");
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM envelope_certificates WHERE envelope_id = ?", e.envelopeId)).n).toBe(0);
    for (const path of ["certificate", "pdf"]) {
      const r = await api("GET", `/v1/envelopes/${e.envelopeId}/${path}`, { key: t.key });
      expect(r.status, r.text).toBe(422);
      expect(r.json.error.code).toBe("invalid");
      expect(r.json.error.message).toMatch(/only once the envelope is completed; this envelope is sent/);
    }
    expect((await api("GET", `/v1/envelopes/${e.envelopeId}`, { key: t.key })).json.verification_code).toBeNull();

    await completeDocument(e.documents[1]!);
    // Settled twice at once, then again: one certificate, one delivery.
    await Promise.all([settleEnvelope(env, e.envelopeId), settleEnvelope(env, e.envelopeId)]);
    await settleEnvelope(env, e.envelopeId);
    const row = await one<{ status: string; completed_at: string }>("SELECT status, completed_at FROM envelopes WHERE id = ?", e.envelopeId);
    expect(row.status).toBe("completed");
    expect(row.completed_at).toMatch(/^\d{4}-/);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM envelope_certificates WHERE envelope_id = ?", e.envelopeId)).n).toBe(1);
    const { results: sent } = await env.DB.prepare("SELECT payload FROM webhook_deliveries WHERE endpoint_id = ? AND event = 'envelope.completed'")
      .bind(hook.id)
      .all<{ payload: string }>();
    expect(sent).toHaveLength(1);

    const cert = await api("GET", `/v1/envelopes/${e.envelopeId}/certificate`, { key: t.key });
    expect(cert.status, cert.text).toBe(200);
    const code = cert.json.verification_code as string;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(cert.json.certificate_sha256_hex).toBe(await sha256Hex(await canonicalOf(e.envelopeId)));
    expect(cert.json.still_matches_record).toBe(true);
    const own: { code: string; sha: string }[] = [];
    for (const id of e.documents) {
      const d = (await api("GET", `/v1/documents/${id}/certificate`, { key: t.key })).json;
      own.push({ code: d.verification_code, sha: d.document_sha256_hex });
      expect(d.verification_code).not.toBe(code);
    }
    expect(cert.json.payload.documents).toEqual(
      e.documents.map((id, i) => ({ document_id: id, title: expect.any(String), position: i, document_sha256: own[i]!.sha, verification_code: own[i]!.code })),
    );
    expect(cert.json.payload.envelope).toEqual({ id: e.envelopeId, title: "Onboarding: Ana Ruiz", completed_at: row.completed_at, test: false });
    expect(cert.json.payload.signers.map((s: { email: string; signed_at: string | null }) => [s.email, s.signed_at === null])).toEqual([
      ["ana@example.com", false],
      ["ben@example.com", false],
      ["payroll@example.com", true],
    ]);
    expect(JSON.parse(sent[0]!.payload)).toEqual({
      event: "envelope.completed",
      occurred_at: row.completed_at,
      envelope_id: e.envelopeId,
      title: "Onboarding: Ana Ruiz",
      status: "completed",
      verification_code: code,
      documents: e.documents.map((document_id) => ({ document_id })),
      completed_at: row.completed_at,
    });

    const read = await api("GET", `/v1/envelopes/${e.envelopeId}`, { key: t.key });
    expect(read.json).toMatchObject({ status: "completed", verification_code: code });

    // The sealed PDF: the same bytes twice; found by its hash with the envelope's code.
    const first = await api("GET", `/v1/envelopes/${e.envelopeId}/pdf`, { key: t.key });
    expect(first.status, first.text).toBe(200);
    expect(first.json.filename).toBe(`envelope-${code}.pdf`);
    expect(first.json.seal.level).toBe("B-LTA");
    const second = await api("GET", `/v1/envelopes/${e.envelopeId}/pdf`, { key: t.key, headers: { accept: "application/pdf" } });
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(second.headers.get("content-disposition")).toContain(`envelope-${code}.pdf`);
    const bytes = fromBase64(first.json.bytes_base64);
    const sha = await sha256Hex(bytes);
    expect(second.headers.get("etag")).toBe(`"${sha}"`);
    expect((await api("GET", `/v1/envelopes/${e.envelopeId}/pdf`, { key: t.key })).json.bytes_base64).toBe(first.json.bytes_base64);

    const found = await api("GET", `/v1/verify/${code}?sha256=${sha}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json).toMatchObject({
      found: true,
      verification_code: code,
      title: "Onboarding: Ana Ruiz",
      document_matches: true,
      still_matches_record: true,
    });
    expect(found.json.signers.map((s: { full_name: string }) => s.full_name)).toEqual(SIGNERS.map((s) => s.full_name));
    expect(found.json.documents.map((d: { verification_code: string }) => d.verification_code)).toEqual(own.map((o) => o.code));
    // Its place in the transparency log, like a document's: the leaf is the certificate's hash and issue time.
    expect(found.json.log).toMatchObject({ log: "live", leaf_index: expect.any(Number), tree_size: expect.any(Number) });
    const leaf = await one<{ leaf: string }>("SELECT leaf FROM log_leaves WHERE certificate_id = ?", cert.json.certificate_id);
    expect(JSON.parse(leaf.leaf)).toEqual({ certificate_sha256: cert.json.certificate_sha256_hex, issued_at: cert.json.issued_at });
    const wrong = await api("GET", `/v1/verify/${code}?sha256=${"0".repeat(64)}`);
    expect(wrong.json).toMatchObject({ found: true, document_matches: false, signers: null, documents: null });
    // Whoever holds only the file finds its code by its hash; the page lists the documents with their own codes, in every language.
    const byHash = await page("GET", `/verify?sha256=${sha}`, { ip: "192.0.2.201" });
    expect(byHash.status).toBe(303);
    expect(byHash.headers.get("location")).toBe(`/verify/${formatVerificationCode(code)}?sha256=${sha}&lang=en`);
    for (const [i, lang] of LANGUAGES.entries()) {
      const shown = await page("GET", `/verify/${code}?sha256=${sha}&lang=${lang}`, { ip: `192.0.2.${210 + i}` });
      expect(shown.status).toBe(200);
      expect(shown.text).toContain(`<h2 id="documents-heading">${escapeHtml(translator(await loadLang(env.ASSETS, lang))("envDocsHeading"))}</h2>`);
      for (const o of own) expect(shown.text).toContain(formatVerificationCode(o.code));
      expect(shown.text).not.toContain("ana@example.com");
    }
  });

  it("another account's or mode's envelope is 404 on the certificate and the PDF", async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const testKey = await makeTenant({ mode: "test" });
    const e = await envelopeOf(t);
    for (const id of e.documents) await completeDocument(id);
    for (const key of [other.key, testKey.key]) {
      for (const path of ["certificate", "pdf"]) {
        const r = await api("GET", `/v1/envelopes/${e.envelopeId}/${path}`, { key });
        expect(r.status, r.text).toBe(404);
      }
    }
  });

  it("a lost settle is made good by the envelope's read (and the certificate's)", async () => {
    const t = await makeTenant();
    const e = await envelopeOf(t);
    for (const id of e.documents) await completeDocument(id);
    expect((await one<{ status: string }>("SELECT status FROM envelopes WHERE id = ?", e.envelopeId)).status).toBe("sent");
    const read = await api("GET", `/v1/envelopes/${e.envelopeId}`, { key: t.key });
    expect(read.json.status).toBe("completed");
    expect(read.json.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect((await one<{ status: string }>("SELECT status FROM envelopes WHERE id = ?", e.envelopeId)).status).toBe("completed");
  });

  it("never takes a code a document's certificate has; an envelope marked completed without its certificate gets one on the next settle", async () => {
    const t = await makeTenant();
    const e = await envelopeOf(t);
    for (const id of e.documents) await completeDocument(id);
    await env.DB.prepare("UPDATE envelopes SET status = 'completed', completed_at = ? WHERE id = ?").bind(new Date().toISOString(), e.envelopeId).run();
    const taken = await one<{ code: string }>("SELECT verification_code AS code FROM certificates WHERE document_id = ?", e.documents[0]);
    const db = dbOf(env);
    const row = {
      id: "ecert_clash",
      envelopeId: e.envelopeId,
      tenantId: t.tenantId,
      verificationCode: taken.code,
      issuedAt: new Date().toISOString(),
      payload: "{}",
      certificateSha256: "0",
    };
    await insertEnvelopeCertificate(db, row).run();
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM envelope_certificates WHERE envelope_id = ?", e.envelopeId)).n).toBe(0);
    await settleEnvelope(env, e.envelopeId);
    const cert = await one<{ verification_code: string; payload: string }>(
      "SELECT verification_code, payload FROM envelope_certificates WHERE envelope_id = ?",
      e.envelopeId,
    );
    expect(cert.verification_code).not.toBe(taken.code);
    expect(JSON.parse(cert.payload).documents).toHaveLength(2);
    // The other way round: a document's certificate is refused an envelope's code like a clash, so its issuer draws again.
    const clash = env.DB.prepare(
      "INSERT INTO certificates (id, document_id, tenant_id, verification_code, issued_at, payload, certificate_sha256, document_sha256) VALUES ('cert_clash', ?, ?, ?, ?, '{}', '0', '0')",
    )
      .bind(e.documents[1], t.tenantId, cert.verification_code, new Date().toISOString())
      .run();
    await expect(clash).rejects.toThrow(/UNIQUE constraint failed: certificates\.verification_code/);
  });

  it("envelope certificates enter the transparency log like documents'", async () => {
    const t = await makeTenant();
    const e = await envelopeOf(t);
    for (const id of e.documents) await completeDocument(id);
    await settleEnvelope(env, e.envelopeId);
    const cert = await one<{ id: string }>("SELECT id FROM envelope_certificates WHERE envelope_id = ?", e.envelopeId);
    const { recordInLog } = await import("../src/domain/transparency-log");
    await recordInLog(env);
    const leaf = await env.DB.prepare("SELECT log FROM log_leaves WHERE certificate_id = ?").bind(cert.id).first<{ log: string }>();
    expect(leaf?.log).toBe("live");
  });
});

async function canonicalOf(envelopeId: string) {
  return (await one<{ payload: string }>("SELECT payload FROM envelope_certificates WHERE envelope_id = ?", envelopeId)).payload;
}
