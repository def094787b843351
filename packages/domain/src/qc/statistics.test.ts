import { describe, expect, it } from 'vitest';
import { ESTABLISHING_RUNS, biasPercent, countedSummary, monthlyStatistics, sigmaMetric, summarise, targetOf } from './statistics.ts';

describe('summarise', () => {
  it('mean, sample SD (n − 1) and CV', () => {
    const summary = summarise([2, 4, 4, 4, 5, 5, 7, 9])!;
    expect(summary.n).toBe(8);
    expect(summary.mean).toBe(5);
    expect(summary.sd).toBeCloseTo(2.138, 3);
    expect(summary.cv).toBeCloseTo(42.76, 2);
  });
  it('no SD below two results, no CV for a zero mean, nothing for no results', () => {
    expect(summarise([3])).toEqual({ n: 1, mean: 3, sd: null, cv: null });
    expect(summarise([-1, 1])!.cv).toBeNull();
    expect(summarise([])).toBeNull();
  });
});

describe('targetOf', () => {
  const target = (source: Parameters<typeof targetOf>[0], declared: { mean: number; sd: number }, values: number[]) => targetOf(source, declared, countedSummary(values));
  const declared = { mean: 100, sd: 5 };
  const values = Array.from({ length: ESTABLISHING_RUNS + 5 }, (_, index) => 90 + (index % 5));
  it("the insert's values for 'proizvodjac', whatever the results", () => {
    expect(target('proizvodjac', declared, values)).toEqual({ ...declared, established: false });
  });
  it('the declared values until 20 results are counted (19 is not enough)', () => {
    expect(target('prvih20', declared, values.slice(0, ESTABLISHING_RUNS - 1))).toEqual({ ...declared, established: false });
    expect(target('kumulativno', declared, values.slice(0, ESTABLISHING_RUNS - 1)).established).toBe(false);
  });
  it("'prvih20' takes the first 20 results for good; 'kumulativno' all of them", () => {
    const first = target('prvih20', declared, values);
    expect(first).toMatchObject({ mean: 92, established: true });
    expect(target('prvih20', declared, [...values, 200, 200])).toEqual(first);
    const cumulative = target('kumulativno', declared, [...values, 200]);
    expect(cumulative.established).toBe(true);
    expect(cumulative.mean).toBeGreaterThan(first.mean);
  });
  it('keeps the declared values when the results are identical (SD zero)', () => {
    expect(target('prvih20', declared, Array.from({ length: 20 }, () => 7))).toEqual({ ...declared, established: false });
  });
});

describe('bias and Sigma', () => {
  it('bias in % of the target; Sigma = (TEa − |bias|) / CV', () => {
    expect(biasPercent(102, 100)).toBeCloseTo(2, 10);
    expect(biasPercent(98, 100)).toBeCloseTo(-2, 10);
    expect(biasPercent(1, 0)).toBeNull();
    expect(sigmaMetric(10, -2, 2)).toBe(4);
    expect(sigmaMetric(10, 2, null)).toBeNull();
    expect(sigmaMetric(10, 2, 0)).toBeNull();
  });
});

describe('monthlyStatistics (the monthly table)', () => {
  it('a worked example: five results against a target of 98 with TEa 12 %', () => {
    // Values 102, 98, 104, 100, 96: mean 500 / 5 = 100; squared deviations 4 + 4 + 16 + 0 + 16 = 40, SD = √(40 / 4)
    // = √10 = 3.16228; CV = 3.16228 / 100 = 3.16228 %; bias = (100 − 98) / 98 = +2.04082 %;
    // Sigma = (12 − 2.04082) / 3.16228 = 3.14937.
    const row = monthlyStatistics([102, 98, 104, 100, 96], 98, 12);
    expect(row.n).toBe(5);
    expect(row.mean).toBe(100);
    expect(row.sd).toBeCloseTo(3.16228, 5);
    expect(row.cv).toBeCloseTo(3.16228, 5);
    expect(row.bias).toBeCloseTo(2.04082, 5);
    expect(row.sigma).toBeCloseTo(3.14937, 5);
  });
  it('a negative bias counts by its size; no Sigma without TEa or with a single result; nothing without results', () => {
    expect(monthlyStatistics([102, 98, 104, 100, 96], 102, 12).sigma).toBeCloseTo((12 - 1.96078) / 3.16228, 4);
    const withoutTea = monthlyStatistics([102, 98, 104, 100, 96], 98, null);
    expect(withoutTea.bias).toBeCloseTo(2.04082, 5);
    expect(withoutTea.sigma).toBeNull();
    expect(monthlyStatistics([101], 100, 10)).toEqual({ n: 1, mean: 101, sd: null, cv: null, bias: 1, sigma: null });
    expect(monthlyStatistics([], 100, 10)).toEqual({ n: 0, mean: null, sd: null, cv: null, bias: null, sigma: null });
  });
});
