/**
 * The DocumentSequencer's typed client: one per document, bound to its id. Each command answers
 * its value, or throws the ApiError the rules refused it with (an Error thrown inside an object
 * loses its class on the way out, so the object answers an Outcome and the client unwraps it).
 */
import { objectName } from "../../lib/object-names";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { type Outcome, unwrap } from "../../lib/rpc";
import type { HitResult } from "../fixed-window";
import type { LinkBudget, SequencerCommands } from "./commands";

export type { LinkBudget };

type Commands = Omit<SequencerCommands, "forget" | "charged" | "call" | "alarm">;
type Bound<F> = F extends (documentId: string, ...rest: infer A) => Promise<Outcome<infer V>> ? (...rest: A) => Promise<V> : never;

export type SequencerClient = { [K in keyof Commands]: Bound<Commands[K]> } & {
  /** Drops the object's copy in memory (a write was made to D1 behind its back). */
  forget(): Promise<void>;
};

/** A signing link's budget waiting for its request's first call to the link's document. */
type Pending = { documentId: string; budget: LinkBudget; claimed: boolean; hit?: HitResult };
const pending = new AsyncLocalStorage<Pending>();

/**
 * Runs `fn` (a signer's request) with the link's budget riding on the first call it makes to the
 * document's sequencer: one object call counts the request and runs the command, and past the
 * limit the command does not run (the call throws a 429 the caller's limit check replaces with its
 * own). Answers the count, or undefined when `fn` made no such call (then count it apart).
 */
export async function withLinkBudget(documentId: string, budget: LinkBudget, fn: () => Promise<unknown>): Promise<HitResult | undefined> {
  const p: Pending = { documentId, budget, claimed: false };
  try {
    await pending.run(p, fn);
  } finally {
    // Work `fn` left running (a waitUntil) does not carry the budget: the caller counts it now.
    p.claimed = true;
  }
  return p.hit;
}

/** The sequencer of one document. */
export function documentSequencer(env: Env, documentId: string): SequencerClient {
  const stub = env.DOCUMENT_SEQUENCER.getByName(objectName(env, documentId)) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return new Proxy({} as SequencerClient, {
    get(_, name) {
      // Not a thenable: `await documentSequencer(…)` must not call the object.
      if (typeof name !== "string" || name === "then") return undefined;
      if (name === "forget") return async () => void (await stub.forget!());
      return async (...args: unknown[]) => {
        const p = pending.getStore();
        const mine = p?.documentId === documentId && name !== "hit" ? p : undefined;
        if (mine && !mine.claimed) {
          mine.claimed = true;
          const r = (await stub.charged!(mine.budget, name, documentId, ...args)) as { hit: HitResult; outcome?: Outcome<unknown> };
          mine.hit = r.hit;
          if (r.outcome) return unwrap(r.outcome);
        }
        // Over the budget: neither this call nor any later one of the request runs.
        if (mine?.hit && !mine.hit.allowed) throw new ApiError("rate_limited", "Rate limit reached for this signing link.");
        return unwrap((await stub.call!(name, documentId, ...args)) as Outcome<unknown>);
      };
    },
  });
}

/** For a caller that takes a refusal as "not now": null for an ApiError, any other error goes on up. */
export function refusedAsNull(err: unknown): null {
  if (err instanceof ApiError) return null;
  throw err;
}
