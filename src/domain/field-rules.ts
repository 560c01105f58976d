/**
 * The attributes of "fields that think" (kinds, validation, conditions, formulas, places) as a
 * template field declares them, and their checks at save: each refusal is a 422 naming
 * `fields.<i>.<attribute>`. The answer-time checks are in field-values.ts, the evaluation of
 * conditions and formulas in field-logic.ts.
 */
import { z } from "@hono/zod-openapi";
import type { FieldCondition, TemplateField } from "../db/schema";
import { invalid } from "../lib/errors";
import { compare, parseDecimal } from "../lib/decimal";
import { PATTERN_MAX, PatternError, safePattern } from "../lib/safe-pattern";
import { plainText } from "../lib/text";
import { FORMULA_MAX, FormulaError, parseFormula } from "./formulas";

/** Kinds no signer answers: shown text, computed values and values filled at signing. */
export const AUTO_FILLED_KINDS = ["date_signed", "signer_name", "signer_email"] as const;
export const UNANSWERED_KINDS: readonly string[] = ["label", "formula", ...AUTO_FILLED_KINDS];
/** Kinds answered by uploading bytes (`POST /v1/sign/{token}/files/{key}`), never by a typed value. */
export const UPLOAD_KINDS: readonly string[] = ["image", "stamp", "file"];
const LENGTH_KINDS = ["text", "textarea", "email", "phone"];
const OPTION_COUNTS: Record<string, [number, number]> = { select: [1, 50], radio: [2, 50], checkboxes: [1, 50] };
export const LENGTH_MAX = 20_000;
export const PLACES_MAX = 200;
const CONDITIONS_MAX = 10;
export const CONDITION_OPS = ["equals", "not_equals", "in", "checked", "unchecked", "filled", "empty"] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const Scalar = z.union([plainText().max(200), z.number(), z.boolean()]);
const Leaf = z
  .object({
    key: z.string().max(59),
    op: z.enum(CONDITION_OPS),
    value: z.union([Scalar, z.array(Scalar).min(1).max(50)]).optional(),
  })
  .strict();
const group = <T extends z.ZodTypeAny>(item: T) =>
  z.union([z.object({ all: z.array(item).min(1).max(CONDITIONS_MAX) }).strict(), z.object({ any: z.array(item).min(1).max(CONDITIONS_MAX) }).strict()]);
export const Condition = z.union([Leaf, group(z.union([Leaf, group(Leaf)]))]).openapi("FieldCondition", {
  description:
    "A test of an earlier field's answer: `{key, op, value?}` with op equals, not_equals, in (value an array), checked, unchecked, filled or empty; " +
    "or `{all: [...]}` / `{any: [...]}` of at most 10 conditions, nested at most twice.",
  example: { key: "has_condition", op: "checked" },
});

const Bound = z.union([z.number(), plainText().max(40)]);

/** The attributes FieldInputSchema adds for kinds, validation, conditions, formulas and places. */
export const fieldRuleAttributes = {
  min: Bound.optional().openapi({
    description: "number: the smallest answer (a decimal string); date: the earliest (YYYY-MM-DD); checkboxes: the fewest options chosen.",
  }),
  max: Bound.optional().openapi({
    description: "number: the largest answer (a decimal string); date: the latest (YYYY-MM-DD); checkboxes: the most options chosen.",
  }),
  step: Bound.optional().openapi({ description: "number: answers are min (or 0) plus a whole multiple of step (a decimal string > 0)." }),
  min_length: z.number().int().min(0).max(LENGTH_MAX).optional().openapi({ description: "text, textarea, email, phone: the fewest characters." }),
  max_length: z.number().int().min(1).max(LENGTH_MAX).optional().openapi({ description: "text, textarea, email, phone: the most characters (≤ 20000)." }),
  pattern: z.string().max(PATTERN_MAX).optional().openapi({
    description:
      "text, textarea, email, phone: the whole answer must match (JavaScript syntax, ≤ 200 characters; no backreferences, no lookaround, no quantified group that itself contains a quantifier).",
    example: "[A-Z]{2}\\d{6}",
  }),
  pattern_message: plainText().min(1).max(200).optional().openapi({ description: "The message of the 422 when an answer does not match `pattern`." }),
  show_if: Condition.optional().openapi({ description: "The field is shown (and asked) only while this condition holds." }),
  required_if: Condition.optional().openapi({ description: "The field is required only while this condition holds (a hidden field is never required)." }),
  formula: z.string().max(FORMULA_MAX).optional().openapi({
    description: "kind formula: decimal numbers, + - * / ( ), keys of earlier numeric fields, min, max, abs, round(x, n), sum(...).",
    example: "qty * price",
  }),
  decimals: z.number().int().min(0).max(6).optional().openapi({ description: "kind formula: decimal places of the value (0-6, default 2)." }),
};

/** A field entry as saved, before its rules are checked: a number's step may still come as a number. */
type RuleInput = Omit<Partial<TemplateField>, "kind" | "step"> & { kind: string; step?: string | number };

/** Whether a field's options are all decimal numbers (a radio or select a formula may use). */
const numericOptions = (f: Pick<TemplateField, "kind" | "options">) =>
  (f.kind === "radio" || f.kind === "select") && !!f.options?.length && f.options.every((o) => parseDecimal(o) !== null);

/** Keys a formula may use, among the fields before it: numbers, numeric choices and earlier formulas (subtotals). */
export const formulaRefs = (earlier: readonly Pick<TemplateField, "key" | "kind" | "options">[]) =>
  new Set(earlier.filter((f) => f.kind === "number" || f.kind === "formula" || numericOptions(f)).map((f) => f.key));

function checkCondition(c: FieldCondition, where: string, earlier: ReadonlyMap<string, TemplateField>) {
  if ("all" in c || "any" in c) {
    for (const x of "all" in c ? c.all : c.any) checkCondition(x, where, earlier);
    return;
  }
  const target = earlier.get(c.key);
  if (!target) throw invalid(`${where}.key: "${c.key}" is not an earlier field of this template.`, "A condition names a field that comes before it.");
  const hasValue = c.value !== undefined;
  if (c.op === "in" && !Array.isArray(c.value)) throw invalid(`${where}.value: op "in" takes an array of values.`);
  if ((c.op === "equals" || c.op === "not_equals") && (!hasValue || Array.isArray(c.value))) throw invalid(`${where}.value: op "${c.op}" takes one value.`);
  if (["checked", "unchecked", "filled", "empty"].includes(c.op) && hasValue) throw invalid(`${where}.value: op "${c.op}" takes no value.`);
  if ((c.op === "checked" || c.op === "unchecked") && target.kind !== "checkbox") {
    throw invalid(`${where}.op: "${c.op}" tests a checkbox; "${c.key}" is a ${target.kind} field.`, "Use filled, empty, equals or in.");
  }
}

const decimalBound = (v: string | number | undefined, where: string) => {
  if (v === undefined) return undefined;
  const text = String(v);
  if (!parseDecimal(text)) throw invalid(`${where}: a decimal number such as 10 or 2.5.`);
  return text.trim();
};

/** Checks the attributes of field `i` (given the fields before it) and returns the ones it keeps. */
export function normaliseFieldRules(f: RuleInput, i: number, earlier: readonly TemplateField[]): Partial<TemplateField> {
  const at = (attr: string) => `fields.${i}.${attr}`;
  const out: Partial<TemplateField> = {};
  const [lo, hi] = OPTION_COUNTS[f.kind] ?? [0, 0];
  if (hi && !(f.options && f.options.length >= lo && f.options.length <= hi)) throw invalid(`${at("options")}: a ${f.kind} field needs ${lo}-${hi} options.`);
  if (!hi && f.options !== undefined) throw invalid(`${at("options")}: only select, radio and checkboxes fields take options.`);
  if (f.options && new Set(f.options).size !== f.options.length) throw invalid(`${at("options")}: each option appears once.`);
  if (UNANSWERED_KINDS.includes(f.kind)) {
    if (f.required === true) throw invalid(`${at("required")}: a ${f.kind} field is never answered by a signer, so it cannot be required.`);
    if (f.required_if) throw invalid(`${at("required_if")}: a ${f.kind} field is never answered by a signer, so it cannot be required.`);
    out.required = false;
  }
  for (const attr of ["min_length", "max_length", "pattern", "pattern_message"] as const) {
    if (f[attr] !== undefined && !LENGTH_KINDS.includes(f.kind)) throw invalid(`${at(attr)}: only text, textarea, email and phone fields take ${attr}.`);
  }
  if (f.min_length !== undefined && f.max_length !== undefined && f.min_length > f.max_length) throw invalid(`${at("min_length")}: more than max_length.`);
  if (f.pattern_message !== undefined && f.pattern === undefined) throw invalid(`${at("pattern_message")}: given without a pattern.`);
  if (f.pattern !== undefined) {
    try {
      safePattern(f.pattern);
    } catch (err) {
      if (err instanceof PatternError)
        throw invalid(
          `${at("pattern")}: ${err.message}.`,
          "Patterns use a safe subset of JavaScript syntax: no backreferences, no lookaround, no quantified group holding a quantifier.",
        );
      throw err;
    }
  }
  if (f.min_length !== undefined) out.min_length = f.min_length;
  if (f.max_length !== undefined) out.max_length = f.max_length;
  if (f.pattern !== undefined) out.pattern = f.pattern;
  if (f.pattern_message !== undefined) out.pattern_message = f.pattern_message;
  for (const attr of ["min", "max", "step"] as const) {
    const kinds = attr === "step" ? ["number"] : ["number", "date", "checkboxes"];
    if (f[attr] !== undefined && !kinds.includes(f.kind)) throw invalid(`${at(attr)}: only ${kinds.join(", ")} fields take ${attr}.`);
  }
  if (f.kind === "number") {
    const min = decimalBound(f.min, at("min"));
    const max = decimalBound(f.max, at("max"));
    const step = decimalBound(f.step, at("step"));
    if (min !== undefined && max !== undefined && compare(parseDecimal(min)!, parseDecimal(max)!) > 0) throw invalid(`${at("min")}: more than max.`);
    if (step !== undefined && parseDecimal(step)!.units <= 0n) throw invalid(`${at("step")}: a step is more than 0.`);
    Object.assign(out, min !== undefined ? { min } : {}, max !== undefined ? { max } : {}, step !== undefined ? { step } : {});
  } else if (f.kind === "date") {
    for (const attr of ["min", "max"] as const) {
      const v = f[attr];
      if (v === undefined) continue;
      if (typeof v !== "string" || !DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) throw invalid(`${at(attr)}: a date is written YYYY-MM-DD.`);
      out[attr] = v;
    }
    if (out.min !== undefined && out.max !== undefined && String(out.min) > String(out.max)) throw invalid(`${at("min")}: later than max.`);
  } else if (f.kind === "checkboxes") {
    const n = f.options?.length ?? 0;
    for (const attr of ["min", "max"] as const) {
      const v = f[attr];
      if (v === undefined) continue;
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > n) throw invalid(`${at(attr)}: a count of options, a whole number 0-${n}.`);
      out[attr] = v;
    }
    if (out.min !== undefined && out.max !== undefined && Number(out.min) > Number(out.max)) throw invalid(`${at("min")}: more than max.`);
  }
  const byKey = new Map(earlier.map((e) => [e.key, e] as const));
  for (const attr of ["show_if", "required_if"] as const) {
    const c = f[attr];
    if (!c) continue;
    checkCondition(c, at(attr), byKey);
    out[attr] = c;
  }
  if ((f.formula !== undefined || f.decimals !== undefined) && f.kind !== "formula")
    throw invalid(`${at(f.formula !== undefined ? "formula" : "decimals")}: only formula fields take it.`);
  if (f.kind === "formula") {
    if (f.formula === undefined || f.formula.trim() === "") throw invalid(`${at("formula")}: a formula field needs its formula.`);
    try {
      parseFormula(f.formula, formulaRefs(earlier));
    } catch (err) {
      if (err instanceof FormulaError) throw invalid(`${at("formula")}: ${err.message}.`);
      throw err;
    }
    out.formula = f.formula;
    out.decimals = f.decimals ?? 2;
  }
  if (f.places !== undefined) {
    if (f.place) throw invalid(`${at("places")}: give place or places, not both.`);
    if (f.places.length < 1 || f.places.length > PLACES_MAX) throw invalid(`${at("places")}: 1-${PLACES_MAX} places.`);
    out.places = f.places;
  }
  return out;
}
