/**
 * The completed document of a PDF template: a copy of the original file (read from R2, its
 * SHA-256 checked against the one frozen on the document at prepare) with every placed answer
 * drawn in its box by `stampPlacements`, after the text tags read from it are painted over and
 * the form fields made into template fields are taken out (docs/pdf-templates.md). The certificate pages are appended after it by
 * `drawSealedDocument`, then the whole is sealed as every sealed PDF is (src/domain/evidence.ts).
 *
 * Which answer a box shows: for a field asked of one signing party (`signer`), that party's answer;
 * otherwise the placed field's answer of the first signer, in signing order, who gave a non-empty
 * one (every answer of every signer is also listed on the appended pages).
 */
import type { PDFDocument } from "pdf-lib";
import type { Env } from "../env";
import type { TemplateField } from "../db/schema";
import { frozenOriginalPdf } from "./pdf-templates";
import type { StampPlacement } from "../lib/pdf/stamp";
import type { TemplateFieldKind } from "./vocabulary";
import { UPLOAD_KINDS } from "./field-rules";

/** A box to fill, as `stampPlacements` takes it (src/lib/pdf/stamp.ts). */
export type Placement = StampPlacement;

export type CompletionInput = {
  templateId: string;
  pdfSha256: string;
  fields: TemplateField[];
  /** Signers in signing order; `reason`: re-authentication's line, printed under the signer's signature boxes. */
  signers: { id: string; reason?: string | null }[];
  values: { signerId: string; key: string; value: string }[];
  /** A test-mode document: its mark is drawn at the top of every original page too. */
  test: boolean;
  /** The files signers uploaded (image, stamp and file answers `sha256:<hex>`), with their attachment names. */
  uploads?: { name: string; sha256: string; contentType: string; bytes: Uint8Array }[];
};

const DATA_URL = /^data:image\/(png|jpeg);base64,/;

/** Pixels for a box side of `pt` points at about 300 dpi, at most `cap`. */
const boxPixels = (pt: number, cap: number) => Math.min(cap, Math.max(1, Math.ceil((pt * 300) / 72)));

/** The picture of a drawn or uploaded signature (or initials), re-encoded by the service for the box (about 300 dpi, capped). */
async function pictureFor(value: string, boxW: number, boxH: number): Promise<Uint8Array | null> {
  const { signaturePictureForPdf } = await import("../lib/image");
  try {
    const pic = await signaturePictureForPdf(value, boxPixels(boxW, 2000), boxPixels(boxH, 1000));
    return pic.png;
  } catch {
    return null; // an unreadable picture is left out of the box (the trail and the certificate keep its hash)
  }
}

/** An uploaded picture re-encoded by the service for its box (about 300 dpi, capped), or null when it cannot be. */
async function uploadedPicture(file: { contentType: string; bytes: Uint8Array }, boxW: number, boxH: number): Promise<Uint8Array | null> {
  if (file.contentType !== "image/png" && file.contentType !== "image/jpeg") return null;
  const { uploadedPictureForPdf } = await import("../lib/image");
  try {
    return (await uploadedPictureForPdf(file.contentType, file.bytes, 4000, boxPixels(boxW, 2000), boxPixels(boxH, 2000))).png;
  } catch {
    return null; // the certificate lists it and the sealed PDF attaches it all the same
  }
}

/** The boxes to draw: one per placed field that has an answer. Page sizes are the pages as shown, in points. */
export async function placementsFor(input: Omit<CompletionInput, "templateId" | "pdfSha256" | "test">, pageSizes: { width: number; height: number }[]) {
  const order = new Map(input.signers.map((s, i) => [s.id, i] as const));
  const first = new Map<string, { rank: number; value: string; signerId: string }>();
  const owner = new Map(input.fields.filter((f) => f.signer_id).map((f) => [f.key, f.signer_id] as const));
  for (const v of input.values) {
    if (!v.value) continue;
    // A field for one signing party shows that party's answer only.
    if (owner.has(v.key) && owner.get(v.key) !== v.signerId) continue;
    const rank = order.get(v.signerId) ?? Number.MAX_SAFE_INTEGER;
    const had = first.get(v.key);
    if (!had || rank < had.rank) first.set(v.key, { rank, value: v.value, signerId: v.signerId });
  }
  const out: Placement[] = [];
  for (const f of input.fields) {
    if (f.per_child || f.staff_only) continue;
    // A placed label draws its own text; every other field its answer.
    const stored = f.kind === "label" ? f.label : first.get(f.key)?.value;
    if (stored === undefined) continue;
    // A checkboxes answer (a JSON array) is drawn as its chosen options.
    const answer = f.kind === "checkboxes" ? chosenText(stored) : stored;
    // `places`: one answer drawn at each place (initials on every page).
    const reason = f.kind === "signature" ? input.signers.find((s) => s.id === first.get(f.key)?.signerId)?.reason : null;
    for (const box of f.places ?? (f.place ? [f.place] : [])) {
      await place(f, answer, box);
      if (reason) out.push(reasonBeside(box, reason, pageSizes[box.page - 1]));
    }
  }
  return out;

  async function place(f: (typeof input.fields)[number], answer: string, box: NonNullable<(typeof input.fields)[number]["place"]>) {
    const { page, x, y, w, h } = box;
    const base = { page, x, y, w, h, kind: f.kind as TemplateFieldKind };
    if (f.kind === "checkbox") {
      out.push({ ...base, text: null, checked: answer === "true" });
    } else if ((f.kind === "signature" || f.kind === "initials") && DATA_URL.test(answer)) {
      const size = pageSizes[page - 1];
      const picture = size ? await pictureFor(answer, w * size.width, h * size.height) : null;
      if (picture) out.push({ ...base, text: null, picture });
    } else if (UPLOAD_KINDS.includes(f.kind)) {
      // An upload: a picture is drawn in its box, a file named (it is attached to the sealed PDF).
      const file = input.uploads?.find((u) => `sha256:${u.sha256}` === answer);
      const size = pageSizes[page - 1];
      const picture = file && f.kind !== "file" && size ? await uploadedPicture(file, w * size.width, h * size.height) : null;
      if (picture) out.push({ ...base, text: null, picture });
      else if (file) out.push({ ...base, kind: "text", text: file.name });
    } else if (DATA_URL.test(answer)) {
      // Not a picture field: a data URL is printed nowhere (it is on the answers page as "(picture)").
    } else {
      out.push({ ...base, text: answer });
    }
  }
}

/** Re-authentication's reason line in a strip under a signature box (above it when the box sits at the page's foot). */
function reasonBeside(box: { page: number; x: number; y: number; w: number; h: number }, reason: string, size?: { height: number }): Placement {
  const h = Math.min(0.03, 14 / (size?.height ?? 792));
  const y = box.y + box.h + h <= 1 ? box.y + box.h : Math.max(0, box.y - h);
  return { page: box.page, x: box.x, y, w: Math.max(box.w, Math.min(0.5, 1 - box.x)), h, kind: "text", text: reason };
}

function chosenText(stored: string): string {
  try {
    const v = JSON.parse(stored);
    return Array.isArray(v) ? v.join(", ") : stored;
  } catch {
    return stored;
  }
}

/**
 * The original, checked and loaded, with every placed answer drawn. Throws when the file is
 * missing or differs, or when its streams inflate past 64 MB in all (a template stored before
 * uploads were checked for that: loading is bounded all the same). Active content such a
 * template may carry is taken out before drawing, so none of it reaches the sealed file. The
 * caller has loaded the fonts for what it draws (`loadPdfFonts`, src/domain/evidence.ts).
 */
export async function stampedOriginal(env: Env, input: CompletionInput, testMark: string): Promise<PDFDocument> {
  const found = await frozenOriginalPdf(env, input.templateId, input.pdfSha256);
  const { loadPdf } = await import("../lib/pdf/load");
  const { stripActiveContent } = await import("../lib/pdf/active-content");
  const doc = await loadPdf(found.bytes);
  stripActiveContent(doc);
  if (found.row.formFields.length) {
    // The form fields made into template fields: their widgets would hide the answers drawn.
    const { dropFormFields } = await import("../lib/pdf/form-fields");
    dropFormFields(doc, found.row.formFields);
  }
  // The text tags' own words are painted over first; each answer is then drawn in its box.
  const covers: Placement[] = found.row.covers.map((b) => ({ ...b, kind: "text", text: null, cover: true }));
  const placements = [...covers, ...(await placementsFor(input, found.row.pages))];
  if (input.test) {
    for (const p of found.row.pages) placements.push({ page: p.n, x: 0.02, y: 0.004, w: 0.96, h: Math.min(0.03, 18 / p.height), kind: "text", text: testMark });
  }
  const { stampPlacements } = await import("../lib/pdf/stamp");
  await stampPlacements(doc, placements);
  return doc;
}
