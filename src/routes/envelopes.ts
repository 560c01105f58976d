/** Envelopes: several documents sent together, one link per person (src/domain/envelopes.ts). */
import { createRoute, z } from "@hono/zod-openapi";
import { DOCUMENT_STATUSES, SIGNER_STATUSES } from "../domain/vocabulary";
import { createRouter, errorContent, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors, listed } from "../http/router";
import { clientAddress } from "../http/auth";
import { EnvelopeInput, EnvelopeVoidInput, createEnvelope, getEnvelope, voidEnvelope } from "../domain/envelopes";

const actor = (req: Request) => ({ ip: clientAddress(req), userAgent: req.headers.get("user-agent") });
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
      .openapi({ description: "The envelope's certificate's code; null until it completes (its certificate is not built yet)." }),
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
  async (c) => c.json(await createEnvelope(c.env, c.get("principal"), c.req.valid("json"), actor(c.req.raw)), 200),
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
  async (c) => c.json(await voidEnvelope(c.env, c.get("principal"), c.req.valid("param").id, c.req.valid("json").reason, actor(c.req.raw)), 200),
);
