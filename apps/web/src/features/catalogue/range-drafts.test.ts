import { describe, expect, it } from 'vitest';
import { MAX_AGE_DAYS, yearsToDays } from '@lis/domain';
import { checkDrafts, draftOf, emptyDraft, rangeInputs } from './range-drafts.ts';

const stored = {
  spol: null, trudnica: null, menopauza: null, low: 3.9, high: 6.1, critical_low: null, critical_high: null, jedinica: null, tekst: null,
} as const;

describe('range drafts', () => {
  it('shows ages on birthdays in years (to: the day before the birthday) and other ages in days, and reads them back', () => {
    const adult = draftOf({ ...stored, age_min_days: yearsToDays(18), age_max_days: MAX_AGE_DAYS });
    expect(adult).toMatchObject({ unit: 'years', from: '18', to: '', low: '3,9', high: '6,1' });
    const child = draftOf({ ...stored, age_min_days: yearsToDays(1), age_max_days: yearsToDays(18) - 1 });
    expect(child).toMatchObject({ unit: 'years', from: '1', to: '18' });
    const newborn = draftOf({ ...stored, age_min_days: 0, age_max_days: 29 });
    expect(newborn).toMatchObject({ unit: 'days', from: '0', to: '29' });
    expect(rangeInputs([adult, child, newborn]).map((range) => [range.age_min_days, range.age_max_days, range.low]))
      .toEqual([[yearsToDays(18), MAX_AGE_DAYS, 3.9], [yearsToDays(1), yearsToDays(18) - 1, 3.9], [0, 29, 3.9]]);
  });

  it('refuses a gap between bands of the same patients and a limit that is not a number, each at its row and field', () => {
    const first = { ...emptyDraft(), unit: 'days' as const, from: '0', to: '29', low: '1' };
    const second = { ...emptyDraft(), unit: 'days' as const, from: '31', low: '2' };
    expect(checkDrafts([first, second])).toEqual({ ok: false, errors: { 1: { age_min_days: 'catalogue.rangeGap' } } });
    const typo = { ...second, from: '30', high: '5,x' };
    expect(checkDrafts([first, typo])).toEqual({ ok: false, errors: { 1: { high: null } } });
    expect(checkDrafts([first, { ...second, from: '30' }]).ok).toBe(true);
  });
});
