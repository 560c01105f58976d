/**
 * Every D1 query about workflows, on drizzle's query builder. Row types come from the table.
 * A workflow is read with what it derives from other tables: its template's kind and whether
 * that template has a published version, and how many documents it started and completed.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { dbOf } from "./client";
import type { Env, Mode } from "../env";
import { templates, workflows } from "./schema";

export type WorkflowRow = typeof workflows.$inferSelect;
export type NewWorkflowRow = typeof workflows.$inferInsert;

/** The account and mode a workflow belongs to: every read and write is scoped by both. */
export type Owner = { tenantId: string; mode: Mode };

const owned = (o: Owner) => and(eq(workflows.tenantId, o.tenantId), eq(workflows.mode, o.mode));

// Correlated scalar subqueries. Drizzle writes a one-table select's columns without their table
// name, which inside a subquery would bind to the inner table, so these fragments name the outer
// row ("workflows") themselves. `documents_workflow` (workflow_id, status) covers both counts.
const facts = {
  row: workflows,
  /** Documents it started that went out (a start refused at send, e.g. by the quota, leaves a draft that does not count). */
  started: sql<number>`(SELECT COUNT(*) FROM documents d WHERE d.workflow_id = "workflows"."id" AND d.status <> 'draft')`.mapWith(Number),
  completed: sql<number>`(SELECT COUNT(*) FROM documents d WHERE d.workflow_id = "workflows"."id" AND d.status = 'completed')`.mapWith(Number),
  /** The kind of the template's latest published version, else of its latest draft. */
  templateKind: sql<string | null>`(SELECT t.kind FROM templates t WHERE t.tenant_id = "workflows"."tenant_id" AND t.mode = "workflows"."mode"
      AND t.code = "workflows"."template_code" ORDER BY t.is_published DESC, t.version DESC LIMIT 1)`,
  templatePublished: sql<boolean>`EXISTS (SELECT 1 FROM templates t WHERE t.tenant_id = "workflows"."tenant_id" AND t.mode = "workflows"."mode"
      AND t.code = "workflows"."template_code" AND t.is_published = 1)`.mapWith((v) => v === 1 || v === true),
};

/** What a start needs: the row and whether its template can be prepared (no counts: they grow with the documents). */
const startFacts = { row: workflows, templatePublished: facts.templatePublished };
export type WorkflowToStart = { row: WorkflowRow; templatePublished: boolean };

export async function workflowToStart(env: Env, o: Owner, id: string): Promise<WorkflowToStart | undefined> {
  const [r] = await dbOf(env)
    .select(startFacts)
    .from(workflows)
    .where(and(owned(o), eq(workflows.id, id)))
    .limit(1);
  return r;
}

export type WorkflowWithFacts = { row: WorkflowRow; started: number; completed: number; templateKind: string | null; templatePublished: boolean };

/** Every workflow of the account and mode, newest first (like templates and documents). */
export function listWorkflowRows(env: Env, o: Owner): Promise<WorkflowWithFacts[]> {
  return dbOf(env).select(facts).from(workflows).where(owned(o)).orderBy(desc(workflows.createdAt), desc(workflows.id));
}

export async function workflowWithFacts(env: Env, o: Owner, id: string): Promise<WorkflowWithFacts | undefined> {
  const [r] = await dbOf(env)
    .select(facts)
    .from(workflows)
    .where(and(owned(o), eq(workflows.id, id)))
    .limit(1);
  return r;
}

/**
 * The workflow behind a public address, whichever account it belongs to, with the account's name,
 * its white-label flag (the form reads the brand only for such an account), its daily cap on form
 * starts and its Turnstile site key.
 */
export async function workflowBySlug(
  env: Env,
  slug: string,
): Promise<(WorkflowToStart & { tenantName: string | null; whiteLabel: boolean; dailyCap: number; turnstileSiteKey: string | null }) | undefined> {
  const [r] = await dbOf(env)
    .select({
      ...startFacts,
      tenantName: sql<string | null>`(SELECT tn.name FROM tenants tn WHERE tn.id = "workflows"."tenant_id")`,
      whiteLabel: sql<boolean>`(SELECT tn.white_label FROM tenants tn WHERE tn.id = "workflows"."tenant_id")`.mapWith((v) => v === 1 || v === true),
      dailyCap: sql<number>`(SELECT tn.public_form_daily_cap FROM tenants tn WHERE tn.id = "workflows"."tenant_id")`.mapWith(Number),
      turnstileSiteKey: sql<string | null>`(SELECT tn.turnstile_site_key FROM tenants tn WHERE tn.id = "workflows"."tenant_id")`,
    })
    .from(workflows)
    .where(eq(workflows.publicSlug, slug))
    .limit(1);
  return r;
}

export async function workflowByCode(env: Env, o: Owner, code: string): Promise<Pick<WorkflowRow, "id"> | undefined> {
  const [r] = await dbOf(env)
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(owned(o), eq(workflows.code, code)))
    .limit(1);
  return r;
}

/** Inserts unless the code is taken in the account and mode (or the slug anywhere): true when this insert won. */
export async function insertWorkflow(env: Env, row: NewWorkflowRow): Promise<boolean> {
  const r = await dbOf(env).insert(workflows).values(row).onConflictDoNothing().run();
  return r.meta.changes === 1;
}

/**
 * Writes an edit if the row is still as it was read (`updated_at` unchanged): false when another
 * edit came in between or the code or slug is taken.
 */
export async function updateWorkflowRow(env: Env, o: Owner, id: string, readAt: string, set: Partial<NewWorkflowRow>): Promise<boolean> {
  const r = await dbOf(env)
    .update(workflows)
    .set(set)
    .where(and(owned(o), eq(workflows.id, id), eq(workflows.updatedAt, readAt)))
    .run()
    .catch((err: unknown) => {
      // The unique indexes (code per account and mode, public slug) refuse the edit.
      if (/UNIQUE constraint failed/.test(String(err))) return { meta: { changes: 0 } };
      throw err;
    });
  return r.meta.changes === 1;
}

/** Whether any workflow holds this public slug. */
export async function slugInUse(env: Env, slug: string): Promise<boolean> {
  const [r] = await dbOf(env).select({ id: workflows.id }).from(workflows).where(eq(workflows.publicSlug, slug)).limit(1);
  return r !== undefined;
}

/** Whether the account and mode have a template of this code (any version). */
export async function templateCodeExists(env: Env, o: Owner, code: string): Promise<boolean> {
  const [r] = await dbOf(env)
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.tenantId, o.tenantId), eq(templates.mode, o.mode), eq(templates.code, code)))
    .limit(1);
  return r !== undefined;
}
