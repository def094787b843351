/**
 * The account's end as the user dialog shows it: the last day the account
 * may sign in, a calendar day of the current site; the server keeps the
 * instant it ends (the start of the next day in that zone).
 */
import { addDays, calendarDateOf, fromIsoDate, startOfDay, toIsoDate } from '@lis/domain';

/** 'YYYY-MM-DD' (the last valid day) → the instant the account ends; '' → null (no end). */
export function accountEndInstant(lastDay: string, timeZone: string): string | null {
  const day = fromIsoDate(lastDay);
  return day ? startOfDay(addDays(day, 1), timeZone).toISOString() : null;
}

/** The instant an account ends → its last valid day ('' for no end). */
export function lastValidDay(expiresAt: string | null, timeZone: string): string {
  return expiresAt === null ? '' : toIsoDate(calendarDateOf(new Date(new Date(expiresAt).getTime() - 1), timeZone));
}
