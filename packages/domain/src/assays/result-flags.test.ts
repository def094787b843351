import { describe, expect, it } from 'vitest';
import {
  evaluateResultFlag,
  exactNumericText,
  exactNumericValue,
  isCriticalFlag,
  normalizeTextResult,
  parseResultValue,
  type FlagReference,
} from './result-flags.ts';

const potassium: FlagReference = { low: 3.5, high: 5.1, tekst: null };
const potassiumCritical = { criticalLow: 2.8, criticalHigh: 6.2 };
const crp: FlagReference = { low: null, high: 5, tekst: null };
const hdlMale: FlagReference = { low: 1.0, high: null, tekst: null };
const negative: FlagReference = { low: null, high: null, tekst: 'Negativan' };

describe('parseResultValue', () => {
  it.each([
    ['4.5', { kind: 'number', value: 4.5, comparator: null }],
    [' 5,4 ', { kind: 'number', value: 5.4, comparator: null }],
    ['-3', { kind: 'number', value: -3, comparator: null }],
    ['.5', { kind: 'number', value: 0.5, comparator: null }],
    ['<0.5', { kind: 'number', value: 0.5, comparator: '<' }],
    ['< 0,6', { kind: 'number', value: 0.6, comparator: '<' }],
    ['>1000', { kind: 'number', value: 1000, comparator: '>' }],
    ['>=90', { kind: 'number', value: 90, comparator: '>=' }],
    ['≤3', { kind: 'number', value: 3, comparator: '<=' }],
    ['≥ 60', { kind: 'number', value: 60, comparator: '>=' }],
  ] as const)('%j is a number', (text, expected) => {
    expect(parseResultValue(text)).toEqual(expected);
  });

  it.each(['Negativan', 'Pozitivan (1:160)', '2-4', '1.2.3', '5 mmol/L', '1e3', '', '<', 'hemoliza'])('%j is text', (text) => {
    expect(parseResultValue(text).kind).toBe('text');
  });

  it('exactNumericValue refuses qualified and text results', () => {
    expect(exactNumericValue('6,2')).toBe(6.2);
    expect(exactNumericValue('<0.5')).toBeNull();
    expect(exactNumericValue('Negativan')).toBeNull();
  });

  it('exactNumericText keeps the digits as entered, with a decimal point, for a numeric column', () => {
    expect(exactNumericText('5,40')).toBe('5.40');
    expect(exactNumericText(' 0.1 ')).toBe('0.1');
    expect(exactNumericText('-3')).toBe('-3');
    expect(exactNumericText(',5')).toBe('.5');
    expect(exactNumericText('12345678901234567890.123456789')).toBe('12345678901234567890.123456789');
    expect(exactNumericText('<0.5')).toBeNull();
    expect(exactNumericText('Pozitivan')).toBeNull();
    expect(exactNumericText('')).toBeNull();
  });
});

describe('evaluateResultFlag: numbers', () => {
  it.each([
    ['2.5', 'LL'],
    ['2.8', 'L'],
    ['3.4', 'L'],
    ['3.5', 'N'],
    ['4,2', 'N'],
    ['5.1', 'N'],
    ['5.2', 'H'],
    ['6.2', 'H'],
    ['6.3', 'HH'],
  ] as const)('potassium %s is %s', (text, flag) => {
    expect(evaluateResultFlag(text, potassium, potassiumCritical)).toBe(flag);
  });

  it('judges one-sided ranges', () => {
    expect(evaluateResultFlag('3', crp)).toBe('N');
    expect(evaluateResultFlag('12', crp)).toBe('H');
    expect(evaluateResultFlag('-1', crp)).toBe('N');
    expect(evaluateResultFlag('0.9', hdlMale)).toBe('L');
    expect(evaluateResultFlag('1.6', hdlMale)).toBe('N');
  });

  it('flags critical values even without a reference range, but never calls them normal', () => {
    const limits = { criticalLow: 20, criticalHigh: 1000 };
    expect(evaluateResultFlag('15', null, limits)).toBe('LL');
    expect(evaluateResultFlag('1200', null, limits)).toBe('HH');
    expect(evaluateResultFlag('200', null, limits)).toBeNull();
  });

  it('has nothing to say without any reference', () => {
    expect(evaluateResultFlag('4.2', null)).toBeNull();
    expect(evaluateResultFlag('4.2', { low: null, high: null, tekst: null })).toBeNull();
  });
});

describe('evaluateResultFlag: results below or above a limit', () => {
  it('"<x" is normal when every value it stands for is within the range', () => {
    expect(evaluateResultFlag('<0.6', crp)).toBe('N');
    expect(evaluateResultFlag('<5', crp)).toBe('N');
    expect(evaluateResultFlag('<=5', crp)).toBe('N');
  });

  it('"<x" cannot be judged when it may lie on either side of a limit', () => {
    expect(evaluateResultFlag('<10', crp)).toBeNull();
    expect(evaluateResultFlag('<4', potassium)).toBeNull();
  });

  it('"<x" is low when it lies wholly below the lower limit, critical below the critical one', () => {
    expect(evaluateResultFlag('<3.5', potassium, potassiumCritical)).toBe('L');
    expect(evaluateResultFlag('<=3.5', potassium, potassiumCritical)).toBeNull();
    expect(evaluateResultFlag('<2.8', potassium, potassiumCritical)).toBe('LL');
    expect(evaluateResultFlag('<=2.8', potassium, potassiumCritical)).toBe('L');
  });

  it('">x" is high when it lies wholly above the upper limit, critical above the critical one', () => {
    expect(evaluateResultFlag('>1000', crp)).toBe('H');
    expect(evaluateResultFlag('>5', crp)).toBe('H');
    expect(evaluateResultFlag('>=5', crp)).toBeNull();
    expect(evaluateResultFlag('>6.2', potassium, potassiumCritical)).toBe('HH');
    expect(evaluateResultFlag('>=6.2', potassium, potassiumCritical)).toBe('H');
  });

  it('">x" is normal for a lower-limit-only range when it lies above that limit', () => {
    expect(evaluateResultFlag('>90', { low: 90, high: null, tekst: null })).toBe('N');
    expect(evaluateResultFlag('>=90', { low: 90, high: null, tekst: null })).toBe('N');
    expect(evaluateResultFlag('>80', { low: 90, high: null, tekst: null })).toBeNull();
    expect(evaluateResultFlag('>4', potassium)).toBeNull();
  });
});

describe('evaluateResultFlag: text', () => {
  it('compares text results with the text reference', () => {
    expect(evaluateResultFlag('Negativan', negative)).toBe('N');
    expect(evaluateResultFlag('  negativan. ', negative)).toBe('N');
    expect(evaluateResultFlag('Pozitivan', negative)).toBe('A');
    expect(evaluateResultFlag('Granično', negative)).toBe('A');
  });

  it('accepts any of the alternatives separated by ";" and ignores missing diacritics', () => {
    const colour: FlagReference = { low: null, high: null, tekst: 'Žuta; Svijetložuta' };
    expect(evaluateResultFlag('zuta', colour)).toBe('N');
    expect(evaluateResultFlag('SVIJETLOŽUTA', colour)).toBe('N');
    expect(evaluateResultFlag('Crvena', colour)).toBe('A');
  });

  it('cannot judge text against a numeric range, or a number against a text reference', () => {
    expect(evaluateResultFlag('hemoliza', potassium, potassiumCritical)).toBeNull();
    expect(evaluateResultFlag('12', { low: null, high: null, tekst: 'Ovisno o gestacijskoj sedmici' })).toBeNull();
    expect(evaluateResultFlag('', negative)).toBeNull();
  });

  it('uses low/high for numbers and the text for text when a range has both', () => {
    const both: FlagReference = { low: null, high: 10, tekst: 'Negativan' };
    expect(evaluateResultFlag('12', both)).toBe('H');
    expect(evaluateResultFlag('Negativan', both)).toBe('N');
  });
});

describe('normalizeTextResult and isCriticalFlag', () => {
  it('normalises case, spacing, full stop and diacritics', () => {
    expect(normalizeTextResult('  Nije   Izolovan Uzročnik. ')).toBe('nije izolovan uzrocnik');
    expect(normalizeTextResult('Čađ')).toBe('cadj');
  });

  it('only LL and HH are critical', () => {
    expect(['LL', 'L', 'N', 'H', 'HH', 'A', null].map((flag) => isCriticalFlag(flag as never))).toEqual([true, false, false, false, true, false, false]);
  });
});
