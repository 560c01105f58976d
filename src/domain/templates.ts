/**
 * Templates: versioned text with declared `{{placeholders}}` and extra questions (fields).
 * A code's versions move draft → published; a published version is immutable, `revise` makes the
 * next version as a draft. Every rule about template content lives here.
 */
import { Reasons } from "./reauthentication";
import { z } from "@hono/zod-openapi";
import type { Env, Principal } from "../env";
import type { TemplateField } from "../db/schema";
import { insertVersion, latestPublishedRow, listWithCounts, markPublished, stillLatestPublished, updateDraft, versionsOf } from "../db/templates";
import { dbOf } from "../db/client";
import { guard } from "../db/guard";
import { insertRevisionWithPdf, pdfOf, picturesOf } from "../db/pdf-templates";
import { ApiError, invalid, notFound } from "../lib/errors";
import { newId, nowIso } from "../lib/ids";
import { jsonObject, plainText, text } from "../lib/text";
import { PLACES_MAX, fieldRuleAttributes, normaliseFieldRules } from "./field-rules";

export { TEMPLATE_KINDS } from "./vocabulary";
import { TEMPLATE_KINDS, TEMPLATE_FIELD_KINDS } from "./vocabulary";
export const FIELD_KINDS = TEMPLATE_FIELD_KINDS;
export const CODE_PATTERN = /^[a-z][a-z0-9_-]*$/;
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,58}$/;
export const GRANTS_MAX_BYTES = 4096;

/** `{{ name }}` placeholders: letters, digits, underscore, dot; spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g;

export function placeholders(body: string): string[] {
  return [...new Set([...body.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Merges `values` into the body. Values are looked up as own entries only (a Map, or an object's
 * own properties), so a variable named `toString`, `constructor` or `__proto__` is never filled
 * from `Object.prototype`.
 */
export function render(body: string, values: ReadonlyMap<string, string> | Record<string, string>): string {
  return renderWithSpans(body, values).text;
}

/** A merged value's place in the rendered text: `[start, end)` in UTF-16 code units. */
export type MergeSpan = [number, number];

/** Renders and records where each merged value landed (empty values leave no span). */
export function renderWithSpans(body: string, values: ReadonlyMap<string, string> | Record<string, string>): { text: string; spans: MergeSpan[] } {
  const get = valueLookup(values);
  const spans: MergeSpan[] = [];
  let text = "";
  let last = 0;
  for (const m of body.matchAll(PLACEHOLDER)) {
    text += body.slice(last, m.index);
    const v = get(m[1]!) ?? "";
    if (v) spans.push([text.length, text.length + v.length]);
    text += v;
    last = m.index + m[0].length;
  }
  return { text: text + body.slice(last), spans };
}

/**
 * The body cut into plain and merged pieces, for a page that isolates each merged value
 * (`<bdi>`): a value holding right-to-left text cannot reorder the text around it. Spans that do
 * not fit the body (none should) are ignored; the pieces always join back to `body`.
 */
export function mergedSegments(body: string, spans: readonly MergeSpan[] | null | undefined): { text: string; merged: boolean }[] {
  const out: { text: string; merged: boolean }[] = [];
  let at = 0;
  for (const [start, end] of spans ?? []) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < at || end <= start || end > body.length) continue;
    if (start > at) out.push({ text: body.slice(at, start), merged: false });
    out.push({ text: body.slice(start, end), merged: true });
    at = end;
  }
  if (at < body.length || out.length === 0) out.push({ text: body.slice(at), merged: false });
  return out;
}

/** Own-entry lookup of merge values by name. */
export function valueLookup(values: ReadonlyMap<string, string> | Record<string, string>): (name: string) => string | undefined {
  if (values instanceof Map) return (name) => values.get(name);
  const obj = values as Record<string, string>;
  return (name) => (Object.hasOwn(obj, name) ? obj[name] : undefined);
}

// ---- The input of each template command, defined once: the routes validate with these. ----

export const Place = z
  .object({
    page: z.number().int().min(1),
    x: z.number().min(0).max(1),
    y: z.number().min(0).max(1),
    w: z.number().gt(0).max(1),
    h: z.number().gt(0).max(1),
  })
  .strict();

/** A document has at most 50 signers, so a field names at most the 50th signing party. */
export const SIGNING_PARTIES_MAX = 50;

/**
 * The party a field is asked of: a position (1-based, among the signers who sign, in the order the
 * send lists them) or a role label as the send gives it (`cc` never signs, so it is refused).
 */
export const FieldSigner = z
  .union(
    [
      z.number().int().min(1).max(SIGNING_PARTIES_MAX),
      plainText()
        .min(1)
        .max(40)
        .refine((s) => s.trim() !== "", "a role label must not be blank")
        .refine((s) => s !== "cc", "cc never signs, so no field is asked of it"),
    ],
    { error: `a signing party: its position (an integer 1-${SIGNING_PARTIES_MAX}) or its role label (1-40 characters, not cc)` },
  )
  .openapi({
    description:
      "Asks this field of one signing party only, and its placed box shows that party's answer: the party's 1-based position among the signers who sign " +
      "(cc recipients not counted), in the order the send lists them, or its role label (exactly as sent, 1-40 characters, not cc). " +
      "Absent: every signer is asked it. A send whose signers hold no such party (or more than one signer with that label) is refused with 422 naming the field.",
    example: 2,
  });

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
    places: z.array(Place).min(1).max(PLACES_MAX).optional().openapi({ description: "One answer drawn at each of these places (1-200), instead of place." }),
    signer: FieldSigner.optional(),
    ...fieldRuleAttributes,
  })
  .strict()
  .openapi("TemplateFieldInput");

export const Code = z.string().min(1).max(64).regex(CODE_PATTERN, "starts with a lowercase letter, then lowercase letters, digits, underscore or hyphen");
export const Variable = z
  .string()
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, "letters, digits, underscore or dot, not starting with a digit")
  .refine((v) => v !== "__proto__", "__proto__ is reserved (JSON objects cannot carry it as a value name)");
export const Grants = jsonObject().openapi({ description: "Any JSON object, at most 4 KB once serialised." });

export const TemplateCreate = z
  .object({
    code: Code,
    name: plainText().min(1).max(200),
    kind: z.enum(TEMPLATE_KINDS),
    body: text().min(1),
    variables: z.array(Variable).max(200).optional(),
    grants: Grants.optional(),
    consent_text: text().max(5000).nullable().optional(),
    fields: z.array(FieldInputSchema).max(50).optional(),
    reasons: Reasons.optional(),
  })
  .strict()
  .openapi("TemplateCreate");

export const TemplateRevise = TemplateCreate.partial().extend({ code: Code }).strict().openapi("TemplateRevise");

export const TemplatePublish = z.object({ code: Code }).strict().openapi("TemplatePublish");

export type TemplateInput = z.infer<typeof TemplateCreate>;
export type ReviseInput = z.infer<typeof TemplateRevise>;
export type FieldInput = z.infer<typeof FieldInputSchema>;

/**
 * Checks the rules zod cannot express and fills defaults. `pageCount` is given for a PDF template:
 * every `place.page` must be one of its pages.
 */
export function normaliseFields(fields: FieldInput[], opts: { pageCount?: number } = {}): TemplateField[] {
  const seen = new Set<string>();
  const out: TemplateField[] = [];
  fields.forEach((f, i) => {
    if (seen.has(f.key)) throw invalid(`fields.${i}.key: "${f.key}" is used twice.`);
    seen.add(f.key);
    const perChild = f.per_child ?? false;
    const staffOnly = f.staff_only ?? false;
    const boxes = f.places ?? (f.place ? [f.place] : []);
    const where = f.places ? "places" : "place";
    if (boxes.length && (perChild || staffOnly)) {
      throw invalid(`fields.${i}.${where}: a ${perChild ? "per-child" : "staff-only"} field cannot be placed.`);
    }
    boxes.forEach((b, n) => {
      const at = f.places ? `places.${n}` : "place";
      if (b.x + b.w > 1 + 1e-9 || b.y + b.h > 1 + 1e-9) {
        throw invalid(`fields.${i}.${at}: the box must lie within the page (x + w ≤ 1, y + h ≤ 1).`);
      }
      if (opts.pageCount !== undefined && b.page > opts.pageCount) {
        throw invalid(
          `fields.${i}.${at}.page: page ${b.page} does not exist; the PDF has ${opts.pageCount} page${opts.pageCount === 1 ? "" : "s"}.`,
          "Pages are numbered from 1.",
        );
      }
    });
    if (f.signer !== undefined && staffOnly) throw invalid(`fields.${i}.signer: a staff-only field is not asked of signers, so it names no signing party.`);
    const rules = normaliseFieldRules(f, i, out);
    const field: TemplateField = {
      key: f.key,
      label: f.label,
      kind: f.kind,
      required: rules.required ?? f.required ?? true,
      about: f.about ?? null,
      sensitive: f.sensitive ?? false,
      per_child: perChild,
      staff_only: staffOnly,
      place: f.place ?? null,
    };
    if (f.options) field.options = f.options;
    if (f.signer !== undefined) field.signer = f.signer;
    out.push({ ...field, ...rules });
  });
  return out;
}

function checkGrants(grants: Record<string, unknown> | undefined) {
  if (grants && new TextEncoder().encode(JSON.stringify(grants)).length > GRANTS_MAX_BYTES) {
    throw invalid("grants: at most 4 KB of JSON.");
  }
}

/** The body of a PDF template is its fixed sentence: no route changes it. */
const pdfBodyFixed = (code: string) =>
  invalid(
    `body: "${code}" is a PDF template; its body is the fixed sentence naming the file and its SHA-256 and cannot be changed.`,
    "To change the file, upload a new one with POST /v1/templates/pdf to the draft; to change fields or placements, PATCH /v1/templates/{id}.",
  );

/** A unique-index failure is a lost race (false); anything else is thrown on. */
const lostRace = (err: unknown): false => {
  if (/UNIQUE constraint failed/i.test(String((err as Error)?.cause ?? "") + String(err))) return false;
  throw err;
};

/** Another request changed the same code between this request's read and its write. */
const raced = (code: string) =>
  new ApiError("conflict", `code: "${code}" was changed by another request at the same time.`, "Read the templates again and retry.");

/**
 * Creates version 1 as a draft. A code with a published version is refused (revise it instead);
 * a code whose only version is still a draft has that draft replaced: its text is still editable.
 */
export async function createTemplate(env: Env, p: Principal, input: TemplateInput) {
  const fields = normaliseFields(input.fields ?? []);
  checkGrants(input.grants);
  const existing = await versionsOf(env, p, input.code);
  if (existing.some((v) => v.isPublished)) {
    throw invalid(`code: "${input.code}" is already published.`, "Use POST /v1/templates/revise to make the next version.");
  }
  const content = {
    name: input.name,
    kind: input.kind,
    body: input.body,
    variables: [...new Set(input.variables ?? [])],
    grants: input.grants ?? {},
    consentText: input.consent_text ?? null,
    fields,
    reasons: input.reasons ?? [],
  };
  const draft = existing[0];
  if (draft && (await pdfOf(env, draft.id))) throw pdfBodyFixed(input.code);
  if (draft) {
    if (!(await updateDraft(env, draft.id, content))) throw raced(input.code);
    return { template_id: draft.id };
  }
  const id = newId("tpl");
  if (
    !(await insertVersion(env, { id, tenantId: p.tenantId, mode: p.mode, code: input.code, version: 1, ...content, isPublished: false, createdAt: nowIso() }))
  ) {
    throw raced(input.code);
  }
  return { template_id: id };
}

/** Publishes the code's draft: every placeholder in the body must be declared. */
export async function publishTemplate(env: Env, p: Principal, code: string) {
  const [latest] = await versionsOf(env, p, code);
  if (!latest) throw notFound("template");
  if (latest.isPublished) throw invalid(`code: version ${latest.version} of "${code}" is already published.`, "Revise it to make a new draft.");
  const pdf = await pdfOf(env, latest.id);
  if (pdf) {
    const drawn = new Set((await picturesOf(env, latest.id)).map((x) => x.n));
    const missing = pdf.pages.map((x) => x.n).filter((n) => !drawn.has(n));
    if (missing.length) {
      throw invalid(
        `pages: a PDF template is published only once every page is drawn; ${missing.length} of ${pdf.pageCount} ${missing.length === 1 ? "has" : "have"} no picture (page${missing.length === 1 ? "" : "s"} ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? ", …" : ""}).`,
        "Upload each page's picture with PUT /v1/templates/{id}/pages/{n}; GET /v1/templates/{id}/pdf shows drawn and ready.",
      );
    }
  }
  const declared = new Set(latest.variables);
  const undeclared = placeholders(latest.body).filter((n) => !declared.has(n));
  if (undeclared.length) {
    throw invalid(`body: placeholders not declared in variables: ${undeclared.join(", ")}.`, "Add them to variables, or remove them from the body.");
  }
  const publishedAt = nowIso();
  if (!(await markPublished(env, latest.id, publishedAt))) throw new ApiError("conflict", "This version was published by another request.");
  return { code, version: latest.version, published_at: publishedAt };
}

/** The version a revision starts from: the code's latest, which must be published. */
export async function revisable(env: Env, p: Pick<Principal, "tenantId" | "mode">, code: string) {
  const [latest] = await versionsOf(env, p, code);
  if (!latest) throw notFound("template");
  if (!latest.isPublished) {
    throw invalid(`code: version ${latest.version} of "${code}" is still a draft.`, "Publish it, or create it again to edit the draft.");
  }
  return { latest, pdf: await pdfOf(env, latest.id) };
}

/**
 * Makes the next version as a draft from the published latest one; earlier versions stay as they
 * were. `from`: what `revisable` already read for this code, so a caller that looked first (the
 * dashboard, to tell a PDF template) does not read it twice.
 */
export async function reviseTemplate(env: Env, p: Principal, input: ReviseInput, from?: Awaited<ReturnType<typeof revisable>>) {
  const { latest, pdf } = from ?? (await revisable(env, p, input.code));
  if (pdf && input.body !== undefined && input.body !== latest.body) throw pdfBodyFixed(input.code);
  if (pdf && input.variables?.length) {
    throw invalid("variables: a PDF template has no placeholders, so it declares no variables.", "Leave variables out when revising a PDF template.");
  }
  const fields = input.fields ? normaliseFields(input.fields, pdf ? { pageCount: pdf.pageCount } : {}) : latest.fields;
  checkGrants(input.grants);
  const id = newId("tpl");
  const version = latest.version + 1;
  // Concurrent revisions compute the same next version: one insert wins, the others answer 409.
  const row = {
    id,
    tenantId: p.tenantId,
    mode: p.mode,
    code: input.code,
    version,
    name: input.name ?? latest.name,
    kind: input.kind ?? latest.kind,
    body: input.body ?? latest.body,
    variables: input.variables ? [...new Set(input.variables)] : latest.variables,
    grants: input.grants ?? latest.grants,
    consentText: input.consent_text !== undefined ? input.consent_text : latest.consentText,
    fields,
    reasons: input.reasons ?? latest.reasons,
    isPublished: false,
    createdAt: nowIso(),
  };
  // A revision of a PDF template keeps the file and its page pictures (same R2 objects), written
  // in the same batch as the version so it is never, even for a moment, a text template.
  const won = pdf ? await insertRevisionWithPdf(env, row, latest.id).then(() => true, lostRace) : await insertVersion(env, row);
  if (!won) throw raced(input.code);
  return { template_id: id, version };
}

/** Every version of every template, newest first, with its document count. */
export async function listTemplates(env: Env, p: Principal) {
  const rows = await listWithCounts(env, p);
  return rows.map(({ row: t, documents, isLatest }) => ({
    template_id: t.id,
    code: t.code,
    name: t.name,
    kind: t.kind,
    body: t.body,
    variables: t.variables,
    grants: t.grants,
    consent_text: t.consentText,
    fields: t.fields,
    reasons: t.reasons,
    version: t.version,
    is_published: t.isPublished,
    published_at: t.publishedAt,
    documents,
    is_latest: isLatest,
  }));
}

/** A published version as preparing a document takes it. */
export type Published = Awaited<ReturnType<typeof latestPublished>>;

/**
 * Published versions this isolate prepared from, by account, mode and code (a published version
 * never changes). At most 200, and none over 64 KB of body and fields, so the isolate's memory
 * stays small.
 */
const PUBLISHED = new Map<string, Published>();
const PUBLISHED_MAX = 200;
const PUBLISHED_MAX_BYTES = 64 * 1024;

/**
 * The latest published version of a code for a prepare, with the guard its commit carries: kept
 * from an earlier prepare in this isolate (no read), the guard fails the commit when a newer
 * version was published or the code is gone since, and the caller asks again with `fresh`.
 */
export async function publishedForPrepare(env: Env, p: Pick<Principal, "tenantId" | "mode">, code: string, fresh = false) {
  const key = `${p.tenantId}|${p.mode}|${code}`;
  let tpl = fresh ? undefined : PUBLISHED.get(key);
  if (!tpl) {
    tpl = await latestPublished(env, p, code);
    PUBLISHED.delete(key);
    if (tpl.body.length + JSON.stringify(tpl.fields ?? []).length <= PUBLISHED_MAX_BYTES) {
      if (PUBLISHED.size >= PUBLISHED_MAX) PUBLISHED.delete(PUBLISHED.keys().next().value!);
      PUBLISHED.set(key, tpl);
    }
  }
  const db = dbOf(env);
  return { tpl, guard: guard(db, stillLatestPublished(db, p, code, tpl.id)) };
}

/** The latest published version of a code, for preparing documents. */
export async function latestPublished(env: Env, p: Pick<Principal, "tenantId" | "mode">, code: string) {
  const row = await latestPublishedRow(env, p, code);
  if (!row) {
    const any = await versionsOf(env, p, code);
    if (any.length) throw invalid(`template_code: "${code}" has no published version yet.`, "Publish it first.");
    throw invalid(`template_code: no template "${code}" in this account.`);
  }
  return {
    id: row.id,
    code: row.code,
    version: row.version,
    name: row.name,
    kind: row.kind,
    body: row.body,
    variables: row.variables,
    grants: row.grants,
    consentText: row.consentText,
    fields: row.fields,
    reasons: row.reasons,
    /** A PDF template's file SHA-256 (frozen onto documents at prepare); null for a text template. */
    pdfSha256: row.pdfSha256,
  };
}
