import { describe, expect, it } from 'vitest';
import { turnaroundOfCounts, type MinuteCount } from './turnaround.ts';

/** PostgreSQL's percentile_cont over the values themselves, written plainly: the reference the counts must match. */
function percentileOfValues(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (position - low);
}

function countsOf(values: readonly number[]): MinuteCount[] {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([minuta, uzorci]) => ({ minuta, uzorci }));
}

describe('turnaround from counts per minute', () => {
  it('is empty without a sample, and ignores counts that cancel out', () => {
    expect(turnaroundOfCounts([], 240)).toEqual({ n: 0, medijan: null, p90: null, u_cilju: 0 });
    expect(turnaroundOfCounts([{ minuta: 30, uzorci: 0 }, { minuta: 50, uzorci: 0 }], 240)).toEqual({ n: 0, medijan: null, p90: null, u_cilju: 0 });
  });

  it('takes one sample as its own median and 90th percentile', () => {
    expect(turnaroundOfCounts([{ minuta: 50, uzorci: 1 }], 240)).toEqual({ n: 1, medijan: 50, p90: 50, u_cilju: 1 });
    expect(turnaroundOfCounts([{ minuta: 50, uzorci: 1 }], 49)).toEqual({ n: 1, medijan: 50, p90: 50, u_cilju: 0 });
  });

  it('interpolates between ranks as percentile_cont does', () => {
    // 30, 120, 300, 500: position 1.5 for the median, 2.7 for the 90th percentile.
    const counts = countsOf([30, 120, 300, 500]);
    expect(turnaroundOfCounts(counts, 240)).toEqual({ n: 4, medijan: 210, p90: 440, u_cilju: 2 });
  });

  it('counts a target as met by a sample of exactly that many minutes', () => {
    expect(turnaroundOfCounts(countsOf([60, 60, 61]), 60).u_cilju).toBe(2);
  });

  it('adds the counts of one minute from several days, in any order', () => {
    const split = [{ minuta: 90, uzorci: 2 }, { minuta: 15, uzorci: 1 }, { minuta: 90, uzorci: 3 }, { minuta: 15, uzorci: -1 }, { minuta: 200, uzorci: 4 }];
    expect(turnaroundOfCounts(split, 100)).toEqual(turnaroundOfCounts([{ minuta: 90, uzorci: 5 }, { minuta: 200, uzorci: 4 }], 100));
    expect(turnaroundOfCounts(split, 100).n).toBe(9);
  });

  it('equals percentile_cont over the values for many random sets', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let round = 0; round < 300; round += 1) {
      const size = 1 + Math.floor(random() * 60);
      const values = Array.from({ length: size }, () => Math.floor(random() * (round % 3 === 0 ? 5 : 400)));
      const target = Math.floor(random() * 400);
      const summary = turnaroundOfCounts(countsOf(values), target);
      expect(summary.n).toBe(size);
      expect(summary.medijan).toBeCloseTo(percentileOfValues(values, 0.5), 9);
      expect(summary.p90).toBeCloseTo(percentileOfValues(values, 0.9), 9);
      expect(summary.u_cilju).toBe(values.filter((value) => value <= target).length);
    }
  });
});
