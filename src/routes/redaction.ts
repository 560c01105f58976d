/**
 * Redaction routes (docs/retention.md). Both are extensions beyond the spec, named as such in
 * their descriptions and in CHANGELOG.md; test/spec-routes.ts lists them in EXTENSIONS.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors, listed } from "../http/router";
import { DOCUMENT_STATUSES } from "../domain/vocabulary";
import { PersonInput, RedactInput, redactDocument, redactPerson } from "../domain/redaction";

const DocId = z.object({ id: z.string().min(1).max(64) });

const Redacted = z
  .object({
    document_id: z.string(),
    redacted_at: z.string(),
    sealed_files_deleted: z.number().int().openapi({ description: "Sealed files (PDF, bundle) deleted from storage; their hashes stay for verification." }),
  })
  .openapi("Redacted");

const EXAMPLE = { document_id: "doc_01jd3k4m5n6p7q8r9s0t", redacted_at: "2026-12-01T09:00:00.000Z", sealed_files_deleted: 2 };

export const redaction = createRouter()
  .openapi(
    createRoute({
      method: "post",
      path: "/v1/documents/{id}/redact",
      operationId: "redactDocument",
      tags: ["documents"],
      summary: "Erase a document's personal data, keeping the proof of signing (extension)",
      description:
        "An extension beyond the spec (docs/retention.md). Erases the signers' names, emails, phones, IP addresses and user agents, the field answers, signature values, the text (its hash stays), metadata, message bodies and recipients, the personal parts of stored webhook bodies, and deletes the sealed files and the evidence bundle from storage. Keeps the certificate's hash, the document's hash, the verification code, the sealed files' hashes and the trail's kinds and times, and adds a `redacted` trail event with the reason; `signing.redacted` is delivered. `GET /v1/verify/{code}?sha256=` with the document's or a sealed file's hash still answers `found: true`, with `redacted_at` set and signers shown as \"redacted\". Only a completed, declined, voided or expired document can be redacted (422 otherwise: void a draft or sent one first); a redacted one is never un-redacted, and a second request is 409. The reason is kept: it must not name a signer (422).",
      ...keyed("signing:write", { idempotent: "documents.redact" }),
      request: { params: DocId, ...jsonBody(RedactInput, { reason: "Erasure request of 2026-12-01." }) },
      responses: {
        200: jsonResponse(Redacted.extend({ redacted: z.literal(true) }), "Redacted", { redacted: true, ...EXAMPLE }),
        ...keyedErrors,
        ...idempotentErrors,
      },
    }),
    async (c) => c.json(await redactDocument(c.env, c.get("principal"), c.req.valid("param").id, c.req.valid("json").reason), 200),
  )
  .openapi(
    createRoute({
      method: "post",
      path: "/v1/redactions",
      operationId: "redactPerson",
      tags: ["documents"],
      summary: "Erase a person's personal data across the account's documents (extension)",
      description:
        "An extension beyond the spec (docs/retention.md). Redacts, like `POST /v1/documents/{id}/redact`, every document of the account in the key's mode with a signer at this email that may go: completed documents older than the account's minimum retention (`minimum_days`), and declined, voided or expired ones. Keeps the others and says why: `in_progress` (draft or sent: void it or let it end first) or `minimum_retention` (with the day it may go, `until`). The whole document is redacted, every signer on it. At most 200 documents are looked at per call: `more: true` asks for another. A redacted document no longer holds the address, so a second request finds only what was kept.",
      ...keyed("signing:write", { idempotent: "redactions.create" }),
      request: { ...jsonBody(PersonInput, { email: "ana@example.com" }) },
      responses: {
        200: jsonResponse(
          z
            .object({
              redacted: z.array(Redacted),
              kept: z.array(
                z.object({
                  document_id: z.string(),
                  status: listed(DOCUMENT_STATUSES),
                  reason: z.enum(["in_progress", "minimum_retention"]),
                  until: z.string().nullable().openapi({ description: "For minimum_retention: when the document may be redacted." }),
                }),
              ),
              more: z.boolean(),
            })
            .openapi("PersonRedaction"),
          "What was redacted and what was kept",
          {
            redacted: [EXAMPLE],
            kept: [{ document_id: "doc_01jd3k4m5n6p7q8r9s0u", status: "completed", reason: "minimum_retention", until: "2032-11-23T18:00:00.000Z" }],
            more: false,
          },
        ),
        ...keyedErrors,
        ...idempotentErrors,
      },
    }),
    async (c) => c.json(await redactPerson(c.env, c.get("principal"), c.req.valid("json").email), 200),
  );
