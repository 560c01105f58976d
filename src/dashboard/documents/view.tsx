/** @jsxImportSource hono/jsx */
/** The views of documents: the list, sending from a template, one document (reminders, fresh links, void) and its downloads. */
import { Csrf, ShownOnce, Table, type Viewer } from "../frame";
import { DOCUMENT_STATUS_FILTERS } from "../../domain/vocabulary";
import type { DashT } from "../../i18n";
import { RedactForm } from "../retention/view";
import { CorrectSigners } from "./correct";
import { can } from "../../domain/members";
import type { getDocument, listDocuments } from "../../domain/documents";
import type { listTemplates } from "../../domain/templates";
import { Recipients, SendButtons, rowsOf } from "./send-form";
import { SignerDid, SignerRole, signerWhen } from "./signers";
import { TemplateValues } from "./values";

type DocList = Awaited<ReturnType<typeof listDocuments>>;
type Doc = Awaited<ReturnType<typeof getDocument>>;
export type Templates = Awaited<ReturnType<typeof listTemplates>>;

const qs = (o: Record<string, string | number | undefined>) => {
  const e = Object.entries(o).filter(([, v]) => v !== undefined && v !== "");
  return e.length ? `?${e.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&")}` : "";
};

export function DocumentsView(p: { v: Viewer; list: DocList; status?: string; q?: string }) {
  const { list } = p;
  const t = p.v.t;
  const prev = list.offset > 0 ? Math.max(0, list.offset - list.limit) : null;
  const next = list.has_more ? list.offset + list.limit : null;
  return (
    <>
      {can(p.v.role, "documents.write") ? (
        <p>
          <a class="button" href="/app/documents/new">
            {t("doc_send")}
          </a>{" "}
          <a class="button" href="/app/envelopes/new">
            {t("env_new")}
          </a>{" "}
          <a class="button" href="/app/bulk-sends/new">
            {t("bk_new")}
          </a>
        </p>
      ) : null}
      <p>
        <a href="/app/envelopes">{t("env_list")}</a> · <a href="/app/bulk-sends">{t("bk_list")}</a>
      </p>
      <form method="get" action="/app/documents" class="row" aria-label={t("doc_filter_label")}>
        <div>
          <label for="f-status">{t("doc_status")}</label>
          <select id="f-status" name="status">
            <option value="">{t("doc_any")}</option>
            {DOCUMENT_STATUS_FILTERS.map((s) => (
              <option value={s} selected={p.status === s}>
                {t.maybe(`doc_st_${s}`, s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="f-q">{t("doc_q")}</label>
          <input id="f-q" name="q" type="search" value={p.q ?? ""} maxlength={200} />
        </div>
        <button type="submit">{t("doc_filter")}</button>
      </form>
      <p role="status">
        {list.total === 0 ? t("doc_count_none") : t("doc_count", { count: list.total, from: list.offset + 1, to: list.offset + list.documents.length })}
      </p>
      <Table
        label={t("nav_documents")}
        head={[t("doc_title"), t("doc_status"), t("doc_signed"), t("doc_waiting"), t("doc_sent"), t("doc_template")]}
        empty={t("doc_empty")}
        rows={list.documents.map((d) => [
          <a href={`/app/documents/${d.document_id}`}>{d.title}</a>,
          <DocStatus t={t} status={d.status} />,
          t("doc_signed_of", { signed: d.signed, total: d.signers }),
          d.waiting_on ?? "—",
          t.when(d.sent_at),
          `${d.template_code} v${d.template_version}`,
        ])}
      />
      <nav aria-label={t("doc_pages")}>
        <ul>
          {prev !== null ? (
            <li>
              <a href={`/app/documents${qs({ status: p.status, q: p.q, offset: prev || undefined })}`}>{t("doc_newer")}</a>
            </li>
          ) : null}
          {next !== null ? (
            <li>
              <a href={`/app/documents${qs({ status: p.status, q: p.q, offset: next })}`}>{t("doc_older")}</a>
            </li>
          ) : null}
        </ul>
      </nav>
    </>
  );
}

export type SignerRow = { full_name: string; email: string };
export { SEND_ROWS, SIGNERS_MAX, oneMoreRow, rowsOf } from "./send-form";

export function ChooseTemplateView(p: { t: DashT; templates: Templates }) {
  const tr = p.t;
  const published = p.templates.filter((t) => t.is_published);
  const codes = [...new Map(published.map((t) => [t.code, t] as const)).values()];
  if (codes.length === 0)
    return (
      <p>
        {tr("sd_no_template")} <a href="/app/templates">{tr("sd_write_first")}</a>
      </p>
    );
  return (
    <form method="get" action="/app/documents/new">
      <label for="template">{tr("doc_template")}</label>
      <select id="template" name="template" required>
        {codes.map((t) => (
          <option value={t.code}>
            {t.name} ({t.code}, v{t.version})
          </option>
        ))}
      </select>
      <button type="submit">{tr("sd_continue")}</button>
    </form>
  );
}

export function SendView(p: {
  v: Viewer;
  template: { code: string; name: string; version: number; variables: string[] };
  posted?: Record<string, string>;
  rows?: number;
}) {
  const f = p.posted ?? {};
  const t = p.v.t;
  const rows = p.rows ?? rowsOf(f);
  return (
    <form method="post" action="/app/documents">
      <Csrf token={p.v.csrf} />
      <input type="hidden" name="template_code" value={p.template.code} />
      <p>
        {t("sd_from", { name: p.template.name, code: p.template.code, version: p.template.version })} <a href="/app/documents/new">{t("sd_other")}</a>
      </p>
      <label for="title">{t("sd_title")}</label>
      <input id="title" name="title" maxlength={200} value={f.title ?? ""} />
      <TemplateValues t={t} variables={p.template.variables} f={f} prefix="value." idPrefix="var-" />
      <Recipients t={t} f={f} rows={rows} idPrefix="s" idCheck={p.v.idCheck} />
      <label class="choice" for="sequential">
        <input id="sequential" name="sequential" type="checkbox" value="true" checked={f.sequential === "true"} />
        {t("sd_sequential")}
      </label>
      <SendButtons t={t} f={f} rows={rows} />
    </form>
  );
}

export function SentView(p: { t: DashT; documentId: string; links: { email: string; token: string }[]; baseUrl: string }) {
  return (
    <ShownOnce title={p.t("sd_sent")} note={p.t("sd_links_once")}>
      <ul>
        {p.links.map((l) => (
          <li>
            {l.email}: <span class="mono">{`${p.baseUrl}/s/${l.token}`}</span>
          </li>
        ))}
      </ul>
      <p>
        <a href={`/app/documents/${p.documentId}`}>{p.t("sd_open")}</a>
      </p>
    </ShownOnce>
  );
}

/** A document's status in the member's language; the raw value stays in `data-status` for styles and tests. */
function DocStatus(p: { t: DashT; status: string }) {
  return (
    <span class="status" data-status={p.status}>
      {p.t.maybe(`doc_st_${p.status}`, p.status)}
    </span>
  );
}

/** A trail entry's kind (and signature method) in the member's language; an unknown one shows as stored. */
function EventWhat(p: { t: DashT; kind: string; method?: string | null }) {
  const what = p.t.maybe(`doc_ev_${p.kind}`, p.kind);
  return <span data-kind={p.kind}>{p.method ? `${what} (${p.t.maybe(`doc_method_${p.method}`, p.method)})` : what}</span>;
}

/** `verificationCode`: a completed document's certificate code, shown with its public verification page. */
export function DocumentView(p: { v: Viewer; d: Doc; verificationCode?: string | null; send?: DraftSend }) {
  const { d } = p;
  const open = d.status === "draft" || d.status === "sent";
  // Anything not completed may be voided (a declined or expired one too), unless it was redacted.
  // A document of an envelope is voided with its envelope, and issues no link of its own.
  const voidable = d.status !== "completed" && d.status !== "voided" && !d.events.some((e) => e.kind === "redacted") && !d.envelope_id;
  // Reminders and fresh links: for a sent document's pending signers (the rules decide the rest).
  const links = d.status === "sent" && can(p.v.role, "documents.write") && !d.envelope_id;
  const t = p.v.t;
  const when = t.when;
  return (
    <>
      <dl class="facts">
        <dt>{t("doc_status")}</dt>
        <dd class="status" data-status={d.status}>
          {t.maybe(`doc_st_${d.status}`, d.status)}
        </dd>
        <dt>{t("doc_template")}</dt>
        <dd>
          {d.template_code} v{d.template_version}
        </dd>
        {d.envelope_id ? (
          <>
            <dt>{t("env_part_of")}</dt>
            <dd>
              <a href={`/app/envelopes/${d.envelope_id}`}>{d.envelope_id}</a>
            </dd>
          </>
        ) : null}
        <dt>{t("doc_created")}</dt>
        <dd>{when(d.created_at)}</dd>
        <dt>{t("doc_sent")}</dt>
        <dd>{when(d.sent_at)}</dd>
        <dt>{t("doc_expires")}</dt>
        <dd>{when(d.expires_at)}</dd>
        {d.completed_at ? (
          <>
            <dt>{t("doc_completed")}</dt>
            <dd>{when(d.completed_at)}</dd>
          </>
        ) : null}
        {d.void_reason ? (
          <>
            <dt>{t("doc_voided")}</dt>
            <dd>
              {when(d.voided_at)}: {d.void_reason}
            </dd>
          </>
        ) : null}
        <dt>{t("doc_fingerprint")}</dt>
        <dd class="mono">{d.body_sha256}</dd>
        <dt>{t("doc_unchanged")}</dt>
        <dd>{d.integrity_ok ? t("doc_yes") : t("doc_changed")}</dd>
        {p.verificationCode ? (
          <>
            <dt>{t("doc_verification_code")}</dt>
            <dd>
              <span class="mono">{p.verificationCode}</span> <a href={`/verify/${encodeURIComponent(p.verificationCode)}`}>{t("doc_verify_link")}</a>
            </dd>
          </>
        ) : null}
      </dl>
      {d.status === "completed" ? (
        <section aria-labelledby="downloads">
          <h2 id="downloads">{t("doc_downloads")}</h2>
          <ul>
            <li>
              <a href={`/app/documents/${d.document_id}/pdf`} download>
                {t("doc_sealed")}
              </a>
            </li>
            <li>
              <a href={`/app/documents/${d.document_id}/bundle`} download>
                {t("doc_bundle")}
              </a>
            </li>
          </ul>
        </section>
      ) : null}
      <h2>{t("doc_signers")}</h2>
      <Table
        label={t("doc_signers")}
        head={[t("doc_name"), t("email"), t("doc_role"), t("doc_order"), t("doc_status"), t("doc_signed_declined"), ...(links ? [t("doc_link")] : [])]}
        empty={t("doc_no_signers")}
        rows={d.signers.map((s) => [
          s.full_name,
          s.email,
          <SignerRole t={t} s={s} all={d.signers} />,
          String(s.sign_order),
          <SignerDid t={t} s={s} all={d.signers} />,
          signerWhen(t, s),
          ...(links ? [linkable(s, d.signers) ? <SignerLinkActions v={p.v} documentId={d.document_id} s={s} /> : ""] : []),
        ])}
      />
      {links ? <CorrectSigners v={p.v} d={d} /> : null}
      <h2>{t("doc_trail")}</h2>
      <Table
        label={t("doc_trail")}
        head={[t("doc_when"), t("doc_what"), t("doc_who"), t("doc_address")]}
        empty={t("doc_no_events")}
        rows={d.events.map((e) => [when(e.occurred_at), <EventWhat t={t} kind={e.kind} method={e.signature_method} />, e.signer_email ?? "—", e.ip ?? "—"])}
      />
      <h2>{t("doc_text")}</h2>
      {d.status === "draft" ? (
        <p class="box" id="draft-fixed">
          {t("doc_draft_fixed")}
        </p>
      ) : null}
      <div class="doc">{d.body}</div>
      {voidable && can(p.v.role, "documents.write") ? (
        <>
          {d.status === "draft" ? <SendDraftView v={p.v} id={d.document_id} send={p.send} /> : null}
          <form method="post" action={`/app/documents/${d.document_id}/void`}>
            <h2>{t("doc_void")}</h2>
            <Csrf token={p.v.csrf} />
            <label for="void-reason">{t("doc_void_reason")}</label>
            <input id="void-reason" name="reason" required maxlength={500} />
            <button type="submit" class="danger">
              {t("doc_void_button")}
            </button>
          </form>
        </>
      ) : null}
      {!open && can(p.v.role, "retention.manage") && !d.events.some((e) => e.kind === "redacted") ? <RedactForm v={p.v} documentId={d.document_id} /> : null}
    </>
  );
}

/** Whether a signer can still be sent a link: pending, not cc, not delegated away, and (a group's member) nobody signed for the group. */
const linkable = (s: Doc["signers"][number], all: Doc["signers"]) =>
  s.status === "pending" && s.role !== "cc" && !s.delegated_to && !(s.group_id && all.some((o) => o.group_id === s.group_id && o.status === "signed"));

function SignerLinkActions(p: { v: Viewer; documentId: string; s: Doc["signers"][number] }) {
  const base = `/app/documents/${p.documentId}/signers/${p.s.signer_id}`;
  return (
    <>
      <form method="post" action={`${base}/remind`} class="inline">
        <Csrf token={p.v.csrf} />
        <button type="submit" class="quiet" aria-label={p.v.t("doc_remind_aria", { name: p.s.full_name })}>
          {p.v.t("doc_remind")}
        </button>
      </form>
      <form method="post" action={`${base}/link`} class="inline">
        <Csrf token={p.v.csrf} />
        <button type="submit" class="quiet" aria-label={p.v.t("doc_fresh_aria", { name: p.s.full_name })}>
          {p.v.t("doc_fresh")}
        </button>
      </form>
    </>
  );
}

/** What the draft's send form shows again: what was typed, and how many signer rows. */
export type DraftSend = { posted: Record<string, string | undefined>; rows: number };

function SendDraftView(p: { v: Viewer; id: string; send?: DraftSend }) {
  const f = p.send?.posted ?? {};
  const rows = p.send?.rows ?? rowsOf(f);
  return (
    <form method="post" action={`/app/documents/${p.id}/send`}>
      <h2>{p.v.t("doc_send_draft")}</h2>
      <Csrf token={p.v.csrf} />
      <Recipients t={p.v.t} f={f} rows={rows} idPrefix="d" idCheck={p.v.idCheck} />
      <SendButtons t={p.v.t} f={f} rows={rows} />
    </form>
  );
}
