/**
 * Control statistics: mean, SD and CV of a set of control results, the target a lot's level is judged by,
 * and the monthly bias and Sigma.
 */

export interface Summary {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1); null below two results. */
  sd: number | null;
  /** Coefficient of variation, % of the mean; null without an SD or with a zero mean. */
  cv: number | null;
}

export function summarise(values: readonly number[]): Summary | null {
  const n = values.length;
  if (n === 0) return null;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  if (n < 2) return { n, mean, sd: null, cv: null };
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1));
  return { n, mean, sd, cv: mean === 0 ? null : (sd / Math.abs(mean)) * 100 };
}

/**
 * Where a level's target mean and SD come from: the manufacturer's insert ('proizvodjac'), the first
 * `ESTABLISHING_RUNS` counted results of the lot ('prvih20'), or all of its counted results ('kumulativno').
 */
export const TARGET_SOURCES = ['proizvodjac', 'prvih20', 'kumulativno'] as const;
export type TargetSource = (typeof TARGET_SOURCES)[number];

/** How many results establish a lot's own target (CLSI C24: at least 20). */
export const ESTABLISHING_RUNS = 20;

export interface Target {
  mean: number;
  sd: number;
  /** Whether the lot's own results gave the target (false: the declared values are in force). */
  established: boolean;
}

/** What a level's counted results give its target: how many there are, and the mean and SD of the first 20 and of all. */
export interface CountedSummary {
  n: number;
  first: { mean: number; sd: number | null } | null;
  all: { mean: number; sd: number | null } | null;
}

/** The counted summary of a level's results in order (oldest first); the database computes the same in SQL for long histories. */
export function countedSummary(values: readonly number[]): CountedSummary {
  return { n: values.length, first: summarise(values.slice(0, ESTABLISHING_RUNS)), all: summarise(values) };
}

/**
 * The target a level is judged by. Until `ESTABLISHING_RUNS` results are counted, the declared mean and
 * SD (the insert's) are in force whatever the source; then 'prvih20' takes those first results' mean and SD
 * for good and 'kumulativno' all counted results so far. A computed SD of zero (identical results) keeps
 * the declared target, since nothing can be judged against it.
 */
export function targetOf(source: TargetSource, declared: { mean: number; sd: number }, counted: CountedSummary): Target {
  const fallback = { mean: declared.mean, sd: declared.sd, established: false };
  if (source === 'proizvodjac' || counted.n < ESTABLISHING_RUNS) return fallback;
  const summary = source === 'prvih20' ? counted.first : counted.all;
  if (!summary?.sd) return fallback;
  return { mean: summary.mean, sd: summary.sd, established: true };
}

/** Bias, % of the target mean: (observed mean − target mean) / target mean · 100; null for a zero target. */
export function biasPercent(observedMean: number, targetMean: number): number | null {
  return targetMean === 0 ? null : ((observedMean - targetMean) / targetMean) * 100;
}

/** Sigma metric: (TEa − |bias|) / CV, all in %; null without a CV above zero. */
export function sigmaMetric(teaPercent: number, bias: number, cvPercent: number | null): number | null {
  return cvPercent === null || cvPercent <= 0 ? null : (teaPercent - Math.abs(bias)) / cvPercent;
}

/** A month's statistics of one assay and level of a lot: the counted results against the target in force. */
export interface MonthlyStatistics {
  n: number;
  mean: number | null;
  sd: number | null;
  cv: number | null;
  /** (mean − target) / target · 100; null without results or for a zero target. */
  bias: number | null;
  /** (TEa − |bias|) / CV; null without the assay's TEa, a bias or a CV above zero. */
  sigma: number | null;
}

/** The monthly table's row: n, mean, SD and CV of the month's counted values, their bias against `targetMean` and Sigma from `tea` (%). */
export function monthlyStatistics(values: readonly number[], targetMean: number, tea: number | null): MonthlyStatistics {
  const summary = summarise(values);
  if (!summary) return { n: 0, mean: null, sd: null, cv: null, bias: null, sigma: null };
  const bias = biasPercent(summary.mean, targetMean);
  const sigma = tea !== null && bias !== null ? sigmaMetric(tea, bias, summary.cv) : null;
  return { ...summary, bias, sigma };
}
