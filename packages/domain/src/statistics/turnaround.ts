/**
 * Turnaround (reception to verification) of a set of samples from their counts per whole minute. The
 * statistics keep, per site, day and lab section, how many samples took each number of minutes, counted
 * rounded up: a sample verified 59 min 20 s after reception took 60 minutes. So "within a target of T
 * minutes" is exact for whole-minute targets, and a month of a busy site is a few thousand counts rather than
 * one row per sample to sort.
 */

/** How many samples (`uzorci`) took `minuta` whole minutes. */
export interface MinuteCount {
  minuta: number;
  uzorci: number;
}

export interface TurnaroundSummary {
  /** Samples measured. */
  n: number;
  /** Median and 90th percentile in minutes; null without any sample. */
  medijan: number | null;
  p90: number | null;
  /** Samples that took at most the target. */
  u_cilju: number;
}

/**
 * The `fraction` percentile of the values the counts stand for, as PostgreSQL's percentile_cont takes it: the
 * value at position fraction × (n − 1) of the sorted values (0-based), interpolated linearly between the two
 * values around it. `sorted` is in ascending minutes, each count positive, summing to `total`.
 */
function percentileOfCounts(sorted: readonly MinuteCount[], total: number, fraction: number): number {
  const position = fraction * (total - 1);
  const lowRank = Math.floor(position);
  const highRank = Math.ceil(position);
  let low: number | undefined;
  let high: number | undefined;
  let seen = 0;
  for (const bucket of sorted) {
    seen += bucket.uzorci;
    // Ranks 0 .. seen − 1 hold this bucket's minutes or fewer.
    if (low === undefined && lowRank < seen) low = bucket.minuta;
    if (highRank < seen) {
      high = bucket.minuta;
      break;
    }
  }
  if (low === undefined || high === undefined) throw new Error('percentile: the counts sum to less than their total');
  return low + (high - low) * (position - lowRank);
}

/**
 * Median, 90th percentile and how many within `target` minutes of the samples the counts stand for. The
 * counts may come in any order and repeat a minute (several days' counts of one minute).
 */
export function turnaroundOfCounts(counts: readonly MinuteCount[], target: number): TurnaroundSummary {
  const merged = new Map<number, number>();
  for (const { minuta, uzorci } of counts) merged.set(minuta, (merged.get(minuta) ?? 0) + uzorci);
  const sorted = [...merged].map(([minuta, uzorci]) => ({ minuta, uzorci })).filter((bucket) => bucket.uzorci > 0)
    .sort((a, b) => a.minuta - b.minuta);
  const n = sorted.reduce((total, bucket) => total + bucket.uzorci, 0);
  const withinTarget = sorted.filter((bucket) => bucket.minuta <= target).reduce((total, bucket) => total + bucket.uzorci, 0);
  if (n === 0) return { n: 0, medijan: null, p90: null, u_cilju: 0 };
  return { n, medijan: percentileOfCounts(sorted, n, 0.5), p90: percentileOfCounts(sorted, n, 0.9), u_cilju: withinTarget };
}
