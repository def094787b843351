import { describe, expect, it } from 'vitest';
import { deltaCheck, exceedsDeltaLimit } from './delta.ts';

const previous = (rezultat: string) => ({ rezultat, verifiedAt: '2026-11-01T08:00:00.000Z' });
const absolute = (value: number) => ({ kind: 'absolute' as const, value });
const percent = (value: number) => ({ kind: 'percent' as const, value });

describe('deltaCheck', () => {
  it('marks a change larger than the absolute limit, in either direction', () => {
    expect(deltaCheck('7.0', previous('5.0'), absolute(1.5))).toEqual({ previous: '5.0', previousAt: '2026-11-01T08:00:00.000Z', exceeded: true });
    expect(deltaCheck('3.0', previous('5.0'), absolute(1.5))?.exceeded).toBe(true);
    expect(deltaCheck('6.0', previous('5.0'), absolute(1.5))?.exceeded).toBe(false);
  });
  it('does not mark a change exactly at the limit, despite binary rounding', () => {
    expect(deltaCheck('5.4', previous('5.0'), absolute(0.4))?.exceeded).toBe(false);
    expect(deltaCheck('5.41', previous('5.0'), absolute(0.4))?.exceeded).toBe(true);
  });
  it('reads a decimal comma as the flags do', () => {
    expect(deltaCheck('5,4', previous('5,0'), absolute(0.3))).toMatchObject({ previous: '5,0', exceeded: true });
  });
  it('measures a percent limit against the previous value', () => {
    expect(deltaCheck('120', previous('100'), percent(20))?.exceeded).toBe(false);
    expect(deltaCheck('121', previous('100'), percent(20))?.exceeded).toBe(true);
    expect(deltaCheck('79', previous('100'), percent(20))?.exceeded).toBe(true);
  });
  it('treats any change away from a previous zero as beyond a percent limit', () => {
    expect(exceedsDeltaLimit(0.1, 0, percent(50))).toBe(true);
    expect(exceedsDeltaLimit(0, 0, percent(50))).toBe(false);
  });
  it('shows the previous value without marking it when the assay has no limit', () => {
    expect(deltaCheck('500', previous('5'), null)).toEqual({ previous: '5', previousAt: '2026-11-01T08:00:00.000Z', exceeded: false });
  });
  it('does not compare censored or text results', () => {
    expect(deltaCheck('<0.5', previous('5'), absolute(1))).toBeNull();
    expect(deltaCheck('5', previous('>1000'), absolute(1))).toBeNull();
    expect(deltaCheck('Pozitivan', previous('Negativan'), absolute(1))).toBeNull();
  });
  it('has nothing to say without a previous result or a new one', () => {
    expect(deltaCheck('5', null, absolute(1))).toBeNull();
    expect(deltaCheck(null, previous('5'), absolute(1))).toBeNull();
  });
});
