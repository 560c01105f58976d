/** @jsxImportSource hono/jsx */
/**
 * The views of envelopes: the send form (a title, 2-20 documents each from a published template
 * with its values, the people as a document's send form asks them, expiry and order) and one
 * envelope's page (its documents, its people, its void form). The form works without a script:
 * "Add a document", "Show the values" and "Add a signer" are submits that bring it back with what
 * was typed.
 */
import { Csrf, Table, type Viewer } from "../frame";
import type { DashT } from "../../i18n";
import { can } from "../../domain/members";
import { ENVELOPE_MAX_DOCUMENTS, ENVELOPE_MIN_DOCUMENTS, type envelopeForPage, type listEnvelopes } from "../../domain/envelopes";
import type { Templates } from "../documents/view";
import { Recipients, SendButtons, rowsOf } from "../documents/send-form";
import { TemplateValues } from "../documents/values";

type Form = Record<string, string | undefined>;
type Envelope = Awaited<ReturnType<typeof envelopeForPage>>;
type Envelopes = Awaited<ReturnType<typeof listEnvelopes>>;

/** Document rows an envelope's form starts with (the fewest it may send), and the most it may have. */
const ENVELOPE_ROWS = ENVELOPE_MIN_DOCUMENTS;
const ENVELOPE_ROWS_MAX = ENVELOPE_MAX_DOCUMENTS;
/** How many document rows the posted form had (its hidden `documents`), within 2-20. */
export const documentRowsOf = (f: Form) => Math.min(ENVELOPE_ROWS_MAX, Math.max(ENVELOPE_ROWS, Number.parseInt(f.documents ?? "", 10) || ENVELOPE_ROWS));

/** The published templates to choose from: the newest published version of each code (the one a document is prepared from). */
export function publishedChoices(templates: Templates) {
  const out = new Map<string, Templates[number]>();
  for (const t of templates) if (t.is_published && !out.has(t.code)) out.set(t.code, t);
  return [...out.values()];
}

/** Where a refusal shows on the form: the part its message names (`title`, `documents.<row>`, `documents`, `signers`, `expires_at`), or the top. */
export type Refused = { part: string; text: string } | null;

const Problem = ({ id, refused, part }: { id: string; refused: Refused; part: string }) =>
  refused?.part === part ? (
    <div class="box bad" id={id} role="alert">
      <p>{refused.text}</p>
    </div>
  ) : null;

export function EnvelopeForm(p: { v: Viewer; templates: Templates; f: Form; rows?: number; documents?: number; attempt: string; refused?: Refused }) {
  const { f } = p;
  const t = p.v.t;
  const rows = p.rows ?? rowsOf(f);
  const docs = p.documents ?? documentRowsOf(f);
  const choices = publishedChoices(p.templates);
  const refused = p.refused ?? null;
  if (choices.length === 0)
    return (
      <p>
        {t("sd_no_template")} <a href="/app/templates">{t("sd_write_first")}</a>
      </p>
    );
  // After "Add a document", the new document's template has the focus.
  const focus = f.add_document ? docs - 1 : -1;
  return (
    <form method="post" action="/app/envelopes">
      <Csrf token={p.v.csrf} />
      <input type="hidden" name="attempt" value={p.attempt} />
      <input type="hidden" name="documents" value={String(docs)} />
      <p>{t("env_intro", { min: ENVELOPE_ROWS, max: ENVELOPE_ROWS_MAX })}</p>
      <label for="e-title">{t("env_title")}</label>
      <input
        id="e-title"
        name="title"
        required
        maxlength={200}
        value={f.title ?? ""}
        aria-invalid={refused?.part === "title" ? "true" : undefined}
        aria-describedby={refused?.part === "title" ? "e-title-problem" : undefined}
      />
      <Problem id="e-title-problem" refused={refused} part="title" />
      <h2 id="e-documents">{t("env_documents")}</h2>
      <Problem id="e-documents-problem" refused={refused} part="documents" />
      <p class="hint">{t("env_values_hint")}</p>
      {Array.from({ length: docs }, (_, i) => {
        const code = f[`documents.${i}.template_code`] ?? "";
        const chosen = choices.find((c) => c.code === code);
        return (
          <fieldset class="envelope-document">
            <legend>{t("env_document_n", { n: i + 1 })}</legend>
            <Problem id={`e${i}-problem`} refused={refused} part={`documents.${i}`} />
            <label for={`e${i}-template`}>{t("doc_template")}</label>
            <select
              id={`e${i}-template`}
              name={`documents.${i}.template_code`}
              required={i < ENVELOPE_ROWS}
              autofocus={focus === i}
              aria-invalid={refused?.part === `documents.${i}` ? "true" : undefined}
              aria-describedby={refused?.part === `documents.${i}` ? `e${i}-problem` : undefined}
            >
              <option value="">{t("env_choose_template")}</option>
              {choices.map((c) => (
                <option value={c.code} selected={c.code === code}>
                  {c.name} ({c.code}, v{c.version})
                </option>
              ))}
            </select>
            {chosen ? <TemplateValues t={t} variables={chosen.variables} f={f} prefix={`documents.${i}.values.`} idPrefix={`e${i}-var-`} /> : null}
          </fieldset>
        );
      })}
      <h2>{t("env_people")}</h2>
      <p class="hint">{t("env_people_note")}</p>
      <Problem id="e-signers-problem" refused={refused} part="signers" />
      <Recipients t={t} f={f} rows={rows} idPrefix="s" rowsOnly />
      <label class="choice" for="sequential">
        <input id="sequential" name="sequential" type="checkbox" value="true" checked={f.sequential === "true"} />
        {t("sd_sequential")}
      </label>
      <label for="e-expires">{t("env_expires")}</label>
      <input
        id="e-expires"
        name="expires_on"
        type="date"
        value={f.expires_on ?? ""}
        aria-describedby={refused?.part === "expires_at" ? "e-expires-hint e-expires-problem" : "e-expires-hint"}
        aria-invalid={refused?.part === "expires_at" ? "true" : undefined}
      />
      <span class="hint" id="e-expires-hint">
        {t("env_expires_hint")}
      </span>
      <Problem id="e-expires-problem" refused={refused} part="expires_at" />
      <SendButtons t={t} f={f} rows={rows} rowsOnly send={t("env_send")} />
      <button type="submit" name="show_values" value="1" class="quiet" formnovalidate>
        {t("env_show_values")}
      </button>
      {docs < ENVELOPE_ROWS_MAX ? (
        <button type="submit" name="add_document" value="1" class="quiet" formnovalidate>
          {t("env_add_document")}
        </button>
      ) : (
        <p class="hint">{t("env_documents_max", { n: ENVELOPE_ROWS_MAX })}</p>
      )}
    </form>
  );
}

const roleOf = (t: DashT, role: string) => (role === "witness" ? t("sd_role_witness") : t.maybe(`doc_role_${role}`, role));

export function EnvelopeView(p: { v: Viewer; e: Envelope }) {
  const { e } = p;
  const t = p.v.t;
  const voidable = e.status !== "completed" && e.status !== "voided" && can(p.v.role, "documents.write");
  return (
    <>
      <dl class="facts">
        <dt>{t("doc_status")}</dt>
        <dd class="status" data-status={e.status}>
          {t.maybe(`doc_st_${e.status}`, e.status)}
        </dd>
        <dt>{t("doc_created")}</dt>
        <dd>{t.when(e.created_at)}</dd>
        <dt>{t("doc_expires")}</dt>
        <dd>{t.when(e.expires_at)}</dd>
        {e.void_reason ? (
          <>
            <dt>{t("doc_voided")}</dt>
            <dd>
              {t.when(e.voided_at)}: {e.void_reason}
            </dd>
          </>
        ) : null}
        {e.verification_code ? (
          <>
            <dt>{t("doc_verification_code")}</dt>
            <dd>
              <span class="mono">{e.verification_code}</span> <a href={`/verify/${encodeURIComponent(e.verification_code)}`}>{t("doc_verify_link")}</a>
            </dd>
          </>
        ) : null}
      </dl>
      <h2>{t("env_documents")}</h2>
      <Table
        label={t("env_documents")}
        head={[t("env_document"), t("doc_title"), t("doc_status")]}
        empty="—"
        rows={e.documents.map((d, i) => [
          String(i + 1),
          <a href={`/app/documents/${d.document_id}`}>{e.titles[i] ?? d.document_id}</a>,
          <span class="status" data-status={d.status}>
            {t.maybe(`doc_st_${d.status}`, d.status)}
          </span>,
        ])}
      />
      <h2>{t("env_people")}</h2>
      <Table
        label={t("env_people")}
        head={[t("doc_name"), t("email"), t("doc_role"), t("doc_order"), t("doc_status")]}
        empty="—"
        rows={e.signers.map((s) => [
          s.full_name,
          s.email,
          <span data-role={s.role}>{roleOf(t, s.role)}</span>,
          String(s.sign_order),
          <span data-status={s.status}>{t.maybe(`doc_signer_st_${s.status}`, s.status)}</span>,
        ])}
      />
      {voidable ? (
        <form method="post" action={`/app/envelopes/${e.envelope_id}/void`}>
          <h2>{t("env_void")}</h2>
          <p class="hint">{t("env_void_note")}</p>
          <Csrf token={p.v.csrf} />
          <label for="void-reason">{t("doc_void_reason")}</label>
          <input id="void-reason" name="reason" required maxlength={500} />
          <button type="submit" class="danger">
            {t("env_void_button")}
          </button>
        </form>
      ) : null}
    </>
  );
}

/** The latest 50 envelopes, newest first, with "New envelope" for a role that may send. */
export function EnvelopesView(p: { v: Viewer; list: Envelopes }) {
  const t = p.v.t;
  return (
    <>
      {can(p.v.role, "documents.write") ? (
        <p>
          <a class="button" href="/app/envelopes/new">
            {t("env_new")}
          </a>
        </p>
      ) : null}
      <Table
        label={t("env_list")}
        head={[t("doc_title"), t("doc_status"), t("env_documents"), t("doc_created")]}
        empty={t("env_none")}
        rows={p.list.map((e) => [
          <a href={`/app/envelopes/${e.envelope_id}`}>{e.title}</a>,
          <span class="status" data-status={e.status}>
            {t.maybe(`doc_st_${e.status}`, e.status)}
          </span>,
          t.num(e.documents),
          t.when(e.created_at),
        ])}
      />
    </>
  );
}
