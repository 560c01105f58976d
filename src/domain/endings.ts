/**
 * How a sent document ends before completion: a signer declines, the sender voids it, or it
 * expires. Like every transition, each runs only inside the document's DocumentSequencer.
 */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { invalid } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { type DocumentRecord, type SequencerState, type SignerState, snapshot, signerSnapshot } from "./document-state";
import { markDeclined, markExpired, markSignerDeclined, markVoided } from "../db/signing";
import type { NewEvent } from "./events";
import { CONSENT_WITHDRAWN_REASON } from "./consumer-disclosure";
import { type Actor, byMember, commit, requireLiveLink, requirePendingSigner, requireSigningRole } from "./transitions";

/** A signer declines with a reason; the document ends as declined. `lead`: trail events recorded just before (a consent's withdrawal). */
export async function decline(env: Env, st: SequencerState, signer: SignerState, input: { reason: string }, actor: Actor, lead: NewEvent[] = []) {
  requireLiveLink(st, signer);
  requirePendingSigner(st, signer);
  requireSigningRole(signer);
  const at = nowIso();
  await commit(
    env,
    st,
    snapshot(st.doc, { status: "declined" }),
    [markSignerDeclined(dbOf(env), signer.id, at, input.reason), markDeclined(dbOf(env), st.doc.id, at)],
    [
      ...lead,
      {
        kind: "declined",
        occurredAt: at,
        signer: signerSnapshot(signer, "declined"),
        ip: actor.ip,
        userAgent: actor.userAgent,
        againstSha256: st.doc.bodySha256,
        detail: input.reason,
      },
    ],
  );
  Object.assign(signer, { status: "declined", declinedAt: at, declineReason: input.reason } satisfies Partial<SignerState>);
  Object.assign(st.doc, { status: "declined", declinedAt: at } satisfies Partial<DocumentRecord>);
  return { declined: true as const };
}

/**
 * Withdraws a document that is not completed (draft, sent, declined or expired); its links stop
 * working at once. A voided document stays voided (422), and so does a redacted one: the
 * redaction erased what a void would add to.
 */
export async function voidDocument(env: Env, st: SequencerState, input: { reason: string }, actor: Actor) {
  if (st.doc.status === "completed") throw invalid("A completed (executed) document cannot be voided.");
  if (st.doc.status === "voided") throw invalid("This document is already voided.");
  if (st.doc.redactedAt) throw invalid(`This document was redacted at ${st.doc.redactedAt}; it stays ${st.doc.status}.`);
  const at = nowIso();
  await commit(
    env,
    st,
    snapshot(st.doc, { status: "voided" }),
    [markVoided(dbOf(env), st.doc.id, at, input.reason)],
    [{ kind: "voided", occurredAt: at, ip: actor.ip, userAgent: actor.userAgent, againstSha256: st.doc.bodySha256, detail: input.reason + byMember(actor) }],
  );
  Object.assign(st.doc, { status: "voided", voidedAt: at, voidReason: input.reason } satisfies Partial<DocumentRecord>);
  return { voided: true as const };
}

/** Cron: a sent document past its expiry becomes expired. */
export async function expire(env: Env, st: SequencerState, now: Date) {
  if (st.doc.status !== "sent" || !st.doc.expiresAt || Date.parse(st.doc.expiresAt) > now.getTime()) return { expired: false };
  const at = now.toISOString();
  await commit(
    env,
    st,
    snapshot(st.doc, { status: "expired" }),
    [markExpired(dbOf(env), st.doc.id, at)],
    [{ kind: "expired", occurredAt: at, againstSha256: st.doc.bodySha256, detail: `Expired at ${st.doc.expiresAt}.` }],
  );
  Object.assign(st.doc, { status: "expired", expiredAt: at } satisfies Partial<DocumentRecord>);
  return { expired: true };
}

/**
 * `POST /v1/sign/{token}/withdraw` (src/domain/consumer-disclosure.ts): the signer withdraws consent;
 * their part ends as a decline with the reason "consent withdrawn", after a `consent_withdrawn` event.
 */
export async function withdrawConsent(env: Env, st: SequencerState, signer: SignerState, actor: Actor) {
  const withdrawn: NewEvent = {
    kind: "consent_withdrawn",
    occurredAt: nowIso(),
    signer: signerSnapshot(signer),
    ip: actor.ip,
    userAgent: actor.userAgent,
    againstSha256: st.doc.bodySha256,
    detail: CONSENT_WITHDRAWN_REASON,
  };
  return decline(env, st, signer, { reason: CONSENT_WITHDRAWN_REASON }, actor, [withdrawn]);
}
