/** The values a draft is rendered with, checked against the variables its template declares. */
import { invalid } from "../lib/errors";

/**
 * The given values as text, and any `answers` (a workflow's form) for declared variables not
 * given; refused (422) for a value the template does not declare or a declared one left empty.
 * A Map, never a plain object: `toString`, `constructor` or `__proto__` are names like any other.
 */
export function mergeValues(variables: readonly string[], given: Record<string, string | number | boolean> = {}, answers?: ReadonlyMap<string, string>) {
  const values = new Map(Object.entries(given).map(([k, v]) => [k, String(v)] as const));
  const declared = new Set(variables);
  for (const [k, v] of answers ?? []) if (declared.has(k) && !values.has(k)) values.set(k, v);
  const unknown = [...values.keys()].filter((k) => !declared.has(k));
  if (unknown.length) throw invalid(`values: not declared by the template: ${unknown.join(", ")}.`);
  const missing = variables.filter((v) => !values.get(v));
  if (missing.length) throw invalid(`values: every declared variable needs a value; missing: ${missing.join(", ")}.`);
  return values;
}
