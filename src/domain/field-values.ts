/**
 * What a signer may answer to each kind of field. Returns the value as stored (trimmed or
 * normalised); an empty string means "not supplied" and clears an earlier answer.
 */
import type { TemplateField } from "../db/schema";
import { type PhoneNumbers, phoneNumbersIf, requirePhones } from "../lib/phone-numbers";
import { ApiError, invalid } from "../lib/errors";
import { FIELD_VALUE_MAX, SIGNATURE_VALUE_MAX } from "./signer-commands";
import { compare, onStep, parseDecimal } from "../lib/decimal";
import { safePattern } from "../lib/safe-pattern";
import { type FieldLogic, describeCondition, fieldStates } from "./field-logic";
import { UNANSWERED_KINDS, UPLOAD_KINDS } from "./field-rules";

/** At most this long (RFC 5321's path limit); checked before anything else looks at the value. */
export const EMAIL_MAX = 254;
/** One `@` between two runs without spaces or `@`: nothing can match two ways, so the check is linear. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** An address: a local part, `@`, and a domain holding a dot that is neither its first nor its last character. */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX || !EMAIL_SHAPE.test(value)) return false;
  const domain = value.slice(value.indexOf("@") + 1);
  return domain.slice(1, -1).includes(".");
}

/** The phone rules when one of `answers` is to a phone field (read then), else undefined: what `checkAnswers` needs. */
export function phonesForAnswers(assets: Fetcher, fields: readonly FieldRule[], answers: Record<string, string>): Promise<PhoneNumbers | undefined> {
  const phone = new Set(fields.filter((f) => f.kind === "phone").map((f) => f.key));
  return phoneNumbersIf(
    assets,
    Object.keys(answers).some((k) => phone.has(k)),
  );
}

/** What a field's rules need to know of it. */
export type FieldRule = FieldLogic &
  Partial<Pick<TemplateField, "min" | "max" | "step" | "min_length" | "max_length" | "pattern" | "pattern_message" | "signer_id" | "staff_only">>;

const bad = (field: FieldRule, why: string, rule?: string) =>
  invalid(`value: ${why} (field "${field.key}", kind ${field.kind}${rule ? `, rule ${rule}` : ""}).`);

/** The rules a template adds to a kind's shape: lengths and pattern, number and date bounds, counts. */
function checkRules(field: FieldRule, value: string): string {
  const no = (why: string, rule: string) => bad(field, why, rule);
  if (field.min_length !== undefined && value.length < field.min_length) throw no(`at least ${field.min_length} characters`, "min_length");
  if (field.max_length !== undefined && value.length > field.max_length) throw no(`at most ${field.max_length} characters`, "max_length");
  if (field.pattern !== undefined && !safePattern(field.pattern).test(value)) {
    throw no(field.pattern_message ?? `does not match the pattern ${field.pattern}`, "pattern");
  }
  if (field.kind === "number") {
    const n = parseDecimal(value);
    if (!n) throw no("not a number", "number");
    const min = field.min !== undefined ? parseDecimal(String(field.min)) : null;
    const max = field.max !== undefined ? parseDecimal(String(field.max)) : null;
    if (min && compare(n, min) < 0) throw no(`at least ${field.min}`, "min");
    if (max && compare(n, max) > 0) throw no(`at most ${field.max}`, "max");
    const step = field.step !== undefined ? parseDecimal(field.step) : null;
    if (step && !onStep(n, min ?? { units: 0n, scale: 0 }, step)) throw no(`in steps of ${field.step}${min ? ` from ${field.min}` : ""}`, "step");
  }
  if (field.kind === "date") {
    if (field.min !== undefined && value < String(field.min)) throw no(`on or after ${field.min}`, "min");
    if (field.max !== undefined && value > String(field.max)) throw no(`on or before ${field.max}`, "max");
  }
  return value;
}

export function validateFieldValue(field: FieldRule, raw: string, phones?: PhoneNumbers): string {
  if (UNANSWERED_KINDS.includes(field.kind)) {
    throw bad(
      field,
      field.kind === "label" ? "a label is never answered" : `a ${field.kind} field's value is never supplied by a signer; the service fills it`,
    );
  }
  const value = field.kind === "textarea" ? raw : raw.trim();
  if (value === "") return "";
  if (UPLOAD_KINDS.includes(field.kind))
    throw bad(field, `a ${field.kind} field is answered by uploading the file to POST /v1/sign/{token}/files/${field.key}`);
  return checkRules(field, shapeOf(field, value, phones));
}

function shapeOf(field: FieldRule, value: string, phones?: PhoneNumbers): string {
  const bad = (why: string) => invalid(`value: ${why} (field "${field.key}", kind ${field.kind}).`);
  switch (field.kind) {
    case "text":
      if (value.length > FIELD_VALUE_MAX || /[\r\n]/.test(value)) throw bad(`a text answer is one line of at most ${FIELD_VALUE_MAX} characters`);
      return value;
    case "textarea":
      if (value.length > FIELD_VALUE_MAX) throw bad(`a long answer is at most ${FIELD_VALUE_MAX} characters`);
      return value;
    case "email":
      if (!isEmailAddress(value)) throw bad("not an email address");
      return value;
    case "phone": {
      const e164 = requirePhones(phones, `field "${field.key}"`).toE164(value);
      if (!e164) throw bad("not a valid phone number; include the country code, e.g. +1 415 555 0100");
      return e164;
    }
    case "number":
      if (!/^-?\d+(\.\d+)?$/.test(value)) throw bad("not a number");
      return value;
    case "date": {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const d = m ? new Date(`${value}T00:00:00Z`) : null;
      if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw bad("a date is written YYYY-MM-DD");
      return value;
    }
    case "checkbox":
      if (value !== "true" && value !== "false") throw bad('a checkbox answer is "true" or "false"');
      // An unticked required checkbox is not an answer.
      return field.required && value === "false" ? "" : value;
    case "select":
    case "radio":
      if (!field.options?.includes(value)) throw bad(`must be one of: ${field.options?.join(", ")}`);
      return value;
    case "checkboxes": {
      let picked: unknown;
      try {
        picked = JSON.parse(value);
      } catch {
        picked = null;
      }
      if (!Array.isArray(picked) || !picked.every((o) => typeof o === "string")) throw bad('a JSON array of the chosen options, as a string, e.g. ["a","b"]');
      const unknown = picked.filter((o) => !field.options?.includes(o));
      if (unknown.length) throw bad(`not an option: ${unknown.join(", ")}; the options are ${field.options?.join(", ")}`);
      if (new Set(picked).size !== picked.length) throw bad("each option is chosen at most once");
      if (picked.length === 0) return "";
      if (field.min !== undefined && picked.length < Number(field.min))
        throw invalid(`value: choose at least ${field.min} (field "${field.key}", kind checkboxes, rule min).`);
      if (field.max !== undefined && picked.length > Number(field.max))
        throw invalid(`value: choose at most ${field.max} (field "${field.key}", kind checkboxes, rule max).`);
      // Stored in the options' order, so the same choice is always the same string.
      return JSON.stringify(field.options!.filter((o) => picked.includes(o)));
    }
    case "initials":
      if (value.length > 10) throw bad("initials are at most 10 characters");
      return value;
    case "signature":
      if (value.length > SIGNATURE_VALUE_MAX) throw bad(`a signature is at most ${SIGNATURE_VALUE_MAX} characters`);
      return value;
    default:
      throw bad("unknown field kind");
  }
}

export type AnswerProblem = { key: string; kind: string | null; problem: "unknown" | "invalid" | "required" | "hidden"; message: string };

/**
 * The one check of a set of answers against a document's fields, used by the sequencer when it
 * stores them and by the signer's page to put each problem beside its field. `stored` holds the
 * answers given earlier (key → value); an answer of "" clears one; `uploaded` names the field an
 * upload answers (its value the stored file's `sha256:<hex>`). `context`: every field of the
 * document (conditions may read a field asked of another party), `fields` by default. Returns the
 * answers as they would be stored, each field's state afterwards (field-logic.ts) and, when
 * signing, which required fields would still be unanswered and which answers of now hidden
 * fields are dropped (`cleared`).
 */
export function checkAnswers(
  fields: readonly FieldRule[],
  stored: ReadonlyMap<string, string>,
  answers: Record<string, string>,
  opts: { signing: boolean; context?: readonly FieldLogic[]; uploaded?: string; phones: PhoneNumbers | undefined },
): { changes: { key: string; value: string }[]; problems: AnswerProblem[]; states: ReturnType<typeof fieldStates>; cleared: string[] } {
  const changes: { key: string; value: string }[] = [];
  const problems: AnswerProblem[] = [];
  const byKey = new Map(fields.map((f) => [f.key, f] as const));
  for (const [key, raw] of Object.entries(answers)) {
    const field = byKey.get(key);
    if (!field) {
      problems.push({ key, kind: null, problem: "unknown", message: `key: this document asks no field "${key}".` });
      continue;
    }
    try {
      // An upload's answer (`sha256:<hex>`) comes from the service, after it stored the bytes.
      changes.push({ key, value: key === opts.uploaded && UPLOAD_KINDS.includes(field.kind) ? raw : validateFieldValue(field, raw, opts.phones) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      problems.push({ key, kind: field.kind, problem: "invalid", message: err.message });
    }
  }
  const after = new Map(stored);
  for (const c of changes) c.value === "" ? after.delete(c.key) : after.set(c.key, c.value);
  const states = fieldStates(opts.context ?? fields, after);
  for (const c of changes) {
    const f = byKey.get(c.key)!;
    if (c.value === "" || states.get(c.key)?.visible !== false || !f.show_if) continue;
    problems.push({
      key: c.key,
      kind: f.kind,
      problem: "hidden",
      message: `key: field "${c.key}" is hidden now (its ${describeCondition("show_if", f.show_if)} does not hold), so it takes no answer.`,
    });
  }
  const cleared: string[] = [];
  if (opts.signing) {
    const missing = fields.filter((f) => states.get(f.key)?.required && !after.has(f.key) && !problems.some((p) => p.key === f.key));
    for (const f of missing) {
      problems.push({
        key: f.key,
        kind: f.kind,
        problem: "required",
        message: `Required fields are not supplied yet: ${missing.map((m) => m.key).join(", ")}.`,
      });
    }
    for (const f of fields) if (states.get(f.key)?.visible === false && stored.has(f.key) && after.has(f.key)) cleared.push(f.key);
  }
  return { changes, problems, states, cleared };
}
