/**
 * A D1 binding that counts round trips: each statement run (`first`, `all`, `run`, `raw`) and each
 * `batch` is one. The requests in these tests run their D1 calls one after another, so the count
 * is the number of sequential round trips.
 */
export function countingD1(db: D1Database): { db: D1Database; calls: () => number; reset: () => void } {
  let n = 0;
  const wrapStatement = (s: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(s, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (typeof v !== "function") return v;
        if (prop === "bind") return (...args: unknown[]) => wrapStatement(v.apply(target, args));
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          return (...args: unknown[]) => {
            n++;
            return v.apply(target, args);
          };
        }
        return v.bind(target);
      },
    });
  const counted = new Proxy(db, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (prop === "prepare") return (sql: string) => wrapStatement(target.prepare(sql));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) => {
          n++;
          // The real statements behind the counting wrappers.
          return target.batch(statements);
        };
      }
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return { db: counted, calls: () => n, reset: () => void (n = 0) };
}
