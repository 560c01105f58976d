/**
 * Evidence: the certificate of completion, the sealed PDF, the evidence bundle (API key,
 * signing:read) and public verification by code (anonymous, rate-limited per address).
 */
import { download } from "../http/download";
import { toBase64 } from "../lib/bytes";
import { SEAL_LEVELS, SIGNATURE_METHODS, SIGNER_FILE_EXTENSIONS, SIGNER_FILE_TYPES, SIGNER_STATUSES, TRAIL_KINDS } from "../domain/vocabulary";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { createRouter, commonErrors, jsonResponse, keyed, keyedErrors, listed, listedOrNull } from "../http/router";
import { notFound } from "../lib/errors";
import { text } from "../lib/text";
import { publicBaseUrl } from "../lib/config";
import { limitPerAddress } from "../http/rate-limit";
import { certificateView } from "../domain/certificates";
import { certificateForCompleted, sealedFile, type SealedKind } from "../domain/evidence";
import { SHA256_HEX, verifyCode } from "../domain/verification";
import { documentForAccount } from "../db/evidence";
import { signerFileBytes } from "../domain/signer-files";
import { LogInclusion } from "./transparency-log";
import { QualifiedSignatures, roleFieldsShape } from "./evidence-roles";

/**
 * How a certificate says a signer signed: the method they used (`SIGNATURE_METHODS`), or, when they
 * confirmed a one-time code, how the code came (`email_otp` | `sms_otp`; src/domain/certificates.ts).
 */
const CERTIFIED_METHODS = [...SIGNATURE_METHODS, "email_otp", "sms_otp"] as const;

const CertifiedSignature = z
  .object({
    method: listedOrNull(CERTIFIED_METHODS).openapi({
      description:
        "How the signer signed (`typed`, `drawn`, `clicked`, `uploaded`); `email_otp` or `sms_otp` instead when they confirmed a one-time code sent by email or by text, the stronger evidence of who signed.",
    }),
    value_sha256: z.string().nullable(),
    signed_against_sha256: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .nullable()
  .openapi({ description: "null until the signer has signed." });

const OnBehalfOf = z
  .object({ full_name: z.string(), minor: z.literal(true) })
  .optional()
  .openapi({ description: "Only for a guardian who signed a packet document for a minor: the minor they signed for." });

const Authentication = z
  .union([
    z.object({ method: z.literal("access_code"), passed_at: z.string().nullable() }),
    z.object({
      method: z.literal("id_check"),
      provider: z.literal("stripe"),
      outcome: z.literal("verified"),
      document_type: z.string().nullable().openapi({ description: "As the provider read it: passport, driving_license or id_card." }),
      country: z.string().nullable().openapi({ description: "The document's issuing country (ISO 3166-1 alpha-2)." }),
      verified_name: z.string().optional(),
      passed_at: z.string().nullable(),
    }),
  ])
  .optional()
  .openapi({
    description:
      "Only for a signer sent with `auth` `access_code` (the method and when the code was given, never the code) or `id_check` (the provider, its outcome, the document's type and issuing country, the verified name and when it passed; never an image, a birth date or a document number); docs/identity.md.",
  });

const Payload = z
  .object({
    issuer: z.object({ tenant: z.string(), tenant_id: z.string() }),
    test: z.boolean().optional().openapi({
      description:
        'True when the document was made and completed with a test key (`mk_test_`): no legal effect, not metered, and every page of its sealed files says "TEST — no legal effect". False for live documents. Absent only from certificates issued before this field existed.',
    }),
    document: z.object({
      id: z.string(),
      title: z.string(),
      sha256: z.string(),
      completed_at: z.string().nullable(),
      template: z.object({ code: z.string(), version: z.number().int() }),
      consent: z
        .object({
          version: z.string().openapi({ example: "consent/custom-3f9a0c1b2d4e" }),
          text_sha256: z.string(),
        })
        .optional()
        .openapi({
          description:
            "The consent wording every signer was shown: `version` is `consent/1` for the service's wording or `consent/custom-<first 12 hex of text_sha256>` for the template's own `consent_text`; `text_sha256` is the SHA-256 of that text (UTF-8; for `consent/1` of its English text). Absent only from certificates issued before this field existed.",
        }),
      original_pdf_sha256: z.string().optional().openapi({
        description:
          "Documents prepared from a PDF template only: the SHA-256 (hex) of the template's original PDF, the file the sealed PDF's first pages are drawn on.",
      }),
      level: z.enum(["aes", "qes"]).optional().openapi({
        description: "`aes` or `qes`: each signer signed with their own certificate at a trust service provider (see `signatures`). Absent for `ses`.",
      }),
    }),
    signers: z.array(
      z.object({
        full_name: z.string(),
        email: z.string(),
        role: z.string(),
        sign_order: z.number().int(),
        status: listed(SIGNER_STATUSES),
        consented_at: z.string().nullable(),
        signed_at: z.string().nullable(),
        signature: CertifiedSignature,
        on_behalf_of: OnBehalfOf,
        authentication: Authentication,
        ...roleFieldsShape("email"),
      }),
    ),
    events: z.array(
      z.object({ kind: listed(TRAIL_KINDS), occurred_at: z.string(), signer: z.string().nullable(), ip: z.string().nullable(), against_sha256: z.string() }),
    ),
    files: z
      .array(
        z.object({
          key: z.string().openapi({ description: "The image, stamp or file field the upload answers." }),
          signer: z.string().openapi({ description: "The uploading signer's email, as in `events` (redacted with the record)." }),
          sha256: z.string().openapi({ description: "SHA-256 (hex) of the bytes; the sealed PDF carries them as the attachment `<key>-<n>.<ext>`." }),
          size: z.number().int(),
          content_type: listed(SIGNER_FILE_TYPES),
        }),
      )
      .optional()
      .openapi({ description: "Files signers uploaded (image, stamp and file fields), as their answers held them at completion. Absent when there are none." }),
    signatures: QualifiedSignatures.openapi({
      description: "Level `aes`/`qes` documents only (absent otherwise): each signer's own signature, in signing order.",
    }),
  })
  .openapi("CertificatePayload");

const Certificate = z
  .object({
    certificate_id: z.string(),
    verification_code: z.string().openapi({ description: "16 Crockford base32 characters; never I, L, O or U." }),
    issued_at: z.string(),
    document_sha256_hex: z.string(),
    certificate_sha256_hex: z.string().openapi({ description: "SHA-256 of the payload serialised as RFC 8785 canonical JSON." }),
    still_matches_record: z.boolean(),
    divergence: z.string().nullable().openapi({ description: "Which parts of the live record differ from the frozen payload; null when none." }),
    payload: Payload,
  })
  .openapi("Certificate");

const Seal = z
  .object({
    commonName: z.string(),
    timestamped: z.boolean(),
    publiclyTrusted: z.boolean().optional(),
    selfIssued: z.boolean().optional(),
    trust: z.string().optional().openapi({ example: "unverified" }),
    level: z.enum(SEAL_LEVELS).openapi({
      description:
        "PAdES baseline level of these bytes (ETSI EN 319 142-1): `B-T` the seal with its RFC 3161 signature timestamp; `B-LT` plus the certificates and revocation data (CRLs) of the seal and timestamp chains in the file's Document Security Store; `B-LTA` plus a document timestamp over the whole file, renewed before the authority's certificate expires. See docs/evidence.md.",
      example: "B-LTA",
    }),
    levelReason: z.string().nullable().openapi({
      description:
        "Why the file is not (yet) B-LTA, e.g. revocation data could not be fetched; the service retries hourly and upgrades the stored file. null at B-LTA.",
      example: null,
    }),
  })
  .openapi("Seal");

const SealedFile = z
  .object({
    filename: z.string().openapi({ example: "certificate-7K2M9QXDA4B8C1EF.pdf" }),
    content_type: z.literal("application/pdf"),
    seal: Seal,
    bytes_base64: z.string(),
  })
  .openapi("SealedFile");

const VerifiedSigner = z.object({
  full_name: z.string(),
  role: z.string(),
  sign_order: z.number().int(),
  status: listed(SIGNER_STATUSES),
  consented_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  signature: CertifiedSignature,
  on_behalf_of: OnBehalfOf,
  ...roleFieldsShape("name"),
});

const Verification = z
  .object({
    found: z.boolean(),
    test: z.boolean().nullable().openapi({
      description: "True for a document completed with a test key (no legal effect), false for a live one; null when no certificate has this code.",
    }),
    verification_code: z.string().nullable(),
    issued_at: z.string().nullable(),
    issuer: z.object({ tenant: z.string(), tenant_id: z.string() }).nullable(),
    title: z.string().nullable(),
    document_sha256: z.string().nullable().openapi({
      description: "The document's SHA-256, only when `sha256` matched (the document or a sealed file); null otherwise, withheld like signers and events.",
    }),
    document_matches: z.boolean().nullable().openapi({ description: "null when no sha256 was given." }),
    still_matches_record: z.boolean().nullable(),
    divergence: z.string().nullable(),
    completed_at: z.string().nullable(),
    redacted_at: z.string().nullable(),
    signer_count: z.number().int().nullable(),
    signers: z.array(VerifiedSigner).nullable(),
    events: z
      .array(
        z.object({ kind: listed(TRAIL_KINDS), occurred_at: z.string(), signer: z.string().nullable(), ip: z.string().nullable(), against_sha256: z.string() }),
      )
      .nullable(),
    log: LogInclusion.optional().openapi({
      description:
        "Only when `sha256` matched and a signed tree head of the transparency log covers the certificate (at once after issue, at most a minute later).",
    }),
    documents: z
      .array(z.object({ title: z.string(), position: z.number().int(), document_sha256: z.string(), verification_code: z.string() }))
      .nullable()
      .optional()
      .openapi({
        description:
          "An envelope's certificate only (absent for a document's): its documents in order, each with the hash and the code of its own certificate, once `sha256` matched the envelope's sealed PDF (`document_sha256` is then that file's hash); null before.",
      }),
    signatures: QualifiedSignatures.unwrap().nullable().optional().openapi({
      description: "Level `aes`/`qes` documents only (absent otherwise): each signer's own signature, once `sha256` matched; null before.",
    }),
  })
  .openapi("VerificationResult");

/** The examples /openapi.json shows: one signer and the trail of a completed document, shared by the certificate and the verification. */
const EXAMPLE_SIGNER = {
  full_name: "Ana Ruiz",
  email: "ana@example.com",
  role: "counterparty",
  sign_order: 1,
  status: "signed",
  consented_at: "2026-11-23T17:58:12.000Z",
  signed_at: "2026-11-23T17:59:40.000Z",
  signature: {
    method: "typed",
    value_sha256: "b4e1d2c3a5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90",
    signed_against_sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
    ip: "203.0.113.9",
  },
};
const EXAMPLE_TRAIL = [
  {
    kind: "sent",
    occurred_at: "2026-11-23T17:45:00.000Z",
    signer: null,
    ip: "198.51.100.4",
    against_sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
  },
  {
    kind: "signed",
    occurred_at: "2026-11-23T17:59:40.000Z",
    signer: "ana@example.com",
    ip: "203.0.113.9",
    against_sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
  },
  {
    kind: "completed",
    occurred_at: "2026-11-23T18:00:00.000Z",
    signer: null,
    ip: null,
    against_sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
  },
];

const idParam = z.object({ id: text().min(1).max(64) });
const versionQuery = z.object({
  sha256: z.string().regex(SHA256_HEX).optional().openapi({
    description: "SHA-256 of a version of the file (the first B-T bytes, or one before a re-timestamp): that version's bytes. Without it, the current version.",
  }),
});

async function documentOf(c: Context<AppEnv>, id: string): Promise<{ id: string; status: string }> {
  const p = c.get("principal");
  const doc = await documentForAccount(c.env, id, p.tenantId, p.mode);
  if (!doc) throw notFound("document");
  return doc;
}

/** The public origin printed on certificates and used in verification links. */

export const pdfOrJson = {
  description: "The sealed file: JSON with the bytes as base64, or the PDF itself when the request accepts application/pdf first.",
  content: {
    "application/json": {
      schema: SealedFile,
      example: {
        filename: "certificate-7K2M9QXDA4B8C1EF.pdf",
        content_type: "application/pdf",
        seal: {
          commonName: "Edge Sign seal",
          timestamped: true,
          publiclyTrusted: false,
          selfIssued: true,
          trust: "unverified",
          level: "B-LTA",
          levelReason: null,
        },
        bytes_base64: "JVBERi0xLjcKJeLjz9MK…",
      },
    },
    "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
  },
};

async function sendSealed(c: Context<AppEnv>, kind: SealedKind) {
  const doc = await documentOf(c, c.req.param("id")!);
  const version = c.req.query("sha256"); // checked by the route's query schema
  const file = await sealedFile(c.env, doc, kind, publicBaseUrl(c.env), version);
  c.header("ETag", `"${file.sha256}"`);
  c.header("Cache-Control", "private, no-cache");
  const accept = c.req.header("accept") ?? "";
  if (/^\s*application\/pdf/i.test(accept)) return download(c, file.bytes, { type: "application/pdf", filename: file.filename, cache: "private, no-cache" });
  return c.json({ filename: file.filename, content_type: file.content_type, seal: file.seal, bytes_base64: toBase64(file.bytes) }, 200);
}

export const evidence = createRouter()
  .openapi(
    createRoute({
      method: "get",
      path: "/v1/documents/{id}/certificate",
      operationId: "getCertificate",
      tags: ["evidence"],
      summary: "The certificate of completion, and whether the record still matches it",
      description: "The certificate of completion of a completed document, and whether the stored record still matches it.",
      ...keyed("signing:read"),
      request: { params: idParam },
      responses: {
        200: jsonResponse(Certificate, "The certificate", {
          certificate_id: "cert_6p2m8x3k1b9n4q7r0t5v",
          verification_code: "7K2M9QXDA4B8C1EF",
          issued_at: "2026-11-23T18:00:00.000Z",
          document_sha256_hex: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
          certificate_sha256_hex: "3c1a9e0b7d5f2468ace13579bdf02468ace13579bdf02468ace13579bdf0246a",
          still_matches_record: true,
          divergence: null,
          payload: {
            issuer: { tenant: "Demo Company", tenant_id: "ten_4n8q2x7m1k9b3p5r0t6v" },
            document: {
              id: "doc_01jd3k4m5n6p7q8r9s0t",
              title: "Mutual NDA: Acme and Globex",
              sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
              completed_at: "2026-11-23T18:00:00.000Z",
              template: { code: "demo-nda", version: 1 },
              consent: { version: "consent/1", text_sha256: "3c1a9e0b7d5f2468ace13579bdf02468ace13579bdf02468ace13579bdf0246a" },
            },
            signers: [EXAMPLE_SIGNER],
            events: EXAMPLE_TRAIL,
          },
        }),
        ...keyedErrors,
      },
    }),
    async (c) => {
      const doc = await documentOf(c, c.req.valid("param").id);
      const cert = await certificateForCompleted(c.env, doc.id, doc.status, "A certificate of completion");
      return c.json(await certificateView(c.env, cert), 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/v1/documents/{id}/pdf",
      operationId: "getSealedPdf",
      tags: ["evidence"],
      summary: "The sealed PDF: the document and its certificate, PAdES-sealed with an RFC 3161 timestamp",
      description:
        "The sealed PDF of a completed document. `Accept: application/pdf` first answers the PDF itself; otherwise JSON with the bytes as base64. Any PAdES validator (pdfsig, Acrobat, EU DSS) can check the seal. The file is PAdES B-LTA (`seal.level`); a later archive timestamp makes a new version, and `?sha256=` answers any earlier version by its hash (404 for a hash that is no version of this file).",
      ...keyed("signing:read"),
      request: { params: idParam, query: versionQuery },
      responses: { 200: pdfOrJson, ...keyedErrors },
    }),
    // JSON or the raw PDF: the typed-response helpers cannot express the raw branch.
    (c) => sendSealed(c, "pdf") as never,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/v1/documents/{id}/files/{key}",
      operationId: "getFieldFile",
      tags: ["evidence"],
      summary: "A file a signer uploaded to an image, stamp or file field",
      description:
        "The bytes a signer's answer to an `image`, `stamp` or `file` field holds now (POST /v1/sign/{token}/files/{key}), with their content type and " +
        "`ETag` the SHA-256. `signer_id` picks the signer; without it, the first answer in signing order. 404 when no file answers the field, and after " +
        "the document's redaction (its uploads are erased with its personal data).",
      ...keyed("signing:read"),
      request: {
        params: idParam.extend({
          key: text()
            .min(1)
            .max(59)
            .openapi({ param: { name: "key", in: "path" }, example: "insurance_card" }),
        }),
        query: z.object({ signer_id: text().max(64).optional().openapi({ example: "sgn_3k8m2x7q1b9n4p5r0t6v" }) }),
      },
      responses: {
        200: {
          description: "The file's bytes.",
          content: {
            "application/pdf": { schema: z.string().openapi({ format: "binary" }), example: "%PDF-1.7 … (the file's bytes) … %%EOF" },
            "image/png": { schema: z.string().openapi({ format: "binary" }), example: "\u0089PNG … (the picture's bytes)" },
            "image/jpeg": { schema: z.string().openapi({ format: "binary" }), example: "\u00ff\u00d8\u00ff … (the picture's bytes)" },
          },
        },
        ...keyedErrors,
      },
    }),
    // Raw bytes: the typed-response helpers cannot express them.
    async (c) => {
      const doc = await documentOf(c, c.req.valid("param").id);
      const file = await signerFileBytes(c.env, doc.id, c.req.valid("param").key, c.req.valid("query").signer_id);
      c.header("ETag", `"${file.sha256}"`);
      return download(c, file.bytes, {
        type: file.contentType,
        filename: `${c.req.valid("param").key}.${SIGNER_FILE_EXTENSIONS[file.contentType]}`,
        cache: "private, no-cache",
      }) as never;
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/v1/documents/{id}/bundle",
      operationId: "getEvidenceBundle",
      tags: ["evidence"],
      summary: "The sealed evidence bundle: certificate, trail, messages, webhook deliveries, record state, package SHA-256",
      description:
        "The sealed evidence bundle of a completed document: everything needed to prove the signing later, in one sealed PDF. `Accept: application/pdf` first answers the PDF itself; otherwise JSON with the bytes as base64. Like the PDF: PAdES B-LTA, and `?sha256=` answers an earlier version by its hash.",
      ...keyed("signing:read"),
      request: { params: idParam, query: versionQuery },
      responses: { 200: pdfOrJson, ...keyedErrors },
    }),
    (c) => sendSealed(c, "bundle") as never,
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/v1/verify/{code}",
      operationId: "verifyCertificate",
      tags: ["evidence"],
      summary: "Check a certificate by its verification code (anonymous)",
      description:
        "Without `sha256` (or with one that does not match): what the document is and when it completed; `document_sha256`, `signers` and `events` are null. With `sha256` equal to the document's hash or to the SHA-256 of a sealed file issued for it: also `document_sha256`, the signers (no email addresses) and the trail. An envelope's code works the same with the SHA-256 of the envelope's sealed PDF, and adds `documents` (each one's hash and own code). Unknown codes answer 404 with `found: false`.",
      request: {
        params: z.object({ code: text().min(1).max(64) }),
        query: z.object({ sha256: text().regex(SHA256_HEX, "must be 64 hexadecimal characters").optional() }),
      },
      responses: {
        ...commonErrors,
        200: jsonResponse(Verification, "The certificate was found", {
          found: true,
          test: false,
          verification_code: "7K2M9QXDA4B8C1EF",
          issued_at: "2026-11-23T18:00:00.000Z",
          issuer: { tenant: "Demo Company", tenant_id: "ten_4n8q2x7m1k9b3p5r0t6v" },
          title: "Mutual NDA: Acme and Globex",
          document_sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
          document_matches: true,
          still_matches_record: true,
          divergence: null,
          completed_at: "2026-11-23T18:00:00.000Z",
          redacted_at: null,
          signer_count: 1,
          // What a verifier sees: no email, and the trail names signers by name.
          signers: [(({ email: _email, ...rest }) => rest)(EXAMPLE_SIGNER)],
          events: EXAMPLE_TRAIL.map((e) => ({ ...e, signer: e.signer && EXAMPLE_SIGNER.full_name })),
        }),
        404: jsonResponse(Verification, "No certificate has this code"),
      },
    }),
    async (c) => {
      await limitPerAddress(c);
      const { sha256 } = c.req.valid("query");
      const result = await verifyCode(c.env, c.req.valid("param").code, sha256);
      c.header("Cache-Control", "no-store");
      if (!result.found) return c.json(result, 404);
      return c.json(result, 200);
    },
  );
