/**
 * Fresh links, reminders and the links of completed copies. A signer has one live link: a new
 * token replaces the stored hash, so the earlier link answers like any dead link (the document's
 * sequencer checks the presented token's hash against the signer's current one on every call).
 *
 * The first half runs inside the document's DocumentSequencer (serialised with every other change
 * of the document); the second half is what the API routes and the cron call.
 */
import type { Env, Principal } from "../env";
import { dbOf } from "../db/client";
import { ApiError, invalid, notFound } from "../lib/errors";
import { newLinkToken } from "../lib/crypto";
import { errorFields, log } from "../lib/log";
import { ownerOf } from "../db/documents";
import { documentsWithReminders, lastLinkMessageAt, lastReminderAt, recipientsOf, setCopyTokenHash, setSignerTokenHash } from "../db/messages";
import { commitWithEvents } from "./events";
import { type SequencerState, type SignerState, isMyTurn, linkIsLive, mustSign, nextSeq, signerSnapshot, snapshot } from "./document-state";
import type { Actor } from "./transitions";
import { type LinkRecipient, linkMessages } from "./notify";
import { queueMessages } from "./messages";
import { documentSequencer, refusedAsNull } from "../objects/document-sequencer/client";
import { limiter } from "../objects/rate-limiter/client";
import { envelopeOwnsLinks } from "./envelope-state";

/** Fresh links per document per minute. */
export const FRESH_LINKS_PER_MINUTE = 10;
/** At most one reminder per signer per this long. */
export const REMINDER_INTERVAL_MS = 60 * 60 * 1000;

// ————— inside the sequencer —————

function requireRemindable(st: SequencerState, signer: SignerState) {
  if (st.doc.status !== "sent" || !linkIsLive(st.doc, signer))
    throw invalid(`This document is ${st.doc.status === "sent" ? "past its expiry" : st.doc.status}; only a sent document's signers get new links.`);
  if (signer.delegatedTo) throw invalid("This signer passed their part to someone else: their link has ended; the delegate holds the part now.");
  if (!mustSign(signer)) throw invalid("A cc recipient never signs: it gets no signing link, only the completed copy.");
  if (signer.status !== "pending") throw invalid(`This signer has already ${signer.status}.`);
}

/** A fresh link for a pending signer; the earlier one stops working. */
export async function rotateLink(env: Env, st: SequencerState, signer: SignerState) {
  requireRemindable(st, signer);
  const { token, hash } = await newLinkToken();
  await setSignerTokenHash(dbOf(env), signer.id, hash).run();
  signer.tokenHash = hash;
  return { signer_id: signer.id, token };
}

export type ReminderGrant = { ok: true; token: string; recipient: Omit<LinkRecipient, "token"> } | { ok: false; retryAfterSeconds: number };

/**
 * A reminder with a fresh link: the token is replaced and `reminded` goes on the trail (webhooks
 * get `signing.reminded`) in one batch. At most one per signer an hour: otherwise nothing changes
 * and the caller answers 429. Only a signer whose turn it is can be reminded.
 */
export async function remindInside(
  env: Env,
  st: SequencerState,
  signer: SignerState,
  nowMs: number,
  actor: Actor | null,
  by: "api" | "cron",
): Promise<ReminderGrant> {
  requireRemindable(st, signer);
  if (!isMyTurn(st, signer)) throw invalid("It is not this signer's turn: this document is signed in order.", "Remind the signer the document waits on.");
  const db = dbOf(env);
  const last = await lastReminderAt(db, st.doc.id, signer.id);
  if (last && nowMs - Date.parse(last) < REMINDER_INTERVAL_MS) {
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(last) + REMINDER_INTERVAL_MS - nowMs) / 1000)) };
  }
  const { token, hash } = await newLinkToken();
  const at = new Date(nowMs).toISOString();
  await commitWithEvents(
    env,
    snapshot(st.doc),
    [setSignerTokenHash(db, signer.id, hash)],
    [
      {
        kind: "reminded",
        occurredAt: at,
        signer: signerSnapshot(signer),
        ip: actor?.ip ?? null,
        userAgent: actor?.userAgent ?? null,
        againstSha256: st.doc.bodySha256,
        detail: by === "cron" ? "Reminder sent with a fresh link (automatic reminder)." : "Reminder sent with a fresh link.",
      },
    ],
    nextSeq(st),
  );
  st.lastSeq += 1;
  signer.tokenHash = hash;
  return {
    ok: true,
    token,
    recipient: { signerId: signer.id, email: signer.email, phone: signer.phone, role: signer.role, locale: signer.locale, auth: signer.auth },
  };
}

/**
 * On completion, when the service delivered the links (the document was sent with notify): a
 * completed-copy link for every signer and cc, issued now and stored only as its hash beside the
 * signer's own (which keeps working), so each copy links to the sealed PDF through a link of the
 * recipient's own. Null when the caller delivers the links, or the copies were already issued.
 */
export async function completedCopyLinks(env: Env, st: SequencerState) {
  if (st.doc.status !== "completed" || !st.doc.notify || st.signers.some((s) => s.copyTokenHash)) return null;
  const db = dbOf(env);
  const issued = await Promise.all(st.signers.map(async (s) => ({ s, ...(await newLinkToken()) })));
  const [first, ...rest] = issued.map((x) => setCopyTokenHash(db, x.s.id, x.hash));
  await db.batch([first!, ...rest]);
  for (const x of issued) x.s.copyTokenHash = x.hash;
  return issued.map((x) => ({ signerId: x.s.id, token: x.token }));
}

/** Whether the presented token (its hash) is the signer's current link or their completed copy's; no hash: a staff call. */
export const holdsLink = (s: Pick<SignerState, "tokenHash" | "copyTokenHash">, tokenHash: string | undefined) =>
  tokenHash === undefined || s.tokenHash === tokenHash || (s.copyTokenHash !== null && s.copyTokenHash === tokenHash);

// ————— what the routes and the cron call —————

async function requireOwned(env: Env, p: Principal, documentId: string) {
  const owner = await ownerOf(env, documentId);
  if (!owner || owner.tenantId !== p.tenantId || owner.mode !== p.mode) throw notFound("document");
  if (owner.envelopeId) throw envelopeOwnsLinks(owner.envelopeId);
}

const tooMany = (message: string, retryAfter: number) =>
  new ApiError("rate_limited", message, `Retry after ${retryAfter} seconds.`, { "Retry-After": String(retryAfter) });

/** `POST /v1/documents/{id}/signers/{signer_id}/link`: at most 10 a minute per document. */
export async function issueFreshLink(env: Env, p: Principal, documentId: string, signerId: string) {
  await requireOwned(env, p, documentId);
  const hit = await limiter(env, `fresh-links:${documentId}`).hit(FRESH_LINKS_PER_MINUTE, 60);
  if (!hit.allowed) {
    throw tooMany(`Rate limit reached: ${FRESH_LINKS_PER_MINUTE} fresh links per minute per document.`, Math.max(1, hit.reset - Math.floor(Date.now() / 1000)));
  }
  return documentSequencer(env, documentId).freshLink(signerId);
}

/** Queues the reminder's messages (email, and a text where allowed); returns the email's id. */
async function sendReminder(env: Env, p: { tenantId: string; mode: Principal["mode"] }, documentId: string, grant: Extract<ReminderGrant, { ok: true }>) {
  const queued = await queueMessages(env, await linkMessages(env, p, documentId, [{ ...grant.recipient, token: grant.token }], "signing.reminder"));
  return queued[0]!.messageId;
}

/** `POST /v1/documents/{id}/signers/{signer_id}/remind`: a reminder with a fresh link now; 1 an hour per signer. */
export async function remindSigner(env: Env, p: Principal, documentId: string, signerId: string, actor: Actor) {
  await requireOwned(env, p, documentId);
  const grant = await documentSequencer(env, documentId).remind(signerId, Date.now(), actor);
  if (!grant.ok) throw tooMany("Rate limit reached: 1 reminder per hour per signer.", grant.retryAfterSeconds);
  return { signer_id: signerId, message_id: await sendReminder(env, p, documentId, grant) };
}

/** How many documents one cron run looks at. */
const REMINDER_SWEEP_LIMIT = 200;

/**
 * Cron step: for documents with `remind_after_days` whose links the service delivered, each
 * pending signer whose turn it is and whose last link or reminder is that many days old gets a
 * reminder (at most one an hour), until the document expires.
 */
export async function remindDueSigners(env: Env, now: Date) {
  const db = dbOf(env);
  const docs = await documentsWithReminders(db, now.toISOString(), REMINDER_SWEEP_LIMIT);
  let reminded = 0;
  for (const d of docs) {
    try {
      const signers = (await recipientsOf(db, d.id)).filter((s) => s.role !== "cc");
      const last = await lastLinkMessageAt(
        db,
        signers.map((s) => s.id),
      );
      if (last.size === 0) continue; // the caller delivers this document's links
      const dueMs = (d.remindAfterDays ?? 0) * 86_400_000;
      for (const s of signers) {
        const since = last.get(s.id) ?? d.sentAt;
        if (!since || now.getTime() - Date.parse(since) < dueMs) continue;
        const grant = await documentSequencer(env, d.id).remindIfDue(s.id, now.getTime()).catch(refusedAsNull);
        if (grant) {
          await sendReminder(env, { tenantId: d.tenantId, mode: d.mode as Principal["mode"] }, d.id, grant);
          reminded++;
        }
      }
    } catch (err) {
      log("warn", "reminder step failed for a document", { documentId: d.id, ...errorFields(err) });
    }
  }
  return { reminded };
}
