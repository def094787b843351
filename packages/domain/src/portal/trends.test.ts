import { describe, expect, it } from 'vitest';
import type { FrozenReportInput } from '../nalazi/frozen.ts';
import { plainStanding, portalTrends } from './trends.ts';

function report(code: string, collectedAt: string, tests: { naziv: string; rezultat: string | null; flag: 'N' | 'H' | 'L' | null; redoslijed: number }[]) {
  return {
    sid: `sid-${code}`,
    content: {
      sample: { code, collectedAt },
      tests: tests.map((test) => ({
        section: { naziv: 'Biohemija', nazivEn: 'Biochemistry', nazivDe: 'Biochemie', redoslijed: 1 },
        name: { naziv: test.naziv, nazivEn: `${test.naziv} en`, nazivDe: `${test.naziv} de` }, redoslijed: test.redoslijed,
        rezultat: test.rezultat, jedinica: 'mmol/L', range: { low: 3.9, high: 6.1, text: null }, flag: test.flag, calculated: false,
      })),
    } as unknown as FrozenReportInput,
  };
}

describe('portal trends', () => {
  it('says a flag in plain words', () => {
    expect([plainStanding('N'), plainStanding('HH'), plainStanding('L'), plainStanding(null)]).toEqual(['within', 'high', 'low', null]);
  });

  it('builds one series per assay in report order, oldest sample first, skipping empty results', () => {
    const trends = portalTrends([
      report('B', '2026-02-01T08:00:00.000Z', [{ naziv: 'Glukoza', rezultat: '7,2', flag: 'H', redoslijed: 2 }, { naziv: 'Urea', rezultat: null, flag: null, redoslijed: 1 }]),
      report('A', '2026-01-01T08:00:00.000Z', [{ naziv: 'Glukoza', rezultat: '5,1', flag: 'N', redoslijed: 2 }, { naziv: 'Urea', rezultat: '4', flag: 'N', redoslijed: 1 }]),
    ]);
    expect(trends.map((trend) => trend.naziv)).toEqual(['Urea', 'Glukoza']);
    expect(trends[1]!.points.map((point) => [point.code, point.value, point.standing, point.low, point.high])).toEqual([
      ['A', 5.1, 'within', 3.9, 6.1], ['B', 7.2, 'high', 3.9, 6.1],
    ]);
    expect(trends[0]!.points).toHaveLength(1);
  });
});
