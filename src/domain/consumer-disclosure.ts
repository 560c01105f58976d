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
import { guard as guardOf } from "../db/guard";
import { type Statement, consumerDisclosureOf, disclosureStill } from "../db/signing";
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

/** The account's disclosure as stored (its JSON text, null for none), parsed. */
export const storedDisclosure = (json: string | null): ConsumerDisclosure | null => (json ? (JSON.parse(json) as ConsumerDisclosure) : null);

/** The version of a disclosure a signer accepted: the SHA-256 of its JSON, recorded in the trail. */
const disclosureVersion = async (d: ConsumerDisclosure) => `disclosure sha256:${await sha256Hex(JSON.stringify(d))}`;

/**
 * Inside the sequencer, before consent at `at`: the account's disclosure (the account may change
 * it at any time) and, when one is set, the acceptance it needs: the `disclosure_accepted` event to
 * commit with the consent. The disclosure is the one the sequencer read with the signer's link
 * (or an earlier consent), else read now (one round trip); either way `guard` rides first in the
 * consent's batch and fails it if the account's disclosure is no longer that one, so a consent is
 * always decided on the disclosure in force when it commits (the caller reads again and retries).
 */
export async function disclosureForConsent(
  env: Env,
  st: SequencerState,
  signer: SignerState,
  accepted: boolean | undefined,
  actor: Actor,
  at: string,
): Promise<{ event: NewEvent | null; guard: Statement }> {
  const db = dbOf(env);
  const readNow = async () => (st.disclosureSeen = { json: (await consumerDisclosureOf(db, st.doc.tenantId))[0]?.json ?? null });
  const kept = st.disclosureSeen;
  let json = (kept ?? (await readNow())).json;
  // A refusal is an answer, not a commit: it is decided on the disclosure as it is now.
  if (json && accepted !== true && kept) json = (await readNow()).json;
  const guard = guardOf(db, disclosureStill(st.doc.tenantId, json));
  const disclosure = storedDisclosure(json);
  if (!disclosure) return { event: null, guard };
  if (accepted !== true) throw disclosureFirst();
  return {
    event: {
      kind: "disclosure_accepted",
      occurredAt: at,
      signer: signerSnapshot(signer),
      ip: actor.ip,
      userAgent: actor.userAgent,
      againstSha256: st.doc.bodySha256,
      detail: await disclosureVersion(disclosure),
    },
    guard,
  };
}
