/**
 * "Today" for the server tests: the demo sites' calendar day (Europe/Sarajevo), the day the product
 * counts in, never the UTC date of `new Date().toISOString()` (a day behind from 23:00 or 22:00 UTC until
 * midnight UTC). Read at the moment of the call, so a test that runs across the sites' midnight (TEST_CLOCK,
 * test-clock.ts) asks again rather than keeping a day read at import.
 */
import { addDays, calendarDateOf, DEFAULT_TIME_ZONE, toIsoDate, type CalendarDate } from '@lis/domain';

/** The demo sites' zone (both SA and TZ). */
export const SITE_TIME_ZONE = DEFAULT_TIME_ZONE;

/** The sites' day `days` after today (before, when negative). */
export function siteDay(days = 0): CalendarDate {
  return addDays(calendarDateOf(new Date(), SITE_TIME_ZONE), days);
}

/** siteDay as `YYYY-MM-DD`, as the API's day parameters take it. */
export function siteIsoDay(days = 0): string {
  return toIsoDate(siteDay(days));
}

/** The sites' current month as `YYYY-MM`. */
export function siteIsoMonth(): string {
  return siteIsoDay().slice(0, 7);
}
