/**
 * Development and bench only: counts calls to Durable Objects, the way ./trace.ts counts D1
 * round trips, and switched on by the same variables (`D1_TRACE=1` or `D1_DELAY_MS`). Each call of
 * a stub's method (an RPC call, or `fetch`) made through a namespace binding of a traced `env` is
 * one; obtaining a stub (`getByName`, `get`) costs nothing and is not counted. Each response of
 * the Worker then also carries `x-object-calls: <calls>` (the change of this isolate's counter
 * while the request ran, with the same overlap rule as `x-d1-calls`).
 *
 * Installed by `traceD1`: a traced `env` hands out traced namespaces for every binding that is
 * one, so the Worker's calls and the calls one object makes to another are counted alike. Nothing
 * here changes a call: the stub's own method runs with the arguments it was given.
 */

export const OBJECT_CALLS_HEADER = "x-object-calls";

const counter = { calls: 0 };

/** Object calls made in this isolate so far. */
export function objectCalls(): number {
  return counter.calls;
}

/** Whether `value` is a Durable Object namespace binding. */
export function isNamespace(value: unknown): value is DurableObjectNamespace {
  const v = value as Partial<DurableObjectNamespace> | null;
  return typeof v === "object" && v !== null && typeof v.idFromName === "function" && typeof v.get === "function";
}

/** Properties of a stub that are not calls to the object. */
const NOT_CALLS = new Set(["then", "id", "name", "constructor"]);

function traceStub<S extends object>(stub: S): S {
  return new Proxy(stub, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof prop !== "string" || NOT_CALLS.has(prop) || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        counter.calls++;
        // Reflect.apply: an RPC method's own `apply` would be taken for a method of the object.
        return Reflect.apply(value, target, args);
      };
    },
  });
}

/** Namespace methods that hand out a stub. */
const STUB_MAKERS = new Set(["get", "getByName", "getExisting"]);
const traced = new WeakMap<object, DurableObjectNamespace>();

/** A namespace whose stubs count each call made through them. */
export function traceNamespace(ns: DurableObjectNamespace): DurableObjectNamespace {
  const cached = traced.get(ns);
  if (cached) return cached;
  const proxy = new Proxy(ns, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== "function") return value;
      const fn = value as (...a: unknown[]) => unknown;
      if (typeof prop === "string" && STUB_MAKERS.has(prop)) return (...args: unknown[]) => traceStub(Reflect.apply(fn, target, args) as object);
      return fn.bind(target);
    },
  });
  traced.set(ns, proxy);
  return proxy;
}
