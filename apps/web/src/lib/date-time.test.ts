import { afterEach, describe, expect, it } from 'vitest';
import { applySiteTimeZone, formatDate, formatDateTime, formatDay, formatTime, fromSiteWallClock, siteTimeZone, siteToday, toSiteWallClock } from './date-time.ts';

afterEach(() => applySiteTimeZone(undefined));

describe("dates and times in the site's zone", () => {
  it('prints dd.mm.yyyy and 24-hour time in Europe/Sarajevo until a session says otherwise', () => {
    expect(siteTimeZone()).toBe('Europe/Sarajevo');
    expect(formatDate('2026-11-22T23:30:00Z')).toBe('23.11.2026');
    expect(formatTime('2026-07-01T06:05:00Z')).toBe('08:05');
    expect(formatDateTime('2026-01-05T13:00:00Z')).toBe('05.01.2026 14:00');
    expect(formatDate('not a date')).toBe('');
  });

  it("follows the current site's zone for dates, times and today", () => {
    applySiteTimeZone('America/New_York');
    expect(formatDateTime('2026-01-05T03:00:00Z')).toBe('04.01.2026 22:00');
    expect(siteToday(new Date('2026-03-31T22:30:00Z'))).toEqual({ year: 2026, month: 3, day: 31 });
    applySiteTimeZone('Europe/Sarajevo');
    expect(siteToday(new Date('2026-03-31T22:30:00Z'))).toEqual({ year: 2026, month: 4, day: 1 });
  });

  it('falls back to the default zone for an unknown one', () => {
    applySiteTimeZone('Mars/Olympus');
    expect(siteTimeZone()).toBe('Europe/Sarajevo');
  });

  it("reads and writes the pickers' wall clock at the site", () => {
    expect(toSiteWallClock(new Date('2024-06-01T06:05:00Z'))).toBe('2024-06-01 08:05:00');
    expect(fromSiteWallClock('2024-06-01 08:05:00')?.toISOString()).toBe('2024-06-01T06:05:00.000Z');
    expect(fromSiteWallClock('')).toBeNull();
  });
});

describe('formatDay', () => {
  it('prints a calendar day of the API as dd.mm.yyyy, in every zone and language alike', () => {
    expect(formatDay('2026-11-22')).toBe('22.11.2026');
    applySiteTimeZone('America/New_York');
    expect(formatDay('2026-01-01')).toBe('01.01.2026');
    applySiteTimeZone(undefined);
  });

  it('shows text that is no day as it is', () => {
    expect(formatDay('bald')).toBe('bald');
  });
});
