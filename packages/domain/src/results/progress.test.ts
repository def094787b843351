import { describe, expect, it } from 'vitest';
import { changesEnteredResult, hasResult, resultSaveOutcome, statusAfterResults, testStatus, type ResultSaveInput } from './progress.ts';

const tests = (...values: (string | null)[]) => values.map((rezultat) => ({ rezultat }));

describe('statusAfterResults', () => {
  it('moves a received sample into processing with its first result', () => {
    expect(statusAfterResults('ZAPRIMLJEN', tests('5,4', null))).toBe('U OBRADI');
  });
  it('completes the sample once every test, calculated ones included, has a result', () => {
    expect(statusAfterResults('U OBRADI', tests('5,4', '3.1', '2.2'))).toBe('REALIZOVAN');
    expect(statusAfterResults('ZAPRIMLJEN', tests('Negativan'))).toBe('REALIZOVAN');
  });
  it('keeps a sample in processing while a test still lacks a result', () => {
    expect(statusAfterResults('U OBRADI', tests('5,4', null))).toBe('U OBRADI');
  });
  it('counts a blank result as missing', () => {
    expect(hasResult('  ')).toBe(false);
    expect(hasResult('0')).toBe(true);
    expect(statusAfterResults('U OBRADI', tests('5,4', ' '))).toBe('U OBRADI');
  });
  it('reopens a completed sample when a result is cleared', () => {
    expect(statusAfterResults('REALIZOVAN', tests('5,4', ''))).toBe('U OBRADI');
    expect(statusAfterResults('REALIZOVAN', tests(null, null))).toBe('U OBRADI');
  });
  it('leaves a sample without results, or without tests, where it is', () => {
    expect(statusAfterResults('ZAPRIMLJEN', tests(null, null))).toBe('ZAPRIMLJEN');
    expect(statusAfterResults('U OBRADI', [])).toBe('U OBRADI');
  });
});

describe('resultSaveOutcome', () => {
  const base: ResultSaveInput = { status: 'U OBRADI', tests: tests('1', '2'), changesEnteredResult: false, unlockedAfterVerification: false };

  it('refuses any save while the sample is approved or verified', () => {
    expect(resultSaveOutcome({ ...base, status: 'ODOBREN' })).toEqual({ ok: false, code: 'results.locked' });
    expect(resultSaveOutcome({ ...base, status: 'VERIFICIRAN', razlog: 'retest' })).toEqual({ ok: false, code: 'results.locked' });
  });
  it('answers the new status of an allowed save', () => {
    expect(resultSaveOutcome(base)).toEqual({ ok: true, status: 'REALIZOVAN' });
  });
  it('asks for a reason to change a result once it was verified and unlocked', () => {
    const correction = { ...base, status: 'REALIZOVAN' as const, changesEnteredResult: true, unlockedAfterVerification: true };
    expect(resultSaveOutcome(correction)).toEqual({ ok: false, code: 'results.reasonRequired' });
    expect(resultSaveOutcome({ ...correction, razlog: '   ' })).toEqual({ ok: false, code: 'results.reasonRequired' });
    expect(resultSaveOutcome({ ...correction, razlog: 'Ponovljeno mjerenje' })).toEqual({ ok: true, status: 'REALIZOVAN' });
  });
  it('needs no reason to fill an empty result after an unlock, nor to change one before any verification', () => {
    expect(resultSaveOutcome({ ...base, unlockedAfterVerification: true })).toEqual({ ok: true, status: 'REALIZOVAN' });
    expect(resultSaveOutcome({ ...base, changesEnteredResult: true })).toEqual({ ok: true, status: 'REALIZOVAN' });
  });
  it('asks for a reason to change a result released with its section on a partial report, before any verification', () => {
    const released = { ...base, changesEnteredResult: true, changesReleasedResult: true };
    expect(resultSaveOutcome(released)).toEqual({ ok: false, code: 'results.reasonRequired' });
    expect(resultSaveOutcome({ ...released, razlog: 'Ponovljeno mjerenje' })).toEqual({ ok: true, status: 'REALIZOVAN' });
  });
});

describe('changesEnteredResult', () => {
  it('is a change when an entered result is replaced or cleared, compared as text', () => {
    expect(changesEnteredResult('5,4', '5.4')).toBe(true);
    expect(changesEnteredResult('5,4', '')).toBe(true);
    expect(changesEnteredResult('5,4', null)).toBe(true);
  });
  it('is no change when an empty result is filled or the same text is saved again', () => {
    expect(changesEnteredResult(null, '5,4')).toBe(false);
    expect(changesEnteredResult('', '5,4')).toBe(false);
    expect(changesEnteredResult('5,4', '5,4')).toBe(false);
  });
});

describe('testStatus', () => {
  it('keeps a test without a result where the sample is before results', () => {
    expect(testStatus('ZAPRIMLJEN', null)).toBe('ZAPRIMLJEN');
    expect(testStatus('U OBRADI', '  ')).toBe('U OBRADI');
    expect(testStatus('REALIZOVAN', null)).toBe('U OBRADI');
  });
  it('marks a test with its result done, and released with the sample', () => {
    expect(testStatus('U OBRADI', '5,4')).toBe('REALIZOVAN');
    expect(testStatus('ZAPRIMLJEN', 'Negativan')).toBe('REALIZOVAN');
    expect(testStatus('REALIZOVAN', '5,4')).toBe('REALIZOVAN');
    expect(testStatus('ODOBREN', '5,4')).toBe('ODOBREN');
    expect(testStatus('VERIFICIRAN', '5,4')).toBe('VERIFICIRAN');
  });
});
