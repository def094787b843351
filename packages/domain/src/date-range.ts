import type { CalendarDate } from './calendar-date.ts';
import { localTimeZone, startOfDay } from './time-zone.ts';

/** Earliest selectable day of the date-range pickers. */
export const EARLIEST_DAY: CalendarDate = { year: 2019, month: 9, day: 1 };
/** The earliest day of the one picker variant that starts later. */
export const EARLIEST_DAY_SHORT_PICKER: CalendarDate = { year: 2020, month: 11, day: 1 };
const DAY_MS = 86_400_000;

export interface DateRange {
  from: Date;
  to: Date;
}

export interface DateRangeLimits {
  /** The moment the check happens; the start may not be later, the end not later than a day after. */
  now?: Date;
  /** Zone in which the earliest day begins: the site's (the web's pickers pass it); the runtime's own zone when not given. */
  timeZone?: string;
  earliestDay?: CalendarDate;
}

/**
 * The date-range rule: both ends present, the start before
 * the end, the start not before the earliest day nor after now, the end not
 * later than now plus one day.
 */
export function isValidDateRange(from: Date | null | undefined, to: Date | null | undefined, limits: DateRangeLimits = {}): boolean {
  if (!from || !to) return false;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return false;
  if (from.getTime() >= to.getTime()) return false;
  const now = limits.now ?? new Date();
  const earliest = startOfDay(limits.earliestDay ?? EARLIEST_DAY, limits.timeZone ?? localTimeZone());
  if (from.getTime() < earliest.getTime()) return false;
  if (from.getTime() > now.getTime()) return false;
  if (to.getTime() > now.getTime() + DAY_MS) return false;
  return true;
}

/** The latest selectable end: now plus one day. */
export function latestRangeEnd(now: Date = new Date()): Date {
  return new Date(now.getTime() + DAY_MS);
}
