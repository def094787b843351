import { type CalendarDate, type SampleStatus, type Spol, calendarDateOf, isSampleStatus, isSpol, toMinorUnits } from '@lis/domain';

// Stored values and instants read as the domain's types (calendar day and clock time in a site's zone,
// prices in minor units, sex, status). A stored value the domain does not know is a broken
// database, not bad input, so these throw a plain Error (a 500) rather than answer a 4xx.

export function dayIn(instant: Date, timeZone: string): CalendarDate {
  return calendarDateOf(instant, timeZone);
}

export function timeIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

export function minorUnits(price: string): number {
  const units = toMinorUnits(price);
  if (units === null) throw new Error(`price is not an amount: ${price}`);
  return units;
}

export function spolOf(value: string | null | undefined): Spol | null {
  return isSpol(value) ? value : null;
}

/** A patient's sex as answers carry it: MUŠKI, ŽENSKI, or '' when the record has none. */
export function storedSpol(value: string | null | undefined): Spol | '' {
  return spolOf(value) ?? '';
}

export function statusOf(value: string): SampleStatus {
  if (!isSampleStatus(value)) throw new Error(`unknown sample status in the database: ${value}`);
  return value;
}
