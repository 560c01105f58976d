/**
 * Fields read from an uploaded PDF (`POST /v1/templates/pdf?fields=acroform|tags|both`) made into
 * a draft's template fields. The reading itself is src/lib/pdf/read-fields.ts; here each thing
 * found gets a key, a label and the template's defaults, is checked by the same rules as a field
 * sent by hand (`FieldInputSchema`, `normaliseFields`), and joins the draft's fields: a found
 * field whose key a draft field already has takes its place, the rest are added after, up to the
 * template's 50. Whatever cannot be a field is listed with its reason, never dropped in silence.
 * The decisions are docs/pdf-templates.md ("Fields read from the document").
 */
import { z } from "@hono/zod-openapi";
import type { PdfNotRead, PdfShownBox, TemplateField } from "../db/schema";
import type { FieldSources, FoundField, FoundFields } from "../lib/pdf/read-fields";
import { ApiError } from "../lib/errors";
import { PLACES_MAX } from "./field-rules";
import { TEMPLATE_FIELD_KINDS } from "./vocabulary";
import { FieldInputSchema, normaliseFields, type FieldInput } from "./templates";

export const FIELD_SOURCES = ["acroform", "tags", "both"] as const satisfies readonly FieldSources[];

/** The most fields a template holds (`fields` of POST /v1/templates and PATCH). */
const MAX_FIELDS = 50;
/** The most things listed as not read (the last says how many more there were). */
const NOT_READ_MAX = 100;

/** One entry of `fields_found`: the field as added to the draft, and where it came from. */
export const FieldFound = z
  .object({
    key: z.string(),
    label: z.string(),
    kind: z.enum(TEMPLATE_FIELD_KINDS),
    signer: z.number().int().nullable(),
    required: z.boolean(),
    page: z.number().int(),
    source: z.enum(["acroform", "tag"]),
    text: z.string().nullable().openapi({ description: "A tag as written in the page text, e.g. `{{signature:1}}`; null for a form field." }),
    name: z.string().nullable().openapi({ description: "A form field's full name in the file; null for a tag." }),
  })
  .openapi("FieldFound");
export type FieldFound = z.infer<typeof FieldFound>;

export const FieldNotRead = z
  .object({
    page: z.number().int().nullable(),
    text: z.string(),
    reason: z.string(),
  })
  .openapi("FieldNotRead");

export type DocumentFields = {
  /** The draft's fields after the read, checked and with their defaults. */
  fields: TemplateField[];
  found: FieldFound[];
  notRead: PdfNotRead[];
  /** The tags' own text boxes: painted white when the file is stamped. */
  covers: PdfShownBox[];
  /** The form fields made into fields, by full name: their widgets are taken out when stamped. */
  formFields: string[];
};

const KIND_LABEL: Record<FoundField["kind"], string> = {
  text: "Text",
  textarea: "Text",
  email: "Email",
  phone: "Phone",
  number: "Number",
  date: "Date",
  checkbox: "Checkbox",
  initials: "Initials",
  signature: "Signature",
  date_signed: "Date signed",
  signer_name: "Name",
  signer_email: "Email",
  radio: "Choice",
  select: "Choice",
};

/** A key from a form field's name: lowercase letters, digits and underscores, from a letter, at most 59. */
export function keyOf(raw: string): string {
  const base = raw
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const key = /^[a-z]/.test(base) ? base : `field_${base}`.replace(/_+$/, "");
  return key.slice(0, 59).replace(/_+$/, "");
}

/** "company_name" → "Company name". */
const humanised = (key: string) => {
  const words = key.replace(/_+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function labelOf(f: FoundField): string {
  // A form field without a tooltip is labelled by its name: "fullName" and "full_name" read "Full name".
  const named = /^[A-Za-z][A-Za-z0-9_.-]*$/.test(f.label) ? humanised(keyOf(f.label)) : f.label;
  const raw = f.source === "tag" ? (f.key ? humanised(f.key) : KIND_LABEL[f.kind]) : named;
  const clean = raw.replace(/\s+/g, " ").trim().slice(0, 200);
  return clean || KIND_LABEL[f.kind];
}

/** A tag's or form field's required flag when the file does not say: signatures and initials yes, checkboxes no, the rest yes for tags and no for form fields. */
function requiredOf(f: FoundField): boolean {
  // The service fills these itself: never asked of a signer, so never required.
  if (f.kind === "date_signed" || f.kind === "signer_name" || f.kind === "signer_email") return false;
  if (f.required !== null) return f.required;
  if (f.kind === "signature" || f.kind === "initials") return true;
  if (f.kind === "checkbox") return false;
  return f.source === "tag";
}

const firstIssue = (err: z.ZodError) => {
  const issue = err.issues[0];
  return issue ? `${issue.path.join(".") || "field"}: ${issue.message}.` : "not a valid field.";
};

/**
 * Makes the draft's fields from what was read. `existing` are the draft's fields before (empty
 * for a new template); `pageCount` bounds the pages.
 */
export function documentFields(read: FoundFields, existing: TemplateField[], pageCount: number): DocumentFields {
  const notRead: PdfNotRead[] = read.problems.map((p) => ({ page: p.page, text: p.text.slice(0, 200), reason: p.reason }));
  const covers = read.fields.flatMap((f) => (f.cover ? [f.cover] : []));
  const made: { input: FieldInput; found: FoundField }[] = [];
  const byKey = new Map<string, { input: FieldInput; found: FoundField }>();
  const taken = new Set<string>();
  for (const f of read.fields) {
    const what = whatOf(f);
    const shared = f.key ?? (f.source === "tag" && ONE_ANSWER.has(f.kind) ? `${f.kind}_${f.signer ?? 1}` : null);
    const same = shared === null ? undefined : byKey.get(shared);
    if (same) {
      // The same key again (a signature on two pages): one field, one answer drawn at each place.
      if (same.found.kind !== f.kind || same.found.signer !== f.signer) {
        notRead.push({
          page: f.place.page,
          text: what,
          reason: `the key "${shared}" is already a ${same.found.kind} field for another signer or of another kind in this file.`,
        });
      } else if (placesOf(same.input).length >= PLACES_MAX) {
        notRead.push({ page: f.place.page, text: what, reason: `a field is drawn at most at ${PLACES_MAX} places.` });
      } else {
        same.input.places = [...placesOf(same.input), f.place];
        delete same.input.place;
      }
      continue;
    }
    const key = shared ?? freeKey(f.source === "tag" ? `${f.kind}_${f.signer ?? 1}` : keyOf(f.name ?? f.label) || f.kind, taken);
    const input: FieldInput = { key, label: labelOf(f), kind: f.kind, required: requiredOf(f), place: f.place };
    if (f.signer !== null) input.signer = f.signer;
    if (f.options) input.options = [...new Set(f.options.map((o) => o.trim()).filter(Boolean))].slice(0, 50).map((o) => o.slice(0, 200));
    if (f.max_length !== undefined && (f.kind === "text" || f.kind === "textarea")) input.max_length = f.max_length;
    const parsed = FieldInputSchema.safeParse(input);
    if (!parsed.success) {
      notRead.push({ page: f.place.page, text: what, reason: `it cannot be a field: ${firstIssue(parsed.error)}` });
      continue;
    }
    const entry = { input: parsed.data, found: f };
    taken.add(key);
    byKey.set(key, entry);
    made.push(entry);
  }
  const checked = made.filter((m) => {
    try {
      normaliseFields([m.input], { pageCount });
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      notRead.push({ page: m.found.place.page, text: whatOf(m.found), reason: `it cannot be a field: ${err.message.replace(/^fields\.0\./, "")}` });
      return false;
    }
  });
  const replaced = new Set(checked.map((m) => m.input.key));
  const kept = existing.filter((f) => !replaced.has(f.key));
  const room = Math.max(0, MAX_FIELDS - kept.length);
  for (const m of checked.slice(room)) {
    notRead.push({ page: m.found.place.page, text: whatOf(m.found), reason: `a template holds at most ${MAX_FIELDS} fields; this one was not added.` });
  }
  const added = checked.slice(0, room);
  return {
    fields: [
      ...kept,
      ...normaliseFields(
        added.map((m) => m.input),
        { pageCount },
      ),
    ],
    found: added.map(({ input, found }) => ({
      key: input.key,
      label: input.label,
      kind: input.kind,
      signer: typeof input.signer === "number" ? input.signer : null,
      required: input.required ?? true,
      page: found.place.page,
      source: found.source,
      text: found.text ?? null,
      name: found.name,
    })),
    notRead:
      notRead.length > NOT_READ_MAX
        ? [...notRead.slice(0, NOT_READ_MAX - 1), { page: null, text: "…", reason: `and ${notRead.length - NOT_READ_MAX + 1} more not read.` }]
        : notRead,
    covers,
    formFields: added.flatMap((m) => (m.found.source === "acroform" && m.found.name ? [m.found.name] : [])),
  };
}

/** Tag kinds whose one answer serves every tag of the same kind and signer (sign once, drawn at each). */
const ONE_ANSWER = new Set<FoundField["kind"]>(["signature", "initials", "date_signed", "signer_name", "signer_email"]);

const placesOf = (f: FieldInput) => f.places ?? (f.place ? [f.place] : []);
const whatOf = (f: FoundField) => f.text ?? f.name ?? f.label;

/** The first free key of `wanted`, `wanted_2`, `wanted_3`…. */
function freeKey(wanted: string, taken: Set<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const key = `${wanted.slice(0, 59 - String(n).length - 1)}_${n}`;
    if (!taken.has(key)) return key;
  }
}
