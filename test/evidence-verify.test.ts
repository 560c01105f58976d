import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, freshMinute, makeTenant } from "./helpers";
import { insertDocument } from "./evidence-fixtures";
import { fromB64 } from "./evidence-pdf-helpers";
import { certificateRow } from "../src/domain/certificates";
import { verifyCode } from "../src/domain/verification";
import { formatVerificationCode } from "../src/lib/verification-code";
import { sha256Hex } from "../src/lib/crypto";

// Each test gets its own address: the anonymous budget is 60 a minute per address.
let n = 0;
const ip = () => `198.51.100.${++n}`;
const verify = (code: string, sha256?: string, from = ip()) =>
  api("GET", `/v1/verify/${encodeURIComponent(code)}${sha256 !== undefined ? `?sha256=${sha256}` : ""}`, { ip: from });

async function completed() {
  const t = await makeTenant();
  const f = await insertDocument(t);
  const cert = (await certificateRow(env, f.documentId))!;
  return { t, f, cert };
}

describe("GET /v1/verify/{code}", () => {
  it("without sha256: what the document is and when it completed, withholding signers and trail", async () => {
    const { cert, f } = await completed();
    const r = await verify(cert.verificationCode);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.json).toEqual({
      found: true,
      test: false,
      verification_code: cert.verificationCode,
      issued_at: cert.issuedAt,
      issuer: JSON.parse(cert.payload).issuer,
      title: "NDA with Ada",
      // Withheld: sending it back would unlock the holder's view.
      document_sha256: null,
      document_matches: null,
      still_matches_record: true,
      divergence: null,
      completed_at: "2026-01-15T09:30:00.000Z",
      redacted_at: null,
      signer_count: 2,
      signers: null,
      events: null,
    });
    expect(r.text).not.toContain("@");
    expect(r.text).not.toContain(f.bodySha256);
  });

  it("with the document's sha256: the signers without email addresses and the trail by name", async () => {
    const { cert, f } = await completed();
    const r = await verify(cert.verificationCode, f.bodySha256);
    expect(r.status).toBe(200);
    expect(r.json.document_matches).toBe(true);
    expect(r.json.document_sha256).toBe(f.bodySha256);
    expect(r.json.signers).toEqual([
      {
        full_name: "Ada Lovelace",
        role: "signer",
        sign_order: 1,
        status: "signed",
        consented_at: "2026-01-15T09:10:00.000Z",
        signed_at: "2026-01-15T09:11:00.000Z",
        signature: { method: "typed", value_sha256: await sha256Hex("Ada Lovelace"), signed_against_sha256: f.bodySha256, ip: "203.0.113.10" },
      },
      {
        full_name: "Αθηνά Παπαδοπούλου",
        role: "signer",
        sign_order: 2,
        status: "signed",
        consented_at: "2026-01-15T09:15:00.000Z",
        signed_at: "2026-01-15T09:16:00.000Z",
        signature: { method: "clicked", value_sha256: await sha256Hex("clicked"), signed_against_sha256: f.bodySha256, ip: "2001:db8::42" },
      },
    ]);
    expect(r.json.events).toHaveLength(9);
    expect(r.json.events[4]).toEqual({
      kind: "signed",
      occurred_at: "2026-01-15T09:06:00.000Z",
      signer: "Ada Lovelace",
      ip: "203.0.113.10",
      against_sha256: f.bodySha256,
    });
    expect(r.json.events[8]).toEqual({ kind: "completed", occurred_at: "2026-01-15T09:10:00.000Z", signer: null, ip: null, against_sha256: f.bodySha256 });
    expect(r.text).not.toContain("@");
    expect(r.text).not.toContain("example.com");
  });

  it("accepts the code with or without dashes, in any case, and the hash in any case", async () => {
    const { cert, f } = await completed();
    const forms = [
      cert.verificationCode,
      cert.verificationCode.toLowerCase(),
      formatVerificationCode(cert.verificationCode),
      formatVerificationCode(cert.verificationCode).toLowerCase(),
    ];
    for (const form of forms) {
      const r = await verify(form, f.bodySha256.toUpperCase());
      expect(r.status).toBe(200);
      expect(r.json.verification_code).toBe(cert.verificationCode);
      expect(r.json.document_matches).toBe(true);
    }
  });

  it("with a wrong sha256: document_matches false, signers and trail withheld", async () => {
    const { cert } = await completed();
    const r = await verify(cert.verificationCode, "ab".repeat(32));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ found: true, document_matches: false, document_sha256: null, signers: null, events: null, signer_count: 2 });
  });

  it("never gives out the document's hash before a match, so the anonymous answer cannot unlock the holder's view", async () => {
    const { cert, f } = await completed();
    for (const sha of [undefined, "ab".repeat(32)]) {
      const r = await verify(cert.verificationCode, sha);
      expect(r.status).toBe(200);
      expect(r.json.document_sha256).toBeNull();
      expect(r.text).not.toContain(f.bodySha256);
      expect(r.text).not.toContain(f.bodySha256.slice(0, 16));
    }
  });

  it("refuses a sha256 that is not 64 hex characters (422 invalid)", async () => {
    const { cert } = await completed();
    const r = await verify(cert.verificationCode, "xyz");
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe("invalid");
    expect(r.json.error.message).toBe("sha256: must be 64 hexadecimal characters");
  });

  it("matches the SHA-256 of the sealed PDF and of the bundle issued for it", async () => {
    const { t, f, cert } = await completed();
    for (const kind of ["pdf", "bundle"]) {
      const file = await api("GET", `/v1/documents/${f.documentId}/${kind}`, { key: t.key });
      const sha = await sha256Hex(fromB64(file.json.bytes_base64));
      const r = await verify(cert.verificationCode, sha);
      expect(r.json.document_matches).toBe(true);
      expect(r.json.document_sha256).toBe(f.bodySha256);
      expect(r.json.signers).toHaveLength(2);
    }
    // A sealed file of another document does not open this one.
    const other = await completed();
    const otherPdf = await api("GET", `/v1/documents/${other.f.documentId}/pdf`, { key: other.t.key });
    const r = await verify(cert.verificationCode, await sha256Hex(fromB64(otherPdf.json.bytes_base64)));
    expect(r.json.document_matches).toBe(false);
  });

  it("never fails on broken input: bad percent-encoding, surrogates, oversized codes and hashes", async () => {
    const { cert } = await completed();
    const cases: [string, number][] = [
      ["/v1/verify/%ED%A0%80", 404],
      ["/v1/verify/%F0%9F", 404],
      ["/v1/verify/%EF%BF%BD%EF%BF%BD", 404],
      [`/v1/verify/${"7".repeat(65)}`, 422],
      [`/v1/verify/${cert.verificationCode}?sha256=%ED%A0%80`, 422],
      [`/v1/verify/${cert.verificationCode}?sha256=${"a".repeat(63)}%F0%9F%98%80`, 422],
      [`/v1/verify/${cert.verificationCode}?sha256=${"a".repeat(64)}&sha256=${"b".repeat(64)}`, 422],
    ];
    for (const [path, status] of cases) {
      const r = await api("GET", path, { ip: ip() });
      expect(r.status, `${path}: ${r.text}`).toBe(status);
      if (status === 422) expect(r.json.error.code).toBe("invalid");
    }
  });

  it("answers 404 with found false for an unknown or malformed code", async () => {
    const unknown = await verify("0000-0000-0000-0000");
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({
      found: false,
      verification_code: "0000000000000000",
      title: null,
      signers: null,
      events: null,
      document_matches: null,
    });
    const malformed = await verify("not-a-code");
    expect(malformed.status).toBe(404);
    expect(malformed.json).toMatchObject({ found: false, verification_code: null });
  });

  it("reports a record changed behind the service's back, naming paths, never email addresses", async () => {
    const { cert, f } = await completed();
    await env.DB.prepare("UPDATE signers SET email = 'mallory@evil.example' WHERE id = ?").bind(f.signerIds[0]).run();
    const r = await verify(cert.verificationCode, f.bodySha256);
    expect(r.json.still_matches_record).toBe(false);
    expect(r.json.divergence).toBe("The record differs from the certificate at: signers[0].email.");
    expect(r.text).not.toContain("@");
    // The certificate still shows what was frozen.
    expect(r.json.signers[0].full_name).toBe("Ada Lovelace");
  });

  it("is rate limited per address: 60 a minute, then 429 with Retry-After; other addresses unaffected", async () => {
    const { cert } = await completed();
    const from = "192.0.2.200";
    await freshMinute();
    for (let i = 0; i < 60; i++) expect((await verify(cert.verificationCode, undefined, from)).status).toBe(200);
    const over = await verify(cert.verificationCode, undefined, from);
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe("rate_limited");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("x-ratelimit-limit")).toBe("60");
    expect((await verify(cert.verificationCode, undefined, "192.0.2.201")).status).toBe(200);
  }, 60_000);
});

describe("verifyCode (the function the verification page calls)", () => {
  it("answers the same result as the API", async () => {
    const { cert, f } = await completed();
    const direct = await verifyCode(env, formatVerificationCode(cert.verificationCode).toLowerCase(), f.bodySha256);
    const viaApi = await verify(cert.verificationCode, f.bodySha256);
    expect(direct).toEqual(viaApi.json);
  });
});

describe("/openapi.json", () => {
  it("declares the evidence operations with their scopes", async () => {
    const r = await api("GET", "/openapi.json");
    const ops = Object.fromEntries(
      Object.entries(r.json.paths as Record<string, Record<string, { operationId: string; "x-scope"?: string; security?: unknown }>>).flatMap(([p, methods]) =>
        Object.values(methods).map((m) => [m.operationId, { path: p, scope: m["x-scope"] ?? null }]),
      ),
    );
    expect(ops.getCertificate).toEqual({ path: "/v1/documents/{id}/certificate", scope: "signing:read" });
    expect(ops.getSealedPdf).toEqual({ path: "/v1/documents/{id}/pdf", scope: "signing:read" });
    expect(ops.getEvidenceBundle).toEqual({ path: "/v1/documents/{id}/bundle", scope: "signing:read" });
    expect(ops.verifyCertificate).toEqual({ path: "/v1/verify/{code}", scope: null });
  });
});
