/**
 * Access codes (contract "Signer identity", docs/identity.md "Access code"): a signer sent with
 * `auth` `access_code` must give the code the business handed them through another channel
 * before the link shows anything of the document or takes any other action.
 *
 * The code is kept only as PBKDF2-SHA-256 with a random salt (codes may be short, so a slow
 * hash) and compared in constant time; a delegate takes the same hash, so the same code. Tries run inside the document's sequencer, one at a
 * time, so they are counted exactly however many arrive at once: the fifth wrong try locks the
 * link for 15 minutes, every try during the lock is 429, and after it the count starts again.
 * The trail records each wrong try (with the tries left) and the pass, never the code.
 */
import { dbOf } from "../db/client";
import { markAccessCodeTry } from "../db/signing";
import type { Env } from "../env";
import { toHex } from "../lib/bytes";
import { randomHex, timingSafeEqual } from "../lib/crypto";
import { ApiError, invalid } from "../lib/errors";
import type { SequencerState, SignerState } from "./document-state";
import { deadLink, linkIsLive, nextSeq, signerSnapshot, snapshot } from "./document-state";
import { type NewEvent, commitWithEvents } from "./events";

export const ACCESS_CODE_MIN = 4;
export const ACCESS_CODE_MAX = 64;
export const ACCESS_CODE_MAX_WRONG_TRIES = 5;
export const ACCESS_CODE_LOCK_MS = 15 * 60_000;
/** PBKDF2 iterations: the most WebCrypto in workerd takes. */
const ITERATIONS = 100_000;

const encoder = new TextEncoder();

/** `pbkdf2-sha256$<iterations>$<salt hex>$<hex>` of the code, with a random 16-byte salt unless one is given. */
export async function hashAccessCode(code: string, salt = randomHex(16), iterations = ITERATIONS): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(code), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: encoder.encode(salt), iterations }, key, 256);
  return `pbkdf2-sha256$${iterations}$${salt}$${toHex(bits)}`;
}

async function matches(code: string, stored: string): Promise<boolean> {
  const [, iterations, salt] = stored.split("$");
  const n = Number(iterations);
  if (!Number.isInteger(n) || n < 1 || !salt) return false;
  return timingSafeEqual(await hashAccessCode(code, salt, n), stored);
}

/** Whether this signer must still give their access code before anything else. */
export const accessCodeOutstanding = (s: Pick<SignerState, "auth" | "accessCodePassedAt">) => s.auth === "access_code" && !s.accessCodePassedAt;

/** The refusal of every signer action before the access code is given. */
export const accessCodeFirst = () =>
  invalid("This link needs its access code first: POST /v1/sign/{token}/access-code.", "Ask the sender for the access code they gave you for this document.");

/** The access code's length rule, for a send's signer entry at `path`. */
export function checkAccessCode(code: unknown, path: string): string {
  const n = typeof code === "string" ? [...code].length : 0;
  if (typeof code !== "string" || n < ACCESS_CODE_MIN || n > ACCESS_CODE_MAX) {
    throw invalid(`${path}: an access code of ${ACCESS_CODE_MIN}-${ACCESS_CODE_MAX} characters is required with auth "access_code".`);
  }
  return code;
}

export type { AccessCodeCommand } from "./signer-commands";

/** The page's access code step: whether it is still asked, the tries left, and the lock's end when one runs. */
export function accessCodeStep(s: SignerState, now = new Date()) {
  const lockedUntil = lockOf(s, now);
  const tries = s.accessCodeLockedUntil ? 0 : s.accessCodeTries;
  return { required: accessCodeOutstanding(s), triesLeft: lockedUntil ? 0 : ACCESS_CODE_MAX_WRONG_TRIES - tries, lockedUntil };
}

export type AccessCodeAnswer = { ok: true } | { ok: false; tries_left: number; locked_until?: string };

/** The lock still running at `now`, if any. */
const lockOf = (s: Pick<SignerState, "accessCodeLockedUntil">, now: Date) =>
  s.accessCodeLockedUntil && Date.parse(s.accessCodeLockedUntil) > now.getTime() ? s.accessCodeLockedUntil : null;

/** Checks an access code: `{ok: true}`, `{ok: false, tries_left}`, or on the fifth wrong try the lock's end too; 429 during a lock. */
export async function giveAccessCode(
  env: Env,
  st: SequencerState,
  signer: SignerState,
  input: { code: string },
  actor: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<AccessCodeAnswer> {
  if (signer.auth !== "access_code" || !signer.accessCodeHash) throw invalid("This signer needs no access code: the business did not set one.");
  if (!linkIsLive(st.doc, signer)) throw deadLink();
  if (signer.accessCodePassedAt) return { ok: true };
  const locked = lockOf(signer, now);
  if (locked) {
    const s = Math.max(1, Math.ceil((Date.parse(locked) - now.getTime()) / 1000));
    throw new ApiError("rate_limited", `Too many wrong access codes: this link is locked until ${locked}.`, `Retry after ${s} seconds.`, {
      "Retry-After": String(s),
    });
  }
  const right = await matches(input.code, signer.accessCodeHash);
  const at = now.toISOString();
  // After a lock has run out, the count starts again.
  const before = signer.accessCodeLockedUntil ? 0 : signer.accessCodeTries;
  const tries = right ? before : before + 1;
  const lockedUntil = !right && tries >= ACCESS_CODE_MAX_WRONG_TRIES ? new Date(now.getTime() + ACCESS_CODE_LOCK_MS).toISOString() : null;
  const triesLeft = Math.max(0, ACCESS_CODE_MAX_WRONG_TRIES - tries);
  const change = right
    ? { accessCodeTries: 0, accessCodeLockedUntil: null, accessCodePassedAt: at }
    : { accessCodeTries: tries, accessCodeLockedUntil: lockedUntil, accessCodePassedAt: null };
  const event: NewEvent = {
    kind: right ? "access_code_passed" : "access_code_failed",
    occurredAt: at,
    signer: signerSnapshot(signer),
    ip: actor.ip,
    userAgent: actor.userAgent,
    againstSha256: st.doc.bodySha256,
    detail: right ? "access_code" : lockedUntil ? `tries_left=0; locked_until=${lockedUntil}` : `tries_left=${triesLeft}`,
  };
  await commitWithEvents(env, snapshot(st.doc), [markAccessCodeTry(dbOf(env), signer.id, change)], [event], nextSeq(st));
  st.lastSeq += 1;
  Object.assign(signer, change satisfies Partial<SignerState>);
  if (right) return { ok: true };
  return lockedUntil ? { ok: false, tries_left: 0, locked_until: lockedUntil } : { ok: false, tries_left: triesLeft };
}
