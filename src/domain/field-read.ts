/**
 * A signer's field entries in the signing-link read (`GET /v1/sign/{token}` and the page): each
 * field's rules as the template declared them, and its state for the answers so far (field-logic.ts):
 * `visible` now, `required` now, and `value` for formula and auto-filled fields and uploads.
 */
import { type SequencerState, type SignerState, answersFor, docFields, signerFields } from "./document-state";
import { fieldStates } from "./field-logic";
import { AUTO_FILLED_KINDS, UPLOAD_KINDS } from "./field-rules";

const RULES = ["min", "max", "step", "min_length", "max_length", "pattern", "pattern_message", "show_if", "required_if", "formula", "decimals"] as const;

export function signerFieldEntries(st: SequencerState, me: SignerState, supplied: ReadonlySet<string>) {
  const answers = answersFor(st, me.id);
  // Before signing the signer's name and address are known; the date is the day they sign.
  const auto = me.status === "signed" ? {} : { signer_name: me.fullName, signer_email: me.email };
  const states = fieldStates(docFields(st), answers, auto);
  return signerFields(st, me).map((f) => {
    const state = states.get(f.key) ?? { visible: true, required: f.required };
    const computed = f.kind === "formula" || (AUTO_FILLED_KINDS as readonly string[]).includes(f.kind);
    const rules = Object.fromEntries(RULES.filter((r) => f[r] !== undefined).map((r) => [r, f[r]] as const));
    return {
      key: f.key,
      label: f.label,
      kind: f.kind,
      // A hidden field is never required; `required_if` makes the answer required while it holds.
      required: state.required,
      about: f.about ?? null,
      supplied: supplied.has(f.key),
      ...(f.options ? { options: f.options } : {}),
      place: f.place ?? null,
      ...(f.places ? { places: f.places } : {}),
      ...rules,
      visible: state.visible,
      ...(computed ? { value: (me.status === "signed" ? answers.get(f.key) : state.value) || null } : {}),
      // An upload's answer is its file's hash (`sha256:<hex>`), null until one is uploaded.
      ...(UPLOAD_KINDS.includes(f.kind) ? { value: answers.get(f.key) ?? null } : {}),
    };
  });
}
