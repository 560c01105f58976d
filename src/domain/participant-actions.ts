/**
 * The parts that are not a signature (docs/documents.md, "Approvers, viewers, witnesses and
 * groups"): an approver approves (or declines, like any signer), a viewer opens the document and
 * acknowledges it. Each ends the person's part like a signature does (status `signed`, the
 * completion shared with signing in `finishPart`), in turn, inside the document's sequencer.
 */
import type { Env } from "../env";
import { dbOf } from "../db/client";
import { invalid } from "../lib/errors";
import { nowIso } from "../lib/ids";
import { markSigned } from "../db/signing";
import { type SequencerState, type SignerState, requireTurn, signerSnapshot } from "./document-state";
import { codeFirst, codeOutstanding } from "./signer-codes";
import type { AcknowledgeCommand, ApproveCommand } from "./signer-commands";
import { type Actor, finishPart, requireLiveLink, requirePendingSigner } from "./transitions";

function requireRole(signer: SignerState, role: "approver" | "viewer") {
  if (signer.role === role) return;
  throw invalid(
    role === "approver"
      ? "Only an approver approves; this person's part is to " + partOf(signer) + "."
      : "Only a viewer acknowledges; this person's part is to " + partOf(signer) + ".",
  );
}

const partOf = (s: SignerState) =>
  s.role === "approver" ? "approve" : s.role === "viewer" ? "acknowledge" : s.role === "cc" ? "receive the completed copy" : "sign";

/** The act, committed with its trail event; completes the document when nobody else must act. */
async function act(env: Env, st: SequencerState, signer: SignerState, kind: "approved" | "acknowledged", note: string | null, actor: Actor) {
  const at = nowIso();
  const r = await finishPart(
    env,
    st,
    signer,
    [
      markSigned(dbOf(env), signer.id, {
        signedAt: at,
        signatureMethod: null,
        signatureValue: null,
        signatureValueSha256: null,
        signedAgainstSha256: st.doc.bodySha256,
        signIp: actor.ip,
        captured: null,
        approvalNote: note,
      }),
    ],
    [
      {
        kind,
        occurredAt: at,
        signer: signerSnapshot(signer, "signed"),
        ip: actor.ip,
        userAgent: actor.userAgent,
        againstSha256: st.doc.bodySha256,
        detail: kind === "approved" ? (note ? `Approved: ${note}` : "Approved.") : "Acknowledged having received and read the document.",
      },
    ],
  );
  Object.assign(signer, { signedAgainstSha256: st.doc.bodySha256, signIp: actor.ip, approvalNote: note } satisfies Partial<SignerState>);
  return r;
}

/** An approver approves, in turn, after any one-time code; a note is optional. No signature and no consent: the approval is the act. */
export async function approve(env: Env, st: SequencerState, signer: SignerState, input: ApproveCommand, actor: Actor) {
  requireLiveLink(st, signer);
  requirePendingSigner(st, signer);
  requireRole(signer, "approver");
  if (codeOutstanding(signer)) throw codeFirst();
  requireTurn(st, signer);
  return act(env, st, signer, "approved", input.note ?? null, actor);
}

/** A viewer acknowledges the document, in turn, after opening it (their link's first read records that). */
export async function acknowledge(env: Env, st: SequencerState, signer: SignerState, _input: AcknowledgeCommand, actor: Actor) {
  requireLiveLink(st, signer);
  requirePendingSigner(st, signer);
  requireRole(signer, "viewer");
  if (codeOutstanding(signer)) throw codeFirst();
  if (!signer.viewedAt) throw invalid("Open the document before acknowledging it.", "GET /v1/sign/{token} first (opening the link records it).");
  requireTurn(st, signer);
  return act(env, st, signer, "acknowledged", null, actor);
}
