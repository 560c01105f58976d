/**
 * Every D1 query about templates, on drizzle's query builder. Row types come from the table.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { type Db, dbOf } from "./client";
import type { Env, Principal } from "../env";
import { pdfTemplates, templates } from "./schema";

export type TemplateRow = typeof templates.$inferSelect;
export type NewTemplateRow = typeof templates.$inferInsert;

const ofCode = (p: Pick<Principal, "tenantId" | "mode">, code: string) =>
  and(eq(templates.tenantId, p.tenantId), eq(templates.mode, p.mode), eq(templates.code, code));

/** Every version of one code, newest first. */
export function versionsOf(env: Env, p: Pick<Principal, "tenantId" | "mode">, code: string): Promise<TemplateRow[]> {
  return dbOf(env).select().from(templates).where(ofCode(p, code)).orderBy(desc(templates.version));
}

/** Holds while `id` is still the latest published version of the code (for `guard`). */
export const stillLatestPublished = (db: Db, p: Pick<Principal, "tenantId" | "mode">, code: string, id: string) =>
  sql`(${db
    .select({ id: templates.id })
    .from(templates)
    .where(and(ofCode(p, code), eq(templates.isPublished, true)))
    .orderBy(desc(templates.version))
    .limit(1)}) IS ${id}`;

/**
 * The latest published version of a code, or undefined, with the SHA-256 of its PDF when it is a
 * PDF template (null otherwise): one query, so preparing a document costs no extra round trip.
 */
export async function latestPublishedRow(
  env: Env,
  p: Pick<Principal, "tenantId" | "mode">,
  code: string,
): Promise<(TemplateRow & { pdfSha256: string | null }) | undefined> {
  const [row] = await dbOf(env)
    .select({ template: templates, pdfSha256: pdfTemplates.sha256 })
    .from(templates)
    .leftJoin(pdfTemplates, eq(pdfTemplates.templateId, templates.id))
    .where(and(ofCode(p, code), eq(templates.isPublished, true)))
    .orderBy(desc(templates.version))
    .limit(1);
  return row ? { ...row.template, pdfSha256: row.pdfSha256 } : undefined;
}

/**
 * Inserts a version unless (account, mode, code, version) exists: true when this insert won.
 * Two requests racing for one version learn it here instead of from a unique-index error.
 */
export async function insertVersion(env: Env, row: NewTemplateRow): Promise<boolean> {
  const r = await dbOf(env)
    .insert(templates)
    .values(row)
    .onConflictDoNothing({ target: [templates.tenantId, templates.mode, templates.code, templates.version] })
    .run();
  return r.meta.changes === 1;
}

export type DraftChanges = Pick<NewTemplateRow, "name" | "kind" | "body" | "variables" | "grants" | "consentText" | "fields">;

/** Replaces a never-published draft's content: false when it was published meanwhile. */
export async function updateDraft(env: Env, id: string, changes: DraftChanges): Promise<boolean> {
  const r = await dbOf(env)
    .update(templates)
    .set(changes)
    .where(and(eq(templates.id, id), eq(templates.isPublished, false)))
    .run();
  return r.meta.changes === 1;
}

/** Publishes a draft: false when another request published it first. */
export async function markPublished(env: Env, id: string, publishedAt: string): Promise<boolean> {
  const r = await dbOf(env)
    .update(templates)
    .set({ isPublished: true, publishedAt })
    .where(and(eq(templates.id, id), eq(templates.isPublished, false)))
    .run();
  return r.meta.changes === 1;
}

/** Every version of every code of the account and mode, newest first, with its document count. */
export function listWithCounts(env: Env, p: Principal) {
  // Two correlated scalar subqueries. Drizzle writes a one-table select's columns without their
  // table name, which inside a subquery would bind to the inner table, so these two fragments
  // name the outer row ("templates") themselves.
  return dbOf(env)
    .select({
      row: templates,
      documents: sql<number>`(SELECT COUNT(*) FROM documents d WHERE d.template_id = "templates"."id")`.mapWith(Number),
      isLatest:
        sql<boolean>`("templates"."version" = (SELECT MAX(t2.version) FROM templates t2 WHERE t2.tenant_id = "templates"."tenant_id" AND t2.mode = "templates"."mode" AND t2.code = "templates"."code"))`.mapWith(
          (v) => v === 1,
        ),
    })
    .from(templates)
    .where(and(eq(templates.tenantId, p.tenantId), eq(templates.mode, p.mode)))
    .orderBy(desc(templates.createdAt), desc(templates.version));
}
