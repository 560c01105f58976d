/**
 * Documents prepared from published templates: prepare, read, list, and the calls that hand
 * state changes to the document's sequencer.
 */
import { z } from "@hono/zod-openapi";
import { dbOf } from "../db/client";
import type { Env, Principal } from "../env";
import { DOCUMENT_STATUS_FILTERS, SIGNATURE_LEVELS, SIGNER_AUTH } from "./vocabulary";
import { Locale } from "./locale";
import { dueForExpiry, insertDocument, listPage, ownerOf } from "../db/documents";
import { plainText, text } from "../lib/text";
import { Reason } from "./reason";
import { invalid, notFound } from "../lib/errors";
import { sha256Hex } from "../lib/crypto";
import { newId, nowIso } from "../lib/ids";
import { commitWithEvents } from "./events";
import { publishedForPrepare, renderWithSpans } from "./templates";
import { guardFailed } from "../db/guard";
import { mergeValues } from "./merge-values";
import { type DocState, type SignerState, completedLinkEnd, docFields, loadState } from "./document-state";
import type { Actor } from "./transitions";
import { requirePhones } from "../lib/phone-numbers";
import { isGroup, phonesForSigners, providersOf } from "./send-signers";
import { messageLink, notifyOnSend, phonesToText } from "./notify";
import { messageBrandValues, originWithHost, wornSigningHost } from "./branding";
import { textPermissionsOf } from "./sms-consent";
import { documentSequencer } from "../objects/document-sequencer/client";

// ---- The input of each document command, defined once: the routes validate with these, and
// the sequencer takes SendInput["signers"] / VoidInput. ----

export const METADATA_MAX_NAMES = 20;
export const VALUES_MAX_NAMES = 200;

const Metadata = z
  .record(plainText().min(1).max(40), text().max(500))
  .refine((m) => Object.keys(m).length <= METADATA_MAX_NAMES, `at most ${METADATA_MAX_NAMES} names`)
  .openapi({ maxProperties: METADATA_MAX_NAMES, description: "Up to 20 names (1-40 characters) with string values (0-500 characters)." });

/** A merged value: shown on the signer's page, so no bidi controls; numbers and booleans are written as text. */
const MergeValue = z.union([plainText().max(20000), z.number(), z.boolean()]);

export const PrepareInput = z
  .object({
    template_code: text().min(1).max(64),
    title: plainText().max(200).optional(),
    values: z
      .record(plainText().min(1).max(100), MergeValue)
      .refine((m) => Object.keys(m).length <= VALUES_MAX_NAMES, `at most ${VALUES_MAX_NAMES} names`)
      .openapi({
        maxProperties: VALUES_MAX_NAMES,
        description: "One value per declared variable (a template declares at most 200); strings 0-20000 characters.",
      })
      .optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    sequential: z.boolean().optional(),
    level: z.enum(SIGNATURE_LEVELS).optional().openapi({
      description:
        "Default `ses` (the service's sealed evidence). `aes` / `qes`: each signer signs with their own certificate at the trust service provider (advanced / qualified electronic signature), strictly in order.",
    }),
    metadata: Metadata.optional(),
    external_ref: text().max(200).nullable().optional(),
    remind_after_days: z.number().int().min(1).max(30).nullable().optional().openapi({
      description: "Remind each pending signer whose turn it is this many days after their last link or reminder (at most once an hour), until expiry.",
    }),
    locale: Locale.optional().openapi({
      description:
        "The document's language, matched as BCP 47 (`pt-BR` is `pt`): its certificate and bundle pages are in it, with the English label beside each (the certificate's canonical payload has no language). Default the account's.",
    }),
  })
  .strict()
  .openapi("DocumentPrepare");

export const SignerInputSchema = z
  .object({
    email: z.email().max(254),
    full_name: plainText().trim().min(1).max(200),
    role: plainText().max(40).optional(),
    sign_order: z.number().int().min(1).max(1000).optional(),
    phone: text().min(7).max(20).nullable().optional(),
    auth: z.enum(SIGNER_AUTH).optional(),
    access_code: z.string().max(256).optional().openapi({
      description:
        "With `auth` `access_code` only (and required there): 4-64 characters the business gives the signer through another channel. The link shows nothing of the document and takes no action until it is given (POST /v1/sign/{token}/access-code). Stored only as a slow salted hash; never returned.",
      example: "blue-harbour-42",
    }),
    party_id: plainText().max(200).nullable().optional(),
    locale: Locale.optional().openapi({
      description: "Language of this signer's messages and signing page, matched as BCP 47 (`pt-BR` is `pt`); default the account's, else en.",
    }),
    witness_for: z
      .union([plainText().min(1).max(200), z.number().int().min(0).max(49)])
      .optional()
      .openapi({
        description:
          "Role `witness` only: the signer witnessed, by `party_id` or 0-based index in `signers`. The witness signs only after that signer; the certificate says whom they witnessed. Without it, `witness` is a label like any other and signs in its turn.",
      }),
  })
  .strict()
  .openapi("SignerInput", {
    description:
      "One recipient. `role`: `signer` (default) or any label ≤ 40 characters signs; `cc` only receives the completed copy; `approver` approves or declines (POST /v1/sign/{token}/approve) and holds back everyone ordered after them; `viewer` opens and acknowledges (POST /v1/sign/{token}/acknowledge); `witness` signs after the signer named by `witness_for`.",
  });

export const SignerGroupSchema = z
  .object({
    group_name: plainText().trim().min(1).max(100),
    group: z
      .array(
        z.object({ email: z.email().max(254), full_name: plainText().trim().min(1).max(200), phone: text().min(7).max(20).nullable().optional() }).strict(),
      )
      .min(2)
      .max(20),
    role: plainText().max(40).optional(),
    sign_order: z.number().int().min(1).max(1000).optional(),
    auth: z.enum(SIGNER_AUTH).optional(),
    locale: Locale.optional(),
  })
  .strict()
  .openapi("SignerGroupInput", {
    description:
      "A signing group: each member gets a link; the first member to sign signs for the group, and the others' links then read `ok: false` with who signed. A group signs (its role may not be cc, approver, viewer or witness).",
  });

export const SendInput = z
  .object({
    signers: z
      .array(z.union([SignerInputSchema, SignerGroupSchema]))
      .min(1)
      .max(50),
    allow_delegation: z.boolean().optional().openapi({
      description: "Default false. True: a pending signer who has not signed may pass their part to someone else (POST /v1/sign/{token}/delegate).",
    }),
    notify: z.boolean().optional().openapi({
      description:
        "Default true: each signer (not cc) is emailed their link, and texted too when they have a phone the account may text (else the text is recorded as suppressed). False: the caller delivers the links.",
    }),
    reauthenticate: z.boolean().optional().openapi({
      description:
        "Default false (an account with `part11` forces true). True: each signature needs a one-time code confirmed at most 5 minutes before (POST /v1/sign/{token}/code, /verify) and a `reason` in the sign body: one of the template's `reasons`, or free text (at most 200 characters) when it lists none.",
    }),
  })
  .strict()
  .openapi("DocumentSend");
export const VoidInput = z.object({ reason: Reason }).strict().openapi("DocumentVoid");

export const ListQuery = z.object({
  status: z.enum(DOCUMENT_STATUS_FILTERS).optional(),
  q: text()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      description:
        "Case-insensitive substring of the title, subject name, or a signer's name or email; every character is literal. " +
        "3+ characters search every document of the account in this mode (trigram index); 1-2 characters scan the newest 5,000 documents of the account in this mode.",
    }),
  external_ref: text().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export type PrepareInput = z.infer<typeof PrepareInput>;
export type SendInput = z.infer<typeof SendInput>;
export type VoidInput = z.infer<typeof VoidInput>;
export type ListQuery = z.infer<typeof ListQuery>;

/** Where a document came from when a workflow started it (and on which paired device). */
export type DocumentOrigin = {
  workflowId?: string | null;
  deviceId?: string | null;
  /** Values used only where the template declares them (a workflow's form answers); `values` wins. */
  answers?: ReadonlyMap<string, string>;
  /** The workflow's reminder interval (1-30 days), or null for none. */
  remindAfterDays?: number | null;
  /** The packet item it is started for (its state follows the document) and the subject's name (listed and searched). */
  packetItemId?: string | null;
  subjectName?: string | null;
  /** The envelope it is sent in (src/domain/envelopes.ts) and its 0-based place there. */
  envelope?: { envelopeId: string; envelopePosition: number };
  /** The id to make it under (a bulk send's row: derived from the row, so a retry cannot make a second one). */
  documentId?: string;
};

/** Renders the latest published version; the text and its hash are stored on the document. */
export async function prepareDocument(env: Env, p: Principal, input: PrepareInput, actor: Actor) {
  const { document_id } = await prepareDraft(env, p, input, actor);
  return { document_id };
}

/** Prepare, for the API and for workflow starts: the draft's id and title. */
export async function prepareDraft(
  env: Env,
  p: Pick<Principal, "tenantId" | "mode">,
  input: PrepareInput,
  actor: Actor,
  origin: DocumentOrigin = {},
  fresh = false,
): Promise<{ document_id: string; title: string }> {
  // The template as this isolate last prepared from it; its guard in the commit fails if a newer version is published.
  const { tpl, guard: latest } = await publishedForPrepare(env, p, input.template_code, fresh);
  const values = mergeValues(tpl.variables, input.values, origin.answers);
  if (input.expires_at && Date.parse(input.expires_at) <= Date.now()) throw invalid("expires_at: must be in the future.");

  const { text: body, spans } = renderWithSpans(tpl.body, values);
  const bodySha = await sha256Hex(body);
  const id = origin.documentId ?? newId("doc");
  const createdAt = nowIso();
  const title = input.title || tpl.name;
  const metadata = input.metadata ?? {};
  const externalRef = input.external_ref ?? null;
  const committed = commitWithEvents(
    env,
    { id, tenantId: p.tenantId, mode: p.mode, title, status: "draft", bodySha256: bodySha, completedAt: null, metadata, externalRef },
    [
      latest,
      insertDocument(dbOf(env), {
        id,
        tenantId: p.tenantId,
        mode: p.mode,
        templateId: tpl.id,
        templateCode: tpl.code,
        templateVersion: tpl.version,
        templateKind: tpl.kind,
        title,
        status: "draft",
        body,
        bodySha256: bodySha,
        mergeSpans: spans,
        grants: tpl.grants,
        consentText: tpl.consentText,
        fields: tpl.fields,
        reasons: tpl.reasons,
        // Qualified and advanced signatures go strictly in signing order.
        sequential: (input.level ?? "ses") !== "ses" || (input.sequential ?? false),
        level: input.level ?? "ses",
        metadata,
        externalRef,
        createdAt,
        expiresAt: input.expires_at ?? null,
        remindAfterDays: input.remind_after_days ?? origin.remindAfterDays ?? null,
        workflowId: origin.workflowId ?? null,
        deviceId: origin.deviceId ?? null,
        packetItemId: origin.packetItemId ?? null,
        subjectName: origin.subjectName ?? null,
        // A PDF template's file is named on the document (its SHA-256), beside the fields with their placements.
        pdfSha256: tpl.pdfSha256,
        locale: input.locale ?? null,
        ...origin.envelope,
      }),
    ],
    [{ kind: "created", occurredAt: createdAt, ip: actor.ip, userAgent: actor.userAgent, againstSha256: bodySha }],
    1,
  );
  try {
    await committed;
  } catch (err) {
    if (!fresh && guardFailed(err)) return prepareDraft(env, p, input, actor, origin, true);
    throw err;
  }
  return { document_id: id, title };
}

/** Loads a document of this account and mode, or 404. */
export async function ownedState(env: Env, p: Principal, documentId: string): Promise<DocState> {
  const st = await loadState(env, documentId);
  if (!st || st.doc.tenantId !== p.tenantId || st.doc.mode !== p.mode) throw notFound("document");
  return st;
}

/** 404 unless the document belongs to the key's account and mode (one small read). */
async function requireOwned(env: Env, p: Pick<Principal, "tenantId" | "mode">, documentId: string) {
  const owner = await ownerOf(env, documentId);
  if (!owner || owner.tenantId !== p.tenantId || owner.mode !== p.mode) throw notFound("document");
  return owner;
}

/**
 * Sends a draft, in one call to its sequencer and no read of its own: the sequencer answers 404
 * for another account or mode before any 422 about the signers, and reads in the send's own batch
 * what the messages and links need (the account's signing origin, name and brand, the title,
 * whether the account may text each signer's number). Returns the links and the origin they are
 * served on.
 */
export async function sendDocument(
  env: Env,
  p: Pick<Principal, "tenantId" | "mode">,
  documentId: string,
  signers: SendInput["signers"],
  actor: Actor,
  opts: { notify?: boolean; allowDelegation?: boolean; reauthenticate?: boolean } = {},
) {
  const notify = opts.notify !== false;
  // Numbers as they will be stored (an invalid one is refused below, after the owner's 404).
  const people = signers.flatMap((s): { role?: string; phone?: string | null }[] =>
    isGroup(s) ? s.group.map((m) => ({ role: s.role, phone: m.phone })) : [s],
  );
  const rules = notify ? await phonesForSigners(env.ASSETS, signers) : undefined;
  const phones = notify ? phonesToText(people.map((s) => ({ role: s.role, phone: s.phone ? requirePhones(rules, "signers").toE164(s.phone) : null }))) : [];
  const sent = await documentSequencer(env, documentId).sendOwn(
    signers,
    actor,
    { tenantId: p.tenantId, mode: p.mode },
    { notify, allowDelegation: opts.allowDelegation ?? false, reauthenticate: opts.reauthenticate ?? false },
    { ...providersOf(env), phones },
  );
  const { owner, signers: normalised } = sent;
  const signingOrigin = originWithHost(env, wornSigningHost(owner.whiteLabel, owner.brandTenantId === null ? null : owner));
  if (notify) {
    await notifyOnSend(
      env,
      p,
      documentId,
      // The access code never rides into a message.
      sent.links.map((l, i) => ({ ...normalised[i]!, access_code: undefined, name: normalised[i]!.full_name, signerId: l.signer_id, token: l.token })),
      {
        origin: signingOrigin,
        permissions: textPermissionsOf(phones, sent.permissions),
        known: { tenant: owner.tenantName, title: owner.title, ...messageBrandValues(owner) },
      },
    );
  }
  // Each link as its email carries it: the signer's language in `?lang=` (with notify or without).
  const links = sent.links.map((l, i) => ({ ...l, url: messageLink(signingOrigin, l.token, normalised[i]!.locale ?? "en") }));
  return { links, signingOrigin };
}

/** Voids a packet item's document for the service (its participant left the subject); no owner check: the item named it. */
export async function voidForPacket(env: Env, documentId: string, reason: string) {
  return documentSequencer(env, documentId).void({ reason }, { ip: null, userAgent: null });
}

export async function voidDocument(env: Env, p: Principal, documentId: string, reason: string, actor: Actor) {
  const { envelopeId } = await requireOwned(env, p, documentId);
  if (envelopeId) throw invalid(`This document is part of envelope ${envelopeId}; void the envelope instead (POST /v1/envelopes/${envelopeId}/void).`);
  return documentSequencer(env, documentId).void({ reason }, actor);
}

/** A sensitive answer as staff see it: "••••" and its last 2 characters (only "••••" for 4 or fewer). */
export function maskSensitive(value: string): string {
  const chars = [...value];
  return chars.length > 4 ? `••••${chars.slice(-2).join("")}` : "••••";
}

/** A signer's answers in the template's field order; sensitive ones masked for staff reads. */
function signerAnswers(st: DocState, signerId: string) {
  const byKey = new Map(st.values.filter((v) => v.signerId === signerId).map((v) => [v.key, v] as const));
  return docFields(st)
    .filter((f) => byKey.has(f.key))
    .map((f) => {
      const v = byKey.get(f.key)!;
      return { key: f.key, label: f.label, value: f.sensitive ? maskSensitive(v.value) : v.value, supplied_at: v.suppliedAt };
    });
}

/** A signer as staff read it; `linkEnd` (a completed document's 30 days) replaces the token's own expiry once the document completed. */
const signerOut = (s: SignerState, linkEnd: string | null = null) => ({
  signer_id: s.id,
  email: s.email,
  full_name: s.fullName,
  role: s.role,
  sign_order: s.signOrder,
  status: s.status,
  party_id: s.partyId,
  auth: s.auth,
  locale: s.locale,
  consented_at: s.consentedAt,
  signed_at: s.signedAt,
  declined_at: s.declinedAt,
  decline_reason: s.declineReason,
  token_expires_at: linkEnd ?? s.tokenExpiresAt,
  witness_for: s.witnessFor,
  group_id: s.groupId,
  group_name: s.groupName,
  approval_note: s.approvalNote,
  delegated_to: s.delegatedTo,
  delegated_at: s.delegatedAt,
  delegation_reason: s.delegationReason,
  delegated_from: s.delegatedFrom,
  // Re-authentication's reason and code, and the consumer disclosure's acceptance (null when none).
  sign_reason: s.signReason,
  reauthenticated_at: s.reauthenticatedAt,
  disclosure_accepted_at: s.disclosureAcceptedAt,
});

/**
 * Whether the stored text still matches its hash, and why not when it does not: a redaction
 * erased it (what the kept hashes still prove), or the text was changed behind the service's back.
 */
export async function integrity(d: Pick<DocState["doc"], "body" | "bodySha256" | "redactedAt">) {
  const ok = (await sha256Hex(d.body)) === d.bodySha256;
  if (ok) return { integrity_ok: true, integrity_note: null };
  if (d.redactedAt) {
    return {
      integrity_ok: false,
      integrity_note: `Redacted at ${d.redactedAt}: the text and the signers' personal data were erased, so the stored text no longer matches body_sha256. What was signed is still provable: body_sha256, the certificate's hash and the sealed files' hashes were kept, and GET /v1/verify/{code}?sha256=<hash> confirms a copy of the text or of a sealed PDF against them.`,
    };
  }
  return {
    integrity_ok: false,
    integrity_note:
      "The stored text no longer matches body_sha256: it was changed outside the service after the document was prepared. The hash is what was signed; do not rely on this copy of the text.",
  };
}

/** The full document: signers, trail, and whether the stored text still matches its hash. */
export async function getDocument(env: Env, p: Principal, documentId: string) {
  const st = await ownedState(env, p, documentId);
  const d = st.doc;
  return {
    document_id: d.id,
    title: d.title,
    status: d.status,
    body: d.body,
    body_sha256: d.bodySha256,
    template_code: d.templateCode,
    template_version: d.templateVersion,
    grants: d.grants,
    sequential: d.sequential,
    level: d.level,
    allow_delegation: d.allowDelegation,
    reauthenticate: d.reauthenticate,
    metadata: d.metadata,
    external_ref: d.externalRef,
    created_at: d.createdAt,
    sent_at: d.sentAt,
    completed_at: d.completedAt,
    voided_at: d.voidedAt,
    void_reason: d.voidReason,
    declined_at: d.declinedAt,
    expires_at: d.expiresAt,
    remind_after_days: d.remindAfterDays,
    envelope_id: d.envelopeId,
    locale: d.locale ?? null,
    ...(await integrity(d)),
    signers: st.signers.map((s) => ({ ...signerOut(s, completedLinkEnd(d)), fields: signerAnswers(st, s.id) })),
    events: st.events.map((e) => ({
      event_id: e.id,
      kind: e.kind,
      occurred_at: e.occurredAt,
      signer_email: e.signerEmail,
      ip: e.ip,
      user_agent: e.userAgent,
      ...(e.signatureMethod ? { signature_method: e.signatureMethod } : {}),
      against_sha256: e.againstSha256,
      detail: e.detail,
    })),
  };
}

/** Newest first; `status=open` means draft and sent; `q` matches title, subject or signer. */
export async function listDocuments(env: Env, p: Principal, q: ListQuery) {
  const { total, rows } = await listPage(env, p, q);
  return {
    documents: rows.map((r) => ({
      document_id: r.id,
      title: r.title,
      status: r.status,
      template_code: r.templateCode,
      template_version: r.templateVersion,
      subject_name: r.subjectName ?? null,
      signers: r.signers,
      signed: r.signed,
      waiting_on: r.waitingOn ?? null,
      sequential: r.sequential,
      expires_at: r.expiresAt ?? null,
      sent_at: r.sentAt ?? null,
      completed_at: r.completedAt ?? null,
      void_reason: r.voidReason ?? null,
    })),
    total,
    has_more: q.offset + rows.length < total,
    limit: q.limit,
    offset: q.offset,
  };
}

/** Cron: expires sent documents past their expiry, through each one's sequencer. */
export async function expireDueDocuments(env: Env, now: Date) {
  const due = await dueForExpiry(env, now.toISOString());
  for (const id of due) await documentSequencer(env, id).expire(now.getTime());
  return due.length;
}
