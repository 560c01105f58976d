/**
 * The document's sequencer as the runtime sees it: one per document (`getByName(document_id)`),
 * every call passed to its commands (src/objects/document-sequencer/commands.ts: what it does and
 * why). The commands and the rules under them are loaded by the object's first call, not when the
 * Worker starts, so an isolate that never runs a sequencer never evaluates them.
 */
import { DurableObject } from "cloudflare:workers";
import { objectEnv } from "../../db/shard-env";
import { traceD1 } from "../../db/trace";
import type { Env } from "../../env";
import type { HitResult } from "../fixed-window";
import type { Outcome } from "../../lib/rpc";
import type { LinkBudget, SequencerCommands } from "./commands";

export class DocumentSequencer extends DurableObject<Env> {
  private loading: Promise<SequencerCommands> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, traceD1(objectEnv(ctx, env))); // D1 round trips counted when D1_TRACE is set (src/db/trace.ts)
  }

  private commands(): Promise<SequencerCommands> {
    this.loading ??= import("./commands").then(
      ({ SequencerCommands }) => new SequencerCommands(this.ctx, this.env),
      (err) => {
        this.loading = null; // the next call tries again
        throw err;
      },
    );
    return this.loading;
  }

  /** A command by name, with its arguments: its Outcome. */
  async call(command: string, documentId: string, ...args: unknown[]): Promise<unknown> {
    return (await this.commands()).call(command, documentId, ...args);
  }

  /** A command that carries its request's link budget: counted first, run only within it. */
  async charged(budget: LinkBudget, command: string, documentId: string, ...args: unknown[]): Promise<{ hit: HitResult; outcome?: Outcome<unknown> }> {
    return (await this.commands()).charged(budget, command, documentId, ...args);
  }

  /** Drops the copy in memory: for a write made to D1 behind the sequencer's back (tests, repairs). */
  async forget(): Promise<void> {
    if (this.loading) (await this.loading).forget();
  }

  override async alarm(): Promise<void> {
    await (await this.commands()).alarm();
  }
}
