import { describe, expect, it } from 'vitest';
import { addDays, fromIsoDate, isIsoDate, type CalendarDate } from './calendar-date.ts';
import { calendarDateOf, instantOfWallClock, isTimeZone, startOfDay, wallClockText } from './time-zone.ts';

/** A CalendarDate from its YYYY-MM-DD text, for readable tests. */
const d = (text: string): CalendarDate => fromIsoDate(text)!;

describe('calendar days in a time zone', () => {
  it('finds the local day of an instant', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Sarajevo (UTC+1 in winter).
    expect(calendarDateOf(new Date('2024-12-31T23:30:00Z'), 'Europe/Sarajevo')).toEqual(d('2025-01-01'));
    expect(calendarDateOf(new Date('2024-12-31T23:30:00Z'), 'UTC')).toEqual(d('2024-12-31'));
    expect(calendarDateOf(new Date('2024-07-01T21:59:59Z'), 'Europe/Sarajevo')).toEqual(d('2024-07-01'));
    expect(calendarDateOf(new Date('2024-07-01T22:00:00Z'), 'Europe/Sarajevo')).toEqual(d('2024-07-02'));
  });

  it('starts a day at local midnight in winter and in summer', () => {
    expect(startOfDay(d('2024-01-15'), 'Europe/Sarajevo').toISOString()).toBe('2024-01-14T23:00:00.000Z');
    expect(startOfDay(d('2024-07-15'), 'Europe/Sarajevo').toISOString()).toBe('2024-07-14T22:00:00.000Z');
    expect(startOfDay(d('2024-07-15'), 'UTC').toISOString()).toBe('2024-07-15T00:00:00.000Z');
    expect(startOfDay(d('2024-07-15'), 'America/New_York').toISOString()).toBe('2024-07-15T04:00:00.000Z');
  });

  it('keeps days 23 and 25 hours long across the DST changes', () => {
    const spring = startOfDay(d('2024-03-31'), 'Europe/Sarajevo');
    const afterSpring = startOfDay(d('2024-04-01'), 'Europe/Sarajevo');
    expect(spring.toISOString()).toBe('2024-03-30T23:00:00.000Z');
    expect((afterSpring.getTime() - spring.getTime()) / 3_600_000).toBe(23);
    const autumn = startOfDay(d('2024-10-27'), 'Europe/Sarajevo');
    const afterAutumn = startOfDay(d('2024-10-28'), 'Europe/Sarajevo');
    expect(autumn.toISOString()).toBe('2024-10-26T22:00:00.000Z');
    expect((afterAutumn.getTime() - autumn.getTime()) / 3_600_000).toBe(25);
  });

  it('adds days across month and year ends and leap days', () => {
    expect(addDays(d('2024-02-28'), 1)).toEqual(d('2024-02-29'));
    expect(addDays(d('2023-02-28'), 1)).toEqual(d('2023-03-01'));
    expect(addDays(d('2025-01-01'), -1)).toEqual(d('2024-12-31'));
    expect(addDays(d('2024-03-01'), -30)).toEqual(d('2024-01-31'));
    expect(() => startOfDay({ year: 2023, month: 2, day: 29 }, 'UTC')).toThrow(RangeError);
  });

  it('recognises real calendar days and zone names only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-01-01T00:00:00Z')).toBe(false);
    expect(isTimeZone('Europe/Sarajevo')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('wall-clock readings in a zone', () => {
  it('turns a reading into the instant it names there and back', () => {
    expect(instantOfWallClock('2024-06-01 08:05:00', 'Europe/Sarajevo')?.toISOString()).toBe('2024-06-01T06:05:00.000Z');
    expect(instantOfWallClock('2024-01-15 23:59', 'Europe/Sarajevo')?.toISOString()).toBe('2024-01-15T22:59:00.000Z');
    expect(instantOfWallClock('2024-06-01 08:05:00', 'UTC')?.toISOString()).toBe('2024-06-01T08:05:00.000Z');
    expect(wallClockText(new Date('2024-06-01T06:05:09Z'), 'Europe/Sarajevo')).toBe('2024-06-01 08:05:09');
    expect(wallClockText(new Date('2024-12-31T23:30:00Z'), 'Europe/Sarajevo')).toBe('2025-01-01 00:30:00');
  });

  it('refuses text that is no reading', () => {
    for (const text of ['2024-02-30 10:00', '2024-06-01 24:00', '2024-06-01', 'jučer']) expect(instantOfWallClock(text, 'UTC'), text).toBeNull();
  });
});
