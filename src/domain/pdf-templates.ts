/**
 * PDF templates signed in place: the uploaded original (kept byte for byte in R2, its SHA-256,
 * page boxes and rotations), the page pictures the uploader's browser draws, placing fields on a
 * draft, and the publish rule (every page drawn). Rules only; the routes are in
 * src/routes/templates.ts, the decisions in docs/pdf-templates.md.
 *
 * A template version is a PDF template when it has a `pdf_templates` row. Its body is the fixed
 * sentence of `fixedBody` (naming the file and its SHA-256) and never changes through any route.
 */
import { z } from "@hono/zod-openapi";
import type { Env, Principal } from "../env";
import type { PdfTemplatePage, TemplateField } from "../db/schema";
import { PAGE_PICTURE_TYPES } from "./vocabulary";
import {
  drawnCount,
  insertPdfTemplate,
  pdfOf,
  pictureRow,
  picturesOf,
  replaceDraftPdf,
  setDraftFields,
  templateWithPdf,
  unreferencedKeys,
  upsertPicture,
} from "../db/pdf-templates";
import { versionsOf } from "../db/templates";
import { ApiError, invalid, notFound } from "../lib/errors";
import { randomHex, sha256Hex } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { plainText, text } from "../lib/text";
import { checkPagePicture, PictureError } from "../lib/image";
import type { PdfRefusal } from "../lib/pdf/analyse";
import type { FieldInput } from "./templates";
import { Code, FieldInputSchema, normaliseFields } from "./templates";
import { TEMPLATE_KINDS } from "./vocabulary";
import { documentFields } from "./document-fields";
import type { FieldSources } from "../lib/pdf/read-fields";

/** Whose templates: an API key's principal or a dashboard member's account (the same rules for both). */
export type Scope = Pick<Principal, "tenantId" | "mode">;

export const PDF_TEMPLATE_LIMITS = {
  /** The upload, as sent. */
  maxBytes: 25 * 1024 * 1024,
  maxPages: 200,
  /** One page picture, as sent. */
  pictureMaxBytes: 8 * 1024 * 1024,
  /** Pixels a side of a page picture (the dashboard draws at 1.5×: an A0 sheet is 5056 px tall). */
  pictureMaxSide: 8000,
  /** The picture's width/height may differ from the page's (as shown) by this fraction. */
  aspectTolerance: 0.02,
  originalNameMax: 200,
} as const;

export type PageInfo = Pick<PdfTemplatePage, "n" | "width" | "height" | "rotation">;

/** The spec's "PDF template info"; for a text template `has_pdf` is false and the rest empty (0, [], null). */
export type PdfTemplateInfo = {
  has_pdf: boolean;
  page_count: number;
  drawn: number;
  ready: boolean;
  pages: PageInfo[];
  bytes: number;
  sha256: string | null;
  original_name: string | null;
  uploaded_at: string | null;
};

export type PdfTemplateMeta = { code: string; name: string; kind: (typeof TEMPLATE_KINDS)[number] };

/** An upload's meta: `POST /v1/templates/pdf`'s query, and the dashboard's upload form. */
export const PdfTemplateUpload = z.object({
  code: Code,
  name: plainText().min(1).max(200),
  kind: z.enum(TEMPLATE_KINDS),
  filename: text().max(255).optional().openapi({
    description: "The file's name as recorded (`original_name`) and named in the body sentence; else the Content-Disposition filename; else `<code>.pdf`.",
  }),
});

/** `PATCH /v1/templates/{id}`: the draft's fields, placements included (`placeFields`). */
export const TemplatePatch = z
  .object({
    fields: z.array(FieldInputSchema).max(50),
    body: z
      .unknown()
      .optional()
      .openapi({ description: "Never accepted: a template's body is not changed here, and a PDF template's body never changes. Sending it is 422." }),
  })
  .strict()
  .openapi("TemplatePatch");

/** The fixed body of a PDF template: the sentence naming the file and its SHA-256. */
export function fixedBody(originalName: string, sha256: string): string {
  return `This document is the PDF file "${originalName}" (SHA-256 ${sha256}), signed in place: every answer and signature is drawn where it was placed on its pages.`;
}

const NAME_SAFE = plainText();

/**
 * The file name as recorded: the last path segment, without control or bidi characters, braces
 * (so it can never read as a `{{placeholder}}` in the body) or quotes, at most 200 characters;
 * `<code>.pdf` when nothing is left.
 */
export function cleanOriginalName(raw: string | null | undefined, code: string): string {
  let name = (raw ?? "").split(/[\\/]/).pop() ?? "";
  name = [...name]
    .filter((ch) => {
      const cp = ch.codePointAt(0)!;
      return cp >= 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp < 0xa0) && !'{}"'.includes(ch);
    })
    .join("");
  name = name.replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  if (name.length > PDF_TEMPLATE_LIMITS.originalNameMax) name = name.slice(0, PDF_TEMPLATE_LIMITS.originalNameMax);
  if (!name || !NAME_SAFE.safeParse(name).success) return `${code}.pdf`;
  return name;
}

export const pdfTooLarge = (size: number | null) =>
  new ApiError(
    "too_large",
    `The PDF${size === null ? "" : ` (${size} bytes)`} is over 25 MB (${PDF_TEMPLATE_LIMITS.maxBytes} bytes), the most a PDF template may be.`,
    "Reduce the file (for example print it to PDF again with compressed images) and upload it again.",
  );

export const pictureTooLarge = (size: number | null) =>
  new ApiError(
    "too_large",
    `The page picture${size === null ? "" : ` (${size} bytes)`} is over 8 MB (${PDF_TEMPLATE_LIMITS.pictureMaxBytes} bytes), the most one may be.`,
    "Draw the page at 1.5× of its size as shown, as PNG or JPEG.",
  );

/**
 * Analyses an upload: 413 past 25 MB, 422 naming the problem for a non-PDF, encrypted or damaged
 * file, one whose streams inflate past 64 MB in all, or one carrying active content. The PDF
 * reader (pdf-lib and the drawing code, about 750 KB) is loaded only here, not at start-up; reading
 * fields from the text needs the standard fonts' metrics too, read from the static assets.
 */
export async function analyseUpload(assets: Fetcher, bytes: Uint8Array, read?: FieldSources) {
  if (bytes.length > PDF_TEMPLATE_LIMITS.maxBytes) throw pdfTooLarge(bytes.length);
  if (bytes.length === 0)
    throw invalid("The file is empty: a PDF template needs a PDF file as the request body.", "Send the file with Content-Type: application/pdf.");
  const { analysePdf, PdfRefusal } = await import("../lib/pdf/analyse");
  if (read && read !== "acroform") await (await import("../lib/pdf/standard-fonts")).loadStandardFonts(assets);
  try {
    return await analysePdf(bytes, PDF_TEMPLATE_LIMITS.maxPages, read);
  } catch (err) {
    if (err instanceof PdfRefusal) throw invalid(err.message, REFUSAL_HINT[err.problem]);
    throw err;
  }
}

const REFUSAL_HINT: Record<PdfRefusal["problem"], string> = {
  not_pdf: "Upload a PDF file (application/pdf).",
  encrypted: "Remove the password or restrictions (for example print it to PDF again) and upload the copy.",
  damaged: "Open the file in a PDF reader and save or print it to PDF again, then upload the new file.",
  too_many_pages: "Split the document into templates of at most 200 pages.",
  too_large_decompressed: "Save or print the document to PDF again (a normal document is far smaller once decompressed), then upload the new file.",
  active_content: "Remove the scripts, actions and media (for example print it to PDF again), then upload the new file.",
};

const pdfKey = (tenantId: string, sha256: string) => `pdf-templates/${tenantId}/${sha256.slice(0, 16)}-${randomHex(6)}.pdf`;
const pictureKey = (tenantId: string, templateId: string, n: number, type: string) =>
  `pdf-templates/${tenantId}/pages/${templateId}-${n}-${randomHex(6)}.${type === "image/png" ? "png" : "jpg"}`;

const raced = (code: string) =>
  new ApiError("conflict", `code: "${code}" was changed by another request at the same time.`, "Read the templates again and retry.");

/** Deletes R2 objects no row names any more (replaced files and pictures); a failure only leaves an orphan. */
async function dropUnreferenced(env: Env, keys: string[]): Promise<void> {
  try {
    const gone = await unreferencedKeys(env, keys);
    if (gone.length) await env.FILES.delete(gone);
  } catch {
    // An orphaned object costs storage, never correctness.
  }
}

/**
 * `POST /v1/templates/pdf`. A new code makes version 1 as a draft. A code whose latest version is
 * a draft (text or PDF) has that draft replaced by this file: its name and kind from the query,
 * its fields kept (placements on pages the new file lacks are cleared), its page pictures dropped.
 * A code whose latest version is published is refused: revise it first (the revision keeps the
 * file), then upload to the new draft. With `read`, fields are read from the file too
 * (src/domain/document-fields.ts) and join the draft's.
 */
export async function uploadPdfTemplate(env: Env, p: Scope, meta: PdfTemplateMeta, bytes: Uint8Array, originalName: string, read?: FieldSources) {
  const analysis = await analyseUpload(env.ASSETS, bytes, read);
  const sha256 = await sha256Hex(bytes);
  const name = cleanOriginalName(originalName, meta.code);
  const [latest] = await versionsOf(env, p, meta.code);
  if (latest?.isPublished) {
    throw invalid(
      `code: version ${latest.version} of "${meta.code}" is published, so this file cannot replace it.`,
      "Revise it (POST /v1/templates/revise, which keeps the file), then upload the new file to the draft it makes.",
    );
  }
  const kept = latest ? latest.fields.map((f) => (f.place && f.place.page > analysis.pageCount ? { ...f, place: null } : f)) : [];
  const fromFile = analysis.found ? documentFields(analysis.found, kept, analysis.pageCount) : null;
  const fields = fromFile?.fields ?? kept;
  const answer = (template_id: string) => (fromFile ? { template_id, fields_found: fromFile.found, fields_not_read: fromFile.notRead } : { template_id });
  const uploadedAt = nowIso();
  const r2Key = pdfKey(p.tenantId, sha256);
  await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: "application/pdf" }, customMetadata: { sha256 } });
  const pdfRow = (templateId: string) => ({
    templateId,
    tenantId: p.tenantId,
    r2Key,
    sha256,
    bytes: bytes.length,
    originalName: name,
    uploadedAt,
    pageCount: analysis.pageCount,
    pages: analysis.pages,
    covers: fromFile?.covers ?? [],
    formFields: fromFile?.formFields ?? [],
    notRead: fromFile?.notRead ?? [],
  });
  const body = fixedBody(name, sha256);
  try {
    if (latest) {
      const before = await pdfOf(env, latest.id);
      const oldPictures = before ? await picturesOf(env, latest.id) : [];
      const ok = await replaceDraftPdf(env, latest.id, { name: meta.name, kind: meta.kind, body, variables: [], fields }, pdfRow(latest.id));
      if (!ok) throw raced(meta.code);
      await dropUnreferenced(env, [...(before ? [before.r2Key] : []), ...oldPictures.map((x) => x.r2Key)]);
      return answer(latest.id);
    }
    const id = newId("tpl");
    try {
      await insertPdfTemplate(
        env,
        {
          id,
          tenantId: p.tenantId,
          mode: p.mode,
          code: meta.code,
          version: 1,
          name: meta.name,
          kind: meta.kind,
          body,
          variables: [],
          grants: {},
          consentText: null,
          fields,
          isPublished: false,
          createdAt: uploadedAt,
        },
        pdfRow(id),
      );
    } catch (err) {
      if (/UNIQUE constraint failed/i.test(String((err as Error)?.cause ?? "") + String(err))) throw raced(meta.code);
      throw err;
    }
    return answer(id);
  } catch (err) {
    await dropUnreferenced(env, [r2Key]);
    throw err;
  }
}

/** A version of this account and mode with its PDF row; 404 when it is not the caller's. */
async function ownedTemplate(env: Env, p: Pick<Principal, "tenantId" | "mode">, templateId: string) {
  const row = await templateWithPdf(env, p, templateId);
  if (!row) throw notFound("template");
  return row;
}

function infoOf(pdf: NonNullable<Awaited<ReturnType<typeof pdfOf>>>, drawn: number): PdfTemplateInfo {
  return {
    has_pdf: true,
    page_count: pdf.pageCount,
    drawn,
    ready: drawn === pdf.pageCount,
    pages: pdf.pages.map(({ n, width, height, rotation }) => ({ n, width, height, rotation })),
    bytes: pdf.bytes,
    sha256: pdf.sha256,
    original_name: pdf.originalName,
    uploaded_at: pdf.uploadedAt,
  };
}

export const NO_PDF: PdfTemplateInfo = {
  has_pdf: false,
  page_count: 0,
  drawn: 0,
  ready: false,
  pages: [],
  bytes: 0,
  sha256: null,
  original_name: null,
  uploaded_at: null,
};

/** `GET /v1/templates/{id}/pdf`. */
export async function pdfTemplateInfo(env: Env, p: Pick<Principal, "tenantId" | "mode">, templateId: string): Promise<PdfTemplateInfo> {
  const { pdf } = await ownedTemplate(env, p, templateId);
  if (!pdf) return { ...NO_PDF, pages: [] };
  return infoOf(pdf, await drawnCount(env, templateId, pdf.pageCount));
}

const fmt = (v: number) => (Math.round(v * 1000) / 1000).toString();

/**
 * `PUT /v1/templates/{id}/pages/{n}`: stores the picture of page `n` of a draft PDF template
 * (replacing an earlier one). Its pixel size is read from the bytes and its aspect ratio must be
 * the page's as shown (rotation applied) within 2 %.
 */
export async function putPagePicture(env: Env, p: Scope, templateId: string, n: number, bytes: Uint8Array, contentType: string): Promise<PdfTemplateInfo> {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (!(PAGE_PICTURE_TYPES as readonly string[]).includes(type)) {
    throw invalid(`Content-Type: a page picture is image/png or image/jpeg, not ${type || "missing"}.`, "Send the picture's bytes with its type.");
  }
  if (bytes.length > PDF_TEMPLATE_LIMITS.pictureMaxBytes) throw pictureTooLarge(bytes.length);
  const { template, pdf } = await ownedTemplate(env, p, templateId);
  if (!pdf) throw invalid("This template is a text template: only a PDF template has page pictures.", "Upload a PDF with POST /v1/templates/pdf.");
  if (template.isPublished) {
    throw invalid(`Version ${template.version} of "${template.code}" is published: its page pictures are frozen.`, "Revise it to make a draft.");
  }
  if (!Number.isInteger(n) || n < 1 || n > pdf.pageCount) {
    throw invalid(`n: page ${n} does not exist; the PDF has ${pdf.pageCount} page${pdf.pageCount === 1 ? "" : "s"}.`, "Pages are numbered from 1.");
  }
  let size: { width: number; height: number };
  try {
    size = await checkPagePicture(type as (typeof PAGE_PICTURE_TYPES)[number], bytes, PDF_TEMPLATE_LIMITS.pictureMaxSide);
  } catch (err) {
    if (err instanceof PictureError) throw invalid(`picture: ${err.message}`, "Send a PNG or JPEG of the page drawn at 1.5× of its size as shown.");
    throw err;
  }
  const page = pdf.pages[n - 1]!;
  const pictureRatio = size.width / size.height;
  const pageRatio = page.width / page.height;
  if (Math.abs(pictureRatio / pageRatio - 1) > PDF_TEMPLATE_LIMITS.aspectTolerance) {
    throw invalid(
      `picture: its aspect ratio (width / height) is ${fmt(pictureRatio)} (${size.width} × ${size.height} px) but page ${n} as shown is ${fmt(pageRatio)} (${page.width} × ${page.height} pt${page.rotation ? `, turned ${page.rotation}°` : ""}); they must agree within 2 %.`,
      "Draw the page with its rotation applied, at 1.5× of its size as shown.",
    );
  }
  const before = await pictureRow(env, p.tenantId, templateId, n);
  const r2Key = pictureKey(p.tenantId, templateId, n, type);
  await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: type } });
  const ok = await upsertPicture(env, {
    templateId,
    n,
    r2Key,
    contentType: type as (typeof PAGE_PICTURE_TYPES)[number],
    width: size.width,
    height: size.height,
    bytes: bytes.length,
    drawnAt: nowIso(),
  }).catch(async (err) => {
    await dropUnreferenced(env, [r2Key]);
    throw err;
  });
  if (!ok) {
    await dropUnreferenced(env, [r2Key]);
    throw invalid(`Version ${template.version} of "${template.code}" was published meanwhile: its page pictures are frozen.`);
  }
  if (before) await dropUnreferenced(env, [before.r2Key]);
  return infoOf(pdf, await drawnCount(env, templateId, pdf.pageCount));
}

/**
 * `PATCH /v1/templates/{id}` `{fields}`: replaces the fields of a draft (placements included);
 * the same rules as creating a template, plus `place.page` within the PDF's pages.
 */
export async function placeFields(env: Env, p: Scope, templateId: string, fields: FieldInput[]) {
  const { template, pdf } = await ownedTemplate(env, p, templateId);
  if (template.isPublished) {
    throw invalid(
      `Version ${template.version} of "${template.code}" is published: its fields are frozen.`,
      "Revise it to make a draft, then place the fields there.",
    );
  }
  const normalised: TemplateField[] = normaliseFields(fields, pdf ? { pageCount: pdf.pageCount } : {});
  if (!(await setDraftFields(env, templateId, normalised))) {
    throw invalid(`Version ${template.version} of "${template.code}" was published meanwhile: its fields are frozen.`);
  }
  return { template_id: templateId, fields: normalised };
}

/** A page picture for the signer's page (the caller checked the token and the account). */
export async function pagePicture(
  env: Env,
  scope: { tenantId: string },
  templateId: string,
  n: number,
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!Number.isInteger(n) || n < 1) return null;
  const row = await pictureRow(env, scope.tenantId, templateId, n);
  if (!row) return null;
  const obj = await env.FILES.get(row.r2Key);
  if (!obj) return null;
  return { bytes: new Uint8Array(await obj.arrayBuffer()), contentType: row.contentType };
}

/** The publish rule's part for PDF templates: every page has a picture. Null for a text template. */
export async function undrawnPages(env: Env, templateId: string): Promise<number[] | null> {
  const pdf = await pdfOf(env, templateId);
  if (!pdf) return null;
  const drawn = new Set((await picturesOf(env, templateId)).map((x) => x.n));
  return pdf.pages.map((x) => x.n).filter((n) => !drawn.has(n));
}

/** The original file of a PDF template version, read from R2 (null for a text template). */
export async function originalPdf(env: Env, templateId: string): Promise<{ bytes: Uint8Array; row: NonNullable<Awaited<ReturnType<typeof pdfOf>>> } | null> {
  const row = await pdfOf(env, templateId);
  if (!row) return null;
  const obj = await env.FILES.get(row.r2Key);
  if (!obj) throw new Error(`The original PDF ${row.r2Key} of template ${templateId} is recorded but missing from R2.`);
  return { bytes: new Uint8Array(await obj.arrayBuffer()), row };
}

/**
 * A document's original file, as frozen at prepare (its SHA-256 is `documents.pdf_sha256`).
 * Evidence never changes silently: a missing file, or one that is not the frozen one, is a fault,
 * not something to draw on or bundle.
 */
export async function frozenOriginalPdf(env: Env, templateId: string, sha256: string): Promise<NonNullable<Awaited<ReturnType<typeof originalPdf>>>> {
  const found = await originalPdf(env, templateId);
  if (!found) throw new Error(`Template ${templateId} has no PDF, but its document names one (${sha256}).`);
  const sha = await sha256Hex(found.bytes);
  if (sha !== sha256 || found.row.sha256 !== sha256) {
    throw new Error(`The original PDF of template ${templateId} hashes to ${sha}, not ${sha256} as frozen on the document.`);
  }
  return found;
}
