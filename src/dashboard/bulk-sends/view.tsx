/** @jsxImportSource hono/jsx */
/**
 * The views of bulk sends: the list, the form (a published template or a workflow, a CSV file),
 * and one bulk send's progress (its counts, a progress bar, each row's status and reason). The
 * progress page is whole without a script (a link draws it again); with one
 * (src/browser/bulk-progress.ts) it follows the JSON read every 1.5 seconds until the send is done.
 */
import { Csrf, Table, type Viewer } from "../frame";
import { can } from "../../domain/members";
import type { getBulkSend, recentBulkSends } from "../../domain/bulk-sends";
import type { listWorkflows } from "../../domain/workflows";
import type { Templates } from "../documents/view";
import { publishedChoices } from "../envelopes/view";
import { contentSecurityPolicy } from "../../http/page";
import { BULK_PROGRESS_JS } from "../../pages/scripts.generated";

type BulkSend = Awaited<ReturnType<typeof getBulkSend>>;
type BulkSends = Awaited<ReturnType<typeof recentBulkSends>>;
type Workflows = Awaited<ReturnType<typeof listWorkflows>>["workflows"];

/** The progress page's script reads its own origin. */
export const bulkPolicy = (nonce: string) => contentSecurityPolicy(nonce, [], { connect: true });

const json = (x: unknown) => JSON.stringify(x).replace(/</g, "\\u003c");

export function BulkSendForm(p: { v: Viewer; templates: Templates; workflows: Workflows; source: string }) {
  const t = p.v.t;
  const templates = publishedChoices(p.templates);
  const workflows = p.workflows.filter((w) => w.active);
  if (templates.length === 0 && workflows.length === 0)
    return (
      <p>
        {t("sd_no_template")} <a href="/app/templates">{t("sd_write_first")}</a>
      </p>
    );
  return (
    <form method="post" action="/app/bulk-sends" enctype="multipart/form-data">
      <Csrf token={p.v.csrf} />
      <p>{t("bk_intro")}</p>
      <label for="bk-source">{t("bk_source")}</label>
      <select id="bk-source" name="source" required>
        <option value="">{t("bk_choose")}</option>
        {templates.length ? (
          <optgroup label={t("bk_templates")}>
            {templates.map((c) => (
              <option value={`template:${c.code}`} selected={p.source === `template:${c.code}`}>
                {c.name} ({c.code}, v{c.version})
              </option>
            ))}
          </optgroup>
        ) : null}
        {workflows.length ? (
          <optgroup label={t("bk_workflows")}>
            {workflows.map((w) => (
              <option value={`workflow:${w.id}`} selected={p.source === `workflow:${w.id}`}>
                {w.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      <label for="bk-file">{t("bk_file")}</label>
      <input id="bk-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="bk-file-hint" />
      <p class="hint" id="bk-file-hint">
        {t("bk_file_hint")}
      </p>
      <button type="submit">{t("bk_send")}</button>
    </form>
  );
}

const stateText = (t: Viewer["t"], state: string) => t.maybe(`bk_state_${state}`, state);
const rowText = (t: Viewer["t"], status: string) => t.maybe(`bk_row_${status}`, status);

export function BulkSendView(p: { v: Viewer; b: BulkSend; nonce: string }) {
  const { b } = p;
  const t = p.v.t;
  const done = b.sent + b.failed;
  const running = b.state !== "done";
  const words = {
    states: { queued: stateText(t, "queued"), running: stateText(t, "running"), done: stateText(t, "done") },
    rows: { queued: rowText(t, "queued"), sent: rowText(t, "sent"), failed: rowText(t, "failed") },
    progress: t("bk_progress_text", { done: "{done}", total: "{total}" }),
    open: t("bk_open_document"),
  };
  return (
    <div id="bk" data-progress={`/app/bulk-sends/${b.bulk_send_id}/progress`} data-state={b.state}>
      <dl class="facts">
        <dt>{t("bk_state")}</dt>
        <dd class="status" data-status={b.state} id="bk-state">
          {stateText(t, b.state)}
        </dd>
        <dt>{t("bk_from")}</dt>
        <dd>{b.template_code ? <a href="/app/templates">{b.template_code}</a> : <a href={`/app/workflows/${b.workflow_id}`}>{b.workflow_id}</a>}</dd>
        <dt>{t("bk_total")}</dt>
        <dd id="bk-total">{t.num(b.total)}</dd>
        <dt>{t("bk_sent")}</dt>
        <dd id="bk-sent">{t.num(b.sent)}</dd>
        <dt>{t("bk_failed")}</dt>
        <dd id="bk-failed">{t.num(b.failed)}</dd>
        <dt>{t("doc_created")}</dt>
        <dd>{t.when(b.created_at)}</dd>
        <dt>{t("bk_finished")}</dt>
        <dd id="bk-finished">{b.finished_at ? t.when(b.finished_at) : "—"}</dd>
      </dl>
      <label for="bk-progress">{t("bk_progress")}</label>
      <progress id="bk-progress" max={b.total} value={done}>
        {t("bk_progress_text", { done: t.num(done), total: t.num(b.total) })}
      </progress>
      <p id="bk-progress-text" aria-live="polite">
        {t("bk_progress_text", { done: t.num(done), total: t.num(b.total) })}
      </p>
      {running ? (
        <p id="bk-refresh">
          <a href={`/app/bulk-sends/${b.bulk_send_id}`}>{t("bk_refresh")}</a>
        </p>
      ) : null}
      <h2>{t("bk_rows")}</h2>
      <Table
        label={t("bk_rows")}
        head={[t("bk_row"), t("doc_name"), t("email"), t("doc_status"), t("bk_outcome")]}
        empty="—"
        rows={b.rows.map((r) => [
          String(r.n),
          <bdi>{r.full_name}</bdi>,
          <bdi>{r.email}</bdi>,
          <span data-row-status={r.n} data-status={r.status}>
            {rowText(t, r.status)}
          </span>,
          <span data-row-outcome={r.n}>{r.document_id ? <a href={`/app/documents/${r.document_id}`}>{t("bk_open_document")}</a> : (r.error ?? "")}</span>,
        ])}
      />
      {running ? (
        <>
          <script type="application/json" id="bk-words" dangerouslySetInnerHTML={{ __html: json(words) }} />
          <script nonce={p.nonce} dangerouslySetInnerHTML={{ __html: BULK_PROGRESS_JS }} />
        </>
      ) : null}
    </div>
  );
}

/** The latest 50 bulk sends, newest first, with "New bulk send" for a role that may send. */
export function BulkSendsView(p: { v: Viewer; list: BulkSends }) {
  const t = p.v.t;
  return (
    <>
      {can(p.v.role, "documents.write") ? (
        <p>
          <a class="button" href="/app/bulk-sends/new">
            {t("bk_new")}
          </a>
        </p>
      ) : null}
      <Table
        label={t("bk_list")}
        head={[t("bk_from"), t("bk_state"), t("bk_total"), t("bk_sent"), t("bk_failed"), t("doc_created")]}
        empty={t("bk_none")}
        rows={p.list.map((b) => [
          <a href={`/app/bulk-sends/${b.id}`}>{b.templateCode ?? b.workflowId}</a>,
          <span class="status" data-status={b.state}>
            {stateText(t, b.state)}
          </span>,
          t.num(b.total),
          t.num(b.sent),
          t.num(b.failed),
          t.when(b.createdAt),
        ])}
      />
    </>
  );
}
