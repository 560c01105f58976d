/**
 * Workflows: a template with its running rules (who signs, in what order, expiry, reminders, a
 * public form address), and `startWorkflow`, the one rule that turns a workflow and a participant
 * into a prepared and sent document. The API start, the public form and the tablet all call it;
 * it prepares and sends through the same functions as POST /v1/documents and its send.
 */
import { toBase64 } from "../lib/bytes";
import { z } from "@hono/zod-openapi";
import type { Env } from "../env";
import type { WorkflowFormField, WorkflowPacket, WorkflowRole } from "../db/schema";
import { PACKET_MINORS, PACKET_PER, SUBJECT_KINDS } from "./vocabulary";
import {
  type Owner,
  type WorkflowRow,
  type WorkflowToStart,
  type WorkflowWithFacts,
  insertWorkflow,
  listWorkflowRows,
  slugInUse,
  templateCodeExists,
  updateWorkflowRow,
  workflowByCode,
  workflowToStart,
  workflowWithFacts,
} from "../db/workflows";
import { ApiError, invalid, notFound } from "../lib/errors";
import { newId, nowIso } from "../lib/ids";
import { plainText, text } from "../lib/text";
import { publicBaseUrl } from "../lib/config";
import { qrPng, qrSvg } from "../lib/qr";
import { Code } from "./templates";
import { prepareDraft, sendDocument } from "./documents";
import { phoneNumbers } from "../lib/phone-numbers";
import type { Actor, SignerInput } from "./transitions";

export const WORKFLOW_ROLES_MAX = 10;
export const FORM_FIELDS_MAX = 20;
export const EXPIRES_DAYS_DEFAULT = 30;
/** A form answer is kept in the document's metadata too, so it fits a metadata value. */
export const FORM_ANSWER_MAX = 500;
/** Form field keys: a template field key short enough to be a metadata name (40). */
export const FORM_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

// ---- Input, defined once: the routes validate with these. ----

const RoleInput = z
  .object({
    label: plainText().trim().min(1).max(80),
    role: plainText()
      .trim()
      .min(1)
      .max(40)
      .openapi({ description: 'The signer role on the documents: "signer", "cc" (receives the completed copy, never signs) or any other label that signs.' }),
    order: z.number().int().min(1).max(50),
    participant: z.boolean().openapi({ description: "Exactly one role is the participant: the person who starts the workflow or for whom it is started." }),
    email: z.email().max(254).optional().openapi({ description: "Fixed roles only (required there)." }),
    full_name: plainText().trim().min(1).max(200).optional().openapi({ description: "Fixed roles only (required there)." }),
  })
  .strict()
  .openapi("WorkflowRoleInput");

const FormFieldInput = z
  .object({
    key: z.string().regex(FORM_KEY_PATTERN, "lowercase letter, then up to 39 lowercase letters, digits or underscores"),
    label: plainText().trim().min(1).max(200),
    required: z.boolean().optional().openapi({ description: "Default true." }),
  })
  .strict()
  .openapi("WorkflowFormFieldInput");

const PacketInput = z
  .object({
    kind: z.enum(SUBJECT_KINDS),
    per: z.enum(PACKET_PER).optional().openapi({ description: "Default participant." }),
    required: z.boolean().optional().openapi({ description: "Default true." }),
    minors: z.enum(PACKET_MINORS).optional().openapi({ description: "Default guardian." }),
  })
  .strict()
  .openapi("WorkflowPacketInput");

const workflowShape = {
  code: Code,
  name: plainText().trim().min(1).max(200),
  template_code: Code.openapi({ description: "A template of this account; started documents use its latest published version." }),
  signer_roles: z.array(RoleInput).min(1).max(WORKFLOW_ROLES_MAX),
  sequential: z.boolean().optional().openapi({ description: "Signers sign in `order`. Default false." }),
  countersign: z
    .boolean()
    .optional()
    .openapi({ description: "The fixed signing role with the highest order signs after everyone else, whatever the order. Default false." }),
  reauthenticate: z.boolean().optional().openapi({ description: "Documents sent with `reauthenticate`. Default false." }),
  expires_days: z.number().int().min(1).max(365).optional().openapi({ description: "Days from start to expiry. Default 30." }),
  remind_after_days: z.number().int().min(0).max(30).optional().openapi({ description: "0 = no reminders. Default 0." }),
  public: z.boolean().optional().openapi({ description: "On gives the workflow a public form at /f/{public_slug}. Default false." }),
  intro: text().max(2000).optional(),
  form_fields: z.array(FormFieldInput).max(FORM_FIELDS_MAX).optional(),
  active: z.boolean().optional().openapi({ description: "Default true. An inactive workflow cannot be started; its public form shows a closed page." }),
  packet: PacketInput.nullable().optional().openapi({
    description:
      "For subjects (PUT /v1/subjects): each subject of this kind gets an item of this workflow in its packet, per participant or per subject. Active workflows only.",
  }),
};

export const WorkflowCreate = z.object(workflowShape).strict().openapi("WorkflowCreate");
export const WorkflowEdit = z.object(workflowShape).partial().strict().openapi("WorkflowEdit");

export const StartInput = z
  .object({
    email: z.email().max(254),
    full_name: plainText().trim().min(1).max(200),
    phone: text().max(40).optional().openapi({ description: "Normalised to E.164; empty means none." }),
    fields: z
      .record(z.string(), z.union([plainText().max(FORM_ANSWER_MAX), z.number(), z.boolean()]))
      .optional()
      .openapi({
        description: "Answers to the workflow's form_fields, by key. Each becomes the template value of the same key, and is kept in the document's metadata.",
      }),
    values: z
      .record(plainText().min(1).max(100), z.union([plainText().max(20000), z.number(), z.boolean()]))
      .optional()
      .openapi({ description: "Template values, as for POST /v1/documents." }),
    external_ref: text().max(200).optional(),
  })
  .strict()
  .openapi("WorkflowStart");

export type WorkflowCreate = z.infer<typeof WorkflowCreate>;
export type WorkflowEdit = z.infer<typeof WorkflowEdit>;
export type StartInput = z.infer<typeof StartInput>;

// ---- Rules zod cannot express ----

function checkRoles(roles: WorkflowRole[], countersign: boolean) {
  const participants = roles.filter((r) => r.participant).length;
  if (participants !== 1) throw invalid(`signer_roles: exactly one role must be the participant (participant: true); found ${participants}.`);
  roles.forEach((r, i) => {
    if (r.participant) {
      if (r.email !== undefined) throw invalid(`signer_roles.${i}.email: the participant's email comes with each start; only fixed roles carry one.`);
      if (r.full_name !== undefined) throw invalid(`signer_roles.${i}.full_name: the participant's name comes with each start; only fixed roles carry one.`);
      if (r.role === "cc") throw invalid(`signer_roles.${i}.role: the participant signs; only a fixed role may be cc.`);
    } else {
      if (r.email === undefined) throw invalid(`signer_roles.${i}.email: a fixed role needs the email of the person who signs it.`);
      if (r.full_name === undefined) throw invalid(`signer_roles.${i}.full_name: a fixed role needs the name of the person who signs it.`);
    }
  });
  if (countersign && countersigner(roles) === null) throw invalid("countersign: needs a fixed role that signs (not the participant, not cc).");
}

function checkFormFields(fields: WorkflowFormField[]) {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.key)) throw invalid(`form_fields.${i}.key: "${f.key}" is used twice.`);
    seen.add(f.key);
  });
}

/** The countersigner: the fixed signing role with the highest order (the last such one on a tie). */
export function countersigner(roles: readonly WorkflowRole[]): WorkflowRole | null {
  let found: WorkflowRole | null = null;
  for (const r of roles) if (!r.participant && r.role !== "cc" && (!found || r.order >= found.order)) found = r;
  return found;
}

const roleOf = (r: z.infer<typeof RoleInput>): WorkflowRole => ({
  label: r.label,
  role: r.role,
  order: r.order,
  participant: r.participant,
  ...(r.email !== undefined ? { email: r.email } : {}),
  ...(r.full_name !== undefined ? { full_name: r.full_name } : {}),
});
const formFieldOf = (f: z.infer<typeof FormFieldInput>): WorkflowFormField => ({ key: f.key, label: f.label, required: f.required ?? true });
const packetOf = (p: z.infer<typeof PacketInput> | null | undefined): WorkflowPacket | null =>
  p ? { kind: p.kind, per: p.per ?? "participant", required: p.required ?? true, minors: p.minors ?? "guardian" } : null;

/** 16 characters of the id alphabet: public, but not a way to walk other accounts' forms. */
function newSlug(): string {
  return newId("f").slice(2, 18);
}

async function freshSlug(env: Env): Promise<string> {
  for (;;) {
    const slug = newSlug();
    if (!(await slugInUse(env, slug))) return slug;
  }
}

const codeTaken = (code: string) => invalid(`code: a workflow "${code}" already exists in this account.`, "Choose another code, or edit that workflow.");

async function requireTemplate(env: Env, o: Owner, code: string) {
  if (!(await templateCodeExists(env, o, code))) throw invalid(`template_code: no template "${code}" in this account.`);
}

// ---- Output ----

export const publicFormPath = (slug: string) => `/f/${slug}`;
export const publicFormUrl = (env: Env, slug: string) => `${publicBaseUrl(env)}${publicFormPath(slug)}`;

export function workflowOut(env: Env, w: WorkflowWithFacts) {
  const r = w.row;
  const slug = r.isPublic ? r.publicSlug : null;
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    kind: w.templateKind,
    template_code: r.templateCode,
    template_published: w.templatePublished,
    signer_roles: r.signerRoles,
    sequential: r.sequential,
    countersign: r.countersign,
    reauthenticate: r.reauthenticate,
    expires_days: r.expiresDays,
    remind_after_days: r.remindAfterDays,
    public: r.isPublic,
    public_slug: slug,
    public_url: slug ? publicFormUrl(env, slug) : null,
    intro: r.intro,
    form_fields: r.formFields,
    active: r.active,
    packet: r.packet ?? null,
    drafted_by_run: r.draftedByRun,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
    started: w.started,
    completed: w.completed,
  };
}

async function readBack(env: Env, o: Owner, id: string) {
  const w = await workflowWithFacts(env, o, id);
  if (!w) throw notFound("workflow");
  return workflowOut(env, w);
}

// ---- Commands ----

export async function createWorkflow(env: Env, o: Owner, input: WorkflowCreate) {
  const roles = input.signer_roles.map(roleOf);
  const countersign = input.countersign ?? false;
  checkRoles(roles, countersign);
  const formFields = (input.form_fields ?? []).map(formFieldOf);
  checkFormFields(formFields);
  await requireTemplate(env, o, input.template_code);
  if (await workflowByCode(env, o, input.code)) throw codeTaken(input.code);
  const isPublic = input.public ?? false;
  const id = newId("wf");
  const at = nowIso();
  const row = {
    id,
    tenantId: o.tenantId,
    mode: o.mode,
    code: input.code,
    name: input.name,
    templateCode: input.template_code,
    signerRoles: roles,
    sequential: input.sequential ?? false,
    countersign,
    reauthenticate: input.reauthenticate ?? false,
    expiresDays: input.expires_days ?? EXPIRES_DAYS_DEFAULT,
    remindAfterDays: input.remind_after_days ?? 0,
    isPublic,
    publicSlug: isPublic ? await freshSlug(env) : null,
    intro: input.intro ?? "",
    formFields,
    active: input.active ?? true,
    packet: packetOf(input.packet),
    draftedByRun: null,
    createdAt: at,
    updatedAt: at,
  };
  // A concurrent create of the same code (or, once in 2^80, the same slug) loses here.
  if (!(await insertWorkflow(env, row))) throw codeTaken(input.code);
  return readBack(env, o, id);
}

export async function editWorkflow(env: Env, o: Owner, id: string, input: WorkflowEdit) {
  const current = await workflowWithFacts(env, o, id);
  if (!current) throw notFound("workflow");
  const was = current.row;
  const roles = input.signer_roles ? input.signer_roles.map(roleOf) : was.signerRoles;
  const countersign = input.countersign ?? was.countersign;
  checkRoles(roles, countersign);
  const formFields = input.form_fields ? input.form_fields.map(formFieldOf) : was.formFields;
  checkFormFields(formFields);
  if (input.template_code !== undefined && input.template_code !== was.templateCode) await requireTemplate(env, o, input.template_code);
  if (input.code !== undefined && input.code !== was.code) {
    const other = await workflowByCode(env, o, input.code);
    if (other && other.id !== id) throw codeTaken(input.code);
  }
  const isPublic = input.public ?? was.isPublic;
  // The slug is made the first time the workflow goes public and kept after: a printed QR code
  // works again when the workflow is made public again.
  const publicSlug = isPublic && !was.publicSlug ? await freshSlug(env) : was.publicSlug;
  const set: Partial<WorkflowRow> = {
    code: input.code ?? was.code,
    name: input.name ?? was.name,
    templateCode: input.template_code ?? was.templateCode,
    signerRoles: roles,
    sequential: input.sequential ?? was.sequential,
    countersign,
    reauthenticate: input.reauthenticate ?? was.reauthenticate,
    expiresDays: input.expires_days ?? was.expiresDays,
    remindAfterDays: input.remind_after_days ?? was.remindAfterDays,
    isPublic,
    publicSlug,
    intro: input.intro ?? was.intro,
    formFields,
    active: input.active ?? was.active,
    packet: input.packet !== undefined ? packetOf(input.packet) : was.packet,
    updatedAt: laterThan(was.updatedAt),
  };
  if (!(await updateWorkflowRow(env, o, id, was.updatedAt, set))) {
    if (input.code !== undefined && input.code !== was.code && (await workflowByCode(env, o, input.code))) throw codeTaken(input.code);
    throw new ApiError("conflict", "This workflow was changed by another request at the same time.", "Read it again and retry.");
  }
  return readBack(env, o, id);
}

/** Now, or a millisecond after `previous` when the clock has not moved on (the edit check compares it). */
function laterThan(previous: string): string {
  const now = Date.now();
  const prev = Date.parse(previous);
  return new Date(now > prev ? now : prev + 1).toISOString();
}

export async function getWorkflow(env: Env, o: Owner, id: string) {
  return readBack(env, o, id);
}

export async function listWorkflows(env: Env, o: Owner) {
  const rows = await listWorkflowRows(env, o);
  return { workflows: rows.map((w) => workflowOut(env, w)) };
}

// ---- Start ----

/** Who starts: the account and mode, and the paired device whose key did it (if any). */
export type Starter = Owner & { deviceId?: string | null };

export type StartResult = {
  document_id: string;
  title: string;
  expires_at: string;
  /** `token` is null for the staff (fixed) roles of a start by a tablet's key: their links go out by message only. */
  signers: { signer_id: string; email: string; full_name: string; role: string; participant: boolean; token: string | null }[];
};

/** The form answers, checked against the workflow's form fields: key → text. */
export function formAnswers(formFields: readonly WorkflowFormField[], given: StartInput["fields"]): Map<string, string> {
  const known = new Map(formFields.map((f) => [f.key, f] as const));
  const answers = new Map<string, string>();
  for (const [key, value] of Object.entries(given ?? {})) {
    if (!known.has(key)) throw invalid(`fields.${key}: is not a form field of this workflow.`, `Form fields: ${[...known.keys()].join(", ") || "none"}.`);
    const v = String(value);
    if (v.trim() !== "") answers.set(key, v);
  }
  for (const f of formFields) if (f.required && !answers.has(f.key)) throw invalid(`fields.${f.key}: is required.`);
  return answers;
}

/**
 * The signers of a started document, in the workflow's order. With `countersign`, the
 * countersigner is ordered after everyone else; on a workflow that is not sequential, everyone
 * else shares order 1 and the document is signed in two rounds (anyone, then the countersigner).
 */
export function startSigners(
  w: Pick<WorkflowRow, "signerRoles" | "sequential" | "countersign">,
  participant: { email: string; full_name: string; phone: string | null; on_behalf_of?: string | null },
) {
  const counter = w.countersign ? countersigner(w.signerRoles) : null;
  const maxOrder = Math.max(...w.signerRoles.map((r) => r.order));
  const signers = w.signerRoles.map((r) => {
    const order = r === counter ? (w.sequential ? maxOrder + 1 : 2) : w.sequential ? r.order : counter ? 1 : r.order;
    const s: SignerInput = r.participant
      ? {
          email: participant.email,
          full_name: participant.full_name,
          role: r.role,
          sign_order: order,
          phone: participant.phone,
          on_behalf_of: participant.on_behalf_of ?? null,
        }
      : { email: r.email!, full_name: r.full_name!, role: r.role, sign_order: order };
    return { participant: r.participant, input: s };
  });
  return { signers, sequential: w.sequential || counter !== null };
}

/**
 * Starts a workflow for one participant: prepares a document from the template's latest
 * published version with the participant's values and form answers, then sends it to the
 * participant and every fixed role. Tokens are in the answer once (a tablet's start: only the
 * participant's; the fixed roles' links go out by message). 422 for an inactive workflow
 * or a template without a published version; 402 when the quota is spent (the send counts it).
 */
export async function startWorkflow(env: Env, who: Starter, workflowId: string, input: StartInput, actor: Actor): Promise<StartResult> {
  const w = await workflowToStart(env, who, workflowId);
  if (!w) throw notFound("workflow");
  return startLoaded(env, who, w, input, actor);
}

/**
 * What a packet item's start adds (src/domain/packets.ts): the item and subject the document is
 * about, values its template may use, metadata, and the minor the participant signs for.
 */
export type PacketOrigin = {
  packetItemId: string;
  subjectName: string;
  answers: ReadonlyMap<string, string>;
  metadata: Record<string, string>;
  onBehalfOf: string | null;
};

/** The same, for a workflow already read (the public form reads it by its address; a packet item by its item). */
export async function startLoaded(
  env: Env,
  who: Starter,
  w: WorkflowToStart,
  input: StartInput,
  actor: Actor,
  packet: PacketOrigin | null = null,
  documentId: string | undefined = undefined,
): Promise<StartResult> {
  const r = w.row;
  if (!r.active) throw invalid("This workflow is not active; it cannot be started.", "Set active: true with PATCH /v1/workflows/{id}.");
  if (!w.templatePublished) throw invalid(`This workflow's template "${r.templateCode}" has no published version.`, "Publish the template first.");

  let phone: string | null = null;
  if (input.phone && input.phone.trim() !== "") {
    phone = (await phoneNumbers(env.ASSETS)).toE164(input.phone);
    if (!phone) throw invalid("phone: not a valid phone number; include the country code.");
  }
  const answers = formAnswers(r.formFields, input.fields);
  const values = input.values ?? {};
  for (const [key, v] of answers) {
    if (Object.hasOwn(values, key) && String(values[key]) !== v) throw invalid(`fields.${key}: differs from values.${key}; give it once.`);
  }
  const { signers, sequential } = startSigners(r, { email: input.email, full_name: input.full_name, phone, on_behalf_of: packet?.onBehalfOf });
  const expiresAt = new Date(Date.now() + r.expiresDays * 86400_000).toISOString();

  const draft = await prepareDraft(
    env,
    who,
    {
      template_code: r.templateCode,
      values,
      expires_at: expiresAt,
      sequential,
      metadata: { ...Object.fromEntries(answers), ...packet?.metadata },
      external_ref: input.external_ref ?? null,
    },
    actor,
    // Form answers fill the template's variables of the same key; all stay in the metadata. A packet's values fill only
    // what the form did not. Reminders: the workflow's interval, 0 meaning none. A bulk send's row names the document's id.
    {
      workflowId: r.id,
      deviceId: who.deviceId ?? null,
      answers: packet ? new Map([...packet.answers, ...answers]) : answers,
      remindAfterDays: r.remindAfterDays > 0 ? r.remindAfterDays : null,
      packetItemId: packet?.packetItemId ?? null,
      subjectName: packet?.subjectName ?? null,
      documentId,
    },
  );
  const sent = signers.map((s) => s.input);
  const { links } = await sendDocument(env, who, draft.document_id, sent, actor, { reauthenticate: r.reauthenticate });
  // A tablet is in the participant's hands: its key learns only the participant's link. The staff
  // roles (a countersigner signing as the business) get theirs by message, as any send notifies.
  const byDevice = !!who.deviceId;
  return {
    document_id: draft.document_id,
    title: draft.title,
    expires_at: expiresAt,
    signers: signers.map((s, i) => ({
      signer_id: links[i]!.signer_id,
      email: s.input.email,
      full_name: s.input.full_name,
      role: s.input.role ?? "signer",
      participant: s.participant,
      token: byDevice && !s.participant ? null : links[i]!.token,
    })),
  };
}

// ---- QR ----

/** The public form's address as an SVG and a 1024-pixel PNG; 404 when the workflow is not public. */
export async function workflowQr(env: Env, o: Owner, id: string) {
  const w = await workflowWithFacts(env, o, id);
  if (!w) throw notFound("workflow");
  if (!w.row.isPublic || !w.row.publicSlug) {
    throw new ApiError("not_found", "This workflow has no public address.", 'Make it public with PATCH /v1/workflows/{id} and {"public": true}.');
  }
  const url = publicFormUrl(env, w.row.publicSlug);
  return { workflow_id: w.row.id, name: w.row.name, url, svg: qrSvg(url), png_base64: toBase64(await qrPng(url, QR_PNG_PIXELS)) };
}

export const QR_PNG_PIXELS = 1024;
