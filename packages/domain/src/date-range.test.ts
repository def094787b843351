import { describe, expect, it } from 'vitest';
import { EARLIEST_DAY_SHORT_PICKER, isValidDateRange, latestRangeEnd } from './date-range.ts';

const now = new Date('2024-06-10T12:00:00Z');
const limits = { now, timeZone: 'Europe/Sarajevo' };

describe('isValidDateRange', () => {
  it('accepts a start before the end within the limits', () => {
    expect(isValidDateRange(new Date('2024-06-01T08:00:00Z'), new Date('2024-06-05T16:00:00Z'), limits)).toBe(true);
    expect(isValidDateRange(new Date('2024-06-10T12:00:00Z'), new Date('2024-06-11T12:00:00Z'), limits)).toBe(true);
  });

  it('needs both ends', () => {
    expect(isValidDateRange(null, new Date('2024-06-05T00:00:00Z'), limits)).toBe(false);
    expect(isValidDateRange(new Date('2024-06-05T00:00:00Z'), undefined, limits)).toBe(false);
    expect(isValidDateRange(new Date('invalid'), new Date('2024-06-05T00:00:00Z'), limits)).toBe(false);
  });

  it('refuses an end before or equal to the start', () => {
    const moment = new Date('2024-06-05T10:00:00Z');
    expect(isValidDateRange(moment, moment, limits)).toBe(false);
    expect(isValidDateRange(new Date('2024-06-05T10:01:00Z'), moment, limits)).toBe(false);
  });

  it('starts no earlier than 1 September 2019, local midnight included', () => {
    const end = new Date('2019-09-05T00:00:00Z');
    // Local midnight in Sarajevo (UTC+2 in summer) is 22:00 UTC the day before.
    expect(isValidDateRange(new Date('2019-08-31T22:00:00Z'), end, limits)).toBe(true);
    expect(isValidDateRange(new Date('2019-08-31T21:59:00Z'), end, limits)).toBe(false);
    expect(isValidDateRange(new Date('2020-10-31T12:00:00Z'), end, { ...limits, earliestDay: EARLIEST_DAY_SHORT_PICKER })).toBe(false);
  });

  it('starts no later than now and ends no later than now plus one day', () => {
    expect(isValidDateRange(new Date('2024-06-10T12:01:00Z'), new Date('2024-06-10T13:00:00Z'), limits)).toBe(false);
    expect(isValidDateRange(new Date('2024-06-10T11:00:00Z'), new Date('2024-06-11T12:00:01Z'), limits)).toBe(false);
    expect(latestRangeEnd(now).toISOString()).toBe('2024-06-11T12:00:00.000Z');
  });
});
