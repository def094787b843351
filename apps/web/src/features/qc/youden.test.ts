import { describe, expect, it } from 'vitest';
import type { ChartLevel, ChartPoint } from './api.ts';
import { youdenPoints } from './youden.ts';

const point = (serija: string, z: number, iskljucen = false): ChartPoint => ({
  _id: `${serija}-${z}`, serija, izmjereno: '2026-11-24T08:00:00.000Z', vrijednost: z, z, status: 'prihvacen', pravila: [], iskljucen,
});
const level = (nivo: number, tacke: ChartPoint[]): ChartLevel => ({
  nivo, mean: 0, sd: 1, izvor: 'proizvodjac', established: false, statistika: { n: 0, mean: null, sd: null, cv: null, bias: null, sigma: null }, tacke,
});

describe('youdenPoints', () => {
  it('pairs the two levels of each run, leaving out runs with one level only or an excluded level', () => {
    const first = level(1, [point('a', 0.5), point('b', 2.1), point('c', -1), point('d', 1, true)]);
    const second = level(2, [point('a', 0.4), point('b', 2.3), point('d', 1.2), point('e', 0.1)]);
    expect(youdenPoints(first, second)).toEqual([{ x: 0.5, y: 0.4 }, { x: 2.1, y: 2.3 }]);
  });
});
