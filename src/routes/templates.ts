import { TEMPLATE_FIELD_KINDS, TEMPLATE_KINDS } from "../domain/vocabulary";
import { fieldRuleAttributes } from "../domain/field-rules";
import { FIELD_SOURCES, FieldFound, FieldNotRead } from "../domain/document-fields";
import { createRoute, z } from "@hono/zod-openapi";
import { uploadLimitOf } from "../http/body-limit";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";
import { createRouter, errorContent, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors, listed } from "../http/router";
import {
  FieldSigner,
  Place,
  TemplateCreate,
  TemplatePublish,
  TemplateRevise,
  createTemplate,
  listTemplates,
  publishTemplate,
  reviseTemplate,
} from "../domain/templates";
import {
  PDF_TEMPLATE_LIMITS,
  PdfTemplateUpload,
  TemplatePatch,
  fixedBody,
  pdfTemplateInfo,
  pdfTooLarge,
  pictureTooLarge,
  placeFields,
  putPagePicture,
  uploadPdfTemplate,
} from "../domain/pdf-templates";
import { invalid } from "../lib/errors";
import { text } from "../lib/text";

const Field = z.object({
  key: z.string(),
  label: z.string(),
  kind: listed(TEMPLATE_FIELD_KINDS),
  required: z.boolean(),
  about: z.string().nullable().optional(),
  sensitive: z.boolean(),
  per_child: z.boolean(),
  staff_only: z.boolean(),
  options: z.array(z.string()).optional(),
  place: Place.nullable().optional(),
  places: z.array(Place).optional(),
  signer: FieldSigner.optional(),
  ...fieldRuleAttributes,
});

const Template = z
  .object({
    template_id: z.string(),
    code: z.string(),
    name: z.string(),
    kind: listed(TEMPLATE_KINDS),
    body: z.string(),
    variables: z.array(z.string()),
    grants: z.record(z.string(), z.unknown()),
    consent_text: z.string().nullable(),
    fields: z.array(Field),
    version: z.number().int(),
    is_published: z.boolean(),
    published_at: z.string().nullable(),
    documents: z.number().int(),
    is_latest: z.boolean(),
  })
  .openapi("Template");

export const templates = createRouter();

templates.openapi(
  createRoute({
    method: "get",
    path: "/v1/templates",
    operationId: "listTemplates",
    tags: ["templates"],
    summary: "Every version of every template, newest first",
    description: "Every template version of the account, drafts and published, newest first, with their fields and variables.",
    ...keyed("signing:read"),
    responses: {
      200: jsonResponse(z.object({ templates: z.array(Template) }), "Templates", {
        templates: [
          {
            template_id: "tpl_2b7k9m4x1n3p5q8r0t6v",
            code: "demo-nda",
            name: "Mutual NDA",
            kind: "nda",
            body: "{{company}} and {{counterparty}} keep each other's information confidential for {{years}} years.",
            variables: ["company", "counterparty", "years"],
            grants: {},
            consent_text: null,
            fields: [
              { key: "start_date", label: "Start date", kind: "date", required: true, about: null, sensitive: false, per_child: false, staff_only: false },
            ],
            version: 1,
            is_published: true,
            published_at: "2026-11-23T17:40:00.000Z",
            documents: 12,
            is_latest: true,
          },
        ],
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json({ templates: await listTemplates(c.env, c.get("principal")) }, 200),
);

templates.openapi(
  createRoute({
    method: "post",
    path: "/v1/templates",
    operationId: "createTemplate",
    tags: ["templates"],
    summary: "Create a template as a draft (version 1)",
    description:
      "Creates version 1 of a new template code as a draft. A code whose only version is still a draft has that draft replaced (the same `template_id`; a PDF draft's body cannot be, 422); a code with a published version is 422 (revise it). Documents are prepared only from a published version: publish it next.",
    ...keyed("signing:templates", { idempotent: "templates.create" }),
    request: jsonBody(TemplateCreate, {
      code: "demo-nda",
      name: "Mutual NDA",
      kind: "nda",
      body: "{{company}} and {{counterparty}} keep each other's information confidential for {{years}} years.",
      variables: ["company", "counterparty", "years"],
      fields: [{ key: "start_date", label: "Start date", kind: "date", required: true }],
    }),
    responses: {
      200: jsonResponse(z.object({ template_id: z.string() }), "Created", { template_id: "tpl_2b7k9m4x1n3p5q8r0t6v" }),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => c.json(await createTemplate(c.env, c.get("principal"), c.req.valid("json")), 200),
);

templates.openapi(
  createRoute({
    method: "post",
    path: "/v1/templates/publish",
    operationId: "publishTemplate",
    tags: ["templates"],
    summary: "Publish the draft of a code; its text is frozen",
    description:
      "Publishes the draft of the named code. From then on its text and fields never change: documents prepared from it keep pointing at exactly what was signed.",
    ...keyed("signing:templates"),
    request: jsonBody(TemplatePublish, { code: "demo-nda" }),
    responses: {
      200: jsonResponse(z.object({ code: z.string(), version: z.number().int(), published_at: z.string() }), "Published", {
        code: "demo-nda",
        version: 1,
        published_at: "2026-11-23T17:40:00.000Z",
      }),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => c.json(await publishTemplate(c.env, c.get("principal"), c.req.valid("json").code), 200),
);

templates.openapi(
  createRoute({
    method: "post",
    path: "/v1/templates/revise",
    operationId: "reviseTemplate",
    tags: ["templates"],
    summary: "Make the next version of a published template as a draft",
    description:
      "Makes version n+1 of a published template as a draft (the published versions stay as they are). Documents are always prepared from the latest published version.",
    ...keyed("signing:templates", { idempotent: "templates.revise" }),
    request: jsonBody(TemplateRevise, {
      code: "demo-nda",
      body: "{{company}} and {{counterparty}} keep each other's information confidential for {{years}} years from the start date.",
    }),
    responses: {
      200: jsonResponse(z.object({ template_id: z.string(), version: z.number().int() }), "Revised", { template_id: "tpl_8q3m1x6k2b9n4p7r0t5v", version: 2 }),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => c.json(await reviseTemplate(c.env, c.get("principal"), c.req.valid("json")), 200),
);

// ---- PDF templates (docs/pdf-templates.md) ----

/** A body limit of its own, refused with the upload's own 413 whether or not Content-Length is sent. */
function ownBodyLimit(maxSize: number, refusal: (size: number | null) => Error): MiddlewareHandler<AppEnv> {
  return uploadLimitOf(maxSize, (c) => {
    const length = Number(c.req.header("content-length"));
    throw refusal(Number.isFinite(length) && length > 0 ? length : null);
  });
}

const PageInfo = z.object({
  n: z.number().int(),
  width: z.number(),
  height: z.number(),
  rotation: z
    .number()
    .int()
    .openapi({ enum: [0, 90, 180, 270] }),
});

const PdfTemplateInfo = z
  .object({
    has_pdf: z.boolean(),
    page_count: z.number().int().openapi({ description: "Pages of the file (1-200); 0 for a text template." }),
    drawn: z.number().int().openapi({ description: "Pages with a readable picture." }),
    ready: z.boolean().openapi({ description: "True when drawn equals page_count (and the file has pages): the template may be published." }),
    pages: z.array(PageInfo).openapi({
      description:
        "Each page as a reader shows it: width and height in points of the visible (crop) box, swapped for /Rotate 90 and 270; rotation normalised to 0, 90, 180 or 270. [] for a text template.",
    }),
    bytes: z.number().int().openapi({ description: "Size of the file as uploaded; 0 for a text template." }),
    sha256: z.string().nullable().openapi({ description: "SHA-256 (hex) of the file as uploaded; null for a text template." }),
    original_name: z.string().nullable().openapi({ description: "The file name given at upload (cleaned); null for a text template." }),
    uploaded_at: z.string().nullable().openapi({ description: "When the file was uploaded; null for a text template." }),
  })
  .openapi("PdfTemplateInfo");

const INFO_EXAMPLE = {
  has_pdf: true,
  page_count: 2,
  drawn: 2,
  ready: true,
  pages: [
    { n: 1, width: 595.28, height: 841.89, rotation: 0 },
    { n: 2, width: 841.89, height: 595.28, rotation: 90 },
  ],
  bytes: 48213,
  sha256: "3f1d9c0b7a6e5d4c3b2a19080706050403020100f0e0d0c0b0a09080706050403",
  original_name: "lease-2026.pdf",
  uploaded_at: "2026-11-23T17:40:00.000Z",
};

const TemplateId = z.object({
  id: text()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "tpl_2b7k9m4x1n3p5q8r0t6v" }),
});

const SENTENCE = fixedBody("<original_name>", "<sha256>");

templates.openapi(
  createRoute({
    method: "post",
    path: "/v1/templates/pdf",
    operationId: "uploadPdfTemplate",
    tags: ["templates"],
    summary: "Upload a PDF as a template (a draft) to be signed in place",
    description:
      "The request body is the PDF itself (`application/pdf`, at most 25 MB; larger is 413 too_large). The file is kept byte for byte; its SHA-256, pages (at most 200) " +
      "and each page's visible (crop) box and rotation are read from it. A file that is not a PDF, is encrypted, or is damaged (truncated, no cross-reference table or trailer, " +
      'unparseable) is refused with 422 naming which; so is one whose streams inflate past 64 MB in all ("too large once decompressed") and one carrying active content ' +
      "(JavaScript, `/OpenAction` or `/AA` actions, `/Launch`, `/SubmitForm`, `/ImportData`, rich media; the message names it). Nothing is stored. The draft's body is the fixed sentence `" +
      SENTENCE +
      "` and can never be changed (POST /v1/templates and revise refuse it). " +
      "A new code makes version 1; a code whose latest version is a draft (text or PDF) has that draft replaced by this file (fields kept, placements on pages the file lacks cleared, page pictures dropped); " +
      "a code whose latest version is published is refused (revise it, which keeps the file, then upload to the new draft). " +
      "With `fields=acroform|tags|both` fields are also read from the file: the form's text, checkbox, radio group, choice and signature fields, and text tags " +
      "`{{kind:signer[:key][:required|optional]}}` in the page text (e.g. `{{signature:1}}`, `{{date_signed:2}}`, `{{text:1:company:required}}`), each placed where it is " +
      "(a tag's box is its text's, at least 120 × 24 pt for a signature; its words are painted over when the document is stamped). They join the draft's fields " +
      "(a key it already has is replaced), up to 50; `fields_found` lists them and `fields_not_read` each tag that does not parse and anything else not made a field, with page, text and reason. " +
      "Next: upload a picture of every page, place fields (or review those read), publish.",
    ...keyed("signing:templates"),
    middleware: [...keyed("signing:templates").middleware, ownBodyLimit(PDF_TEMPLATE_LIMITS.maxBytes, pdfTooLarge)],
    request: {
      query: PdfTemplateUpload.extend({
        fields: z.enum(FIELD_SOURCES).optional().openapi({
          description: "Read fields from the file: its form fields (`acroform`), the text tags in its pages (`tags`) or both. Absent: none are read.",
          example: "both",
        }),
      }),
      body: {
        required: true,
        content: {
          "application/pdf": {
            schema: z.string().openapi({ format: "binary", description: "The PDF file, at most 25 MB and 200 pages." }),
            example: "%PDF-1.7 … (the file's bytes) … %%EOF",
          },
        },
      },
    },
    responses: {
      200: jsonResponse(
        z.object({
          template_id: z.string(),
          fields_found: z
            .array(FieldFound)
            .optional()
            .openapi({ description: "With `fields`: every field read from the file and added to the draft, in page order." }),
          fields_not_read: z
            .array(FieldNotRead)
            .optional()
            .openapi({ description: "With `fields`: each tag that does not parse, and each form field or tag not made a field, with why." }),
        }),
        "The draft PDF template",
        {
          template_id: "tpl_2b7k9m4x1n3p5q8r0t6v",
          fields_found: [
            {
              key: "signature_1",
              label: "Signature",
              kind: "signature",
              signer: 1,
              required: true,
              page: 3,
              source: "tag",
              text: "{{signature:1}}",
              name: null,
            },
            { key: "company", label: "Company", kind: "text", signer: null, required: false, page: 1, source: "acroform", text: null, name: "Company" },
          ],
          fields_not_read: [
            {
              page: 2,
              text: "{{sig:1}}",
              reason:
                'unknown kind "sig"; one of text, textarea, email, phone, number, date, checkbox, initials, signature, date_signed, signer_name, signer_email.',
            },
          ],
        },
      ),
      ...keyedErrors,
      413: errorContent("The file is over 25 MB."),
      422: errorContent(
        "Not a PDF, encrypted, damaged, over 200 pages, too large once decompressed (over 64 MB), carrying active content, or the code's latest version is published; the message says which.",
      ),
    },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const disposition = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(c.req.header("content-disposition") ?? "")?.[1];
    let name = q.filename ?? null;
    if (!name && disposition) {
      try {
        name = decodeURIComponent(disposition);
      } catch {
        name = disposition;
      }
    }
    return c.json(await uploadPdfTemplate(c.env, c.get("principal"), { code: q.code, name: q.name, kind: q.kind }, bytes, name ?? "", q.fields), 200);
  },
);

templates.openapi(
  createRoute({
    method: "put",
    path: "/v1/templates/{id}/pages/{n}",
    operationId: "putTemplatePagePicture",
    tags: ["templates"],
    summary: "Upload the picture of one page of a draft PDF template",
    description:
      "The body is the picture (`image/png` or `image/jpeg`, at most 8 MB and 8000 pixels a side; larger is 413 / 422). The dashboard draws each page with pdf.js at 1.5× " +
      "of its size as shown (rotation applied). The pixel size is read from the bytes and the aspect ratio (width / height) must equal the page's as shown within 2 % " +
      "(422 naming both ratios). Replaces an earlier picture of the page. Only a draft's pictures change (a published version's are frozen). Answers the PDF template info.",
    ...keyed("signing:templates"),
    middleware: [...keyed("signing:templates").middleware, ownBodyLimit(PDF_TEMPLATE_LIMITS.pictureMaxBytes, pictureTooLarge)],
    request: {
      params: TemplateId.extend({
        n: z
          .string()
          .regex(/^[1-9][0-9]{0,2}$/, "a page number from 1")
          .openapi({ param: { name: "n", in: "path" }, example: "1" }),
      }),
      body: {
        required: true,
        content: {
          "image/png": { schema: z.string().openapi({ format: "binary" }), example: "\u0089PNG … (the picture's bytes)" },
          "image/jpeg": { schema: z.string().openapi({ format: "binary" }), example: "\u00ff\u00d8\u00ff … (the picture's bytes)" },
        },
      },
    },
    responses: {
      200: jsonResponse(PdfTemplateInfo, "The PDF template info after the upload", INFO_EXAMPLE),
      ...keyedErrors,
      413: errorContent("The picture is over 8 MB."),
      422: errorContent("Wrong type, unreadable picture, wrong aspect ratio, no such page, a text template, or a published version; the message says which."),
    },
  }),
  async (c) => {
    const { id, n } = c.req.valid("param");
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(await putPagePicture(c.env, c.get("principal"), id, Number(n), bytes, c.req.header("content-type") ?? ""), 200);
  },
);

templates.openapi(
  createRoute({
    method: "get",
    path: "/v1/templates/{id}/pdf",
    operationId: "getTemplatePdf",
    tags: ["templates"],
    summary: "PDF template info: the file, its pages and how many are drawn",
    description:
      "For a PDF template: has_pdf true, the file's size, SHA-256, name and upload time, its pages as shown, and how many have a picture (ready when all do). " +
      "For a text template: has_pdf false, page_count 0, drawn 0, ready false, pages [], bytes 0, sha256, original_name and uploaded_at null.",
    ...keyed("signing:read"),
    request: { params: TemplateId },
    responses: {
      200: jsonResponse(PdfTemplateInfo, "PDF template info", INFO_EXAMPLE),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await pdfTemplateInfo(c.env, c.get("principal"), c.req.valid("param").id), 200),
);

templates.openapi(
  createRoute({
    method: "patch",
    path: "/v1/templates/{id}",
    operationId: "placeTemplateFields",
    tags: ["templates"],
    summary: "Replace a draft's fields, placing them on the PDF's pages",
    description:
      "Replaces the fields of a draft version (a published one is 422: revise it). `place` is {page, x, y, w, h}: page 1-based and within the PDF's pages, " +
      "the box in fractions of the page as a reader sees it (rotated pages as turned), origin top left, within the page. " +
      "A per-child or staff-only field cannot be placed. On a text template the same rules as creating apply. The body is never changed here.",
    ...keyed("signing:templates"),
    request: {
      params: TemplateId,
      ...jsonBody(TemplatePatch, {
        fields: [
          { key: "tenant_signature", label: "Tenant signature", kind: "signature", place: { page: 2, x: 0.12, y: 0.78, w: 0.35, h: 0.06 } },
          { key: "start_date", label: "Start date", kind: "date", place: { page: 1, x: 0.6, y: 0.2, w: 0.25, h: 0.03 } },
        ],
      }),
    },
    responses: {
      200: jsonResponse(z.object({ template_id: z.string(), fields: z.array(Field) }), "The draft's fields now", {
        template_id: "tpl_2b7k9m4x1n3p5q8r0t6v",
        fields: [
          {
            key: "tenant_signature",
            label: "Tenant signature",
            kind: "signature",
            required: true,
            about: null,
            sensitive: false,
            per_child: false,
            staff_only: false,
            place: { page: 2, x: 0.12, y: 0.78, w: 0.35, h: 0.06 },
          },
        ],
      }),
      ...keyedErrors,
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    if (input.body !== undefined) {
      throw invalid(
        "body: a template's body is not changed by PATCH, and a PDF template's body (the sentence naming the file and its SHA-256) never changes.",
        "PATCH takes only fields. To change a PDF template's file, upload a new one to the draft with POST /v1/templates/pdf.",
      );
    }
    return c.json(await placeFields(c.env, c.get("principal"), c.req.valid("param").id, input.fields), 200);
  },
);
