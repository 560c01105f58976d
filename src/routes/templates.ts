import { TEMPLATE_FIELD_KINDS, TEMPLATE_KINDS } from "../db/enums";
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors, listed } from "../lib/router";
import { Place, TemplateCreate, TemplatePublish, TemplateRevise, createTemplate, listTemplates, publishTemplate, reviseTemplate } from "../domain/templates";

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
    description: "Creates version 1 of a new template code as a draft. Documents are prepared only from a published version: publish it next.",
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
