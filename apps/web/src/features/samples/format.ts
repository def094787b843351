/**
 * How the sample screens print money and ages: prices from integer minor
 * units (never floats), and ages in words. Dates and times are lib/date-time.ts's.
 * Tested in format.test.ts.
 */
import { type Age, type Language, type MinorUnits, fromMinorUnits, toMinorUnits } from '@lis/domain';
import { formatMoney } from '../../lib/format.ts';

/** 1250 -> '12,50 KM' (a decimal comma in Bosnian and German, a point in English). */
export function formatKm(units: MinorUnits, language: Language, currency = 'KM'): string {
  return formatMoney(fromMinorUnits(units), language, currency);
}

/** A price as the server sends it ('4.50'), in minor units; text that is no amount counts as 0 rather than breaking a total. */
export function priceUnits(price: string | number): MinorUnits {
  return toMinorUnits(price) ?? 0;
}

export type AgeText = { key: 'ageYears'; years: number } | { key: 'ageYearsMonths'; years: number; months: number }
  | { key: 'ageMonthsDays'; months: number; days: number };

/** Which words an age needs: adults in years, children under 18 in years and months, babies in months and days. */
export function ageText(age: Age): AgeText {
  if (age.years >= 18) return { key: 'ageYears', years: age.years };
  if (age.years >= 1) return { key: 'ageYearsMonths', years: age.years, months: age.months };
  return { key: 'ageMonthsDays', months: age.months, days: age.days };
}
