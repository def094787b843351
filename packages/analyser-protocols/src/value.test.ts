import { describe, expect, it } from 'vitest';
import { analyserValue, storedAnalyserValue } from './value.ts';

describe('analyserValue: one reading of an analyser value for every protocol', () => {
  it('reads numbers as sent, with a point', () => {
    expect(analyserValue('5.4')).toEqual({ kind: 'number', value: 5.4, text: '5.4' });
    expect(analyserValue(' -0.25 ')).toEqual({ kind: 'number', value: -0.25, text: '-0.25' });
    expect(analyserValue('12')).toEqual({ kind: 'number', value: 12, text: '12' });
  });

  it('reads an unambiguous decimal comma on the default mark, and leaves a possible thousands grouping as text', () => {
    expect(analyserValue('5,4')).toEqual({ kind: 'number', value: 5.4, text: '5,4' });
    expect(analyserValue('0,250')).toEqual({ kind: 'number', value: 0.25, text: '0,250' });
    expect(analyserValue('12,50')).toEqual({ kind: 'number', value: 12.5, text: '12,50' });
    expect(analyserValue('1,234')).toEqual({ kind: 'text', text: '1,234' });
  });

  it('with the decimal mark set to a comma, points group thousands', () => {
    expect(analyserValue('5,4', { decimalMark: ',' })).toEqual({ kind: 'number', value: 5.4, text: '5,4' });
    expect(analyserValue('1.234,5', { decimalMark: ',' })).toEqual({ kind: 'number', value: 1234.5, text: '1234,5' });
    expect(analyserValue('1,234', { decimalMark: ',' })).toEqual({ kind: 'number', value: 1.234, text: '1,234' });
    expect(analyserValue('1.234', { decimalMark: ',' })).toEqual({ kind: 'number', value: 1234, text: '1234' });
  });

  it('keeps a leading comparator as a censored value, never a failed number', () => {
    expect(analyserValue('<0.1')).toEqual({ kind: 'censored', comparator: '<', value: 0.1, text: '<0.1' });
    expect(analyserValue('> 1000')).toEqual({ kind: 'censored', comparator: '>', value: 1000, text: '>1000' });
    expect(analyserValue('<=5,0', { decimalMark: ',' })).toEqual({ kind: 'censored', comparator: '<=', value: 5, text: '<=5,0' });
    expect(analyserValue('≥2')).toEqual({ kind: 'censored', comparator: '>=', value: 2, text: '>=2' });
    expect(analyserValue('<abc')).toEqual({ kind: 'text', text: '<abc' });
  });

  it('reads a ratio', () => {
    expect(analyserValue('1:40')).toEqual({ kind: 'ratio', numerator: 1, denominator: 40, text: '1:40' });
    expect(analyserValue('1 : 320')).toEqual({ kind: 'ratio', numerator: 1, denominator: 320, text: '1:320' });
  });

  it('names no result with its reason: empty, dashes, stars', () => {
    expect(analyserValue('')).toEqual({ kind: 'none', reason: 'empty', text: '' });
    expect(analyserValue('   ')).toEqual({ kind: 'none', reason: 'empty', text: '' });
    expect(analyserValue('----')).toEqual({ kind: 'none', reason: 'dashes', text: '----' });
    expect(analyserValue('-----')).toEqual({ kind: 'none', reason: 'dashes', text: '-----' });
    expect(analyserValue('***')).toEqual({ kind: 'none', reason: 'asterisks', text: '***' });
    expect(storedAnalyserValue(analyserValue('***'))).toBeNull();
  });

  it('keeps anything else as text, trimmed', () => {
    expect(analyserValue(' Negativ ')).toEqual({ kind: 'text', text: 'Negativ' });
    expect(analyserValue('-')).toEqual({ kind: 'text', text: '-' });
    expect(storedAnalyserValue(analyserValue('Negativ'))).toBe('Negativ');
  });
});
