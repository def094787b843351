import { describe, expect, it } from 'vitest';
import { ageFromJmbg, ageInDays, ageOn, birthDateForAge, patientAge } from './age.ts';

describe('ageOn', () => {
  it('counts whole years, then months, then days', () => {
    expect(ageOn({ year: 1985, month: 3, day: 15 }, { year: 2024, month: 5, day: 17 })).toEqual({ years: 39, months: 2, days: 2 });
    expect(ageOn({ year: 1985, month: 5, day: 17 }, { year: 2024, month: 5, day: 17 })).toEqual({ years: 39, months: 0, days: 0 });
    expect(ageOn({ year: 1985, month: 5, day: 18 }, { year: 2024, month: 5, day: 17 })).toEqual({ years: 38, months: 11, days: 29 });
  });

  it('borrows from the right month at month ends', () => {
    expect(ageOn({ year: 2024, month: 1, day: 31 }, { year: 2024, month: 3, day: 1 })).toEqual({ years: 0, months: 1, days: 1 });
    expect(ageOn({ year: 2023, month: 1, day: 31 }, { year: 2023, month: 2, day: 28 })).toEqual({ years: 0, months: 0, days: 28 });
    expect(ageOn({ year: 2023, month: 3, day: 15 }, { year: 2024, month: 1, day: 10 })).toEqual({ years: 0, months: 9, days: 26 });
    expect(ageOn({ year: 2023, month: 1, day: 31 }, { year: 2023, month: 3, day: 1 })).toEqual({ years: 0, months: 1, days: 1 });
  });

  it('counts a 29 February birthday from 1 March in common years', () => {
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2005, month: 2, day: 27 })).toEqual({ years: 0, months: 11, days: 29 });
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2005, month: 2, day: 28 })).toEqual({ years: 0, months: 11, days: 30 });
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2005, month: 3, day: 1 })).toEqual({ years: 1, months: 0, days: 1 });
    expect(ageOn({ year: 2004, month: 2, day: 29 }, { year: 2008, month: 2, day: 29 })).toEqual({ years: 4, months: 0, days: 0 });
  });

  it('is zero on the day of birth and null before it', () => {
    expect(ageOn({ year: 2024, month: 5, day: 17 }, { year: 2024, month: 5, day: 17 })).toEqual({ years: 0, months: 0, days: 0 });
    expect(ageOn({ year: 2024, month: 5, day: 18 }, { year: 2024, month: 5, day: 17 })).toBeNull();
  });
});

describe('ageInDays', () => {
  it('counts calendar days, leap days included', () => {
    expect(ageInDays({ year: 2024, month: 2, day: 28 }, { year: 2024, month: 3, day: 1 })).toBe(2);
    expect(ageInDays({ year: 2023, month: 2, day: 28 }, { year: 2023, month: 3, day: 1 })).toBe(1);
    expect(ageInDays({ year: 2000, month: 1, day: 1 }, { year: 2001, month: 1, day: 1 })).toBe(366);
    // Across the spring daylight-saving change in Europe: still whole days.
    expect(ageInDays({ year: 2024, month: 3, day: 30 }, { year: 2024, month: 4, day: 1 })).toBe(2);
  });
});

describe('age from the ID', () => {
  const today = { year: 2024, month: 5, day: 17 };

  it('uses the birth date of a real JMBG or a date placeholder', () => {
    expect(ageFromJmbg('1503985170003', today)).toEqual({ jmbgObj: { years: 39, months: 2, days: 2 }, days: 14308 });
    expect(ageFromJmbg('150398510000P', today)?.jmbgObj).toEqual({ years: 39, months: 2, days: 2 });
  });

  it('counts a year-only patient from 1 January of the birth year', () => {
    expect(birthDateForAge('000001210000P')).toEqual({ year: 2012, month: 1, day: 1 });
    expect(ageFromJmbg('000001210000P', today)?.jmbgObj).toEqual({ years: 12, months: 4, days: 16 });
  });

  it('is null without birth data, for a birth in the future and for an invalid ID', () => {
    expect(ageFromJmbg('000090010000P', today)).toBeNull();
    expect(ageFromJmbg('0101025170003', today)).toBeNull();
    expect(ageFromJmbg('3102985170003', today)).toBeNull();
    expect(ageFromJmbg('nonsense', today)).toBeNull();
  });

  it('gives a newborn its age in days', () => {
    expect(ageFromJmbg('1005024175003', today)).toEqual({ jmbgObj: { years: 0, months: 0, days: 7 }, days: 7 });
  });
});

describe('patientAge', () => {
  const today = { year: 2024, month: 5, day: 17 };

  it('prefers the ID, and uses a typed birth year only when the ID tells nothing', () => {
    expect(patientAge({ jmbg: '1503985170003', godiste: 1950 }, today)?.jmbgObj.years).toBe(39);
    expect(patientAge({ jmbg: '000090010000P', godiste: 1950 }, today)?.jmbgObj).toEqual({ years: 74, months: 4, days: 16 });
    expect(patientAge({ jmbg: '000090010000P', godiste: null }, today)).toBeNull();
    expect(patientAge({ jmbg: '0101025170003', godiste: 1950 }, today)).toBeNull();
  });
});
