/** @jsxImportSource hono/jsx */
/**
 * The pages' one labelled text input: "(required)" or "(optional)" in the label, an optional hint,
 * and a problem shown beside it (named by `aria-describedby`, `aria-invalid` set).
 */
import type { T } from "../i18n";

export function TextInput(p: {
  id: string;
  name: string;
  label: string;
  required: boolean;
  value: string;
  error?: string;
  hint?: string;
  type?: string;
  autocomplete?: string;
  max: number;
  t: T;
}) {
  const hintId = `${p.id}-hint`;
  const errId = `${p.id}-error`;
  const describedBy = [p.hint ? hintId : null, p.error ? errId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label for={p.id}>{`${p.label} (${p.t(p.required ? "required" : "optional")})`}</label>
      {p.hint ? (
        <span class="hint" id={hintId}>
          {p.hint}
        </span>
      ) : null}
      {p.error ? (
        <span class="error" id={errId}>
          {p.error}
        </span>
      ) : null}
      <input
        id={p.id}
        name={p.name}
        type={p.type ?? "text"}
        autocomplete={p.autocomplete}
        maxlength={p.max}
        value={p.value}
        required={p.required}
        aria-invalid={p.error ? "true" : undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}
