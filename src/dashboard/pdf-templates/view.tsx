/** @jsxImportSource hono/jsx */
/**
 * The dashboard's PDF templates (docs/dashboard.md, "Dashboard: PDF templates"): the upload form
 * on the templates page and the placement editor of one version. The pictures of the pages are
 * drawn in the member's browser with pdf.js (src/browser/pdf-tools.ts); without a script the
 * upload still stores the file, and the editor page says the pages must be drawn.
 */
import { Csrf, type Viewer } from "../frame";
import type { DashKey } from "../../i18n";
import { PDFJS_BASE, PDFJS_SCRIPT, PDFJS_WORKER } from "../../pages/assets";
import { PDF_TOOLS_JS } from "../../pages/scripts.generated";
import type { PdfTemplateInfo } from "../../domain/pdf-templates";
import { TEMPLATE_FIELD_KINDS, TEMPLATE_KINDS } from "../../domain/vocabulary";
import type { PdfNotRead, TemplateField } from "../../db/schema";
import { can } from "../../domain/members";
import { contentSecurityPolicy } from "../../http/page";
import { catalogue } from "../../i18n";
import { FieldPanel } from "./field-panel";

/**
 * The policy of the pages that run pdf.js: the pages' own, plus pdf.js's worker from this origin,
 * fetches to this origin (uploading the file and the pictures, reading the file back) and fonts
 * from this origin (pdf.js's standard fonts, for PDFs that name a font without embedding it).
 */
export const pdfToolPolicy = (nonce: string) => `${contentSecurityPolicy(nonce)}; worker-src 'self'; connect-src 'self'; font-src 'self'`;

/** The editor's rules on top of the dashboard's style sheet (logical properties: right-to-left ready). */
export const PDF_CSS = `
.pgs{display:flex;flex-direction:column;gap:1.5rem;margin-block:1rem}
.pg figcaption{font-weight:600;margin-block-end:.25rem}
.pg-in{position:relative;inline-size:100%;max-inline-size:60rem;border:1px solid #5f5f6b;background:#fff;touch-action:none;user-select:none}
.pg-in img{display:block;inline-size:100%;block-size:100%;pointer-events:none}
.pg-in .missing{display:flex;align-items:center;justify-content:center;block-size:100%;color:var(--muted);padding:1rem}
.fbox{position:absolute;border:2px solid var(--accent);background:rgba(11,87,208,.12);cursor:move;overflow:visible;font-size:.75rem;line-height:1.2;color:#0b2a66;direction:ltr}
.fbox .lbl{display:block;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;padding-inline:.15rem;unicode-bidi:plaintext}
.fbox.party{border-color:var(--pc);color:var(--pc);background:color-mix(in srgb,var(--pc) 12%,transparent)}
.fbox .pty{font-weight:700;unicode-bidi:isolate}
.fbox.sel{border-color:var(--fg);background:rgba(11,87,208,.22)}
.fbox.sel.party{border-color:var(--fg);color:var(--fg);background:color-mix(in srgb,var(--pc) 22%,transparent)}
.fbox:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
.hdl{position:absolute;inline-size:12px;block-size:12px;background:var(--fg);border:1px solid #fff}
.hdl.nw{inset-block-start:-7px;inset-inline-start:-7px;cursor:nwse-resize}
.hdl.se{inset-block-end:-7px;inset-inline-end:-7px;cursor:nwse-resize}
progress{inline-size:100%;block-size:1rem}
#field-rows td{white-space:nowrap}
#field-rows select[id^="party-"]{width:auto;min-inline-size:9rem}
#field-rows input[id^="role-"]{width:12rem;margin-block-start:.25rem}
#place-live{position:sticky;inset-block-end:0;z-index:1;pointer-events:none;margin:0;min-block-size:1.5em;padding-block:.25rem;background:var(--bg);border-block-start:1px solid var(--line)}
#place-live:empty{border-color:transparent}
`
  .replace(/\n/g, "")
  .trim();

const json = (x: unknown) => JSON.stringify(x).replace(/</g, "\\u003c");

/** The settings the page script reads (a data block: never executed). */
function Config(p: { data: Record<string, unknown> }) {
  return <script type="application/json" id="pdf-cfg" dangerouslySetInnerHTML={{ __html: json(p.data) }} />;
}

/** The catalogue's `pdf_js_` keys: the script's words, handed over without the prefix, `{placeholders}` unfilled. */
const SCRIPT_KEYS = Object.keys(catalogue("en").dashboard.pdf).filter((k) => k.startsWith("pdf_js_")) as DashKey[];
const scriptWords = (t: Viewer["t"]) => Object.fromEntries(SCRIPT_KEYS.map((k) => [k.slice("pdf_js_".length), t(k)]));

function Scripts(p: { nonce: string; v: Viewer; data: Record<string, unknown> }) {
  return (
    <>
      <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: PDF_CSS }} />
      <Config data={{ pdfjs: PDFJS_SCRIPT, worker: PDFJS_WORKER, base: PDFJS_BASE, csrf: p.v.csrf, lang: p.v.t.lang, words: scriptWords(p.v.t), ...p.data }} />
      <script nonce={p.nonce} dangerouslySetInnerHTML={{ __html: PDF_TOOLS_JS }} />
    </>
  );
}

export type PdfTemplateRow = { template_id: string; code: string; name: string; version: number; is_published: boolean; is_latest: boolean };

/** The templates page's PDF part: the PDF templates with their editor, and the upload form. */
export function PdfTemplatesSection(p: { nonce: string; v: Viewer; pdfs: PdfTemplateRow[]; posted?: Record<string, string> }) {
  const write = can(p.v.role, "templates.write");
  const f = p.posted ?? {};
  const t = p.v.t;
  return (
    <section aria-labelledby="pdf-heading">
      <h2 id="pdf-heading">{t("pdf_heading")}</h2>
      {p.pdfs.length ? (
        <ul>
          {p.pdfs.map((x) => (
            <li>
              <a href={`/app/templates/${x.template_id}/place`}>
                {t(x.is_published ? "pdf_item_published" : "pdf_item_draft", { name: x.name, code: x.code, version: t.num(x.version) })}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("pdf_none")}</p>
      )}
      {write ? (
        <form id="pdf-upload" method="post" action="/app/templates/pdf" enctype="multipart/form-data">
          <h3>{t("pdf_upload")}</h3>
          <Csrf token={p.v.csrf} />
          <p class="hint" id="pdf-upload-hint">
            {t("pdf_upload_hint")}
          </p>
          <div class="row">
            <div>
              <label for="p-code">{t("tp_code")}</label>
              <input id="p-code" name="code" required maxlength={64} pattern="[a-z][a-z0-9_\-]*" value={f.code ?? ""} />
            </div>
            <div>
              <label for="p-name">{t("tp_name")}</label>
              <input id="p-name" name="name" required maxlength={200} value={f.name ?? ""} />
            </div>
            <div>
              <label for="p-kind">{t("tp_kind")}</label>
              <select id="p-kind" name="kind">
                {TEMPLATE_KINDS.map((k) => (
                  <option value={k} selected={(f.kind ?? "contract") === k}>
                    {k}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label for="p-fields">{t("pdf_read_label")}</label>
          <select id="p-fields" name="fields" aria-describedby="p-fields-hint">
            {(
              [
                ["both", "pdf_read_both"],
                ["tags", "pdf_read_tags"],
                ["acroform", "pdf_read_acroform"],
                ["", "pdf_read_no"],
              ] as const
            ).map(([value, key]) => (
              <option value={value} selected={(f.fields ?? "both") === value}>
                {t(key)}
              </option>
            ))}
          </select>
          <p class="hint" id="p-fields-hint">
            {t("pdf_read_hint")}
          </p>
          <label for="p-file">{t("pdf_file_label")}</label>
          <input id="p-file" name="file" type="file" accept="application/pdf,.pdf" required aria-describedby="pdf-upload-hint" />
          <button type="submit">{t("pdf_upload_button")}</button>
          <progress id="pdf-bar" max={1} value={0} hidden aria-label={t("pdf_pages_drawn")} />
          <p id="pdf-status" role="status" aria-live="polite" />
          <p>
            <a id="pdf-open" href="/app/templates" hidden>
              {t("pdf_open")}
            </a>
          </p>
        </form>
      ) : null}
      {write ? <Scripts nonce={p.nonce} v={p.v} data={{}} /> : null}
    </section>
  );
}

/** Field kinds the editor's "Add a field" offers: every kind (options, rules and formulas are set in the field's panel). */
const ADDABLE_KINDS = TEMPLATE_FIELD_KINDS;

export type EditorTemplate = { template_id: string; code: string; name: string; version: number; is_published: boolean; fields: TemplateField[] };

/** The placement editor of one version of a PDF template. */
export function PlacementView(p: {
  nonce: string;
  v: Viewer;
  t: EditorTemplate;
  info: PdfTemplateInfo;
  drawn: number[];
  fields: unknown[];
  notRead: PdfNotRead[];
}) {
  const write = can(p.v.role, "templates.write") && !p.t.is_published;
  const drawn = new Set(p.drawn);
  const pages = p.info.pages.map((pg) => ({ ...pg, drawn: drawn.has(pg.n) }));
  const missing = pages.filter((pg) => !pg.drawn).length;
  const base = `/app/templates/${p.t.template_id}`;
  const t = p.v.t;
  const version = { code: p.t.code, version: t.num(p.t.version) };
  return (
    <>
      <dl class="facts">
        <dt>{t("tp_code")}</dt>
        <dd>{t(p.t.is_published ? "pdf_version_published" : "pdf_version_draft", version)}</dd>
        <dt>{t("pdf_file")}</dt>
        <dd>{t("pdf_file_facts", { name: p.info.original_name ?? "", bytes: t.num(p.info.bytes), when: t.when(p.info.uploaded_at) })}</dd>
        <dt>SHA-256</dt>
        <dd class="mono">{p.info.sha256}</dd>
        <dt>{t("pdf_pages_drawn")}</dt>
        <dd id="drawn-count">
          {p.info.drawn}/{p.info.page_count}
          {p.info.ready ? ` ${t("pdf_ready")}` : ""}
        </dd>
      </dl>
      {missing && write ? (
        <div class="box warn">
          <p>{t("pdf_missing", { missing, count: p.info.page_count })}</p>
          <button type="button" id="pdf-redraw" hidden>
            {t("pdf_redraw")}
          </button>
          <progress id="pdf-bar" max={1} value={0} hidden aria-label={t("pdf_pages_drawn")} />
          <p id="pdf-status" role="status" aria-live="polite" />
        </div>
      ) : null}
      {p.notRead.length && !p.t.is_published ? (
        <section class="box warn" aria-labelledby="not-read-heading">
          <h2 id="not-read-heading">{t("pdf_not_read")}</h2>
          <p class="hint">{t("pdf_not_read_hint")}</p>
          <ul id="not-read">
            {p.notRead.map((x) => (
              <li>
                {x.page === null
                  ? t("pdf_not_read_form", { text: x.text, reason: x.reason })
                  : t("pdf_not_read_page", { page: x.page, text: x.text, reason: x.reason })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2>{t("pdf_fields")}</h2>
      <p class="hint">{t("pdf_fields_hint")}</p>
      <p class="hint" id="party-hint">
        {t("pdf_party_hint")}
      </p>
      <noscript>
        <p>{t("pdf_noscript", { id: p.t.template_id })}</p>
      </noscript>
      <div id="editor" hidden>
        <section class="scroll" aria-label={t("pdf_fields")} tabindex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("pdf_key")}</th>
                <th scope="col">{t("pdf_label")}</th>
                <th scope="col">{t("tp_kind")}</th>
                <th scope="col">{t("pdf_required")}</th>
                <th scope="col">{t("pdf_party")}</th>
                <th scope="col">{t("pdf_place")}</th>
                <th scope="col">{write ? t("pdf_place_kbd") : ""}</th>
              </tr>
            </thead>
            <tbody id="field-rows" />
          </table>
        </section>
        {write ? (
          <>
            <fieldset>
              <legend>{t("pdf_add")}</legend>
              <div class="row">
                <div>
                  <label for="nf-key">{t("pdf_key")}</label>
                  <input id="nf-key" maxlength={59} autocomplete="off" />
                </div>
                <div>
                  <label for="nf-label">{t("pdf_label")}</label>
                  <input id="nf-label" maxlength={200} autocomplete="off" />
                </div>
                <div>
                  <label for="nf-kind">{t("tp_kind")}</label>
                  <select id="nf-kind">
                    {ADDABLE_KINDS.map((k) => (
                      <option value={k}>{k}</option>
                    ))}
                  </select>
                </div>
              </div>
              <div class="row">
                <div>
                  <label for="nf-signer">{t("pdf_party")}</label>
                  <select id="nf-signer" aria-describedby="party-hint">
                    <option value="">{t("pdf_js_any")}</option>
                    {[1, 2, 3, 4].map((n) => (
                      <option value={String(n)}>{t("pdf_js_signer_n", { n })}</option>
                    ))}
                  </select>
                </div>
                <div>
                  <label for="nf-role">{t("pdf_role")}</label>
                  <input id="nf-role" maxlength={40} autocomplete="off" aria-describedby="party-hint" />
                </div>
              </div>
              <label class="choice">
                <input type="checkbox" id="nf-required" checked />
                {t("pdf_required")}
              </label>
              <button type="button" id="add-field" class="quiet">
                {t("pdf_add_button")}
              </button>
              <p id="nf-status" role="status" aria-live="polite" />
            </fieldset>
            <label for="draw-field">{t("pdf_draw_field")}</label>
            <span class="hint" id="draw-hint">
              {t("pdf_draw_hint")}
            </span>
            <select id="draw-field" aria-describedby="draw-hint" />
            <FieldPanel t={t} />
          </>
        ) : null}
        <p id="kbd-help" class="hint">
          {t(write ? "pdf_kbd_help" : "pdf_kbd_view")}
        </p>
        <div class="pgs">
          {pages.map((pg) => (
            <figure class="pg" data-n={String(pg.n)}>
              <figcaption>
                {t("pdf_page_of", { n: pg.n, count: p.info.page_count })}
                {pg.rotation ? ` ${t("pdf_turned", { degrees: pg.rotation })}` : ""}
              </figcaption>
              <div class="pg-in">
                {pg.drawn ? (
                  <img src={`${base}/pages/${pg.n}`} alt={t("pdf_page_alt", { n: pg.n })} />
                ) : (
                  <p class="missing">{t("pdf_page_missing", { n: pg.n })}</p>
                )}
              </div>
            </figure>
          ))}
        </div>
        {/* Below the pages and pinned to the bottom of the window: what it says never moves the pages. */}
        <p id="place-live" class="hint" aria-live="polite" />
        {write ? (
          <form method="post" action={`${base}/fields`}>
            <Csrf token={p.v.csrf} />
            <input type="hidden" name="fields" id="fields-json" value={JSON.stringify(p.fields)} />
            <p id="place-dirty" class="hint" hidden>
              {t("pdf_dirty")}
            </p>
            <button type="submit" id="save-fields">
              {t("pdf_save")}
            </button>
          </form>
        ) : (
          <input type="hidden" id="fields-json" value="" />
        )}
      </div>
      {write ? (
        <form method="post" action={`${base}/publish`}>
          <Csrf token={p.v.csrf} />
          <p class="hint">{t("pdf_publish_hint")}</p>
          <button type="submit" id="publish">
            {t("tp_publish")}
          </button>
        </form>
      ) : null}
      <p>
        <a href="/app/templates">{t("pdf_all_templates")}</a>
      </p>
      <Scripts nonce={p.nonce} v={p.v} data={{ id: p.t.template_id, pages, fields: p.fields, write }} />
    </>
  );
}
