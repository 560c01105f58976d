/**
 * Fields asked of one signing party (`signer` on a template field). The party is named on the
 * template by its position or its role label; at send the document's copy of the fields records
 * which signer that is (`signer_id`), so every later rule (the read, answers, the signature's
 * required fields, the stamped box) asks one question: is this field this signer's?
 */
import type { TemplateField } from "../db/schema";
import { invalid } from "../lib/errors";

/** The signers who sign (not cc), as the send lists them. */
const signingParties = <S extends { role: string }>(signers: readonly S[]) => signers.filter((s) => s.role !== "cc");

/** How a field names its party, for messages. */
export const partyName = (signer: number | string) => (typeof signer === "number" ? `signing party ${signer}` : `the signer whose role is "${signer}"`);

/**
 * The fields with each `signer` resolved to the signer it names, in the order the send lists
 * `signers` (with their new ids). A field naming no signing party, or a label more than one signer
 * carries, refuses the send (422 naming the field), before anything is written.
 */
export function resolveFieldParties(fields: readonly TemplateField[], signers: readonly { id: string; role: string }[]): TemplateField[] {
  const parties = signingParties(signers);
  return fields.map((f, i) => {
    if (f.signer === undefined) return f;
    const named = f.signer;
    const where = `fields.${i}.signer: field "${f.key}" is asked of ${partyName(named)}`;
    if (typeof named === "number") {
      const party = parties[named - 1];
      if (!party) {
        throw invalid(
          `${where}, but this document is sent to ${parties.length} signing part${parties.length === 1 ? "y" : "ies"} (cc recipients do not count).`,
          `Send it to at least ${named} signers who sign, or revise the template so the field names one of them.`,
        );
      }
      return { ...f, signer_id: party.id };
    }
    const matching = parties.filter((s) => s.role === named);
    if (matching.length === 0) {
      throw invalid(
        `${where}, but no signer sent has that role.`,
        `Give one signer role "${named}", or revise the template so the field names a party this send has.`,
      );
    }
    if (matching.length > 1) {
      throw invalid(
        `${where}, but ${matching.length} signers sent have that role, so the field's owner is ambiguous.`,
        "Give each party its own role label, or name the party by its position.",
      );
    }
    return { ...f, signer_id: matching[0]!.id };
  });
}

/** Whether a document's field is asked of this signer: fields naming no party are asked of everyone. */
export const isFieldFor = (f: Pick<TemplateField, "signer_id">, signerId: string) => !f.signer_id || f.signer_id === signerId;

/** The field of another signing party with this key, if there is one (its answer is refused). */
export const otherPartysField = (fields: readonly TemplateField[], signerId: string, key: string) =>
  fields.find((f) => f.key === key && !f.staff_only && !isFieldFor(f, signerId));
