import { describe, expect, it } from 'vitest';
import { ageText, formatKm, priceUnits } from './format.ts';

describe('money', () => {
  it('prints minor units with a decimal comma in Bosnian and German and a point in English', () => {
    expect(formatKm(1350, 'bs')).toBe('13,50 KM');
    expect(formatKm(1350, 'de')).toBe('13,50 KM');
    expect(formatKm(1350, 'en')).toBe('13.50 KM');
    expect(formatKm(0, 'bs')).toBe('0,00 KM');
  });

  it('reads server prices exactly and counts text that is no amount as 0', () => {
    expect(priceUnits('4.50')).toBe(450);
    expect(priceUnits('0.1')).toBe(10);
    expect(priceUnits('abc')).toBe(0);
  });
});

describe('ages', () => {
  it('uses years for adults, years and months for children, months and days for babies', () => {
    expect(ageText({ years: 61, months: 4, days: 2 })).toEqual({ key: 'ageYears', years: 61 });
    expect(ageText({ years: 11, months: 5, days: 11 })).toEqual({ key: 'ageYearsMonths', years: 11, months: 5 });
    expect(ageText({ years: 0, months: 3, days: 9 })).toEqual({ key: 'ageMonthsDays', months: 3, days: 9 });
  });
});
