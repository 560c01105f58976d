/**
 * A workflow start posted from a page (the public form `/f/{slug}`, the tablet's form): checked with
 * the API's own `StartInput` and the workflow's required fields, each problem placed beside its
 * input in the page's words. Both faces read their form, call this, and show the form again with
 * the problems or start the workflow with `input`.
 */
import type { WorkflowFormField } from "../db/schema";
import { StartInput } from "../domain/workflows";
import type { Key, T } from "../i18n";
import { validationError } from "../lib/errors";

/** What a start form shows beside each input (and above the form, for a problem of no input). */
export type StartFormErrors = { name?: string; email?: string; fields?: Record<string, string>; form?: string };

/** The posted inputs; an answer left blank is no answer. */
export type StartForm = { email: string; full_name: string; answers: Record<string, string> };

/** The face's words for a name and an answer the schema refuses. */
export type StartFormWords = { name: Key; answer: Key };

export function checkStartForm(
  t: T,
  words: StartFormWords,
  formFields: readonly Pick<WorkflowFormField, "key" | "required">[],
  posted: StartForm,
): { input: StartInput; errors: null } | { input: null; errors: StartFormErrors } {
  const given = Object.fromEntries(Object.entries(posted.answers).filter(([, v]) => v.trim() !== ""));
  const parsed = StartInput.safeParse({ email: posted.email, full_name: posted.full_name, fields: given });
  const errors: StartFormErrors & { fields: Record<string, string> } = { fields: {} };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [where, key] = issue.path.map(String);
      if (where === "email") errors.email = t("err_email");
      else if (where === "full_name") errors.name = t(words.name);
      else if (where === "fields" && key) errors.fields[key] = t(words.answer);
      else errors.form ??= validationError([issue], "body").message;
    }
  }
  for (const f of formFields) if (f.required && !(f.key in given)) errors.fields[f.key] ??= t("err_required");
  return parsed.success && Object.keys(errors.fields).length === 0 ? { input: parsed.data, errors: null } : { input: null, errors };
}
