/**
 * The signing ceremony behind a link token: one implementation used by `/v1/sign/{token}` (JSON)
 * and by the signer's page `/s/{token}` (HTML). The token is the whole credential; only its
 * SHA-256 is stored. A link that matches nothing and one whose document expired, was voided or
 * was declined fail identically.
 */
import type { Env } from "../env";
import { pdfOf } from "../db/pdf-templates";
import { pagePicture } from "./pdf-templates";
import {
  DEAD_LINK_REASON,
  type SequencerState,
  type SignerState,
  completedLinkEnd,
  deadLink,
  actingFor,
  groupSignedBy,
  isMyTurn,
  mustSign,
  signerFields,
  waitingOn,
  answersFor,
  docFields,
} from "./document-state";
import { checkAnswers } from "./field-values";
import type { PhoneNumbers } from "../lib/phone-numbers";
import type { FieldState } from "./field-logic";
import { signerFieldEntries } from "./field-read";
import { DEFAULT_CONSENT_TEXT, INTENT_TEXT, INTENT_VERSION, consentVersion } from "./wording";
import { parseFrameAncestors } from "./accounts";
import { sealedFile } from "./evidence";
import { startCompletedCopies } from "./notify";
import type { MergeSpan } from "./templates";
import {
  type AcknowledgeCommand,
  type ApproveCommand,
  type ConsentCommand,
  DeclineCommand,
  type SignCommand,
  type SubmitCommand,
  type SupplyFieldCommand,
  type VerifyCodeCommand,
  parseCommand,
} from "./signer-commands";
import { type SequencerClient, documentSequencer } from "../objects/document-sequencer/client";
import { groupSignedReason } from "./transitions";
import { type AccessCodeCommand, accessCodeFirst, accessCodeOutstanding, accessCodeStep } from "./access-codes";
import { idCheckOutstanding, idCheckStep } from "./identity-checks";
import { freshCode, reauthRequired } from "./reauthentication";
import type { ConsumerDisclosure } from "../db/schema";
import type { LinkTenant } from "./document-state";
import { type Link, lookupToken } from "./link-lookup";

export type RequestContext = { ip: string | null; userAgent: string | null };

/** A token that matches a signer; the sequencer then refuses a dead link with the same 404. */
async function known(env: Env, token: string): Promise<Link> {
  const l = await lookupToken(env, token);
  if (!l) throw deadLink();
  return l;
}

export type LinkRead = ReturnType<typeof linkView> | ReturnType<typeof deadLinkView> | ReturnType<typeof accessCodeView>;

export function deadLinkView() {
  return {
    ok: false as const,
    reason: DEAD_LINK_REASON,
    document_id: null,
    title: null,
    body: null,
    body_sha256_hex: null,
    document_status: null,
    sequential: null,
    expires_at: null,
    token_expires_at: null,
    tenant_name: null,
    signer_id: null,
    full_name: null,
    email: null,
    signer_role: null,
    sign_order: null,
    signer_status: null,
    consented_at: null,
    signed_at: null,
    template_kind: null,
    grants: null,
    is_my_turn: null,
    waiting_on: null,
    consent_text: null,
    consent_version: null,
    intent_text: null,
    intent_version: null,
    signers: null,
    group_name: null,
    witness_for: null,
    allow_delegation: null,
    fields: null,
    pages: null,
  };
}

/** `pages` of the signing-link read: each page of a PDF template document as shown; null for a text template. */
export type LinkPage = { n: number; width: number; height: number };

/** The pages of the PDF a document was prepared from (its version's file), or null for a text template. */
export async function documentPages(env: Env, doc: SequencerState["doc"]): Promise<LinkPage[] | null> {
  if (!doc.pdfSha256) return null;
  const pdf = await pdfOf(env, doc.templateId);
  return pdf ? pdf.pages.map(({ n, width, height }) => ({ n, width, height })) : null;
}

export function linkView(
  st: SequencerState,
  me: SignerState,
  tenantName: string,
  consentVersionLabel: string,
  pages: LinkPage[] | null = null,
  disclosure: ConsumerDisclosure | null = null,
) {
  const d = st.doc;
  const supplied = new Set(st.values.filter((v) => v.signerId === me.id).map((v) => v.key));
  // A completed document's link works 30 days after completion: that is when it ends, for the document and the signer.
  const completedEnd = completedLinkEnd(d);
  return {
    ok: true as const,
    reason: null,
    document_id: d.id,
    title: d.title,
    body: d.body,
    body_sha256_hex: d.bodySha256,
    document_status: d.status,
    sequential: d.sequential,
    expires_at: completedEnd ?? d.expiresAt,
    token_expires_at: completedEnd ?? me.tokenExpiresAt,
    tenant_name: tenantName,
    signer_id: me.id,
    full_name: me.fullName,
    email: me.email,
    signer_role: me.role,
    sign_order: me.signOrder,
    signer_status: me.status,
    consented_at: me.consentedAt,
    signed_at: me.signedAt,
    template_kind: d.templateKind,
    grants: d.grants,
    is_my_turn: isMyTurn(st, me),
    waiting_on: waitingOn(st)?.fullName ?? null,
    consent_text: d.consentText ?? DEFAULT_CONSENT_TEXT,
    consent_version: consentVersionLabel,
    intent_text: INTENT_TEXT,
    intent_version: INTENT_VERSION,
    signers: st.signers
      .filter((s) => s.delegatedTo === null)
      .map((s) => ({
        full_name: s.fullName,
        role: s.role,
        sign_order: s.signOrder,
        status: s.status,
        signed_at: s.signedAt,
        is_me: s.id === me.id,
      })),
    group_name: me.groupName,
    witness_for: me.witnessFor ? (actingFor(st.signers, me.witnessFor)?.fullName ?? null) : null,
    allow_delegation: d.allowDelegation,
    fields: mustSign(me) ? signerFieldEntries(st, me, supplied) : [],
    pages,
    access_code_required: false,
    id_check_required: idCheckOutstanding(me),
    // Re-authentication at signing (src/domain/reauthentication.ts) and the account's consumer disclosure.
    reauthentication_required: reauthRequired(d),
    reasons: d.reasons,
    consumer_disclosure: disclosure,
    disclosure_accepted_at: me.disclosureAcceptedAt,
  };
}

/** A live link whose access code is outstanding: the title and the business's name; nothing else of the document. */
export function accessCodeView(st: SequencerState, me: SignerState, tenantName: string) {
  const d = st.doc;
  return {
    ...deadLinkView(),
    ok: true as const,
    reason: null,
    document_id: d.id,
    title: d.title,
    document_status: d.status,
    expires_at: d.expiresAt,
    token_expires_at: me.tokenExpiresAt,
    tenant_name: tenantName,
    signer_id: me.id,
    signer_status: me.status,
    access_code_required: true,
  };
}

type LoadedLink = {
  st: SequencerState;
  me: SignerState;
  tenant: LinkTenant;
  consentVersion: string;
  verificationCode: string | null;
};

/**
 * A live link's state (from its document's sequencer, which records the signer's first view)
 * and, at the same time, the account's name and framing rule and any certificate's code.
 * Null for every kind of dead link.
 */
async function loadLink(env: Env, token: string, ctx: RequestContext): Promise<LoadedLink | null> {
  const l = await lookupToken(env, token);
  if (!l) return null;
  const r = await documentSequencer(env, l.documentId).read(l.signerId, ctx, l.tokenHash);
  const me = r?.st.signers.find((s) => s.id === l.signerId);
  if (!r || !me) return null;
  return {
    st: r.st,
    me,
    tenant: r.tenant ?? { name: "", frameAncestors: "[]", whiteLabel: false, consumerDisclosure: null },
    consentVersion: await consentVersion(r.st.doc.consentText),
    verificationCode: r.st.doc.status === "completed" ? r.verificationCode : null,
  };
}

/** Who signed for this (pending) member's group, when someone else did. */
function groupSignedOf(st: SequencerState, me: SignerState) {
  const by = me.status === "pending" ? groupSignedBy(st, me) : null;
  return by ? { name: by.fullName, group: by.groupName ?? "" } : null;
}

/** The signing-link read; records the signer's first view. */
export async function readLink(env: Env, token: string, ctx: RequestContext) {
  const r = await loadLink(env, token, ctx);
  if (!r) return deadLinkView();
  // A group member's link once another member signed for the group: it says who did.
  const by = groupSignedOf(r.st, r.me);
  if (by) return { ...deadLinkView(), reason: groupSignedReason({ fullName: by.name, groupName: by.group }) };
  if (accessCodeOutstanding(r.me)) return accessCodeView(r.st, r.me, r.tenant.name);
  return linkView(r.st, r.me, r.tenant.name, r.consentVersion, await documentPages(env, r.st.doc), r.tenant.consumerDisclosure);
}

/**
 * The page's code step: asked by `auth` or the account at send and not yet confirmed, or, under
 * re-authentication, without a code confirmed in the last 5 minutes (asked again before signing).
 */
function codeStepOf(doc: SequencerState["doc"], me: SignerState, now = Date.now()) {
  if (!reauthRequired(doc)) return { required: me.codeRequired, verifiedAt: me.codeVerifiedAt };
  const fresh = freshCode(me, now);
  return { required: true, verifiedAt: fresh ? me.codeVerifiedAt : null };
}

export type PageRead = {
  read: ReturnType<typeof linkView>;
  /** The signer's own answers, except sensitive ones (never echoed back, even to the signer). */
  answers: Record<string, string>;
  sensitive: string[];
  /** Origins the account allows to frame the page (empty: none). */
  frameAncestors: string[];
  /** The document's account, and whether it may wear its own brand (only then is the brand read). */
  tenantId: string;
  whiteLabel: boolean;
  /** The certificate's code once the document is completed. */
  verificationCode: string | null;
  /** Where merged values sit in the body, for isolating each one on the page. */
  bodyMerges: MergeSpan[];
  /** The one-time code step: whether this signer must confirm one, and when they did. */
  code: { required: boolean; verifiedAt: string | null };
  /** The access code step (auth `access_code`): while `required`, the page asks it and shows nothing of the document. */
  accessCode: ReturnType<typeof accessCodeStep>;
  /** The identity check step (auth `id_check`): while `required`, the page asks it before consent. */
  idCheck: ReturnType<typeof idCheckStep>;
  /** Made with a test key: no legal effect (the page says so at the top, as the PDFs do). */
  test: boolean;
  /** A group member's link once another member signed for the group: who did, and for which group. */
  groupSigned: { name: string; group: string } | null;
  /**
   * Each of this signer's fields' state were these answers (key → value; "" clears one) given on
   * top of those on file: the signature check's own evaluation (every field of the document as
   * context), nothing stored. The page's live `/state` answers with it.
   */
  statesFor: (answers: Record<string, string>, phones: PhoneNumbers | undefined) => Map<string, FieldState>;
  /** The document's signature level: `aes`/`qes` signers sign only at the trust service provider (docs/evidence.md). */
  level: SequencerState["doc"]["level"];
};

/** A signer's answers on file as their page shows them: sensitive ones never echoed back (even to the signer), and which those are. */
export function ownAnswers(st: SequencerState, me: SignerState) {
  const sensitive = signerFields(st, me)
    .filter((f) => f.sensitive)
    .map((f) => f.key);
  const answers = Object.fromEntries(st.values.filter((v) => v.signerId === me.id && !sensitive.includes(v.key)).map((v) => [v.key, v.value] as const));
  return { answers, sensitive };
}

/** The same read for the signer's page, with what only the page needs. Null for a dead link. */
export async function readLinkForPage(env: Env, token: string, ctx: RequestContext): Promise<PageRead | null> {
  const r = await loadLink(env, token, ctx);
  if (!r) return null;
  const { answers, sensitive } = ownAnswers(r.st, r.me);
  return {
    read: linkView(r.st, r.me, r.tenant.name, r.consentVersion, await documentPages(env, r.st.doc), r.tenant.consumerDisclosure),
    answers,
    sensitive,
    frameAncestors: parseFrameAncestors(r.tenant.frameAncestors),
    whiteLabel: r.tenant.whiteLabel,
    tenantId: r.st.doc.tenantId,
    verificationCode: r.verificationCode,
    bodyMerges: r.st.doc.mergeSpans satisfies MergeSpan[],
    code: codeStepOf(r.st.doc, r.me),
    accessCode: accessCodeStep(r.me),
    idCheck: idCheckStep(r.me),
    test: r.st.doc.mode === "test",
    groupSigned: groupSignedOf(r.st, r.me),
    level: r.st.doc.level,
    statesFor: (given, phones) =>
      checkAnswers(signerFields(r.st, r.me), answersFor(r.st, r.me.id), given, { signing: false, context: docFields(r.st), phones }).states,
  };
}

/**
 * A page picture of the PDF template a live link's document was prepared from: checked exactly
 * like the other `/s/{token}` pages (a dead, replaced or expired link reads as nothing). Null for
 * a dead link, a text template, or a page the file does not have.
 */
export async function pagePictureForLink(env: Env, token: string, n: number) {
  const l = await lookupToken(env, token);
  return l ? pagePictureOf(env, l, n) : null;
}

/** Page `n` of the PDF template a signer's document was prepared from, while their link (the token's hash, when given) is live; null otherwise. */
export async function pagePictureOf(env: Env, l: { documentId: string; signerId: string; tokenHash?: string }, n: number) {
  const r = await documentSequencer(env, l.documentId).read(l.signerId, null, l.tokenHash);
  const me = r?.st.signers.find((s) => s.id === l.signerId);
  if (me && accessCodeOutstanding(me)) throw accessCodeFirst();
  if (!r?.st.doc.pdfSha256) return null;
  return pagePicture(env, { tenantId: r.st.doc.tenantId }, r.st.doc.templateId, n);
}

/** The sealed PDF for a signer holding a live link, once the document is completed (422 before). */
export async function sealedPdfForLink(env: Env, token: string, baseUrl: string) {
  const l = await known(env, token);
  const r = await documentSequencer(env, l.documentId).read(l.signerId, null, l.tokenHash);
  if (!r) throw deadLink();
  const me = r.st.signers.find((s) => s.id === l.signerId);
  if (me && accessCodeOutstanding(me)) throw accessCodeFirst();
  return sealedFile(env, { id: r.st.doc.id, status: r.st.doc.status }, "pdf", baseUrl);
}

export async function consent(env: Env, token: string, input: ConsentCommand, ctx: RequestContext) {
  const l = await known(env, token);
  return await documentSequencer(env, l.documentId).consent(l.signerId, input, ctx, l.tokenHash);
}

export async function supplyField(env: Env, token: string, input: SupplyFieldCommand, _ctx: RequestContext) {
  const l = await known(env, token);
  return await documentSequencer(env, l.documentId).supplyField(l.signerId, input, l.tokenHash);
}

/** The signer's page's answers, posted with an upload: stored where they pass, each other one's problem returned. */
export async function supplyAnswers(env: Env, token: string, answers: Record<string, string>) {
  const l = await known(env, token);
  return await documentSequencer(env, l.documentId).supplyAnswers(l.signerId, answers, l.tokenHash);
}

/** A part played through the link's document sequencer; when it was the last to play, the completed copies go out. */
async function play(env: Env, token: string, act: (s: SequencerClient, l: Link) => Promise<{ event_id: string; copies: boolean }>) {
  const l = await known(env, token);
  const r = await act(documentSequencer(env, l.documentId), l);
  if (r.copies) await startCompletedCopies(env, l);
  return r.event_id;
}

export async function sign(env: Env, token: string, input: SignCommand, ctx: RequestContext) {
  return { event_id: await play(env, token, (s, l) => s.sign(l.signerId, input, ctx, l.tokenHash)) };
}

/** The page's sign form: answers and signature in one sequencer call, stored together or not at all. */
export async function submit(env: Env, token: string, input: SubmitCommand, ctx: RequestContext) {
  return { event_id: await play(env, token, (s, l) => s.submit(l.signerId, input, ctx, l.tokenHash)) };
}

/** Sends the signer a one-time code (only when one is required and the service sent the link). */
export async function requestCode(env: Env, token: string) {
  const l = await known(env, token);
  return await documentSequencer(env, l.documentId).requestCode(l.signerId, l.tokenHash);
}

/** `{ok: true}` for the right code; `{ok: false, tries_left}` otherwise. */
export async function verifyCode(env: Env, token: string, input: VerifyCodeCommand, ctx: RequestContext) {
  const l = await known(env, token);
  return await documentSequencer(env, l.documentId).verifyCode(l.signerId, input, ctx, l.tokenHash);
}

/** Checks the signer's access code (auth `access_code`): `{ok: true}`, or `{ok: false, tries_left}` (and `locked_until` on the fifth wrong try). */
export async function giveAccessCode(env: Env, token: string, input: AccessCodeCommand, ctx: RequestContext) {
  const l = await known(env, token);
  return await documentSequencer(env, l.documentId).accessCode(l.signerId, input, ctx, l.tokenHash);
}

/** An approver's approval. */
export async function approve(env: Env, token: string, input: ApproveCommand, ctx: RequestContext) {
  return { approved: true as const, event_id: await play(env, token, (s, l) => s.approve(l.signerId, input, ctx, l.tokenHash)) };
}

/** A viewer's acknowledgement. */
export async function acknowledge(env: Env, token: string, input: AcknowledgeCommand, ctx: RequestContext) {
  return { acknowledged: true as const, event_id: await play(env, token, (s, l) => s.acknowledge(l.signerId, input, ctx, l.tokenHash)) };
}

export { DECLINE_REASON_MAX } from "./signer-commands";

export async function decline(env: Env, token: string, input: DeclineCommand, ctx: RequestContext) {
  const l = await known(env, token);
  return await documentSequencer(env, l.documentId).decline(l.signerId, parseCommand(DeclineCommand, input), ctx, l.tokenHash);
}

/** Withdraws consent (src/domain/consumer-disclosure.ts): the signer's part ends as a decline with the reason "consent withdrawn". */
export async function withdraw(env: Env, token: string, ctx: RequestContext) {
  const l = await known(env, token);
  return await documentSequencer(env, l.documentId).withdraw(l.signerId, ctx, l.tokenHash);
}
