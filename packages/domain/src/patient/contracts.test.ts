import { describe, expect, it } from 'vitest';
import { emptySymptoms } from './symptoms.ts';
import { patientFindRequest, patientSaveRequest, patientUpdateRequest, samplePatientRequest } from './contracts.ts';

const intake = {
  jmbg: '0101985170003', ime: ' amir ', prezime: 'hodžić', spol: 'MUŠKI', adresa: ' Titova 1 ', telefon: '061 111 222',
  email: 'amir@example.ba', passport: 'A123', language: ['Bosanski jezik', 'Engleski jezik'], symptoms: { umor: true, grlobolja: true },
  note: '', duhan: '', dijabetes: '', token: 'x', site: 'y',
};

function firstIssue(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { field: issue.path.join('.'), message: issue.message } : null;
}

describe('patientSaveRequest', () => {
  it('normalises a valid intake: names trimmed and upper-cased, symptoms complete, unknown fields dropped', () => {
    const parsed = patientSaveRequest.parse(intake);
    expect(parsed.ime).toBe('AMIR');
    expect(parsed.prezime).toBe('HODŽIĆ');
    expect(parsed.adresa).toBe('Titova 1');
    expect(parsed.symptoms).toEqual({ ...emptySymptoms(), umor: true, grlobolja: true });
    expect(parsed.language).toEqual(['Bosanski jezik', 'Engleski jezik']);
    expect(parsed.lokacija).toBe('');
    expect(parsed).not.toHaveProperty('token');
  });

  it('accepts spol in any case and trims it', () => {
    expect(patientSaveRequest.parse({ ...intake, spol: ' ženski ' }).spol).toBe('ŽENSKI');
  });

  it('answers the spec message codes for each problem', () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ jmbg: '123' }, 'jmbg', 'patient.jmbgInvalid'],
      [{ jmbg: undefined }, 'jmbg', 'form.required'],
      [{ ime: '   ' }, 'ime', 'form.required'],
      [{ prezime: undefined }, 'prezime', 'form.required'],
      [{ spol: '' }, 'spol', 'form.required'],
      [{ adresa: '' }, 'adresa', 'form.required'],
      [{ telefon: undefined }, 'telefon', 'form.required'],
      [{ symptoms: {} }, 'symptoms', 'form.required'],
      [{ symptoms: undefined }, 'symptoms', 'form.required'],
      [{ email: 'not-an-address' }, 'email', 'patient.emailInvalid'],
      [{ godiste: 1900 }, 'godiste', 'patient.birthYearInvalid'],
      [{ godiste: '19a0' }, 'godiste', 'patient.birthYearInvalid'],
    ];
    for (const [change, field, message] of cases) {
      expect(firstIssue(patientSaveRequest.safeParse({ ...intake, ...change })), JSON.stringify(change)).toEqual({ field, message });
    }
  });

  it('refuses wrong types and oversized text without a message code', () => {
    for (const [change, field] of [[{ ime: 5 }, 'ime'], [{ adresa: 'x'.repeat(301) }, 'adresa'], [{ symptoms: { umor: 'da' } }, 'symptoms.umor'], [{ language: ['Klingonski'] }, 'language.0']] as const) {
      const issue = firstIssue(patientSaveRequest.safeParse({ ...intake, ...change }));
      expect(issue?.field).toBe(field);
      expect(issue?.message).not.toMatch(/^(form|patient)\./);
    }
  });

  it('takes a single language as a list and drops repeats', () => {
    expect(patientSaveRequest.parse({ ...intake, language: 'Njemački jezik' }).language).toEqual(['Njemački jezik']);
    expect(patientSaveRequest.parse({ ...intake, language: ['Njemački jezik', 'Njemački jezik'] }).language).toEqual(['Njemački jezik']);
    expect(patientSaveRequest.parse({ ...intake, language: undefined }).language).toEqual([]);
  });

  it('accepts placeholder IDs and an empty e-mail', () => {
    expect(patientSaveRequest.parse({ ...intake, jmbg: '000098510000p', email: '' }).jmbg).toBe('000098510000P');
    expect(patientSaveRequest.parse({ ...intake, email: null }).email).toBe('');
  });
});

describe('patientUpdateRequest', () => {
  it('takes only the fields the dialog sends', () => {
    expect(patientUpdateRequest.parse({ adresa: 'Nova 2', note: 'Napomena', godiste: '1990' })).toEqual({ adresa: 'Nova 2', note: 'Napomena', godiste: 1990 });
  });

  it('still refuses emptying a required field', () => {
    expect(firstIssue(patientUpdateRequest.safeParse({ ime: '' }))).toEqual({ field: 'ime', message: 'form.required' });
    expect(firstIssue(patientUpdateRequest.safeParse({ jmbg: '1' }))).toEqual({ field: 'jmbg', message: 'patient.jmbgInvalid' });
  });
});

describe('find and sample-patient requests', () => {
  it('need a valid jmbg (or a patient id)', () => {
    expect(patientFindRequest.parse({ jmbg: '0101985170003', token: 't' })).toEqual({ jmbg: '0101985170003' });
    expect(firstIssue(patientFindRequest.safeParse({}))).toEqual({ field: 'jmbg', message: 'form.required' });
    expect(samplePatientRequest.parse({ pid: '5b0e8c3a-2f5e-4f65-9d7c-6f0f0c1f2a10' }).pid).toBeDefined();
    expect(firstIssue(samplePatientRequest.safeParse({}))).toEqual({ field: 'jmbg', message: 'form.required' });
  });
});
