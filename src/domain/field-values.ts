/**
 * What a signer may answer to each kind of field. Returns the value as stored (trimmed or
 * normalised); an empty string means "not supplied" and clears an earlier answer.
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { TemplateField } from "../db/schema";
import { ApiError, invalid } from "../lib/errors";
import { FIELD_VALUE_MAX, SIGNATURE_VALUE_MAX } from "./signer-commands";

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

/**
 * E.164 of a number in any common formatting ("+1 (415) 555-0123", "+44 20 7946 0958", "0044…"),
 * or null when it is not a valid number. Without `country` the number must carry its country code
 * (signers' phones, phone answers); with it, a number without one is read in that country (text
 * consent, in the account's default country).
 */
export function toE164(raw: string, country?: CountryCode): string | null {
  const p = parsePhoneNumberFromString(raw, { defaultCountry: country });
  return p?.isValid() ? p.number : null;
}

/** What a field's rules need to know of it. */
export type FieldRule = Pick<TemplateField, "key" | "kind" | "required" | "options">;

export function validateFieldValue(field: FieldRule, raw: string): string {
  const value = field.kind === "textarea" ? raw : raw.trim();
  if (value === "") return "";
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
      const e164 = toE164(value);
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
      if (!field.options?.includes(value)) throw bad(`must be one of: ${field.options?.join(", ")}`);
      return value;
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

export type AnswerProblem = { key: string; kind: string | null; problem: "unknown" | "invalid" | "required"; message: string };

/**
 * The one check of a set of answers against a document's fields, used by the sequencer when it
 * stores them and by the signer's page to put each problem beside its field. `supplied` holds the
 * keys answered earlier; an answer of "" clears one. Returns the answers as they would be stored
 * and, when signing, which required fields would still be unanswered afterwards.
 */
export function checkAnswers(
  fields: readonly FieldRule[],
  supplied: ReadonlySet<string>,
  answers: Record<string, string>,
  opts: { signing: boolean },
): { changes: { key: string; value: string }[]; problems: AnswerProblem[] } {
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
      changes.push({ key, value: validateFieldValue(field, raw) });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      problems.push({ key, kind: field.kind, problem: "invalid", message: err.message });
    }
  }
  if (opts.signing) {
    const after = new Set(supplied);
    for (const c of changes) c.value === "" ? after.delete(c.key) : after.add(c.key);
    const missing = fields.filter((f) => f.required && !after.has(f.key) && !problems.some((p) => p.key === f.key));
    for (const f of missing) {
      problems.push({
        key: f.key,
        kind: f.kind,
        problem: "required",
        message: `Required fields are not supplied yet: ${missing.map((m) => m.key).join(", ")}.`,
      });
    }
  }
  return { changes, problems };
}
