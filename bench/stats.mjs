/** Small helpers shared by the benchmarks: percentiles and a closed-loop load generator. */

/** The p-th percentile of an ascending list (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "n/a");

/**
 * Runs `fn(i)` from `concurrency` workers until `total` calls have started (or, with `durationMs`,
 * until the time is up). Each worker starts its next call when the previous one ends.
 * Returns every call's latency (ascending), the count, the elapsed seconds and the throughput.
 * `fn` may return a result; a thrown error is counted and the run goes on.
 */
export async function closedLoop({ concurrency, total = Infinity, durationMs = Infinity, fn }) {
  const latencies = [];
  const errors = [];
  let started = 0;
  const t0 = performance.now();
  const until = t0 + durationMs;
  async function worker() {
    while (started < total && performance.now() < until) {
      const i = started++;
      const s = performance.now();
      try {
        await fn(i);
        latencies.push(performance.now() - s);
      } catch (err) {
        errors.push(err);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
