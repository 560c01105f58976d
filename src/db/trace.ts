/**
 * Development and bench only: counts D1 round trips and can slow each one down. It lives with
 * the query modules because it is the one other thing that touches the D1 binding: it wraps the
 * binding and passes each statement through unchanged, writing no SQL of its own.
 *
 * Two variables switch it on (never set them in production; they exist for `wrangler dev`, the
 * benches and the tests, see docs/benchmarks.md):
 *
 * - `D1_TRACE=1`: every round trip to D1 is counted (an awaited `first`, `all`, `run` or `raw` of a
 *   prepared statement, a `batch`, an `exec`; drizzle's D1 driver goes through the same methods),
 *   and so are the sequential steps: a call that starts while no other D1 call is in flight opens a
 *   new step, calls made together (`Promise.all`, one `batch`) share one. Each response of the
 *   Worker carries `x-d1-calls: <round trips>;<sequential steps>`.
 * - `D1_DELAY_MS=<n>`: each round trip waits n ms first, as if the Worker ran far from D1's primary
 *   (also switches the counting on).
 * - `D1_REPLICA_DELAY_MS=<n>`: the wait of a read (a statement that starts with SELECT or WITH, or
 *   a batch of only such) made through a session (`withSession`), which D1 may serve from a read
 *   replica near the Worker; by default the same as `D1_DELAY_MS`.
 *
 * Installed where `env.DB` enters the code: the Worker's fetch and scheduled entry
 * (`withD1Trace` in src/index.ts) and each Durable Object's constructor (`traceD1(env)`). When
 * neither variable is set, `traceD1` hands back the very `env` it was given and `withD1Trace`
 * calls straight through: nothing is wrapped, nothing is counted.
 *
 * The counters live in this module, once per isolate. In local workerd (Miniflare, `wrangler dev`,
 * wrangler's test harness, the vitest pool) the Worker and its Durable Objects run in one isolate,
 * so a request's figure includes the round trips its Durable Object calls made. The figure is the
 * change of the isolate's counters while the request ran: exact when one request runs at a time
 * and no background work (waitUntil, alarms) touches D1 meanwhile. When another request overlapped
 * it (or a D1 call was in flight as it began), the response also carries `x-d1-calls-overlap: 1`;
 * background work that starts during the request is counted in without that mark. On Cloudflare each Durable Object has its own isolate, so there the header
 * would count the Worker's own calls only (another reason it is a local tool).
 */

import { OBJECT_CALLS_HEADER, isNamespace, objectCalls, traceNamespace } from "./object-trace";

/** The variables read here (strings, as vars and `.dev.vars` give them). */
type TraceVars = { DB?: D1Database; D1_TRACE?: string; D1_DELAY_MS?: string; D1_REPLICA_DELAY_MS?: string };

export type D1TraceOptions = { delayMs: number; replicaDelayMs?: number };
export type D1Counts = { calls: number; sequential: number };

export const D1_CALLS_HEADER = "x-d1-calls";
export const D1_OVERLAP_HEADER = "x-d1-calls-overlap";

const counters = { calls: 0, sequential: 0, inFlight: 0 };
const requests = { active: 0, started: 0 };
/** Set by tests (`setD1Trace`): overrides the variables. */
let forced: D1TraceOptions | null = null;

/** The isolate's counters so far (a copy). */
export function d1Counts(): D1Counts {
  return { calls: counters.calls, sequential: counters.sequential };
}

/** Tests only: switch tracing on (with a delay) or back to what the variables say (`null`). */
export function setD1Trace(options: D1TraceOptions | null): void {
  forced = options;
}

/** Whether the variables (or a test) switch tracing on, and with what delay. */
export function d1TraceOptions(env: object): D1TraceOptions | null {
  if (forced) return forced;
  const vars = env as TraceVars;
  const ms = (v: string | undefined) => {
    const n = v ? Number(v) : NaN;
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const delayMs = ms(vars.D1_DELAY_MS) ?? 0;
  if (vars.D1_TRACE !== "1" && vars.D1_TRACE !== "true" && delayMs === 0) return null;
  return { delayMs, replicaDelayMs: ms(vars.D1_REPLICA_DELAY_MS) ?? delayMs };
}

async function roundTrip<T>(delayMs: number, call: () => Promise<T>): Promise<T> {
  counters.calls++;
  if (counters.inFlight === 0) counters.sequential++;
  counters.inFlight++;
  try {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return await call();
  } finally {
    counters.inFlight--;
  }
}

const READ = /^\s*(select|with)\b/i;

class TracedStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly delayMs: number,
    /** Whether this statement is a read made through a session (a replica may serve it). */
    readonly replicaRead = false,
  ) {}
  bind(...values: unknown[]): TracedStatement {
    return new TracedStatement(this.inner.bind(...values), this.delayMs, this.replicaRead);
  }
  first(colName?: string): Promise<unknown> {
    return roundTrip(this.delayMs, () => (colName === undefined ? this.inner.first() : this.inner.first(colName)));
  }
  run(): Promise<D1Result> {
    return roundTrip(this.delayMs, () => this.inner.run());
  }
  all(): Promise<D1Result> {
    return roundTrip(this.delayMs, () => this.inner.all());
  }
  raw(options?: { columnNames?: boolean }): Promise<unknown[]> {
    return roundTrip(this.delayMs, () => this.inner.raw(options as { columnNames?: false }));
  }
}

const unwrap = (s: D1PreparedStatement): D1PreparedStatement => (s instanceof TracedStatement ? s.inner : s);
const asStatement = (s: TracedStatement) => s as unknown as D1PreparedStatement;

function traceSession(inner: D1DatabaseSession, { delayMs, replicaDelayMs = delayMs }: D1TraceOptions): D1DatabaseSession {
  const session = {
    prepare: (query: string) => {
      const read = READ.test(query);
      return asStatement(new TracedStatement(inner.prepare(query), read ? replicaDelayMs : delayMs, read));
    },
    batch: <T>(statements: D1PreparedStatement[]) => {
      const reads = statements.every((s) => s instanceof TracedStatement && s.replicaRead);
      return roundTrip(reads ? replicaDelayMs : delayMs, () => inner.batch<T>(statements.map(unwrap)));
    },
    getBookmark: () => inner.getBookmark(),
  };
  return session as unknown as D1DatabaseSession;
}

/** A D1 binding whose every round trip is counted (and delayed by `delayMs`). */
export function traceD1Database(inner: D1Database, options: D1TraceOptions): D1Database {
  const { delayMs } = options;
  const db = {
    prepare: (query: string) => asStatement(new TracedStatement(inner.prepare(query), delayMs)),
    batch: <T>(statements: D1PreparedStatement[]) => roundTrip(delayMs, () => inner.batch<T>(statements.map(unwrap))),
    exec: (query: string) => roundTrip(delayMs, () => inner.exec(query)),
    withSession: (constraintOrBookmark?: string) => traceSession(inner.withSession(constraintOrBookmark), options),
    dump: () => roundTrip(delayMs, () => inner.dump()),
  };
  return db as unknown as D1Database;
}

const wrapped = new WeakMap<object, { key: string; env: object }>();

/**
 * `env` with its `DB` traced when the variables ask for it, and its Durable Object namespaces
 * counting their calls (src/db/object-trace.ts); otherwise `env` itself. Every other binding is read
 * through to the original object.
 */
export function traceD1<E extends object>(env: E): E {
  const options = d1TraceOptions(env);
  const db = (env as TraceVars).DB;
  if (!options || !db) return env;
  const key = `${options.delayMs};${options.replicaDelayMs ?? options.delayMs}`;
  const cached = wrapped.get(env);
  if (cached && cached.key === key) return cached.env as E;
  const traced = traceD1Database(db, options);
  const proxy = new Proxy(env, {
    get: (target, prop, receiver) => {
      if (prop === "DB") return traced;
      const value = Reflect.get(target, prop, receiver);
      // Durable Object calls are counted alongside (src/db/object-trace.ts).
      return isNamespace(value) ? traceNamespace(value) : value;
    },
  });
  wrapped.set(env, { key, env: proxy });
  return proxy;
}

/**
 * The Worker's entry with D1 traced when the variables ask for it: `env.DB` is wrapped and each
 * response carries `x-d1-calls` (plus `x-d1-calls-overlap: 1` when other requests ran meanwhile)
 * and `x-object-calls` (the Durable Object calls made meanwhile, src/db/object-trace.ts).
 */
export function withD1Trace<E extends object, H extends ExportedHandler<E>>(handler: H & ExportedHandler<E>): H {
  const { fetch, scheduled } = handler;
  if (!fetch) return handler;
  const traced = async (request: Parameters<typeof fetch>[0], env: E, ctx: ExecutionContext) => {
    const before = d1Counts();
    const objectsBefore = objectCalls();
    const serial = ++requests.started;
    // Another request, or background work (waitUntil, an alarm) with a D1 call in flight.
    let overlap = ++requests.active > 1 || counters.inFlight > 0;
    let response: Response;
    try {
      response = await fetch(request, traceD1(env), ctx);
    } finally {
      requests.active--;
    }
    overlap ||= requests.started !== serial || requests.active > 0;
    const after = d1Counts();
    if (response.status === 101) return response; // a WebSocket upgrade keeps its socket
    const out = new Response(response.body, response);
    out.headers.set(D1_CALLS_HEADER, `${after.calls - before.calls};${after.sequential - before.sequential}`);
    out.headers.set(OBJECT_CALLS_HEADER, String(objectCalls() - objectsBefore));
    if (overlap) out.headers.set(D1_OVERLAP_HEADER, "1");
    return out;
  };
  return {
    ...handler,
    // Off: the original handler's answer, as it is (not even an extra promise).
    fetch: (request: Parameters<typeof fetch>[0], env: E, ctx: ExecutionContext) =>
      d1TraceOptions(env) ? traced(request, env, ctx) : fetch(request, env, ctx),
    ...(scheduled ? { scheduled: (controller: ScheduledController, env: E, ctx: ExecutionContext) => scheduled(controller, traceD1(env), ctx) } : {}),
  };
}
