/** Envelopes: several documents sent together, one link per person (src/domain/envelopes.ts). */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { DOCUMENT_STATUSES, SIGNER_STATUSES } from "../domain/vocabulary";
import { createRouter, errorContent, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors, listed } from "../http/router";
import { signerContext } from "../http/auth";
import { EnvelopeInput, EnvelopeVoidInput, completedEnvelopeCertificate, createEnvelope, getEnvelope, voidEnvelope } from "../domain/envelopes";
import { envelopeCertificateView } from "../domain/envelope-completion";
import { envelopeSealedFile } from "../domain/envelope-pdf";
import { download } from "../http/download";
import { toBase64 } from "../lib/bytes";
import { publicBaseUrl } from "../lib/config";
import { pdfOrJson } from "./evidence";

const EnvelopeId = z.object({ id: z.string().min(1).max(64) });

const Envelope = z
  .object({
    envelope_id: z.string(),
    title: z.string(),
    status: listed(DOCUMENT_STATUSES).openapi({
      description:
        "As a document's: `voided` once the envelope is voided, `completed` when every document completed, `sent` while any document is sent, else how its documents ended (declined, expired).",
    }),
    documents: z.array(z.object({ document_id: z.string(), status: listed(DOCUMENT_STATUSES) })).openapi({ description: "In the order they were given." }),
    signers: z.array(
      z.object({
        signer_id: z.string().openapi({ description: "The person's id in the envelope (`esg_…`), not a document's signer id." }),
        email: z.string(),
        full_name: z.string(),
        role: z.string(),
        sign_order: z.number().int(),
        status: listed(SIGNER_STATUSES).openapi({ description: "`signed` once signed in every document, `declined` if declined in any, else `pending`." }),
      }),
    ),
    verification_code: z
      .string()
      .nullable()
      .openapi({ description: "The envelope's certificate's own code (GET /v1/envelopes/{id}/certificate, /v1/verify/{code}); null until it completes." }),
  })
  .openapi("Envelope");

const EXAMPLE_ID = "env_4m8q2x6k1b9n3p7r5t0v";
const TOKEN = "9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c";

export const envelopes = createRouter();

envelopes.openapi(
  createRoute({
    method: "post",
    path: "/v1/envelopes",
    operationId: "createEnvelope",
    tags: ["envelopes"],
    summary: "Prepare and send 2-20 documents together, one link per person",
    description:
      "Prepares each document from its template's latest published version and sends them all to the same people at once. Everything is checked first: a refused request (422) creates nothing. Each document is an ordinary document (it answers its own reads and carries `envelope_id`); the answer's links, one per person, are the envelope's, each token shown once and stored hashed. Signing groups and delegation are not available in an envelope yet. A live envelope counts one agreement (402 when spent), whatever its number of documents. With `notify` (default true) each person who acts is emailed their envelope link.",
    ...keyed("signing:write", { idempotent: "envelopes.create" }),
    request: jsonBody(EnvelopeInput, {
      title: "Onboarding: Ana Ruiz",
      documents: [
        { template_code: "employment-contract", values: { start_date: "2027-01-04", salary: "52,000 EUR" } },
        { template_code: "demo-nda", values: { company: "Acme Ltd", counterparty: "Ana Ruiz", years: "2" }, metadata: { hr_case: "HR-981" } },
      ],
      signers: [
        { email: "ana@example.com", full_name: "Ana Ruiz", role: "employee", sign_order: 1, locale: "es" },
        { email: "ben@example.com", full_name: "Ben Okafor", role: "company", sign_order: 2 },
        { email: "payroll@example.com", full_name: "Payroll", role: "cc" },
      ],
      expires_at: "2026-12-31T23:59:59Z",
      sequential: true,
    }),
    responses: {
      200: jsonResponse(
        z.object({
          envelope_id: z.string(),
          documents: z.array(z.object({ document_id: z.string() })),
          links: z.array(z.object({ signer_id: z.string(), email: z.string(), token: z.string() })),
        }),
        "Sent; each person's token shown once",
        {
          envelope_id: EXAMPLE_ID,
          documents: [{ document_id: "doc_01jd3k4m5n6p7q8r9s0t" }, { document_id: "doc_02ke4l5n6p7q8r9s0t1v" }],
          links: [{ signer_id: "esg_7k2m9x4b1n3p5q8r0t6v", email: "ana@example.com", token: TOKEN }],
        },
      ),
      402: errorContent("The plan's agreements for this period are spent (quota_exceeded)."),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => c.json(await createEnvelope(c.env, c.get("principal"), c.req.valid("json"), signerContext(c.req.raw)), 200),
);

envelopes.openapi(
  createRoute({
    method: "get",
    path: "/v1/envelopes/{id}",
    operationId: "getEnvelope",
    tags: ["envelopes"],
    summary: "An envelope with its documents and people",
    description: "The envelope's status, each document's status (read each one with GET /v1/documents/{id}) and each person's status across the documents.",
    ...keyed("signing:read"),
    request: { params: EnvelopeId },
    responses: {
      200: jsonResponse(Envelope, "The envelope", {
        envelope_id: EXAMPLE_ID,
        title: "Onboarding: Ana Ruiz",
        status: "sent",
        documents: [
          { document_id: "doc_01jd3k4m5n6p7q8r9s0t", status: "sent" },
          { document_id: "doc_02ke4l5n6p7q8r9s0t1v", status: "sent" },
        ],
        signers: [
          { signer_id: "esg_7k2m9x4b1n3p5q8r0t6v", email: "ana@example.com", full_name: "Ana Ruiz", role: "employee", sign_order: 1, status: "pending" },
        ],
        verification_code: null,
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await getEnvelope(c.env, c.get("principal"), c.req.valid("param").id), 200),
);

envelopes.openapi(
  createRoute({
    method: "post",
    path: "/v1/envelopes/{id}/void",
    operationId: "voidEnvelope",
    tags: ["envelopes"],
    summary: "Withdraw an envelope and every document of it not completed",
    description:
      "Voids each of the envelope's documents that is not completed (each one's trail records it and `signing.voided` is delivered for it), then the envelope. A completed envelope, or one already voided, is refused (422). A document of an envelope cannot be voided on its own.",
    ...keyed("signing:write"),
    request: { params: EnvelopeId, ...jsonBody(EnvelopeVoidInput, { reason: "Sent with the wrong start date; a corrected envelope follows." }) },
    responses: { 200: jsonResponse(z.object({ voided: z.literal(true) }), "Voided", { voided: true }), ...keyedErrors },
  }),
  async (c) => c.json(await voidEnvelope(c.env, c.get("principal"), c.req.valid("param").id, c.req.valid("json").reason, signerContext(c.req.raw)), 200),
);

const CODE = "9R4T2M8X6K1B3N7Q";
const HASH = "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc";

const EnvelopeCertificate = z
  .object({
    certificate_id: z.string(),
    verification_code: z.string().openapi({ description: "The envelope's own code: 16 Crockford base32 characters, never a document's." }),
    issued_at: z.string(),
    certificate_sha256_hex: z.string().openapi({ description: "SHA-256 of the payload serialised as RFC 8785 canonical JSON." }),
    still_matches_record: z.boolean(),
    divergence: z
      .string()
      .nullable()
      .openapi({ description: "Which parts of the record differ from the frozen payload (a document's certificate or status); null when none." }),
    payload: z.object({
      issuer: z.object({ tenant: z.string(), tenant_id: z.string() }),
      envelope: z.object({ id: z.string(), title: z.string(), completed_at: z.string(), test: z.boolean() }),
      documents: z
        .array(
          z.object({
            document_id: z.string(),
            title: z.string(),
            position: z.number().int(),
            document_sha256: z.string().openapi({ description: "The body hash the document's own certificate carries." }),
            verification_code: z.string().openapi({ description: "The document's own certificate's code." }),
          }),
        )
        .openapi({ description: "In the envelope's order." }),
      signers: z
        .array(z.object({ full_name: z.string(), email: z.string(), role: z.string(), sign_order: z.number().int(), signed_at: z.string().nullable() }))
        .openapi({ description: "Every person of the envelope; `signed_at` is the latest of their signings (null for a cc)." }),
    }),
  })
  .openapi("EnvelopeCertificate");

envelopes.openapi(
  createRoute({
    method: "get",
    path: "/v1/envelopes/{id}/certificate",
    operationId: "getEnvelopeCertificate",
    tags: ["envelopes"],
    summary: "The envelope's certificate of completion, listing each document's hash and code",
    description:
      "Issued once, when the envelope's last document completes: its own verification code, and a frozen payload listing each document (its hash and its own certificate's code, in order) and the people. Each document keeps its own certificate (GET /v1/documents/{id}/certificate). 422 before the envelope is completed.",
    ...keyed("signing:read"),
    request: { params: EnvelopeId },
    responses: {
      200: jsonResponse(EnvelopeCertificate, "The certificate", {
        certificate_id: "ecert_6p2m8x3k1b9n4q7r0t5v",
        verification_code: CODE,
        issued_at: "2026-11-23T18:00:01.000Z",
        certificate_sha256_hex: "3c1a9e0b7d5f2468ace13579bdf02468ace13579bdf02468ace13579bdf0246a",
        still_matches_record: true,
        divergence: null,
        payload: {
          issuer: { tenant: "Demo Company", tenant_id: "ten_4n8q2x7m1k9b3p5r0t6v" },
          envelope: { id: EXAMPLE_ID, title: "Onboarding: Ana Ruiz", completed_at: "2026-11-23T18:00:00.000Z", test: false },
          documents: [
            {
              document_id: "doc_01jd3k4m5n6p7q8r9s0t",
              title: "Employment contract",
              position: 0,
              document_sha256: HASH,
              verification_code: "7K2M9QXDA4B8C1EF",
            },
            {
              document_id: "doc_02ke4l5n6p7q8r9s0t1v",
              title: "Mutual NDA",
              position: 1,
              document_sha256: HASH.replace("9f2c", "4b7d"),
              verification_code: "3H8N5RWYB2C6D0GJ",
            },
          ],
          signers: [{ full_name: "Ana Ruiz", email: "ana@example.com", role: "employee", sign_order: 1, signed_at: "2026-11-23T17:59:40.000Z" }],
        },
      }),
      ...keyedErrors,
    },
  }),
  async (c) => {
    const cert = await completedEnvelopeCertificate(c.env, c.get("principal"), c.req.valid("param").id, "The envelope's certificate of completion");
    return c.json(await envelopeCertificateView(c.env, cert), 200);
  },
);

envelopes.openapi(
  createRoute({
    method: "get",
    path: "/v1/envelopes/{id}/pdf",
    operationId: "getEnvelopePdf",
    tags: ["envelopes"],
    summary: "The envelope's sealed PDF: every document in order, then its certificate, PAdES-sealed",
    description:
      "One sealed PDF of a completed envelope: each document's pages in order (as its own sealed PDF draws them), then the envelope certificate's pages (each document's title, hash and code, the people, the envelope's code, address and QR code). `Accept: application/pdf` first answers the PDF itself (`envelope-<code>.pdf`); otherwise JSON with the bytes as base64. Sealed PAdES B-LTA like a document's (`seal.level`); made once, the same bytes every later download. `/v1/verify/{code}?sha256=` with the envelope's code finds it by this file's SHA-256. 422 before the envelope is completed.",
    ...keyed("signing:read"),
    request: { params: EnvelopeId },
    responses: { 200: pdfOrJson, ...keyedErrors },
  }),
  // JSON or the raw PDF: the typed-response helpers cannot express the raw branch.
  (async (c: Context<AppEnv>) => {
    const cert = await completedEnvelopeCertificate(c.env, c.get("principal"), c.req.param("id")!, "The envelope's sealed PDF");
    const file = await envelopeSealedFile(c.env, cert, publicBaseUrl(c.env));
    c.header("ETag", `"${file.sha256}"`);
    c.header("Cache-Control", "private, no-cache");
    if (/^\s*application\/pdf/i.test(c.req.header("accept") ?? "")) {
      return download(c, file.bytes, { type: "application/pdf", filename: file.filename, cache: "private, no-cache" });
    }
    return c.json({ filename: file.filename, content_type: file.content_type, seal: file.seal, bytes_base64: toBase64(file.bytes) }, 200);
  }) as never,
);
