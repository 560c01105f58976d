/**
 * Every D1 query about PDF templates: the original file of a template version (`pdf_templates`)
 * and its page pictures (`pdf_template_pages`), on drizzle's query builder.
 *
 * A template version is a PDF template exactly when it has a `pdf_templates` row. Writes that
 * must only touch a draft carry the condition "the version is still unpublished" in the same
 * statement, so a publish racing an upload never sees half of it.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { dbOf } from "./client";
import type { Env, Principal } from "../env";
import { pdfTemplatePages, pdfTemplates, templates } from "./schema";
import type { NewTemplateRow } from "./templates";

export type PdfTemplateRow = typeof pdfTemplates.$inferSelect;
export type NewPdfTemplateRow = typeof pdfTemplates.$inferInsert;
export type PagePictureRow = typeof pdfTemplatePages.$inferSelect;
export type NewPagePictureRow = typeof pdfTemplatePages.$inferInsert;

/** `template_id` names a version that is still a draft (used inside the writes' WHERE clauses). */
const stillDraft = (templateId: string) => sql`EXISTS (SELECT 1 FROM ${templates} WHERE ${templates.id} = ${templateId} AND ${templates.isPublished} = 0)`;

/** A template version of this account and mode, with its PDF row when it is a PDF template. */
export async function templateWithPdf(env: Env, p: Pick<Principal, "tenantId" | "mode">, templateId: string) {
  const [row] = await dbOf(env)
    .select({ template: templates, pdf: pdfTemplates })
    .from(templates)
    .leftJoin(pdfTemplates, eq(pdfTemplates.templateId, templates.id))
    .where(and(eq(templates.id, templateId), eq(templates.tenantId, p.tenantId), eq(templates.mode, p.mode)))
    .limit(1);
  return row;
}

/** The PDF row of a template version, or undefined (a text template). */
export async function pdfOf(env: Env, templateId: string): Promise<PdfTemplateRow | undefined> {
  const [row] = await dbOf(env).select().from(pdfTemplates).where(eq(pdfTemplates.templateId, templateId)).limit(1);
  return row;
}

/** The page pictures of a template version, in page order. */
export function picturesOf(env: Env, templateId: string): Promise<PagePictureRow[]> {
  return dbOf(env).select().from(pdfTemplatePages).where(eq(pdfTemplatePages.templateId, templateId)).orderBy(pdfTemplatePages.n);
}

/** How many pages of a version have a picture, counting only pages the file has. */
export async function drawnCount(env: Env, templateId: string, pageCount: number): Promise<number> {
  const [row] = await dbOf(env)
    .select({ n: count() })
    .from(pdfTemplatePages)
    .where(and(eq(pdfTemplatePages.templateId, templateId), sql`${pdfTemplatePages.n} BETWEEN 1 AND ${pageCount}`));
  return row?.n ?? 0;
}

/** One page picture of a version of this account, or undefined. */
export async function pictureRow(env: Env, tenantId: string, templateId: string, n: number): Promise<PagePictureRow | undefined> {
  const [row] = await dbOf(env)
    .select({ picture: pdfTemplatePages })
    .from(pdfTemplatePages)
    .innerJoin(templates, eq(templates.id, pdfTemplatePages.templateId))
    .where(and(eq(pdfTemplatePages.templateId, templateId), eq(pdfTemplatePages.n, n), eq(templates.tenantId, tenantId)))
    .limit(1);
  return row?.picture;
}

/**
 * A new PDF template: version row and file row in one batch (a transaction). Throws the unique
 * index's error when another request took the same (account, mode, code, version) first.
 */
export async function insertPdfTemplate(env: Env, version: NewTemplateRow, pdf: NewPdfTemplateRow): Promise<void> {
  const db = dbOf(env);
  await db.batch([db.insert(templates).values(version), db.insert(pdfTemplates).values(pdf)]);
}

export type DraftPdfChanges = Pick<NewTemplateRow, "name" | "kind" | "body" | "variables" | "fields">;

/**
 * Replaces the file of a draft: the version's content, its file row, and drops its page
 * pictures (they showed the old file), all only while the version is unpublished. True when the
 * draft was still a draft (and so everything was written).
 */
export async function replaceDraftPdf(env: Env, templateId: string, changes: DraftPdfChanges, pdf: NewPdfTemplateRow): Promise<boolean> {
  const db = dbOf(env);
  const [updated] = await db.batch([
    db
      .update(templates)
      .set(changes)
      .where(and(eq(templates.id, templateId), eq(templates.isPublished, false))),
    db
      .insert(pdfTemplates)
      .values(pdf)
      .onConflictDoUpdate({
        target: pdfTemplates.templateId,
        set: {
          r2Key: pdf.r2Key,
          sha256: pdf.sha256,
          bytes: pdf.bytes,
          originalName: pdf.originalName,
          uploadedAt: pdf.uploadedAt,
          pageCount: pdf.pageCount,
          pages: pdf.pages,
          covers: pdf.covers ?? [],
          formFields: pdf.formFields ?? [],
          notRead: pdf.notRead ?? [],
        },
        setWhere: stillDraft(templateId),
      }),
    db.delete(pdfTemplatePages).where(and(eq(pdfTemplatePages.templateId, templateId), stillDraft(templateId))),
  ]);
  return updated.meta.changes === 1;
}

/** Stores (or replaces) a page picture of a draft: false when the version was published meanwhile. */
export async function upsertPicture(env: Env, row: NewPagePictureRow): Promise<boolean> {
  const r = await dbOf(env)
    .insert(pdfTemplatePages)
    .select(
      // INSERT … SELECT so the row is written only while the version is a draft.
      dbOf(env)
        .select({
          templateId: sql`${row.templateId}`.as("template_id"),
          n: sql`${row.n}`.as("n"),
          r2Key: sql`${row.r2Key}`.as("r2_key"),
          contentType: sql`${row.contentType}`.as("content_type"),
          width: sql`${row.width}`.as("width"),
          height: sql`${row.height}`.as("height"),
          bytes: sql`${row.bytes}`.as("bytes"),
          drawnAt: sql`${row.drawnAt}`.as("drawn_at"),
        })
        .from(templates)
        .where(and(eq(templates.id, row.templateId), eq(templates.isPublished, false))),
    )
    .onConflictDoUpdate({
      target: [pdfTemplatePages.templateId, pdfTemplatePages.n],
      set: {
        r2Key: sql`excluded.r2_key`,
        contentType: sql`excluded.content_type`,
        width: sql`excluded.width`,
        height: sql`excluded.height`,
        bytes: sql`excluded.bytes`,
        drawnAt: sql`excluded.drawn_at`,
      },
    })
    .run();
  return r.meta.changes === 1;
}

/**
 * A revision of a PDF template: the new version row, and the same file row and page pictures as
 * the version it revises (same R2 objects), in one batch. Throws the unique index's error when
 * another request took the same version first.
 */
export async function insertRevisionWithPdf(env: Env, version: NewTemplateRow, fromTemplateId: string): Promise<void> {
  const db = dbOf(env);
  const [pdf, pictures] = await Promise.all([pdfOf(env, fromTemplateId), picturesOf(env, fromTemplateId)]);
  if (!pdf) throw new Error(`Template ${fromTemplateId} has no PDF to carry into its revision.`);
  const to = version.id;
  await db.batch([
    db.insert(templates).values(version),
    db.insert(pdfTemplates).values({ ...pdf, templateId: to }),
    ...pictures.map((pic) => db.insert(pdfTemplatePages).values({ ...pic, templateId: to })),
  ]);
}

/** Which of these R2 keys no file row or picture row names any more (safe to delete). */
export async function unreferencedKeys(env: Env, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const db = dbOf(env);
  const [files, pictures] = await Promise.all([
    db.select({ k: pdfTemplates.r2Key }).from(pdfTemplates).where(inArray(pdfTemplates.r2Key, keys)),
    db.select({ k: pdfTemplatePages.r2Key }).from(pdfTemplatePages).where(inArray(pdfTemplatePages.r2Key, keys)),
  ]);
  const used = new Set([...files, ...pictures].map((r) => r.k));
  return [...new Set(keys)].filter((k) => !used.has(k));
}

/** Fields of a draft only (placements): false when the version is published. */
export async function setDraftFields(env: Env, templateId: string, fields: NewTemplateRow["fields"]): Promise<boolean> {
  const r = await dbOf(env)
    .update(templates)
    .set({ fields })
    .where(and(eq(templates.id, templateId), eq(templates.isPublished, false)))
    .run();
  return r.meta.changes === 1;
}

/** The ids of this account's template versions that are PDF templates (the dashboard's templates list). */
export async function pdfTemplateIdsOf(env: Env, tenantId: string): Promise<Set<string>> {
  const rows = await dbOf(env).select({ id: pdfTemplates.templateId }).from(pdfTemplates).where(eq(pdfTemplates.tenantId, tenantId));
  return new Set(rows.map((r) => r.id));
}
