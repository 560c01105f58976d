/**
 * Every state change of a sent document: send, view, consent, fields, sign, decline, void,
 * expire. Each checks its rules against the loaded state and commits the change with its trail
 * events in one batch. They run only inside the document's DocumentSequencer, one at a time.
 */
import type { Env, Mode } from "../env";
import { dbOf } from "../db/client";
import type { Lang, SignerAuth } from "./vocabulary";
import { hashAccessCode } from "./access-codes";
import { reauthChecks } from "./reauthentication";
import { disclosureForConsent } from "./consumer-disclosure";
import { invalid } from "../lib/errors";
import { newLinkToken, sha256Hex } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { guardFailed } from "../db/guard";
import { commitWithEvents, type DocumentSnapshot, type NewEvent } from "./events";
import {
  type DocumentRecord,
  type SequencerState,
  type SignerState,
  deadLink,
  groupSignedBy,
  actsWithoutSignature,
  outstanding,
  linkIsLive,
  mustSign,
  nextSeq,
  signerFields,
  answersFor,
  docFields,
  snapshot,
  signerSnapshot,
  requireTurn,
} from "./document-state";
import { agreementInBatch, countedOrQuota } from "./quota";
import type { TemplateField } from "../db/schema";
import { followDocument } from "./packet-state";
import { INTENT_VERSION, consentRecord, consentVersion } from "./wording";
import { checkAnswers, phonesForAnswers } from "./field-values";
import type { PhoneNumbers } from "../lib/phone-numbers";
import { otherPartysField, partyName, resolveFieldParties } from "./field-parties";
import { issueCertificate } from "./certificates";
import { recordFrom, recordReads } from "../db/evidence";
import { type SignerFileRecord, insertSignerFile } from "../db/signer-files";
import { signaturePictureOrRefuse } from "../lib/image";
import { logError } from "../lib/log";
import { codeFirst, codeOutstanding } from "./signer-codes";
import type { Captured, ConsentCommand, SignCommand, SupplyFieldCommand } from "./signer-commands";
import { signAtProvider } from "./qualified-signatures";
import { type ProviderCertificate as Pc, certificateDetail } from "./signature-list";
import {
  type Statement,
  deleteAnswer,
  documentReads,
  insertSigner,
  markCompleted,
  markConsented,
  markSent,
  markSigned,
  markViewed,
  setDocumentFields,
  requireSignerCodeOf,
  accountLocaleOf,
  upsertAnswer,
} from "../db/signing";

/** Who acts: the request's address and browser; `member` (`member:<id>`) for a dashboard staff action, named in the trail (docs/identity.md "Part 11"). */
export type Actor = { ip: string | null; userAgent: string | null; member?: string };
/** The trail detail's mention of the member behind a staff action ("; by member:<id>"), or nothing. */
export const byMember = (actor: Actor) => (actor.member ? `; by ${actor.member}` : "");

export const DEFAULT_EXPIRY_DAYS = 30;

export type SignerInput = {
  email: string;
  full_name: string;
  role?: string;
  sign_order?: number;
  phone?: string | null;
  auth?: SignerAuth;
  /** With `auth` `access_code`: the code as sent; only its hash is stored (src/domain/access-codes.ts). */
  access_code?: string;
  party_id?: string | null;
  locale?: Lang;
  /** Set by a packet item's start, never by the API: the minor this signer (their guardian) signs for. */
  on_behalf_of?: string | null;
  /** A signing group's member (src/domain/documents.ts normaliseSigners). */
  group?: { id: string; name: string };
  /** A witness's: the index (in this list) of the signer witnessed. */
  witness_of?: number;
};
export type { Captured } from "./signer-commands";

/** The server's receipt time beside the device's claimed time, and the skew between them. */
function capturedRecord(captured: Captured | undefined, receivedAt: string) {
  if (!captured) return null;
  const { at, ...rest } = captured;
  return { ...rest, claimed_at: at, received_at: receivedAt, skew_ms: Date.parse(receivedAt) - Date.parse(at) };
}

/**
 * Commits a change with its events at the trail's next sequence numbers, then advances the
 * sequencer's copy of the trail. Callers change the rest of their copy only after this returns,
 * so a failed commit leaves the copy as it was (and the sequencer reloads it).
 */
export async function commit(env: Env, st: SequencerState, doc: DocumentSnapshot, statements: Statement[], events: NewEvent[], after: Statement[] = []) {
  // A packet item's document carries its item and packet along in the same batch.
  const packet = followDocument(env, st.doc, doc.status, events[0]?.occurredAt ?? nowIso());
  const r = await commitWithEvents(env, doc, [...statements, ...(packet?.statements ?? [])], events, nextSeq(st), [...after, ...(packet?.after ?? [])]);
  st.lastSeq += events.length;
  if (!packet) return r;
  await packet.done(r.afterResults.slice(after.length));
  return { ...r, afterResults: r.afterResults.slice(0, after.length) };
}

/** A signer's action needs a live link (checked again here: the document may have changed since the token was read). */
export function requireLiveLink(st: SequencerState, signer: SignerState) {
  if (!linkIsLive(st.doc, signer)) throw deadLink();
  // A group member's link after another member signed for the group says who did (also once that signature completed the document).
  const by = signer.status === "pending" ? groupSignedBy(st, signer) : null;
  if (by) throw invalid(groupSignedReason(by));
  if (st.doc.status !== "sent") throw invalid(`This document is ${st.doc.status}; only a sent document can be acted on.`);
}

/** The signer still has their part to play: pending, and (a group's member) nobody signed for the group yet. */
export function requirePendingSigner(st: SequencerState, signer: SignerState) {
  if (signer.status !== "pending") throw invalid(`This signer has already ${signer.status}.`);
  const by = groupSignedBy(st, signer);
  if (by) throw invalid(groupSignedReason(by));
}

/** The words for a group member's link once another member signed for the group. */
export const groupSignedReason = (by: Pick<SignerState, "fullName" | "groupName">) => `This part was signed by ${by.fullName} for ${by.groupName}.`;

export function requireSigningRole(signer: SignerState) {
  if (!mustSign(signer)) throw invalid("A cc recipient receives the completed copy and never signs.");
}

/** What a send needs of its signers beyond their shapes (also checked by an envelope before it stores anything). */
export function checkSigners(signersIn: readonly SignerInput[]) {
  if (!signersIn.some((s) => (s.role ?? "signer") !== "cc")) throw invalid("signers: at least one signer must sign (not only cc).");
  const textless = signersIn.findIndex((s) => s.auth === "sms_otp" && !s.phone);
  if (textless >= 0) throw invalid(`signers.${textless}.phone: is required with auth "sms_otp" (the code goes by text).`);
}

/** Sends a draft: one 64-hex token per signer, returned once and stored only as its hash. */
export type SendOptions = {
  notify?: boolean;
  allowDelegation?: boolean;
  /** Each signature needs a fresh one-time code and a reason (an account's part11 forces it at send). */
  reauthenticate?: boolean;
  /** False only for an envelope's documents: the envelope counted one agreement for all. */
  quota?: boolean;
};

/** Sends a draft; `also` are reads that ride in the send's batch (their results come back as `also`). */
export async function send(env: Env, st: SequencerState, signersIn: SignerInput[], actor: Actor, opts: SendOptions = {}, also: Statement[] = []) {
  if (st.doc.status !== "draft") throw invalid(`This document is ${st.doc.status}; only a draft can be sent.`);
  checkSigners(signersIn);
  const now = new Date();
  const sentAt = now.toISOString();
  const expiresAt = st.doc.expiresAt ?? new Date(now.getTime() + DEFAULT_EXPIRY_DAYS * 86400_000).toISOString();
  if (Date.parse(expiresAt) <= now.getTime()) throw invalid("expires_at: the document's expiry has already passed.");
  // Each signer's id, in the order the send lists them: a field for one signing party records whose it is.
  const ids = signersIn.map(() => newId("sgn"));
  const partied = st.doc.fields.some((f) => f.signer !== undefined);
  const fields = partied
    ? resolveFieldParties(
        st.doc.fields,
        signersIn.map((s, i) => ({ id: ids[i]!, role: s.role ?? "signer" })),
      )
    : null;

  const links: { signer_id: string; email: string; token: string }[] = [];
  const db = dbOf(env);
  // The agreement is counted in the send's own batch (402 when the plan is used up: nothing is sent).
  const statements: Statement[] = opts.quota === false ? [] : agreementInBatch(db, st.doc.tenantId, st.doc.mode as Mode, now);
  for (const [i, s] of signersIn.entries()) {
    const id = ids[i]!;
    const { token, hash } = await newLinkToken();
    links.push({ signer_id: id, email: s.email, token });
    statements.push(
      insertSigner(db, {
        id,
        documentId: st.doc.id,
        tenantId: st.doc.tenantId,
        email: s.email,
        fullName: s.full_name,
        role: s.role ?? "signer",
        signOrder: s.sign_order ?? i + 1,
        phone: s.phone ?? null,
        auth: s.auth ?? "none",
        // Decided once, at send: asked by `auth`, or by the account's require_signer_code now
        // (read in the same statement, so the send costs no extra round trip).
        codeRequired: s.auth === "email_otp" || s.auth === "sms_otp" ? true : requireSignerCodeOf(db, st.doc.tenantId),
        accessCodeHash: s.auth === "access_code" && s.access_code ? await hashAccessCode(s.access_code) : null,
        partyId: s.party_id ?? null,
        onBehalfOf: s.on_behalf_of ?? null,
        witnessFor: s.witness_of === undefined ? null : ids[s.witness_of]!,
        groupId: s.group?.id ?? null,
        groupName: s.group?.name ?? null,
        // Unless given, the account's language, read in the same statement.
        locale: s.locale ?? accountLocaleOf(db, st.doc.tenantId),
        status: "pending",
        tokenHash: hash,
        tokenExpiresAt: expiresAt,
        createdAt: sentAt,
      }),
    );
  }
  statements.push(markSent(db, st.doc.id, st.doc.tenantId, sentAt, expiresAt, opts));
  if (fields) statements.push(setDocumentFields(db, st.doc.id, fields));
  // The sent state (document, new signers, answers) is read back in the same batch.
  const reads = documentReads(db, st.doc.id);
  const event: NewEvent = {
    kind: "sent",
    occurredAt: sentAt,
    ip: actor.ip,
    userAgent: actor.userAgent,
    againstSha256: st.doc.bodySha256,
    detail: `Sent to ${signersIn.length} recipient${signersIn.length === 1 ? "" : "s"}.${byMember(actor)}`,
  };
  const { results } = await commit(env, st, snapshot(st.doc, { status: "sent" }), [...statements, ...reads, ...also], [event]).catch((err) => {
    throw countedOrQuota(err);
  });
  const [d, s, v, ...rest] = results.slice(statements.length) as [DocumentRecord[], SignerState[], SequencerState["values"], ...unknown[]];
  const state: SequencerState | null = d[0] ? { doc: d[0], signers: s, values: v, lastSeq: st.lastSeq } : null;
  return { links, state, also: rest };
}

/**
 * Records the first view of a link; later views change nothing. `reads` ride in the same batch
 * (the page's account and certificate lookups) and their results are returned.
 */
export async function view(env: Env, st: SequencerState, signer: SignerState, actor: Actor, reads: Statement[] = []) {
  const db = dbOf(env);
  if (signer.viewedAt) return { viewed: false, reads: reads.length ? ((await db.batch(reads as [Statement, ...Statement[]])) as unknown[]) : [] };
  const at = nowIso();
  const { results } = await commit(
    env,
    st,
    snapshot(st.doc),
    [markViewed(db, signer.id, at), ...reads],
    [{ kind: "viewed", occurredAt: at, signer: signerSnapshot(signer), ip: actor.ip, userAgent: actor.userAgent, againstSha256: st.doc.bodySha256 }],
  );
  signer.viewedAt = at;
  return { viewed: true, reads: results.slice(1, 1 + reads.length) };
}

/**
 * Consent to do business electronically: its own event, always before the signature (after the
 * account's consumer disclosure's acceptance, when it has one). A batch its disclosure guard
 * failed (the account changed the disclosure) is retried once on the disclosure read afresh.
 */
export async function consent(
  env: Env,
  st: SequencerState,
  signer: SignerState,
  input: ConsentCommand,
  actor: Actor,
  retry = true,
): Promise<{ consented: true }> {
  requireLiveLink(st, signer);
  requirePendingSigner(st, signer);
  requireSigningRole(signer);
  if (signer.consentedAt) return { consented: true as const };
  const at = nowIso();
  const { event: disclosure, guard } = await disclosureForConsent(env, st, signer, input.disclosure_accepted, actor, at);
  const captured = capturedRecord(input.captured, at);
  const version = await consentVersion(st.doc.consentText);
  const shown = await consentRecord(env.ASSETS, st.doc.consentText, input.lang);
  const detail = captured ? `${shown}; captured offline, device time ${captured.claimed_at}, skew ${captured.skew_ms} ms` : shown;
  const consented: NewEvent = {
    kind: "consented",
    occurredAt: at,
    signer: signerSnapshot(signer),
    ip: actor.ip,
    userAgent: actor.userAgent,
    againstSha256: st.doc.bodySha256,
    detail,
  };
  const marked = markConsented(dbOf(env), signer.id, at, version, disclosure ? at : null);
  try {
    await commit(env, st, snapshot(st.doc), [guard, marked], [...(disclosure ? [disclosure] : []), consented]);
  } catch (err) {
    delete st.disclosureSeen;
    if (retry && guardFailed(err)) return consent(env, st, signer, input, actor, false);
    throw err;
  }
  signer.consentedAt = at;
  signer.consentVersion = version;
  if (disclosure) signer.disclosureAcceptedAt = at;
  return { consented: true as const };
}

/** The statement that stores (or, for "", clears) one answer. */
function answerStatement(env: Env, st: SequencerState, signer: SignerState, key: string, value: string, about: string | null, at: string) {
  const db = dbOf(env);
  return value === ""
    ? deleteAnswer(db, st.doc.id, signer.id, key)
    : upsertAnswer(db, { documentId: st.doc.id, signerId: signer.id, key, value, about, suppliedAt: at });
}

/** The sequencer's copy of the answers, after they are stored. */
function applyAnswers(st: SequencerState, signer: SignerState, changes: { key: string; value: string }[], about: string | null, at: string) {
  for (const c of changes) {
    st.values = st.values.filter((v) => !(v.signerId === signer.id && v.key === c.key));
    if (c.value !== "") st.values.push({ documentId: st.doc.id, signerId: signer.id, key: c.key, value: c.value, about, suppliedAt: at });
  }
}

/** An answer to a field asked of another signing party is refused, naming the field. */
function refuseOtherPartysAnswers(st: SequencerState, signer: SignerState, keys: string[]) {
  for (const key of keys) {
    const f = otherPartysField(st.doc.fields, signer.id, key);
    if (f) {
      throw invalid(
        `key: field "${key}" is asked of ${partyName(f.signer ?? "")}, not of this signer.`,
        "Each signing party answers only its own fields; GET /v1/sign/{token} lists them.",
      );
    }
  }
}

/**
 * What signing writes beside the answers: "" (delete) for each answer of a field hidden now, and
 * the value of each formula and auto-filled field, frozen as it stands at `at`.
 */
function frozenAnswers(fields: readonly TemplateField[], checked: ReturnType<typeof checkAnswers>, signer: SignerState, at: string) {
  const auto: Record<string, string> = { date_signed: at.slice(0, 10), signer_name: signer.fullName, signer_email: signer.email };
  const out = checked.cleared.map((key) => ({ key, value: "" }));
  for (const f of fields) {
    const state = checked.states.get(f.key);
    if (f.kind === "formula") out.push({ key: f.key, value: state?.visible ? (state.value ?? "") : "" });
    else if (f.kind in auto) out.push({ key: f.key, value: state?.visible ? auto[f.kind]! : "" });
  }
  return out;
}

/** Supplies (or replaces) one answer; an empty value clears it. */
/**
 * Stores one answer. With `file` (src/domain/signer-files.ts) the answer is that upload, whose
 * bytes are already in R2: its row and the answer `sha256:<hex>` are stored in one batch.
 */
export async function supplyField(env: Env, st: SequencerState, signer: SignerState, input: SupplyFieldCommand, file?: Upload) {
  const { problems } = await storeAnswers(env, st, signer, { [input.key]: input.value }, input.about ?? null, file);
  if (problems.length) throw invalid(problems[0]!.message);
  return { supplied: true as const };
}

/** The signer's page's answers (posted with an upload): those that pass are stored in one batch, the others' problems returned. */
export async function supplyAnswers(env: Env, st: SequencerState, signer: SignerState, answers: Record<string, string>) {
  const { problems } = await storeAnswers(env, st, signer, answers, null);
  return { problems: problems.map((p) => ({ key: p.key, message: p.message })) };
}

type Upload = Omit<SignerFileRecord, "signerId">;
async function storeAnswers(env: Env, st: SequencerState, signer: SignerState, answers: Record<string, string>, about: string | null, file?: Upload) {
  requireLiveLink(st, signer);
  requirePendingSigner(st, signer);
  requireSigningRole(signer);
  refuseOtherPartysAnswers(st, signer, Object.keys(answers));
  const checked = checkAnswers(signerFields(st, signer), answersFor(st, signer.id), answers, {
    signing: false,
    context: docFields(st),
    phones: await phonesForAnswers(env.ASSETS, signerFields(st, signer), answers),
    ...(file ? { uploaded: file.key } : {}),
  });
  const changes = checked.changes.filter((c) => !checked.problems.some((p) => p.key === c.key));
  if (changes.length === 0) return checked;
  const at = nowIso();
  const db = dbOf(env);
  const statements: Statement[] = changes.map((c) => answerStatement(env, st, signer, c.key, c.value, about, at));
  await db.batch([...(file ? [insertSignerFile(db, { ...file, signerId: signer.id })] : []), ...statements] as [Statement, ...Statement[]]);
  applyAnswers(st, signer, changes, about, at);
  return checked;
}

export type SignInput = SignCommand;

/** Checks the signature's value and returns what is stored: a picture is stored as the PNG the service re-encoded. */
export async function checkSignatureValue(input: SignInput): Promise<string> {
  if (input.method === "drawn" || input.method === "uploaded") {
    return (await signaturePictureOrRefuse(input.value, input.method)).dataUrl;
  } else if (input.value.trim().length === 0) {
    // Its length (1-400,000 characters) is the command's; a name of spaces only is no signature.
    throw invalid(`value: a ${input.method} signature is the signer's name; this one is blank.`);
  }
  return input.value;
}

/** Whether this signer may sign now with these answers (every rule but the signature's value): the checked answers, or the refusal. */
type Answers = Record<string, string>;
export function signChecks(st: SequencerState, signer: SignerState, answers: Answers, phones: PhoneNumbers | undefined, atProvider = false) {
  requireLiveLink(st, signer);
  requirePendingSigner(st, signer);
  if (st.doc.level !== "ses" && !atProvider) throw signAtProvider(st.doc.level);
  requireSigningRole(signer);
  if (actsWithoutSignature(signer)) {
    throw invalid(
      signer.role === "approver" ? "An approver approves or declines; they do not sign." : "A viewer acknowledges the document; they do not sign.",
      signer.role === "approver" ? "POST /v1/sign/{token}/approve." : "POST /v1/sign/{token}/acknowledge.",
    );
  }
  if (codeOutstanding(signer)) throw codeFirst();
  if (!signer.consentedAt) throw invalid("Consent to sign electronically must be given before signing.", "POST /v1/sign/{token}/consent first.");
  refuseOtherPartysAnswers(st, signer, Object.keys(answers));
  const checked = checkAnswers(signerFields(st, signer), answersFor(st, signer.id), answers, { signing: true, context: docFields(st), phones });
  if (checked.problems.length) throw invalid(checked.problems[0]!.message);
  requireTurn(st, signer);
  return checked;
}

/**
 * Signs; when the last one who had to sign has signed, the document completes exactly once.
 * `answers` (the page's sign form) are checked with the signature and stored in the same batch:
 * all of them and the signature, or nothing.
 */
export async function sign(env: Env, st: SequencerState, signer: SignerState, input: SignInput, actor: Actor, answers: Answers = {}, provider?: Pc) {
  const checked = signChecks(st, signer, answers, await phonesForAnswers(env.ASSETS, signerFields(st, signer), answers), provider !== undefined);
  // Re-authentication (src/domain/reauthentication.ts): a code confirmed within 5 minutes, and a reason.
  const reauth = reauthChecks(st.doc, signer, input.reason);
  const value = await checkSignatureValue(input);
  const at = nowIso();
  const valueSha = await sha256Hex(value);
  const captured = capturedRecord(input.captured, at);
  // Hidden fields' answers are dropped; computed and auto-filled values are frozen as answers.
  const changes = [...checked.changes, ...frozenAnswers(signerFields(st, signer), checked, signer, at)];
  const db = dbOf(env);
  const signature = {
    signedAt: at,
    signatureMethod: input.method,
    signatureValueSha256: valueSha,
    signedAgainstSha256: st.doc.bodySha256,
    signIp: actor.ip,
    captured,
    ...reauth,
  } satisfies Partial<SignerState>;
  const statements: Statement[] = [
    ...changes.map((c) => answerStatement(env, st, signer, c.key, c.value, null, at)),
    markSigned(db, signer.id, { ...signature, signatureValue: value }),
  ];
  const events: NewEvent[] = [
    {
      kind: "signed",
      occurredAt: at,
      signer: signerSnapshot(signer, "signed"),
      ip: actor.ip,
      userAgent: actor.userAgent,
      signatureMethod: input.method,
      againstSha256: st.doc.bodySha256,
      detail:
        (captured ? `${INTENT_VERSION}; captured offline, device time ${captured.claimed_at}, skew ${captured.skew_ms} ms` : INTENT_VERSION) +
        (checked.cleared.length ? `; field cleared: ${checked.cleared.join(", ")} (hidden by its show_if when signed)` : "") +
        (reauth ? `; reason: ${reauth.signReason}; reauthenticated_at ${reauth.reauthenticatedAt}` : "") +
        (provider ? certificateDetail(provider) : ""),
    },
  ];
  const r = await finishPart(env, st, signer, statements, events);
  applyAnswers(st, signer, changes, null, at);
  Object.assign(signer, signature);
  return r;
}

/**
 * Commits the end of a signer's part (signed, approved or acknowledged: `statements` mark it,
 * `events[0]` records it) and, when nobody else must act, completes the document exactly once
 * and issues its certificate. Marks the signer signed in the sequencer's copy.
 */
export async function finishPart(env: Env, st: SequencerState, signer: SignerState, statements: Statement[], events: NewEvent[]) {
  const db = dbOf(env);
  const at = events[0]!.occurredAt;
  // Nobody else must act: everyone else's part is done, and my group (if any) is done by my act.
  const completes = outstanding(st).every((o) => o.id === signer.id || (signer.groupId !== null && o.groupId === signer.groupId));
  let doc = snapshot(st.doc);
  if (completes) {
    statements.push(markCompleted(db, st.doc.id, at));
    doc = snapshot(st.doc, { status: "completed", completedAt: at });
    // The completing signer rides on the event, so signing.completed names who completed it.
    events.push({
      kind: "completed",
      occurredAt: at,
      signer: signerSnapshot(signer, "signed"),
      againstSha256: st.doc.bodySha256,
      detail: "Everyone who had to act has acted.",
    });
  }
  // The completing batch also reads back what the certificate is derived from (after the trail rows).
  const after: Statement[] = completes ? [...recordReads(db, st.doc.id)] : [];
  const { eventIds, afterResults } = await commit(env, st, doc, statements, events, after);
  Object.assign(signer, { status: "signed", signedAt: at } satisfies Partial<SignerState>);
  if (completes) Object.assign(st.doc, { status: "completed", completedAt: at } satisfies Partial<DocumentRecord>);
  if (completes) {
    // The completion is committed; a failed issue is repaired when the certificate is next asked for.
    const issue = async () => issueCertificate(env, st.doc.id, recordFrom(afterResults as unknown as Parameters<typeof recordFrom>[0]));
    await issue().catch((err) => logError("certificate issue failed", err, { documentId: st.doc.id }));
  }
  // `copies`: the service delivers this document's messages, so the completed copies go out.
  return { event_id: eventIds[0]!, completed: completes, copies: completes && st.doc.notify };
}
