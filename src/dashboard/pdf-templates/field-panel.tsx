/** @jsxImportSource hono/jsx */
/**
 * The placement editor's panel of the chosen field (src/browser/pdf-field-panel.ts fills and reads
 * it): its options, validation, formula, one show_if / required_if condition and its places (one
 * box, or the same box on every page). Each group shows only for the kinds that take it; what it
 * holds goes into the fields JSON the editor saves, where the API's rules judge it.
 */
import type { Viewer } from "../frame";
import { CONDITION_OPS } from "../../domain/field-rules";
import { opWord } from "../templates/field-rules";

type T = Viewer["t"];

function Text(p: { id: string; label: string; type?: string; max?: number; hint?: string }) {
  return (
    <div>
      <label for={p.id}>{p.label}</label>
      <input
        id={p.id}
        type={p.type ?? "text"}
        min={p.type === "number" ? "0" : undefined}
        maxlength={p.max}
        autocomplete="off"
        aria-describedby={p.hint ? `${p.id}-hint` : undefined}
      />
      {p.hint ? (
        <span class="hint" id={`${p.id}-hint`}>
          {p.hint}
        </span>
      ) : null}
    </div>
  );
}

function ConditionGroup({ t, id, which }: { t: T; id: "show" | "req"; which: "show_if" | "required_if" }) {
  return (
    <fieldset data-cond={which}>
      <legend>{t(which === "show_if" ? "tp_show_if" : "tp_required_if")}</legend>
      <p class="hint" id={`fp-${id}-group`} hidden>
        {t("pdf_cond_group")}
      </p>
      <div class="row">
        <div>
          <label for={`fp-${id}-key`}>{t("tp_cond_key")}</label>
          <select id={`fp-${id}-key`} />
        </div>
        <div>
          <label for={`fp-${id}-op`}>{t("tp_cond_op")}</label>
          <select id={`fp-${id}-op`}>
            <option value="">{t("tp_cond_none")}</option>
            {CONDITION_OPS.map((op) => (
              <option value={op}>{t(opWord(op))}</option>
            ))}
          </select>
        </div>
        <div>
          <label for={`fp-${id}-value`}>{t("tp_cond_value")}</label>
          <input id={`fp-${id}-value`} maxlength={2000} autocomplete="off" aria-describedby={`fp-${id}-value-hint`} />
        </div>
      </div>
      <span class="hint" id={`fp-${id}-value-hint`}>
        {t("tp_cond_value_hint")}
      </span>
    </fieldset>
  );
}

/** The panel, hidden until the script shows it for a chosen field. */
export function FieldPanel({ t }: { t: T }) {
  return (
    <fieldset id="field-panel" hidden aria-describedby="fp-hint">
      <legend id="fp-title">{t("pdf_panel")}</legend>
      <p class="hint" id="fp-hint">
        {t("pdf_panel_hint")}
      </p>
      <div data-kinds="select radio checkboxes">
        <Text id="fp-options" label={t("tp_field_options")} hint={t("tp_field_options_hint")} />
      </div>
      <div class="row" data-kinds="text textarea email phone">
        <Text id="fp-min-length" type="number" label={t("tp_min_length")} />
        <Text id="fp-max-length" type="number" label={t("tp_max_length")} />
        <Text id="fp-pattern" max={200} label={t("tp_pattern")} hint={t("tp_pattern_hint")} />
        <Text id="fp-pattern-message" max={200} label={t("tp_pattern_message")} />
      </div>
      <div class="row" data-kinds="number date checkboxes">
        <Text id="fp-min" max={40} label={t("tp_min")} />
        <Text id="fp-max" max={40} label={t("tp_max")} />
      </div>
      <div data-kinds="number">
        <Text id="fp-step" max={40} label={t("tp_step")} />
      </div>
      <div class="row" data-kinds="formula">
        <Text id="fp-formula" max={500} label={t("tp_formula")} hint={t("tp_formula_hint")} />
        <Text id="fp-decimals" type="number" label={t("tp_decimals")} />
      </div>
      <ConditionGroup t={t} id="show" which="show_if" />
      <ConditionGroup t={t} id="req" which="required_if" />
      <fieldset>
        <legend>{t("pdf_places")}</legend>
        <p class="hint" id="fp-places-hint">
          {t("pdf_places_hint")}
        </p>
        <p id="fp-places-now" />
        <button type="button" class="quiet" id="fp-every-page" aria-describedby="fp-places-hint">
          {t("pdf_every_page")}
        </button>
        <button type="button" class="quiet" id="fp-one-place" aria-describedby="fp-places-hint">
          {t("pdf_one_place")}
        </button>
      </fieldset>
    </fieldset>
  );
}
