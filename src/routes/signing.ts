/**
 * `/v1/sign/{token}`: the signing link's JSON face. The token is the whole credential; each
 * token is rate limited (120 a minute). The rules live in src/domain/signing.ts; an envelope's
 * link (one token for several documents) is served by src/domain/envelope-signing.ts.
 */
import { DEFAULT_CONSENT_TEXT, INTENT_TEXT } from "../domain/wording";
import { LinkReadSchema } from "./signing-read";
import { SIGNER_FILE_TYPES } from "../domain/vocabulary";
import { UPLOAD_MAX_BYTES, uploadSignerFile, uploadTooLarge } from "../domain/signer-files";
import { createRoute, z } from "@hono/zod-openapi";
import { commonErrors, createRouter, errorContent, jsonBody, jsonResponse, listed } from "../http/router";
import { signBodyLimit, uploadLimitOf } from "../http/body-limit";
import { signerContext } from "../http/auth";
import { perToken, perTokenOnCall } from "../http/rate-limit";
import {
  type LinkRead,
  acknowledge,
  approve,
  consent,
  decline,
  giveAccessCode,
  readLink,
  requestCode,
  sign,
  supplyField,
  verifyCode,
  withdraw,
} from "../domain/signing";
import {
  acknowledgeEnvelope,
  approveEnvelope,
  consentEnvelope,
  declineEnvelope,
  type EnvelopeLinkRead,
  forLink,
  readEnvelopeLink,
  signEnvelope,
  supplyEnvelopeField,
} from "../domain/envelope-signing";
import { invalid } from "../lib/errors";
import {
  AccessCodeCommand,
  AcknowledgeCommand,
  ApproveCommand,
  ConsentCommand,
  DeclineCommand,
  SignBody,
  SupplyFieldCommand,
  VerifyCodeCommand,
} from "../domain/signer-commands";

const ctx = signerContext;
/** A field's answer; with an envelope's link, `document_id` names the envelope's document it belongs to. */
const EnvelopeFieldCommand = SupplyFieldCommand.extend({
  document_id: z.string().max(64).optional().openapi({ description: "Only with an envelope's link (required there): which of its documents the field is in." }),
});
// Any length: a token that is not one of ours reads like every other bad link (404), never a 422.
export const TokenParam = z.object({ token: z.string() });

/**
 * A signing link's route: no key, the token is the credential, limited per token. The budget rides
 * on the route's call to the link's document sequencer (each of these routes' first effect).
 */
export const token = { security: [] as { [k: string]: string[] }[], "x-auth": "signing token", middleware: [perTokenOnCall] };

/** The one-time code and file answers are a document link's: an envelope's people sign without a code and its documents have no file fields. */
const notInEnvelope = (what: string) => async () => {
  throw invalid(`${what} is not available with an envelope's link.`);
};

export const signing = createRouter();

signing.openapi(
  createRoute({
    method: "get",
    path: "/v1/sign/{token}",
    operationId: "readSigningLink",
    tags: ["signing"],
    summary: "What the signer sees; records the first view",
    description:
      "For a signer sent with `auth` `access_code`, until the code is given (POST /v1/sign/{token}/access-code) the read answers `access_code_required: true` with the title and the business's name, and null for the body, the fields, the pages and everything else of the document. With an envelope's link (POST /v1/envelopes) the read adds `envelope_id` and `documents` (every document in order, as a document's link shows it) and records the view of each; the top level then describes the person across the envelope. Every action below with that link acts on every document of the envelope.",
    ...token,
    request: { params: TokenParam },
    responses: {
      ...commonErrors,
      200: jsonResponse(LinkReadSchema, "A live link", {
        ok: true,
        reason: null,
        document_id: "doc_01jd3k4m5n6p7q8r9s0t",
        title: "Mutual NDA: Acme and Globex",
        body: "Acme Ltd and Globex SA keep each other's information confidential for 2 years.",
        body_sha256_hex: "9f2c7e1b0a4d5c6e8f90123456789abcdef0123456789abcdef0123456789abc",
        document_status: "sent",
        sequential: true,
        expires_at: "2026-12-31T23:59:59.000Z",
        token_expires_at: "2026-12-31T23:59:59.000Z",
        tenant_name: "Demo Company",
        signer_id: "sgn_7k2m9x4b1n3p5q8r0t6v",
        full_name: "Ana Ruiz",
        email: "ana@example.com",
        signer_role: "counterparty",
        sign_order: 1,
        signer_status: "pending",
        consented_at: null,
        signed_at: null,
        template_kind: "nda",
        grants: { company: "Acme Ltd", counterparty: "Globex SA", years: "2" },
        is_my_turn: true,
        waiting_on: null,
        consent_text: DEFAULT_CONSENT_TEXT,
        consent_version: "consent/1",
        intent_text: INTENT_TEXT,
        intent_version: "intent/1",
        signers: [
          { full_name: "Ana Ruiz", role: "counterparty", sign_order: 1, status: "pending", signed_at: null, is_me: true },
          { full_name: "Ben Okafor", role: "company", sign_order: 2, status: "pending", signed_at: null, is_me: false },
        ],
        group_name: null,
        witness_for: null,
        allow_delegation: false,
        fields: [{ key: "start_date", label: "Start date", kind: "date", required: true, about: null, supplied: false, place: null, visible: true }],
        pages: null,
      }),
      404: jsonResponse(LinkReadSchema, "A link that matches nothing, or is no longer live"),
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    const read = await forLink<LinkRead | EnvelopeLinkRead>(
      c.env,
      t,
      () => readLink(c.env, t, ctx(c.req.raw)),
      (e) => readEnvelopeLink(c.env, e, ctx(c.req.raw)),
    );
    c.header("Cache-Control", "no-store");
    return read.ok ? c.json(read, 200) : c.json(read, 404);
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/access-code",
    operationId: "giveAccessCode",
    tags: ["signing"],
    summary: "Give the access code the business set for this signer (auth access_code), before anything else",
    description:
      "Only for a signer sent with `auth` `access_code`. Until the right code is given, the link read answers `access_code_required: true` with the title and the business's name only, and every other action of the link is 422 naming the access code. The right code answers `{ok: true}` (trail `access_code_passed`); a wrong one `{ok: false, tries_left}` (trail `access_code_failed`, never the code). The fifth wrong try locks the link for 15 minutes (`tries_left: 0`, `locked_until`); every try during the lock is 429 with Retry-After, even the right code; after it, 5 tries again. Tries are counted exactly under concurrent requests (one at a time, in the document's sequencer). 422 when this signer has no access code.",
    ...token,
    request: { params: TokenParam, ...jsonBody(AccessCodeCommand, { code: "blue-harbour-42" }) },
    responses: {
      200: jsonResponse(
        z
          .object({
            ok: z.boolean(),
            tries_left: z.number().int().min(0).optional().openapi({ description: "Only when ok is false" }),
            locked_until: z.string().optional().openapi({ description: "Only on the fifth wrong try: when the link takes tries again (15 minutes on)" }),
          })
          .openapi("SigningAccessCodeChecked"),
        "Checked: `{ok: true}` for the right code, `{ok: false, tries_left: 3}` for a wrong one, and on the fifth wrong try (the example) the lock's end",
        { ok: false, tries_left: 0, locked_until: "2026-11-23T18:13:12.000Z" },
      ),
      ...commonErrors,
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(await forLink(c.env, t, () => giveAccessCode(c.env, t, c.req.valid("json"), ctx(c.req.raw)), notInEnvelope("An access code")), 200);
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/consent",
    operationId: "consentToSign",
    tags: ["signing"],
    summary: "Agree to do business electronically (always before signing)",
    ...token,
    request: {
      params: TokenParam,
      body: { required: false, content: { "application/json": { schema: ConsentCommand, example: { captured: { at: "2026-11-23T17:58:12Z" } } } } },
    },
    responses: { 200: jsonResponse(z.object({ consented: z.literal(true) }), "Consent recorded", { consented: true }), ...commonErrors },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(
      await forLink(
        c.env,
        t,
        () => consent(c.env, t, c.req.valid("json") ?? {}, ctx(c.req.raw)),
        (e) => consentEnvelope(c.env, e, c.req.valid("json") ?? {}, ctx(c.req.raw)),
      ),
      200,
    );
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/code",
    operationId: "requestSigningCode",
    tags: ["signing"],
    summary: "Send the signer a one-time code (only when the business requires one)",
    description:
      "Required of a signer sent with `auth` `email_otp` or `sms_otp`, and of every signer of a document sent while the account's `require_signer_code` was on. A 6-digit code, living 10 minutes, goes by email (`email_otp`), by text (`sms_otp`), or for the account-wide requirement by text when the account may text the signer's phone, else by email. A new code kills the earlier one. 429 beyond 1 a minute or 5 an hour per signer (Retry-After says when). 422 when this signer needs no code, already confirmed one, or was never sent a link by the service (links delivered by the integrator only, `notify: false`), or when an `sms_otp` signer's phone may not be texted.",
    ...token,
    request: { params: TokenParam },
    responses: {
      200: jsonResponse(
        z
          .object({
            channel: z.enum(["email", "sms"]),
            sent_to: z.string().openapi({ description: "Masked: a•••@example.com or +1•••••••123", example: "a•••@example.com" }),
            resend_after: z.string().openapi({ description: "When another code may be asked for (one minute on)" }),
          })
          .openapi("SigningCodeSent"),
        "Code sent",
        { channel: "email", sent_to: "a•••@example.com", resend_after: "2026-11-23T17:59:00.000Z" },
      ),
      ...commonErrors,
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(await forLink(c.env, t, () => requestCode(c.env, t), notInEnvelope("A one-time code")), 200);
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/verify",
    operationId: "verifySigningCode",
    tags: ["signing"],
    summary: "Confirm the one-time code; a wrong code is ok false with the tries left",
    description:
      "The right code answers `{ok: true}`, adds a `verified` event to the trail, and lets the signer sign (signing before it is 422); the certificate's signature method then reads `email_otp` or `sms_otp`. A wrong code answers `{ok: false, tries_left}`; the fifth wrong try kills the code (`tries_left: 0`), as does its expiry after 10 minutes: a new code is needed. Spaces and dashes in the code are ignored. 422 when this signer needs no code or none was sent yet.",
    ...token,
    request: { params: TokenParam, ...jsonBody(VerifyCodeCommand, { code: "482913" }) },
    responses: {
      200: jsonResponse(
        z
          .object({ ok: z.boolean(), tries_left: z.number().int().min(0).optional().openapi({ description: "Only when ok is false" }) })
          .openapi("SigningCodeVerified"),
        "Checked",
        { ok: false, tries_left: 4 },
      ),
      ...commonErrors,
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(await forLink(c.env, t, () => verifyCode(c.env, t, c.req.valid("json"), ctx(c.req.raw)), notInEnvelope("A one-time code")), 200);
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/fields",
    operationId: "supplyField",
    tags: ["signing"],
    summary: "Answer one of the document's fields",
    ...token,
    request: {
      params: TokenParam,
      ...jsonBody(EnvelopeFieldCommand, { key: "start_date", value: "2026-12-01" }),
    },
    responses: { 200: jsonResponse(z.object({ supplied: z.literal(true) }), "Answer stored", { supplied: true }), ...commonErrors },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(
      await forLink(
        c.env,
        t,
        () => supplyField(c.env, t, c.req.valid("json"), ctx(c.req.raw)),
        (e) => supplyEnvelopeField(c.env, e, c.req.valid("json")),
      ),
      200,
    );
  },
);

const UploadParams = TokenParam.extend({
  key: z.string().openapi({ param: { name: "key", in: "path" }, example: "insurance_card" }),
});
const binary = (description: string, example: string) => ({ schema: z.string().openapi({ format: "binary", description }), example });

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/files/{key}",
    operationId: "uploadFieldFile",
    tags: ["signing"],
    summary: "Answer an image, stamp or file field with a file",
    description:
      "The request body is the file's bytes. Its type is judged by the bytes, never by Content-Type: an `image` or `stamp` field takes a PNG or JPEG " +
      "(at most 5 MB and 4000 pixels a side), a `file` field a PDF, PNG or JPEG (at most 10 MB). A PDF must be whole (`%%EOF` at its end) and carry no active " +
      "content (JavaScript, launch actions, rich media, XFA). Too large is 413 (from Content-Length before anything is read, else as soon as the body passes the limit); " +
      "any other fault is 422 naming the field. The bytes are kept by their SHA-256 and the field's answer becomes `sha256:<hex>`; a new upload replaces it while the " +
      "signer is pending. At completion the certificate lists each file's SHA-256, size and type, and the sealed PDF carries each file as an attachment.",
    ...token,
    // The bytes go to R2 before the sequencer records the answer: the budget is counted first.
    middleware: [
      perToken,
      uploadLimitOf(UPLOAD_MAX_BYTES.file!, () => {
        throw uploadTooLarge("file");
      }),
    ],
    request: {
      params: UploadParams,
      body: {
        required: true,
        content: {
          "application/pdf": binary("A PDF (file fields).", "%PDF-1.7 … (the file's bytes) … %%EOF"),
          "image/png": binary("A PNG picture.", "\u0089PNG … (the picture's bytes)"),
          "image/jpeg": binary("A JPEG picture.", "\u00ff\u00d8\u00ff … (the picture's bytes)"),
          "application/octet-stream": binary("Any of the three; the type is read from the bytes.", "(the file's bytes)"),
        },
      },
    },
    responses: {
      200: jsonResponse(
        z
          .object({
            supplied: z.literal(true),
            sha256: z.string().openapi({ description: "SHA-256 (hex) of the bytes; the field's answer is `sha256:<this>`." }),
            size: z.number().int(),
            content_type: listed(SIGNER_FILE_TYPES),
          })
          .openapi("FieldFileUploaded"),
        "Stored as the field's answer",
        { supplied: true, sha256: "9f2c4e1a7b3d5f60812a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d", size: 182344, content_type: "image/jpeg" },
      ),
      ...commonErrors,
      413: errorContent("Over 10 MB for a file field, 5 MB for an image or stamp field."),
    },
  }),
  async (c) => {
    const { token: t, key } = c.req.valid("param");
    return c.json(
      await forLink(c.env, t, () => uploadSignerFile(c.env, t, key, c.req.raw.body, c.req.header("content-length")), notInEnvelope("A file answer")),
      200,
    );
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}",
    operationId: "sign",
    tags: ["signing"],
    summary: "Sign (after consent, with every required field, in turn)",
    description:
      "With an envelope's link one signature signs every document not yet signed: each is checked first (consent, turn, required answers; the refusal names the document as `documents.<n> (<title>): …`), so a refusal signs none. Signing again finishes a signing a fault cut short.",
    ...token,
    middleware: [...token.middleware, signBodyLimit],
    request: {
      params: TokenParam,
      ...jsonBody(SignBody, { method: "typed", value: "Ana Ruiz" }),
    },
    responses: {
      200: jsonResponse(z.object({ event_id: z.string() }), "Signed", { event_id: "evt_3q8m2x5k9b1n7p4r0t6v" }),
      ...commonErrors,
      413: errorContent("Body over 4 MB (room for a 400,000-character value in any encoding)."),
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(
      await forLink(
        c.env,
        t,
        () => sign(c.env, t, c.req.valid("json"), ctx(c.req.raw)),
        (e) => signEnvelope(c.env, e, c.req.valid("json"), ctx(c.req.raw)),
      ),
      200,
    );
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/approve",
    operationId: "approve",
    tags: ["signing"],
    summary: "An approver approves (in turn); everyone ordered after them waits for it",
    description:
      "Only for a signer with role `approver`: no consent and no signature, the approval is the act (after a one-time code when one is required). The approver's status becomes `signed` with `signed_at`; the trail gets `approved` (webhook `signing.approved`). An approver who will not approve declines (POST /v1/sign/{token}/decline).",
    ...token,
    request: { params: TokenParam, ...jsonBody(ApproveCommand, { note: "Budget checked against PO 4471." }) },
    responses: {
      200: jsonResponse(z.object({ approved: z.literal(true), event_id: z.string() }), "Approved", { approved: true, event_id: "evt_3q8m2x5k9b1n7p4r0t6v" }),
      ...commonErrors,
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(
      await forLink(
        c.env,
        t,
        () => approve(c.env, t, c.req.valid("json"), ctx(c.req.raw)),
        (e) => approveEnvelope(c.env, e, c.req.valid("json"), ctx(c.req.raw)),
      ),
      200,
    );
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/acknowledge",
    operationId: "acknowledge",
    tags: ["signing"],
    summary: "A viewer acknowledges the document (after opening it, in turn)",
    description:
      "Only for a signer with role `viewer`, after their link was opened (GET /v1/sign/{token} records it): no consent and no signature. The viewer's status becomes `signed` with `signed_at`; the trail gets `acknowledged` (webhook `signing.acknowledged`).",
    ...token,
    request: { params: TokenParam, ...jsonBody(AcknowledgeCommand, {}) },
    responses: {
      200: jsonResponse(z.object({ acknowledged: z.literal(true), event_id: z.string() }), "Acknowledged", {
        acknowledged: true,
        event_id: "evt_3q8m2x5k9b1n7p4r0t6v",
      }),
      ...commonErrors,
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(
      await forLink(
        c.env,
        t,
        () => acknowledge(c.env, t, c.req.valid("json"), ctx(c.req.raw)),
        (e) => acknowledgeEnvelope(c.env, e, c.req.valid("json"), ctx(c.req.raw)),
      ),
      200,
    );
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/decline",
    operationId: "decline",
    tags: ["signing"],
    summary: "Decline with a reason; the document ends as declined",
    ...token,
    request: { params: TokenParam, ...jsonBody(DeclineCommand, { reason: "The dates are wrong." }) },
    responses: { 200: jsonResponse(z.object({ declined: z.literal(true) }), "Declined", { declined: true }), ...commonErrors },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(
      await forLink(
        c.env,
        t,
        () => decline(c.env, t, c.req.valid("json"), ctx(c.req.raw)),
        (e) => declineEnvelope(c.env, e, c.req.valid("json"), ctx(c.req.raw)),
      ),
      200,
    );
  },
);

signing.openapi(
  createRoute({
    method: "post",
    path: "/v1/sign/{token}/withdraw",
    operationId: "withdrawConsent",
    tags: ["signing"],
    summary: "Withdraw consent to do business electronically; the signer's part ends as a decline",
    description:
      'The consumer disclosure\'s withdraw action (contract "Signer identity"): the signer\'s part ends like a decline with the reason "consent withdrawn" — the signer and the document become `declined`, the trail records `consent_withdrawn` then `declined`, and `signing.declined` is delivered as for any decline. No body. 422 once the signer signed or declined.',
    ...token,
    request: { params: TokenParam },
    responses: {
      200: jsonResponse(z.object({ declined: z.literal(true) }), "Withdrawn: the signer's part ended as declined", { declined: true }),
      ...commonErrors,
    },
  }),
  async (c) => {
    const t = c.req.valid("param").token;
    return c.json(await forLink(c.env, t, () => withdraw(c.env, t, ctx(c.req.raw)), notInEnvelope("Withdrawing consent")), 200);
  },
);
