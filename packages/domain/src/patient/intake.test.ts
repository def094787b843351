import { describe, expect, it } from 'vitest';
import { canSaveIntake, intakeProblems, type IntakeForm } from './contracts.ts';
import { PATIENT_LIMITS, isValidEmail, normaliseName } from './intake.ts';

const valid: IntakeForm = {
  jmbg: '0101985170003', ime: 'Amir', prezime: 'Hodžić', spol: 'MUŠKI', adresa: 'Titova 1', telefon: '061 111 222',
  email: '', symptoms: { pacijentbezsimptoma: true },
};

describe('intake form', () => {
  it('can be saved with every required field', () => {
    expect(intakeProblems(valid)).toEqual([]);
    expect(canSaveIntake(valid)).toBe(true);
  });

  it('names each missing required field with the spec warning', () => {
    expect(intakeProblems({ ...valid, ime: '  ', adresa: '' })).toEqual([
      { field: 'ime', code: 'form.required' }, { field: 'adresa', code: 'form.required' },
    ]);
    expect(intakeProblems({ ...valid, prezime: '', telefon: '' }).map((problem) => problem.field)).toEqual(['prezime', 'telefon']);
    expect(intakeProblems({ ...valid, spol: '' })).toEqual([{ field: 'spol', code: 'form.required' }]);
    expect(intakeProblems({ ...valid, spol: 'X' })).toEqual([{ field: 'spol', code: 'form.required' }]);
    expect(intakeProblems({ ...valid, symptoms: {} })).toEqual([{ field: 'symptoms', code: 'form.required' }]);
    expect(canSaveIntake({ ...valid, symptoms: { umor: false } })).toBe(false);
  });

  it('needs a valid ID', () => {
    expect(intakeProblems({ ...valid, jmbg: '123' })).toEqual([{ field: 'jmbg', code: 'patient.jmbgInvalid' }]);
    expect(canSaveIntake({ ...valid, jmbg: '000098510000P' })).toBe(true);
  });

  it('checks an e-mail only when one is given', () => {
    expect(intakeProblems({ ...valid, email: 'amir@example' })).toEqual([{ field: 'email', code: 'patient.emailInvalid' }]);
    expect(canSaveIntake({ ...valid, email: 'amir.h@example.ba' })).toBe(true);
    expect(canSaveIntake({ ...valid, email: undefined })).toBe(true);
  });

  it('holds every text to the length the server accepts', () => {
    expect(intakeProblems({ ...valid, adresa: 'a'.repeat(PATIENT_LIMITS.adresa + 1) })).toEqual([{ field: 'adresa', code: 'form.invalid' }]);
    expect(intakeProblems({ ...valid, note: 'n'.repeat(PATIENT_LIMITS.note + 1) })).toEqual([{ field: 'note', code: 'form.invalid' }]);
    expect(canSaveIntake({ ...valid, adresa: 'a'.repeat(PATIENT_LIMITS.adresa) })).toBe(true);
  });
});

describe('e-mail pattern', () => {
  it('wants local@domain.tld without spaces', () => {
    for (const good of ['a@b.ba', 'ime.prezime+lab@klinika.example.com']) expect(isValidEmail(good), good).toBe(true);
    for (const bad of ['a@b', 'a b@c.ba', '@c.ba', 'a@.ba', 'a@b..ba', 'a@@b.ba', `${'a'.repeat(250)}@b.ba`]) expect(isValidEmail(bad), bad).toBe(false);
  });
});

describe('name normalisation', () => {
  it('trims, collapses spaces and upper-cases, Bosnian letters included', () => {
    expect(normaliseName('  ćamil   džafić ')).toBe('ĆAMIL DŽAFIĆ');
    expect(normaliseName('šemsa žerić')).toBe('ŠEMSA ŽERIĆ');
  });
});
