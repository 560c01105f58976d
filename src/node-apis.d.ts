/**
 * The Node APIs the Worker uses (workerd provides them with `nodejs_compat`), declared here rather
 * than pulling Node's whole typings into the Worker's:
 *
 * - request-scoped context for a signing link's budget (src/objects/document-sequencer/client.ts);
 * - zlib's deflate, which pdf-lib's streams are compressed with (aliases/pako.ts).
 */
declare module "node:async_hooks" {
  export class AsyncLocalStorage<T> {
    run<R>(store: T, fn: () => R): R;
    getStore(): T | undefined;
  }
}

declare module "node:zlib" {
  export function deflateSync(data: Uint8Array, options?: { level?: number }): Uint8Array;
}
