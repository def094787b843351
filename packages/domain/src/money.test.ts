import { describe, expect, it } from 'vitest';
import { fromMinorUnits, sumMinorUnits, toMinorUnits } from './money.ts';

describe('money in minor units', () => {
  it('parses exact decimal text', () => {
    expect(toMinorUnits('12.50')).toBe(1250);
    expect(toMinorUnits('12.5')).toBe(1250);
    expect(toMinorUnits('0')).toBe(0);
    expect(toMinorUnits(' 7 ')).toBe(700);
    expect(toMinorUnits('-3.05')).toBe(-305);
    expect(toMinorUnits(4.1)).toBe(410);
  });

  it('refuses what is not an amount of money', () => {
    for (const bad of ['', '1.234', 'abc', '1,50', '.5', '1e3']) expect(toMinorUnits(bad), bad).toBeNull();
  });

  it('prints back two decimals', () => {
    expect(fromMinorUnits(1250)).toBe('12.50');
    expect(fromMinorUnits(5)).toBe('0.05');
    expect(fromMinorUnits(0)).toBe('0.00');
    expect(fromMinorUnits(-305)).toBe('-3.05');
    expect(() => fromMinorUnits(1.5)).toThrow(RangeError);
  });

  it('adds without float error', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(fromMinorUnits(sumMinorUnits([toMinorUnits('0.10')!, toMinorUnits('0.20')!]))).toBe('0.30');
    expect(fromMinorUnits(sumMinorUnits(Array.from({ length: 1000 }, () => toMinorUnits('4.35')!)))).toBe('4350.00');
  });
});
