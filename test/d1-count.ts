/**
 * Counts D1 round trips made anywhere in this isolate (the Worker, its Durable Objects and the
 * test share it): every `first`/`all`/`run`/`raw` of a prepared statement and every `batch`.
 * Calls that overlap in time are one sequential round trip; `sequential` counts the groups.
 */
import { env } from "cloudflare:workers";
import { d1Counts, traceD1Database } from "../src/db/trace";

type Call = { what: string; start: number; end: number };
let calls: Call[] | null = null;
let installed = false;

function wrap(proto: Record<string, unknown>, name: string) {
  const original = proto[name] as (...a: unknown[]) => Promise<unknown>;
  proto[name] = async function (this: unknown, ...args: unknown[]) {
    const rec = calls;
    const call: Call = { what: name, start: performance.now(), end: Infinity };
    rec?.push(call);
    try {
      return await original.apply(this, args);
    } finally {
      call.end = performance.now();
    }
  };
}

function install() {
  if (installed) return;
  installed = true;
  const db = Object.getPrototypeOf(env.DB) as Record<string, unknown>;
  const stmt = Object.getPrototypeOf(env.DB.prepare("SELECT 1")) as Record<string, unknown>;
  wrap(db, "batch");
  for (const m of ["first", "all", "run", "raw"]) wrap(stmt, m);
}

export type Trace = { total: number; sequential: number; calls: string[] };

/** Runs `fn` and reports the D1 round trips it made. */
export async function countD1<T>(fn: () => Promise<T>): Promise<{ value: T; trace: Trace }> {
  install();
  calls = [];
  const rec = calls;
  try {
    const value = await fn();
    const sorted = [...rec].sort((a, b) => a.start - b.start);
    let sequential = 0;
    let groupEnd = -Infinity;
    for (const c of sorted) {
      if (c.start >= groupEnd) {
        sequential++;
        groupEnd = c.end;
      } else groupEnd = Math.max(groupEnd, c.end);
    }
    return { value, trace: { total: rec.length, sequential, calls: sorted.map((c) => c.what) } };
  } finally {
    calls = null;
  }
}

/**
 * A D1 binding that counts the round trips made through it (src/db/trace.ts does the
 * counting): each statement run and each batch is one. The requests in these tests run their D1
 * calls one after another, so the count is the number of sequential round trips.
 */
export function countingD1(db: D1Database): { db: D1Database; calls: () => number; reset: () => void } {
  let base = d1Counts().calls;
  return {
    db: traceD1Database(db, { delayMs: 0 }),
    calls: () => d1Counts().calls - base,
    reset: () => {
      base = d1Counts().calls;
    },
  };
}
