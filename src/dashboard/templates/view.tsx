/** @jsxImportSource hono/jsx */
/** The views of text templates: the list (with the PDF templates' section), new drafts, publishing and revising. */
import { Csrf, Table, type Viewer } from "../frame";
import type { DashT } from "../../i18n";
import { TEMPLATE_FIELD_KINDS, TEMPLATE_KINDS } from "../../domain/vocabulary";
import type { Templates } from "../documents/view";
import { can } from "../../domain/members";
import { FieldRules, KeyList } from "./field-rules";

export function TemplatesView(p: { v: Viewer; templates: Templates; posted?: Record<string, string> }) {
  const f = p.posted ?? {};
  const write = can(p.v.role, "templates.write");
  const tr = p.v.t;
  return (
    <>
      <Table
        label={tr("nav_templates")}
        head={[tr("tp_code"), tr("tp_name"), tr("tp_version"), tr("st_state"), tr("tp_documents"), tr("tp_next")]}
        empty={tr("tp_none")}
        rows={p.templates.map((t) => [
          t.code,
          t.name,
          tr.num(t.version),
          t.is_published ? tr("tp_published", { when: tr.when(t.published_at) }) : tr("tp_draft"),
          tr.num(t.documents),
          write && !t.is_published && t.is_latest ? (
            <form method="post" action="/app/templates/publish" class="inline">
              <Csrf token={p.v.csrf} />
              <input type="hidden" name="code" value={t.code} />
              <button type="submit" aria-label={tr("tp_publish_aria", { code: t.code, version: t.version })}>
                {tr("tp_publish")}
              </button>
            </form>
          ) : write && t.is_latest ? (
            <a href={`/app/templates/revise?code=${encodeURIComponent(t.code)}`} aria-label={tr("tp_revise_aria", { code: t.code, version: t.version })}>
              {tr("tp_revise")}
            </a>
          ) : (
            ""
          ),
        ])}
      />
      {write ? (
        <form method="post" action="/app/templates">
          <h2>{tr("tp_new")}</h2>
          <Csrf token={p.v.csrf} />
          <p class="hint">{tr("tp_new_hint")}</p>
          <div class="row">
            <div>
              <label for="t-code">{tr("tp_code")}</label>
              <input id="t-code" name="code" required maxlength={64} pattern="[a-z][a-z0-9_\-]*" aria-describedby="t-code-hint" value={f.code ?? ""} />
              <span class="hint" id="t-code-hint">
                {tr("tp_code_hint")}
              </span>
            </div>
            <NameAndKind tr={tr} id="t" f={f} />
          </div>
          <TextAndVariables tr={tr} id="t" f={f} />
          <ReasonsField tr={tr} id="t" f={f} />
          <FieldRows tr={tr} f={f} />
          <button type="submit">{tr("tp_save")}</button>
        </form>
      ) : null}
    </>
  );
}

type TemplateForm = { tr: DashT; id: string; f: Record<string, string | undefined> };

/** A template form's name and kind (ids `<id>-name`, `<id>-kind`), inside its `.row`. */
function NameAndKind({ tr, id, f }: TemplateForm) {
  return (
    <>
      <div>
        <label for={`${id}-name`}>{tr("tp_name")}</label>
        <input id={`${id}-name`} name="name" required maxlength={200} value={f.name ?? ""} />
      </div>
      <div>
        <label for={`${id}-kind`}>{tr("tp_kind")}</label>
        <select id={`${id}-kind`} name="kind">
          {TEMPLATE_KINDS.map((k) => (
            <option value={k} selected={f.kind === k}>
              {k}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** A labelled textarea with its hint (`<id>-hint`, named by aria-describedby). */
function HintedTextarea(p: { id: string; name: string; rows: number; required?: boolean; label: string; hint: string; value: string | undefined }) {
  return (
    <>
      <label for={p.id}>{p.label}</label>
      <span class="hint" id={`${p.id}-hint`}>
        {p.hint}
      </span>
      <textarea id={p.id} name={p.name} required={p.required} rows={p.rows} aria-describedby={`${p.id}-hint`}>
        {p.value ?? ""}
      </textarea>
    </>
  );
}

/** The reasons a re-authenticating signer picks from, one a line (id `<id>-reasons`; docs/identity.md). */
function ReasonsField({ tr, id, f }: TemplateForm) {
  return <HintedTextarea id={`${id}-reasons`} name="reasons" rows={3} label={tr("tp_reasons")} hint={tr("tp_reasons_hint")} value={f.reasons} />;
}

/** A text template's text and variables (ids `<id>-body`, `<id>-vars`). */
function TextAndVariables({ tr, id, f }: TemplateForm) {
  return (
    <>
      <HintedTextarea id={`${id}-body`} name="body" rows={10} required label={tr("tp_text")} hint={tr("tp_text_hint")} value={f.body} />
      <label for={`${id}-vars`}>{tr("tp_variables")}</label>
      <span class="hint" id={`${id}-vars-hint`}>
        {tr("tp_variables_hint")}
      </span>
      <input id={`${id}-vars`} name="variables" aria-describedby={`${id}-vars-hint`} value={f.variables ?? ""} />
    </>
  );
}

/** Field rows a new template's form offers (no script): those typed, plus two, at least four, at most the API's 50. */
export const fieldRowsOf = (f: Record<string, string | undefined>) => {
  let used = 0;
  for (let i = 0; i < 50; i++) if (f[`field.${i}.key`] || f[`field.${i}.label`]) used = i + 1;
  return Math.min(50, Math.max(4, used + 2));
};

/** The fields a new text template asks its signers: key, label, every kind the API accepts, required, the choices, and its rules and conditions. */
function FieldRows({ tr, f }: { tr: DashT; f: Record<string, string | undefined> }) {
  const rows = fieldRowsOf(f);
  return (
    <fieldset>
      <legend>{tr("tp_fields")}</legend>
      <p class="hint">{tr("tp_fields_hint")}</p>
      <KeyList f={f} rows={rows} />
      {Array.from({ length: rows }, (_, i) => (
        <fieldset>
          <legend>{tr("tp_field_n", { n: i + 1 })}</legend>
          <div class="row">
            <div>
              <label for={`f${i}-key`}>{tr("tp_field_key")}</label>
              <input id={`f${i}-key`} name={`field.${i}.key`} maxlength={59} pattern="[a-z][a-z0-9_]*" autocomplete="off" value={f[`field.${i}.key`] ?? ""} />
            </div>
            <div>
              <label for={`f${i}-label`}>{tr("tp_field_label")}</label>
              <input id={`f${i}-label`} name={`field.${i}.label`} maxlength={200} value={f[`field.${i}.label`] ?? ""} />
            </div>
            <div>
              <label for={`f${i}-kind`}>{tr("tp_field_kind")}</label>
              <select id={`f${i}-kind`} name={`field.${i}.kind`}>
                {TEMPLATE_FIELD_KINDS.map((k) => (
                  <option value={k} selected={f[`field.${i}.kind`] === k}>
                    {k}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label for={`f${i}-options`}>{tr("tp_field_options")}</label>
          <input id={`f${i}-options`} name={`field.${i}.options`} aria-describedby={`f${i}-options-hint`} value={f[`field.${i}.options`] ?? ""} />
          <span class="hint" id={`f${i}-options-hint`}>
            {tr("tp_field_options_hint")}
          </span>
          <label class="choice" for={`f${i}-required`}>
            <input id={`f${i}-required`} name={`field.${i}.required`} type="checkbox" value="true" checked={f[`field.${i}.required`] === "true"} />
            {tr("tp_field_required")}
          </label>
          <FieldRules tr={tr} i={i} f={f} />
        </fieldset>
      ))}
    </fieldset>
  );
}

/** What the revise form starts from: the code's latest version, published. */
export type RevisedFrom = { code: string; version: number; name: string; kind: string; body: string; variables: string[]; pdf: boolean };

/**
 * Revising a template: the next version as a draft, started from the latest published one. A text
 * template's name, kind, text and variables can change; a PDF template keeps its file and page
 * pictures (its name and kind can change) and its fields are placed again in the editor. Fields,
 * grants and consent text carry over as they are.
 */
export function ReviseTemplateView(p: { v: Viewer; from: RevisedFrom; posted?: Record<string, string> }) {
  const tr = p.v.t;
  const f = { name: p.from.name, kind: p.from.kind, body: p.from.body, variables: p.from.variables.join(", "), ...p.posted };
  const next = { code: p.from.code, version: tr.num(p.from.version + 1), published: tr.num(p.from.version) };
  return (
    <form method="post" action="/app/templates/revise">
      <Csrf token={p.v.csrf} />
      <input type="hidden" name="code" value={p.from.code} />
      <p class="hint">{tr(p.from.pdf ? "tp_revise_pdf_hint" : "tp_revise_hint", next)}</p>
      <div class="row">
        <NameAndKind tr={tr} id="r" f={f} />
      </div>
      {p.from.pdf ? null : <TextAndVariables tr={tr} id="r" f={f} />}
      <ReasonsField tr={tr} id="r" f={f} />
      <button type="submit">{tr("tp_revise_save", next)}</button>
      <p>
        <a href="/app/templates">{tr("pdf_all_templates")}</a>
      </p>
    </form>
  );
}
