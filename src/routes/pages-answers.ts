/**
 * The signer's form answers as the pages post them (src/pages/signing.tsx `AnswerFields`): read
 * from the form, hidden fields' answers dropped, and checked as signing checks them
 * (`checkAnswers`), each problem placed beside its field. The sign form and the provider form
 * (level aes/qes, ./pages-qualified.ts) both go through here.
 */
import { checkAnswers } from "../domain/field-values";
import type { PhoneNumbers } from "../lib/phone-numbers";
import { UNANSWERED_KINDS, UPLOAD_KINDS } from "../domain/field-rules";
import type { PageRead } from "../domain/signing";
import type { Key, T } from "../i18n";
import { isSignatureField, type SignErrors } from "../pages/signing";

const FIELD_ERRORS: Record<string, Key> = {
  email: "err_email",
  phone: "err_phone",
  number: "err_number",
  date: "err_date",
  select: "err_select",
  text: "err_text",
  initials: "err_initials",
};

/** A field's answer as the sign form posts it. */
function formValue(f: { key: string; kind: string; options?: string[] }, body: Record<string, string>): string {
  if (f.kind === "checkbox") return body[`field.${f.key}`] === "true" ? "true" : "false";
  if (f.kind === "checkboxes") {
    const picked = (f.options ?? []).filter((_, n) => body[`field.${f.key}.${n}`] !== undefined);
    return picked.length ? JSON.stringify(picked) : "";
  }
  return body[`field.${f.key}`] ?? "";
}

/**
 * What a post of the sign form says (the same encoding for `/sign` and `/state`): each asked
 * field's value as posted, the answers the post changes and the answers on file that conditions
 * read. An unticked checkbox is an answer ("false"); a checkboxes field posts one name per ticked
 * option (`field.<key>.<n>`). A sensitive answer left empty stays on file (it is never echoed back,
 * so for conditions it reads as given), and an empty answer that was never given changes nothing.
 */
export function postedAnswers(page: Pick<PageRead, "sensitive" | "answers"> & { read: Pick<PageRead["read"], "fields"> }, body: Record<string, string>) {
  const fields = page.read.fields ?? [];
  const asked = fields.filter((f) => !isSignatureField(f) && !UNANSWERED_KINDS.includes(f.kind) && !UPLOAD_KINDS.includes(f.kind));
  const values: Record<string, string> = {};
  for (const f of asked) values[f.key] = formValue(f, body);
  const answers: Record<string, string> = {};
  for (const f of asked) {
    const v = values[f.key]!;
    const empty = f.kind === "checkbox" ? v !== "true" && f.required : v.trim() === "";
    if (empty && (!f.supplied || page.sensitive.includes(f.key))) continue;
    answers[f.key] = v;
  }
  const stored = new Map(fields.filter((f) => f.supplied).map((f) => [f.key, page.answers[f.key] ?? "•"] as const));
  return { fields, asked, values, answers, stored };
}

/** The sign form's answers as signing takes them: a signature field takes `signature`; a field the post hides gives none (one on file is cleared). */
export function dropHiddenAnswers(
  fields: Posted["fields"],
  stored: Posted["stored"],
  answers: Record<string, string>,
  signature: string,
  phones: PhoneNumbers | undefined,
) {
  if (signature) for (const f of fields.filter(isSignatureField)) answers[f.key] = signature;
  const shown = checkAnswers(fields, stored, answers, { signing: false, phones }).states;
  for (const key of Object.keys(answers)) {
    if (shown.get(key)?.visible !== false) continue;
    if (fields.find((f) => f.key === key)?.supplied) answers[key] = "";
    else delete answers[key];
  }
}

type Posted = ReturnType<typeof postedAnswers>;
/** Checks the answers as signing will (`checkAnswers`) and puts each problem beside its field, in the page's words; a newly shown field is asked first. */
export function placeAnswerProblems(t: T, errors: SignErrors, { fields, asked, values, answers, stored }: Posted, phones: PhoneNumbers | undefined) {
  const checked = checkAnswers(fields, stored, answers, { signing: true, phones });
  for (const f of asked) {
    if (f.visible === false && checked.states.get(f.key)?.visible && !answers[f.key]) errors.fields![f.key] = t("err_shown");
  }
  for (const p of checked.problems) {
    if ((values[p.key] === undefined && !UPLOAD_KINDS.includes(p.kind ?? "")) || errors.fields![p.key]) continue;
    errors.fields![p.key] = p.problem === "required" ? t("err_required") : t(FIELD_ERRORS[p.kind ?? ""] ?? "err_other");
  }
}
