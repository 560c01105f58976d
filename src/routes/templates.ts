import { createRoute, z } from "@hono/zod-openapi";
import { jsonObject, plainText, text } from "../lib/text";
import { createRouter, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors } from "../lib/router";
import {
  CODE_PATTERN,
  FIELD_KEY_PATTERN,
  FIELD_KINDS,
  TEMPLATE_KINDS,
  createTemplate,
  listTemplates,
  publishTemplate,
  reviseTemplate,
} from "../domain/templates";

const Place = z
  .object({
    page: z.number().int().min(1),
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().gt(0).max(1),
    h: z.number().gt(0).max(1),
  })
  .strict();

export const FieldInputSchema = z
  .object({
    key: z.string().regex(FIELD_KEY_PATTERN, "lowercase letter, then up to 58 lowercase letters, digits or underscores"),
    label: plainText().min(1).max(200),
    kind: z.enum(FIELD_KINDS),
    required: z.boolean().optional(),
    about: text().max(500).nullable().optional(),
    sensitive: z.boolean().optional(),
    per_child: z.boolean().optional(),
    staff_only: z.boolean().optional(),
    options: z.array(plainText().min(1).max(200)).min(1).max(50).optional(),
    place: Place.nullable().optional(),
  })
  .strict()
  .openapi("TemplateFieldInput");

const Code = z.string().min(1).max(64).regex(CODE_PATTERN, "starts with a lowercase letter, then lowercase letters, digits, underscore or hyphen");
const Variable = z
  .string()
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, "letters, digits, underscore or dot, not starting with a digit")
  .refine((v) => v !== "__proto__", "__proto__ is reserved (JSON objects cannot carry it as a value name)");
const Grants = jsonObject().openapi({ description: "Any JSON object, at most 4 KB once serialised." });

const TemplateCreate = z
  .object({
    code: Code,
    name: plainText().min(1).max(200),
    kind: z.enum(TEMPLATE_KINDS),
    body: text().min(1),
    variables: z.array(Variable).max(200).optional(),
    grants: Grants.optional(),
    consent_text: text().max(5000).nullable().optional(),
    fields: z.array(FieldInputSchema).max(50).optional(),
  })
  .strict()
  .openapi("TemplateCreate");

const TemplateRevise = TemplateCreate.partial().extend({ code: Code }).strict().openapi("TemplateRevise");

const Field = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.string(),
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
    kind: z.string(),
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
    ...keyed("signing:read"),
    responses: { 200: jsonResponse(z.object({ templates: z.array(Template) }), "Templates"), ...keyedErrors },
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
    ...keyed("signing:templates", { idempotent: "templates.create" }),
    request: jsonBody(TemplateCreate),
    responses: { 200: jsonResponse(z.object({ template_id: z.string() }), "Created"), ...keyedErrors, ...idempotentErrors },
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
    ...keyed("signing:templates"),
    request: jsonBody(z.object({ code: Code }).strict()),
    responses: {
      200: jsonResponse(z.object({ code: z.string(), version: z.number().int(), published_at: z.string() }), "Published"),
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
    ...keyed("signing:templates", { idempotent: "templates.revise" }),
    request: jsonBody(TemplateRevise),
    responses: {
      200: jsonResponse(z.object({ template_id: z.string(), version: z.number().int() }), "Revised"),
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => c.json(await reviseTemplate(c.env, c.get("principal"), c.req.valid("json")), 200),
);
