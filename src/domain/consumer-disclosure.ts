/**
 * The consumer disclosure (contract "Signer identity", docs/identity.md "Consumer disclosure"):
 * an account that deals with consumers sets, through the operator API or its dashboard, the ESIGN
 * disclosure (`text`), how to withdraw consent (`withdraw_instructions`) and how to ask for paper
 * (`paper_copy: {how, cost}`). While it is set, the link read carries it, consent needs
 * `disclosure_accepted: true` (trail `disclosure_accepted`, the certificate's
 * `disclosure_accepted_at`), and `POST /v1/sign/{token}/withdraw` ends the signer's part like a
 * decline with the reason "consent withdrawn" (trail `consent_withdrawn`, then the decline's own
 * `declined` event and webhook).
 */
import { z } from "@hono/zod-openapi";
import { dbOf } from "../db/client";
import type { ConsumerDisclosure } from "../db/schema";
import { consumerDisclosureOf } from "../db/signing";
import type { Env } from "../env";
import { sha256Hex } from "../lib/crypto";
import { invalid } from "../lib/errors";
import { text } from "../lib/text";
import { type SequencerState, type SignerState, signerSnapshot } from "./document-state";
import type { NewEvent } from "./events";
import type { Actor } from "./transitions";

export type { ConsumerDisclosure };

export const DISCLOSURE_TEXT_MAX = 10_000;
export const WITHDRAW_INSTRUCTIONS_MAX = 2_000;
export const PAPER_HOW_MAX = 2_000;
export const PAPER_COST_MAX = 200;
export const CONSENT_WITHDRAWN_REASON = "consent withdrawn";

/** The account setting: `null` clears it. */
export const ConsumerDisclosureInput = z
  .object({
    text: text().trim().min(1).max(DISCLOSURE_TEXT_MAX).openapi({ description: "The disclosure itself (at most 10,000 characters)." }),
    withdraw_instructions: text().trim().min(1).max(WITHDRAW_INSTRUCTIONS_MAX).openapi({
      description: "How a signer withdraws consent to do business electronically, and what follows (at most 2,000 characters).",
    }),
    paper_copy: z
      .object({
        how: text().trim().min(1).max(PAPER_HOW_MAX).openapi({ description: "How to ask for a paper copy (at most 2,000 characters)." }),
        cost: text().trim().min(1).max(PAPER_COST_MAX).openapi({ description: 'What a paper copy costs, as shown ("Free", "$5 per document"); at most 200.' }),
      })
      .strict(),
  })
  .strict()
  .nullable()
  .openapi("ConsumerDisclosure", {
    description: "The consumer disclosure (ESIGN) every signer of the account reads and accepts before consent (`disclosure_accepted: true`); null clears it.",
  });

/** The dashboard's account settings form: the disclosure alone. */
export const DisclosureSettings = z.object({ consumer_disclosure: ConsumerDisclosureInput }).strict();

/** The consent body's acceptance of the disclosure. */
export const DisclosureAccepted = z.boolean().openapi({
  description: "Required true when the link read carries `consumer_disclosure`: the signer accepts it (consent without it is 422).",
});

/** The refusal of a consent without the acceptance. */
const disclosureFirst = () =>
  invalid(
    "disclosure_accepted: this account's consumer disclosure must be accepted (true) with consent.",
    "Show `consumer_disclosure` from GET /v1/sign/{token}, then POST /v1/sign/{token}/consent with disclosure_accepted: true.",
  );

/** The version of a disclosure a signer accepted: the SHA-256 of its JSON, recorded in the trail. */
const disclosureVersion = async (d: ConsumerDisclosure) => `disclosure sha256:${await sha256Hex(JSON.stringify(d))}`;

/**
 * Inside the sequencer, before consent at `at`: the account's disclosure now (one read; the account
 * may change it at any time, so it is not kept with the document's state) and, when one is set, the
 * acceptance it needs: the `disclosure_accepted` event to commit with the consent. Null: none set.
 */
export async function disclosureForConsent(
  env: Env,
  st: SequencerState,
  signer: SignerState,
  accepted: boolean | undefined,
  actor: Actor,
  at: string,
): Promise<NewEvent | null> {
  const rows = await consumerDisclosureOf(dbOf(env), st.doc.tenantId);
  const disclosure = rows[0]?.consumerDisclosure ?? null;
  if (!disclosure) return null;
  if (accepted !== true) throw disclosureFirst();
  return {
    kind: "disclosure_accepted",
    occurredAt: at,
    signer: signerSnapshot(signer),
    ip: actor.ip,
    userAgent: actor.userAgent,
    againstSha256: st.doc.bodySha256,
    detail: await disclosureVersion(disclosure),
  };
}
