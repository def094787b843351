import { describe, expect, it } from 'vitest';
import { resultAnswerFlag } from './contracts.ts';

// The flag a result screen shows while a value is typed, from the result answer's range and critical limits:
// the same rule (evaluateResultFlag) the server stores flags by, so what is shown before saving is what is stored.

const glucose = { referenca: { low: 3.9, high: 6.1, text: null }, kriticno: { low: 2.2, high: 25 } };

describe('resultAnswerFlag', () => {
  it('shows HH for a value beyond the critical high, H between the range and it, nothing within the range', () => {
    expect(resultAnswerFlag('30', glucose)).toBe('HH');
    expect(resultAnswerFlag('25,1', glucose)).toBe('HH');
    expect(resultAnswerFlag('7', glucose)).toBe('H');
    expect(resultAnswerFlag('5,0', glucose)).toBeNull();
    expect(resultAnswerFlag('3.9', glucose)).toBeNull();
  });

  it('shows LL below the critical low and L between it and the range', () => {
    expect(resultAnswerFlag('1,9', glucose)).toBe('LL');
    expect(resultAnswerFlag('3', glucose)).toBe('L');
  });

  it('takes the limits as inclusive: a value equal to a critical limit is not critical', () => {
    expect(resultAnswerFlag('25', glucose)).toBe('H');
    expect(resultAnswerFlag('2.2', glucose)).toBe('L');
  });

  it('judges a censored value only when every value it stands for is beyond the limit', () => {
    expect(resultAnswerFlag('<2', glucose)).toBe('LL');
    expect(resultAnswerFlag('>25', glucose)).toBe('HH');
    expect(resultAnswerFlag('<2.5', glucose)).toBe('L');
  });

  it('shows only L/H where the test has no critical limits, and A for an abnormal text answer', () => {
    const noCritical = { referenca: { low: 3.5, high: 5.1, text: null }, kriticno: { low: null, high: null } };
    expect(resultAnswerFlag('30', noCritical)).toBe('H');
    expect(resultAnswerFlag('1', noCritical)).toBe('L');
    const qualitative = { referenca: { low: null, high: null, text: 'Negativan' }, kriticno: { low: null, high: null } };
    expect(resultAnswerFlag('Pozitivan', qualitative)).toBe('A');
    expect(resultAnswerFlag('negativan', qualitative)).toBeNull();
  });

  it('shows nothing for an empty value or one that is not a number against a numeric range', () => {
    expect(resultAnswerFlag('', glucose)).toBeNull();
    expect(resultAnswerFlag('hemoliza', glucose)).toBeNull();
  });
});
