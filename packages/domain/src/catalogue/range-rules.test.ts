import { describe, expect, it } from 'vitest';
import { MAX_AGE_DAYS } from '../assays/reference-ranges.ts';
import { type EditedRange, daysAsYears, referenceRangeProblems, yearsToDays } from './range-rules.ts';

function range(overrides: Partial<EditedRange>): EditedRange {
  return {
    spol: null, ageMinDays: 0, ageMaxDays: MAX_AGE_DAYS, trudnica: null, menopauza: null,
    low: 1, high: 2, criticalLow: null, criticalHigh: null, tekst: null, ...overrides,
  };
}

describe('referenceRangeProblems', () => {
  it('accepts bands of one group that follow one another day after day, and other groups on their own', () => {
    expect(referenceRangeProblems([
      range({ ageMinDays: 0, ageMaxDays: 29 }),
      range({ ageMinDays: 30, ageMaxDays: yearsToDays(18) - 1 }),
      range({ ageMinDays: yearsToDays(18) }),
      // Men from 12 years, and pregnant women: groups of their own, open before their first band.
      range({ spol: 'MUŠKI', ageMinDays: yearsToDays(12), ageMaxDays: yearsToDays(18) - 1 }),
      range({ spol: 'MUŠKI', ageMinDays: yearsToDays(18) }),
      range({ spol: 'ŽENSKI', trudnica: true, ageMinDays: yearsToDays(12) }),
    ])).toEqual([]);
  });

  it('refuses an overlap inside a group, naming the later band and the one it overlaps', () => {
    expect(referenceRangeProblems([
      range({ spol: 'ŽENSKI', ageMinDays: yearsToDays(18) }),
      range({ spol: 'ŽENSKI', ageMinDays: 0, ageMaxDays: yearsToDays(18) }),
    ])).toEqual([{ index: 0, field: 'ageMinDays', code: 'catalogue.rangeOverlap', other: 1 }]);
  });

  it('refuses two ranges for the same patients over the same ages', () => {
    expect(referenceRangeProblems([range({}), range({ low: 3, high: 4 })]))
      .toEqual([{ index: 1, field: 'ageMinDays', code: 'catalogue.rangeOverlap', other: 0 }]);
  });

  it('refuses a gap inside a group', () => {
    expect(referenceRangeProblems([
      range({ ageMinDays: 0, ageMaxDays: 29 }),
      range({ ageMinDays: 31 }),
    ])).toEqual([{ index: 1, field: 'ageMinDays', code: 'catalogue.rangeGap', other: 0 }]);
  });

  it('keeps pregnancy and menopause groups apart from the plain group of the same sex', () => {
    expect(referenceRangeProblems([
      range({ spol: 'ŽENSKI' }),
      range({ spol: 'ŽENSKI', trudnica: true }),
      range({ spol: 'ŽENSKI', menopauza: true, ageMinDays: yearsToDays(40) }),
    ])).toEqual([]);
  });

  it('refuses ages out of order or past 150 years, limits out of order and a range with nothing to judge by', () => {
    expect(referenceRangeProblems([range({ ageMinDays: 100, ageMaxDays: 50 })]))
      .toEqual([{ index: 0, field: 'ageMaxDays', code: 'catalogue.rangeAges' }]);
    expect(referenceRangeProblems([range({ ageMaxDays: MAX_AGE_DAYS + 1 })]))
      .toEqual([{ index: 0, field: 'ageMaxDays', code: 'catalogue.rangeAges' }]);
    expect(referenceRangeProblems([range({ low: 5, high: 4 })]))
      .toEqual([{ index: 0, field: 'high', code: 'catalogue.rangeLimits' }]);
    expect(referenceRangeProblems([range({ low: 5, criticalLow: 6, high: 8, criticalHigh: 7 })])).toEqual([
      { index: 0, field: 'criticalLow', code: 'catalogue.rangeCritical' },
      { index: 0, field: 'criticalHigh', code: 'catalogue.rangeCritical' },
    ]);
    expect(referenceRangeProblems([range({ low: null, high: null, tekst: ' ' })]))
      .toEqual([{ index: 0, field: 'tekst', code: 'catalogue.rangeEmpty' }]);
    expect(referenceRangeProblems([range({ low: null, high: null, tekst: 'Negativan' })])).toEqual([]);
  });
});

describe('age in years', () => {
  it('converts years to days on the birthday and reads whole years back', () => {
    expect(yearsToDays(18)).toBe(6575);
    expect(daysAsYears(6575, 'from')).toBe(18);
    expect(daysAsYears(6574, 'to')).toBe(18);
    expect(daysAsYears(30, 'from')).toBeNull();
    expect(daysAsYears(MAX_AGE_DAYS, 'to')).toBeNull();
  });
});
