/**
 * The one evaluation of a document's fields against a set of answers: which fields are shown
 * (`show_if`), which are required now (`required`, `required_if`; a hidden field never is) and
 * the value of each formula. Used by the signing read (`visible`, `value`), the answer check, the
 * signature's required-field check and the freeze at signing.
 */
import type { FieldCondition, TemplateField } from "../db/schema";
import { type Decimal, parseDecimal } from "../lib/decimal";
import { formulaValue, parseFormula } from "./formulas";
import { UNANSWERED_KINDS, formulaRefs } from "./field-rules";

export type FieldLogic = Pick<TemplateField, "key" | "kind" | "required" | "options" | "show_if" | "required_if" | "formula" | "decimals">;
export type FieldState = { visible: boolean; required: boolean; value?: string };

const asText = (v: unknown) => String(v);

function answerOf(kind: string | undefined, raw: string): string {
  // An unticked checkbox reads as "false" whether it was answered so or never answered.
  if (kind === "checkbox" && raw === "") return "false";
  return raw;
}

function chosen(raw: string): string[] {
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v.map(asText) : [];
  } catch {
    return [];
  }
}

/** Whether `c` holds for these effective answers (hidden fields read as unanswered). */
export function holds(c: FieldCondition, answer: (key: string) => { kind?: string; value: string }): boolean {
  if ("all" in c) return c.all.every((x) => holds(x, answer));
  if ("any" in c) return c.any.some((x) => holds(x, answer));
  const { kind, value: raw } = answer(c.key);
  const v = answerOf(kind, raw);
  const eq = (want: unknown) => (kind === "checkboxes" ? chosen(v).includes(asText(want)) : v === asText(want));
  switch (c.op) {
    case "equals":
      return eq(c.value);
    case "not_equals":
      return !eq(c.value);
    case "in":
      return (Array.isArray(c.value) ? c.value : [c.value]).some(eq);
    case "checked":
      return v === "true";
    case "unchecked":
      return v !== "true";
    case "filled":
      return raw !== "" && !(kind === "checkbox" && raw === "false");
    case "empty":
      return raw === "" || (kind === "checkbox" && raw === "false");
  }
}

/** A condition written for messages: `show_if {"key":"a","op":"checked"}`. */
export const describeCondition = (attr: "show_if" | "required_if", c: FieldCondition) => `${attr} ${JSON.stringify(c)}`;

/**
 * Every field's state for these answers (key → stored value; absent or "" is unanswered), in the
 * fields' order: a condition reads only earlier fields, each as it is effectively answered (a
 * hidden field's answer does not count). `auto` fills the auto-filled kinds' values when known.
 */
export function fieldStates(
  fields: readonly FieldLogic[],
  answers: ReadonlyMap<string, string>,
  auto: Partial<Record<"date_signed" | "signer_name" | "signer_email", string>> = {},
): Map<string, FieldState> {
  const states = new Map<string, FieldState>();
  const effective = new Map<string, { kind?: string; value: string }>();
  const read = (key: string) => effective.get(key) ?? { value: "" };
  fields.forEach((f, i) => {
    const visible = f.show_if ? holds(f.show_if, read) : true;
    const answered = !UNANSWERED_KINDS.includes(f.kind);
    const required = visible && answered && (f.required_if ? holds(f.required_if, read) : f.required);
    const state: FieldState = { visible, required };
    if (f.kind === "formula" && f.formula) {
      const tree = cachedFormula(f.formula, fields.slice(0, i));
      state.value = visible ? formulaValue(tree, f.decimals ?? 2, (key) => numberOf(read(key).value)) : "";
    } else if (f.kind in auto) {
      state.value = auto[f.kind as keyof typeof auto] ?? answers.get(f.key) ?? "";
    } else if (!answered) {
      state.value = answers.get(f.key) ?? "";
    }
    states.set(f.key, state);
    effective.set(f.key, { kind: f.kind, value: visible ? (state.value ?? answers.get(f.key) ?? "") : "" });
  });
  return states;
}

const numberOf = (v: string): Decimal | null => (v === "" ? null : parseDecimal(v));

/** Formulas are parsed once per source and field list (they were checked at save). */
const formulaCache = new Map<string, ReturnType<typeof parseFormula>>();
function cachedFormula(src: string, earlier: readonly FieldLogic[]) {
  const refs = formulaRefs(earlier);
  const id = `${[...refs].join(",")}\u0000${src}`;
  let tree = formulaCache.get(id);
  if (!tree) {
    tree = parseFormula(src, refs);
    if (formulaCache.size > 500) formulaCache.clear();
    formulaCache.set(id, tree);
  }
  return tree;
}

/**
 * The keys some field's `show_if`, `required_if` or formula reads: a change to one of these can
 * change another field's state (the signer's page asks the server again only then).
 */
export function drivingKeys(fields: readonly FieldLogic[]): Set<string> {
  const keys = new Set<string>();
  const walk = (c: FieldCondition): void => {
    if ("all" in c) c.all.forEach(walk);
    else if ("any" in c) c.any.forEach(walk);
    else keys.add(c.key);
  };
  for (const f of fields) {
    if (f.show_if) walk(f.show_if);
    if (f.required_if) walk(f.required_if);
    for (const name of f.formula?.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) keys.add(name);
  }
  return keys;
}
