import { describe, expect, it } from 'vitest';
import { testClockStart } from './test-clock.ts';

// Europe/Sarajevo is UTC+1 in winter and UTC+2 in summer: its midnight is 23:00 or 22:00 UTC.
describe('TEST_CLOCK', () => {
  it('starts N minutes before or after the demo sites\' next midnight', () => {
    const noon = new Date('2026-11-27T12:00:00Z');
    expect(testClockStart('midnight-3', noon)?.toISOString()).toBe('2026-11-27T22:57:00.000Z');
    expect(testClockStart('midnight+2', noon)?.toISOString()).toBe('2026-11-27T23:02:00.000Z');
    expect(testClockStart('midnight+2', new Date('2026-07-01T12:00:00Z'))?.toISOString()).toBe('2026-07-01T22:02:00.000Z');
  });

  it('takes an ISO instant, nothing for real time, and refuses anything else', () => {
    expect(testClockStart('2026-03-29T00:55:00+01:00', new Date())?.toISOString()).toBe('2026-03-28T23:55:00.000Z');
    expect(testClockStart(undefined, new Date())).toBeNull();
    expect(() => testClockStart('tonight', new Date())).toThrow(/midnight\+<minutes>/);
  });
});
