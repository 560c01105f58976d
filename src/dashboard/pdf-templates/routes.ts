/** PDF templates: upload, page pictures drawn in the browser, the placement editor (docs/dashboard.md). */
import { download } from "../../http/download";
import { ApiError, invalid } from "../../lib/errors";
import { type C, type Status, dashboard, ok, page, pageNonce, refusalOf, route, tr, viewer } from "../kit";
import { publishTemplate } from "../../domain/templates";
import type { Flash } from "../frame";
import {
  PDF_TEMPLATE_LIMITS,
  PdfTemplateUpload,
  TemplatePatch,
  originalPdf,
  pagePicture,
  pictureTooLarge as pagePictureTooLarge,
  pdfTemplateInfo,
  pdfTooLarge,
  placeFields,
  putPagePicture,
  uploadPdfTemplate,
} from "../../domain/pdf-templates";
import { PlacementView, pdfToolPolicy } from "./view";
import { type SessionMember, principalOf } from "../../http/session";
import { formFile, formOf, parseForm } from "../../http/forms";
import { uploadLimitOf } from "../../http/body-limit";
import { pdfOf, picturesOf, templateWithPdf } from "../../db/pdf-templates";
import { z } from "@hono/zod-openapi";
import { FIELD_SOURCES } from "../../domain/document-fields";
import { templatesPage } from "../templates/routes";
import { versionsOf } from "../../db/templates";

/** The page script asks for JSON (Accept); a plain form post gets a page. */
const wantsJson = (c: C) => (c.req.header("accept") ?? "").includes("application/json");
const jsonRefusal = (c: C, err: unknown) => {
  const r = refusalOf(err);
  return c.json({ error: r.flash!.text }, r.status as 400);
};

/** A template version of the member's account and mode, with its PDF row (404 otherwise, or when it is a text template). */
async function pdfVersion(c: C, s: SessionMember) {
  const row = await templateWithPdf(c.env, principalOf(s), c.req.param("id") ?? "");
  if (!row?.pdf) throw new ApiError("not_found", "No such PDF template in this account.");
  return row;
}

async function placementPage(c: C, s: SessionMember, opts: { flash?: Flash; status?: Status; fields?: unknown[] } = {}) {
  const { template: t } = await pdfVersion(c, s);
  const [info, pictures, file] = await Promise.all([pdfTemplateInfo(c.env, principalOf(s), t.id), picturesOf(c.env, t.id), pdfOf(c.env, t.id)]);
  const view = PlacementView({
    nonce: pageNonce(c),
    v: viewer(c, s),
    t: { template_id: t.id, code: t.code, name: t.name, version: t.version, is_published: t.isPublished, fields: t.fields },
    info,
    drawn: pictures.map((x) => x.n),
    fields: opts.fields ?? t.fields,
    notRead: file?.notRead ?? [],
  });
  return page(c, s, tr(c)("nt_place_title", { name: t.name }), view, { ...opts, policy: pdfToolPolicy });
}

/** The editor's notice after an upload: how many fields were read from the file, or that every page is drawn. */
function placeNotice(c: C): Flash | null {
  const read = c.req.query("read");
  if (read !== undefined && /^\d{1,3}$/.test(read)) return ok(tr(c)("nt_fields_read", { count: Number(read) }));
  return c.req.query("done") === "drawn" ? ok(tr(c)("nt_all_drawn")) : null;
}

/** Multipart overhead allowed on top of a file's own limit (the form's other fields, the part headers). */
const PDF_FORM_SLACK = 64 * 1024;

const pageNumber = (c: C) => {
  const n = c.req.param("n") ?? "";
  return /^[1-9][0-9]{0,2}$/.test(n) ? Number(n) : null;
};

/** Registers this area's pages and actions, in the order the dashboard answers them. */
export function pdfTemplateRoutes() {
  dashboard.use(
    "/app/templates/pdf",
    uploadLimitOf(PDF_TEMPLATE_LIMITS.maxBytes + PDF_FORM_SLACK, () => {
      throw pdfTooLarge(null);
    }),
  );

  route("POST", "/app/templates/pdf", "templates.write", async (c, s) => {
    const f = await formOf(c);
    try {
      const file = await formFile(c, "file");
      if (!file || file.size === 0) throw invalid("file: choose a PDF file to upload.");
      if (file.size > PDF_TEMPLATE_LIMITS.maxBytes) throw pdfTooLarge(file.size);
      const meta = parseForm(PdfTemplateUpload.extend({ fields: z.enum(FIELD_SOURCES).optional() }), {
        code: (f.code ?? "").trim(),
        name: f.name ?? "",
        kind: f.kind || "contract",
        fields: f.fields || undefined,
      });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const read = await uploadPdfTemplate(c.env, principalOf(s), meta, bytes, f.filename || file.name, meta.fields);
      const { template_id } = read;
      const found = read.fields_found ? `?read=${read.fields_found.length}` : "";
      if (!wantsJson(c)) return c.redirect(`/app/templates/${template_id}/place${found}`, 303);
      return c.json({ ...read, info: await pdfTemplateInfo(c.env, principalOf(s), template_id) }, 200);
    } catch (err) {
      if (wantsJson(c)) return jsonRefusal(c, err);
      return templatesPage(c, s, { ...refusalOf(err), posted: f });
    }
  });

  route("GET", "/app/templates/:id/place", "read", (c, s) => placementPage(c, s, { flash: placeNotice(c) }));

  /** A page picture, for the member's editor (the signer's page has its own route, /s/{token}/page). */
  route("GET", "/app/templates/:id/pages/:n", "read", async (c, s) => {
    const { template: t } = await pdfVersion(c, s);
    const n = pageNumber(c);
    const picture = n === null ? null : await pagePicture(c.env, { tenantId: s.tenantId }, t.id, n);
    if (!picture) throw new ApiError("not_found", "This page has no picture yet.");
    return c.body(picture.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": picture.contentType,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
  });

  /** The original file, byte for byte: the editor's script draws missing pages from it. */
  route("GET", "/app/templates/:id/file.pdf", "read", async (c, s) => {
    const { template: t } = await pdfVersion(c, s);
    const file = await originalPdf(c.env, t.id);
    if (!file) throw new ApiError("not_found", "No such PDF template in this account.");
    return download(c, file.bytes, {
      type: "application/pdf",
      filename: `${t.code}-v${t.version}.pdf`,
      headers: { "Cross-Origin-Resource-Policy": "same-origin" },
    });
  });

  /** Page pictures: each route path's own limit (in place of the general 1 MB one: src/http/body-limit.ts). */
  dashboard.use(
    "/app/templates/:id/pages/:n",
    uploadLimitOf(PDF_TEMPLATE_LIMITS.pictureMaxBytes + PDF_FORM_SLACK, () => {
      throw pagePictureTooLarge(null);
    }),
  );

  route("POST", "/app/templates/:id/pages/:n", "templates.write", async (c, s) => {
    try {
      const n = pageNumber(c);
      if (n === null) throw invalid("n: a page number (1, 2, …).");
      const file = await formFile(c, "file");
      if (!file || file.size === 0) throw invalid("file: the page's picture (PNG or JPEG).");
      if (file.size > PDF_TEMPLATE_LIMITS.pictureMaxBytes) throw pagePictureTooLarge(file.size);
      const info = await putPagePicture(c.env, principalOf(s), c.req.param("id")!, n, new Uint8Array(await file.arrayBuffer()), file.type);
      return c.json({ info }, 200);
    } catch (err) {
      return jsonRefusal(c, err);
    }
  });

  route("POST", "/app/templates/:id/fields", "templates.write", async (c, s) => {
    const f = await formOf(c);
    let posted: unknown[] | undefined;
    try {
      try {
        const v = JSON.parse(f.fields ?? "");
        if (Array.isArray(v)) posted = v;
      } catch {
        posted = undefined;
      }
      if (!posted) throw invalid("fields: the editor's fields were not sent.", "Reload the page and place the fields again.");
      const fields = parseForm(TemplatePatch.shape.fields, posted);
      const r = await placeFields(c.env, principalOf(s), c.req.param("id")!, fields);
      const placed = r.fields.filter((x) => x.place).length;
      return placementPage(c, s, {
        flash: ok(tr(c)("nt_fields_saved", { fields: r.fields.length, placed })),
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_found") throw err;
      // The refusal above the editor, which keeps what was placed (not saved).
      return placementPage(c, s, { ...refusalOf(err), fields: posted });
    }
  });

  route("POST", "/app/templates/:id/publish", "templates.write", async (c, s) => {
    const { template: t } = await pdfVersion(c, s);
    try {
      if (t.isPublished) throw invalid(`Version ${t.version} of "${t.code}" is already published.`);
      const [latest] = await versionsOf(c.env, principalOf(s), t.code);
      if (latest?.id !== t.id) throw invalid(`Version ${t.version} of "${t.code}" is not its latest version; only the latest draft is published.`);
      const r = await publishTemplate(c.env, principalOf(s), t.code);
      return placementPage(c, s, { flash: ok(tr(c)("nt_published_pdf", { code: r.code, version: r.version })) });
    } catch (err) {
      return placementPage(c, s, refusalOf(err));
    }
  });
}
