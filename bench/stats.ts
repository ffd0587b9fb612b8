/** Small statistics for bench figures. */

/** The p-th percentile (0–100) by linear interpolation between closest ranks; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** Wall-clock p50/p95 of a series of calls, and the same of the CPU time each call used. */
export interface CallFigures {
  p50: number;
  p95: number;
  cpu: { p50: number; p95: number };
}

/** Per figure, the median over several measurements of the same calls. */
export function medianFigures(measurements: readonly CallFigures[]): CallFigures {
  const median = (figure: (m: CallFigures) => number) => percentile(measurements.map(figure), 50);
  return {
    p50: median((m) => m.p50),
    p95: median((m) => m.p95),
    cpu: { p50: median((m) => m.cpu.p50), p95: median((m) => m.cpu.p95) },
  };
}

/** p50 and p95 of the values. */
export function p50p95(values: readonly number[]): { p50: number; p95: number } {
  return { p50: percentile(values, 50), p95: percentile(values, 95) };
}

/** The arithmetic mean; NaN for no values. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, v) => sum + v, 0) / values.length;
}
