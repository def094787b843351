/**
 * The one calendar-day type of the domain: a date without time or zone
 * (birth dates, "today" at a site, the day presets, the earliest day of the
 * date-range pickers). Text forms exist only at the edges: `YYYY-MM-DD`
 * (toIsoDate/fromIsoDate) for the database, JSON and query strings, and
 * `dd.mm.yyyy` (toLocalDateText) for print. time-zone.ts finds the
 * CalendarDate of an instant in a zone and the instant a day begins.
 */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isRealDate(date: CalendarDate): boolean {
  return Number.isInteger(date.year) && Number.isInteger(date.month) && Number.isInteger(date.day)
    && date.month >= 1 && date.month <= 12
    && date.day >= 1 && date.day <= daysInMonth(date.year, date.month);
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** Days since 1970-01-01 (UTC arithmetic on the date alone, so no daylight-saving day is 23 or 25 hours). */
export function epochDay(date: CalendarDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000);
}

/** The day `days` after (or before, when negative) the date. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** `YYYY-MM-DD`, the form PostgreSQL's date type reads and writes. */
export function toIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The date a `YYYY-MM-DD` text names, or null when it names no real day. */
export function fromIsoDate(value: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isRealDate(date) ? date : null;
}

/** True for `YYYY-MM-DD` text of a real day (2024-02-29 yes, 2023-02-29 no). */
export function isIsoDate(value: string): boolean {
  return fromIsoDate(value) !== null;
}

/** `dd.mm.yyyy`, as dates are printed on labels and reports. */
export function toLocalDateText(date: CalendarDate): string {
  return `${String(date.day).padStart(2, '0')}.${String(date.month).padStart(2, '0')}.${String(date.year).padStart(4, '0')}`;
}

/**
 * The date a `dd.mm.yyyy` text names, or null when it names no real day. The
 * spec's label call sends it with dashes (`dd-mm-yyyy`, dots replaced), which
 * is read alike.
 */
export function fromLocalDateText(value: string): CalendarDate | null {
  const match = /^(\d{2})[.-](\d{2})[.-](\d{4})$/.exec(value);
  if (!match || value[2] !== value[5]) return null;
  const date = { year: Number(match[3]), month: Number(match[2]), day: Number(match[1]) };
  return isRealDate(date) ? date : null;
}
