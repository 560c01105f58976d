/** Small helpers shared by the benchmarks: percentiles and how a latency is printed. */

/** The p-th percentile of an ascending list (nearest rank). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "n/a");
