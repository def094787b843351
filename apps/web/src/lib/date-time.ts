/**
 * Dates and times as every screen shows them: in the current site's time
 * zone (from the login answer's `sites[].timeZone`), 24-hour, dd.mm.yyyy.
 * "Today" is the site's day too, whatever zone the browser runs in, so a lab
 * in Sarajevo reads the same dates from a laptop set to UTC.
 *
 * The session store calls applySiteTimeZone when a session starts, is
 * restored or moves to another site; screens call the formatters, which take
 * that zone unless given one.
 */
import {
  type CalendarDate, DEFAULT_TIME_ZONE, calendarDateOf, fromIsoDate, fromLocalDateText, instantOfWallClock, isTimeZone, toIsoDate, toLocalDateText,
  wallClockText,
} from '@lis/domain';

let currentZone = DEFAULT_TIME_ZONE;

/** The zone of the site the user works on; the default zone for a site without one (or a session stored before zones). */
export function applySiteTimeZone(timeZone: string | undefined): void {
  currentZone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

export function siteTimeZone(): string {
  return currentZone;
}

/** Today at the site: what birth dates, birth years and the day presets are compared with. */
export function siteToday(now: Date = new Date(), timeZone: string = currentZone): CalendarDate {
  return calendarDateOf(now, timeZone);
}

function instant(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-11-22T07:05:00Z' -> '22.11.2026' at the site; '' for text that is no instant. */
export function formatDate(value: string | Date, timeZone: string = currentZone): string {
  const date = instant(value);
  if (!date) return '';
  return toLocalDateText(calendarDateOf(date, timeZone));
}

/** A calendar day of the API, '2026-11-22' -> '22.11.2026' (no zone: it is a day, not an instant); other text as it is. */
export function formatDay(isoDay: string): string {
  const day = fromIsoDate(isoDay);
  return day ? toLocalDateText(day) : isoDay;
}

/** A day typed into a date field, dd.mm.yyyy (dots or dashes), as the ISO day the date fields hold (YYYY-MM-DD); null when it is not one. */
export function parseTypedDay(value: string): string | null {
  const date = fromLocalDateText(value.trim());
  return date ? toIsoDate(date) : null;
}

/** '2026-11-22T07:05:00Z' -> '08:05' at the site. */
export function formatTime(value: string | Date, timeZone: string = currentZone): string {
  const date = instant(value);
  return date ? wallClockText(date, timeZone).slice(11, 16) : '';
}

/** '22.11.2026 08:05' at the site. */
export function formatDateTime(value: string | Date, timeZone: string = currentZone): string {
  const date = formatDate(value, timeZone);
  return date ? `${date} ${formatTime(value, timeZone)}` : '';
}

/** The site's wall clock of an instant as the pickers read it: 'YYYY-MM-DD HH:mm:ss'. */
export function toSiteWallClock(value: Date, timeZone: string = currentZone): string {
  return wallClockText(value, timeZone);
}

/** The instant a picker's wall-clock value names at the site, or null. */
export function fromSiteWallClock(text: string, timeZone: string = currentZone): Date | null {
  return instantOfWallClock(text, timeZone);
}
