/**
 * How the sample and patient screens print money, ages, dates and times:
 * prices from integer minor units (never floats), dates in the lab's zone,
 * 24-hour, dd.mm.yyyy (design.md). Tested in format.test.ts.
 */
import {
  type Age, type CalendarDate, DEFAULT_TIME_ZONE, type Language, type MinorUnits, calendarDayOf, fromIsoDate, fromMinorUnits, toMinorUnits,
} from '@lis/domain';

/** 1250 -> '12,50 KM' (a decimal comma in Bosnian and German, a point in English). */
export function formatKm(units: MinorUnits, language: Language, currency = 'KM'): string {
  const text = fromMinorUnits(units);
  return `${language === 'en' ? text : text.replace('.', ',')} ${currency}`;
}

/** A price as the server sends it ('4.50'), in minor units; text that is no amount counts as 0 rather than breaking a total. */
export function priceUnits(price: string | number): MinorUnits {
  return toMinorUnits(price) ?? 0;
}

/** Today in the lab's zone: what the ID rules compare birth dates and years with. */
export function labToday(now: Date = new Date(), timeZone: string = DEFAULT_TIME_ZONE): CalendarDate {
  const day = fromIsoDate(calendarDayOf(now, timeZone));
  if (!day) throw new Error('calendar day could not be read');
  return day;
}

function parts(iso: string, timeZone: string): Record<string, string> | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
  return Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** '2026-11-22T07:05:00Z' -> '22.11.2026' in the lab's zone. */
export function formatDate(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = parts(iso, timeZone);
  return p ? `${p.day}.${p.month}.${p.year}` : '';
}

/** '2026-11-22T07:05:00Z' -> '08:05' in the lab's zone. */
export function formatTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = parts(iso, timeZone);
  return p ? `${p.hour}:${p.minute}` : '';
}

export function formatDateTime(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = formatDate(iso, timeZone);
  return date ? `${date} ${formatTime(iso, timeZone)}` : '';
}

export type AgeText = { key: 'ageYears'; years: number } | { key: 'ageYearsMonths'; years: number; months: number }
  | { key: 'ageMonthsDays'; months: number; days: number };

/** Which words an age needs: adults in years, children under 18 in years and months, babies in months and days. */
export function ageText(age: Age): AgeText {
  if (age.years >= 18) return { key: 'ageYears', years: age.years };
  if (age.years >= 1) return { key: 'ageYearsMonths', years: age.years, months: age.months };
  return { key: 'ageMonthsDays', months: age.months, days: age.days };
}
