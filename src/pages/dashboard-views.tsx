/** @jsxImportSource hono/jsx */
/**
 * The content of each dashboard page. Every view takes what the domain functions returned (the
 * API's own shapes) and the viewer; forms are offered only to a role that may use them.
 */
import type { Child } from "hono/jsx";
import { DOCUMENT_STATUS_FILTERS, MEMBER_ROLES, MODES, SCOPES, TEMPLATE_KINDS, WEBHOOK_EVENTS } from "../domain/vocabulary";
import { can } from "../domain/members";
import type { getDocument, listDocuments } from "../domain/documents";
import type { listTemplates } from "../domain/templates";
import type { listDeliveries, listEndpoints } from "../domain/webhook-endpoints";
import type { listKeys } from "../domain/accounts";
import type { listMembers } from "../domain/members";
import type { usageThisMonth } from "../domain/quota";
import type { listWorkflows } from "../domain/workflows";
import { Csrf, Table, type Viewer } from "./dashboard";
import type { DashT } from "./dashboard-i18n";
import { RedactForm } from "./dashboard-retention";

type DocList = Awaited<ReturnType<typeof listDocuments>>;
type Doc = Awaited<ReturnType<typeof getDocument>>;
type Templates = Awaited<ReturnType<typeof listTemplates>>;

const qs = (o: Record<string, string | number | undefined>) => {
  const e = Object.entries(o).filter(([, v]) => v !== undefined && v !== "");
  return e.length ? `?${e.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&")}` : "";
};

/** A value shown once (a key, a webhook secret, signing links) with what to do about it. */
export function ShownOnce(p: { title: string; note: string; children?: Child }) {
  return (
    <section class="box ok" aria-labelledby="once-title">
      <h2 id="once-title">{p.title}</h2>
      <p>{p.note}</p>
      {p.children}
    </section>
  );
}

// ---- Documents ----

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
          </a>
        </p>
      ) : null}
      <form method="get" action="/app/documents" class="row" aria-label={t("doc_filter_label")}>
        <div>
          <label for="f-status">{t("doc_status")}</label>
          <select id="f-status" name="status">
            <option value="">{t("doc_any")}</option>
            {DOCUMENT_STATUS_FILTERS.map((s) => (
              <option value={s} selected={p.status === s}>
                {s}
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
        {list.total === 0
          ? t("doc_count_none")
          : list.total === 1
            ? t("doc_count_one")
            : t("doc_count_many", { count: t.num(list.total), from: t.num(list.offset + 1), to: t.num(list.offset + list.documents.length) })}
      </p>
      <Table
        label={t("nav_documents")}
        head={[t("doc_title"), t("doc_status"), t("doc_signed"), t("doc_waiting"), t("doc_sent"), t("doc_template")]}
        empty={t("doc_empty")}
        rows={list.documents.map((d) => [
          <a href={`/app/documents/${d.document_id}`}>{d.title}</a>,
          <span class="status">{d.status}</span>,
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
export const SEND_ROWS = 3;

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

export function SendView(p: { v: Viewer; template: { code: string; name: string; version: number; variables: string[] }; posted?: Record<string, string> }) {
  const f = p.posted ?? {};
  const t = p.v.t;
  return (
    <form method="post" action="/app/documents">
      <Csrf token={p.v.csrf} />
      <input type="hidden" name="template_code" value={p.template.code} />
      <p>
        {t("sd_from", { name: p.template.name, code: p.template.code, version: p.template.version })} <a href="/app/documents/new">{t("sd_other")}</a>
      </p>
      <label for="title">{t("sd_title")}</label>
      <input id="title" name="title" maxlength={200} value={f.title ?? ""} />
      {p.template.variables.length ? (
        <fieldset>
          <legend>{t("sd_values")}</legend>
          {p.template.variables.map((name) => (
            <>
              <label for={`var-${name}`}>{name}</label>
              <input id={`var-${name}`} name={`value.${name}`} required value={f[`value.${name}`] ?? ""} />
            </>
          ))}
        </fieldset>
      ) : null}
      {Array.from({ length: SEND_ROWS }, (_, i) => (
        <fieldset>
          <legend>{i === 0 ? t("doc_signer_n", { n: i + 1 }) : t("doc_signer_n_optional", { n: i + 1 })}</legend>
          <label for={`s${i}-name`}>{t("doc_full_name")}</label>
          <input id={`s${i}-name`} name={`signer.${i}.full_name`} autocomplete="off" required={i === 0} value={f[`signer.${i}.full_name`] ?? ""} />
          <label for={`s${i}-email`}>{t("email")}</label>
          <input id={`s${i}-email`} name={`signer.${i}.email`} type="email" autocomplete="off" required={i === 0} value={f[`signer.${i}.email`] ?? ""} />
        </fieldset>
      ))}
      <label class="choice" for="sequential">
        <input id="sequential" name="sequential" type="checkbox" value="true" checked={f.sequential === "true"} />
        {t("sd_sequential")}
      </label>
      <button type="submit">{t("doc_send_button")}</button>
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

export function DocumentView(p: { v: Viewer; d: Doc }) {
  const { d } = p;
  const open = d.status === "draft" || d.status === "sent";
  // Anything not completed may be voided (a declined or expired one too), unless it was redacted.
  const voidable = d.status !== "completed" && d.status !== "voided" && !d.events.some((e) => e.kind === "redacted");
  // Reminders and fresh links: for a sent document's pending signers (the rules decide the rest).
  const links = d.status === "sent" && can(p.v.role, "documents.write");
  const t = p.v.t;
  const when = t.when;
  return (
    <>
      <dl class="facts">
        <dt>{t("doc_status")}</dt>
        <dd class="status">{d.status}</dd>
        <dt>{t("doc_template")}</dt>
        <dd>
          {d.template_code} v{d.template_version}
        </dd>
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
          s.role,
          String(s.sign_order),
          s.status,
          s.signed_at ? when(s.signed_at) : s.declined_at ? `${when(s.declined_at)}: ${s.decline_reason ?? ""}` : "—",
          ...(links ? [s.status === "pending" && s.role !== "cc" ? <SignerLinkActions v={p.v} documentId={d.document_id} s={s} /> : ""] : []),
        ])}
      />
      <h2>{t("doc_trail")}</h2>
      <Table
        label={t("doc_trail")}
        head={[t("doc_when"), t("doc_what"), t("doc_who"), t("doc_address")]}
        empty={t("doc_no_events")}
        rows={d.events.map((e) => [when(e.occurred_at), e.kind + (e.signature_method ? ` (${e.signature_method})` : ""), e.signer_email ?? "—", e.ip ?? "—"])}
      />
      <h2>{t("doc_text")}</h2>
      <div class="doc">{d.body}</div>
      {voidable && can(p.v.role, "documents.write") ? (
        <>
          {d.status === "draft" ? <SendDraftView v={p.v} id={d.document_id} /> : null}
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

function SendDraftView(p: { v: Viewer; id: string }) {
  return (
    <form method="post" action={`/app/documents/${p.id}/send`}>
      <h2>{p.v.t("doc_send_draft")}</h2>
      <Csrf token={p.v.csrf} />
      {Array.from({ length: SEND_ROWS }, (_, i) => (
        <fieldset>
          <legend>{i === 0 ? p.v.t("doc_signer_n", { n: i + 1 }) : p.v.t("doc_signer_n_optional", { n: i + 1 })}</legend>
          <label for={`d${i}-name`}>{p.v.t("doc_full_name")}</label>
          <input id={`d${i}-name`} name={`signer.${i}.full_name`} autocomplete="off" required={i === 0} />
          <label for={`d${i}-email`}>{p.v.t("email")}</label>
          <input id={`d${i}-email`} name={`signer.${i}.email`} type="email" autocomplete="off" required={i === 0} />
        </fieldset>
      ))}
      <button type="submit">{p.v.t("doc_send_button")}</button>
    </form>
  );
}

// ---- Templates ----

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

/** A text template's text and variables (ids `<id>-body`, `<id>-vars`). */
function TextAndVariables({ tr, id, f }: TemplateForm) {
  return (
    <>
      <label for={`${id}-body`}>{tr("tp_text")}</label>
      <span class="hint" id={`${id}-body-hint`}>
        {tr("tp_text_hint")}
      </span>
      <textarea id={`${id}-body`} name="body" required rows={10} aria-describedby={`${id}-body-hint`}>
        {f.body ?? ""}
      </textarea>
      <label for={`${id}-vars`}>{tr("tp_variables")}</label>
      <span class="hint" id={`${id}-vars-hint`}>
        {tr("tp_variables_hint")}
      </span>
      <input id={`${id}-vars`} name="variables" aria-describedby={`${id}-vars-hint`} value={f.variables ?? ""} />
    </>
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
      <button type="submit">{tr("tp_revise_save", next)}</button>
      <p>
        <a href="/app/templates">{tr("pdf_all_templates")}</a>
      </p>
    </form>
  );
}

// ---- Webhooks ----

type Endpoints = Awaited<ReturnType<typeof listEndpoints>>["endpoints"];
type Deliveries = Awaited<ReturnType<typeof listDeliveries>>["deliveries"];

export function WebhooksView(p: { v: Viewer; endpoints: Endpoints; posted?: Record<string, string> }) {
  const t = p.v.t;
  return (
    <>
      <Table
        label={t("wh_endpoints")}
        head={[t("wh_url"), t("wh_events"), t("st_state"), t("wh_waiting"), t("wh_dead")]}
        empty={p.v.mode === "test" ? t("wh_none_test") : t("wh_none_live")}
        rows={p.endpoints.map((e) => [
          <a href={`/app/webhooks/${e.id}`}>{e.label ? `${e.label} (${e.url})` : e.url}</a>,
          e.events.join(", "),
          e.paused_at ? t("wh_paused_at", { when: t.when(e.paused_at) }) : e.active ? t("wh_active") : t("wh_inactive"),
          t.num(e.queued),
          t.num(e.dead),
        ])}
      />
      <form method="post" action="/app/webhooks">
        <h2>{t("wh_add")}</h2>
        <Csrf token={p.v.csrf} />
        <label for="w-url">{t("wh_url_https")}</label>
        <input id="w-url" name="url" type="url" required maxlength={2048} value={p.posted?.url ?? ""} />
        <label for="w-label">{t("wh_label_optional")}</label>
        <input id="w-label" name="label" maxlength={100} value={p.posted?.label ?? ""} />
        <fieldset>
          <legend>{t("wh_events")}</legend>
          <label class="choice" for="ev-all">
            <input id="ev-all" type="checkbox" name="events" value="*" />
            {t("wh_every")}
          </label>
          {WEBHOOK_EVENTS.filter((e) => e !== "signing.ping").map((e) => (
            <label class="choice" for={`ev-${e}`}>
              <input id={`ev-${e}`} type="checkbox" name="events" value={e} />
              {e}
            </label>
          ))}
        </fieldset>
        <button type="submit">{t("wh_add_button")}</button>
      </form>
    </>
  );
}

export function WebhookView(p: { v: Viewer; endpoint: Endpoints[number]; deliveries: Deliveries }) {
  const e = p.endpoint;
  const t = p.v.t;
  return (
    <>
      <dl class="facts">
        <dt>{t("wh_url")}</dt>
        <dd class="mono">{e.url}</dd>
        <dt>{t("wh_events")}</dt>
        <dd>{e.events.join(", ")}</dd>
        <dt>{t("st_state")}</dt>
        <dd>{e.paused_at ? t("wh_paused_after", { count: e.failures }) : e.active ? t("wh_active") : t("wh_inactive")}</dd>
        <dt>{t("wh_last_delivered")}</dt>
        <dd>{t.when(e.last_delivered_at)}</dd>
      </dl>
      <form method="post" action={`/app/webhooks/${e.id}/ping`} class="inline">
        <Csrf token={p.v.csrf} />
        <button type="submit">{t("wh_ping")}</button>
      </form>
      <form method="post" action={`/app/webhooks/${e.id}/rotate`} class="inline">
        <Csrf token={p.v.csrf} />
        <button type="submit" class="quiet">
          {t("wh_rotate")}
        </button>
      </form>
      <h2>{t("wh_last50")}</h2>
      <Table
        label={t("wh_deliveries")}
        head={[t("st_created"), t("wh_event"), t("wh_document"), t("doc_status"), t("wh_attempts"), t("wh_answer"), t("wh_replay")]}
        empty={t("wh_no_deliveries")}
        rows={p.deliveries.map((d) => [
          t.when(d.created_at),
          d.event + (d.replay_of ? ` ${t("wh_replayed")}` : ""),
          d.document_id ? <a href={`/app/documents/${d.document_id}`}>{d.document_title ?? d.document_id}</a> : "—",
          d.status,
          t.num(d.attempts),
          d.response_status ? String(d.response_status) : (d.last_error ?? "—"),
          ["delivered", "failed", "dead", "dropped"].includes(d.status) ? (
            <form method="post" action={`/app/webhooks/deliveries/${d.id}/replay`} class="inline">
              <Csrf token={p.v.csrf} />
              <input type="hidden" name="endpoint" value={e.id} />
              <button type="submit" class="quiet" aria-label={t("wh_replay_aria", { id: d.id })}>
                {t("wh_replay")}
              </button>
            </form>
          ) : (
            ""
          ),
        ])}
      />
    </>
  );
}

// ---- Keys ----

type Keys = Awaited<ReturnType<typeof listKeys>>["keys"];

export function KeysView(p: { v: Viewer; keys: Keys; posted?: Record<string, string> }) {
  const t = p.v.t;
  const when = t.when;
  return (
    <>
      <Table
        label={t("nav_keys")}
        head={[t("st_label"), t("st_starts"), t("st_mode"), t("st_scopes"), t("st_created"), t("st_state"), t("st_revoke")]}
        empty={t("st_no_keys")}
        rows={p.keys.map((k) => [
          k.label,
          <span class="mono">{k.key_prefix}…</span>,
          k.mode,
          k.scopes.join(", "),
          when(k.created_at),
          k.status === "revoked" ? t("st_revoked", { when: when(k.revoked_at), reason: k.revoke_reason ?? "" }) : k.status,
          k.status === "active" ? (
            <form method="post" action={`/app/keys/${k.key_id}/revoke`}>
              <Csrf token={p.v.csrf} />
              <label for={`r-${k.key_id}`}>{t("st_revoke_reason", { label: k.label })}</label>
              <input id={`r-${k.key_id}`} name="reason" required maxlength={500} />
              <button type="submit" class="danger">
                {t("st_revoke_button", { label: k.label })}
              </button>
            </form>
          ) : (
            ""
          ),
        ])}
      />
      <form method="post" action="/app/keys">
        <h2>{t("st_issue")}</h2>
        <Csrf token={p.v.csrf} />
        <label for="k-label">{t("st_label")}</label>
        <input id="k-label" name="label" required maxlength={100} value={p.posted?.label ?? ""} />
        <fieldset>
          <legend>{t("st_mode")}</legend>
          {MODES.map((m) => (
            <label class="choice" for={`k-mode-${m}`}>
              <input id={`k-mode-${m}`} type="radio" name="mode" value={m} checked={(p.posted?.mode ?? "test") === m} />
              {m === "test" ? t("st_mode_test") : t("st_mode_live")}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t("st_scopes")}</legend>
          {SCOPES.filter((s) => s !== "signing:device").map((s) => (
            <label class="choice" for={`k-${s}`}>
              <input id={`k-${s}`} type="checkbox" name="scopes" value={s} />
              {s}
            </label>
          ))}
        </fieldset>
        <label for="k-expires">{t("st_expires_on")}</label>
        <input id="k-expires" name="expires_on" type="date" value={p.posted?.expires_on ?? ""} />
        <button type="submit">{t("st_issue_button")}</button>
      </form>
    </>
  );
}

// ---- Members ----

type Members = Awaited<ReturnType<typeof listMembers>>;

export function MembersView(p: { v: Viewer; members: Members; posted?: Record<string, string> }) {
  const roles = MEMBER_ROLES.filter((r) => r !== "owner" || p.v.role === "owner");
  const t = p.v.t;
  return (
    <>
      <Table
        label={t("nav_members")}
        head={[t("doc_name"), t("email"), t("doc_role"), t("st_sign_in"), t("st_change_role")]}
        empty={t("st_no_members")}
        rows={p.members.map((m) => [
          m.full_name,
          m.email,
          t(`role_${m.role}`),
          m.locked_until ? t("st_locked", { when: t.when(m.locked_until) }) : m.has_password ? t("st_password_or_link") : t("st_email_link"),
          m.role !== "owner" || p.v.role === "owner" ? (
            <form method="post" action={`/app/members/${m.member_id}/role`} class="row">
              <Csrf token={p.v.csrf} />
              <div>
                <label for={`role-${m.member_id}`}>{t("st_role_of", { name: m.full_name })}</label>
                <select id={`role-${m.member_id}`} name="role">
                  {roles.map((r) => (
                    <option value={r} selected={m.role === r}>
                      {t(`role_${r}`)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit">{t("st_change")}</button>
            </form>
          ) : (
            t("st_owner_only")
          ),
        ])}
      />
      <form method="post" action="/app/members">
        <h2>{t("st_add_member")}</h2>
        <Csrf token={p.v.csrf} />
        <p class="hint">{t("st_add_hint")}</p>
        <label for="m-name">{t("doc_full_name")}</label>
        <input id="m-name" name="full_name" required maxlength={200} value={p.posted?.full_name ?? ""} />
        <label for="m-email">{t("email")}</label>
        <input id="m-email" name="email" type="email" required maxlength={254} value={p.posted?.email ?? ""} />
        <label for="m-role">{t("doc_role")}</label>
        <select id="m-role" name="role">
          {roles.map((r) => (
            <option value={r} selected={(p.posted?.role ?? "member") === r}>
              {t(`role_${r}`)}
            </option>
          ))}
        </select>
        <button type="submit">{t("st_add_button")}</button>
      </form>
    </>
  );
}

// ---- Usage ----

export function UsageView(p: { t: DashT; u: Awaited<ReturnType<typeof usageThisMonth>> }) {
  const { u, t } = p;
  const money = (cents: number | null) =>
    cents === null ? t("st_no_limit") : new Intl.NumberFormat(t.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  return (
    <dl class="facts">
      <dt>{t("st_plan")}</dt>
      <dd>
        {u.planName} ({u.plan})
      </dd>
      <dt>{t("st_month")}</dt>
      <dd>{u.period}</dd>
      <dt>{t("st_sent_live")}</dt>
      <dd>
        {t.num(u.agreements)} {u.included === null ? t("st_no_limit_plan") : t("st_of_included", { included: t.num(u.included) })}
      </dd>
      {u.included !== null ? (
        <>
          <dt>{t("st_beyond")}</dt>
          <dd>
            {u.overageCents === null
              ? t("st_no_overage")
              : t("st_overage", { count: t.num(u.overage), spent: money(u.overageSpentCents), limit: money(u.spendingLimitCents) })}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

// ---- My sign-in ----

export function AccountView(p: { v: Viewer; hasPassword: boolean; publicForms?: { dailyCap: number; turnstileSiteKey: string | null } }) {
  const t = p.v.t;
  return (
    <>
      <form method="post" action="/app/account/password">
        <h2>{p.hasPassword ? t("st_change_password") : t("st_set_password")}</h2>
        <Csrf token={p.v.csrf} />
        <input type="text" name="username" autocomplete="username" value={p.v.email} hidden />
        {p.hasPassword ? (
          <>
            <label for="current">{t("st_current_password")}</label>
            <input id="current" name="current" type="password" autocomplete="current-password" required />
          </>
        ) : null}
        <label for="new-password">{t("st_new_password")}</label>
        <span class="hint" id="new-password-hint">
          {t("st_password_hint")}
        </span>
        <input id="new-password" name="password" type="password" autocomplete="new-password" minlength={12} required aria-describedby="new-password-hint" />
        <button type="submit">{t("st_save_password")}</button>
      </form>
      <form method="post" action="/app/sign-out-everywhere">
        <h2>{t("st_sessions")}</h2>
        <Csrf token={p.v.csrf} />
        <p>{t("st_everywhere_note")}</p>
        <button type="submit" class="danger">
          {t("st_everywhere")}
        </button>
      </form>
      {p.publicForms && can(p.v.role, "account.manage") ? (
        <form method="post" action="/app/account/public-forms">
          <h2>{t("pfs_title")}</h2>
          <Csrf token={p.v.csrf} />
          <p>{t("pfs_intro")}</p>
          <label for="public-form-daily-cap">{t("pfs_daily_cap")}</label>
          <input id="public-form-daily-cap" name="public_form_daily_cap" type="number" min={0} max={1000000} value={String(p.publicForms.dailyCap)} required />
          <label for="turnstile-site-key">{t("pfs_site_key")}</label>
          <input id="turnstile-site-key" name="turnstile_site_key" maxlength={100} value={p.publicForms.turnstileSiteKey ?? ""} />
          <button type="submit">{t("pfs_save")}</button>
        </form>
      ) : null}
    </>
  );
}

export function ShownOnceSecret(p: { secret: string }) {
  return (
    <p class="secret" id="secret">
      {p.secret}
    </p>
  );
}

// ---- Workflows (read; the QR code of a public one) ----

type Workflows = Awaited<ReturnType<typeof listWorkflows>>["workflows"];

export function WorkflowsView(p: { v: Viewer; workflows: Workflows }) {
  const t = p.v.t;
  return (
    <>
      {can(p.v.role, "workflows.write") ? (
        <p>
          <a class="button" href="/app/workflows/new">
            {t("wf_new")}
          </a>
        </p>
      ) : null}
      <Table
        label={t("nav_workflows")}
        head={[t("tp_name"), t("tp_code"), t("doc_template"), t("wf_public_form"), t("wf_started"), t("wf_completed"), t("st_state")]}
        empty={t("wf_none")}
        rows={p.workflows.map((w) => [
          <a href={`/app/workflows/${w.id}`}>{w.name}</a>,
          w.code,
          w.template_code,
          w.public_url ?? t("wf_not_public"),
          t.num(w.started),
          t.num(w.completed),
          w.active ? t("wh_active") : t("wh_inactive"),
        ])}
      />
    </>
  );
}

export function WorkflowView(p: { v: Viewer; w: Workflows[number]; qrSvgBase64: string | null }) {
  const w = p.w;
  const t = p.v.t;
  return (
    <>
      {can(p.v.role, "workflows.write") ? (
        <p>
          <a class="button" href={`/app/workflows/${w.id}/edit`}>
            {t("wf_edit")}
          </a>
        </p>
      ) : null}
      <dl class="facts">
        <dt>{t("tp_code")}</dt>
        <dd>{w.code}</dd>
        <dt>{t("doc_template")}</dt>
        <dd>
          {w.template_code}
          {w.template_published ? "" : ` ${t("wf_not_published")}`}
        </dd>
        <dt>{t("wf_roles")}</dt>
        <dd>{w.signer_roles.map((r) => (r.participant ? t("wf_participant", { role: r.role }) : `${r.role}: ${r.full_name ?? ""}`)).join("; ")}</dd>
        <dt>{t("wf_order")}</dt>
        <dd>
          {w.sequential ? t("wf_one_after") : t("wf_any_order")}
          {w.countersign ? t("wf_countersigned") : ""}
        </dd>
        <dt>{t("wf_expiry")}</dt>
        <dd>
          {t("wf_days", { days: w.expires_days })}; {w.remind_after_days ? t("wf_reminders", { days: w.remind_after_days }) : t("wf_no_reminders")}
        </dd>
        <dt>{t("wf_fields")}</dt>
        <dd>
          {w.form_fields.length ? w.form_fields.map((f) => `${f.label} (${f.key}${f.required ? `, ${t("wf_required")}` : ""})`).join("; ") : t("wf_no_fields")}
        </dd>
        <dt>{t("wf_started_completed")}</dt>
        <dd>
          {t.num(w.started)} / {t.num(w.completed)}
        </dd>
        <dt>{t("st_state")}</dt>
        <dd>{w.active ? t("wh_active") : t("wh_inactive")}</dd>
        <dt>{t("wf_public_form")}</dt>
        <dd>{w.public_url ? <a href={w.public_url}>{w.public_url}</a> : t("wf_not_public")}</dd>
      </dl>
      {w.public_url && p.qrSvgBase64 ? (
        <section aria-labelledby="qr">
          <h2 id="qr">{t("wf_qr")}</h2>
          <img class="qr" src={`data:image/svg+xml;base64,${p.qrSvgBase64}`} alt={t("wf_qr_alt", { url: w.public_url })} width={240} height={240} />
          <ul>
            <li>
              <a href={`/app/workflows/${w.id}/qr.png`} download>
                {t("wf_qr_png")}
              </a>
            </li>
            <li>
              <a href={`/app/workflows/${w.id}/qr.svg`} download>
                {t("wf_qr_svg")}
              </a>
            </li>
          </ul>
        </section>
      ) : null}
    </>
  );
}
