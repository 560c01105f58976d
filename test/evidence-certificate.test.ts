import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { insertDocument } from "./evidence-fixtures";
import { issueCertificate } from "../src/domain/certificates";
import { canonicalJson } from "../src/lib/canonical-json";
import { sha256Hex } from "../src/lib/crypto";
import { DEFAULT_CONSENT_TEXT } from "../src/domain/wording";

const certOf = (key: string, id: string) => api("GET", `/v1/documents/${id}/certificate`, { key });

describe("GET /v1/documents/{id}/certificate", () => {
  it("answers the frozen payload exactly as the spec lists it, hashed canonically", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const r = await certOf(t.key, f.documentId);
    expect(r.status).toBe(200);
    const c = r.json;
    expect(Object.keys(c).sort()).toEqual(
      [
        "certificate_id",
        "certificate_sha256_hex",
        "divergence",
        "document_sha256_hex",
        "issued_at",
        "payload",
        "still_matches_record",
        "verification_code",
      ].sort(),
    );
    expect(c.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(c.still_matches_record).toBe(true);
    expect(c.divergence).toBeNull();
    expect(c.document_sha256_hex).toBe(f.bodySha256);
    expect(c.certificate_sha256_hex).toBe(await sha256Hex(canonicalJson(c.payload)));
    const tenantName = (await env.DB.prepare("SELECT name FROM tenants WHERE id = ?").bind(t.tenantId).first<{ name: string }>())!.name;
    expect(c.payload).toEqual({
      issuer: { tenant: tenantName, tenant_id: t.tenantId },
      test: false,
      document: {
        id: f.documentId,
        title: "NDA with Ada",
        sha256: f.bodySha256,
        completed_at: "2026-01-15T09:30:00.000Z",
        template: { code: expect.stringMatching(/^nda_/), version: 1 },
        consent: { version: "consent/1", text_sha256: await sha256Hex(DEFAULT_CONSENT_TEXT) },
      },
      signers: [
        {
          full_name: "Ada Lovelace",
          email: "ada@example.com",
          role: "signer",
          sign_order: 1,
          status: "signed",
          consented_at: "2026-01-15T09:10:00.000Z",
          signed_at: "2026-01-15T09:11:00.000Z",
          signature: { method: "typed", value_sha256: await sha256Hex("Ada Lovelace"), signed_against_sha256: f.bodySha256, ip: "203.0.113.10" },
        },
        {
          full_name: "Αθηνά Παπαδοπούλου",
          email: "athina@example.gr",
          role: "signer",
          sign_order: 2,
          status: "signed",
          consented_at: "2026-01-15T09:15:00.000Z",
          signed_at: "2026-01-15T09:16:00.000Z",
          signature: { method: "clicked", value_sha256: await sha256Hex("clicked"), signed_against_sha256: f.bodySha256, ip: "2001:db8::42" },
        },
      ],
      events: [
        ["created", null, null],
        ["sent", null, null],
        ["viewed", "ada@example.com", "203.0.113.10"],
        ["consented", "ada@example.com", "203.0.113.10"],
        ["signed", "ada@example.com", "203.0.113.10"],
        ["viewed", "athina@example.gr", "2001:db8::42"],
        ["consented", "athina@example.gr", "2001:db8::42"],
        ["signed", "athina@example.gr", "2001:db8::42"],
        ["completed", null, null],
      ].map(([kind, signer, ip], i) => ({
        kind,
        occurred_at: new Date(Date.UTC(2026, 0, 15, 9, 2 + i)).toISOString(),
        signer,
        ip,
        against_sha256: f.bodySha256,
      })),
    });
  });

  it("stores the canonical text itself, so the stored bytes hash to certificate_sha256_hex", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const row = await env.DB.prepare("SELECT payload, certificate_sha256, document_sha256 FROM certificates WHERE document_id = ?")
      .bind(f.documentId)
      .first<{ payload: string; certificate_sha256: string; document_sha256: string }>();
    expect(row!.payload).toBe(canonicalJson(JSON.parse(row!.payload)));
    expect(row!.certificate_sha256).toBe(await sha256Hex(row!.payload));
    expect(row!.document_sha256).toBe(f.bodySha256);
  });

  it("is issued exactly once: issuing again changes nothing", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const before = await env.DB.prepare("SELECT * FROM certificates WHERE document_id = ?").bind(f.documentId).all();
    await issueCertificate(env, f.documentId);
    await Promise.all([issueCertificate(env, f.documentId), issueCertificate(env, f.documentId)]);
    const after = await env.DB.prepare("SELECT * FROM certificates WHERE document_id = ?").bind(f.documentId).all();
    expect(after.results).toHaveLength(1);
    expect(after.results).toEqual(before.results);
  });

  it("is issued on first read when the sequencer's issue never landed (same payload rules)", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, { issue: false });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM certificates WHERE document_id = ?").bind(f.documentId).first("n")).toBe(0);
    const r = await certOf(t.key, f.documentId);
    expect(r.status).toBe(200);
    expect(r.json.still_matches_record).toBe(true);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM certificates WHERE document_id = ?").bind(f.documentId).first("n")).toBe(1);
  });

  it("names a confirmed one-time code as the signature method", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, { signers: [{ full_name: "Otto", email: "otto@example.de", auth: "email_otp", method: "typed", value: "Otto" }] });
    const r = await certOf(t.key, f.documentId);
    expect(r.json.payload.signers[0].signature.method).toBe("email_otp");
    expect(r.json.payload.events.map((e: { kind: string }) => e.kind)).toContain("verified");
  });

  it("is refused before completion with 422 invalid, and issueCertificate issues nothing", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, { status: "sent" });
    await issueCertificate(env, f.documentId);
    const r = await certOf(t.key, f.documentId);
    expect(r.status).toBe(422);
    expect(r.json).toEqual({
      error: {
        code: "invalid",
        message: "A certificate of completion exists only once the document is completed; this document is sent.",
        hint: "Wait for signing.completed.",
      },
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM certificates WHERE document_id = ?").bind(f.documentId).first("n")).toBe(0);
  });

  it("answers 404 for another account's document, for the other mode, and for no document", async () => {
    const owner = await makeTenant();
    const other = await makeTenant();
    const f = await insertDocument(owner);
    const testKey = await makeTenant({ mode: "test" });
    for (const [key, id] of [
      [other.key, f.documentId],
      [owner.key, "doc_nope"],
    ] as const) {
      const r = await certOf(key, id);
      expect(r.status).toBe(404);
      expect(r.json.error).toEqual({ code: "not_found", message: "No such document in this account." });
    }
    const sameTenantTestKey = await import("./helpers").then((h) => h.addKey(owner.tenantId, { mode: "test" }));
    expect((await certOf(sameTenantTestKey.key, f.documentId)).status).toBe(404);
    expect((await certOf(testKey.key, f.documentId)).status).toBe(404);
  });

  it("needs a live key (401) carrying signing:read (403)", async () => {
    const t = await makeTenant({ scopes: ["signing:write"] });
    const f = await insertDocument(t);
    expect((await api("GET", `/v1/documents/${f.documentId}/certificate`)).status).toBe(401);
    const r = await certOf(t.key, f.documentId);
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe("forbidden");
  });
});

describe("still_matches_record: rows changed behind the service's back", () => {
  async function tampered(sql: (f: Awaited<ReturnType<typeof insertDocument>>) => D1PreparedStatement) {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const before = await env.DB.prepare("SELECT * FROM certificates WHERE document_id = ?").bind(f.documentId).first();
    await sql(f).run();
    const r = await certOf(t.key, f.documentId);
    const after = await env.DB.prepare("SELECT * FROM certificates WHERE document_id = ?").bind(f.documentId).first();
    expect(after).toEqual(before); // reports, never corrects
    expect(r.status).toBe(200);
    return r.json;
  }

  it("a renamed signer", async () => {
    const c = await tampered((f) => env.DB.prepare("UPDATE signers SET full_name = 'Ada King' WHERE id = ?").bind(f.signerIds[0]));
    expect(c.still_matches_record).toBe(false);
    expect(c.divergence).toBe("The record differs from the certificate at: signers[0].full_name.");
    expect(c.payload.signers[0].full_name).toBe("Ada Lovelace");
  });

  // The trail is append-only in the database (triggers); someone with raw access can still drop them.
  const bypassingTrailGuard = async (stmt: D1PreparedStatement): Promise<void> => {
    await env.DB.batch([
      env.DB.prepare("DROP TRIGGER events_no_update"),
      env.DB.prepare("DROP TRIGGER events_no_delete"),
      stmt,
      env.DB.prepare("CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'the document trail is append-only'); END"),
      env.DB.prepare("CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'the document trail is append-only'); END"),
    ]);
  };

  it("an event slipped into the trail (inserts pass the append-only guard)", async () => {
    const c = await tampered((f) =>
      env.DB.prepare(
        "INSERT INTO events (id, document_id, tenant_id, mode, seq, kind, occurred_at, against_sha256) SELECT 'evt_forged', id, tenant_id, mode, 0, 'viewed', '2026-01-15T08:00:00.000Z', body_sha256 FROM documents WHERE id = ?",
      ).bind(f.documentId),
    );
    expect(c.still_matches_record).toBe(false);
    expect(c.divergence).toMatch(/^The record differs from the certificate at: events \(9 in the certificate, 10 in the record\); events\[0\]\.kind; /);
  });

  it("an edited address on the trail", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    await bypassingTrailGuard(env.DB.prepare("UPDATE events SET ip = '192.0.2.99' WHERE document_id = ? AND seq = 5").bind(f.documentId));
    const c = (await certOf(t.key, f.documentId)).json;
    expect(c.still_matches_record).toBe(false);
    expect(c.divergence).toBe("The record differs from the certificate at: events[4].ip.");
  });

  it("a deleted trail event", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    await bypassingTrailGuard(env.DB.prepare("DELETE FROM events WHERE document_id = ? AND seq = 4").bind(f.documentId));
    const c = (await certOf(t.key, f.documentId)).json;
    expect(c.still_matches_record).toBe(false);
    expect(c.divergence).toMatch(/^The record differs from the certificate at: events \(9 in the certificate, 8 in the record\); events\[3\]\.kind; /);
    expect(c.divergence).toMatch(/; and \d+ more\.$/);
  });

  it("changed document text (its stored hash left alone)", async () => {
    const c = await tampered((f) => env.DB.prepare("UPDATE documents SET body = body || ' Amended.' WHERE id = ?").bind(f.documentId));
    expect(c.still_matches_record).toBe(false);
    expect(c.divergence).toBe("The record differs from the certificate at: document.sha256.");
  });

  it("changed text and a forged hash to match", async () => {
    const c = await tampered((f) =>
      env.DB.prepare("UPDATE documents SET body = 'Other text', body_sha256 = ? WHERE id = ?").bind("0".repeat(64), f.documentId),
    );
    expect(c.divergence).toBe("The record differs from the certificate at: document.sha256; document.body_sha256 (stored hash of the text).");
  });

  it("an edited stored certificate", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    await env.DB.prepare("UPDATE certificates SET payload = replace(payload, 'Ada Lovelace', 'Ada Byron') WHERE document_id = ?").bind(f.documentId).run();
    const c = (await certOf(t.key, f.documentId)).json;
    expect(c.still_matches_record).toBe(false);
    expect(c.divergence).toBe(
      "The record differs from the certificate at: the stored certificate no longer hashes to certificate_sha256_hex; signers[0].full_name.",
    );
  });
});
