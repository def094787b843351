import { describe, expect, it } from 'vitest';
import { formatAssayValue, roundToDecimals } from './rounding.ts';

describe('roundToDecimals', () => {
  it('rounds half away from zero on the decimal value, not the binary one', () => {
    expect(roundToDecimals(1.005, 2)).toBe(1.01);
    expect(roundToDecimals(2.675, 2)).toBe(2.68);
    expect(roundToDecimals(0.285, 2)).toBe(0.29);
    expect(roundToDecimals(-1.005, 2)).toBe(-1.01);
    expect(roundToDecimals(4.45, 1)).toBe(4.5);
  });

  it('rounds to whole numbers with 0 decimals', () => {
    expect(roundToDecimals(86.5, 0)).toBe(87);
    expect(roundToDecimals(86.49, 0)).toBe(86);
    expect(roundToDecimals(-0.4, 0)).toBe(0);
    expect(Object.is(roundToDecimals(-0.4, 0), -0)).toBe(false);
  });

  it('handles tiny and large values', () => {
    expect(roundToDecimals(1e-7, 2)).toBe(0);
    expect(roundToDecimals(0.000125, 4)).toBe(0.0001);
    expect(roundToDecimals(123456.789, 1)).toBe(123456.8);
  });

  it('rejects decimals a lab assay cannot have', () => {
    expect(() => roundToDecimals(1, -1)).toThrow(RangeError);
    expect(() => roundToDecimals(1, 1.5)).toThrow(RangeError);
    expect(() => roundToDecimals(1, 7)).toThrow(RangeError);
  });
});

describe('formatAssayValue', () => {
  it('always prints the assay decimals', () => {
    expect(formatAssayValue(4.5, 2)).toBe('4.50');
    expect(formatAssayValue(3.14159, 0)).toBe('3');
    expect(formatAssayValue(1.005, 2)).toBe('1.01');
    expect(formatAssayValue(-0.001, 1)).toBe('0.0');
  });

  it('refuses to print a non-finite value', () => {
    expect(() => formatAssayValue(Number.NaN, 1)).toThrow(RangeError);
    expect(() => formatAssayValue(Infinity, 1)).toThrow(RangeError);
  });
});
