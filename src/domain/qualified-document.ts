/**
 * What an `aes`/`qes` signer's own signature covers and shows (docs/evidence.md "Advanced and
 * qualified signatures"):
 *
 * - Their answers are in the file before their signature is made, as one incremental update: each
 *   placed answer drawn in its box (src/lib/pdf/stamp.ts, as the completed document draws it) and
 *   all of them attached as `answers-<sign order>.json` (`{signer_id, name, answers}`), so an answer
 *   without a box is signed too.
 * - The signature field placed on the page (their `signature` field's box) is their PAdES
 *   signature's widget, its appearance "Digitally signed by …", the level and the time
 *   (src/lib/seal/appearance.ts); no box placed, the signature is invisible.
 */
import type { TemplateField } from "../db/schema";
import type { PDFDocument } from "pdf-lib";
import type { SignatureWidget } from "../lib/seal/incremental";
import { type SequencerState, type SignerState, answersFor, signerFields } from "./document-state";
import { placementsFor } from "./pdf-completion";

const placeOf = (f: TemplateField) => f.place ?? f.places?.[0] ?? null;

/** The working PDF with the signer's answers added (unchanged when they answered nothing). */
export async function withSignerAnswers(pdf: Uint8Array, st: SequencerState, me: SignerState): Promise<Uint8Array> {
  const fields = signerFields(st, me).filter((f) => f.kind !== "signature" && f.kind !== "label");
  const mine = answersFor(st, me.id);
  const answers = Object.fromEntries(fields.filter((f) => mine.get(f.key)).map((f) => [f.key, mine.get(f.key)!]));
  if (Object.keys(answers).length === 0) return pdf;
  const { appendChanges } = await import("../lib/seal/incremental");
  const { pageView, stampPlacements } = await import("../lib/pdf/stamp");
  return appendChanges(pdf, async (doc) => {
    const views = doc.getPages().map(pageView);
    const values = Object.entries(answers).map(([key, value]) => ({ signerId: me.id, key, value }));
    const placed = (await placementsFor({ fields, signers: [{ id: me.id }], values }, views)).filter((p) => p.page >= 1 && p.page <= views.length);
    if (placed.length) await stampPlacements(doc, placed);
    const json = JSON.stringify({ signer_id: me.id, name: me.fullName, answers });
    await doc.attach(new TextEncoder().encode(json), `answers-${me.signOrder}.json`, {
      mimeType: "application/json",
      description: `The answers of ${me.fullName}, signed with their signature`,
    });
  });
}

/**
 * The widget of the signer's signature, placed on the document the signature is added to: their
 * signature field's box, or undefined (an invisible signature: no placed box, or a page the file
 * does not have).
 */
export function signatureWidget(st: SequencerState, me: SignerState, at: Date): ((doc: PDFDocument) => Promise<SignatureWidget | undefined>) | undefined {
  const field = signerFields(st, me).find((f) => f.kind === "signature" && placeOf(f));
  const box = field ? placeOf(field)! : null;
  if (!box) return undefined;
  return async (doc) => {
    if (box.page < 1 || box.page > doc.getPageCount()) return undefined;
    const { pageView, shownBoxToUser } = await import("../lib/pdf/stamp");
    const frame = shownBoxToUser(pageView(doc.getPage(box.page - 1)), box);
    const { left, bottom, right, top } = frame.rect;
    const level = st.doc.level.toUpperCase();
    const lines = [`Digitally signed by ${me.fullName}`, `Level ${level} · ${at.toISOString().slice(0, 16).replace("T", " ")} UTC`];
    const { signatureAppearance } = await import("../lib/seal/appearance");
    const [a, b, c, d] = frame.matrix;
    return {
      page: box.page - 1,
      rect: [left, bottom, right, top],
      appearance: (target) => signatureAppearance(target, { width: frame.width, height: frame.height, matrix: [a, b, c, d] }, lines),
    };
  };
}
