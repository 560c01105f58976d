import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addKey, api, makeTenant, type Tenant } from "./helpers";
import { makePdf, png } from "./pdf-template-fixtures";
import { forgetState, publishedTemplate } from "./signing-helpers";
import { placeFields, putPagePicture, uploadPdfTemplate } from "../src/domain/pdf-templates";
import { publishTemplate } from "../src/domain/templates";
import { envelopeSignerStatus, envelopeStatus } from "../src/domain/envelope-state";
import { sha256Hex } from "../src/lib/crypto";
import type { Principal } from "../src/env";

const VALUES = { company: "Acme", name: "Ada" };
const SIGNERS = [
  { email: "ana@example.com", full_name: "Ana Ruiz", role: "employee" },
  { email: "ben@example.com", full_name: "Ben Okafor", role: "company" },
  { email: "payroll@example.com", full_name: "Payroll", role: "cc" },
];

const create = (t: Tenant, body: unknown, key?: string) => api("POST", "/v1/envelopes", { key: t.key, body, headers: key ? { "idempotency-key": key } : {} });

const count = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .first<{ n: number }>()
  )?.n ?? 0;
const used = async (tenantId: string) =>
  (await env.DB.prepare("SELECT agreements FROM usage WHERE tenant_id = ?").bind(tenantId).first<{ agreements: number }>())?.agreements ?? 0;
/** What an envelope's create leaves in D1 for the account. */
const made = async (tenantId: string) => ({
  documents: await count("SELECT count(*) AS n FROM documents WHERE tenant_id = ?", tenantId),
  envelopes: await count("SELECT count(*) AS n FROM envelopes WHERE tenant_id = ?", tenantId),
  messages: await count("SELECT count(*) AS n FROM messages WHERE tenant_id = ?", tenantId),
  agreements: await used(tenantId),
});

/** A published one-page PDF template with a signature field. */
async function pdfTemplate(t: Tenant) {
  const p: Principal = { tenantId: t.tenantId, mode: "live", keyId: t.keyId, keyLabel: "test", scopes: [] };
  const code = `offer-${crypto.randomUUID().slice(0, 8)}`;
  const { template_id } = await uploadPdfTemplate(env, p, { code, name: "Offer letter", kind: "contract" }, await makePdf([{}]), "Offer.pdf");
  await putPagePicture(env, p, template_id, 1, png(893, 1263), "image/png");
  await placeFields(env, p, template_id, [{ key: "sig", label: "Sign", kind: "signature", place: { page: 1, x: 0.1, y: 0.8, w: 0.3, h: 0.1 } }]);
  await publishTemplate(env, p, code);
  return code;
}

/** Two text templates and one PDF template, as an envelope's documents. */
async function threeDocuments(t: Tenant) {
  const a = await publishedTemplate(t.key);
  const b = await publishedTemplate(t.key, { name: "Data processing terms" });
  const pdf = await pdfTemplate(t);
  return [{ template_code: a.code, values: VALUES, metadata: { hr_case: "HR-1" } }, { template_code: b.code, values: VALUES }, { template_code: pdf }];
}

describe("envelopes: status rules", () => {
  it("voided once voided, completed when all completed, sent while any is sent, else how its documents ended", () => {
    expect(envelopeStatus("voided", ["sent", "completed"])).toBe("voided");
    expect(envelopeStatus("sent", ["completed", "completed"])).toBe("completed");
    expect(envelopeStatus("sent", ["completed", "sent"])).toBe("sent");
    expect(envelopeStatus("sent", ["declined", "sent"])).toBe("sent");
    expect(envelopeStatus("sent", ["declined", "completed"])).toBe("declined");
    expect(envelopeStatus("sent", ["expired", "completed"])).toBe("expired");
    expect(envelopeStatus("sent", [])).toBe("sent");
    expect(envelopeSignerStatus(["signed", "signed"])).toBe("signed");
    expect(envelopeSignerStatus(["signed", "pending"])).toBe("pending");
    expect(envelopeSignerStatus(["signed", "declined"])).toBe("declined");
    expect(envelopeSignerStatus([])).toBe("pending");
  });
});

describe("envelopes: create and read", () => {
  it("sends three documents (two text, one PDF) to two signers and a cc: one link each, one agreement, each document its own", async () => {
    const t = await makeTenant();
    const documents = await threeDocuments(t);
    const body = { title: "Onboarding: Ana Ruiz", documents, signers: SIGNERS, sequential: true };
    const r = await create(t, body, "envelope-key-0001");
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(["documents", "envelope_id", "links"]);
    expect(r.json.envelope_id).toMatch(/^env_/);
    expect(r.json.documents).toHaveLength(3);
    for (const d of r.json.documents) expect(d).toEqual({ document_id: expect.stringMatching(/^doc_/) });
    expect(r.json.links.map((l: { email: string }) => l.email)).toEqual(SIGNERS.map((s) => s.email));
    for (const l of r.json.links)
      expect(l).toEqual({ signer_id: expect.stringMatching(/^esg_/), email: expect.any(String), token: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // Each document answers its own read: its envelope, its place, its signers (ids of its own), sent once.
    for (const [i, { document_id }] of (r.json.documents as { document_id: string }[]).entries()) {
      const d = (await api("GET", `/v1/documents/${document_id}`, { key: t.key })).json;
      expect(d).toMatchObject({ envelope_id: r.json.envelope_id, status: "sent", template_code: documents[i]!.template_code, sequential: true });
      expect(d.signers.map((s: { email: string; role: string }) => [s.email, s.role])).toEqual(SIGNERS.map((s) => [s.email, s.role]));
      for (const s of d.signers) expect(s.signer_id).toMatch(/^sgn_/);
      expect(d.events.filter((e: { kind: string }) => e.kind === "sent")).toHaveLength(1);
      const row = await env.DB.prepare("SELECT envelope_position AS p FROM documents WHERE id = ?").bind(document_id).first<{ p: number }>();
      expect(row!.p).toBe(i);
    }
    expect(r.json.documents[0].document_id).not.toBe(r.json.documents[1].document_id);
    expect((await api("GET", `/v1/documents/${r.json.documents[0].document_id}`, { key: t.key })).json.metadata).toEqual({ hr_case: "HR-1" });

    // Tokens are stored only as their SHA-256; every person maps to their signer row in every document.
    for (const l of r.json.links) {
      const row = await env.DB.prepare("SELECT token_hash FROM envelope_signers WHERE id = ?").bind(l.signer_id).first<{ token_hash: string }>();
      expect(row!.token_hash).toBe(await sha256Hex(l.token));
      expect(await count("SELECT count(*) AS n FROM envelope_signers WHERE token_hash = ? OR email = ?", l.token, l.token)).toBe(0);
      expect(await count("SELECT count(*) AS n FROM envelope_signer_documents WHERE envelope_signer_id = ?", l.signer_id)).toBe(3);
    }
    const joined = await env.DB.prepare(
      "SELECT s.email AS a, es.email AS b, s.document_id AS d FROM envelope_signer_documents j JOIN signers s ON s.id = j.signer_id JOIN envelope_signers es ON es.id = j.envelope_signer_id WHERE es.envelope_id = ?",
    )
      .bind(r.json.envelope_id)
      .all<{ a: string; b: string; d: string }>();
    expect(joined.results).toHaveLength(9);
    for (const j of joined.results) expect(j.a).toBe(j.b);

    // One agreement for the envelope; one link message per person who acts (not the cc), naming no one document.
    expect(await used(t.tenantId)).toBe(1);
    const messages = await env.DB.prepare("SELECT recipient, purpose, document_id, signer_id FROM messages WHERE tenant_id = ? ORDER BY recipient")
      .bind(t.tenantId)
      .all<{ recipient: string; purpose: string; document_id: string | null; signer_id: string }>();
    expect(messages.results).toEqual([
      { recipient: "ana@example.com", purpose: "signing.link", document_id: null, signer_id: r.json.links[0].signer_id },
      { recipient: "ben@example.com", purpose: "signing.link", document_id: null, signer_id: r.json.links[1].signer_id },
    ]);

    const read = await api("GET", `/v1/envelopes/${r.json.envelope_id}`, { key: t.key });
    expect(read.status, read.text).toBe(200);
    expect(read.json).toEqual({
      envelope_id: r.json.envelope_id,
      title: "Onboarding: Ana Ruiz",
      status: "sent",
      documents: r.json.documents.map((d: { document_id: string }) => ({ ...d, status: "sent" })),
      signers: SIGNERS.map((s, i) => ({ signer_id: r.json.links[i].signer_id, ...s, sign_order: i + 1, status: "pending" })),
      verification_code: null,
    });

    // The same key replays the same answer and makes nothing more.
    const before = await made(t.tenantId);
    const again = await create(t, body, "envelope-key-0001");
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.json).toEqual(r.json);
    expect(await made(t.tenantId)).toEqual(before);
  });

  it("test mode never counts an agreement; notify false queues no message", async () => {
    const live = await makeTenant();
    const t = { ...live, key: (await addKey(live.tenantId, { mode: "test" })).key };
    const a = await publishedTemplate(t.key);
    const r = await create(t, {
      title: "Two",
      documents: [
        { template_code: a.code, values: VALUES },
        { template_code: a.code, values: VALUES },
      ],
      signers: SIGNERS,
      notify: false,
    });
    expect(r.status, r.text).toBe(200);
    expect(await made(t.tenantId)).toEqual({ documents: 2, envelopes: 1, messages: 0, agreements: 0 });
  });
});

describe("envelopes: refusals create nothing", () => {
  const cases: [string, (codes: string[]) => Record<string, unknown>, string][] = [
    ["one document", (c) => ({ documents: [{ template_code: c[0], values: VALUES }] }), "documents"],
    ["21 documents", (c) => ({ documents: Array.from({ length: 21 }, () => ({ template_code: c[0], values: VALUES })) }), "documents"],
    [
      "a signing group",
      () => ({
        signers: [
          SIGNERS[0],
          {
            group_name: "Legal",
            group: [
              { email: "ben@example.com", full_name: "Ben Okafor" },
              { email: "cy@example.com", full_name: "Cy" },
            ],
          },
        ],
      }),
      "signers.1: signing groups are not available in an envelope yet",
    ],
    ["delegation", () => ({ allow_delegation: true }), "allow_delegation"],
    [
      "an unknown template in the third document",
      (c) => ({ documents: [...c.map((code) => ({ template_code: code, values: VALUES })), { template_code: "no-such-template", values: VALUES }] }),
      'documents.2.template_code: no template "no-such-template"',
    ],
    [
      "a missing value",
      (c) => ({
        documents: [
          { template_code: c[0], values: VALUES },
          { template_code: c[1], values: { company: "Acme" } },
        ],
      }),
      "documents.1.values: every declared variable needs a value; missing: name",
    ],
    ["only a cc", () => ({ signers: [SIGNERS[2]] }), "signers: at least one signer must sign"],
    ["an expiry passed", () => ({ expires_at: "2020-01-01T00:00:00Z" }), "expires_at: must be in the future"],
  ];

  it.each(cases)("%s: 422 naming it, and nothing stored, sent or counted", async (_, over, message) => {
    const t = await makeTenant();
    const codes = [(await publishedTemplate(t.key)).code, (await publishedTemplate(t.key)).code];
    const base = { title: "Refused", documents: codes.map((code) => ({ template_code: code, values: VALUES })), signers: SIGNERS };
    const r = await create(t, { ...base, ...over(codes) }, `refused-${crypto.randomUUID()}`);
    expect(r.status, r.text).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(r.json.error.message).toContain(message);
    expect(await made(t.tenantId)).toEqual({ documents: 0, envelopes: 0, messages: 0, agreements: 0 });
  });

  it("a spent plan: 402 quota_exceeded, and nothing prepared or sent", async () => {
    const t = await makeTenant();
    const codes = [(await publishedTemplate(t.key)).code, (await publishedTemplate(t.key)).code];
    await env.DB.prepare("INSERT INTO usage (tenant_id, period, agreements) VALUES (?, ?, 25)").bind(t.tenantId, new Date().toISOString().slice(0, 7)).run();
    const r = await create(t, { title: "Over", documents: codes.map((code) => ({ template_code: code, values: VALUES })), signers: SIGNERS });
    expect(r.status, r.text).toBe(402);
    expect(r.json.error.code).toBe("quota_exceeded");
    expect(await made(t.tenantId)).toEqual({ documents: 0, envelopes: 0, messages: 0, agreements: 25 });
  });

  it("a failure after the agreement was counted voids every document made and gives the agreement back", async () => {
    const t = await makeTenant();
    const codes = [(await publishedTemplate(t.key)).code, (await publishedTemplate(t.key)).code];
    // The envelope's own row cannot be written: every document was already prepared and sent.
    await env.DB.exec("CREATE TRIGGER envelope_fails BEFORE INSERT ON envelopes WHEN NEW.title = 'Fails' BEGIN SELECT RAISE(ABORT, 'forced failure'); END");
    try {
      const r = await create(t, { title: "Fails", documents: codes.map((code) => ({ template_code: code, values: VALUES })), signers: SIGNERS });
      expect(r.status).toBe(500);
    } finally {
      await env.DB.exec("DROP TRIGGER envelope_fails");
    }
    const docs = await env.DB.prepare("SELECT status, envelope_id FROM documents WHERE tenant_id = ?")
      .bind(t.tenantId)
      .all<{ status: string; envelope_id: string }>();
    expect(docs.results.map((d) => d.status)).toEqual(["voided", "voided"]);
    expect(await made(t.tenantId)).toEqual({ documents: 2, envelopes: 0, messages: 0, agreements: 0 });
    expect(await count("SELECT count(*) AS n FROM envelope_signers WHERE envelope_id = ?", docs.results[0]!.envelope_id)).toBe(0);
  });
});

describe("envelopes: a failure part way", () => {
  it("the third document cannot be stored: the two made are voided, none is left sent, the agreement is given back", async () => {
    const t = await makeTenant();
    const codes = [(await publishedTemplate(t.key)).code, (await publishedTemplate(t.key)).code, (await publishedTemplate(t.key, { name: "Breaks" })).code];
    await env.DB.exec("CREATE TRIGGER third_fails BEFORE INSERT ON documents WHEN NEW.title = 'Breaks' BEGIN SELECT RAISE(ABORT, 'forced failure'); END");
    try {
      const r = await create(t, { title: "Part way", documents: codes.map((code) => ({ template_code: code, values: VALUES })), signers: SIGNERS });
      expect(r.status).toBe(500);
    } finally {
      await env.DB.exec("DROP TRIGGER third_fails");
    }
    const docs = await env.DB.prepare("SELECT status, envelope_position AS p FROM documents WHERE tenant_id = ? ORDER BY envelope_position")
      .bind(t.tenantId)
      .all();
    expect(docs.results).toEqual([
      { status: "voided", p: 0 },
      { status: "voided", p: 1 },
    ]);
    expect(await made(t.tenantId)).toEqual({ documents: 2, envelopes: 0, messages: 0, agreements: 0 });
  });
});

describe("envelopes: void", () => {
  async function sentEnvelope(t: Tenant) {
    const codes = [(await publishedTemplate(t.key)).code, (await publishedTemplate(t.key)).code];
    const r = await create(t, { title: "To void", documents: codes.map((code) => ({ template_code: code, values: VALUES })), signers: SIGNERS, notify: false });
    expect(r.status, r.text).toBe(200);
    return { id: r.json.envelope_id as string, docs: (r.json.documents as { document_id: string }[]).map((d) => d.document_id) };
  }

  it("a document of an envelope refuses its own void; the envelope's void voids every document and the envelope, once", async () => {
    const t = await makeTenant();
    const { id, docs } = await sentEnvelope(t);
    const own = await api("POST", `/v1/documents/${docs[0]}/void`, { key: t.key, body: { reason: "Wrong dates." } });
    expect(own.status, own.text).toBe(422);
    expect(own.json.error.message).toBe(`This document is part of envelope ${id}; void the envelope instead (POST /v1/envelopes/${id}/void).`);
    expect((await api("GET", `/v1/documents/${docs[0]}`, { key: t.key })).json.status).toBe("sent");

    const v = await api("POST", `/v1/envelopes/${id}/void`, { key: t.key, body: { reason: "Wrong dates." } });
    expect(v.status, v.text).toBe(200);
    expect(v.json).toEqual({ voided: true });
    for (const d of docs) {
      const doc = (await api("GET", `/v1/documents/${d}`, { key: t.key })).json;
      expect(doc).toMatchObject({ status: "voided", void_reason: "Wrong dates." });
    }
    const read = (await api("GET", `/v1/envelopes/${id}`, { key: t.key })).json;
    expect(read.status).toBe("voided");
    expect(read.documents.map((d: { status: string }) => d.status)).toEqual(["voided", "voided"]);
    const row = await env.DB.prepare("SELECT status, void_reason, voided_at FROM envelopes WHERE id = ?").bind(id).first<Record<string, string>>();
    expect(row).toMatchObject({ status: "voided", void_reason: "Wrong dates.", voided_at: expect.any(String) });
    const twice = await api("POST", `/v1/envelopes/${id}/void`, { key: t.key, body: { reason: "Again." } });
    expect(twice.status).toBe(422);
    expect(twice.json.error.message).toBe("This envelope is already voided.");
  });

  it("a document of an envelope issues no link of its own: fresh link, reminder and correction refused, its signer unchanged", async () => {
    const t = await makeTenant();
    const { id, docs } = await sentEnvelope(t);
    const signer = (await api("GET", `/v1/documents/${docs[1]}`, { key: t.key })).json.signers[0];
    const hash = async () =>
      (await env.DB.prepare("SELECT token_hash AS h, email FROM signers WHERE id = ?").bind(signer.signer_id).first<{ h: string; email: string }>())!;
    const before = await hash();
    const base = `/v1/documents/${docs[1]}/signers/${signer.signer_id}`;
    for (const [method, path, body] of [
      ["POST", `${base}/link`, {}],
      ["POST", `${base}/remind`, {}],
      ["PATCH", base, { email: "other@example.com" }],
    ] as const) {
      const r = await api(method, path, { key: t.key, body });
      expect(r.status, `${method} ${path}`).toBe(422);
      expect(r.json.error.message).toBe(
        `This document is part of envelope ${id}; its signers' links are the envelope's, so the document issues none of its own.`,
      );
      expect(r.json.token).toBeUndefined();
    }
    expect(await hash()).toEqual(before);
  });

  it("a completed envelope cannot be voided", async () => {
    const t = await makeTenant();
    const { id, docs } = await sentEnvelope(t);
    for (const d of docs) {
      await env.DB.prepare("UPDATE documents SET status = 'completed', completed_at = ? WHERE id = ?").bind(new Date().toISOString(), d).run();
      await forgetState(d);
    }
    expect((await api("GET", `/v1/envelopes/${id}`, { key: t.key })).json.status).toBe("completed");
    const v = await api("POST", `/v1/envelopes/${id}/void`, { key: t.key, body: { reason: "Too late." } });
    expect(v.status).toBe(422);
    expect(v.json.error.message).toBe("A completed (executed) envelope cannot be voided.");
  });

  it("another account's envelope, or the other mode's, is not found", async () => {
    const t = await makeTenant();
    const { id, docs } = await sentEnvelope(t);
    const other = await makeTenant();
    const testKey = (await addKey(t.tenantId, { mode: "test" })).key;
    for (const key of [other.key, testKey]) {
      const r = await api("GET", `/v1/envelopes/${id}`, { key });
      expect(r.status).toBe(404);
      expect(r.json.error.code).toBe("not_found");
      expect((await api("POST", `/v1/envelopes/${id}/void`, { key, body: { reason: "Not mine." } })).status).toBe(404);
    }
    expect((await api("GET", `/v1/envelopes/env_nope`, { key: t.key })).status).toBe(404);
    expect((await api("GET", `/v1/documents/${docs[0]}`, { key: t.key })).json.status).toBe("sent");
  });
});

describe("envelopes: text and PDF templates mixed, signed through the envelope's links", () => {
  it("completes with one sealed PDF holding the PDF template's page among the text documents', then the certificate", async () => {
    const t = await makeTenant();
    const documents = await threeDocuments(t);
    const r = await create(t, { title: "Mixed", documents, signers: SIGNERS.slice(0, 2), notify: false });
    expect(r.status, r.text).toBe(200);
    for (const [n, l] of (r.json.links as { token: string }[]).entries()) {
      expect((await api("POST", `/v1/sign/${l.token}/consent`, { body: {} })).status).toBe(200);
      const signed = await api("POST", `/v1/sign/${l.token}`, { body: { method: "typed", value: SIGNERS[n]!.full_name } });
      expect(signed.status, signed.text).toBe(200);
    }
    const read = (await api("GET", `/v1/envelopes/${r.json.envelope_id}`, { key: t.key })).json;
    expect(read.status).toBe("completed");
    const pdf = await api("GET", `/v1/envelopes/${r.json.envelope_id}/pdf`, { key: t.key });
    expect(pdf.status, pdf.text.slice(0, 300)).toBe(200);
    const bytes = Uint8Array.from(atob(pdf.json.bytes_base64), (ch) => ch.charCodeAt(0));
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    // Two text documents (a page each at least), the PDF template's one page, then the certificate's.
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(4);
    expect(pdf.json.seal.level).toBe("B-LTA");
  });
});
