import { describe, expect, it } from 'vitest';
import { type ImportContext, type ImportRow, readImportRow, readImportRows, testCodesOf } from './rows.ts';

const context: ImportContext = { today: { year: 2026, month: 11, day: 24 }, testCodes: new Set(['GLU', 'CHOL']), partners: new Set(['dom zdravlja']) };

function row(change: Partial<ImportRow> = {}): ImportRow {
  return {
    red: 2, jmbg: '1503978175002', ime: ' lejla ', prezime: 'demić', spol: 'ž', adresa: 'Titova 1', telefon: '061', email: '', referenca: 'R-1',
    testovi: 'glu; CHOL glu', datum: '', partner: '', hitan: '', ...change,
  };
}

describe('an import row', () => {
  it('becomes the patient as intake saves it and the order', () => {
    const reading = readImportRow(row({ partner: 'Dom Zdravlja', hitan: 'da', datum: '01.03.2024' }), context);
    if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
    const { order } = reading;
    expect([order.referenca, order.testovi, order.datum, order.partner, order.hitan])
      .toEqual(['R-1', ['GLU', 'CHOL'], { year: 2024, month: 3, day: 1 }, 'Dom Zdravlja', true]);
    expect([order.patient.jmbg, order.patient.ime, order.patient.prezime, order.patient.spol, order.patient.symptoms.pacijentbezsimptoma])
      .toEqual(['1503978175002', 'LEJLA', 'DEMIĆ', 'ŽENSKI', true]);
  });

  it('names every problem of the row by its column', () => {
    const reading = readImportRow(row({
      jmbg: '123', ime: '', spol: 'X', telefon: '', email: 'nije', referenca: '', testovi: 'GLU XYZ', datum: '31.02.2024', partner: 'Nepoznat', hitan: 'možda',
    }), context);
    expect(reading.ok ? [] : reading.problems).toEqual([
      { field: 'jmbg', code: 'patient.jmbgInvalid' },
      { field: 'ime', code: 'form.required' },
      { field: 'spol', code: 'form.required' },
      { field: 'telefon', code: 'form.required' },
      { field: 'email', code: 'patient.emailInvalid' },
      { field: 'referenca', code: 'import.referenceRequired' },
      { field: 'testovi', code: 'import.unknownTest', params: { sifra: 'XYZ' } },
      { field: 'datum', code: 'sample.datumInvalid' },
      { field: 'partner', code: 'import.unknownPartner', params: { naziv: 'Nepoznat' } },
      { field: 'hitan', code: 'form.invalid', params: { field: 'hitan' } },
    ]);
  });

  it('refuses a birth date after today and a sample date in the future, as intake does', () => {
    const future = readImportRow(row({ jmbg: '0101027170009', datum: '25.11.2026' }), context);
    expect(future.ok ? [] : future.problems.map((problem) => problem.field)).toEqual(['jmbg', 'datum']);
  });

  it('splits test codes on commas, semicolons and spaces, once each', () => {
    expect(testCodesOf(' glu,chol ; GLU  k ')).toEqual(['GLU', 'CHOL', 'K']);
  });

  it('refuses a reference given again later in the file (case ignored)', () => {
    const readings = readImportRows([row(), row({ red: 3, referenca: 'r-1' }), row({ red: 4, referenca: 'R-2' })], context);
    expect(readings.map((reading) => (reading.ok ? [] : reading.problems.map((problem) => problem.code)))).toEqual([[], ['import.duplicateReference'], []]);
  });
});
