/**
 * Fields read out of an uploaded PDF: its AcroForm's widgets (src/lib/pdf/form-fields.ts) and the
 * text tags written in its pages (src/lib/pdf/text-tags.ts, over src/lib/pdf/content-text.ts),
 * placed as fractions of each page as shown (`pageView`, the one geometry). What cannot be read is
 * a problem naming its page and text, never dropped silently. Rules: docs/pdf-templates.md,
 * "Fields read from the document".
 */
import type { PDFDocument } from "pdf-lib";
import type { AnalysedPage } from "./analyse";
import { readPageText, TextBudget } from "./content-text";
import { readAcroForm } from "./form-fields";
import { pageView } from "./stamp-layout";
import { tagsOfPage } from "./text-tags";

export type FieldSources = "acroform" | "tags" | "both";
export const FIELD_SOURCES: readonly FieldSources[] = ["acroform", "tags", "both"];

/** Fractions of the page as shown, origin top left, 4 decimals. */
export type FoundBox = { page: number; x: number; y: number; w: number; h: number };

export type FoundField = {
  source: "acroform" | "tag";
  kind:
    | "text"
    | "textarea"
    | "email"
    | "phone"
    | "number"
    | "date"
    | "checkbox"
    | "initials"
    | "signature"
    | "date_signed"
    | "signer_name"
    | "signer_email"
    | "radio"
    | "select";
  /** The tag's key, or null. */
  key: string | null;
  /** The AcroForm field's fully qualified name, or null. */
  name: string | null;
  /** AcroForm: tooltip or partial name; tag: the tag text without braces. */
  label: string;
  /** From the tag; null for AcroForm. */
  signer: number | null;
  /** null: not said. */
  required: boolean | null;
  options?: string[];
  max_length?: number;
  place: FoundBox;
  /** Tags only: the tag's own text box, painted white when stamped. */
  cover?: FoundBox;
  /** Tags only: the tag as written, e.g. "{{signature:1}}". */
  text?: string;
};

export type FieldProblem = { page: number | null; text: string; reason: string };
export type FoundFields = { fields: FoundField[]; problems: FieldProblem[] };

/**
 * Reads the fields of a loaded document (`pages` from the same analysis). Throws only
 * `PdfRefusal` ("too_large_decompressed": the streams read inflate past the file's budget).
 */
export async function readDocumentFields(doc: PDFDocument, pages: AnalysedPage[], sources: FieldSources): Promise<FoundFields> {
  const fields: FoundField[] = [];
  const problems: FieldProblem[] = [];
  const docPages = doc.getPages();
  const views = pages.map((p) => pageView(docPages[p.n - 1]!));
  if (sources !== "tags") {
    const form = readAcroForm(doc, views);
    fields.push(...form.fields);
    problems.push(...form.problems);
  }
  if (sources !== "acroform") {
    const budget = new TextBudget();
    for (const p of pages) {
      const lines = await readPageText(docPages[p.n - 1]!, budget);
      const found = tagsOfPage(lines, views[p.n - 1]!, p.n);
      fields.push(...found.fields);
      problems.push(...found.problems);
    }
  }
  fields.sort((a, b) => a.place.page - b.place.page || a.place.y - b.place.y || a.place.x - b.place.x);
  problems.sort((a, b) => (a.page ?? 0) - (b.page ?? 0));
  return { fields, problems };
}
