import { type Db, dbOf, replicaDbOf } from "../../db/client";
import type { Env } from "../../env";
import { ApiError, invalid, notFound } from "../../lib/errors";
import { type Outcome, outcome } from "../../lib/rpc";
import { type LinkState, type SequencerState, type SignerState, deadLink, linkIsLive, loadSequencerState, signerFields } from "../../domain/document-state";
import { phonesForAnswers } from "../../domain/field-values";
import { tenantPageSettings, verificationCodeOf } from "../../db/signing";
import type { SignerFileRecord } from "../../db/signer-files";
import { storedDisclosure } from "../../domain/consumer-disclosure";
import { recordInLog } from "../../domain/transparency-log";
import { accessCodeFirst, accessCodeOutstanding, giveAccessCode } from "../../domain/access-codes";
import { type IdCheckOutcome, idCheckFirst, idCheckOutstanding, recordIdCheckOutcome, recordIdCheckStart } from "../../domain/identity-checks";

import { type HitResult, type Window, countInWindow, windowOver } from "../fixed-window";

/** A signing link's request budget, counted by its document's sequencer (its size: src/http/rate-limit.ts). */
export type LinkBudget = { tokenHash: string; limit: number; windowSeconds: number };
/** Storage key prefix of a link's current window (by the token's SHA-256). */
const BUDGET = "budget:";
/** What `call` and `charged` never run: the object's own machinery (`charged` does not count `hit` either). */
const NOT_COMMANDS = new Set(["call", "charged", "forget", "alarm", "constructor"]);

/** How long after a completion its certificate is appended to the transparency log. */
const LOG_DELAY_MS = 1_000;
import * as t from "../../domain/transitions";
import { type SendAsked, type SendEntry, sendChecked } from "../../domain/send-signers";
import * as ends from "../../domain/endings";
import * as codeSteps from "../../domain/code-steps";
import * as parts from "../../domain/participant-actions";
import { redactOneInSequencer } from "../../domain/redaction";
import { type CorrectCommand, type DelegateCommand, correctInside, delegateInside } from "../../domain/signer-changes";
import { type DeliveredItem, recordDelivered } from "../../domain/message-events";
import type { ProviderCertificate } from "../../domain/signature-list";
import { type ReminderGrant, completedCopyLinks, holdsLink, remindInside, rotateLink } from "../../domain/signer-links";
import {
  AcknowledgeCommand,
  ApproveCommand,
  ConsentCommand,
  DeclineCommand,
  SignCommand,
  SubmitCommand,
  SupplyFieldCommand,
  AccessCodeCommand,
  VerifyCodeCommand,
  parseCommand,
} from "../../domain/signer-commands";

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
export class SequencerCommands {
  /** `env` is the object's (its account's shard, D1 traced when D1_TRACE is set): src/objects/document-sequencer/object.ts. */
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}
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

  /**
   * Counts one request of a signing link of this document against the link's budget: exact, since
   * the object is single-threaded and its storage synchronous; outside the chain of commands, so a
   * long commit does not hold it up. The window is kept in storage (an eviction loses no count).
   */
  async hit(_documentId: string, budget: LinkBudget): Promise<Outcome<HitResult>> {
    return { ok: true, value: this.count(budget) };
  }

  private count({ tokenHash, limit, windowSeconds }: LinkBudget): HitResult {
    const kv = this.ctx.storage.kv;
    const { hit, fresh } = countInWindow(kv, BUDGET + tokenHash, limit, windowSeconds);
    // A link's new window: the finished windows of every link go, so idle links leave no rows behind.
    if (fresh) for (const [key, w] of kv.list<Window>({ prefix: BUDGET })) if (windowOver(w)) kv.delete(key);
    return hit;
  }

  /**
   * A command that carries its request's link budget (the client adds it to the first call a
   * signer's request makes to this document): counted first; past the limit the command does not run.
   */
  async charged(budget: LinkBudget, command: string, documentId: string, ...args: unknown[]): Promise<{ hit: HitResult; outcome?: Outcome<unknown> }> {
    if (command === "hit") throw new Error("not a command: hit");
    const run = this.commandOf(command);
    const hit = this.count(budget);
    if (!hit.allowed) return { hit };
    return { hit, outcome: (await Reflect.apply(run, this, [documentId, ...args])) as Outcome<unknown> };
  }

  /** Runs the command named `command` (the client names it: src/objects/document-sequencer/client.ts). */
  async call(command: string, documentId: string, ...args: unknown[]): Promise<unknown> {
    return Reflect.apply(this.commandOf(command), this, [documentId, ...args]);
  }

  private commandOf(command: string): (...args: unknown[]) => unknown {
    const run = (this as unknown as Record<string, unknown>)[command];
    if (NOT_COMMANDS.has(command) || typeof run !== "function") throw new Error(`not a command: ${command}`);
    return run as (...args: unknown[]) => unknown;
  }

  /** Drops the copy in memory: for a write made to D1 behind the sequencer's back (tests, repairs). */
  forget() {
    this.state = null;
  }

  /** An `aes`/`qes` signer's PAdES signature was made at the provider: the signer is signed (method `clicked`: they approved there). */
  signedAtProvider(documentId: string, signerId: string, actor: t.Actor, certificate: ProviderCertificate, tokenHash?: string) {
    return this.serial(documentId, async (st) => {
      const me = this.actingSigner(st, signerId, tokenHash);
      return this.logged(await t.sign(this.env, st, me, { method: "clicked", value: me.fullName }, actor, {}, certificate));
    });
  }

  /**
   * Before the trust service provider (level `aes`/`qes`): every rule of signing but the signature
   * itself, with the signer's answers (a placed signature field takes their name, as the provider's
   * signature is made in it), then the answers stored: all of them, or nothing on a refusal.
   */
  readyForProvider(documentId: string, signerId: string, answers: Record<string, string>, tokenHash?: string) {
    return this.serial(documentId, async (st) => {
      const me = this.actingSigner(st, signerId, tokenHash);
      const given = { ...answers };
      for (const f of signerFields(st, me)) if (f.kind === "signature") given[f.key] = me.fullName;
      t.signChecks(st, me, given, await phonesForAnswers(this.env.ASSETS, signerFields(st, me), given), true);
      const { problems } = await t.supplyAnswers(this.env, st, me, given);
      if (problems.length) throw invalid(problems[0]!.message);
      return { signerId: me.id, fullName: me.fullName };
    });
  }

  /**
   * A signer's link as it stands: the state, or null when the signer is unknown or the link is
   * dead. With `actor`, records the signer's first view of a sent document and reads, in the
   * same round trip, the account's name and framing rule and the certificate's code.
   */
  read(documentId: string, signerId: string, actor: t.Actor | null, tokenHash?: string) {
    return this.serial(documentId, async (st): Promise<LinkState | null> => {
      const me = st.signers.find((x) => x.id === signerId);
      if (!me || !linkIsLive(st.doc, me) || !holdsLink(me, tokenHash)) return null;
      if (!actor) return { st, tenant: null, verificationCode: null };
      const reads = (db: Db) => [tenantPageSettings(db, st.doc.tenantId), verificationCodeOf(db, st.doc.id)] as const;
      type Reads = [Awaited<ReturnType<typeof reads>[0]>, Awaited<ReturnType<typeof reads>[1]>];
      const [primary, nearest] = [dbOf(this.env), replicaDbOf(this.env)];
      // The first view is a write on the primary, with the reads in its batch; a later read takes
      // them from the nearest replica, and from the primary when a just-issued certificate is not there yet.
      const first = st.doc.status === "sent" && !me.viewedAt;
      let [tenant, cert] = (first ? (await t.view(this.env, st, me, actor, [...reads(primary)])).reads : await nearest.batch(reads(nearest))) as Reads;
      if (!first && st.doc.status === "completed" && !cert[0]) [tenant, cert] = (await primary.batch(reads(primary))) as Reads;
      // The disclosure the signer is shown is the one their consent is decided on (checked again as it commits).
      const row = tenant[0];
      if (row) st.disclosureSeen = { json: row.consumerDisclosureJson };
      return {
        st,
        tenant: row
          ? {
              name: row.name,
              frameAncestors: row.frameAncestors,
              whiteLabel: row.whiteLabel,
              consumerDisclosure: storedDisclosure(row.consumerDisclosureJson),
            }
          : { name: "", frameAncestors: "[]", whiteLabel: false, consumerDisclosure: null },
        verificationCode: cert[0]?.verificationCode ?? null,
      };
    });
  }

  /** The signer; with `tokenHash` (a signer's own call), a token a fresh link replaced answers like a dead link. */
  private signerOf(st: SequencerState, signerId: string, tokenHash?: string): SignerState {
    const s = st.signers.find((x) => x.id === signerId);
    if (!s) throw new ApiError("not_found", "No such signer on this document.");
    if (!holdsLink(s, tokenHash)) throw deadLink();
    return s;
  }

  /** The signer for one of their own actions: refused (422) while their access code is outstanding. */
  private actingSigner(st: SequencerState, signerId: string, tokenHash?: string, idCheck = true): SignerState {
    const s = this.signerOf(st, signerId, tokenHash);
    if (accessCodeOutstanding(s)) throw accessCodeFirst();
    // An identity check outstanding: consent and every later action wait for it (declining does not).
    if (idCheck && idCheckOutstanding(s)) throw idCheckFirst();
    return s;
  }

  /**
   * Sends a draft to its signers (as normalised by the caller: an envelope's); returns each link's
   * token once. With `owner`, a document of another account or mode answers 404 like a missing one
   * (checked against the loaded state).
   */
  send(documentId: string, signers: t.SignerInput[], actor: t.Actor, owner?: { tenantId: string; mode: string }, opts: t.SendOptions = {}) {
    return this.serial(documentId, async (st) => {
      if (owner && (st.doc.tenantId !== owner.tenantId || st.doc.mode !== owner.mode)) throw notFound("document");
      const { links, state } = await t.send(this.env, st, signers, actor, opts);
      // The new signers were read back in the commit's own batch, so signer calls find them in memory.
      this.state = state;
      return { links };
    });
  }

  /** A document's own send (`sendDocument`): the signers as given, checked here after the owner's 404 (`sendChecked`). */
  sendOwn(documentId: string, entries: SendEntry[], actor: t.Actor, owner: { tenantId: string; mode: string }, opts: t.SendOptions, asked: SendAsked) {
    return this.serial(documentId, async (st) => {
      if (st.doc.tenantId !== owner.tenantId || st.doc.mode !== owner.mode) throw notFound("document");
      const { state, ...sent } = await sendChecked(this.env, st, entries, actor, opts, asked);
      this.state = state;
      return sent;
    });
  }

  /** Records a signer's first view. */
  view(documentId: string, signerId: string, actor: t.Actor) {
    return this.serial(documentId, (st) => t.view(this.env, st, this.signerOf(st, signerId), actor));
  }

  /** Records consent to sign electronically. */
  consent(documentId: string, signerId: string, input: ConsentCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, (st) => t.consent(this.env, st, this.actingSigner(st, signerId, tokenHash), parseCommand(ConsentCommand, input), actor));
  }

  /** Stores one field answer; with `file`, the upload (already in R2) it answers. */
  supplyField(documentId: string, signerId: string, input: SupplyFieldCommand, tokenHash?: string, file?: Omit<SignerFileRecord, "signerId">) {
    return this.serial(documentId, (st) =>
      t.supplyField(this.env, st, this.actingSigner(st, signerId, tokenHash), parseCommand(SupplyFieldCommand, input), file),
    );
  }

  /** Stores the page's answers that pass their checks in one batch; returns the others' problems. */
  supplyAnswers(documentId: string, signerId: string, answers: Record<string, string>, tokenHash?: string) {
    return this.serial(documentId, (st) => t.supplyAnswers(this.env, st, this.actingSigner(st, signerId, tokenHash), answers));
  }

  /** Signs; completes the document and issues its certificate when the last signer signs. */
  sign(documentId: string, signerId: string, input: SignCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, async (st) =>
      this.logged(await t.sign(this.env, st, this.actingSigner(st, signerId, tokenHash), parseCommand(SignCommand, input), actor)),
    );
  }

  /**
   * A completion's certificate goes into the public transparency log a second after the answer,
   * off the signer's request, by this object's alarm (retried by the runtime when it fails; the
   * cron catches up on anything left; docs/transparency-log.md).
   */
  private async logged<R extends { completed: boolean }>(r: R): Promise<R> {
    if (r.completed) await this.ctx.storage.setAlarm(Date.now() + LOG_DELAY_MS);
    return r;
  }

  async alarm() {
    await recordInLog(this.env);
  }

  /** The page's sign form: every answer and the signature, stored together or not at all. */
  submit(documentId: string, signerId: string, input: SubmitCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, (st) => {
      const { answers, signature } = parseCommand(SubmitCommand, input);
      return t.sign(this.env, st, this.actingSigner(st, signerId, tokenHash), signature, actor, answers).then((r) => this.logged(r));
    });
  }

  /** An approver approves; completes the document when nobody else must act. */
  approve(documentId: string, signerId: string, input: ApproveCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, async (st) =>
      this.logged(await parts.approve(this.env, st, this.actingSigner(st, signerId, tokenHash), parseCommand(ApproveCommand, input), actor)),
    );
  }

  /** A viewer acknowledges; completes the document when nobody else must act. */
  acknowledge(documentId: string, signerId: string, input: AcknowledgeCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, async (st) =>
      this.logged(await parts.acknowledge(this.env, st, this.actingSigner(st, signerId, tokenHash), parseCommand(AcknowledgeCommand, input), actor)),
    );
  }

  /** Sends the signer a one-time code (1 a minute, 5 an hour: counted here, one request at a time). */
  requestCode(documentId: string, signerId: string, tokenHash?: string) {
    return this.serial(documentId, (st) => codeSteps.requestCode(this.env, st, this.actingSigner(st, signerId, tokenHash)));
  }

  /** Checks a one-time code; five wrong tries kill it. */
  verifyCode(documentId: string, signerId: string, input: VerifyCodeCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, (st) =>
      codeSteps.verifyCode(this.env, st, this.actingSigner(st, signerId, tokenHash), parseCommand(VerifyCodeCommand, input), actor),
    );
  }

  /** Checks a signer's access code; five wrong tries lock the link for 15 minutes (counted here, one try at a time). */
  accessCode(documentId: string, signerId: string, input: AccessCodeCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, (st) => giveAccessCode(this.env, st, this.signerOf(st, signerId, tokenHash), parseCommand(AccessCodeCommand, input), actor));
  }

  /** Declines with a reason; the document ends as declined. */
  decline(documentId: string, signerId: string, input: DeclineCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, (st) =>
      ends.decline(this.env, st, this.actingSigner(st, signerId, tokenHash, false), parseCommand(DeclineCommand, input), actor),
    );
  }

  /** Withdraws the signer's consent (consumer disclosure): their part ends as a decline with the reason "consent withdrawn". */
  withdraw(documentId: string, signerId: string, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, (st) => ends.withdrawConsent(this.env, st, this.actingSigner(st, signerId, tokenHash, false), actor));
  }

  /** Records the identity provider's session started for the signer (auth `id_check`). */
  idCheckStarted(documentId: string, signerId: string, input: { sessionId: string; provider: string }, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, (st) => recordIdCheckStart(this.env, st, this.signerOf(st, signerId, tokenHash), input, actor));
  }

  /** Records what the identity provider's (signed) webhook said about the signer's current session; the third failure ends the link. */
  idCheckOutcome(documentId: string, signerId: string, input: IdCheckOutcome, actor: t.Actor) {
    return this.serial(documentId, (st) => recordIdCheckOutcome(this.env, st, this.signerOf(st, signerId), input, actor));
  }

  /** Passes the signer's part to someone else (allow_delegation); the delegate's token comes back for the outbox only. */
  delegate(documentId: string, signerId: string, input: DelegateCommand, actor: t.Actor, tokenHash?: string) {
    return this.serial(documentId, (st) => delegateInside(this.env, st, this.actingSigner(st, signerId, tokenHash), input, actor));
  }

  /** Corrects a pending signer before consent (the sender's call); the earlier link ends. */
  correct(documentId: string, signerId: string, input: CorrectCommand, actor: t.Actor) {
    return this.serial(documentId, (st) => correctInside(this.env, st, this.signerOf(st, signerId), input, actor));
  }

  /** Voids a draft or sent document. */
  void(documentId: string, input: { reason: string }, actor: t.Actor) {
    return this.serial(documentId, (st) => ends.voidDocument(this.env, st, input, actor));
  }

  /** Erases the document's personal data (docs/retention.md); the copy in memory is dropped after. */
  redact(documentId: string, input: { reason: string }) {
    return this.serial(documentId, async () => {
      try {
        return await redactOneInSequencer(this.env, documentId, input.reason);
      } finally {
        this.state = null;
      }
    });
  }

  /** Records links and reminders a message provider took (`delivered`, `signing.delivered`). */
  delivered(documentId: string, items: DeliveredItem[]) {
    return this.serial(documentId, (st) => recordDelivered(this.env, st, items));
  }

  /** A fresh link for a pending signer; the earlier one stops working. */
  freshLink(documentId: string, signerId: string) {
    return this.serial(documentId, (st) => rotateLink(this.env, st, this.signerOf(st, signerId)));
  }

  /** A reminder with a fresh link (`reminded` on the trail), or how long until one is allowed. */
  remind(documentId: string, signerId: string, nowMs: number, actor: t.Actor) {
    return this.serial(documentId, (st) => remindInside(this.env, st, this.signerOf(st, signerId), nowMs, actor, "api"));
  }

  /** The cron's reminder: the same, or null when the signer cannot be reminded now (any reason). */
  remindIfDue(documentId: string, signerId: string, nowMs: number) {
    return this.serial(
      documentId,
      async (st): Promise<Extract<ReminderGrant, { ok: true }> | null> => {
        const signer = st.signers.find((x) => x.id === signerId);
        if (!signer) return null;
        const r = await remindInside(this.env, st, signer, nowMs, null, "cron").catch((err) => {
          if (err instanceof ApiError) return null;
          throw err;
        });
        return r?.ok ? r : null;
      },
      { fresh: true },
    );
  }

  /** The completed copies' links (one per signer and cc), or null when the caller delivers links. */
  completedCopies(documentId: string) {
    return this.serial(documentId, (st) => completedCopyLinks(this.env, st));
  }

  /** Expires a sent document past its expiry (cron). */
  expire(documentId: string, nowMs: number) {
    // The cron reads the document afresh: an expiry is rare and must see the stored deadline.
    return this.serial(documentId, (st) => ends.expire(this.env, st, new Date(nowMs)), { fresh: true });
  }
}
