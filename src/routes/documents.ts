import { DOCUMENT_STATUSES, LANGUAGES, SIGNATURE_LEVELS, SIGNATURE_METHODS, SIGNER_AUTH, SIGNER_STATUSES, TRAIL_KINDS } from "../domain/vocabulary";
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorContent, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors, listed, listedOrNull } from "../http/router";
import { signerContext } from "../http/auth";
import { ListQuery, PrepareInput, SendInput, VoidInput, getDocument, listDocuments, prepareDocument, sendDocument, voidDocument } from "../domain/documents";

const DocId = z.object({ id: z.string().min(1).max(64) });

const Signer = z
  .object({
    signer_id: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: z.string(),
    sign_order: z.number().int(),
    status: listed(SIGNER_STATUSES),
    party_id: z.string().nullable(),
    auth: listed(SIGNER_AUTH),
    locale: listed(LANGUAGES).openapi({ description: "Language of the signer's messages and page (en, es, fr, de, pt, it, ar, he)." }),
    consented_at: z.string().nullable(),
    signed_at: z.string().nullable(),
    declined_at: z.string().nullable(),
    decline_reason: z.string().nullable(),
    token_expires_at: z
      .string()
      .openapi({ description: "When the signer's link stops working; once the document completed, the end of the 30 days its links keep working." }),
    witness_for: z.string().nullable().openapi({ description: "A witness's: the signer_id of the signer witnessed." }),
    group_id: z.string().nullable().openapi({ description: "Members of one signing group share it; the first to sign signs for the group." }),
    group_name: z.string().nullable(),
    approval_note: z
      .string()
      .nullable()
      .openapi({ description: "An approver's note with their approval (status `signed` and `signed_at` say when they approved)." }),
    delegated_to: z.string().nullable().openapi({ description: "The signer_id of the person this signer passed their part to; their own link ended then." }),
    delegated_at: z.string().nullable(),
    delegation_reason: z.string().nullable(),
    delegated_from: z.string().nullable().openapi({ description: "A delegate's: the signer_id of the signer whose part they took." }),
    sign_reason: z.string().nullable().openapi({ description: "Re-authentication: the reason given with the signature." }),
    reauthenticated_at: z.string().nullable().openapi({ description: "Re-authentication: when the one-time code the signature rested on was confirmed." }),
    disclosure_accepted_at: z.string().nullable().openapi({ description: "When the signer accepted the account's consumer disclosure (with consent)." }),
    fields: z
      .array(
        z.object({
          key: z.string(),
          label: z.string(),
          value: z.string().openapi({ description: 'The answer; a sensitive field shows "••••" and its last 2 characters ("••••" alone for 4 or fewer).' }),
          supplied_at: z.string(),
        }),
      )
      .openapi({ description: "The signer's answers, in the template's field order; unanswered fields are absent." }),
  })
  .openapi("Signer");

const Event = z
  .object({
    event_id: z.string(),
    kind: listed(TRAIL_KINDS),
    occurred_at: z.string(),
    signer_email: z.string().nullable(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    signature_method: listed(SIGNATURE_METHODS).optional(),
    against_sha256: z.string(),
    detail: z.string().nullable(),
  })
  .openapi("Event");

const Document = z
  .object({
    document_id: z.string(),
    title: z.string(),
    status: listed(DOCUMENT_STATUSES),
    body: z.string(),
    body_sha256: z.string(),
    template_code: z.string(),
    template_version: z.number().int(),
    grants: z.record(z.string(), z.unknown()),
    sequential: z.boolean(),
    level: listed(SIGNATURE_LEVELS).openapi({
      description: "`ses` (sealed evidence), `aes` or `qes` (each signer's own certificate at a trust service provider).",
    }),
    allow_delegation: z.boolean().openapi({ description: "Sent with `allow_delegation`: a pending signer may pass their part to someone else." }),
    reauthenticate: z
      .boolean()
      .openapi({ description: "Sent with `reauthenticate` (or by a `part11` account): each signature needs a fresh one-time code and a reason." }),
    metadata: z.record(z.string(), z.string()),
    external_ref: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    voided_at: z.string().nullable(),
    void_reason: z.string().nullable(),
    declined_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    remind_after_days: z.number().int().nullable(),
    envelope_id: z.string().nullable().openapi({ description: "The envelope it was sent in (GET /v1/envelopes/{id}); null for a document sent on its own." }),
    locale: listedOrNull(LANGUAGES).openapi({
      description: "The document's language, given at prepare: its certificate and bundle pages. Null: the account's language when they are drawn.",
    }),
    integrity_ok: z.boolean().openapi({ description: "Whether the stored text still hashes to `body_sha256`." }),
    integrity_note: z.string().nullable().openapi({
      description:
        "Null when `integrity_ok` is true; otherwise why not. A redacted document says so: its text was erased (so `integrity_ok` is false), and the kept hashes (`body_sha256`, the certificate's, the sealed files') still prove what was signed through `GET /v1/verify/{code}?sha256=`. Otherwise the text was changed outside the service.",
    }),
    signers: z.array(Signer),
    events: z.array(Event),
  })
  .openapi("Document");

const ListItem = z
  .object({
    document_id: z.string(),
    title: z.string(),
    status: listed(DOCUMENT_STATUSES),
    template_code: z.string(),
    template_version: z.number().int(),
    subject_name: z.string().nullable().openapi({
      description: "The subject (reservation or activity) a packet item's document is about: its label, else its external_id; null for other documents.",
    }),
    signers: z.number().int(),
    signed: z.number().int(),
    waiting_on: z.string().nullable(),
    sequential: z.boolean(),
    expires_at: z.string().nullable(),
    sent_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    void_reason: z.string().nullable(),
  })
  .openapi("DocumentListItem");

export const documents = createRouter();

documents.openapi(
  createRoute({
    method: "get",
    path: "/v1/documents",
    operationId: "listDocuments",
    tags: ["documents"],
    summary: "Documents, newest first, a page at a time",
    description:
      "Documents of this key's mode (test keys see test documents, live keys live ones), newest first. Page with `limit` and `offset`; `total` and `has_more` say how far there is to go. Filter by `status` (`open` is every document not yet ended: drafts and sent ones) or by `external_ref`, and search with `q`.",
    ...keyed("signing:read"),
    request: {
      query: ListQuery,
    },
    responses: {
      200: jsonResponse(
        z.object({ documents: z.array(ListItem), total: z.number().int(), has_more: z.boolean(), limit: z.number().int(), offset: z.number().int() }),
        "A page of documents",
        {
          documents: [
            {
              document_id: "doc_01jd3k4m5n6p7q8r9s0t",
              title: "Mutual NDA: Acme and Globex",
              status: "sent",
              template_code: "demo-nda",
              template_version: 1,
              subject_name: null,
              signers: 2,
              signed: 1,
              waiting_on: "Ben Okafor",
              sequential: true,
              expires_at: "2026-12-31T23:59:59.000Z",
              sent_at: "2026-11-23T17:45:00.000Z",
              completed_at: null,
              void_reason: null,
            },
          ],
          total: 1,
          has_more: false,
          limit: 50,
          offset: 0,
        },
      ),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await listDocuments(c.env, c.get("principal"), c.req.valid("query")), 200),
);

documents.openapi(
  createRoute({
    method: "post",
    path: "/v1/documents",
    operationId: "prepareDocument",
    tags: ["documents"],
    summary: "Prepare a document from the latest published version of a template",
    description:
      "Prepares a draft from the template's latest published version, filling its variables from `values` (one non-empty value for every variable the template declares, none it does not: 422 otherwise). The template's `grants` are copied onto the document as they are. Nothing is sent: call send next. The body's text is hashed (`body_sha256`) and frozen.",
    ...keyed("signing:write", { idempotent: "documents.prepare" }),
    request: jsonBody(PrepareInput, {
      template_code: "demo-nda",
      title: "Mutual NDA: Acme and Globex",
      values: { company: "Acme Ltd", counterparty: "Globex SA", years: "2" },
      expires_at: "2026-12-31T23:59:59Z",
      metadata: { deal: "Q4-17" },
      external_ref: "crm-4411",
      remind_after_days: 3,
    }),
    responses: {
      200: jsonResponse(z.object({ document_id: z.string() }), "Prepared as a draft", { document_id: "doc_01jd3k4m5n6p7q8r9s0t" }),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => c.json(await prepareDocument(c.env, c.get("principal"), c.req.valid("json"), signerContext(c.req.raw)), 200),
);

documents.openapi(
  createRoute({
    method: "get",
    path: "/v1/documents/{id}",
    operationId: "getDocument",
    tags: ["documents"],
    summary: "A document with its signers and trail",
    description:
      "The document, its signers and their status, and its audit trail (events in order). `integrity_ok` says whether the stored record still matches what was signed.",
    ...keyed("signing:read"),
    request: { params: DocId },
    responses: {
      200: jsonResponse(Document, "The document", {
        document_id: "doc_01jd3k4m5n6p7q8r9s0t",
        title: "Mutual NDA: Acme and Globex",
        status: "sent",
        body: "Acme Ltd and Globex SA keep each other's information confidential for 2 years.",
        body_sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
        template_code: "demo-nda",
        template_version: 1,
        grants: { company: "Acme Ltd", counterparty: "Globex SA", years: "2" },
        sequential: true,
        level: "ses",
        allow_delegation: false,
        reauthenticate: false,
        metadata: { deal: "Q4-17" },
        external_ref: "crm-4411",
        created_at: "2026-11-23T17:44:00.000Z",
        sent_at: "2026-11-23T17:45:00.000Z",
        completed_at: null,
        voided_at: null,
        void_reason: null,
        declined_at: null,
        expires_at: "2026-12-31T23:59:59.000Z",
        remind_after_days: 3,
        envelope_id: null,
        locale: "de",
        integrity_ok: true,
        integrity_note: null,
        signers: [
          {
            signer_id: "sgn_7k2m9x4b1n3p5q8r0t6v",
            email: "ana@example.com",
            full_name: "Ana Ruiz",
            role: "counterparty",
            sign_order: 1,
            status: "signed",
            party_id: null,
            auth: "none",
            locale: "es",
            consented_at: "2026-11-23T17:58:12.000Z",
            signed_at: "2026-11-23T17:59:40.000Z",
            declined_at: null,
            decline_reason: null,
            token_expires_at: "2026-12-31T23:59:59.000Z",
            witness_for: null,
            group_id: null,
            group_name: null,
            approval_note: null,
            delegated_to: null,
            delegated_at: null,
            delegation_reason: null,
            delegated_from: null,
            sign_reason: null,
            reauthenticated_at: null,
            disclosure_accepted_at: null,
            fields: [{ key: "start_date", label: "Start date", value: "2026-12-01", supplied_at: "2026-11-23T17:59:02.000Z" }],
          },
        ],
        events: [
          {
            event_id: "evt_3q8m2x5k9b1n7p4r0t6v",
            kind: "signed",
            occurred_at: "2026-11-23T17:59:40.000Z",
            signer_email: "ana@example.com",
            ip: "203.0.113.9",
            user_agent: "Mozilla/5.0",
            signature_method: "typed",
            against_sha256: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
            detail: null,
          },
        ],
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await getDocument(c.env, c.get("principal"), c.req.valid("param").id), 200),
);

documents.openapi(
  createRoute({
    method: "post",
    path: "/v1/documents/{id}/send",
    operationId: "sendDocument",
    tags: ["documents"],
    summary: "Send a draft to 1-50 signers; each link's token is returned once",
    description:
      "Sends a draft to its signers. The answer holds each signer's token and link once; they are stored hashed and never shown again (make a fresh link if one is lost). Live documents count against the plan's agreements (402 when spent).",
    ...keyed("signing:write", { idempotent: "documents.send" }),
    request: {
      params: DocId,
      ...jsonBody(SendInput, {
        signers: [
          { email: "ana@example.com", full_name: "Ana Ruiz", role: "counterparty", sign_order: 1, locale: "es" },
          { email: "ben@example.com", full_name: "Ben Okafor", role: "company", sign_order: 2, auth: "email_otp" },
        ],
      }),
    },
    responses: {
      200: jsonResponse(
        z.object({
          links: z.array(
            z.object({
              signer_id: z.string(),
              email: z.string(),
              token: z.string(),
              url: z.string().openapi({
                description:
                  "The signing link as the signer's email carries it: on the account's signing host under white-label, else the service's, with `?lang=` set to the signer's language (their `locale`, else the account's).",
              }),
            }),
          ),
        }),
        "Sent; tokens shown once",
        {
          links: [
            {
              signer_id: "sgn_7k2m9x4b1n3p5q8r0t6v",
              email: "ana@example.com",
              token: "9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c",
              url: "https://sign.example.com/s/9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c?lang=en",
            },
          ],
        },
      ),
      402: errorContent("The plan's agreements for this period are spent (quota_exceeded)."),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => {
    const p = c.get("principal");
    const body = c.req.valid("json");
    const sent = await sendDocument(c.env, p, c.req.valid("param").id, body.signers, signerContext(c.req.raw), {
      notify: body.notify,
      allowDelegation: body.allow_delegation,
      reauthenticate: body.reauthenticate,
    });
    return c.json({ links: sent.links }, 200);
  },
);

documents.openapi(
  createRoute({
    method: "post",
    path: "/v1/documents/{id}/void",
    operationId: "voidDocument",
    tags: ["documents"],
    summary: "Withdraw a document that is not completed",
    description:
      "Voids a document that is not completed (draft, sent, declined or expired) with a reason: its status becomes `voided`, the trail records it, its links stop working and `signing.voided` is delivered. A completed document, one already voided, a redacted one and a document of an envelope (void the envelope instead) are refused (422).",
    ...keyed("signing:write", { idempotent: "documents.void" }),
    request: { params: DocId, ...jsonBody(VoidInput, { reason: "Sent with the wrong dates; a corrected copy follows." }) },
    responses: { 200: jsonResponse(z.object({ voided: z.literal(true) }), "Voided", { voided: true }), ...keyedErrors, ...idempotentErrors },
  }),
  async (c) => c.json(await voidDocument(c.env, c.get("principal"), c.req.valid("param").id, c.req.valid("json").reason, signerContext(c.req.raw)), 200),
);
