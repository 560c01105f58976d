import { PACKET_MINORS, PACKET_PER, SUBJECT_KINDS, TEMPLATE_KINDS } from "../domain/vocabulary";
import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, errorContent, idempotentErrors, jsonBody, jsonResponse, keyed, keyedErrors, listed, listedOrNull } from "../http/router";
import { signerContext } from "../http/auth";
import {
  StartInput,
  WorkflowCreate,
  WorkflowEdit,
  createWorkflow,
  editWorkflow,
  getWorkflow,
  listWorkflows,
  startWorkflow,
  workflowQr,
} from "../domain/workflows";

const WorkflowId = z.object({ id: z.string().min(1).max(64) });

const Role = z.object({
  label: z.string(),
  role: z.string(),
  order: z.number().int(),
  participant: z.boolean(),
  email: z.string().optional().openapi({ description: "Fixed roles only." }),
  full_name: z.string().optional().openapi({ description: "Fixed roles only." }),
});

const Workflow = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    kind: listedOrNull(TEMPLATE_KINDS).openapi({ description: "The template's kind (of its latest published version, else its latest draft)." }),
    template_code: z.string(),
    template_published: z.boolean(),
    signer_roles: z.array(Role),
    sequential: z.boolean(),
    countersign: z.boolean(),
    reauthenticate: z.boolean(),
    expires_days: z.number().int(),
    remind_after_days: z.number().int(),
    public: z.boolean(),
    public_slug: z.string().nullable().openapi({ description: "The public form's address is /f/{public_slug}; null while the workflow is not public." }),
    public_url: z.string().nullable().openapi({ description: "{PUBLIC_BASE_URL}/f/{public_slug}, or null." }),
    intro: z.string(),
    form_fields: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
    active: z.boolean(),
    packet: z.object({ kind: listed(SUBJECT_KINDS), per: listed(PACKET_PER), required: z.boolean(), minors: listed(PACKET_MINORS) }).nullable(),
    drafted_by_run: z.string().nullable().openapi({ description: "Reserved; always null." }),
    created_at: z.string(),
    updated_at: z.string(),
    started: z.number().int().openapi({ description: "Documents it started that were sent." }),
    completed: z.number().int().openapi({ description: "Documents it started that are completed." }),
  })
  .openapi("Workflow");

export const Started = z
  .object({
    document_id: z.string(),
    title: z.string(),
    expires_at: z.string(),
    signers: z.array(
      z.object({
        signer_id: z.string(),
        email: z.string(),
        full_name: z.string(),
        role: z.string(),
        participant: z.boolean(),
        token: z.string().nullable().openapi({
          description:
            "64 hex characters: the signing link's credential (/s/{token}); shown once. Null for a fixed (staff) role when a tablet's device key started the workflow: the tablet learns only the participant's link, and the staff roles get theirs by message.",
        }),
      }),
    ),
  })
  .openapi("WorkflowStarted");

const Qr = z
  .object({
    workflow_id: z.string(),
    name: z.string(),
    url: z.string().openapi({ description: "The public form: {PUBLIC_BASE_URL}/f/{public_slug}." }),
    svg: z.string(),
    png_base64: z.string().openapi({ description: "A 1024 × 1024 PNG (1-bit), base64." }),
  })
  .openapi("WorkflowQr");

const quotaError = errorContent("The plan's agreements for this period are spent (quota_exceeded).");

/** The example /openapi.json shows for a workflow. */
const WORKFLOW_EXAMPLE: z.output<typeof Workflow> = {
  id: "wf_01jd3k4m5n6p7q8r9s0t",
  code: "rental-waiver",
  name: "Bike rental waiver",
  kind: "waiver",
  template_code: "bike-waiver",
  template_published: true,
  signer_roles: [
    { label: "Rider", role: "rider", order: 1, participant: true },
    { label: "Shop", role: "shop", order: 2, participant: false, email: "desk@bikes.example", full_name: "Front desk" },
  ],
  sequential: true,
  countersign: false,
  reauthenticate: false,
  expires_days: 7,
  remind_after_days: 2,
  public: true,
  public_slug: "k7qm2xrt9bnp",
  public_url: "https://sign.example.com/f/k7qm2xrt9bnp",
  intro: "Sign before you ride.",
  form_fields: [{ key: "booking", label: "Booking number", required: true }],
  active: true,
  packet: null,
  drafted_by_run: null,
  created_at: "2026-11-20T09:00:00.000Z",
  updated_at: "2026-11-22T10:30:00.000Z",
  started: 41,
  completed: 37,
};

export const workflows = createRouter();

workflows.openapi(
  createRoute({
    method: "get",
    path: "/v1/workflows",
    operationId: "listWorkflows",
    tags: ["workflows"],
    summary: "Every workflow of the account, newest first, with its started and completed counts",
    description: "Every workflow of the account, newest first, with how many times each was started and how many of those completed.",
    ...keyed("signing:read"),
    responses: { 200: jsonResponse(z.object({ workflows: z.array(Workflow) }), "The workflows", { workflows: [WORKFLOW_EXAMPLE] }), ...keyedErrors },
  }),
  async (c) => c.json(await listWorkflows(c.env, c.get("principal")), 200),
);

workflows.openapi(
  createRoute({
    method: "post",
    path: "/v1/workflows",
    operationId: "createWorkflow",
    tags: ["workflows"],
    summary: "Create a workflow: a template with its signer roles, order, expiry, reminders and optional public form",
    description:
      "Exactly one role is the participant (who starts it or for whom it is started); every other role is fixed and carries its email and name. " +
      "`code` is unique per account and mode (422 otherwise); `template_code` must name a template of the account. " +
      "`public: true` gives the workflow a `public_slug`, kept for good, so a printed QR code keeps working when the workflow is made public again.",
    ...keyed("signing:templates"),
    request: jsonBody(WorkflowCreate, {
      code: "rental-waiver",
      name: "Bike rental waiver",
      template_code: "bike-waiver",
      signer_roles: [
        { label: "Rider", role: "rider", order: 1, participant: true },
        { label: "Shop", role: "shop", order: 2, participant: false, email: "desk@bikes.example", full_name: "Front desk" },
      ],
      sequential: true,
      expires_days: 7,
      remind_after_days: 2,
      public: true,
      intro: "Sign before you ride.",
      form_fields: [{ key: "booking", label: "Booking number", required: true }],
    }),
    responses: { 200: jsonResponse(Workflow, "Created", WORKFLOW_EXAMPLE), ...keyedErrors },
  }),
  async (c) => c.json(await createWorkflow(c.env, c.get("principal"), c.req.valid("json")), 200),
);

workflows.openapi(
  createRoute({
    method: "get",
    path: "/v1/workflows/{id}",
    operationId: "getWorkflow",
    tags: ["workflows"],
    summary: "A workflow with its started and completed counts",
    description: "One workflow, whole (roles, order, expiry, reminders, public form), with its started and completed counts.",
    ...keyed("signing:read"),
    request: { params: WorkflowId },
    responses: { 200: jsonResponse(Workflow, "The workflow", WORKFLOW_EXAMPLE), ...keyedErrors },
  }),
  async (c) => c.json(await getWorkflow(c.env, c.get("principal"), c.req.valid("param").id), 200),
);

workflows.openapi(
  createRoute({
    method: "patch",
    path: "/v1/workflows/{id}",
    operationId: "editWorkflow",
    tags: ["workflows"],
    summary: "Edit a workflow: any field of create; the result is checked whole",
    description: "Documents already started keep what they were started with. Two edits at the same moment: one wins, the other is 409.",
    ...keyed("signing:templates"),
    request: { params: WorkflowId, ...jsonBody(WorkflowEdit, { remind_after_days: 1, active: true }) },
    responses: { 200: jsonResponse(Workflow, "Edited", WORKFLOW_EXAMPLE), 409: errorContent("Changed by another request at the same time."), ...keyedErrors },
  }),
  async (c) => c.json(await editWorkflow(c.env, c.get("principal"), c.req.valid("param").id, c.req.valid("json")), 200),
);

workflows.openapi(
  createRoute({
    method: "post",
    path: "/v1/workflows/{id}/start",
    operationId: "startWorkflow",
    tags: ["workflows"],
    summary: "Start a workflow for a participant: prepare from the template's latest published version and send; tokens shown once",
    description:
      "Prepares with `values` and the answers to the workflow's form fields (an answer fills the template variable of the same key and is kept in the document's metadata), " +
      "then sends to the participant and every fixed role. The document expires `expires_days` after the start. " +
      "422 for an inactive workflow or a template without a published version; 402 when the plan's agreements are spent. " +
      "Started by a tablet's device key (`signing:device`, its own workflow, in person): only the participant's `token` is given; the fixed roles' entries carry `token: null` and their links go out by message.",
    ...keyed("signing:workflows", { idempotent: "workflows.start" }),
    request: {
      params: WorkflowId,
      ...jsonBody(StartInput, {
        email: "ana@example.com",
        full_name: "Ana Ruiz",
        phone: "+34612345678",
        values: { booking: "B-2291" },
        external_ref: "booking-2291",
      }),
    },
    responses: {
      200: jsonResponse(Started, "Started; tokens shown once", {
        document_id: "doc_01jd3k4m5n6p7q8r9s0t",
        title: "Bike rental waiver: Ana Ruiz",
        expires_at: "2026-11-30T18:00:00.000Z",
        signers: [
          {
            signer_id: "sgn_7k2m9x4b1n3p5q8r0t6v",
            email: "ana@example.com",
            full_name: "Ana Ruiz",
            role: "rider",
            participant: true,
            token: "9f3b2c1d0e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c",
          },
        ],
      }),
      402: quotaError,
      ...keyedErrors,
      ...idempotentErrors,
    },
  }),
  async (c) => {
    const p = c.get("principal");
    const started = await startWorkflow(
      c.env,
      { tenantId: p.tenantId, mode: p.mode, deviceId: p.deviceId ?? null },
      c.req.valid("param").id,
      c.req.valid("json"),
      signerContext(c.req.raw),
    );
    return c.json(started, 200);
  },
);

workflows.openapi(
  createRoute({
    method: "get",
    path: "/v1/workflows/{id}/qr",
    operationId: "workflowQr",
    tags: ["workflows"],
    summary: "The public form's address as a QR code (SVG and a 1024-pixel PNG)",
    description: "404 when the workflow has no public address.",
    ...keyed("signing:read"),
    request: { params: WorkflowId },
    responses: {
      200: jsonResponse(Qr, "The QR code", {
        workflow_id: "wf_01jd3k4m5n6p7q8r9s0t",
        name: "Bike rental waiver",
        url: "https://sign.example.com/f/k7qm2xrt9bnp",
        svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 37 37">…</svg>',
        png_base64: "iVBORw0KGgoAAAANSUhEUgAABAAAAAQAAQAAAAA…",
      }),
      ...keyedErrors,
    },
  }),
  async (c) => c.json(await workflowQr(c.env, c.get("principal"), c.req.valid("param").id), 200),
);
