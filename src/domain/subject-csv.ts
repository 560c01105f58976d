/**
 * Importing subjects from a CSV file (the dashboard's "Import from a CSV file"): one row per
 * participant; rows with the same provider and external_id make one subject, and its rows are its
 * whole guest list, exactly as one `PUT /v1/subjects` call (`importSubject`, whose rules apply).
 * The whole file is checked first, against the same schema and checks as the API; one problem
 * anywhere and nothing is imported, every problem named by line and column. Then the subjects are
 * imported in file order; each import is an upsert, so importing the same file again changes nothing.
 */
import type { Env } from "../env";
import { CsvError, type CsvRow, readCsv } from "../lib/csv";
import { ApiError } from "../lib/errors";
import { type PhoneNumbers, phoneNumbers } from "../lib/phone-numbers";
import { type ImportSummary, SubjectInput, checkSubject, importSubject } from "./packets";
import type { Owner } from "../db/packets";

/**
 * At most 1,000,000 bytes (under the 1 MB request limit with the form around it), 2,000 rows and
 * 100 subjects: each subject is one read and one write batch, 200 D1 calls at most per request.
 * At most 200 columns: the twelve named ones and fact columns (a subject's facts are at most 16 KB).
 */
export const CSV_IMPORT_LIMITS = { maxBytes: 1_000_000, maxRows: 2_000, maxColumns: 200, maxSubjects: 100, problemsShown: 20 };

const SUBJECT_COLUMNS = ["external_id", "provider", "kind", "label", "starts_on", "ends_on"] as const;
const PARTICIPANT_COLUMNS = ["ref", "full_name", "email", "phone", "is_minor", "guardian_ref"] as const;
/** `fact:<name>` columns fill the subject's facts (text values; a blank cell sets nothing). */
const FACT_PREFIX = "fact:";
const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["", "no", "n", "false", "0"]);

type SubjectColumn = (typeof SUBJECT_COLUMNS)[number];
type Planned = { input: SubjectInput; lines: number[] };

/** The file's problems, each "line N, column: what" (or "header: …"), the first ones shown. */
export class CsvImportRefused extends ApiError {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, CSV_IMPORT_LIMITS.problemsShown);
    const more = problems.length - shown.length;
    super(
      "invalid",
      `Nothing was imported: ${problems.length === 1 ? "1 problem" : `${problems.length} problems`} in the file.`,
      `${shown.join("; ")}${more ? `; and ${more} more` : ""}.`,
    );
  }
}

/** Reads and checks the whole file (its numbers by `phones`); throws CsvImportRefused naming every problem, imports nothing. */
export function planCsvImport(bytes: Uint8Array, phones: PhoneNumbers): Planned[] {
  if (bytes.byteLength > CSV_IMPORT_LIMITS.maxBytes) throw new CsvImportRefused([`file: at most 1,000,000 bytes; this one has ${bytes.byteLength}`]);
  let rows: CsvRow[];
  try {
    rows = readCsv(bytes, { maxRows: CSV_IMPORT_LIMITS.maxRows + 1, maxColumns: CSV_IMPORT_LIMITS.maxColumns });
  } catch (err) {
    if (err instanceof CsvError) throw new CsvImportRefused([`file: ${err.message.replace(/\.$/, "")}`]);
    throw err;
  }
  const [header, ...body] = rows;
  if (!header || !body.length) throw new CsvImportRefused(["file: a header line and at least one row are needed"]);
  const columns = header.cells.map((c) => c.trim().toLowerCase());
  const problems: string[] = [];
  const known = new Set<string>([...SUBJECT_COLUMNS, ...PARTICIPANT_COLUMNS]);
  // Each column's index, found once: every look-up below is constant time.
  const indexOf = new Map<string, number>();
  columns.forEach((c, i) => {
    if (indexOf.has(c)) {
      problems.push(`header: column "${c}" appears twice`);
      return;
    }
    indexOf.set(c, i);
    if (!known.has(c) && !(c.startsWith(FACT_PREFIX) && c.length > FACT_PREFIX.length)) {
      problems.push(`header: unknown column "${header.cells[i]}" (columns: ${[...known].join(", ")}, ${FACT_PREFIX}<name>)`);
    }
  });
  // ref and full_name too: a subject's rows are its whole guest list, so a file without them would empty every list.
  for (const need of ["external_id", "starts_on", "ref", "full_name"]) if (!indexOf.has(need)) problems.push(`header: the column "${need}" is required`);
  if (problems.length) throw new CsvImportRefused(problems);

  const at = (row: CsvRow, col: string) => {
    const i = indexOf.get(col);
    return i === undefined ? "" : (row.cells[i] ?? "").trim();
  };
  const factColumns = columns.flatMap((c, i) => (c.startsWith(FACT_PREFIX) ? [{ name: c.slice(FACT_PREFIX.length), i }] : []));
  // Rows grouped by subject, in the order subjects first appear.
  const groups = new Map<string, CsvRow[]>();
  for (const row of body) {
    if (row.cells.length > columns.length && row.cells.slice(columns.length).some((c) => c.trim() !== "")) {
      problems.push(`line ${row.line}: more cells than the header has columns`);
    }
    const key = `${at(row, "provider")}\u0000${at(row, "external_id")}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  if (groups.size > CSV_IMPORT_LIMITS.maxSubjects) {
    throw new CsvImportRefused([`file: at most ${CSV_IMPORT_LIMITS.maxSubjects} subjects (external_id) per file; this one has ${groups.size}`]);
  }

  const planned: Planned[] = [];
  for (const rows of groups.values()) {
    const first = rows[0]!;
    // Subject columns: the first non-blank value; a different one on another row is a mistake.
    const subject: Partial<Record<SubjectColumn, string>> = {};
    const from: Partial<Record<SubjectColumn, number>> = {};
    for (const row of rows) {
      for (const col of SUBJECT_COLUMNS) {
        const v = at(row, col);
        if (!v) continue;
        if (subject[col] === undefined) {
          subject[col] = v;
          from[col] = row.line;
        } else if (subject[col] !== v) {
          problems.push(`line ${row.line}, ${col}: "${v}" differs from "${subject[col]}" on line ${from[col]} of the same subject`);
        }
      }
    }
    const facts: Record<string, string> = {};
    for (const { name, i } of factColumns) {
      for (const row of rows) {
        const v = (row.cells[i] ?? "").trim();
        if (v) {
          facts[name] = v;
          break;
        }
      }
    }
    // Participants: rows naming someone (a row with no ref and no name only carries the subject).
    const people = rows.filter((r) => at(r, "ref") || at(r, "full_name"));
    const participants = people.map((r) => {
      const minor = at(r, "is_minor").toLowerCase();
      if (!YES.has(minor) && !NO.has(minor)) problems.push(`line ${r.line}, is_minor: "${at(r, "is_minor")}" is neither yes nor no`);
      return {
        ref: at(r, "ref"),
        full_name: at(r, "full_name"),
        ...(at(r, "email") ? { email: at(r, "email") } : {}),
        ...(at(r, "phone") ? { phone: at(r, "phone") } : {}),
        is_minor: YES.has(minor),
        ...(at(r, "guardian_ref") ? { guardian_ref: at(r, "guardian_ref") } : {}),
      };
    });
    const candidate = {
      external_id: subject.external_id ?? "",
      starts_on: subject.starts_on ?? "",
      ...(subject.provider ? { provider: subject.provider } : {}),
      ...(subject.kind ? { kind: subject.kind } : {}),
      ...(subject.label ? { label: subject.label } : {}),
      ...(subject.ends_on ? { ends_on: subject.ends_on } : {}),
      ...(Object.keys(facts).length ? { facts } : {}),
      participants,
    };
    const lineOf = (path: readonly PropertyKey[]) => {
      if (path[0] === "participants" && typeof path[1] === "number") return `line ${people[path[1]]?.line ?? first.line}, ${String(path[2] ?? "participants")}`;
      const col = String(path[0] ?? "row") as SubjectColumn;
      return `line ${from[col] ?? first.line}, ${path[0] === "facts" ? "fact columns" : col}`;
    };
    const parsed = SubjectInput.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const what = issue.code === "invalid_type" && /received undefined$/.test(issue.message) ? "is required" : issue.message;
        problems.push(`${lineOf(issue.path)}: ${what}`);
      }
      continue;
    }
    try {
      checkSubject(parsed.data, phones);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // The check names `participants.<i> ("name")` or a subject field: told here by line.
      const m = /^participants\.(\d+)/.exec(err.message);
      const where = m ? `line ${people[Number(m[1])]?.line ?? first.line}` : `line ${first.line}`;
      problems.push(`${where}: ${err.message.replace(/\.$/, "")}`);
      continue;
    }
    planned.push({ input: parsed.data, lines: rows.map((r) => r.line) });
  }
  if (problems.length) throw new CsvImportRefused(problems);
  return planned;
}

export type CsvImported = { external_id: string; provider: string | null; label: string | null; subject_id: string; packet: ImportSummary };

/**
 * Checks the whole file (nothing imported on any problem), then imports each subject in file
 * order. Should one import fail on a server fault, the subjects before it stay imported, each
 * whole; importing the file again finishes the job, as every import is an upsert.
 */
export async function importCsv(env: Env, o: Owner, bytes: Uint8Array): Promise<{ imported: CsvImported[] }> {
  const planned = planCsvImport(bytes, await phoneNumbers(env.ASSETS));
  const imported: CsvImported[] = [];
  for (const { input } of planned) {
    const r = await importSubject(env, o, input);
    imported.push({ external_id: input.external_id, provider: input.provider ?? null, label: input.label ?? null, subject_id: r.subject_id, packet: r.packet });
  }
  return { imported };
}
