import { describe, expect, it } from 'vitest';
import { formatSampleCode, parseSampleCode, sampleCodeDay } from './code.ts';

describe('sample code', () => {
  it('is yymmdd and a 4-digit running number of the day', () => {
    expect(sampleCodeDay({ year: 2024, month: 5, day: 17 })).toBe('240517');
    expect(sampleCodeDay({ year: 2031, month: 1, day: 2 })).toBe('310102');
    expect(formatSampleCode('240517', 1)).toBe('2405170001');
    expect(formatSampleCode('240517', 9999)).toBe('2405179999');
  });

  it('grows past 9999 instead of wrapping around', () => {
    expect(formatSampleCode('240517', 10000)).toBe('24051710000');
    expect(parseSampleCode('24051710000')).toEqual({ codeDay: '240517', counter: 10000 });
  });

  it('refuses what cannot be one', () => {
    expect(() => formatSampleCode('2405', 1)).toThrow(RangeError);
    expect(() => formatSampleCode('240517', 0)).toThrow(RangeError);
    expect(() => formatSampleCode('240517', 1.5)).toThrow(RangeError);
  });

  it('reads a scanned code back', () => {
    expect(parseSampleCode(' 2405170042\n')).toEqual({ codeDay: '240517', counter: 42 });
    expect(parseSampleCode('2405170000')).toBeNull();
    expect(parseSampleCode('240517000012')).toBeNull();
    expect(parseSampleCode('ABC')).toBeNull();
    expect(parseSampleCode('240517001')).toBeNull();
  });
});
