/**
 * Envelopes: 2-20 documents prepared and sent together to the same people, one link per person
 * for all of them (docs/documents.md, "Envelopes"). Each document is an ordinary document sent
 * through its own sequencer; its signers' own tokens stay internal, the envelope's links are the
 * public ones. One agreement is counted for the envelope.
 */
import { z } from "@hono/zod-openapi";
import type { Env, Principal } from "../env";
import { dbOf } from "../db/client";
import { envelopeCertificateOf } from "../db/envelope-certificates";
import { certificateForCompletedEnvelope, settleEnvelope } from "./envelope-completion";
import { envelopeWithParts, insertEnvelope, latestEnvelopes, insertEnvelopeSignerDocuments, insertEnvelopeSigners, markEnvelopeVoided } from "../db/envelopes";
import { tenantMessageSettings } from "../db/messages";
import { tenantById } from "../db/accounts";
import type { Statement } from "../db/signing";
import { invalid, notFound, refusalAt } from "../lib/errors";
import { newLinkToken } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { logError } from "../lib/log";
import { plainText } from "../lib/text";
import { PrepareInput, SendInput, prepareDraft } from "./documents";
import { normaliseSigners, phonesForSigners } from "./send-signers";
import { envelopeSignerStatus, envelopeStatus } from "./envelope-state";
import { mergeValues } from "./merge-values";
import { Reason } from "./reason";
import { type LinkRecipient, notifyOnSend, phonesToText } from "./notify";
import { messageBrandValues, signingOriginOf } from "./branding";
import { textPermissions } from "./sms-consent";
import { reserveAgreement } from "./quota";
import { latestPublished } from "./templates";
import { type Actor, DEFAULT_EXPIRY_DAYS, checkSigners } from "./transitions";
import { documentSequencer } from "../objects/document-sequencer/client";

export const ENVELOPE_MIN_DOCUMENTS = 2;
/** Fields answered with an uploaded file: a document's link takes them, an envelope's does not yet. */
const FILE_KINDS = new Set(["image", "stamp", "file"]);
export const ENVELOPE_MAX_DOCUMENTS = 20;

const EnvelopeDocument = z
  .object({ template_code: PrepareInput.shape.template_code, values: PrepareInput.shape.values, metadata: PrepareInput.shape.metadata })
  .strict()
  .openapi("EnvelopeDocument", { description: "One document of the envelope: the latest published version of the template, filled with `values`." });

export const EnvelopeInput = z
  .object({
    title: plainText().trim().min(1).max(200),
    documents: z.array(EnvelopeDocument).min(ENVELOPE_MIN_DOCUMENTS).max(ENVELOPE_MAX_DOCUMENTS),
    signers: SendInput.shape.signers.openapi({
      description: "The people, as for a document's send (roles, order, witnesses), each on their own: no signing groups in an envelope yet.",
    }),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    sequential: z.boolean().optional(),
    notify: SendInput.shape.notify,
  })
  .strict()
  .openapi("EnvelopeCreate");
export const EnvelopeVoidInput = z.object({ reason: Reason }).strict().openapi("EnvelopeVoid");

export type EnvelopeInput = z.infer<typeof EnvelopeInput>;

/** Inserts of many rows, at most `per` rows a statement (D1 binds at most 100 values a statement). */
const chunked = <R>(rows: R[], per: number, insert: (part: R[]) => Statement) =>
  Array.from({ length: Math.ceil(rows.length / per) }, (_, i) => insert(rows.slice(i * per, (i + 1) * per)));

/**
 * Checks everything first (a refused request stores nothing), counts one agreement, prepares and
 * sends each document through its sequencer without its own messages or count, then stores the
 * envelope, its people (one 64-hex token each, kept only as SHA-256) and the join rows, and
 * queues one link message per person who acts. Any failure after the count voids what was made
 * and gives the agreement back.
 */
export async function createEnvelope(env: Env, p: Pick<Principal, "tenantId" | "mode">, input: EnvelopeInput, actor: Actor) {
  const db = dbOf(env);
  const group = input.signers.findIndex((s) => "group" in s);
  if (group >= 0) throw invalid(`signers.${group}: signing groups are not available in an envelope yet; name each person on their own.`);
  if (input.expires_at && Date.parse(input.expires_at) <= Date.now()) throw invalid("expires_at: must be in the future.");
  const [settings] = await tenantMessageSettings(db, p.tenantId);
  const people = normaliseSigners(input.signers, settings?.locale ?? "en", await phonesForSigners(env.ASSETS, input.signers));
  checkSigners(people);
  const coded = people.findIndex((s) => (s.auth ?? "none") !== "none");
  if (coded >= 0) throw invalid(`signers.${coded}.auth: a one-time code is not available in an envelope yet; send the documents on their own to require one.`);
  const account = await tenantById(db, p.tenantId);
  if (account?.requireSignerCode) {
    throw invalid("This account requires a one-time code of every signer, which an envelope does not offer yet: send the documents on their own.");
  }
  // Re-authentication and the consumer disclosure (docs/identity.md) are asked on a document's own signing page only.
  if (account?.part11)
    throw invalid("This account re-authenticates every signature (part11), which an envelope does not offer yet: send the documents on their own.");
  if (account?.consumerDisclosure) {
    throw invalid("This account shows a consumer disclosure before consent, which an envelope does not offer yet: send the documents on their own.");
  }
  for (const [i, d] of input.documents.entries()) {
    await refusalAt(`documents.${i}.`, async () => {
      const t = await latestPublished(env, p, d.template_code);
      const upload = (t.fields ?? []).find((f) => FILE_KINDS.has(f.kind));
      if (upload) throw invalid(`template_code: "${d.template_code}" asks for a file (field ${upload.key}); file fields are not available in an envelope yet.`);
      mergeValues(t.variables, d.values);
    });
  }

  const now = new Date();
  const release = await reserveAgreement(env, p.tenantId, p.mode, now);
  const envelopeId = newId("env");
  const made: string[] = [];
  let stored = false;
  try {
    const expiresAt = input.expires_at ?? new Date(now.getTime() + DEFAULT_EXPIRY_DAYS * 86400_000).toISOString();
    for (const [i, d] of input.documents.entries()) {
      const draft = { template_code: d.template_code, values: d.values, metadata: d.metadata, expires_at: expiresAt, sequential: input.sequential };
      const { document_id } = await refusalAt(`documents.${i}.`, () => prepareDraft(env, p, draft, actor, { envelope: { envelopeId, envelopePosition: i } }));
      made.push(document_id);
    }
    const owner = { tenantId: p.tenantId, mode: p.mode };
    const sent: { signer_id: string }[][] = [];
    for (const id of made) sent.push((await documentSequencer(env, id).send(people, actor, owner, { notify: false, quota: false })).links);

    const at = nowIso();
    const ids = people.map(() => newId("esg"));
    const issued = await Promise.all(people.map(() => newLinkToken()));
    const tokens = issued.map((x) => x.token);
    const signerRows = people.map((s, i) => ({
      id: ids[i]!,
      envelopeId,
      email: s.email,
      fullName: s.full_name,
      role: s.role ?? "signer",
      signOrder: s.sign_order ?? i + 1,
      phone: s.phone ?? null,
      locale: s.locale ?? "en",
      auth: s.auth ?? "none",
      tokenHash: issued[i]!.hash,
      createdAt: at,
    }));
    const joins = made.flatMap((documentId, d) => ids.map((envelopeSignerId, i) => ({ envelopeSignerId, documentId, signerId: sent[d]![i]!.signer_id })));
    await db.batch([
      insertEnvelope(db, {
        id: envelopeId,
        tenantId: p.tenantId,
        mode: p.mode,
        title: input.title,
        status: "sent",
        sequential: input.sequential ?? false,
        notify: input.notify !== false,
        expiresAt,
        createdAt: at,
        sentAt: at,
      }),
      ...chunked(signerRows, 8, (rows) => insertEnvelopeSigners(db, rows)),
      ...chunked(joins, 30, (rows) => insertEnvelopeSignerDocuments(db, rows)),
    ]);
    stored = true;

    if (input.notify !== false) {
      const recipients: LinkRecipient[] = people.map((s, i) => ({ ...s, signerId: ids[i]!, name: s.full_name, token: tokens[i]! }));
      const [origin, permissions] = await Promise.all([signingOriginOf(env, p.tenantId), textPermissions(env, p.tenantId, phonesToText(recipients))]);
      const known = { tenant: settings?.name ?? "", title: input.title, ...(settings ? messageBrandValues(settings) : {}) };
      await notifyOnSend(env, p, null, recipients, { origin, permissions, known });
    }
    return {
      envelope_id: envelopeId,
      documents: made.map((document_id) => ({ document_id })),
      links: people.map((s, i) => ({ signer_id: ids[i]!, email: s.email, token: tokens[i]! })),
    };
  } catch (err) {
    await undo(env, envelopeId, made, stored, actor);
    await release();
    throw err;
  }
}

/** What a failed create made is voided, so nothing of it is left half-sent (each failure logged, none thrown). */
async function undo(env: Env, envelopeId: string, made: string[], stored: boolean, actor: Actor) {
  const reason = "The envelope could not be created; nothing of it stands.";
  for (const id of made) {
    await documentSequencer(env, id)
      .void({ reason }, actor)
      .catch((err) => logError("envelope document not voided", err, { envelopeId, documentId: id }));
  }
  if (stored) await markEnvelopeVoided(dbOf(env), envelopeId, nowIso(), reason).catch((err) => logError("envelope not voided", err, { envelopeId }));
}

/** The envelope of this account and mode, with its documents and people, or 404. */
async function ownedEnvelope(env: Env, p: Pick<Principal, "tenantId" | "mode">, envelopeId: string) {
  const found = await envelopeWithParts(dbOf(env), envelopeId);
  if (!found || found.envelope.tenantId !== p.tenantId || found.envelope.mode !== p.mode) throw notFound("envelope");
  return found;
}

/** The envelope with its certificate; every document completed but the envelope still `sent` (or without its certificate) means a settle was lost, so it runs now. */
async function settledEnvelope(env: Env, p: Pick<Principal, "tenantId" | "mode">, envelopeId: string) {
  let found = await ownedEnvelope(env, p, envelopeId);
  const allCompleted = found.documents.length > 0 && found.documents.every((d) => d.status === "completed");
  let cert = allCompleted ? await envelopeCertificateOf(dbOf(env), envelopeId) : null;
  if (allCompleted && (found.envelope.status === "sent" || !cert)) {
    await settleEnvelope(env, envelopeId);
    found = await ownedEnvelope(env, p, envelopeId);
    cert = await envelopeCertificateOf(dbOf(env), envelopeId);
  }
  return { found, cert };
}

export async function getEnvelope(env: Env, p: Pick<Principal, "tenantId" | "mode">, envelopeId: string) {
  const { found, cert } = await settledEnvelope(env, p, envelopeId);
  return readOf(found, cert);
}

/** The dashboard's envelope page: the read, with each document's title and the envelope's dates and void reason. */
export async function envelopeForPage(env: Env, p: Pick<Principal, "tenantId" | "mode">, envelopeId: string) {
  const { found, cert } = await settledEnvelope(env, p, envelopeId);
  const { envelope } = found;
  return {
    ...readOf(found, cert),
    titles: found.documents.map((d) => d.title),
    created_at: envelope.createdAt,
    expires_at: envelope.expiresAt,
    voided_at: envelope.voidedAt,
    void_reason: envelope.voidReason,
  };
}

function readOf({ envelope, documents, people, parts }: Awaited<ReturnType<typeof ownedEnvelope>>, cert: { verificationCode: string } | null) {
  return {
    envelope_id: envelope.id,
    title: envelope.title,
    status: envelopeStatus(
      envelope.status,
      documents.map((d) => d.status),
    ),
    documents: documents.map((d) => ({ document_id: d.id, status: d.status })),
    signers: people.map((s) => ({
      signer_id: s.id,
      email: s.email,
      full_name: s.fullName,
      role: s.role,
      sign_order: s.signOrder,
      status: envelopeSignerStatus(parts.filter((x) => x.envelopeSignerId === s.id).map((x) => x.status)),
    })),
    // The envelope certificate's own code, issued at completion (src/domain/envelope-completion.ts).
    verification_code: cert?.verificationCode ?? null,
  };
}

/** The certificate of this account's and mode's completed envelope: 404 for another's, 422 before it completes. */
export async function completedEnvelopeCertificate(env: Env, p: Pick<Principal, "tenantId" | "mode">, envelopeId: string, what: string) {
  const { envelope, documents } = await ownedEnvelope(env, p, envelopeId);
  const status = envelopeStatus(
    envelope.status,
    documents.map((d) => d.status),
  );
  return certificateForCompletedEnvelope(env, envelopeId, status, what);
}

/**
 * Voids every document of the envelope that is not completed (each through its sequencer), then
 * the envelope. A completed envelope, or one already voided, is refused (422).
 */
export async function voidEnvelope(env: Env, p: Pick<Principal, "tenantId" | "mode">, envelopeId: string, reason: string, actor: Actor) {
  const { envelope, documents } = await ownedEnvelope(env, p, envelopeId);
  const status = envelopeStatus(
    envelope.status,
    documents.map((d) => d.status),
  );
  if (status === "completed") throw invalid("A completed (executed) envelope cannot be voided.");
  if (envelope.status === "voided") throw invalid("This envelope is already voided.");
  for (const d of documents) {
    if (d.status !== "completed" && d.status !== "voided") await documentSequencer(env, d.id).void({ reason }, actor);
  }
  await markEnvelopeVoided(dbOf(env), envelopeId, nowIso(), reason);
  return { voided: true as const };
}

/** The dashboard's list: the account's latest envelopes in this mode (at most `limit`), newest first, each with its status and document count. */
export async function listEnvelopes(env: Env, p: Pick<Principal, "tenantId" | "mode">, limit = 50) {
  const { rows, docs } = await latestEnvelopes(dbOf(env), p.tenantId, p.mode, limit);
  return rows.map((e) => {
    const statuses = docs.filter((d) => d.envelopeId === e.id).map((d) => d.status);
    return { envelope_id: e.id, title: e.title, status: envelopeStatus(e.status, statuses), documents: statuses.length, created_at: e.createdAt };
  });
}
