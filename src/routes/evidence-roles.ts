/**
 * The OpenAPI description of what a certificate's signer entry (and a verification's) adds for
 * roles that act differently, signing groups and delegation (src/domain/certificate-roles.ts,
 * docs/evidence.md "Roles, groups and delegation"). Each field is present only where it applies.
 */
import { z } from "@hono/zod-openapi";
import { SIGNER_ACTIONS } from "../domain/certificate-roles";

/** `by` is how the entry names other people: `email` in the certificate payload, `name` in a verification answer. */
export function roleFieldsShape(by: "email" | "name") {
  const who = by === "email" ? "email address" : "name (never an email address)";
  return {
    action: z.enum(SIGNER_ACTIONS).optional().openapi({
      description:
        "Approvers, viewers and witnesses, once they acted (status `signed`): `approved`, `acknowledged` or `witnessed`. Absent for every other signer and for one who has not acted.",
    }),
    witness_for: z
      .string()
      .optional()
      .openapi({ description: `A witness: the ${who} of the signer witnessed (the delegate's, when that signer delegated).` }),
    approval_note: z.string().optional().openapi({ description: "An approver: the note given with the approval, when there was one." }),
    group_name: z.string().optional().openapi({
      description:
        "A signing group's member: the group's name. Every member is listed; the one who signed for the group carries `signed_for_group: true`, the others stay `pending` without it.",
    }),
    signed_for_group: z.literal(true).optional().openapi({ description: "The member who signed for their group (`group_name`)." }),
    delegated_to: z
      .string()
      .optional()
      .openapi({ description: `One who delegated their part: the delegate's ${who}. Their status stays \`pending\`.` }),
    delegated_at: z.string().optional().openapi({ description: "When they delegated." }),
    delegation_reason: z.string().optional().openapi({ description: "The reason they gave." }),
    delegated_from: z
      .string()
      .optional()
      .openapi({ description: `A delegate: the ${who} of the person whose part they took.` }),
  };
}

/** `aes`/`qes` documents: each signer's own signature at the trust service provider (src/domain/signature-list.ts). */
export const QualifiedSignatures = z
  .array(
    z
      .object({
        signer_id: z.string().openapi({ description: "The signer's id, as the send answered it." }),
        name: z.string().openapi({ description: "The signer's full name (redacted with the record)." }),
        level: z.enum(["aes", "qes"]),
        subject: z.string().openapi({ description: "The signer's certificate's subject, RFC 4514 style, most specific first.", example: "CN=Ada Lovelace" }),
        issuer: z.string().openapi({ description: "The certificate's issuer, in the same style.", example: "CN=Fake CSC Qualified CA" }),
        signed_at: z.string().openapi({ description: "When the signer's signature was made (ISO 8601)." }),
      })
      .openapi("QualifiedSignature"),
  )
  .optional();
