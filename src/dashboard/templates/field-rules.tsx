/** @jsxImportSource hono/jsx */
/**
 * A text template field row's "Rules and conditions" (plain form posts, no script): validation
 * (min_length, max_length, pattern, pattern_message; min, max, step), a formula and its decimals,
 * and one show_if / required_if condition each (an earlier field's key, an operator, a value).
 * `ruleEntryOf` turns the posted row into the API's field attributes, so the API's schema and
 * `normaliseFieldRules` give the refusal, word for word.
 */
import type { DashKey, DashT } from "../../i18n";
import { CONDITION_OPS } from "../../domain/field-rules";
import { listOf } from "../kit";

type Posted = Record<string, string | undefined>;

/** The attributes a row's details carry, as posted (`field.<i>.<name>`; a condition as `<name>_key`, `_op`, `_value`). */
const RULE_NAMES = ["min_length", "max_length", "pattern", "pattern_message", "min", "max", "step", "formula", "decimals"] as const;
const CONDITIONS = ["show_if", "required_if"] as const;

/** The words of each operator (the dashboard catalogue's `tp_op_` keys). */
export const opWord = (op: (typeof CONDITION_OPS)[number]) => `tp_op_${op}` as DashKey;

const posted = (f: Posted, i: number, name: string) => (f[`field.${i}.${name}`] ?? "").trim();

/** A whole number typed as such becomes a number; anything else goes as typed (the schema then names it). */
const count = (v: string) => (/^\d{1,9}$/.test(v) ? Number(v) : v);

/** The rule attributes of row `i` as the API's field entry takes them; empty inputs are left out. */
export function ruleEntryOf(f: Posted, i: number, kind: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of RULE_NAMES) {
    const v = name === "pattern" || name === "formula" ? (f[`field.${i}.${name}`] ?? "") : posted(f, i, name);
    if (v === "") continue;
    const whole = name === "min_length" || name === "max_length" || name === "decimals" || (kind === "checkboxes" && (name === "min" || name === "max"));
    out[name] = whole ? count(v) : v;
  }
  for (const c of CONDITIONS) {
    const op = posted(f, i, `${c}_op`);
    if (!op) continue;
    const value = posted(f, i, `${c}_value`);
    const cond: Record<string, unknown> = { key: posted(f, i, `${c}_key`), op };
    if (op === "in") cond.value = listOf(value);
    else if (op === "equals" || op === "not_equals" || value !== "") cond.value = value;
    out[c] = cond;
  }
  return out;
}

/** Whether row `i` has any rule typed (its details then start open). */
const anyRule = (f: Posted, i: number) =>
  [...RULE_NAMES, ...CONDITIONS.flatMap((c) => [`${c}_op`, `${c}_key`, `${c}_value`])].some((n) => posted(f, i, n) !== "");

function Input(p: { i: number; name: string; label: string; f: Posted; type?: string; hint?: string; size?: number }) {
  const id = `f${p.i}-${p.name.replace(/[._]/g, "-")}`;
  return (
    <div>
      <label for={id}>{p.label}</label>
      <input
        id={id}
        name={`field.${p.i}.${p.name}`}
        type={p.type ?? "text"}
        inputmode={p.type === "number" ? "numeric" : undefined}
        min={p.type === "number" ? "0" : undefined}
        autocomplete="off"
        maxlength={p.size}
        aria-describedby={p.hint ? `${id}-hint` : undefined}
        value={p.f[`field.${p.i}.${p.name}`] ?? ""}
      />
      {p.hint ? (
        <span class="hint" id={`${id}-hint`}>
          {p.hint}
        </span>
      ) : null}
    </div>
  );
}

function ConditionInputs({ tr, i, f, which }: { tr: DashT; i: number; f: Posted; which: (typeof CONDITIONS)[number] }) {
  const id = `f${i}-${which.replace("_", "-")}`;
  const chosen = posted(f, i, `${which}_op`);
  return (
    <fieldset>
      <legend>{tr(which === "show_if" ? "tp_show_if" : "tp_required_if")}</legend>
      <div class="row">
        <div>
          <label for={`${id}-key`}>{tr("tp_cond_key")}</label>
          <input id={`${id}-key`} name={`field.${i}.${which}_key`} list="tp-keys" maxlength={59} autocomplete="off" value={posted(f, i, `${which}_key`)} />
        </div>
        <div>
          <label for={`${id}-op`}>{tr("tp_cond_op")}</label>
          <select id={`${id}-op`} name={`field.${i}.${which}_op`}>
            <option value="">{tr("tp_cond_none")}</option>
            {CONDITION_OPS.map((op) => (
              <option value={op} selected={chosen === op}>
                {tr(opWord(op))}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for={`${id}-value`}>{tr("tp_cond_value")}</label>
          <input
            id={`${id}-value`}
            name={`field.${i}.${which}_value`}
            maxlength={2000}
            autocomplete="off"
            aria-describedby={`${id}-value-hint`}
            value={posted(f, i, `${which}_value`)}
          />
        </div>
      </div>
      <span class="hint" id={`${id}-value-hint`}>
        {tr("tp_cond_value_hint")}
      </span>
    </fieldset>
  );
}

/** The keys typed in the form so far: the condition inputs' suggestions (a datalist, no script). */
export function KeyList({ f, rows }: { f: Posted; rows: number }) {
  const keys = Array.from({ length: rows }, (_, i) => posted(f, i, "key")).filter(Boolean);
  return (
    <datalist id="tp-keys">
      {keys.map((k) => (
        <option value={k} />
      ))}
    </datalist>
  );
}

/** Row `i`'s rules and conditions, folded away until opened (open when the row has any). */
export function FieldRules({ tr, i, f }: { tr: DashT; i: number; f: Posted }) {
  return (
    <details open={anyRule(f, i)}>
      <summary>{tr("tp_rules")}</summary>
      <p class="hint">{tr("tp_rules_hint")}</p>
      <div class="row">
        <Input i={i} f={f} name="min_length" type="number" label={tr("tp_min_length")} />
        <Input i={i} f={f} name="max_length" type="number" label={tr("tp_max_length")} />
      </div>
      <div class="row">
        <Input i={i} f={f} name="pattern" size={200} label={tr("tp_pattern")} hint={tr("tp_pattern_hint")} />
        <Input i={i} f={f} name="pattern_message" size={200} label={tr("tp_pattern_message")} />
      </div>
      <div class="row">
        <Input i={i} f={f} name="min" size={40} label={tr("tp_min")} />
        <Input i={i} f={f} name="max" size={40} label={tr("tp_max")} />
        <Input i={i} f={f} name="step" size={40} label={tr("tp_step")} />
      </div>
      <div class="row">
        <Input i={i} f={f} name="formula" size={500} label={tr("tp_formula")} hint={tr("tp_formula_hint")} />
        <Input i={i} f={f} name="decimals" type="number" label={tr("tp_decimals")} />
      </div>
      <ConditionInputs tr={tr} i={i} f={f} which="show_if" />
      <ConditionInputs tr={tr} i={i} f={f} which="required_if" />
    </details>
  );
}
