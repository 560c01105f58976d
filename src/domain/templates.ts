/**
 * Templates: versioned text with declared `{{placeholders}}` and extra questions (fields).
 * A code's versions move draft → published; a published version is immutable, `revise` makes the
 * next version as a draft. Every rule about template content lives here.
 */
import type { Env, Principal } from "../env";
import type { TemplateField } from "../db/schema";
import { ApiError, invalid, notFound } from "../lib/errors";
import { newId, nowIso } from "../lib/ids";

export { TEMPLATE_KINDS } from "../db/enums";
import { TEMPLATE_KINDS, TEMPLATE_FIELD_KINDS } from "../db/enums";
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

export type FieldInput = Omit<TemplateField, "required" | "sensitive" | "per_child" | "staff_only"> & {
  required?: boolean;
  sensitive?: boolean;
  per_child?: boolean;
  staff_only?: boolean;
};

/** Checks the rules zod cannot express and fills defaults. */
export function normaliseFields(fields: FieldInput[]): TemplateField[] {
  const seen = new Set<string>();
  return fields.map((f, i) => {
    if (seen.has(f.key)) throw invalid(`fields.${i}.key: "${f.key}" is used twice.`);
    seen.add(f.key);
    const perChild = f.per_child ?? false;
    const staffOnly = f.staff_only ?? false;
    if (f.place && (perChild || staffOnly)) {
      throw invalid(`fields.${i}.place: a ${perChild ? "per-child" : "staff-only"} field cannot be placed.`);
    }
    if (f.place && (f.place.x + f.place.w > 1 + 1e-9 || f.place.y + f.place.h > 1 + 1e-9)) {
      throw invalid(`fields.${i}.place: the box must lie within the page (x + w ≤ 1, y + h ≤ 1).`);
    }
    if (f.kind === "select" && !f.options?.length) throw invalid(`fields.${i}.options: a select field needs 1-50 options.`);
    if (f.kind !== "select" && f.options !== undefined) throw invalid(`fields.${i}.options: only select fields take options.`);
    const out: TemplateField = {
      key: f.key,
      label: f.label,
      kind: f.kind,
      required: f.required ?? true,
      about: f.about ?? null,
      sensitive: f.sensitive ?? false,
      per_child: perChild,
      staff_only: staffOnly,
      place: f.place ?? null,
    };
    if (f.options) out.options = f.options;
    return out;
  });
}

function checkGrants(grants: Record<string, unknown> | undefined) {
  if (grants && new TextEncoder().encode(JSON.stringify(grants)).length > GRANTS_MAX_BYTES) {
    throw invalid("grants: at most 4 KB of JSON.");
  }
}

export type TemplateInput = {
  code: string;
  name: string;
  kind: (typeof TEMPLATE_KINDS)[number];
  body: string;
  variables?: string[];
  grants?: Record<string, unknown>;
  consent_text?: string | null;
  fields?: FieldInput[];
};

type TemplateRow = {
  id: string;
  code: string;
  version: number;
  name: string;
  kind: string;
  body: string;
  variables: string;
  grants: string;
  consent_text: string | null;
  fields: string;
  is_published: number;
  published_at: string | null;
  created_at: string;
};

const COLUMNS = "id, code, version, name, kind, body, variables, grants, consent_text, fields, is_published, published_at, created_at";

/** Another request changed the same code between this request's read and its write. */
const raced = (code: string) =>
  new ApiError("conflict", `code: "${code}" was changed by another request at the same time.`, "Read the templates again and retry.");

async function versionsOf(env: Env, p: Principal, code: string): Promise<TemplateRow[]> {
  const r = await env.DB.prepare(`SELECT ${COLUMNS} FROM templates WHERE tenant_id = ? AND mode = ? AND code = ? ORDER BY version DESC`)
    .bind(p.tenantId, p.mode, code)
    .all<TemplateRow>();
  return r.results;
}

/**
 * Creates version 1 as a draft. A code with a published version is refused (revise it instead);
 * a code whose only version is still a draft has that draft replaced: its text is still editable.
 */
export async function createTemplate(env: Env, p: Principal, input: TemplateInput) {
  const fields = normaliseFields(input.fields ?? []);
  checkGrants(input.grants);
  const existing = await versionsOf(env, p, input.code);
  if (existing.some((v) => v.is_published)) {
    throw invalid(`code: "${input.code}" is already published.`, "Use POST /v1/templates/revise to make the next version.");
  }
  const values = [
    input.name,
    input.kind,
    input.body,
    JSON.stringify([...new Set(input.variables ?? [])]),
    JSON.stringify(input.grants ?? {}),
    input.consent_text ?? null,
    JSON.stringify(fields),
  ];
  const draft = existing[0];
  if (draft) {
    const r = await env.DB.prepare(
      "UPDATE templates SET name = ?, kind = ?, body = ?, variables = ?, grants = ?, consent_text = ?, fields = ? WHERE id = ? AND is_published = 0",
    )
      .bind(...values, draft.id)
      .run();
    if (r.meta.changes !== 1) throw raced(input.code);
    return { template_id: draft.id };
  }
  const id = newId("tpl");
  // Two creates of one new code can both find no version; the unique (account, mode, code,
  // version) index lets one insert win and the other learns it from `changes`, not a 500.
  const r = await env.DB.prepare(
    "INSERT INTO templates (id, tenant_id, mode, code, version, name, kind, body, variables, grants, consent_text, fields, is_published, created_at) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (tenant_id, mode, code, version) DO NOTHING",
  )
    .bind(id, p.tenantId, p.mode, input.code, ...values, nowIso())
    .run();
  if (r.meta.changes !== 1) throw raced(input.code);
  return { template_id: id };
}

/** Publishes the code's draft: every placeholder in the body must be declared. */
export async function publishTemplate(env: Env, p: Principal, code: string) {
  const [latest] = await versionsOf(env, p, code);
  if (!latest) throw notFound("template");
  if (latest.is_published) throw invalid(`code: version ${latest.version} of "${code}" is already published.`, "Revise it to make a new draft.");
  const declared = new Set(JSON.parse(latest.variables) as string[]);
  const undeclared = placeholders(latest.body).filter((n) => !declared.has(n));
  if (undeclared.length) {
    throw invalid(
      `body: placeholders not declared in variables: ${undeclared.join(", ")}.`,
      "Add them to variables, or remove them from the body.",
    );
  }
  const publishedAt = nowIso();
  const r = await env.DB.prepare("UPDATE templates SET is_published = 1, published_at = ? WHERE id = ? AND is_published = 0")
    .bind(publishedAt, latest.id)
    .run();
  if (r.meta.changes !== 1) throw new ApiError("conflict", "This version was published by another request.");
  return { code, version: latest.version, published_at: publishedAt };
}

export type ReviseInput = Partial<Omit<TemplateInput, "code">> & { code: string };

/** Makes the next version as a draft from the published latest one; earlier versions stay as they were. */
export async function reviseTemplate(env: Env, p: Principal, input: ReviseInput) {
  const [latest] = await versionsOf(env, p, input.code);
  if (!latest) throw notFound("template");
  if (!latest.is_published) {
    throw invalid(`code: version ${latest.version} of "${input.code}" is still a draft.`, "Publish it, or create it again to edit the draft.");
  }
  const fields = input.fields ? normaliseFields(input.fields) : (JSON.parse(latest.fields) as TemplateField[]);
  checkGrants(input.grants);
  const id = newId("tpl");
  const version = latest.version + 1;
  // Concurrent revisions compute the same next version: one insert wins, the others answer 409.
  const r = await env.DB.prepare(
    "INSERT INTO templates (id, tenant_id, mode, code, version, name, kind, body, variables, grants, consent_text, fields, is_published, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (tenant_id, mode, code, version) DO NOTHING",
  )
    .bind(
      id,
      p.tenantId,
      p.mode,
      input.code,
      version,
      input.name ?? latest.name,
      input.kind ?? latest.kind,
      input.body ?? latest.body,
      input.variables ? JSON.stringify([...new Set(input.variables)]) : latest.variables,
      input.grants ? JSON.stringify(input.grants) : latest.grants,
      input.consent_text !== undefined ? input.consent_text : latest.consent_text,
      JSON.stringify(fields),
      nowIso(),
    )
    .run();
  if (r.meta.changes !== 1) throw raced(input.code);
  return { template_id: id, version };
}

/** Every version of every template, newest first, with its document count. */
export async function listTemplates(env: Env, p: Principal) {
  const r = await env.DB.prepare(
    `SELECT ${COLUMNS.split(", ").map((c) => "t." + c).join(", ")},
            (SELECT COUNT(*) FROM documents d WHERE d.template_id = t.id) AS documents,
            (t.version = (SELECT MAX(version) FROM templates t2 WHERE t2.tenant_id = t.tenant_id AND t2.mode = t.mode AND t2.code = t.code)) AS is_latest
     FROM templates t WHERE t.tenant_id = ? AND t.mode = ? ORDER BY t.created_at DESC, t.version DESC`,
  )
    .bind(p.tenantId, p.mode)
    .all<TemplateRow & { documents: number; is_latest: number }>();
  return r.results.map((t) => ({
    template_id: t.id,
    code: t.code,
    name: t.name,
    kind: t.kind,
    body: t.body,
    variables: JSON.parse(t.variables) as string[],
    grants: JSON.parse(t.grants) as Record<string, unknown>,
    consent_text: t.consent_text,
    fields: JSON.parse(t.fields) as TemplateField[],
    version: t.version,
    is_published: t.is_published === 1,
    published_at: t.published_at,
    documents: t.documents,
    is_latest: t.is_latest === 1,
  }));
}

/** The latest published version of a code, for preparing documents. */
export async function latestPublished(env: Env, p: Principal, code: string) {
  const row = await env.DB.prepare(
    `SELECT ${COLUMNS} FROM templates WHERE tenant_id = ? AND mode = ? AND code = ? AND is_published = 1 ORDER BY version DESC LIMIT 1`,
  )
    .bind(p.tenantId, p.mode, code)
    .first<TemplateRow>();
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
    variables: JSON.parse(row.variables) as string[],
    grants: JSON.parse(row.grants) as Record<string, unknown>,
    consentText: row.consent_text,
    fields: JSON.parse(row.fields) as TemplateField[],
  };
}
