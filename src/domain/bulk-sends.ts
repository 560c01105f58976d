/**
 * Bulk sends (docs/bulk-sending.md): one published template or one workflow sent to up to 1,000
 * people, one document each. The request is checked for its shape and stored with its rows in one
 * batch; the rows are then sent in the background by the send's BulkSender Durable Object, each
 * through the same functions a single send uses (prepare and send, or a workflow's start), with
 * the quota checked per row. A row whose send is refused fails alone, with the refusal's message.
 *
 * A row is never sent twice: its document's id is derived from `bulk:<bulk_send_id>:<n>`, so a
 * retried row finds the document an interrupted run made (a document is created at most once per
 * row: its id is the table's primary key) and only finishes what is left; the row's outcome and its
 * document id are written together, and only while the row is still queued.
 */
import { z } from "@hono/zod-openapi";
import type { Env, Mode, Principal } from "../env";
import { dbOf } from "../db/client";
import {
  type BulkRowRow,
  type BulkSendRow,
  bulkSendOf,
  documentStatusOf,
  doneAt,
  insertBulkSend,
  listBulkSends,
  markDone,
  queuedRows,
  unfinishedBulkSends,
  recount,
  rowsOf,
  settleRowStatements,
} from "../db/bulk-sends";
import { workflowToStart } from "../db/workflows";
import { CsvError, readCsv } from "../lib/csv";
import { ApiError, invalid, notFound, validationError } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { log, errorFields } from "../lib/log";
import { plainText, text } from "../lib/text";
import { prepareDraft, sendDocument } from "./documents";
import { latestPublished } from "./templates";
import { startLoaded, startSigners } from "./workflows";
import { deliveryQueries, kickDeliveryQueues } from "./webhooks";
import { bulkSender } from "../objects/bulk-sender/client";

export const BULK_MAX_ROWS = 1000;
export const BULK_SEND_COMPLETED = "bulk_send.completed";
/** Rows one run of the sender takes at a time, and how many of them are sent at once. */
export const BULK_BATCH = 25;
const BULK_CONCURRENCY = 10;

const BulkRowInput = z
  .object({
    email: text().trim().min(1).max(254).openapi({ description: "Checked per row: a malformed address fails its row at once (`failed`, with why)." }),
    full_name: plainText().trim().min(1).max(200),
    phone: text().max(20).nullable().optional(),
    values: z.record(plainText().min(1).max(100), plainText().max(20000)).optional(),
  })
  .strict()
  .openapi("BulkSendRowInput");

const Source = {
  template_code: text().min(1).max(64).optional().openapi({ description: "A published template: each row's values fill its variables." }),
  workflow_id: text().min(1).max(64).optional().openapi({ description: "An active workflow: each row starts it as the participant." }),
};
const oneSource = (v: { template_code?: string; workflow_id?: string }) => (v.template_code === undefined) !== (v.workflow_id === undefined);
const ONE_SOURCE = { message: "give exactly one of template_code and workflow_id", path: ["template_code"] };

export const BulkSendInput = z
  .object({ ...Source, rows: z.array(BulkRowInput).min(1).max(BULK_MAX_ROWS) })
  .strict()
  .refine(oneSource, ONE_SOURCE)
  .openapi("BulkSendCreate");
export type BulkSendInput = z.infer<typeof BulkSendInput>;

/** The query of a CSV upload: what the rows are sent from. */
export const BulkSendCsvQuery = z.object(Source).refine(oneSource, ONE_SOURCE);

const EMAIL = z.email();
const CSV_VALUE_PREFIX = "values.";

/**
 * A CSV upload's rows (columns `email`, `full_name`, `phone`, `values.<name>`; commas or
 * semicolons; quoted fields; a UTF-8 BOM), as the JSON body's `rows`; 422 naming the problem for a
 * file without a header and rows, with an unknown or missing column, or over 1,000 rows. A blank
 * `phone` or `values.` cell gives nothing (a variable left blank fails its row, as a single send would).
 */
export function rowsFromCsv(bytes: Uint8Array): BulkSendInput["rows"] {
  let lines: ReturnType<typeof readCsv>;
  try {
    lines = readCsv(bytes, { maxRows: BULK_MAX_ROWS + 1, maxColumns: 210 });
  } catch (err) {
    if (err instanceof CsvError) throw invalid(`csv: ${err.message.replace(/more than 1001 rows/, `more than ${BULK_MAX_ROWS} rows after the header`)}`);
    throw err;
  }
  const [header, ...body] = lines;
  if (!header || body.length === 0) throw invalid("csv: a header line (email, full_name, …) and at least one row are needed.");
  const columns = header.cells.map((c) => c.trim());
  for (const c of columns) {
    if (c !== "email" && c !== "full_name" && c !== "phone" && !(c.startsWith(CSV_VALUE_PREFIX) && c.length > CSV_VALUE_PREFIX.length)) {
      throw invalid(`csv: unknown column "${c}".`, "Columns: email, full_name, phone and values.<name>.");
    }
  }
  for (const need of ["email", "full_name"]) if (!columns.includes(need)) throw invalid(`csv: the column "${need}" is missing.`);
  return body.map(({ cells }) => {
    const row: BulkSendInput["rows"][number] = { email: "", full_name: "" };
    const values: Record<string, string> = {};
    columns.forEach((c, i) => {
      const v = cells[i] ?? "";
      if (c === "email" || c === "full_name") row[c] = v;
      else if (c === "phone") row.phone = v.trim() === "" ? null : v;
      else if (v !== "") values[c.slice(CSV_VALUE_PREFIX.length)] = v;
    });
    if (Object.keys(values).length) row.values = values;
    return row;
  });
}

/** The rows of a CSV, checked like the JSON body's (422 naming `rows.<i>.<field>`: nothing is stored). */
export function checkedCsvRows(bytes: Uint8Array): BulkSendInput["rows"] {
  const r = BulkSendInput.safeParse({ template_code: "csv", rows: rowsFromCsv(bytes) });
  if (!r.success) throw validationError(r.error.issues, "csv");
  return r.data.rows;
}

/**
 * Stores the bulk send and its rows (a row with a malformed email is stored `failed` at once),
 * then hands it to its sender. 422 when the template has no published version or the workflow is
 * unknown: nothing is stored then.
 */
export async function createBulkSend(env: Env, p: Pick<Principal, "tenantId" | "mode">, input: BulkSendInput, createdBy: string) {
  if (input.template_code !== undefined) await latestPublished(env, p, input.template_code);
  else if (!(await workflowToStart(env, p, input.workflow_id!))) throw invalid(`workflow_id: no workflow "${input.workflow_id}" in this account.`);
  const id = newId("bs");
  const at = nowIso();
  const rows = input.rows.map((r, i) => {
    const badEmail = !EMAIL.safeParse(r.email).success;
    return {
      bulkSendId: id,
      n: i + 1,
      email: r.email,
      fullName: r.full_name,
      phone: r.phone ?? null,
      values: r.values ?? {},
      status: badEmail ? ("failed" as const) : ("queued" as const),
      error: badEmail ? `email: "${r.email}" is not a valid email address.` : null,
      doneAt: badEmail ? at : null,
    };
  });
  const failed = rows.filter((r) => r.status === "failed").length;
  const db = dbOf(env);
  await db.batch(
    insertBulkSend(
      db,
      {
        id,
        tenantId: p.tenantId,
        mode: p.mode,
        templateCode: input.template_code ?? null,
        workflowId: input.workflow_id ?? null,
        state: "queued",
        total: rows.length,
        failed,
        createdBy,
        createdAt: at,
      },
      rows,
    ),
  );
  await bulkSender(env, id).start(id);
  return { bulk_send_id: id };
}

/** How long a bulk send may go without finishing before the minute's sweep hands it to its sender again. */
const STRANDED_AFTER_MS = 2 * 60_000;

/**
 * The minute's sweep (src/domain/scheduled.ts): every bulk send not done two minutes after it was
 * made is handed to its sender again, so a start lost between the rows' write and the sender (or
 * an alarm lost with its object) never strands a row. A send still running is only woken: its
 * batches run one after another and a row is never sent twice.
 */
export async function sweepBulkSends(env: Env, now: Date) {
  const due = await unfinishedBulkSends(dbOf(env), new Date(now.getTime() - STRANDED_AFTER_MS).toISOString(), 100);
  await Promise.all(due.map((s) => bulkSender(env, s.id).start(s.id)));
  return { kicked: due.length };
}

/** A bulk send as GET /v1/bulk-sends/{id} answers it. */
export function bulkSendOut(s: BulkSendRow, rows: BulkRowRow[]) {
  return {
    bulk_send_id: s.id,
    template_code: s.templateCode,
    workflow_id: s.workflowId,
    state: s.state,
    total: s.total,
    sent: s.sent,
    failed: s.failed,
    created_at: s.createdAt,
    finished_at: s.finishedAt,
    rows: rows.map((r) => ({
      n: r.n,
      email: r.email,
      full_name: r.fullName,
      status: r.status,
      ...(r.documentId ? { document_id: r.documentId } : {}),
      ...(r.error ? { error: r.error } : {}),
    })),
  };
}

/** The bulk send of this account and mode with every row, or 404. */
export async function getBulkSend(env: Env, p: Pick<Principal, "tenantId" | "mode">, id: string) {
  const db = dbOf(env);
  const s = await bulkSendOf(db, id);
  if (!s || s.tenantId !== p.tenantId || s.mode !== p.mode) throw notFound("bulk send");
  return bulkSendOut(s, await rowsOf(db, id));
}

/** The account's newest bulk sends in this mode (the dashboard's list). */
export async function recentBulkSends(env: Env, p: Pick<Principal, "tenantId" | "mode">, limit = 50) {
  return listBulkSends(dbOf(env), p.tenantId, p.mode, limit);
}

/** A row's document id: `doc_` and 20 base32 characters of SHA-256(`bulk:<id>:<n>`), the same on every run. */
export async function rowDocumentId(bulkSendId: string, n: number) {
  const hex = await sha256Hex(`bulk:${bulkSendId}:${n}`);
  const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
  let s = "";
  for (let i = 0; i < 20; i++) s += alphabet[Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16) & 31];
  return `doc_${s}`;
}

const SYSTEM = { ip: null, userAgent: null };

/**
 * Sends one row; its outcome (the document's id, or the refusal's message), or null when another
 * run is sending it at the same moment. Never sends a row's document twice: the document is made
 * under the row's own id (a second insert fails), and its sequencer sends a draft only once.
 */
async function sendRow(env: Env, s: BulkSendRow, row: BulkRowRow, workflow: Awaited<ReturnType<typeof workflowToStart>> | null) {
  const db = dbOf(env);
  const p = { tenantId: s.tenantId, mode: s.mode as Mode };
  const documentId = await rowDocumentId(s.id, row.n);
  const person = { email: row.email, full_name: row.fullName, phone: row.phone };
  const before = await documentStatusOf(db, documentId);
  // An earlier run sent it and stopped before writing the row: the row is done.
  if (before !== null && before !== "draft") return { documentId };
  try {
    if (s.templateCode !== null) {
      if (before === null) await prepareDraft(env, p, { template_code: s.templateCode, values: row.values }, SYSTEM, { documentId });
      await sendDocument(env, p, documentId, [{ ...person, phone: person.phone ?? undefined }], SYSTEM);
    } else {
      if (!workflow) throw invalid(`workflow_id: no workflow "${s.workflowId}" in this account.`);
      if (before === null) await startLoaded(env, p, workflow, { ...person, phone: person.phone ?? undefined, values: row.values }, SYSTEM, null, documentId);
      else {
        // An earlier run prepared it and stopped before its send: send it to the workflow's people.
        const { signers } = startSigners(workflow.row, { ...person, phone: person.phone });
        await sendDocument(
          env,
          p,
          documentId,
          signers.map((x) => x.input as Parameters<typeof sendDocument>[3][number]),
          SYSTEM,
        );
      }
    }
    return { documentId };
  } catch (err) {
    // Sent after all (another run sent it first, or the refusal came after the send committed): the row is sent.
    const after = await documentStatusOf(db, documentId).catch(() => null);
    if (after !== null && after !== "draft") return { documentId };
    if (err instanceof ApiError) return { error: err.message };
    // Its document appeared while this run prepared it: another run holds the row; it stays queued for that one.
    if (before === null && after === "draft") return null;
    log("error", "bulk send row failed", { bulk_send_id: s.id, n: row.n, ...errorFields(err) });
    return { error: "The row could not be sent because of an internal error; send it on its own." };
  }
}

/**
 * One run of the sender: sends the next BULK_BATCH queued rows (BULK_CONCURRENCY at a time), each
 * outcome written as it lands; when none is left, marks the send done and queues
 * `bulk_send.completed` in the same batch (once). True while rows remain.
 */
export async function runBulkBatch(env: Env, id: string, batch = BULK_BATCH): Promise<boolean> {
  const db = dbOf(env);
  const s = await bulkSendOf(db, id);
  if (!s || s.state === "done") return false;
  const rows = await queuedRows(db, id, batch);
  if (rows.length) {
    const workflow = s.workflowId ? ((await workflowToStart(env, { tenantId: s.tenantId, mode: s.mode as Mode }, s.workflowId)) ?? null) : null;
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const outcome = await sendRow(env, s, row, workflow);
        if (outcome) await db.batch(settleRowStatements(db, id, row.n, outcome, nowIso()));
      }
    };
    await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, rows.length) }, worker));
    if (rows.length === batch) return true;
  }
  return !(await finish(env, s));
}

/** Marks the send done and queues `bulk_send.completed` in the same batch; false while a row is still queued. */
async function finish(env: Env, s: BulkSendRow): Promise<boolean> {
  const db = dbOf(env);
  const rows = await rowsOf(db, s.id);
  if (rows.some((r) => r.status === "queued")) return false;
  const at = nowIso();
  const sent = rows.filter((r) => r.status === "sent").length;
  const payload = { event: BULK_SEND_COMPLETED, occurred_at: at, bulk_send_id: s.id, total: s.total, sent, failed: rows.length - sent };
  const delivery = deliveryQueries(db, {
    tenantId: s.tenantId,
    mode: s.mode as Mode,
    event: BULK_SEND_COMPLETED,
    payload,
    documentId: null,
    documentTitle: null,
    when: doneAt(s.id, at),
  });
  await db.batch([recount(db, s.id), markDone(db, s.id, at), ...delivery.queries]);
  await kickDeliveryQueues(env, [delivery.target]);
  return true;
}
