import { DurableObject } from "cloudflare:workers";
import type { Env } from "../src/env";
import { traceD1 } from "../src/db/trace";
import { ApiError } from "../src/lib/errors";
import { type Outcome, outcome } from "../src/lib/rpc";
import { type LinkState, type SequencerState, type SignerState, linkIsLive, loadSequencerState } from "../src/domain/document-state";
import { signingDb, tenantPageSettings, verificationCodeOf } from "../src/db/signing";
import * as t from "../src/domain/transitions";
import { type DeliveredItem, recordDelivered } from "../src/domain/message-events";
import { ConsentCommand, DeclineCommand, SignCommand, SubmitCommand, SupplyFieldCommand, parseCommand } from "../src/domain/signer-commands";

/**
 * One per document (`getByName(document_id)`): serialises every state change of that document
 * (send, view, consent, fields, sign, decline, void, expiry, completion and the one certificate).
 * D1 is the record. The sequencer is the only writer of a sent document's state, so it keeps that
 * state in memory (loaded once, in one round trip, on first use) and changes its copy only after
 * D1 accepted the commit; any other failure drops the copy, and the next call reloads it. Trail
 * sequence numbers come from the copy: nothing re-reads the trail. Calls are chained one after
 * another: a D1 round trip does not let another change of the same document in between, so 50
 * signers signing at once give one completion.
 */
export class DocumentSequencer extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, traceD1(env));
  } // D1 round trips counted when D1_TRACE is set (src/db/trace.ts)
  private tail: Promise<unknown> = Promise.resolve();
  private state: SequencerState | null = null;

  private async stateOf(documentId: string, fresh: boolean): Promise<SequencerState> {
    if (fresh || !this.state || this.state.doc.id !== documentId) this.state = await loadSequencerState(this.env, documentId);
    if (!this.state) throw new ApiError("not_found", "No such document in this account.");
    return this.state;
  }

  private serial<T>(documentId: string, fn: (st: SequencerState) => Promise<T>, opts: { fresh?: boolean } = {}): Promise<Outcome<T>> {
    const run = this.tail.then(async (): Promise<Outcome<T>> => {
      try {
        return await outcome(async () => fn(await this.stateOf(documentId, opts.fresh ?? false)));
      } catch (err) {
        // Not a refusal by the rules: a commit may have failed, so the copy is not trusted any more.
        this.state = null;
        throw err;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Drops the copy in memory: for a write made to D1 behind the sequencer's back (tests, repairs). */
  forget() {
    this.state = null;
  }

  /**
   * A signer's link as it stands: the state, or null when the signer is unknown or the link is
   * dead. With `actor`, records the signer's first view of a sent document and reads, in the
   * same round trip, the account's name and framing rule and the certificate's code.
   */
  read(documentId: string, signerId: string, actor: t.Actor | null) {
    return this.serial(documentId, async (st): Promise<LinkState | null> => {
      const me = st.signers.find((x) => x.id === signerId);
      if (!me || !linkIsLive(st.doc, me)) return null;
      if (!actor) return { st, tenant: null, verificationCode: null };
      const db = signingDb(this.env);
      const reads = [tenantPageSettings(db, st.doc.tenantId), verificationCodeOf(db, st.doc.id)] as const;
      const r = st.doc.status === "sent" ? await t.view(this.env, st, me, actor, [...reads]) : { reads: await db.batch(reads) };
      const [tenant, cert] = r.reads as [Awaited<(typeof reads)[0]>, Awaited<(typeof reads)[1]>];
      return {
        st,
        tenant: tenant[0] ?? { name: "", frameAncestors: "[]" },
        verificationCode: cert[0]?.verificationCode ?? null,
      };
    });
  }

  private signerOf(st: SequencerState, signerId: string): SignerState {
    const s = st.signers.find((x) => x.id === signerId);
    if (!s) throw new ApiError("not_found", "No such signer on this document.");
    return s;
  }

  /** Sends a draft to its signers; returns each link's token once. */
  send(documentId: string, signers: t.SignerInput[], actor: t.Actor) {
    return this.serial(documentId, async (st) => {
      const r = await t.send(this.env, st, signers, actor);
      // The new signers are read back once, so signer calls find them in memory.
      this.state = await loadSequencerState(this.env, documentId);
      return r;
    });
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

  /** Records links and reminders a message provider took (`delivered`, `signing.delivered`). */
  delivered(documentId: string, items: DeliveredItem[]) {
    return this.serial(documentId, (st) => recordDelivered(this.env, st, items));
  }

  /** Expires a sent document past its expiry (cron). */
  expire(documentId: string, nowMs: number) {
    // The cron reads the document afresh: an expiry is rare and must see the stored deadline.
    return this.serial(documentId, (st) => t.expire(this.env, st, new Date(nowMs)), { fresh: true });
  }
}
