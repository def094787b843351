/** Earliest selectable date of the date-range pickers (spec section 5). */
export const EARLIEST_DATE = new Date('2019-09-01T00:00:00Z');
const DAY_MS = 86_400_000;

export interface DateRange {
  from: Date;
  to: Date;
}

/** Both ends present, start before end, within [2019-09-01, now] for the start and now + 1 day for the end. */
export function isValidDateRange(from: Date | null | undefined, to: Date | null | undefined, now: Date = new Date()): boolean {
  if (!from || !to) return false;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return false;
  if (from.getTime() >= to.getTime()) return false;
  if (from.getTime() < EARLIEST_DATE.getTime()) return false;
  if (from.getTime() > now.getTime()) return false;
  if (to.getTime() > now.getTime() + DAY_MS) return false;
  return true;
}
