/**
 * The signer's one-time code steps as the document's sequencer runs them (src/domain/signer-codes.ts
 * sends and checks the code): each first checks the link, the signer and their role, as every
 * signer action does (src/domain/transitions.ts).
 */
import type { Env } from "../env";
import type { SequencerState, SignerState } from "./document-state";
import { requestCode as sendCode, verifyCode as checkCode } from "./signer-codes";
import { type Actor, requireLiveLink, requirePendingSigner, requireSigningRole } from "./transitions";

/** Sends the signer a one-time code, when one is required (src/domain/signer-codes.ts). */
export async function requestCode(env: Env, st: SequencerState, signer: SignerState) {
  requireLiveLink(st, signer);
  requirePendingSigner(st, signer);
  requireSigningRole(signer);
  return sendCode(env, st, signer);
}

/** Checks a one-time code; a confirmed one adds `verified` to the trail. A wrong one is not an error. */
export async function verifyCode(env: Env, st: SequencerState, signer: SignerState, input: { code: string }, actor: Actor) {
  requireLiveLink(st, signer);
  requirePendingSigner(st, signer);
  requireSigningRole(signer);
  return checkCode(env, st, signer, input, actor);
}
