/**
 * An envelope's link: one token per person opens every document of the envelope; consent is given
 * once, each document's fields are answered, and one signature signs them all (docs/documents.md,
 * "Envelopes"). Each document stays an ordinary document with its own sequencer: the person acts
 * on each through it, in the envelope's order, with the same rules a document's link follows.
 * Signing checks every document first, so a refusal (a missing field, not yet their turn) signs
 * none; a signing cut short by a fault is finished by signing again (documents already signed are
 * passed over). After every act the envelope is settled (src/domain/envelope-completion.ts).
 */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { envelopeLinkByTokenHash } from "../db/envelopes";
import { invalid, refusalAt } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { documentSequencer } from "../objects/document-sequencer/client";
import { type LinkTenant, type SequencerState, type SignerState, deadLink, isMyTurn, signerFields, waitingOn } from "./document-state";
import { envelopeSignerStatus, envelopeStatus } from "./envelope-state";
import { certificateForCompletedEnvelope, settleEnvelope } from "./envelope-completion";
import { type RequestContext, deadLinkView, documentPages, linkView, ownAnswers, pagePictureOf } from "./signing";
import { TOKEN_PATTERN, lookupToken } from "./link-lookup";
import type { AcknowledgeCommand, ApproveCommand, ConsentCommand, DeclineCommand, SignCommand, SupplyFieldCommand } from "./signer-commands";
import { checkSignatureValue, signChecks } from "./transitions";
import { consentVersion } from "./wording";
import { parseFrameAncestors } from "./accounts";
import { envelopeSealedFile } from "./envelope-pdf";
import { envelopeCertificateOf } from "../db/envelope-certificates";

/** The holder of an envelope's link: the person (`esg_…`), the envelope, and their signer row in each document, in order. */
export type EnvelopeLink = {
  personId: string;
  envelopeId: string;
  title: string;
  tenantId: string;
  parts: { documentId: string; signerId: string }[];
};

/** The envelope link a token is, or null (a document's link, or nothing). */
export async function envelopeLinkOf(env: Env, token: string): Promise<EnvelopeLink | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await envelopeLinkByTokenHash(dbOf(env), await sha256Hex(token));
  return row ? { personId: row.id, envelopeId: row.envelopeId, title: row.title, tenantId: row.tenantId, parts: row.parts } : null;
}

/**
 * Runs the document link's action, or the envelope's when the token is an envelope's link. A
 * document's link is looked up first (remembered by each isolate), so its requests cost nothing more.
 */
export async function forLink<T>(env: Env, token: string, document: () => Promise<T>, envelope: (e: EnvelopeLink) => Promise<T>): Promise<T> {
  if (await lookupToken(env, token)) return document();
  const e = await envelopeLinkOf(env, token);
  return e ? envelope(e) : document();
}

type Part = { documentId: string; signerId: string; st: SequencerState; me: SignerState };

/** Each document's state for this person (recording their first view when `ctx` is given); null once any document's link is dead. */
async function partsOf(env: Env, e: EnvelopeLink, ctx: RequestContext | null) {
  const read = await Promise.all(e.parts.map((p) => documentSequencer(env, p.documentId).read(p.signerId, ctx)));
  const parts: (Part & { tenant: LinkTenant | null })[] = [];
  for (const [i, r] of read.entries()) {
    const me = r?.st.signers.find((s) => s.id === e.parts[i]!.signerId);
    if (!r || !me) return null;
    parts.push({ ...e.parts[i]!, st: r.st, me, tenant: r.tenant });
  }
  return parts.length > 0 ? parts : null;
}

async function livePartsOf(env: Env, e: EnvelopeLink, ctx: RequestContext | null) {
  const parts = await partsOf(env, e, ctx);
  if (!parts) throw deadLink();
  return parts;
}

/**
 * The documents still waiting for this person's act; when none is, the first, whose own rules then
 * refuse the act in the document's words (already signed, say), as a document's link does.
 */
async function waitingParts(env: Env, e: EnvelopeLink, waiting: (p: Part) => boolean) {
  const parts = await livePartsOf(env, e, null);
  const open = parts.filter(waiting);
  return { parts, open: open.length > 0 ? open : parts.slice(0, 1) };
}

export type EnvelopeLinkRead = Awaited<ReturnType<typeof readEnvelopeLink>>;

/** `GET /v1/sign/{token}` for an envelope's link: the person's part in the envelope and every document as a document's link shows it. */
export async function readEnvelopeLink(env: Env, e: EnvelopeLink, ctx: RequestContext) {
  const parts = await partsOf(env, e, ctx);
  return parts ? envelopeView(env, e, parts) : deadLinkView();
}

async function envelopeView(env: Env, e: EnvelopeLink, parts: NonNullable<Awaited<ReturnType<typeof partsOf>>>) {
  const first = parts[0]!;
  const views = await Promise.all(
    parts.map(async (p) => linkView(p.st, p.me, p.tenant?.name ?? "", await consentVersion(p.st.doc.consentText), await documentPages(env, p.st.doc))),
  );
  const statuses = parts.map((p) => p.me.status);
  const pending = parts.filter((p) => p.me.status === "pending");
  return {
    ...views[0]!,
    envelope_id: e.envelopeId,
    title: e.title,
    document_id: null,
    body: null,
    body_sha256_hex: null,
    document_status: envelopeStatus(
      "sent",
      parts.map((p) => p.st.doc.status),
    ),
    signer_id: e.personId,
    signer_status: envelopeSignerStatus(statuses),
    // Consent is given once for the envelope: it stands when every document has it.
    consented_at: parts.every((p) => p.me.consentedAt) ? first.me.consentedAt : null,
    signed_at: statuses.every((s) => s === "signed")
      ? (parts
          .map((p) => p.me.signedAt ?? "")
          .sort()
          .at(-1) ?? null)
      : null,
    is_my_turn: pending.length > 0 && pending.every((p) => isMyTurn(p.st, p.me)),
    waiting_on: pending.map((p) => waitingOn(p.st)?.fullName).find((n) => n) ?? null,
    fields: null,
    pages: null,
    documents: views.map((v) => ({
      document_id: v.document_id,
      title: v.title,
      body: v.body,
      body_sha256_hex: v.body_sha256_hex,
      document_status: v.document_status,
      template_kind: v.template_kind,
      signer_status: v.signer_status,
      signed_at: v.signed_at,
      fields: v.fields,
      pages: v.pages,
    })),
  };
}

/** Consent once: recorded on every document that does not have it yet. */
export async function consentEnvelope(env: Env, e: EnvelopeLink, input: ConsentCommand, ctx: RequestContext) {
  const parts = await livePartsOf(env, e, null);
  const open = parts.filter((p) => p.me.status === "pending" && !p.me.consentedAt);
  if (open.length === 0) return { consented: true as const };
  await Promise.all(open.map((p) => documentSequencer(env, p.documentId).consent(p.signerId, input, ctx)));
  return { consented: true as const };
}

/** One field of one of the envelope's documents: `document_id` names which. */
export async function supplyEnvelopeField(env: Env, e: EnvelopeLink, input: SupplyFieldCommand & { document_id?: string }) {
  const { document_id, ...field } = input;
  if (!document_id) throw invalid("document_id: required with an envelope's link: the id of the envelope's document the field belongs to.");
  const part = e.parts.find((p) => p.documentId === document_id);
  if (!part) throw invalid(`document_id: ${document_id} is not one of this envelope's documents.`);
  return await documentSequencer(env, part.documentId).supplyField(part.signerId, field);
}

/**
 * One signature for every document not yet signed: each is checked first (nothing is signed when
 * any refuses), then signed through its sequencer. Completing the last one settles the envelope.
 */
export async function signEnvelope(env: Env, e: EnvelopeLink, input: SignCommand, ctx: RequestContext) {
  const { parts, open } = await waitingParts(env, e, (p) => p.me.status !== "signed");
  // The one signature also answers each document's signature fields of this person (a PDF's boxes).
  const answers = new Map(open.map((p) => [p, signatureAnswers(p, input.value)] as const));
  // Every document is checked before any is signed (the answers are signature fields' alone: no phone rules needed).
  for (const p of open) refusalAt(`documents.${parts.indexOf(p)} (${p.st.doc.title}): `, () => signChecks(p.st, p.me, answers.get(p) ?? {}, undefined));
  await checkSignatureValue(input);
  const done = await Promise.allSettled(
    open.map((p) => documentSequencer(env, p.documentId).submit(p.signerId, { answers: answers.get(p) ?? {}, signature: input }, ctx)),
  );
  return { event_id: await afterActs(env, e, done) };
}

/** This person's signature fields not yet answered in a document, each answered with the signature's value. */
function signatureAnswers(p: Part, value: string): Record<string, string> {
  const given = new Set(p.st.values.filter((v) => v.signerId === p.me.id).map((v) => v.key));
  return Object.fromEntries(
    signerFields(p.st, p.me)
      .filter((f) => f.kind === "signature" && !given.has(f.key))
      .map((f) => [f.key, value] as const),
  );
}

/** An approver's approval of every document. */
export async function approveEnvelope(env: Env, e: EnvelopeLink, input: ApproveCommand, ctx: RequestContext) {
  const { open } = await waitingParts(env, e, (p) => p.me.status === "pending");
  const done = await Promise.allSettled(open.map((p) => documentSequencer(env, p.documentId).approve(p.signerId, input, ctx)));
  return { approved: true as const, event_id: await afterActs(env, e, done) };
}

/** A viewer's acknowledgement of every document (their link's read recorded the view of each). */
export async function acknowledgeEnvelope(env: Env, e: EnvelopeLink, input: AcknowledgeCommand, ctx: RequestContext) {
  const { open } = await waitingParts(env, e, (p) => p.me.status === "pending");
  const done = await Promise.allSettled(open.map((p) => documentSequencer(env, p.documentId).acknowledge(p.signerId, input, ctx)));
  return { acknowledged: true as const, event_id: await afterActs(env, e, done) };
}

/** A decline ends the whole envelope: every document still out is declined with the reason. */
export async function declineEnvelope(env: Env, e: EnvelopeLink, input: DeclineCommand, ctx: RequestContext) {
  const { open } = await waitingParts(env, e, (p) => p.me.status === "pending" && p.st.doc.status === "sent");
  const done = await Promise.allSettled(open.map((p) => documentSequencer(env, p.documentId).decline(p.signerId, input, ctx)));
  await afterActs(env, e, done);
  return { declined: true as const };
}

/**
 * After acting on each document: settles the envelope, then answers the first act's event id, or
 * throws the first refusal (what was done stands; acting again finishes the rest).
 */
async function afterActs(env: Env, e: EnvelopeLink, done: PromiseSettledResult<{ event_id: string } | unknown>[]): Promise<string> {
  if (done.some((d) => d.status === "fulfilled")) await settleEnvelope(env, e.envelopeId);
  const failed = done.find((d): d is PromiseRejectedResult => d.status === "rejected");
  if (failed) throw failed.reason;
  const first = done[0] as PromiseFulfilledResult<{ event_id?: string }> | undefined;
  return first?.value?.event_id ?? "";
}

/** The envelope's read for the signer's page, with what only the page needs: each document's answers on file (sensitive ones never echoed) and the account's framing rule. Null for a dead link. */
export async function readEnvelopeForPage(env: Env, e: EnvelopeLink, ctx: RequestContext | null) {
  const parts = await partsOf(env, e, ctx);
  if (!parts) return null;
  const read = await envelopeView(env, e, parts);
  const first = parts[0]!;
  const tenant = first.tenant;
  return {
    read,
    documents: parts.map((p) => ownAnswers(p.st, p.me)),
    test: first.st.doc.mode === "test",
    tenantId: e.tenantId,
    whiteLabel: tenant?.whiteLabel ?? false,
    frameAncestors: parseFrameAncestors(tenant?.frameAncestors ?? "[]"),
    verificationCode: read.document_status === "completed" ? ((await envelopeCertificateOf(dbOf(env), e.envelopeId))?.verificationCode ?? null) : null,
  };
}

/** The envelope's sealed PDF for a person holding a live link, once it is completed (422 before). */
export async function sealedPdfForEnvelopeLink(env: Env, e: EnvelopeLink, baseUrl: string) {
  const parts = await livePartsOf(env, e, null);
  const status = envelopeStatus(
    "sent",
    parts.map((p) => p.st.doc.status),
  );
  return envelopeSealedFile(env, await certificateForCompletedEnvelope(env, e.envelopeId, status, "The sealed PDF"), baseUrl);
}
export type EnvelopePageRead = NonNullable<Awaited<ReturnType<typeof readEnvelopeForPage>>>;

/** The page's answers to one document's fields (by its place in the envelope): stored where they pass, each other one's problem returned. */
export async function saveEnvelopeAnswers(env: Env, e: EnvelopeLink, index: number, answers: Record<string, string>) {
  const part = e.parts[index];
  if (!part) throw invalid(`There is no document ${index + 1} in this envelope.`);
  return await documentSequencer(env, part.documentId).supplyAnswers(part.signerId, answers);
}

/** A page picture of one of the envelope's documents prepared from a PDF template, checked like the link itself; null otherwise. */
export async function envelopePagePicture(env: Env, e: EnvelopeLink, index: number, n: number) {
  const part = e.parts[index];
  return part ? pagePictureOf(env, part, n) : null;
}
