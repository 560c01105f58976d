/**
 * The DocumentSequencer's typed client: one per document, bound to its id. Each command answers
 * its value, or throws the ApiError the rules refused it with (an Error thrown inside an object
 * loses its class on the way out, so the object answers an Outcome and the client unwraps it).
 */
import type { DurableObject } from "cloudflare:workers";
import type { Env } from "../../env";
import { ApiError } from "../../lib/errors";
import { type Outcome, unwrap } from "../../lib/rpc";
import type { DocumentSequencer } from "./object";

type Commands = Omit<DocumentSequencer, keyof DurableObject | "forget">;
type Bound<F> = F extends (documentId: string, ...rest: infer A) => Promise<Outcome<infer V>> ? (...rest: A) => Promise<V> : never;

export type SequencerClient = { [K in keyof Commands]: Bound<Commands[K]> } & {
  /** Drops the object's copy in memory (a write was made to D1 behind its back). */
  forget(): Promise<void>;
};

/** The sequencer of one document. */
export function documentSequencer(env: Env, documentId: string): SequencerClient {
  const stub = env.DOCUMENT_SEQUENCER.getByName(documentId) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  return new Proxy({} as SequencerClient, {
    get(_, name) {
      // Not a thenable: `await documentSequencer(…)` must not call the object.
      if (typeof name !== "string" || name === "then") return undefined;
      if (name === "forget") return async () => void (await stub.forget!());
      return async (...args: unknown[]) => unwrap((await stub[name]!(documentId, ...args)) as Outcome<unknown>);
    },
  });
}

/** For a caller that takes a refusal as "not now": null for an ApiError, any other error goes on up. */
export function refusedAsNull(err: unknown): null {
  if (err instanceof ApiError) return null;
  throw err;
}
