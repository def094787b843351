import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  FormulaSyntaxError,
  formulaComponents,
  formulaProblem,
  MAX_FORMULA_LENGTH,
  parseFormula,
  type FormulaOutcome,
} from './formula.ts';

function value(outcome: FormulaOutcome): number {
  if (!outcome.ok) throw new Error(`expected a value, got ${outcome.reason}: ${outcome.detail}`);
  return outcome.value;
}

describe('evaluateFormula: arithmetic', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 / 4', 2.5],
    ['10 - 4 - 3', 3],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['(-2) ^ 2', 4],
    ['2 ^ -1', 0.5],
    ['--3', 3],
    ['+3 - -3', 6],
    ['.5 * 4', 2],
    ['8 / 2 / 2', 2],
    ['2 * 3 ^ 2', 18],
  ])('%s = %d', (formula, expected) => {
    expect(value(evaluateFormula(formula, {}))).toBeCloseTo(expected, 12);
  });

  it('reads component results by assay code', () => {
    expect(value(evaluateFormula('TP - ALB', { TP: 72, ALB: 45 }))).toBe(27);
    expect(value(evaluateFormula('2*Na + GLU + UREA', { Na: 140, GLU: 5, UREA: 5 }))).toBe(290);
  });

  it('reads codes with dashes or symbols in brackets', () => {
    expect(value(evaluateFormula('[BIL-T] - [BIL-D]', { 'BIL-T': 20, 'BIL-D': 4.5 }))).toBe(15.5);
    expect(value(evaluateFormula('[ U-ALB ] / [U-KREA]', { 'U-ALB': 30, 'U-KREA': 10 }))).toBe(3);
  });

  it('has min, max, pow, exp and ln', () => {
    expect(value(evaluateFormula('min(3, 1, 2)', {}))).toBe(1);
    expect(value(evaluateFormula('max(3, 1, 2)', {}))).toBe(3);
    expect(value(evaluateFormula('max(7)', {}))).toBe(7);
    expect(value(evaluateFormula('pow(2, 10)', {}))).toBe(1024);
    expect(value(evaluateFormula('ln(exp(2))', {}))).toBeCloseTo(2, 12);
    expect(value(evaluateFormula('min(CA, 2.5) + max(0, ALB - 40)', { CA: 2.8, ALB: 38 }))).toBe(2.5);
  });

  it('never turns -0 into a result', () => {
    expect(Object.is(value(evaluateFormula('-(A - A)', { A: 1 })), -0)).toBe(false);
  });
});

describe('evaluateFormula: failures', () => {
  it('names the component without a numeric result', () => {
    expect(evaluateFormula('TP - ALB', { TP: 70 })).toEqual({ ok: false, reason: 'missing_component', detail: 'ALB' });
    expect(evaluateFormula('TP - ALB', { TP: 70, ALB: null })).toEqual({ ok: false, reason: 'missing_component', detail: 'ALB' });
    expect(evaluateFormula('TP - ALB', { TP: 70, ALB: Number.NaN })).toMatchObject({ reason: 'missing_component' });
  });

  it('does not read inherited properties as components', () => {
    expect(evaluateFormula('constructor + 1', {})).toMatchObject({ ok: false, reason: 'missing_component', detail: 'constructor' });
    expect(evaluateFormula('toString', {})).toMatchObject({ ok: false, reason: 'missing_component' });
  });

  it('reports division by zero, ln of a non-positive number and overflow as not finite', () => {
    expect(evaluateFormula('A / B', { A: 1, B: 0 })).toEqual({ ok: false, reason: 'not_finite', detail: 'division by zero' });
    expect(evaluateFormula('ln(0)', {})).toMatchObject({ ok: false, reason: 'not_finite' });
    expect(evaluateFormula('ln(-1)', {})).toMatchObject({ ok: false, reason: 'not_finite' });
    expect(evaluateFormula('exp(1000)', {})).toMatchObject({ ok: false, reason: 'not_finite' });
    expect(evaluateFormula('(-8) ^ 0.5', {})).toMatchObject({ ok: false, reason: 'not_finite' });
  });

  it.each([
    ['', 'formula ends too early'],
    ['1 +', 'formula ends too early'],
    ['(1 + 2', '")" expected'],
    ['1 + 2)', 'unexpected text after the formula'],
    ['CHOL HDL', 'unexpected text after the formula'],
    ['2 ** 3', 'unexpected "*"'],
    ['a = 1', 'unexpected character "="'],
    ['alert(1)', 'unknown function "alert"'],
    ['pow(2)', 'pow takes 2 argument(s), got 1'],
    ['min()', 'min takes at least 1 argument(s), got 0'],
    ['[BIL-T', '"[" without "]"'],
    ['[] + 1', 'empty or nested code in brackets'],
    ['1.2.3', 'unexpected text after the formula'],
    ['process.exit()', 'unexpected character "."'],
  ])('refuses %j: %s', (formula, message) => {
    const outcome = evaluateFormula(formula, {});
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.reason).toBe('invalid_formula');
      expect(outcome.detail).toContain(message);
    }
  });

  it('refuses formulas that are too long or too deeply nested, without overflowing the stack', () => {
    expect(evaluateFormula(`${'1+'.repeat(MAX_FORMULA_LENGTH)}1`, {})).toMatchObject({ reason: 'invalid_formula' });
    expect(evaluateFormula(`${'('.repeat(200)}1${')'.repeat(200)}`, {})).toMatchObject({ reason: 'invalid_formula' });
    expect(evaluateFormula(`${'-'.repeat(200)}1`, {})).toMatchObject({ reason: 'invalid_formula' });
  });

  it('parseFormula throws with the position of the problem', () => {
    try {
      parseFormula('CHOL - * HDL');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FormulaSyntaxError);
      expect((error as FormulaSyntaxError).position).toBe(7);
    }
  });
});

describe('evaluateFormula: named clinical formulas', () => {
  it('friedewald gives LDL and refuses TG above 4.5 mmol/L', () => {
    expect(value(evaluateFormula('friedewald(CHOL, HDL, TG)', { CHOL: 5.2, HDL: 1.3, TG: 1.1 }))).toBeCloseTo(3.4, 10);
    expect(evaluateFormula('friedewald(CHOL, HDL, TG)', { CHOL: 7, HDL: 1, TG: 5.2 }))
      .toEqual({ ok: false, reason: 'not_applicable', detail: 'TG above 4.5 mmol/L' });
  });

  it('ckd_epi_2021 needs the patient sex and age', () => {
    const formula = 'ckd_epi_2021(KREA)';
    expect(value(evaluateFormula(formula, { KREA: 88.4 }, { spol: 'MUŠKI', ageDays: 60 * 365.25 }))).toBeCloseTo(86.16, 2);
    expect(value(evaluateFormula(formula, { KREA: 88.4 }, { spol: 'ŽENSKI', ageDays: 50 * 365.25 + 10 }))).toBeCloseTo(68.63, 2);
    expect(evaluateFormula(formula, { KREA: 88.4 }, { spol: null, ageDays: 20_000 })).toMatchObject({ reason: 'not_applicable', detail: 'sex unknown' });
    expect(evaluateFormula(formula, { KREA: 88.4 }, { spol: 'MUŠKI' })).toMatchObject({ reason: 'not_applicable', detail: 'age unknown' });
    expect(evaluateFormula(formula, { KREA: 40 }, { spol: 'MUŠKI', ageDays: 3000 })).toMatchObject({ reason: 'not_applicable' });
    expect(evaluateFormula(formula, {})).toMatchObject({ reason: 'missing_component', detail: 'KREA' });
  });

  it('named formulas combine with arithmetic', () => {
    expect(value(evaluateFormula('friedewald(CHOL, HDL, TG) * 38.67', { CHOL: 5.2, HDL: 1.3, TG: 1.1 }))).toBeCloseTo(131.478, 6);
  });

  it('accepts a parsed formula as well as its text', () => {
    const tree = parseFormula('A * 2');
    expect(value(evaluateFormula(tree, { A: 4 }))).toBe(8);
  });
});

describe('formulaComponents', () => {
  it('lists each component code once, in order of first use', () => {
    expect(formulaComponents('friedewald(CHOL, HDL, TG)')).toEqual(['CHOL', 'HDL', 'TG']);
    expect(formulaComponents('ALB / (TP - ALB)')).toEqual(['ALB', 'TP']);
    expect(formulaComponents('[BIL-T] - [BIL-D]')).toEqual(['BIL-T', 'BIL-D']);
    expect(formulaComponents('-pow(A, 2) + min(B, C)')).toEqual(['A', 'B', 'C']);
    expect(formulaComponents('1 + 2')).toEqual([]);
  });

  it('throws on a broken formula', () => {
    expect(() => formulaComponents('A +')).toThrow(FormulaSyntaxError);
  });
});

describe('formulaProblem', () => {
  const known = new Set(['CHOL', 'HDL', 'TG', 'KREA']);
  it('accepts a formula over known codes', () => {
    expect(formulaProblem('friedewald(CHOL, HDL, TG)', known)).toBeNull();
  });
  it('names unknown codes, syntax errors and constant formulas', () => {
    expect(formulaProblem('CHOL - LDLX - FOO', known)).toBe('unknown assay code(s): LDLX, FOO');
    expect(formulaProblem('CHOL -', known)).toContain('formula ends too early');
    expect(formulaProblem('2 + 2', known)).toBe('formula reads no component assay');
  });
});
