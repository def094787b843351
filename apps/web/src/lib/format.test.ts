import { describe, expect, it } from 'vitest';
import { decimalMark, formatMoney, formatNumber, formatPercent, withDecimalMark } from './format.ts';

describe('formatNumber', () => {
  it('writes the decimal comma in Bosnian (and the session language rs) and German, the point in English', () => {
    expect(formatNumber(4.25, 'bs', { decimals: 1 })).toBe('4,3');
    expect(formatNumber(4.2, 'rs', { decimals: 1 })).toBe('4,2');
    expect(formatNumber(4.2, 'de', { decimals: 1 })).toBe('4,2');
    expect(formatNumber(4.2, 'en', { decimals: 1 })).toBe('4.2');
    expect([decimalMark('bs'), decimalMark('de'), decimalMark('en')]).toEqual([',', ',', '.']);
  });

  it('gives fixed decimals as toFixed does, minus sign included', () => {
    expect(formatNumber(5, 'bs', { decimals: 1 })).toBe('5,0');
    expect(formatNumber(-22.44, 'bs', { decimals: 1 })).toBe('-22,4');
    expect(formatNumber(-0.04, 'en', { decimals: 1 })).toBe((-0.04).toFixed(1));
    expect(formatNumber(-0, 'bs', { decimals: 1 })).toBe('0,0');
  });

  it('drops trailing zeros up to a most of decimals, and never writes -0', () => {
    expect(formatNumber(5.35, 'bs', { maxDecimals: 3 })).toBe('5,35');
    expect(formatNumber(15.0666666, 'bs', { maxDecimals: 3 })).toBe('15,067');
    expect(formatNumber(5, 'de', { maxDecimals: 3 })).toBe('5');
    expect(formatNumber(-0.0001, 'bs', { maxDecimals: 3 })).toBe('0');
  });

  it('groups thousands only when asked', () => {
    expect(formatNumber(1234.5, 'bs', { maxDecimals: 1 })).toBe('1234,5');
    expect(formatNumber(4320, 'bs', { grouped: true })).toBe('4.320');
    expect(formatNumber(4320, 'de', { grouped: true })).toBe('4.320');
    expect(formatNumber(4320, 'en', { grouped: true })).toBe('4,320');
    expect(formatNumber(1234567.25, 'en', { grouped: true, decimals: 1 })).toBe('1,234,567.3');
  });
});

describe('formatPercent', () => {
  it('writes a share as a percentage in the language', () => {
    expect(formatPercent(0.1234, 'bs')).toBe('12,3\u00a0%');
    expect(formatPercent(0.1234, 'en')).toBe('12.3%');
  });
});

describe('withDecimalMark', () => {
  it('swaps only the mark of decimal text, keeping its digits', () => {
    expect(withDecimalMark('4.50', 'bs')).toBe('4,50');
    expect(withDecimalMark('4.50', 'en')).toBe('4.50');
    expect(withDecimalMark('0.000001', 'de')).toBe('0,000001');
  });
});

describe('formatMoney', () => {
  it('writes exact decimal text with the language\'s marks, never through a float', () => {
    expect(formatMoney('1234.5', 'bs')).toBe('1.234,50 KM');
    expect(formatMoney('1234.50', 'de')).toBe('1.234,50 KM');
    expect(formatMoney('1234.50', 'en')).toBe('1,234.50 KM');
    expect(formatMoney('0.10', 'bs')).toBe('0,10 KM');
    expect(formatMoney('-4.5', 'en', 'BAM')).toBe('-4.50 BAM');
    expect(formatMoney('12345678901234.99', 'bs')).toBe('12.345.678.901.234,99 KM');
  });

  it('shows text that is no amount as it came', () => {
    expect(formatMoney('n/a', 'bs')).toBe('n/a KM');
  });
});

