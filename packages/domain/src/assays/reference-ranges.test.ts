import { describe, expect, it } from 'vitest';
import { MAX_AGE_DAYS, selectReferenceRange, type ReferenceRange } from './reference-ranges.ts';

const YEAR = 365.25;
const days = (years: number): number => Math.round(years * YEAR);
/** Last day of an age band that ends at a birthday (bounds are inclusive). */
const before = (years: number): number => days(years) - 1;

function range(id: string, overrides: Partial<ReferenceRange>): ReferenceRange & { id: string } {
  return { id, spol: null, ageMinDays: 0, ageMaxDays: MAX_AGE_DAYS, trudnica: null, low: null, high: null, tekst: null, ...overrides };
}

// Haemoglobin as the demo catalogue has it: children by age, adults by sex, pregnancy apart.
const hgb = [
  range('newborn', { ageMaxDays: 29, low: 135, high: 215 }),
  range('infant', { ageMinDays: 30, ageMaxDays: before(1), low: 95, high: 135 }),
  range('child', { ageMinDays: days(1), ageMaxDays: before(12), low: 105, high: 155 }),
  range('teen-m', { spol: 'MUŠKI', ageMinDays: days(12), ageMaxDays: before(18), low: 130, high: 160 }),
  range('teen-f', { spol: 'ŽENSKI', ageMinDays: days(12), ageMaxDays: before(18), low: 120, high: 160 }),
  range('adult-m', { spol: 'MUŠKI', ageMinDays: days(18), low: 138, high: 175 }),
  range('adult-f', { spol: 'ŽENSKI', ageMinDays: days(18), low: 119, high: 157 }),
  range('pregnant', { spol: 'ŽENSKI', ageMinDays: days(12), trudnica: true, low: 110, high: 150 }),
];

describe('selectReferenceRange', () => {
  it.each([
    ['MUŠKI', 3, false, 'newborn'],
    ['ŽENSKI', 29, false, 'newborn'],
    ['ŽENSKI', 30, false, 'infant'],
    ['MUŠKI', days(5), false, 'child'],
    ['MUŠKI', days(15), false, 'teen-m'],
    ['ŽENSKI', days(15), false, 'teen-f'],
    ['MUŠKI', days(18), false, 'adult-m'],
    ['MUŠKI', days(18) - 1, false, 'teen-m'],
    ['ŽENSKI', days(40), false, 'adult-f'],
    ['ŽENSKI', days(30), true, 'pregnant'],
    ['ŽENSKI', days(16), true, 'pregnant'],
    ['MUŠKI', days(100), false, 'adult-m'],
  ] as const)('%s aged %d days, pregnant %s: %s', (spol, ageDays, trudnica, expected) => {
    expect(selectReferenceRange(hgb, { spol, ageDays, trudnica })?.id).toBe(expected);
  });

  it('gives nothing beyond the age scale or when only sex-specific ranges exist and sex is unknown', () => {
    expect(selectReferenceRange(hgb, { spol: 'MUŠKI', ageDays: MAX_AGE_DAYS })?.id).toBe('adult-m');
    expect(selectReferenceRange(hgb, { spol: 'MUŠKI', ageDays: MAX_AGE_DAYS + 1 })).toBeNull();
    expect(selectReferenceRange(hgb, { spol: null, ageDays: days(40) })).toBeNull();
  });

  it('with unknown sex still finds a range for both sexes', () => {
    expect(selectReferenceRange(hgb, { spol: null, ageDays: days(5) })?.id).toBe('child');
  });

  it('with unknown age uses only a range without age limits', () => {
    const sodium = [range('neonate', { ageMaxDays: 29, low: 133, high: 146 }), range('all', { low: 136, high: 145 })];
    expect(selectReferenceRange(sodium, { spol: 'MUŠKI', ageDays: null })?.id).toBe('all');
    expect(selectReferenceRange(hgb, { spol: 'MUŠKI', ageDays: undefined })).toBeNull();
  });

  it('prefers the narrower age band when sex and pregnancy tie', () => {
    const potassium = [range('all', { low: 3.5, high: 5.1 }), range('neonate', { ageMaxDays: 29, low: 3.7, high: 5.9 })];
    expect(selectReferenceRange(potassium, { spol: 'ŽENSKI', ageDays: 10 })?.id).toBe('neonate');
    expect(selectReferenceRange(potassium, { spol: 'ŽENSKI', ageDays: 29 })?.id).toBe('neonate');
    expect(selectReferenceRange(potassium, { spol: 'ŽENSKI', ageDays: 30 })?.id).toBe('all');
  });

  it('prefers sex-specific over a narrower age band, and pregnancy over sex', () => {
    const ranges = [
      range('narrow-any-sex', { ageMinDays: days(20), ageMaxDays: days(30) }),
      range('female', { spol: 'ŽENSKI' }),
      range('pregnancy', { trudnica: true }),
    ];
    expect(selectReferenceRange(ranges, { spol: 'ŽENSKI', ageDays: days(25) })?.id).toBe('female');
    expect(selectReferenceRange(ranges, { spol: 'ŽENSKI', ageDays: days(25), trudnica: true })?.id).toBe('pregnancy');
    expect(selectReferenceRange(ranges, { spol: 'MUŠKI', ageDays: days(25) })?.id).toBe('narrow-any-sex');
  });

  it('keeps the first of two equally specific ranges', () => {
    const ranges = [range('first', { low: 1 }), range('second', { low: 2 })];
    expect(selectReferenceRange(ranges, { spol: 'MUŠKI', ageDays: 100 })?.id).toBe('first');
  });

  it('returns nothing for an assay without ranges', () => {
    expect(selectReferenceRange([], { spol: 'MUŠKI', ageDays: 100 })).toBeNull();
  });
});

describe('selectReferenceRange: pregnancy, menopause and age bounds', () => {
  it('does not use a range for non-pregnant patients in pregnancy', () => {
    const ranges = [range('not-pregnant', { spol: 'ŽENSKI', trudnica: false, high: 5 })];
    expect(selectReferenceRange(ranges, { spol: 'ŽENSKI', ageDays: days(30) })?.id).toBe('not-pregnant');
    expect(selectReferenceRange(ranges, { spol: 'ŽENSKI', ageDays: days(30), trudnica: true })).toBeNull();
  });

  it('prefers a menopause range for a woman in menopause, and ignores it otherwise', () => {
    const fsh = [range('female', { spol: 'ŽENSKI', low: 3.5, high: 12.5 }), range('menopause', { spol: 'ŽENSKI', menopauza: true, low: 25.8, high: 134.8 })];
    expect(selectReferenceRange(fsh, { spol: 'ŽENSKI', ageDays: days(55), menopauza: true })?.id).toBe('menopause');
    expect(selectReferenceRange(fsh, { spol: 'ŽENSKI', ageDays: days(35) })?.id).toBe('female');
  });

  it('includes both age bounds', () => {
    const band = [range('band', { ageMinDays: 30, ageMaxDays: 364 })];
    expect(selectReferenceRange(band, { spol: 'MUŠKI', ageDays: 30 })?.id).toBe('band');
    expect(selectReferenceRange(band, { spol: 'MUŠKI', ageDays: 364 })?.id).toBe('band');
    expect(selectReferenceRange(band, { spol: 'MUŠKI', ageDays: 365 })).toBeNull();
    expect(selectReferenceRange(band, { spol: 'MUŠKI', ageDays: 29 })).toBeNull();
  });
});
