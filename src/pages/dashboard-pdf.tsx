/** @jsxImportSource hono/jsx */
/**
 * The dashboard's PDF templates (docs/dashboard.md, "Dashboard: PDF templates"): the upload form
 * on the templates page and the placement editor of one version. The pictures of the pages are
 * drawn in the member's browser with pdf.js (src/pages/pdf-scripts.ts); without a script the
 * upload still stores the file, and the editor page says the pages must be drawn.
 */
import { TEMPLATE_FIELD_KINDS, TEMPLATE_KINDS } from "../db/enums";
import type { TemplateField } from "../db/schema";
import type { PdfTemplateInfo } from "../domain/pdf-templates";
import { can } from "../domain/members";
import { PDFJS_BASE, PDFJS_SCRIPT, PDFJS_WORKER } from "../routes/pdfjs-assets";
import { Csrf, type Viewer, when } from "./dashboard";
import { PDF_TOOLS_JS } from "./pdf-scripts";
import { contentSecurityPolicy } from "./security";

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
.fbox{position:absolute;border:2px solid var(--accent);background:rgba(11,87,208,.12);cursor:move;overflow:visible;font-size:.75rem;line-height:1.2;color:#0b2a66}
.fbox span:first-child{display:block;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;padding-inline:.15rem}
.fbox.sel{border-color:var(--fg);background:rgba(11,87,208,.22)}
.fbox:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
.hdl{position:absolute;inline-size:12px;block-size:12px;background:var(--fg);border:1px solid #fff}
.hdl.nw{inset-block-start:-7px;inset-inline-start:-7px;cursor:nwse-resize}
.hdl.se{inset-block-end:-7px;inset-inline-end:-7px;cursor:nwse-resize}
progress{inline-size:100%;block-size:1rem}
`
  .replace(/\n/g, "")
  .trim();

const json = (x: unknown) => JSON.stringify(x).replace(/</g, "\\u003c");

/** The settings the page script reads (a data block: never executed). */
function Config(p: { data: Record<string, unknown> }) {
  return <script type="application/json" id="pdf-cfg" dangerouslySetInnerHTML={{ __html: json(p.data) }} />;
}

function Scripts(p: { nonce: string; v: Viewer; data: Record<string, unknown> }) {
  return (
    <>
      <style nonce={p.nonce} dangerouslySetInnerHTML={{ __html: PDF_CSS }} />
      <Config data={{ pdfjs: PDFJS_SCRIPT, worker: PDFJS_WORKER, base: PDFJS_BASE, csrf: p.v.csrf, ...p.data }} />
      <script nonce={p.nonce} dangerouslySetInnerHTML={{ __html: PDF_TOOLS_JS }} />
    </>
  );
}

export type PdfTemplateRow = { template_id: string; code: string; name: string; version: number; is_published: boolean; is_latest: boolean };

/** The templates page's PDF part: the PDF templates with their editor, and the upload form. */
export function PdfTemplatesSection(p: { nonce: string; v: Viewer; pdfs: PdfTemplateRow[]; posted?: Record<string, string> }) {
  const write = can(p.v.role, "templates.write");
  const f = p.posted ?? {};
  return (
    <section aria-labelledby="pdf-heading">
      <h2 id="pdf-heading">PDF templates</h2>
      {p.pdfs.length ? (
        <ul>
          {p.pdfs.map((t) => (
            <li>
              <a href={`/app/templates/${t.template_id}/place`}>
                {t.name} ({t.code} version {t.version}, {t.is_published ? "published" : "draft"})
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>No PDF templates yet.</p>
      )}
      {write ? (
        <form id="pdf-upload" method="post" action="/app/templates/pdf" enctype="multipart/form-data">
          <h3>Upload a PDF template</h3>
          <Csrf token={p.v.csrf} />
          <p class="hint" id="pdf-upload-hint">
            At most 25 MB and 200 pages, not encrypted. Your browser draws a picture of each page (pdf.js, on this computer) and uploads it; then you place the
            fields on the pages. Uploading to a code whose latest version is a draft replaces that draft's file.
          </p>
          <div class="row">
            <div>
              <label for="p-code">Code</label>
              <input id="p-code" name="code" required maxlength={64} pattern="[a-z][a-z0-9_\-]*" value={f.code ?? ""} />
            </div>
            <div>
              <label for="p-name">Name</label>
              <input id="p-name" name="name" required maxlength={200} value={f.name ?? ""} />
            </div>
            <div>
              <label for="p-kind">Kind</label>
              <select id="p-kind" name="kind">
                {TEMPLATE_KINDS.map((k) => (
                  <option value={k} selected={(f.kind ?? "contract") === k}>
                    {k}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label for="p-file">PDF file</label>
          <input id="p-file" name="file" type="file" accept="application/pdf,.pdf" required aria-describedby="pdf-upload-hint" />
          <button type="submit">Upload and draw the pages</button>
          <progress id="pdf-bar" max={1} value={0} hidden aria-label="Pages drawn" />
          <p id="pdf-status" role="status" aria-live="polite" />
          <p>
            <a id="pdf-open" href="/app/templates" hidden>
              Open the template
            </a>
          </p>
        </form>
      ) : null}
      {write ? <Scripts nonce={p.nonce} v={p.v} data={{}} /> : null}
    </section>
  );
}

/** Field kinds the editor's "Add a field" offers (a select field needs options: add it by API). */
const ADDABLE_KINDS = TEMPLATE_FIELD_KINDS.filter((k) => k !== "select");

export type EditorTemplate = { template_id: string; code: string; name: string; version: number; is_published: boolean; fields: TemplateField[] };

/** The placement editor of one version of a PDF template. */
export function PlacementView(p: { nonce: string; v: Viewer; t: EditorTemplate; info: PdfTemplateInfo; drawn: number[]; fields: unknown[] }) {
  const write = can(p.v.role, "templates.write") && !p.t.is_published;
  const drawn = new Set(p.drawn);
  const pages = p.info.pages.map((pg) => ({ ...pg, drawn: drawn.has(pg.n) }));
  const missing = pages.filter((pg) => !pg.drawn).length;
  const base = `/app/templates/${p.t.template_id}`;
  return (
    <>
      <dl class="facts">
        <dt>Code</dt>
        <dd>
          {p.t.code} version {p.t.version} ({p.t.is_published ? "published: placements are frozen" : "draft"})
        </dd>
        <dt>File</dt>
        <dd>
          {p.info.original_name} ({p.info.bytes} bytes, uploaded {when(p.info.uploaded_at)})
        </dd>
        <dt>SHA-256</dt>
        <dd class="mono">{p.info.sha256}</dd>
        <dt>Pages drawn</dt>
        <dd id="drawn-count">
          {p.info.drawn}/{p.info.page_count}
          {p.info.ready ? " (ready)" : ""}
        </dd>
      </dl>
      {missing && write ? (
        <div class="box warn">
          <p>
            {missing} of {p.info.page_count} pages have no picture yet. The template can be published once every page is drawn.
          </p>
          <button type="button" id="pdf-redraw" hidden>
            Draw missing pages
          </button>
          <progress id="pdf-bar" max={1} value={0} hidden aria-label="Pages drawn" />
          <p id="pdf-status" role="status" aria-live="polite" />
        </div>
      ) : null}
      <h2>Fields</h2>
      <p class="hint">
        Boxes are saved as fractions of the page as a reader sees it (turned pages as turned). Per-child and staff-only fields cannot be placed: saving one with
        a box is refused.
      </p>
      <noscript>
        <p>Placing fields needs JavaScript. The API does the same: PATCH /v1/templates/{p.t.template_id} with the fields and their place.</p>
      </noscript>
      <div id="editor" hidden>
        <section class="scroll" aria-label="Fields" tabindex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Label</th>
                <th scope="col">Kind</th>
                <th scope="col">Required</th>
                <th scope="col">Place</th>
                <th scope="col">{write ? "Place with the keyboard" : ""}</th>
              </tr>
            </thead>
            <tbody id="field-rows" />
          </table>
        </section>
        {write ? (
          <>
            <fieldset>
              <legend>Add a field</legend>
              <div class="row">
                <div>
                  <label for="nf-key">Key</label>
                  <input id="nf-key" maxlength={59} autocomplete="off" />
                </div>
                <div>
                  <label for="nf-label">Label</label>
                  <input id="nf-label" maxlength={200} autocomplete="off" />
                </div>
                <div>
                  <label for="nf-kind">Kind</label>
                  <select id="nf-kind">
                    {ADDABLE_KINDS.map((k) => (
                      <option value={k}>{k}</option>
                    ))}
                  </select>
                </div>
              </div>
              <label class="choice">
                <input type="checkbox" id="nf-required" checked />
                Required
              </label>
              <button type="button" id="add-field" class="quiet">
                Add the field
              </button>
              <p id="nf-status" role="status" aria-live="polite" />
            </fieldset>
            <label for="draw-field">Field to draw with the mouse</label>
            <span class="hint" id="draw-hint">
              Drag on a page to draw this field's box; drag a box to move it, its corner handles to resize it. Boxes snap to a 1 % grid and to the edges of
              other boxes.
            </span>
            <select id="draw-field" aria-describedby="draw-hint" />
          </>
        ) : null}
        <p id="kbd-help" class="hint">
          {write
            ? "A box: Tab to it, arrow keys move it by 1 % of the page, Shift with arrow keys resizes it, Delete takes it off the page."
            : "Placed boxes, as saved."}
        </p>
        <p id="place-live" class="hint" aria-live="polite" />
        <div class="pgs">
          {pages.map((pg) => (
            <figure class="pg" data-n={String(pg.n)}>
              <figcaption>
                Page {pg.n} of {p.info.page_count}
                {pg.rotation ? ` (turned ${pg.rotation}°, shown as turned)` : ""}
              </figcaption>
              <div class="pg-in">
                {pg.drawn ? <img src={`${base}/pages/${pg.n}`} alt={`Page ${pg.n}`} /> : <p class="missing">Page {pg.n} is not drawn yet.</p>}
              </div>
            </figure>
          ))}
        </div>
        {write ? (
          <form method="post" action={`${base}/fields`}>
            <Csrf token={p.v.csrf} />
            <input type="hidden" name="fields" id="fields-json" value={JSON.stringify(p.fields)} />
            <p id="place-dirty" class="hint" hidden>
              Changes not saved yet.
            </p>
            <button type="submit" id="save-fields">
              Save fields and placements
            </button>
          </form>
        ) : (
          <input type="hidden" id="fields-json" value="" />
        )}
      </div>
      {write ? (
        <form method="post" action={`${base}/publish`}>
          <Csrf token={p.v.csrf} />
          <p class="hint">Publishing freezes the file, the pictures and the placements; documents can then be sent from it.</p>
          <button type="submit" id="publish">
            Publish
          </button>
        </form>
      ) : null}
      <p>
        <a href="/app/templates">All templates</a>
      </p>
      <Scripts nonce={p.nonce} v={p.v} data={{ id: p.t.template_id, pages, fields: p.fields, write }} />
    </>
  );
}
