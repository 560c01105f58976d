/**
 * The one Node API the Worker uses (workerd provides it with `nodejs_compat`): request-scoped
 * context for a signing link's budget (src/objects/document-sequencer/client.ts). Declared here
 * rather than pulling Node's whole typings into the Worker's.
 */
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, fn: () => R): R;
    getStore(): T | undefined;
  }
}
