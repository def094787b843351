import { describe, expect, it } from 'vitest';
import { parseRouteDate, resultEntryPath, sampleDay } from './sample-day.ts';

describe('the day of result entry', () => {
  it('reads ?date= as YYYY-MM-DD, dd.mm.yyyy or dd-mm-yyyy, and only real days', () => {
    expect(parseRouteDate('2026-03-09')).toEqual({ year: 2026, month: 3, day: 9 });
    expect(parseRouteDate('09.03.2026')).toEqual({ year: 2026, month: 3, day: 9 });
    expect(parseRouteDate('9-3-2026')).toEqual({ year: 2026, month: 3, day: 9 });
    expect(parseRouteDate('31.02.2026')).toBeNull();
    expect(parseRouteDate('jučer')).toBeNull();
    expect(parseRouteDate(null)).toBeNull();
  });

  it('falls back to the day the sample was registered, at the site', () => {
    // 23:30 UTC on 9 March is already 10 March in Sarajevo.
    expect(sampleDay(null, '2026-03-09T23:30:00Z')).toBe('2026-03-10');
    expect(sampleDay('bad', '2026-03-09T12:00:00Z')).toBe('2026-03-09');
    expect(sampleDay('01.03.2026', '2026-03-09T12:00:00Z')).toBe('2026-03-01');
  });

  it('builds the route of a sample', () => {
    expect(resultEntryPath('p-1', 's-1')).toBe('/obrada/rezultati/p-1/s-1');
    expect(resultEntryPath('p-1', 's-1', { year: 2026, month: 3, day: 9 })).toBe('/obrada/rezultati/p-1/s-1?date=2026-03-09');
  });
});
