import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, makeTenant } from "./helpers";
import { insertDocument } from "./evidence-fixtures";
import { attachments, fromB64, signatureParts } from "./evidence-pdf-helpers";
import { canonicalJson } from "../src/lib/canonical-json";
import { sha256Hex } from "../src/lib/crypto";
import { findSignatures } from "../src/lib/verify/pdf";
import { ApiError } from "../src/lib/errors";
import { certificateRow } from "../src/domain/certificates";
import { makeSealedFile, sealedFile } from "../src/domain/evidence";

const TEST_SEAL = {
  commonName: "Edge Sign Test Seal (TEST ONLY)",
  timestamped: true,
  selfIssued: true,
  trust: "unverified",
  level: "B-LTA",
  levelReason: null,
};

const countRows = (id: string) => env.DB.prepare("SELECT COUNT(*) AS n FROM sealed_files WHERE document_id = ?").bind(id).first<number>("n");

describe("GET /v1/documents/{id}/pdf", () => {
  it("answers the sealed certificate PDF, made once and byte-identical on every download", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const code = (await certificateRow(env, f.documentId))!.verificationCode;
    const first = await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key });
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual(["bytes_base64", "content_type", "filename", "seal"]);
    expect(first.json.filename).toBe(`certificate-${code}.pdf`);
    expect(first.json.content_type).toBe("application/pdf");
    expect(first.json.seal).toEqual(TEST_SEAL);
    const bytes = fromB64(first.json.bytes_base64);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(new TextDecoder("latin1").decode(bytes)).toContain("/SubFilter /ETSI.CAdES.detached");

    const second = await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key });
    expect(second.json.bytes_base64).toBe(first.json.bytes_base64);
    const raw = await fetchRaw(t.key, `/v1/documents/${f.documentId}/pdf`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toBe("application/pdf");
    expect(raw.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${code}.pdf"`);
    expect(raw.headers.get("etag")).toBe(`"${await sha256Hex(bytes)}"`);
    expect(raw.bytes).toEqual(bytes);

    expect(await countRows(f.documentId)).toBe(1);
    const row = await env.DB.prepare("SELECT * FROM sealed_files WHERE document_id = ?").bind(f.documentId).first<Record<string, string | number>>();
    expect(row).toMatchObject({ kind: "pdf", filename: `certificate-${code}.pdf`, sha256: await sha256Hex(bytes), bytes: bytes.length });
    const obj = await env.FILES.get(row!.r2_key as string);
    expect(new Uint8Array(await obj!.arrayBuffer())).toEqual(bytes);
  });

  it("seals the whole file: the seal covers its revision but the hole (ASCII 0 padding); the document timestamp covers everything", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const bytes = fromB64((await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key })).json.bytes_base64);
    const { range, paddingIsAsciiZero } = signatureParts(bytes);
    expect(range[0]).toBe(0);
    expect(paddingIsAsciiZero).toBe(true);
    // After the seal's revision come only incremental updates (DSS, then the document timestamp).
    const sealEnd = range[2]! + range[3]!;
    expect(new TextDecoder("latin1").decode(bytes.subarray(sealEnd - 6, sealEnd))).toMatch(/%%EOF\s*$/);
    const sigs = findSignatures(bytes);
    expect(sigs.map((x) => x.subFilter)).toEqual(["ETSI.CAdES.detached", "ETSI.RFC3161"]);
    expect(sigs[1]!.coversWholeFile).toBe(true);
  });

  it("carries the frozen payload as certificate.json, whose SHA-256 is the certificate's", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const cert = (await api("GET", `/v1/documents/${f.documentId}/certificate`, { key: t.key })).json;
    const bytes = fromB64((await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key })).json.bytes_base64);
    const files = await attachments(bytes);
    expect(Object.keys(files)).toEqual(["certificate.json", "transparency.json"]);
    expect(await sha256Hex(files["certificate.json"]!)).toBe(cert.certificate_sha256_hex);
  });

  it("seals names in any script: characters the font lacks never stop the seal", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, {
      title: "Соглашение · Συμφωνία · 合同 🖋️",
      body: "Текст договора. Κείμενο συμφωνίας. 中文条款。 Emoji 🎉 and a tab\there.\u0007",
      signers: [
        { full_name: "Екатерина Смирнова", email: "e@example.ru", method: "typed", value: "Екатерина Смирнова" },
        { full_name: "李雷 🐉", email: "li@example.cn", method: "drawn", value: "data:image/png;base64,not-a-png" },
      ],
    });
    const r = await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key });
    expect(r.status).toBe(200);
    expect(fromB64(r.json.bytes_base64).length).toBeGreaterThan(10_000);
  });

  it("is refused before completion (422) and makes nothing", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, { status: "sent" });
    const r = await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: t.key });
    expect(r.status).toBe(422);
    expect(r.json.error).toEqual({
      code: "invalid",
      message: "The sealed PDF exists only once the document is completed; this document is sent.",
      hint: "Wait for signing.completed.",
    });
    expect(await countRows(f.documentId)).toBe(0);
  });

  it("answers 404 across accounts and 403 without signing:read", async () => {
    const owner = await makeTenant();
    const f = await insertDocument(owner);
    const other = await makeTenant();
    expect((await api("GET", `/v1/documents/${f.documentId}/pdf`, { key: other.key })).status).toBe(404);
    expect((await api("GET", `/v1/documents/${f.documentId}/bundle`, { key: other.key })).status).toBe(404);
    const noRead = await makeTenant({ scopes: ["signing:write"] });
    const g = await insertDocument(noRead);
    expect((await api("GET", `/v1/documents/${g.documentId}/pdf`, { key: noRead.key })).status).toBe(403);
    expect((await api("GET", `/v1/documents/${g.documentId}/bundle`, { key: noRead.key })).status).toBe(403);
    expect(await countRows(f.documentId)).toBe(0);
  });
});

describe("GET /v1/documents/{id}/bundle", () => {
  it("is refused before completion with a clear message", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, { status: "sent" });
    const r = await api("GET", `/v1/documents/${f.documentId}/bundle`, { key: t.key });
    expect(r.status).toBe(422);
    expect(r.json.error).toEqual({
      code: "invalid",
      message: "The evidence bundle exists only once the document is completed; this document is sent.",
      hint: "Wait for signing.completed.",
    });
    expect(await countRows(f.documentId)).toBe(0);
  });

  it("answers the sealed bundle; its evidence.json is the package and hashes to the printed package SHA-256", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t, { messages: true, webhooks: true });
    const cert = (await api("GET", `/v1/documents/${f.documentId}/certificate`, { key: t.key })).json;
    const r = await api("GET", `/v1/documents/${f.documentId}/bundle`, { key: t.key });
    expect(r.status).toBe(200);
    expect(r.json.filename).toBe(`evidence-bundle-${cert.verification_code}.pdf`);
    expect(r.json.seal).toEqual(TEST_SEAL);
    const bytes = fromB64(r.json.bytes_base64);
    const json = (await attachments(bytes))["evidence.json"]!;
    const text = new TextDecoder().decode(json);
    const manifest = JSON.parse(text);
    expect(text).toBe(canonicalJson(manifest));
    expect(manifest.format).toBe("edge-sign/evidence-bundle/1");
    expect(manifest.certificate).toEqual({
      certificate_id: cert.certificate_id,
      verification_code: cert.verification_code,
      issued_at: cert.issued_at,
      document_sha256_hex: cert.document_sha256_hex,
      certificate_sha256_hex: cert.certificate_sha256_hex,
      payload: cert.payload,
    });
    expect(manifest.trail).toHaveLength(9);
    expect(manifest.trail[4]).toMatchObject({
      seq: 5,
      kind: "signed",
      signer_email: "ada@example.com",
      user_agent: "Mozilla/5.0 (test)",
      signature_method: "typed",
      detail: "intent/1",
    });
    expect(manifest.messages).toHaveLength(1);
    expect(manifest.messages[0].body).toBe("Sign here: https://sign.example.test/s/[token withheld]");
    expect(manifest.webhook_deliveries).toEqual([
      expect.objectContaining({
        event: "signing.completed",
        status: "delivered",
        attempts: 1,
        response_status: 200,
        endpoint_host: "hooks.example.net",
        payload_sha256: await sha256Hex('{"event":"signing.completed"}'),
      }),
    ]);
    expect(text).not.toContain("token=secret");
    expect(manifest.record_state).toMatchObject({
      status: "completed",
      integrity_ok: true,
      still_matches_record: true,
      divergence: null,
      body_sha256_computed: f.bodySha256,
    });
    // The package hash is printed on the last page; the same hash is what verification accepts for the PDF.
    const second = await api("GET", `/v1/documents/${f.documentId}/bundle`, { key: t.key });
    expect(second.json.bytes_base64).toBe(r.json.bytes_base64);
  });

  it("says so when there are no messages and no webhook deliveries", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const r = await api("GET", `/v1/documents/${f.documentId}/bundle`, { key: t.key });
    const manifest = JSON.parse(new TextDecoder().decode((await attachments(fromB64(r.json.bytes_base64)))["evidence.json"]!));
    expect(manifest.messages).toEqual([]);
    expect(manifest.webhook_deliveries).toEqual([]);
  });

  it("records the divergence of a tampered record in the record state", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    await env.DB.prepare("UPDATE signers SET email = 'mallory@example.com' WHERE id = ?").bind(f.signerIds[1]).run();
    const r = await api("GET", `/v1/documents/${f.documentId}/bundle`, { key: t.key });
    const manifest = JSON.parse(new TextDecoder().decode((await attachments(fromB64(r.json.bytes_base64)))["evidence.json"]!));
    expect(manifest.record_state.still_matches_record).toBe(false);
    expect(manifest.record_state.divergence).toBe("The record differs from the certificate at: signers[1].email.");
  });
});

describe("sealing configuration", () => {
  it("reports a publicly trusted seal when SEAL_PUBLICLY_TRUSTED=true", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const cert = (await certificateRow(env, f.documentId))!;
    const made = await makeSealedFile({ ...env, SEAL_PUBLICLY_TRUSTED: "true" }, "pdf", cert, "https://sign.example.test");
    expect(made.seal).toEqual({ commonName: "Edge Sign Test Seal (TEST ONLY)", timestamped: true, publiclyTrusted: true, level: "B-LTA", levelReason: null });
  });

  it("refuses to seal when the external timestamp authority fails, stores nothing, and a retry can succeed", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    // Nothing listens on port 9 (workerd logs each refused connection, even though it is caught).
    const broken = { ...env, TSA_URL: "http://127.0.0.1:9/tsa" };
    const err = await sealedFile(broken, { id: f.documentId, status: "completed" }, "pdf", "https://sign.example.test").catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe("internal");
    expect(err.headers).toEqual({ "Retry-After": "60" });
    expect(err.message).toBe("The timestamp authority could not be reached, so the file was not sealed and nothing was stored.");
    expect(await countRows(f.documentId)).toBe(0);
    const listed = await env.FILES.list({ prefix: `sealed/${f.documentId}/` });
    expect(listed.objects).toHaveLength(0);
    const ok = await sealedFile(env, { id: f.documentId, status: "completed" }, "pdf", "https://sign.example.test");
    expect(ok.seal).toEqual(TEST_SEAL);
    expect(await countRows(f.documentId)).toBe(1);
  });

  it("keeps one file when first downloads race", async () => {
    const t = await makeTenant();
    const f = await insertDocument(t);
    const results = await Promise.all([1, 2, 3].map(() => sealedFile(env, { id: f.documentId, status: "completed" }, "bundle", "https://sign.example.test")));
    expect(new Set(results.map((r) => r.sha256)).size).toBe(1);
    expect(await countRows(f.documentId)).toBe(1);
    const listed = await env.FILES.list({ prefix: `sealed/${f.documentId}/` });
    expect(listed.objects).toHaveLength(1);
  });
});

async function fetchRaw(key: string, path: string) {
  const res = await exports.default.fetch(`https://sign.example.test${path}`, {
    headers: { authorization: `Bearer ${key}`, accept: "application/pdf", "cf-connecting-ip": "203.0.113.7" },
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
