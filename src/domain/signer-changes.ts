/**
 * Changes to who a sent document waits on: a signer passes their part to someone else
 * (delegation, when the document was sent with `allow_delegation`), and the sender corrects a
 * signer's address, name or phone before they consented (correction). Either way the earlier link
 * ends at once: the stored token hash is replaced, and the sequencer checks the presented hash on
 * every call, so an isolate that remembers the token (src/domain/signing.ts `lookupToken`) finds
 * a dead link.
 *
 * The first half runs inside the document's DocumentSequencer (serialised with every other change
 * of the document); the second half is what the routes call.
 */
import { z } from "@hono/zod-openapi";
import type { Env, Mode, Principal } from "../env";
import { dbOf } from "../db/client";
import { markCorrected, markDelegated } from "../db/signer-changes";
import { invalid, notFound } from "../lib/errors";
import { newLinkToken } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { plainText, text } from "../lib/text";
import { ownerOf } from "../db/documents";
import { type Statement, insertSigner, setDocumentFields } from "../db/signing";
import { type SequencerState, type SignerState, deadLink, linkIsLive, mustSign, signerSnapshot, snapshot } from "./document-state";
import { type Actor, commit, requireLiveLink, requirePendingSigner, requireSigningRole } from "./transitions";
import { Reason } from "./reason";
import { parseCommand } from "./signer-commands";
import { phoneNumbers } from "../lib/phone-numbers";
import { signingOriginOf } from "./branding";
import { linkMessages, messageLink } from "./notify";
import { queueMessages } from "./messages";
import { lookupToken } from "./link-lookup";
import type { Lang } from "./vocabulary";
import { documentSequencer } from "../objects/document-sequencer/client";
import { envelopeOwnsLinks } from "./envelope-state";

/** `POST /v1/sign/{token}/delegate`: who takes the signer's part, and why (a reason like a decline's). */
export const DelegateCommand = z
  .object({
    email: z.email().max(254),
    full_name: plainText().trim().min(1).max(200),
    reason: Reason,
  })
  .strict();
export type DelegateCommand = z.infer<typeof DelegateCommand>;

/** `PATCH /v1/documents/{id}/signers/{signer_id}`: at least one of email, full_name, phone (null clears the phone). */
export const CorrectCommand = z
  .object({
    email: z.email().max(254).optional(),
    full_name: plainText().trim().min(1).max(200).optional(),
    phone: text().min(7).max(20).nullable().optional(),
  })
  .strict()
  .refine((b) => b.email !== undefined || b.full_name !== undefined || b.phone !== undefined, {
    // Named on a field: a refusal at the body's root would read as an unreadable body (400).
    message: "give at least one of email, full_name, phone.",
    path: ["email"],
  });
export type CorrectCommand = z.infer<typeof CorrectCommand>;

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// ————— inside the sequencer —————

/** What the sequencer hands back to the request after a delegation: the delegate's link goes only to the outbox. */
export type Delegated = { signerId: string; token: string; email: string; locale: Lang; from: string; mode: Mode; auth: string };

/**
 * The signer passes their part to someone else: in one batch the signer's link ends (a new random
 * hash nobody holds) and records to whom, when and why; a new signer takes their role, order,
 * witness, auth, language and code rule with a link of their own; fields asked of the signer are
 * asked of the delegate; the trail gets `delegated` (webhook `signing.delegated`).
 */
export async function delegateInside(env: Env, st: SequencerState, signer: SignerState, input: DelegateCommand, actor: Actor): Promise<Delegated> {
  requireLiveLink(st, signer);
  if (!st.doc.allowDelegation) throw invalid("This document was not sent with allow_delegation: its signers cannot pass their part to someone else.");
  requirePendingSigner(st, signer);
  requireSigningRole(signer);
  if (signer.groupId) {
    throw invalid(`A member of the signing group "${signer.groupName}" cannot delegate: another member of the group can sign instead.`);
  }
  const taken = st.signers.find((s) => s.status === "pending" && s.delegatedTo === null && sameAddress(s.email, input.email));
  if (taken) throw invalid("email: this person is already on the document; pass the request to someone who is not.");

  const db = dbOf(env);
  const at = nowIso();
  const id = newId("sgn");
  const mine = await newLinkToken();
  const ended = await newLinkToken();
  // A delegate has no phone on file: a code the signer would have had texted goes by email.
  const auth = signer.auth === "sms_otp" ? "email_otp" : signer.auth;
  const delegate: Omit<SignerState, "createdAt"> & { createdAt: string } = {
    ...signer,
    id,
    email: input.email,
    fullName: input.full_name,
    phone: null,
    auth,
    partyId: null,
    tokenHash: mine.hash,
    copyTokenHash: null,
    viewedAt: null,
    consentedAt: null,
    consentVersion: null,
    signedAt: null,
    signatureMethod: null,
    signatureValueSha256: null,
    signedAgainstSha256: null,
    signIp: null,
    captured: null,
    declinedAt: null,
    declineReason: null,
    codeVerifiedAt: null,
    codeVerifiedVia: null,
    // The delegate must give the same access code (the business's; the signer who passed it on can tell them).
    accessCodeTries: 0,
    accessCodeLockedUntil: null,
    accessCodePassedAt: null,
    // The delegate passes an identity check of their own.
    idCheckSession: null,
    idCheckFailures: 0,
    idCheckPassedAt: null,
    idCheckVerifiedName: null,
    idCheckDocumentType: null,
    idCheckCountry: null,
    approvalNote: null,
    delegatedTo: null,
    delegatedAt: null,
    delegationReason: null,
    delegatedFrom: signer.id,
    status: "pending",
    createdAt: at,
  };
  const fields = st.doc.fields.map((f) => (f.signer_id === signer.id ? { ...f, signer_id: id } : f));
  const statements: Statement[] = [
    markDelegated(db, signer.id, { delegatedTo: id, delegatedAt: at, delegationReason: input.reason, tokenHash: ended.hash }),
    insertSigner(db, delegate),
  ];
  if (fields.some((f, i) => f !== st.doc.fields[i])) statements.push(setDocumentFields(db, st.doc.id, fields));
  await commit(env, st, snapshot(st.doc), statements, [
    {
      kind: "delegated",
      occurredAt: at,
      signer: signerSnapshot(signer),
      ip: actor.ip,
      userAgent: actor.userAgent,
      againstSha256: st.doc.bodySha256,
      detail: `Passed to ${input.full_name} <${input.email}>. Reason: ${input.reason}`,
    },
  ]);
  Object.assign(signer, { delegatedTo: id, delegatedAt: at, delegationReason: input.reason, tokenHash: ended.hash } satisfies Partial<SignerState>);
  st.doc.fields = fields;
  // Where a reload would put the delegate (the stored order: sign_order, then created_at, and theirs is the newest).
  st.signers.splice(st.signers.findLastIndex((s) => s.signOrder <= delegate.signOrder) + 1, 0, delegate as SignerState);
  return { signerId: id, token: mine.token, email: input.email, locale: signer.locale, from: signer.fullName, mode: st.doc.mode as Mode, auth: signer.auth };
}

/** What the sequencer hands back after a correction: the new token, shown once. */
export type Corrected = {
  signer_id: string;
  email: string;
  full_name: string;
  phone: string | null;
  token: string;
  locale: Lang;
  role: string;
  notify: boolean;
};

/**
 * The sender corrects a pending signer who has not consented: the row changes in place (same
 * id), the earlier link ends (a new token), and the trail gets `corrected` naming what changed
 * (webhook `signing.corrected`).
 */
export async function correctInside(env: Env, st: SequencerState, signer: SignerState, input: CorrectCommand, actor: Actor): Promise<Corrected> {
  if (st.doc.status !== "sent" || !linkIsLive(st.doc, signer))
    throw invalid(`This document is ${st.doc.status === "sent" ? "past its expiry" : st.doc.status}; only a sent document's signers can be corrected.`);
  if (signer.delegatedTo) throw invalid("This signer passed their part to someone else; correct the delegate instead.");
  if (signer.status !== "pending") throw invalid(`This signer has already ${signer.status}.`);
  if (signer.consentedAt) throw invalid("This signer has already consented to sign electronically; a signer can be corrected only before consent.");
  let phone = signer.phone;
  if (input.phone !== undefined) {
    phone = input.phone === null ? null : (await phoneNumbers(env.ASSETS)).toE164(input.phone);
    if (input.phone !== null && !phone) throw invalid("phone: not a valid phone number; include the country code.");
  }
  if (signer.auth === "sms_otp" && !phone) throw invalid('phone: is required for a signer with auth "sms_otp" (the code goes by text).');
  const email = input.email ?? signer.email;
  const fullName = input.full_name ?? signer.fullName;
  if (input.email !== undefined && !sameAddress(email, signer.email)) {
    const taken = st.signers.find((s) => s.id !== signer.id && s.status === "pending" && s.delegatedTo === null && sameAddress(s.email, email));
    if (taken) throw invalid("email: another pending signer of this document has this address.");
  }
  const changed = [email !== signer.email ? "email" : null, fullName !== signer.fullName ? "name" : null, phone !== signer.phone ? "phone" : null].filter(
    (x): x is string => x !== null,
  );
  const { token, hash } = await newLinkToken();
  const at = nowIso();
  const after = { ...signer, email, fullName, phone, tokenHash: hash };
  await commit(
    env,
    st,
    snapshot(st.doc),
    [markCorrected(dbOf(env), signer.id, { email, fullName, phone, tokenHash: hash })],
    [
      {
        kind: "corrected",
        occurredAt: at,
        signer: signerSnapshot(after),
        ip: actor.ip,
        userAgent: actor.userAgent,
        againstSha256: st.doc.bodySha256,
        detail: changed.length
          ? `By the sender: signer corrected (${changed.join(", ")}); a new link was issued.`
          : "By the sender: signer corrected (nothing changed); a new link was issued.",
      },
    ],
  );
  Object.assign(signer, { email, fullName, phone, tokenHash: hash } satisfies Partial<SignerState>);
  return {
    signer_id: signer.id,
    email,
    full_name: fullName,
    phone,
    token,
    locale: signer.locale,
    role: signer.role,
    notify: st.doc.notify && mustSign(signer),
  };
}

// ————— what the routes call —————

/**
 * `POST /v1/sign/{token}/delegate`: the delegate's link is queued to their address (the outbox
 * sends it, saying who passed it on); the answer never holds it.
 */
export async function delegate(env: Env, token: string, input: DelegateCommand, actor: Actor) {
  const l = await lookupToken(env, token);
  if (!l) throw deadLink();
  const body = parseCommand(DelegateCommand, input);
  const d = await documentSequencer(env, l.documentId).delegate(l.signerId, body, actor, l.tokenHash);
  const origin = await signingOriginOf(env, l.tenantId);
  await queueMessages(env, [
    {
      tenantId: l.tenantId,
      mode: d.mode,
      documentId: l.documentId,
      signerId: d.signerId,
      channel: "email",
      purpose: "signing.delegated",
      recipient: d.email,
      locale: d.locale,
      values: { link: messageLink(origin, d.token, d.locale), from: d.from, ...(d.auth === "access_code" || d.auth === "id_check" ? { check: d.auth } : {}) },
    },
  ]);
  return { delegated: true as const, signer_id: d.signerId };
}

/** `PATCH /v1/documents/{id}/signers/{signer_id}`: the corrected signer with their new link, once. */
export async function correctSigner(env: Env, p: Principal, documentId: string, signerId: string, input: CorrectCommand, actor: Actor) {
  const owner = await ownerOf(env, documentId);
  if (!owner || owner.tenantId !== p.tenantId || owner.mode !== p.mode) throw notFound("document");
  if (owner.envelopeId) throw envelopeOwnsLinks(owner.envelopeId);
  const body = parseCommand(CorrectCommand, input);
  const r = await documentSequencer(env, documentId).correct(signerId, body, actor);
  const origin = await signingOriginOf(env, p.tenantId);
  if (r.notify) {
    const recipient = { signerId: r.signer_id, email: r.email, phone: r.phone, role: r.role, locale: r.locale, token: r.token };
    await queueMessages(env, await linkMessages(env, p, documentId, [recipient], "signing.link"));
  }
  return { signer_id: r.signer_id, email: r.email, full_name: r.full_name, phone: r.phone, token: r.token, url: messageLink(origin, r.token, r.locale) };
}
