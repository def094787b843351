/**
 * Calendar days in a named time zone (a site's zone, default Europe/Sarajevo).
 * "Today", "yesterday" and a day typed as 2024-03-31 all mean local days of the
 * site, whatever zone the server or the browser runs in.
 */
import { fromIsoDate, toIsoDate, type CalendarDate } from './calendar-date.ts';

export const DEFAULT_TIME_ZONE = 'Europe/Sarajevo';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a zone name the runtime knows (IANA names such as Europe/Sarajevo, or UTC). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone the runtime (the browser) shows local times in. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

interface WallClock { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1,
    hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return asUtc - wholeSeconds;
}

/** The local calendar day of an instant in the zone. */
export function calendarDateOf(instant: Date, timeZone: string): CalendarDate {
  const clock = wallClock(instant, timeZone);
  return { year: clock.year, month: clock.month, day: clock.day };
}

/** The instant the day begins in the zone (local midnight; DST changes in Europe never skip midnight). */
export function startOfDay(date: CalendarDate, timeZone: string): Date {
  const instant = instantOfWallClock(`${toIsoDate(date)} 00:00:00`, timeZone);
  if (!instant) throw new RangeError(`not a calendar day: ${toIsoDate(date)}`);
  return instant;
}

const WALL_CLOCK_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a wall-clock reading `YYYY-MM-DD HH:mm[:ss]` names in the zone,
 * or null when the text is no such reading. A reading that falls in the hour
 * skipped when clocks go forward names the instant an hour later.
 */
export function instantOfWallClock(text: string, timeZone: string): Date | null {
  const match = WALL_CLOCK_PATTERN.exec(text);
  if (!match || !fromIsoDate(`${match[1]}-${match[2]}-${match[3]}`)) return null;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wallAsUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, minute, second);
  // The offset depends on the instant we are looking for; two rounds settle it, also on DST change days.
  let guess = wallAsUtc - zoneOffsetMs(new Date(wallAsUtc), timeZone);
  guess = wallAsUtc - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** The wall-clock reading `YYYY-MM-DD HH:mm:ss` of an instant in the zone. */
export function wallClockText(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${toIsoDate(calendarDateOf(instant, timeZone))} ${two(clock.hour)}:${two(clock.minute)}:${two(clock.second)}`;
}
