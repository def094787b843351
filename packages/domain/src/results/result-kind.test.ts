import { describe, expect, it } from 'vitest';
import { canConfirmQualitative, qualitativeResult, readQualitativeResult, resultValueProblem } from './result-kind.ts';

describe('qualitative results', () => {
  it('stores a negative, a positive and a graded positive as text and reads them back', () => {
    expect(qualitativeResult(false, '++')).toBe('Negativan');
    expect(qualitativeResult(true, null)).toBe('Pozitivan');
    expect(qualitativeResult(true, '++')).toBe('Pozitivan (++)');
    expect(readQualitativeResult('Pozitivan (++)')).toEqual({ positive: true, grade: '++' });
    expect(readQualitativeResult(' Negativan ')).toEqual({ positive: false, grade: null });
    expect(readQualitativeResult('pozitivno')).toBeNull();
  });

  it('confirms a negative at once and a positive only once its grade is chosen', () => {
    const grades = ['+', '++', '+++'];
    expect(canConfirmQualitative({ positive: false, grade: null }, grades)).toBe(true);
    expect(canConfirmQualitative({ positive: true, grade: null }, grades)).toBe(false);
    expect(canConfirmQualitative({ positive: true, grade: '++++' }, grades)).toBe(false);
    expect(canConfirmQualitative({ positive: true, grade: '+' }, grades)).toBe(true);
    expect(canConfirmQualitative({ positive: true, grade: null }, [])).toBe(true);
    expect(canConfirmQualitative(null, grades)).toBe(false);
  });
});

describe('resultValueProblem', () => {
  it('takes numbers as typed, censored ones too, and refuses text for a numeric assay', () => {
    const numeric = { vrsta: 'numeric' as const, opcije: [] };
    expect(resultValueProblem(numeric, '5,4')).toBeNull();
    expect(resultValueProblem(numeric, '<0.5')).toBeNull();
    expect(resultValueProblem(numeric, '')).toBeNull();
    expect(resultValueProblem(numeric, null)).toBeNull();
    expect(resultValueProblem(numeric, 'hemoliza')).toBe('results.notNumeric');
  });

  it('takes any text for a text assay', () => {
    expect(resultValueProblem({ vrsta: 'text', opcije: [] }, 'Svijetložuta')).toBeNull();
  });

  it('holds a qualitative assay to its answers and grades', () => {
    const graded = { vrsta: 'qualitative' as const, opcije: ['+', '++'] };
    expect(resultValueProblem(graded, 'Negativan')).toBeNull();
    expect(resultValueProblem(graded, 'Pozitivan (++)')).toBeNull();
    expect(resultValueProblem(graded, 'Pozitivan')).toBe('results.positiveNeedsGrade');
    expect(resultValueProblem(graded, 'Pozitivan (+++)')).toBe('results.positiveNeedsGrade');
    expect(resultValueProblem(graded, '12')).toBe('results.notAllowedValue');
    expect(resultValueProblem({ vrsta: 'qualitative', opcije: [] }, 'Pozitivan')).toBeNull();
  });
});
