import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";
import { ApiError } from "../src/lib/errors";
import type { Outcome } from "../src/lib/rpc";
import { loadState, type DocState, type SignerRow } from "../src/domain/document-state";
import * as t from "../src/domain/transitions";
import { ConsentCommand, DeclineCommand, SignCommand, SubmitCommand, SupplyFieldCommand, parseCommand } from "../src/domain/signer-commands";

/**
 * One per document (`getByName(document_id)`): serialises every state change of that document
 * (send, view, consent, fields, sign, decline, void, expiry, completion and the one certificate).
 * D1 is the record; each change reloads the state, checks the rules in `src/domain/transitions.ts`
 * and commits. Calls are chained one after another: a D1 round trip does not let another change
 * of the same document in between, so 50 signers signing at once give one completion.
 */
export class DocumentSequencer extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();

  private serial<T>(documentId: string, fn: (st: DocState) => Promise<T>): Promise<Outcome<T>> {
    const run = this.tail.then(async (): Promise<Outcome<T>> => {
      try {
        const st = await loadState(this.env, documentId);
        if (!st) throw new ApiError("not_found", "No such document in this account.");
        return { ok: true, value: await fn(st) };
      } catch (err) {
        if (err instanceof ApiError) return { ok: false, error: { code: err.code, message: err.message, hint: err.hint } };
        throw err;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private signerOf(st: DocState, signerId: string): SignerRow {
    const s = st.signers.find((x) => x.id === signerId);
    if (!s) throw new ApiError("not_found", "No such signer on this document.");
    return s;
  }

  /** Sends a draft to its signers; returns each link's token once. */
  send(documentId: string, signers: t.SignerInput[], actor: t.Actor) {
    return this.serial(documentId, (st) => t.send(this.env, st, signers, actor));
  }

  /** Records a signer's first view. */
  view(documentId: string, signerId: string, actor: t.Actor) {
    return this.serial(documentId, (st) => t.view(this.env, st, this.signerOf(st, signerId), actor));
  }

  /** Records consent to sign electronically. */
  consent(documentId: string, signerId: string, input: ConsentCommand, actor: t.Actor) {
    return this.serial(documentId, (st) => t.consent(this.env, st, this.signerOf(st, signerId), parseCommand(ConsentCommand, input), actor));
  }

  /** Stores one field answer. */
  supplyField(documentId: string, signerId: string, input: SupplyFieldCommand) {
    return this.serial(documentId, (st) => t.supplyField(this.env, st, this.signerOf(st, signerId), parseCommand(SupplyFieldCommand, input)));
  }

  /** Signs; completes the document and issues its certificate when the last signer signs. */
  sign(documentId: string, signerId: string, input: SignCommand, actor: t.Actor) {
    return this.serial(documentId, (st) => t.sign(this.env, st, this.signerOf(st, signerId), parseCommand(SignCommand, input), actor));
  }

  /** The page's sign form: every answer and the signature, stored together or not at all. */
  submit(documentId: string, signerId: string, input: SubmitCommand, actor: t.Actor) {
    return this.serial(documentId, (st) => {
      const { answers, signature } = parseCommand(SubmitCommand, input);
      return t.sign(this.env, st, this.signerOf(st, signerId), signature, actor, answers);
    });
  }

  /** Declines with a reason; the document ends as declined. */
  decline(documentId: string, signerId: string, input: DeclineCommand, actor: t.Actor) {
    return this.serial(documentId, (st) => t.decline(this.env, st, this.signerOf(st, signerId), parseCommand(DeclineCommand, input), actor));
  }

  /** Voids a draft or sent document. */
  void(documentId: string, input: { reason: string }, actor: t.Actor) {
    return this.serial(documentId, (st) => t.voidDocument(this.env, st, input, actor));
  }

  /** Expires a sent document past its expiry (cron). */
  expire(documentId: string, nowMs: number) {
    return this.serial(documentId, (st) => t.expire(this.env, st, new Date(nowMs)));
  }
}
