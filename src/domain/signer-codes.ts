/**
 * One-time codes for signers (contract "One-time codes"; spec behaviour rule 4 and limits).
 *
 * A code is required of a signer whose `auth` is `email_otp` or `sms_otp`, and of every signer of
 * a document sent while the account's `require_signer_code` was on (decided once, at send, and
 * kept on the signer as `code_required`). It is 6 digits from a CSPRNG, stored only as a salted
 * SHA-256, lives 10 minutes, and is sent as a message (purpose `signing.code`): by text for
 * `sms_otp`, by email for `email_otp`, and for the account-wide requirement by text when the
 * signer has a phone the account may text, else by email. At most 1 a minute and 5 an hour per
 * signer (429 with Retry-After). Only to a signer the service sent a link to (a link handed only
 * to the integrator proves nothing about who holds it). A new code kills the earlier one; five
 * wrong tries kill a code; a confirmed code is spent, adds a `verified` event, and lets the
 * signer sign. These run inside the document's sequencer, one at a time.
 */
import { type PhoneNumbers, phoneNumbers } from "../lib/phone-numbers";
import { dbOf } from "../db/client";
import type { Env, Mode } from "../env";
import type { MessageChannel } from "./vocabulary";
import { latestConsent, numberState } from "../db/sms";
import { tenantMessageSettings } from "../db/messages";
import { codesSince, countWrongTry, insertCode, killOpenCodes, linkMessageTo, markCodeSpent, markSignerVerified, newestCode } from "../db/signer-codes";
import { ApiError, invalid } from "../lib/errors";
import { sha256Hex, timingSafeEqual } from "../lib/crypto";
import { newId } from "../lib/ids";
import { permissionOf } from "./sms-consent";
import { queueMessage } from "./messages";
import { messageBrandValues } from "./branding";
import type { SequencerState, SignerState } from "./document-state";
import { type DocumentSnapshot, type NewEvent, commitWithEvents } from "./events";
import { nextSeq, signerSnapshot, snapshot } from "./document-state";
import type { Statement } from "../db/signing";
import { reauthRequired } from "./reauthentication";

export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_PER_MINUTE = 1;
export const CODES_PER_HOUR = 5;
export const CODE_MAX_WRONG_TRIES = 5;

export type CodeMethod = "email_otp" | "sms_otp";
const methodOf = (channel: MessageChannel): CodeMethod => (channel === "sms" ? "sms_otp" : "email_otp");

/** A uniformly drawn 6-digit code (rejection sampling: no digit is likelier than another). */
export function newCode(): string {
  const limit = 4_294_000_000; // the largest multiple of 10^6 below 2^32
  for (;;) {
    const [n] = crypto.getRandomValues(new Uint32Array(1));
    if (n! < limit) return String(n! % 10 ** CODE_DIGITS).padStart(CODE_DIGITS, "0");
  }
}

const codeHash = (id: string, code: string) => sha256Hex(`${id}:${code}`);

/** `a•••@example.com` */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${[...email.slice(0, at)][0] ?? ""}•••${email.slice(at)}`;
}

/** `+1•••••••123`: the country code and the last three digits. */
export function maskPhone(phones: PhoneNumbers, e164: string): string {
  const p = phones.parts(e164);
  const cc = p?.countryCallingCode ?? "";
  const national = p ? p.nationalNumber : e164.replace(/\D/g, "");
  return `+${cc}${"•".repeat(Math.max(0, national.length - 3))}${national.slice(-3)}`;
}

/** Whether codes are asked of this signer: by `auth` or the account at send, or by re-authentication at signing. */
export const codeAsked = (st: Pick<SequencerState, "doc">, s: Pick<SignerState, "codeRequired">) => s.codeRequired || reauthRequired(st.doc);

/** Whether this signer must confirm a code before signing, and has not yet. */
export const codeOutstanding = (s: Pick<SignerState, "codeRequired" | "codeVerifiedAt">) => s.codeRequired && !s.codeVerifiedAt;

/** The refusal of a signature (or a code step) a code must come before. */
export const codeFirst = () =>
  invalid("A one-time code must be confirmed before signing.", "POST /v1/sign/{token}/code to receive one, then POST /v1/sign/{token}/verify with it.");

function tooMany(message: string, retryAfterMs: number) {
  const s = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError("rate_limited", message, `Retry after ${s} seconds.`, { "Retry-After": String(s) });
}

/** Sends a new code to the signer; the earlier one stops working. */
export async function requestCode(env: Env, st: SequencerState, signer: SignerState, now = new Date()) {
  if (!codeAsked(st, signer)) throw invalid("This signer does not need a one-time code: the business did not ask for one.");
  // Re-authentication asks a fresh code for the signature, whatever was confirmed before.
  if (signer.codeVerifiedAt && !reauthRequired(st.doc)) throw invalid("This signer already confirmed a one-time code; no other is needed.");
  const db = dbOf(env);
  const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
  const wantsText = signer.auth === "sms_otp" || (signer.auth === "none" && signer.phone !== null);
  const phone = wantsText ? signer.phone : null;
  // The account's name (for the message) rides along, and so does whether the account may text
  // the phone (textPermission's reads): the title and the signer's name are in `st` already.
  const reads = [codesSince(db, signer.id, hourAgo), linkMessageTo(db, signer.id), tenantMessageSettings(db, st.doc.tenantId)] as const;
  const [recent, link, tenantRows, consentRows, numberRows] = phone
    ? await db.batch([...reads, latestConsent(db, st.doc.tenantId, phone), numberState(db, phone)])
    : [...(await db.batch(reads)), [], []];
  if (link.length === 0) {
    throw invalid(
      "No signing link was delivered to this signer by the service, so a code cannot be sent.",
      "Codes go only to signers the service sent their link to.",
    );
  }
  const last = recent[0] ? Date.parse(recent[0].createdAt) : null;
  if (last !== null && now.getTime() - last < 60_000) {
    throw tooMany(`At most ${CODE_PER_MINUTE} code a minute per signer.`, last + 60_000 - now.getTime());
  }
  if (recent.length >= CODES_PER_HOUR) {
    const oldest = Date.parse(recent[recent.length - 1]!.createdAt);
    throw tooMany(`At most ${CODES_PER_HOUR} codes an hour per signer.`, oldest + 3600_000 - now.getTime());
  }
  let channel: MessageChannel = "email";
  if (phone) {
    const perm = permissionOf(consentRows[0], numberRows[0]);
    if (perm.may_text) channel = "sms";
    else if (signer.auth === "sms_otp") {
      throw invalid(
        `This signer's code goes by text, and this account may not text ${maskPhone(await phoneNumbers(env.ASSETS), phone)} (${perm.why_not}).`,
        "Record the number's consent, or send the document again with another phone or auth.",
      );
    }
  }
  const at = now.toISOString();
  const id = newId("otp");
  const code = newCode();
  await db.batch([
    killOpenCodes(db, signer.id, at),
    insertCode(db, {
      id,
      signerId: signer.id,
      documentId: st.doc.id,
      tenantId: st.doc.tenantId,
      channel,
      codeHash: await codeHash(id, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      createdAt: at,
    }),
  ]);
  const recipient = channel === "sms" ? signer.phone! : signer.email;
  await queueMessage(env, {
    tenantId: st.doc.tenantId,
    mode: st.doc.mode as Mode,
    documentId: st.doc.id,
    signerId: signer.id,
    channel,
    purpose: "signing.code",
    recipient,
    locale: signer.locale,
    values: {
      code,
      tenant: tenantRows[0]?.name ?? "",
      // Under white-label: the brand's name, colours and footer.
      ...(tenantRows[0] ? messageBrandValues(tenantRows[0]) : {}),
      title: st.doc.title,
      name: signer.fullName,
    },
  });
  return {
    channel,
    sent_to: channel === "sms" ? maskPhone(await phoneNumbers(env.ASSETS), recipient) : maskEmail(recipient),
    resend_after: new Date(now.getTime() + 60_000).toISOString(),
  };
}

export type VerifyAnswer = { ok: true } | { ok: false; tries_left: number };

/** Checks a code: `{ok: true}` once confirmed; `{ok: false, tries_left}` otherwise (0: a new code is needed). */
export async function verifyCode(
  env: Env,
  st: SequencerState,
  signer: SignerState,
  input: { code: string },
  actor: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<VerifyAnswer> {
  if (!codeAsked(st, signer)) throw invalid("This signer does not need a one-time code: the business did not ask for one.");
  const reauth = reauthRequired(st.doc);
  if (signer.codeVerifiedAt && !reauth) return { ok: true };
  const db = dbOf(env);
  const row = (await newestCode(db, signer.id).all())[0];
  if (!row) throw invalid("No one-time code was sent to this signer yet.", "POST /v1/sign/{token}/code first.");
  // Re-authentication: the newest code, once confirmed, stays confirmed (its age counts when signing).
  if (reauth && row.verifiedAt) return { ok: true };
  if (row.deadAt || row.verifiedAt || Date.parse(row.expiresAt) <= now.getTime()) return { ok: false, tries_left: 0 };
  const given = input.code.replace(/[\s-]/g, "");
  const right = timingSafeEqual(await codeHash(row.id, given), row.codeHash);
  const at = now.toISOString();
  if (!right) {
    const wrong = row.wrongTries + 1;
    await countWrongTry(db, row.id, wrong, wrong >= CODE_MAX_WRONG_TRIES ? at : null).run();
    return { ok: false, tries_left: Math.max(0, CODE_MAX_WRONG_TRIES - wrong) };
  }
  const via = methodOf(row.channel);
  const statements: Statement[] = [markCodeSpent(db, row.id, at), markSignerVerified(db, signer.id, at, via, reauth)];
  const event: NewEvent = {
    kind: "verified",
    occurredAt: at,
    signer: signerSnapshot(signer),
    ip: actor.ip,
    userAgent: actor.userAgent,
    againstSha256: st.doc.bodySha256,
    detail: via,
  };
  const doc: DocumentSnapshot = snapshot(st.doc);
  await commitWithEvents(env, doc, statements, [event], nextSeq(st));
  st.lastSeq += 1;
  Object.assign(signer, { codeVerifiedAt: at, codeVerifiedVia: via } satisfies Partial<SignerState>);
  return { ok: true };
}
