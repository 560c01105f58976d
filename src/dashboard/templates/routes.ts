/** Text templates: the list (with the PDF templates' section), new drafts, publishing and revising. */
import { ApiError } from "../../lib/errors";
import { type C, type Status, listOf, ok, page, pageNonce, refusalOf, route, speech, tr, viewer } from "../kit";
import type { Flash } from "../frame";
import { PdfTemplatesSection, pdfToolPolicy } from "../pdf-templates/view";
import { ReviseTemplateView, TemplatesView, fieldRowsOf } from "./view";
import { ruleEntryOf } from "./field-rules";
import { type SessionMember, principalOf } from "../../http/session";
import { formOf, parseForm } from "../../http/forms";
import { TemplateCreate, TemplateRevise, createTemplate, listTemplates, publishTemplate, revisable, reviseTemplate } from "../../domain/templates";
import { pdfTemplateIdsOf } from "../../db/pdf-templates";

export async function templatesPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  const [templates, pdfIds] = await Promise.all([listTemplates(c.env, principalOf(s)), pdfTemplateIdsOf(c.env, s.tenantId)]);
  const pdfs = PdfTemplatesSection({ nonce: pageNonce(c), v: viewer(c, s), pdfs: templates.filter((t) => pdfIds.has(t.template_id)), posted: opts.posted });
  return page(c, s, speech(c).t("nav_templates"), [TemplatesView({ v: viewer(c, s), templates, posted: opts.posted }), pdfs], {
    ...opts,
    policy: pdfToolPolicy,
  });
}

/** The revise form, started from the code's latest version; a draft there is refused on the list. */
async function revisePage(c: C, s: SessionMember, code: string, opts: { flash?: Flash; status?: Status; posted?: Record<string, string> } = {}) {
  let from: Awaited<ReturnType<typeof revisable>>;
  try {
    from = await revisable(c.env, principalOf(s), code);
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") throw err;
    return templatesPage(c, s, refusalOf(err));
  }
  const { latest: l, pdf } = from;
  const view = ReviseTemplateView({
    v: viewer(c, s),
    from: { code: l.code, version: l.version, name: l.name, kind: l.kind, body: l.body, variables: l.variables, pdf: Boolean(pdf) },
    posted: opts.posted,
  });
  return page(c, s, tr(c)("tp_revise_title", { code: l.code }), view, opts);
}

/** A textarea's lines, trimmed, empty ones dropped (the template form's reasons, one a line). */
const linesOf = (v: string | undefined) =>
  (v ?? "")
    .split(/\r?\n/)
    .map((x) => x.trim())
    .filter(Boolean);

/** The new template form's field rows as the API's `fields` (checked by its schema and rules); rows without key and label are skipped. */
function fieldsOf(f: Record<string, string>) {
  const out = [];
  for (let i = 0; i < fieldRowsOf(f); i++) {
    const key = (f[`field.${i}.key`] ?? "").trim();
    const label = (f[`field.${i}.label`] ?? "").trim();
    if (!key && !label) continue;
    const options = listOf(f[`field.${i}.options`]);
    const kind = f[`field.${i}.kind`] || "text";
    out.push({ key, label, kind, required: f[`field.${i}.required`] === "true", ...(options.length ? { options } : {}), ...ruleEntryOf(f, i, kind) });
  }
  return out;
}

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function templateRoutes() {
  route("GET", "/app/templates", "read", (c, s) => templatesPage(c, s, { flash: c.req.query("done") === "saved" ? ok(tr(c)("nt_draft_saved")) : null }));

  route("POST", "/app/templates", "templates.write", async (c, s) => {
    const f = await formOf(c);
    const fields = fieldsOf(f);
    try {
      const input = parseForm(TemplateCreate, {
        code: f.code ?? "",
        name: f.name ?? "",
        kind: f.kind || undefined,
        body: f.body ?? "",
        variables: listOf(f.variables),
        reasons: linesOf(f.reasons),
        ...(fields.length ? { fields } : {}),
      });
      await createTemplate(c.env, principalOf(s), input);
    } catch (err) {
      return templatesPage(c, s, { ...refusalOf(err), posted: f });
    }
    return c.redirect("/app/templates?done=saved", 303);
  });

  route("POST", "/app/templates/publish", "templates.write", async (c, s) => {
    const f = await formOf(c);
    try {
      const r = await publishTemplate(c.env, principalOf(s), f.code ?? "");
      return templatesPage(c, s, { flash: ok(tr(c)("nt_published", { code: r.code, version: r.version })) });
    } catch (err) {
      return templatesPage(c, s, refusalOf(err));
    }
  });

  route("GET", "/app/templates/revise", "templates.write", (c, s) => revisePage(c, s, c.req.query("code") ?? ""));

  /** The next version as a draft: a text template with what the form says; a PDF template keeps its file and opens in the editor. */
  route("POST", "/app/templates/revise", "templates.write", async (c, s) => {
    const f = await formOf(c);
    const code = f.code ?? "";
    try {
      const from = await revisable(c.env, principalOf(s), code);
      const pdf = from.pdf;
      const text = pdf ? {} : { body: f.body ?? "", variables: listOf(f.variables) };
      const r = await reviseTemplate(
        c.env,
        principalOf(s),
        parseForm(TemplateRevise, {
          code,
          name: f.name ?? "",
          kind: f.kind || undefined,
          ...text,
          ...(f.reasons?.trim() ? { reasons: linesOf(f.reasons) } : {}),
        }),
        from,
      );
      if (pdf) return c.redirect(`/app/templates/${r.template_id}/place`, 303);
      return templatesPage(c, s, { flash: ok(tr(c)("nt_revised", { code, version: r.version })) });
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_found") throw err;
      return revisePage(c, s, code, { ...refusalOf(err), posted: f });
    }
  });
}
