/** What `GET /v1/sign/{token}` answers, as /openapi.json publishes it: a document's link, or an envelope's with its `documents`. */
import { z } from "@hono/zod-openapi";
import { fieldRuleAttributes } from "../domain/field-rules";
import { DOCUMENT_STATUSES, SIGNER_STATUSES, TEMPLATE_FIELD_KINDS, TEMPLATE_KINDS } from "../domain/vocabulary";
import { listed, listedOrNull } from "../http/router";

export const LinkReadSchema = z
  .object({
    ok: z.boolean(),
    reason: z.string().nullable(),
    document_id: z.string().nullable(),
    title: z.string().nullable(),
    body: z.string().nullable(),
    body_sha256_hex: z.string().nullable(),
    document_status: listedOrNull(DOCUMENT_STATUSES),
    sequential: z.boolean().nullable(),
    expires_at: z.string().nullable().openapi({
      description:
        "When the link stops working: the document's expiry while it is out for signing; once completed, the end of the 30 days its links keep working.",
    }),
    token_expires_at: z.string().nullable().openapi({
      description: "When this signer's link stops working (as the signer's `token_expires_at` in the document read); once completed, the end of its 30 days.",
    }),
    tenant_name: z.string().nullable(),
    signer_id: z.string().nullable(),
    full_name: z.string().nullable(),
    email: z.string().nullable(),
    signer_role: z.string().nullable(),
    sign_order: z.number().int().nullable(),
    signer_status: listedOrNull(SIGNER_STATUSES),
    consented_at: z.string().nullable(),
    signed_at: z.string().nullable(),
    template_kind: listedOrNull(TEMPLATE_KINDS),
    grants: z.record(z.string(), z.unknown()).nullable(),
    is_my_turn: z.boolean().nullable(),
    waiting_on: z.string().nullable(),
    consent_text: z.string().nullable(),
    consent_version: z.string().nullable(),
    intent_text: z.string().nullable(),
    intent_version: z.string().nullable(),
    signers: z
      .array(
        z.object({
          full_name: z.string(),
          role: z.string(),
          sign_order: z.number().int(),
          status: listed(SIGNER_STATUSES),
          signed_at: z.string().nullable(),
          is_me: z.boolean(),
        }),
      )
      .nullable(),
    group_name: z.string().nullable().openapi({ description: "This signer's signing group: the first member to sign signs for it." }),
    witness_for: z.string().nullable().openapi({ description: "For a witness: the name of the signer witnessed (the witness signs after them)." }),
    allow_delegation: z
      .boolean()
      .nullable()
      .openapi({ description: "Whether this signer may pass their part to someone else (POST /v1/sign/{token}/delegate)." }),
    fields: z
      .array(
        z.object({
          key: z.string(),
          label: z.string(),
          kind: listed(TEMPLATE_FIELD_KINDS),
          required: z.boolean(),
          about: z.string().nullable(),
          supplied: z.boolean(),
          options: z.array(z.string()).optional(),
          place: z.unknown().nullable(),
          places: z.array(z.unknown()).optional(),
          ...fieldRuleAttributes,
          visible: z
            .boolean()
            .openapi({ description: "Whether the field is shown now (its show_if holds for the answers so far); a hidden field takes no answer." }),
          value: z.string().nullable().optional().openapi({
            description:
              "formula and auto-filled fields: the value as it stands now (frozen at signing); null until it can be given. image, stamp and file fields: `sha256:<hex>` of the uploaded file; null until one is uploaded.",
          }),
        }),
      )
      .nullable(),
    pages: z.array(z.object({ n: z.number().int(), width: z.number(), height: z.number() })).nullable(),
    id_check_required: z.boolean().optional().openapi({
      description:
        "True while this signer (auth `id_check`) has not passed the identity check: consent and every later action (declining aside) are 422 until POST /v1/sign/{token}/id-check and the provider's verified outcome.",
    }),
    reauthentication_required: z.boolean().optional().openapi({
      description:
        "True when the document was sent with `reauthenticate` (or by a `part11` account): the signature needs a one-time code confirmed (POST /v1/sign/{token}/code, /verify) at most 5 minutes before, and a `reason` in the sign body.",
    }),
    reasons: z.array(z.string()).optional().openapi({
      description: "The reasons the signer picks from when re-authenticating (the template's); empty: free text of at most 200 characters.",
    }),
    consumer_disclosure: z
      .object({ text: z.string(), withdraw_instructions: z.string(), paper_copy: z.object({ how: z.string(), cost: z.string() }) })
      .nullable()
      .optional()
      .openapi({
        description:
          "The account's consumer disclosure, when it has one: consent then needs `disclosure_accepted: true`, and POST /v1/sign/{token}/withdraw withdraws consent. Null: none.",
      }),
    disclosure_accepted_at: z.string().nullable().optional().openapi({ description: "When this signer accepted the consumer disclosure (with consent)." }),
    access_code_required: z.boolean().optional().openapi({
      description:
        "True while this signer (auth `access_code`) has not given their access code: only the title and the business's name are shown until POST /v1/sign/{token}/access-code.",
    }),
    envelope_id: z.string().optional().openapi({ description: "Only for an envelope's link: the envelope. `documents` then lists each of its documents." }),
    documents: z
      .array(
        z.object({
          document_id: z.string().nullable(),
          title: z.string().nullable(),
          body: z.string().nullable(),
          body_sha256_hex: z.string().nullable(),
          document_status: listedOrNull(DOCUMENT_STATUSES),
          template_kind: listedOrNull(TEMPLATE_KINDS),
          signer_status: listedOrNull(SIGNER_STATUSES),
          signed_at: z.string().nullable(),
          fields: z.array(z.unknown()).nullable().openapi({ description: "This person's fields in the document, as `fields` of a document's link." }),
          pages: z.array(z.object({ n: z.number().int(), width: z.number(), height: z.number() })).nullable(),
        }),
      )
      .optional()
      .openapi({
        description:
          "Only for an envelope's link: every document in order, as a document's link shows it. The top level then describes the person across the envelope (`signer_id` is theirs in the envelope, `document_status` the envelope's).",
      }),
  })
  .openapi("SigningLinkRead");
