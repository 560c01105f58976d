/**
 * ID checks (contract "Signer identity", docs/identity.md "ID check"): a signer sent with `auth`
 * `id_check` has an identity provider (Stripe Identity, chosen by secrets) check an ID document
 * and a live selfie before they may consent or take any other action but reading and declining.
 *
 * The start (`POST /v1/sign/{token}/id-check`) asks the provider for a session and records its id
 * on the signer (trail `id_check_started`); the provider's signed webhook
 * (`POST /hooks/identity/stripe`, src/routes/identity-hooks.ts) says how it went. Only an event
 * for the session last started for that signer counts; a verified one has its outputs read from
 * the provider and its name compared with the signer's (case, accents, spacing and word order
 * aside). A pass records the verified name, the document's type and issuing country (trail
 * `id_check_passed`); a failure (`requires_input`, `canceled`, `name_mismatch`) is counted (trail
 * `id_check_failed` with the reason) and the third ends the link as a decline by the service
 * (reason "identity check failed 3 times"), which ends the document as a decline does. The
 * outcome is recorded inside the document's sequencer, with the event's id, so a replayed event
 * changes nothing. No image, file id, date of birth or document number is ever stored.
 */
import { dbOf } from "../db/client";
import { findOnShards } from "../db/shards";
import { identityEventSeen, markIdCheck, markIdentityEvent, signerForIdCheck, type IdCheckChange } from "../db/identity-checks";
import type { Env } from "../env";
import { type ConfigVars, configOf, publicBaseUrl } from "../lib/config";
import { ApiError, invalid } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { PROVIDER_TIMEOUT_MS } from "../lib/providers";
import {
  STRIPE_API_BASE,
  STRIPE_VERIFY_ORIGIN,
  type StripeHttp,
  createVerificationSession,
  readVerifiedOutputs,
  stripeSignatureValid,
} from "../lib/providers/stripe-identity";
import { documentSequencer } from "../objects/document-sequencer/client";
import { type SequencerState, type SignerState, deadLink, linkIsLive, nextSeq, signerSnapshot, snapshot } from "./document-state";
import { decline } from "./endings";
import { type NewEvent, commitWithEvents } from "./events";
import { lookupToken } from "./link-lookup";
import type { Actor } from "./transitions";

export const ID_CHECK_MAX_FAILURES = 3;
export const ID_CHECK_ENDED_REASON = `identity check failed ${ID_CHECK_MAX_FAILURES} times`;

/** `pageOrigin`: where the provider's hosted page lives (the signer's page may send the signer there). */
export type IdentityProvider = { name: "stripe"; http: StripeHttp; webhookSecret: string; pageOrigin: string };

/** The identity provider this deployment is configured with, or null (then `id_check` is refused at send). */
export function identityProviderOf(env: ConfigVars, opts: { fetch?: typeof fetch } = {}): IdentityProvider | null {
  const c = configOf(env);
  if (c.IDENTITY_PROVIDER !== "stripe" || !c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET) return null;
  return {
    name: "stripe",
    http: { base: c.STRIPE_API_BASE ?? STRIPE_API_BASE, timeoutMs: PROVIDER_TIMEOUT_MS, fetch: opts.fetch, secretKey: c.STRIPE_SECRET_KEY },
    webhookSecret: c.STRIPE_WEBHOOK_SECRET,
    pageOrigin: new URL(c.STRIPE_VERIFY_ORIGIN ?? STRIPE_VERIFY_ORIGIN).origin,
  };
}

/** Whether this signer must still pass the identity check before acting. */
export const idCheckOutstanding = (s: Pick<SignerState, "auth" | "idCheckPassedAt">) => s.auth === "id_check" && !s.idCheckPassedAt;

/** The page's identity check step: whether it is still asked, the checks left, and whether a session was started (the provider may still be answering). */
export const idCheckStep = (s: Pick<SignerState, "auth" | "idCheckPassedAt" | "idCheckFailures" | "idCheckSession">) => ({
  required: idCheckOutstanding(s),
  checksLeft: ID_CHECK_MAX_FAILURES - s.idCheckFailures,
  failures: s.idCheckFailures,
  started: s.idCheckSession !== null,
});

/** The refusal of every signer action (but reading and declining) before the identity check passed. */
export const idCheckFirst = () =>
  invalid(
    "This signer must pass the identity check first: POST /v1/sign/{token}/id-check.",
    "Verify your identity with an ID document and a selfie, then continue.",
  );

/** The send's refusal of `id_check` when no identity provider is configured. */
export const noIdentityProvider = (path: string) =>
  invalid(`${path}: "id_check" needs an identity provider, and this service has none configured (IDENTITY_PROVIDER).`);

/** A name as compared: NFKD, accents removed, lower case, words split on any spacing. */
export const nameWords = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[\s\u00a0]+/u)
    .filter(Boolean);

/** The name rule: the same words, whatever the case, accents, spacing or order (given and family names swap by country). */
export function namesMatch(verified: string, signer: string): boolean {
  const a = nameWords(verified).sort();
  const b = nameWords(signer).sort();
  return a.length > 0 && a.length === b.length && a.every((w, i) => w === b[i]);
}

// --- Inside the document's sequencer ---

/** Records the provider session started for the signer (trail `id_check_started`); the same session again records nothing. */
export async function recordIdCheckStart(env: Env, st: SequencerState, signer: SignerState, input: { sessionId: string; provider: string }, actor: Actor) {
  if (!linkIsLive(st.doc, signer)) throw deadLink();
  if (!idCheckOutstanding(signer) || signer.status !== "pending") throw invalid("This signer has no identity check to start.");
  if (signer.idCheckSession === input.sessionId) return { started: false };
  const at = nowIso();
  const change: IdCheckChange = { idCheckSession: input.sessionId };
  const event: NewEvent = {
    kind: "id_check_started",
    occurredAt: at,
    signer: signerSnapshot(signer),
    ip: actor.ip,
    userAgent: actor.userAgent,
    againstSha256: st.doc.bodySha256,
    detail: `provider=${input.provider}`,
  };
  await commitWithEvents(env, snapshot(st.doc), [markIdCheck(dbOf(env), signer.id, change)], [event], nextSeq(st));
  st.lastSeq += 1;
  Object.assign(signer, change);
  return { started: true };
}

export type IdCheckOutcome = {
  provider: "stripe";
  eventId: string;
  sessionId: string;
  outcome: "verified" | "failed";
  /** A failure's reason: the provider's error code, `canceled` or `name_mismatch`. */
  reason?: string;
  verified?: { name: string; documentType: string | null; country: string | null };
};

/** Records what the provider said about the signer's current session; anything else (another session, a replay, a passed check) changes nothing. */
export async function recordIdCheckOutcome(env: Env, st: SequencerState, signer: SignerState, o: IdCheckOutcome, actor: Actor) {
  const db = dbOf(env);
  if (
    signer.auth !== "id_check" ||
    signer.idCheckPassedAt ||
    signer.status !== "pending" ||
    !signer.idCheckSession ||
    signer.idCheckSession !== o.sessionId ||
    !linkIsLive(st.doc, signer) ||
    (await identityEventSeen(db, o.eventId))
  ) {
    return { recorded: false, ended: false };
  }
  const at = nowIso();
  const mismatch = o.outcome === "verified" && (!o.verified || !namesMatch(o.verified.name, signer.fullName));
  const passed = o.outcome === "verified" && !mismatch;
  const failures = passed ? signer.idCheckFailures : signer.idCheckFailures + 1;
  const reason = mismatch ? "name_mismatch" : (o.reason ?? "failed");
  const change: IdCheckChange = passed
    ? {
        idCheckPassedAt: at,
        idCheckVerifiedName: o.verified!.name,
        idCheckDocumentType: o.verified!.documentType,
        idCheckCountry: o.verified!.country,
      }
    : // A failed session is done with: a later event for it changes nothing, and the next start opens a new one.
      { idCheckFailures: failures, idCheckSession: null };
  const event: NewEvent = {
    kind: passed ? "id_check_passed" : "id_check_failed",
    occurredAt: at,
    signer: signerSnapshot(signer),
    ip: actor.ip,
    userAgent: actor.userAgent,
    againstSha256: st.doc.bodySha256,
    detail: passed
      ? `provider=${o.provider}; document_type=${o.verified!.documentType ?? "unknown"}; country=${o.verified!.country ?? "unknown"}`
      : `provider=${o.provider}; reason=${reason}; failures=${failures}`,
  };
  const seen = markIdentityEvent(db, { id: o.eventId, provider: o.provider, tenantId: st.doc.tenantId, signerId: signer.id, receivedAt: at });
  await commitWithEvents(env, snapshot(st.doc), [markIdCheck(db, signer.id, change), seen], [event], nextSeq(st));
  st.lastSeq += 1;
  Object.assign(signer, change);
  if (passed || failures < ID_CHECK_MAX_FAILURES) return { recorded: true, ended: false };
  // The third failure: the signer's part ends as a decline by the service, and the document with it.
  await decline(env, st, signer, { reason: ID_CHECK_ENDED_REASON }, actor);
  return { recorded: true, ended: true };
}

// --- At the edge (the Worker, which holds the provider's configuration) ---

/**
 * Starts (or, for the same attempt, finds again) the provider's session for the link's signer:
 * `{url}` of its hosted page. `lang`: the signer's page's language, which the way back keeps (a
 * session per attempt and language, as the provider keeps one return address per session).
 */
export async function startIdCheck(env: Env, token: string, actor: Actor, lang?: string): Promise<{ url: string }> {
  const provider = identityProviderOf(env);
  const l = await lookupToken(env, token);
  if (!l) throw deadLink();
  const sequencer = documentSequencer(env, l.documentId);
  const r = await sequencer.read(l.signerId, null, l.tokenHash);
  const me = r?.st.signers.find((s) => s.id === l.signerId);
  if (!r || !me) throw deadLink();
  if (me.auth !== "id_check") throw invalid("This signer needs no identity check: the business did not ask for one.");
  if (me.idCheckPassedAt) throw invalid("This signer's identity check has already passed.");
  if (me.status !== "pending") throw invalid(`This signer has already ${me.status}.`);
  if (!provider) throw invalid("This service has no identity provider configured (IDENTITY_PROVIDER); the identity check cannot start.");
  const started = await createVerificationSession(provider.http, {
    signerId: me.id,
    documentId: l.documentId,
    returnUrl: `${publicBaseUrl(env)}/s/${token}?id_check=return${lang ? `&lang=${lang}` : ""}`,
    // One session per attempt: a second click of the same attempt finds the same session.
    idempotencyKey: `idcheck_${me.id}_${me.idCheckFailures}${lang ? `_${lang}` : ""}`,
  });
  if (!started.ok) throw new ApiError("internal", `The identity provider did not start a session: ${started.error}`, "Try again in a minute.");
  await sequencer.idCheckStarted(l.signerId, { sessionId: started.id, provider: provider.name }, actor, l.tokenHash);
  return { url: started.url };
}

const EVENT_OUTCOMES: Record<string, "verified" | "failed"> = {
  "identity.verification_session.verified": "verified",
  "identity.verification_session.requires_input": "failed",
  "identity.verification_session.canceled": "failed",
};

/**
 * A Stripe webhook: 400 (nothing recorded) unless `Stripe-Signature` signs the raw body within 5
 * minutes; otherwise 200 with whether it changed anything (another signer's or an old session, a
 * replayed event, an event of another type: nothing).
 */
export async function receiveStripeEvent(env: Env, rawBody: string, signature: string | null, actor: Actor) {
  const provider = identityProviderOf(env);
  if (!provider) throw new ApiError("not_found", "This service has no identity provider configured.");
  if (!(await stripeSignatureValid(provider.webhookSecret, signature, rawBody))) {
    throw new ApiError("bad_request", "Stripe-Signature does not sign this body with the endpoint's secret within 5 minutes.", "Check STRIPE_WEBHOOK_SECRET.");
  }
  let e: { id?: unknown; type?: unknown; data?: { object?: Record<string, unknown> } };
  try {
    e = JSON.parse(rawBody);
  } catch {
    throw new ApiError("bad_request", "The body is not a Stripe event (JSON).");
  }
  const outcome = typeof e?.type === "string" ? EVENT_OUTCOMES[e.type] : undefined;
  const session = e?.data?.object;
  if (!outcome || typeof e.id !== "string" || !session || typeof session.id !== "string") return { received: true as const, recorded: false };
  const meta = (session.metadata ?? {}) as Record<string, unknown>;
  const signerId = typeof meta.signer_id === "string" ? meta.signer_id : null;
  // The signer's account is on whichever shard holds the signer.
  const hit = signerId ? await findOnShards(env, (shardEnv) => signerForIdCheck(dbOf(shardEnv), signerId)) : undefined;
  const row = hit?.found;
  if (hit) env = hit.env;
  if (row?.auth !== "id_check" || (await identityEventSeen(dbOf(env), e.id))) return { received: true as const, recorded: false };
  let verified: IdCheckOutcome["verified"];
  let reason: string | undefined;
  if (outcome === "verified") {
    const out = await readVerifiedOutputs(provider.http, session.id);
    // Stripe retries a webhook answered with an error: the outputs are read again then.
    if (!out.ok) throw new ApiError("internal", `The identity provider's verified outputs could not be read: ${out.error}`);
    verified = { name: `${out.firstName} ${out.lastName}`.trim(), documentType: out.documentType, country: out.country };
  } else {
    const code = (session.last_error as { code?: unknown } | null | undefined)?.code;
    reason =
      e.type === "identity.verification_session.canceled" ? "canceled" : typeof code === "string" && /^[a-z_]{1,60}$/.test(code) ? code : "requires_input";
  }
  const r = await documentSequencer(env, row.documentId).idCheckOutcome(
    row.id,
    { provider: "stripe", eventId: e.id, sessionId: session.id, outcome, reason, verified },
    actor,
  );
  return { received: true as const, recorded: r.recorded };
}
